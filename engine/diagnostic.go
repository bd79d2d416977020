package engine

import (
	"slices"
	"strconv"
	"strings"
)

// Diagnostics: the findings Lint returns (lint.go), as values with a
// position, a severity, a stable code and a sentence, and a list that sorts,
// counts and prints itself (after go/scanner's Error and ErrorList).

// Severity says how much a finding matters.
type Severity uint8

const (
	// SeverityError: Google reads something other than what the author
	// evidently meant, or a rule can never take effect.
	SeverityError Severity = iota
	// SeverityWarning: works for Google but not for every crawler, or is
	// risky.
	SeverityWarning
	// SeverityInfo: worth knowing; nothing is wrong for Google.
	SeverityInfo
)

var severityNames = [...]string{"error", "warning", "info"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "severity?"
}

// Diagnostic is one finding.
type Diagnostic struct {
	Line int // 1-based, as Google counts lines; 0 for the whole file
	// Col is the 1-based byte column in the line (on line 1, counted after
	// a byte-order mark), 0 when the finding is about the whole line.
	Col      int
	Severity Severity
	Code     string // stable, kebab-case: see the table in lint.go
	// Message says what Google does and the fix, as the rest of a sentence
	// that String starts with "line N: ".
	Message string
}

// String is the finding as one sentence: "line 7: `Dissallow` is read…".
func (d Diagnostic) String() string {
	if d.Line == 0 {
		return d.Message
	}
	return "line " + strconv.Itoa(d.Line) + ": " + d.Message
}

// Error makes a Diagnostic usable as an error, like go/scanner's Error.
func (d Diagnostic) Error() string { return d.String() }

// Diagnostics is a list of findings, sorted by line and column (Lint
// returns it sorted).
type Diagnostics []Diagnostic

// Sort orders the list by line, column, severity (errors first) and code.
func (l Diagnostics) Sort() {
	slices.SortStableFunc(l, Diagnostic.Compare)
}

// Compare orders a before b (negative), after (positive) or beside them
// (0) as Sort does: by line, column, severity (errors first) and code.
func (a Diagnostic) Compare(b Diagnostic) int {
	switch {
	case a.Line != b.Line:
		return a.Line - b.Line
	case a.Col != b.Col:
		return a.Col - b.Col
	case a.Severity != b.Severity:
		return int(a.Severity) - int(b.Severity)
	}
	return strings.Compare(a.Code, b.Code)
}

// Counts returns how many findings there are of each severity.
func (l Diagnostics) Counts() (errors, warnings, infos int) {
	for _, d := range l {
		switch d.Severity {
		case SeverityError:
			errors++
		case SeverityWarning:
			warnings++
		default:
			infos++
		}
	}
	return errors, warnings, infos
}

// String prints one finding per line.
func (l Diagnostics) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Error is the first finding and how many follow, like go/scanner's
// ErrorList.
func (l Diagnostics) Error() string {
	switch len(l) {
	case 0:
		return "no findings"
	case 1:
		return l[0].String()
	}
	return l[0].String() + " (and " + strconv.Itoa(len(l)-1) + " more)"
}
