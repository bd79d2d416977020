// Command mutate is the engine's mutation test (make mutate): it applies
// each listed mutant (a small, bug-like change such as a comparison
// flipped or a branch dropped) alone, runs the engine's tests against it,
// and reports the mutants the tests kill, the ones that survive, and the
// kill rate. A survivor is a bug the tests would let through: give it a
// test that states the rule it breaks.
//
//	go run ./mutate                      # engine/testdata/mutants.txt, every test but the slowest
//	go run ./mutate -full                # every test of the package for each mutant
//	go run ./mutate -only index.go       # the mutants of files whose path contains index.go
//
// A mutant is applied with go test -overlay, so the working tree is never
// written and an interrupted run leaves nothing behind. The list names each
// change by its text, which must occur exactly once in its file: a line
// that moved still matches, and one that changed makes the run stop with
// the entry to mend. Mutants that cannot change behaviour are listed as
// "equivalent" with the reason and are not run.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// slowTests are skipped unless -full: each takes seconds on the corpus and
// checks wiring (matrix cells against per-URL calls), not the rules the
// mutants break. Their own code still gets the fast tests.
const slowTests = "^(TestReaderMatrixCellsEqualTestWith|TestOracleAgreesOnRandomFiles|TestReaderTallyCountsTheRows)$"

type mutant struct {
	at         string // file:line of the list entry
	file       string
	old, new   string
	equivalent string // why it cannot change behaviour; empty for a real mutant
}

func main() {
	list := flag.String("list", "engine/testdata/mutants.txt", "the list of mutants")
	full := flag.Bool("full", false, "run every test for each mutant, the slow ones too")
	only := flag.String("only", "", "run only the mutants of files whose path contains this")
	budget := flag.Duration("timeout", 5*time.Minute, "the longest one mutant's tests may run: longer counts as killed (a hang)")
	flag.Parse()
	mutants, err := readList(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "mutate-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(tmp)
	start := time.Now()
	var killed, run int
	var survivors, equivalents []string
	for i, m := range mutants {
		if *only != "" && !strings.Contains(m.file, *only) {
			continue
		}
		if m.equivalent != "" {
			equivalents = append(equivalents, fmt.Sprintf("%s: %q → %q: %s", m.at, m.old, m.new, m.equivalent))
			continue
		}
		run++
		caught, by, err := try(m, filepath.Join(tmp, fmt.Sprint(i)), *full, *budget)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mutate:", err)
			os.Exit(2)
		}
		if caught {
			killed++
			fmt.Printf("killed   %s: %q → %q (%s)\n", m.at, m.old, m.new, by)
		} else {
			survivors = append(survivors, fmt.Sprintf("%s: %q → %q", m.at, m.old, m.new))
			fmt.Printf("SURVIVED %s: %q → %q\n", m.at, m.old, m.new)
		}
	}
	fmt.Printf("\n%d equivalent mutants, not run:\n", len(equivalents))
	for _, e := range equivalents {
		fmt.Println("  " + e)
	}
	if run == 0 {
		fmt.Println("no mutant ran")
		return
	}
	fmt.Printf("\nkilled %d of %d mutants (%.1f%%) in %v\n", killed, run, 100*float64(killed)/float64(run), time.Since(start).Round(time.Second))
	if len(survivors) > 0 {
		fmt.Printf("%d survived: each is a change the tests let through; write a test that fails on it:\n", len(survivors))
		for _, s := range survivors {
			fmt.Println("  " + s)
		}
		os.Exit(1)
	}
}

// readList reads the mutants: one a line, "file<TAB>old<TAB>new", or
// "file<TAB>old<TAB>new<TAB>equivalent: why"; # starts a comment line.
// Old and new are Go text of one line, as written (no escapes).
func readList(path string) ([]mutant, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []mutant
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		at := fmt.Sprintf("%s:%d", path, n)
		if len(f) < 3 || len(f) > 4 {
			return nil, fmt.Errorf("%s: want file, old and new text (and \"equivalent: why\"), tab-separated; got %d fields", at, len(f))
		}
		m := mutant{file: f[0], old: f[1], new: f[2]}
		if len(f) == 4 {
			why, ok := strings.CutPrefix(f[3], "equivalent: ")
			if !ok || why == "" {
				return nil, fmt.Errorf("%s: a fourth field must be \"equivalent: \" and the reason", at)
			}
			m.equivalent = why
		}
		src, err := os.ReadFile(m.file)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		if c := bytes.Count(src, []byte(m.old)); c != 1 {
			return nil, fmt.Errorf("%s: %q occurs %d times in %s, want once: mend the entry to the code as it is now", at, m.old, c, m.file)
		}
		line0 := 1 + bytes.Count(src[:bytes.Index(src, []byte(m.old))], []byte("\n"))
		m.at = fmt.Sprintf("%s:%d", m.file, line0)
		out = append(out, m)
	}
	return out, sc.Err()
}

// try runs the package's tests with m applied through an overlay and says
// whether they failed, and the first failing test.
func try(m mutant, dir string, full bool, budget time.Duration) (killed bool, by string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, "", err
	}
	src, err := os.ReadFile(m.file)
	if err != nil {
		return false, "", err
	}
	mutated := filepath.Join(dir, filepath.Base(m.file))
	if err := os.WriteFile(mutated, bytes.Replace(src, []byte(m.old), []byte(m.new), 1), 0o644); err != nil {
		return false, "", err
	}
	abs, err := filepath.Abs(m.file)
	if err != nil {
		return false, "", err
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return false, "", err
	}
	args := []string{"test", "-count=1", "-failfast", "-overlay=" + overlayFile}
	if !full {
		args = append(args, "-skip", slowTests)
	}
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append(args, "./"+filepath.Dir(m.file))...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return true, "timed out: a hang", nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")) {
			return false, "", fmt.Errorf("%s: the mutant does not compile, so it tests nothing; mend the entry:\n%s", m.at, out)
		}
		return true, firstFailure(out), nil
	}
	return false, "", err
}

// firstFailure is the name of the first test go test reports failed.
func firstFailure(out []byte) string {
	for _, line := range strings.Split(string(out), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "--- FAIL: "); ok {
			return strings.Fields(name)[0]
		}
	}
	return "the test binary failed"
}
