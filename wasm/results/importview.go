//go:build js && wasm

package results

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
	"robotstester/wasm/store"
	"robotstester/wasm/workers"
)

// importedNote stands for the text box while a long imported list is
// tested: its name and size, and the way back to a typed list. It is nil
// when there is no such list.
func importedNote() vecty.ComponentOrHTML {
	s := store.Page
	if s.Imported == nil {
		return nil
	}
	return elem.Div(
		vecty.Markup(prop.ID("imported-list"), vecty.Class("imported-list")),
		elem.Paragraph(vecty.Text(model.Number(s.Imported.URLs.Len())+" URLs imported from "+s.Imported.Name+
			": too many to show in a text box, so they are tested as read. Links and the autosaved draft do not carry them.")),
		browser.Button("clear-imported", clearLabel(s.Imported.Typed), store.Page.ClearImported),
	)
}

// clearLabel names what dropping the long list brings back.
func clearLabel(typed string) string {
	if typed == "" {
		return "Type a list instead"
	}
	return "Back to the list you typed"
}

// ImportProgress shows a running import, with Cancel.
type ImportProgress struct {
	vecty.Core
}

func (c *ImportProgress) Render() vecty.ComponentOrHTML {
	run := workers.FileImport
	if run == nil {
		return elem.Div(vecty.Markup(prop.ID("import-progress"), vecty.Attribute("hidden", true)))
	}
	return elem.Div(
		vecty.Markup(prop.ID("import-progress"), vecty.Class("summary-line")),
		elem.Paragraph(vecty.Markup(vecty.Attribute("role", "status")),
			vecty.Text("Importing "+run.Name+": "+model.Number(run.Read)+" URLs read so far…")),
		browser.Button("cancel-import", "Cancel import", func() {
			if workers.FileImport != nil {
				workers.FileImport.Cancel()
			}
		}),
	)
}
