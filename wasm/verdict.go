//go:build js && wasm

package main

import (
	"strconv"

	"robotstester/engine"
)

func verdictAttr(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// verdictWordHTML is verdictHTML for a verdict attribute: "allowed",
// "blocked", or "failed" where a reader raises.
func verdictWordHTML(verdict string, line int) string {
	if verdict == "failed" {
		return `<span class="v">⚠ fails</span>`
	}
	return verdictHTML(verdict == "allowed", line)
}

// verdictHTML is a verdict as icon and word, with its deciding line:
// never by colour alone.
func verdictHTML(allowed bool, line int) string {
	s := `<span class="v">✕ blocked</span>`
	if allowed {
		s = `<span class="v">✓ allowed</span>`
	}
	if line > 0 {
		s += ` <span class="ln">line ` + strconv.Itoa(line) + `</span>`
	}
	return s
}

// readerVerdictText is a reader's answer as words and a symbol, with its
// deciding line: never by colour alone.
func readerVerdictText(res engine.ReaderResult) string {
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

// readerVerdictAttr is a reader's answer as a data-verdict value.
func readerVerdictAttr(res engine.ReaderResult) string {
	if res.Failed {
		return "failed"
	}
	return verdictAttr(res.Allowed)
}

// severityIcon pairs each severity with a symbol, so the severity is told by
// shape and word, not by colour alone.
var severityIcon = map[engine.Severity]string{
	engine.SeverityError:   "⛔",
	engine.SeverityWarning: "⚠",
	engine.SeverityInfo:    "ℹ",
}
