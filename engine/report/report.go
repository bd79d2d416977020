package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"robotstester/engine"
	"robotstester/engine/readers"
)

// Finding is one finding, Google's (engine.Lint) or the other readers'
// (readers.Portability), positioned for every format.
type Finding struct {
	// Line is 1-based; a finding about the whole file (the engine's line 0)
	// is put on line 1, where every format can show it.
	Line int
	// Col is the 1-based byte column, as compilers print it; Char the same
	// place counted in Unicode code points, as SARIF counts (§3.30.2:
	// run.columnKind unicodeCodePoints). 0 when the finding is about the
	// whole line.
	Col, Char int
	Severity  engine.Severity
	Code      string
	// Message is the engine's sentence in plain text (Plain), without the
	// "line N: " the engine's String puts first.
	Message string
	// Readers are the other readers that read the line differently from
	// Google, for a readers-* finding.
	Readers []string
}

// Report is the findings for one robots.txt.
type Report struct {
	// File names the robots.txt as the user gave it: a path, a URL, or ""
	// for standard input.
	File     string
	Findings []Finding
}

// New puts together Google's findings (lint, from engine.Lint(r)) and the
// other readers' (port, from readers.Portability(r); nil to leave them out),
// sorted by line, column and severity.
func New(file string, r *engine.Robots, lint engine.Diagnostics, port []readers.PortabilityFinding) Report {
	out := make([]Finding, 0, len(lint)+len(port))
	for _, d := range lint {
		out = append(out, finding(r, d, nil))
	}
	for _, p := range port {
		out = append(out, finding(r, p.Diagnostic, p.Readers))
	}
	// In the engine's order (Diagnostic.Compare), at the lines shown.
	slices.SortStableFunc(out, func(a, b Finding) int {
		return engine.Diagnostic{Line: a.Line, Col: a.Col, Severity: a.Severity, Code: a.Code}.Compare(
			engine.Diagnostic{Line: b.Line, Col: b.Col, Severity: b.Severity, Code: b.Code})
	})
	return Report{File: file, Findings: out}
}

func finding(r *engine.Robots, d engine.Diagnostic, readers []string) Finding {
	f := Finding{Line: max(d.Line, 1), Severity: d.Severity, Code: d.Code, Message: Plain(d.Message), Readers: readers}
	if d.Line >= 1 && d.Col >= 1 {
		f.Col, f.Char = d.Col, d.Col
		if d.Line <= len(r.Lines) {
			ln := r.Lines[d.Line-1]
			end := min(ln.Start+d.Col-1, ln.End)
			f.Char = utf8.RuneCountInString(r.Body[ln.Start:end]) + 1 + (d.Col - 1 - (end - ln.Start))
		}
	}
	return f
}

// Plain is one of the engine's sentences as plain text (engine.Plain).
func Plain(s string) string { return engine.Plain(s) }

// AtLeast reports whether any finding is as severe as level or more.
func (r Report) AtLeast(level engine.Severity) bool {
	for _, f := range r.Findings {
		if f.Severity <= level {
			return true
		}
	}
	return false
}

// LevelName is a severity as SARIF, compilers and this package's formats
// name it: error, warning or note (the engine's info).
func LevelName(s engine.Severity) string {
	if s == engine.SeverityInfo {
		return "note"
	}
	return s.String()
}

// name is the file as text output names it.
func (r Report) name() string {
	if r.File == "" {
		return "<stdin>"
	}
	return r.File
}

// Text writes one line a finding, as compilers and go vet print them
// (FILE:LINE:COL: severity: message [code]; no column for a finding about
// the whole line), which editors and CI problem matchers read.
func (r Report) Text(w io.Writer) error {
	var b strings.Builder
	for _, f := range r.Findings {
		b.WriteString(r.name())
		fmt.Fprintf(&b, ":%d:", f.Line)
		if f.Col > 0 {
			fmt.Fprintf(&b, "%d:", f.Col)
		}
		fmt.Fprintf(&b, " %s: %s [%s]\n", LevelName(f.Severity), oneLine(f.Message), f.Code)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine keeps a message on its line: the engine's sentences have no line
// breaks, but a value quoted from the file could.
func oneLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

// jsonFinding is one finding in JSON output.
type jsonFinding struct {
	Line     int      `json:"line"`
	Col      int      `json:"col,omitempty"`
	Severity string   `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Readers  []string `json:"readers,omitempty"`
}

// JSON writes the findings as one JSON document: the file, the count of
// each severity and the findings in order.
func (r Report) JSON(w io.Writer) error {
	out := struct {
		File     string        `json:"file"`
		Errors   int           `json:"errors"`
		Warnings int           `json:"warnings"`
		Notes    int           `json:"notes"`
		Findings []jsonFinding `json:"findings"`
	}{File: r.name(), Findings: make([]jsonFinding, len(r.Findings))}
	for i, f := range r.Findings {
		switch f.Severity {
		case engine.SeverityError:
			out.Errors++
		case engine.SeverityWarning:
			out.Warnings++
		default:
			out.Notes++
		}
		out.Findings[i] = jsonFinding{f.Line, f.Col, LevelName(f.Severity), f.Code, f.Message, f.Readers}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
