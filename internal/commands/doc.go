// Package commands holds the binary's commands other than serve: test,
// lint, check and audit. Each reads a robots.txt the same way (-robots: a
// file, standard input or a URL), asks the engine, and writes what it
// answered; none decides a rule itself.
//
//	args ──Command.Run (All: RunTest, RunLint, RunCheck, RunAudit; flags its own)
//	     ──readRobots (robotsarg.go: FILE, -, or a URL through internal/fetch's
//	       API.Robots, checkFetch in check.go) ──▶ bytes, or an HTTP answer that decides
//	     ──engine (Parse, Test, Lint, Expectations, Audit), engine/readers, engine/report
//	     ──▶ text, JSON, CSV, SARIF or GitHub annotations on stdout; an exit status
//
// Files: commands.go (the table, exit statuses, HelpOrBad), robotsarg.go
// (-robots), testcmd.go (test), lintcmd.go (lint), check.go (check),
// audit.go (audit).
//
// Every command exits ExitOK (0) when all is well, ExitFound (1) when it
// found what it looks for (a blocked URL, a finding at the -fail-on level,
// a failing case, a warning about AI crawlers) and ExitBad (2) when it
// could not answer (bad input, no HTTP answer). The root's main.go picks
// the command from its table and puts serve before these.
package commands
