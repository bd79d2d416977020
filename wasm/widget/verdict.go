//go:build js && wasm

package widget

import (
	otherreaders "robotstester/engine/readers"
	"strconv"

	"robotstester/engine"
)

func VerdictAttr(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// VerdictWordHTML is VerdictHTML for a verdict attribute: "allowed",
// "blocked", or "failed" where a reader raises.
func VerdictWordHTML(verdict string, line int) string {
	if verdict == "failed" {
		return `<span class="v">⚠ fails</span>`
	}
	return VerdictHTML(verdict == "allowed", line)
}

// VerdictHTML is a verdict as icon and word, with its deciding line:
// never by colour alone.
func VerdictHTML(allowed bool, line int) string {
	s := `<span class="v">✕ blocked</span>`
	if allowed {
		s = `<span class="v">✓ allowed</span>`
	}
	if line > 0 {
		s += ` <span class="ln">line ` + strconv.Itoa(line) + `</span>`
	}
	return s
}

// ReaderVerdictText is a reader's answer as words and a symbol, with its
// deciding line: never by colour alone.
func ReaderVerdictText(res otherreaders.ReaderResult) string {
	s := "✕ Blocked"
	switch {
	case res.Failed:
		s = "⚠ Fails (nothing is fetched)"
	case res.Allowed:
		s = "✓ Allowed"
	}
	if res.Line > 0 {
		s += ", line " + strconv.Itoa(res.Line)
	}
	return s
}

// ReaderVerdictAttr is a reader's answer as a data-verdict value.
func ReaderVerdictAttr(res otherreaders.ReaderResult) string {
	if res.Failed {
		return "failed"
	}
	return VerdictAttr(res.Allowed)
}

// SeverityIcon pairs each severity with a symbol, so the severity is told by
// shape and word, not by colour alone.
var SeverityIcon = map[engine.Severity]string{
	engine.SeverityError:   "⛔",
	engine.SeverityWarning: "⚠",
	engine.SeverityInfo:    "ℹ",
}
