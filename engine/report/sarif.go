package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// SARIF 2.1.0, the OASIS standard (https://docs.oasis-open.org/sarif/sarif/v2.1.0/),
// as GitHub code scanning and other SARIF readers take it. Section numbers
// below are the standard's. The log holds one run (§3.14) of one tool
// (§3.18, driver §3.19) whose rules (§3.49 reportingDescriptor) are every
// finding code (rules.go), and one result (§3.27) a finding, each with its
// ruleId and ruleIndex, its level (§3.27.10: error, warning, note) and one
// location (§3.28) whose physicalLocation (§3.29) names the robots.txt
// (artifactLocation §3.4) and the region (§3.30) of the line.

// SARIFSchema is the JSON schema the standard publishes for the format.
const SARIFSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name  string      `json:"name"`
	Rules []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string      `json:"id"`
	ShortDescription     sarifText   `json:"shortDescription"`
	FullDescription      sarifText   `json:"fullDescription"`
	Help                 sarifText   `json:"help"`
	DefaultConfiguration sarifConfig `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifText       `json:"message"`
	Locations  []sarifLocation `json:"locations"`
	Properties *sarifProps     `json:"properties,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

// sarifArtifact names the robots.txt by a URI reference (§3.4.3), or, for
// standard input, which has none, by a description (§3.4.6).
type sarifArtifact struct {
	URI         string     `json:"uri,omitempty"`
	Description *sarifText `json:"description,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// sarifProps is the result's property bag (§3.8): the readers that read the
// line differently, for a readers-* finding.
type sarifProps struct {
	Readers []string `json:"readers"`
}

// SARIF writes the report as a SARIF 2.1.0 log, the tool named tool.
func (r Report) SARIF(w io.Writer, tool string) error {
	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: tool, Rules: make([]sarifRule, len(rules))}},
		ColumnKind: "unicodeCodePoints",
		Results:    make([]sarifResult, 0, len(r.Findings)),
	}
	for i, rule := range rules {
		run.Tool.Driver.Rules[i] = sarifRule{
			ID:                   rule.Code,
			ShortDescription:     sarifText{rule.Summary},
			FullDescription:      sarifText{rule.Summary + " " + rule.Help},
			Help:                 sarifText{rule.Help},
			DefaultConfiguration: sarifConfig{LevelName(rule.Level)},
		}
	}
	artifact := sarifArtifact{URI: fileURI(r.File)}
	if r.File == "" {
		artifact = sarifArtifact{Description: &sarifText{"standard input"}}
	}
	for _, f := range r.Findings {
		res := sarifResult{
			RuleID:    f.Code,
			RuleIndex: ruleIndex[f.Code],
			Level:     LevelName(f.Severity),
			Message:   sarifText{f.Message},
			Locations: []sarifLocation{{sarifPhysical{artifact, sarifRegion{StartLine: f.Line, StartColumn: f.Char}}}},
		}
		if len(f.Readers) > 0 {
			res.Properties = &sarifProps{f.Readers}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// fileURI is the robots.txt as a URI reference: a URL as it is, a relative
// path as a relative reference (code scanning resolves it against the
// repository), an absolute path as a file: URI.
func fileURI(name string) string {
	if strings.HasPrefix(name, "http://") || strings.HasPrefix(name, "https://") {
		return name
	}
	p := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}
