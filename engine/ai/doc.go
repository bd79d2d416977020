// Package ai answers which AI crawlers may read a site, from its
// robots.txt as Google's reading (package engine) decides it, and writes
// the smallest change that makes a file meet a policy. It imports engine;
// engine never imports it.
//
//	*engine.Robots ──AuditOf(r, urls)──▶ Audit: a Matrix over engine.AIColumns,
//	    one row per AI crawler, summed up per purpose, with findings (audit.go)
//	    and the file's Content-Signal lines (ContentSignals, contentsignal.go)
//	*engine.Robots + catalogue.Policy ──ApplyPolicy──▶ new text (policy.go)
//	    ──engine.Compare──▶ the verdicts that flip
//
// The vocabulary it reads (catalogue.AIPurpose, the AI catalogue of
// engine/catalogue/crawlers_ai.go, catalogue.Policy) lives in package
// catalogue, which engine imports for expectations files and presets; a
// policy's entries are read by engine.ReadPolicyRule, and the syntax of a
// Content-Signal value (engine.ReadContentSignal), which lint checks,
// stays in engine.
// Nothing here decides a verdict: every row is the Matrix's cell.
package ai
