//go:build js && wasm

package store

import (
	"strings"

	"robotstester/wasm/model"
)

// The one-URL test at the top of the answers (issue 22): a URL typed there
// is tested with the same parse, crawler and server answer as the list,
// through the same model.Tester, and never joins the list. It is the
// page's, not the saved state's: a link or a draft carries the list.

// EditQuick sets the one-URL test's URL.
func (s *State) EditQuick(u string) {
	if u == s.Quick {
		return
	}
	s.Quick = u
	s.Changed()
}

// QuickRow is the one-URL test's answer, when a URL is typed there.
func (s *State) QuickRow() (model.Row, bool) {
	u := strings.TrimSpace(s.Quick)
	if u == "" || s.Robots == nil {
		return model.Row{}, false
	}
	return s.tester.Row(u, model.NewSent(u, s.In.RobotsURL), &model.RowNames{}), true
}

// ToggleFindings opens or closes the findings panel.
func (s *State) ToggleFindings() {
	s.FindingsOpen = !s.FindingsOpen
	s.Changed()
}
