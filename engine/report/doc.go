// Package report writes lint's findings in the formats other tools read:
// text as compilers print it (FILE:LINE:COL: severity: message [code]),
// JSON, SARIF 2.1.0 (GitHub code scanning and other SARIF readers) and
// GitHub Actions workflow commands (annotations on a pull request).
//
//	engine.Lint + readers.Portability ──New──▶ Report (findings with plain-text messages and positions)
//	Report ──Text / JSON / SARIF / GitHub──▶ io.Writer
//
// report.go holds the findings and Plain, which turns the engine's
// sentences (values set off in `backticks` for the page to show as code)
// into plain text; rules.go describes every finding code, for SARIF's rules;
// sarif.go and github.go are the two CI formats. It imports only the engine
// and the standard library, and knows nothing of files, flags or servers.
package report
