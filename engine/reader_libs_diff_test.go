package engine

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// The differential tests of the readers protego, perl-robotrules and
// ruby-webrobots against the real libraries, from Debian's packages:
// Protego under Debian's /usr/bin/python3 (testdata/readers/oracle_protego.py),
// WWW::RobotRules under perl (oracle_robotrules.pl) and webrobots under ruby
// (oracle_webrobots.rb), one process each for a whole batch. Every verdict
// must agree (allowed, blocked, or the library failing); these libraries
// report no line. The files are the ones reader_diff_test.go makes (random,
// the corpus, the edge cases) and libEdgeFiles below.
//
// Without a package the live tests skip, naming it, except under CI=true,
// where they fail. The golden set (testdata/readers/golden.json.gz) holds
// these libraries' answers too, so a plain `go test` checks the readers
// without them.

// libOracle is one library's oracle process.
type libOracle struct {
	reader  string // the reader it checks
	pkg     string // the Debian package that holds the library
	prog    string // the interpreter
	check   []string
	script  string
	missing string // why it cannot run, "" when it can
}

func libOracles() []*libOracle {
	return []*libOracle{
		{reader: "protego", pkg: "python3-protego", prog: "/usr/bin/python3", check: []string{"-c", "import protego"}, script: "oracle_protego.py"},
		{reader: "perl-robotrules", pkg: "libwww-robotrules-perl", prog: "perl", check: []string{"-MWWW::RobotRules", "-MJSON::PP", "-e", "1"}, script: "oracle_robotrules.pl"},
		{reader: "ruby-webrobots", pkg: "ruby-webrobots", prog: "ruby", check: []string{"-rwebrobots", "-rjson", "-e", "1"}, script: "oracle_webrobots.rb"},
	}
}

// findLibOracles says which oracles can run; with any missing it skips
// (fails under CI=true), naming the apt packages.
func findLibOracles(t *testing.T) []*libOracle {
	t.Helper()
	var missing []string
	all := libOracles()
	for _, o := range all {
		path, err := exec.LookPath(o.prog)
		if err == nil {
			o.prog = path
			err = exec.Command(path, o.check...).Run()
		}
		if err != nil {
			o.missing = o.reader + " needs " + o.prog + " with the Debian package " + o.pkg
			missing = append(missing, o.pkg)
		}
	}
	if len(missing) > 0 {
		msg := "the live differential of protego, perl-robotrules and ruby-webrobots needs the Debian packages " +
			strings.Join(missing, ", ") + " (apt-get install -y " + strings.Join(missing, " ") + ")"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; CI=true requires them")
		}
		t.Skip(msg + "; skipping (the golden set still runs)")
	}
	return all
}

// libAnswers runs every oracle over files at once; answers[k] is the k-th
// oracle's (libOracles order).
func libAnswers(t *testing.T, files []diffFile) [][][]answer {
	oracles := findLibOracles(t)
	answers := make([][][]answer, len(oracles))
	errs := make([]error, len(oracles))
	var wg sync.WaitGroup
	for k, o := range oracles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[k], errs[k] = runOracle(files, o.prog, o.script)
		}()
	}
	wg.Wait()
	if msg := errorsJoin(errs...); msg != "" {
		t.Fatal(msg)
	}
	return answers
}

// compareLibReaders runs our readers over files against the answers, in
// libOracles order (a nil answer set is not compared).
func compareLibReaders(t *testing.T, files []diffFile, answers [][][]answer, what string) {
	t.Helper()
	for k, o := range libOracles() {
		if answers[k] == nil {
			continue
		}
		if _, ok := DescribeReader(o.reader); !ok {
			t.Errorf("%s is not a reader", o.reader)
			continue
		}
		tally := &diffTally{reader: o.reader}
		for i, f := range files {
			rf, _ := ParseWith(o.reader, f.body)
			for j, tc := range f.Tests {
				tally.compare(f, tc, answers[k][i][j], rf.Test(tc[0], tc[1]))
			}
		}
		tally.report(t, what)
		if len(tally.byState) < 2 {
			t.Errorf("%s: every answer was %v: the cases do not tell verdicts apart", o.reader, tally.byState)
		}
	}
}

// TestReadersLibsLiveRandom: the 5,500 random files × 20 agent/URL pairs
// of TestReadersLiveRandom, 110,000 cases per reader.
func TestReadersLibsLiveRandom(t *testing.T) {
	n := 5500
	if testing.Short() {
		n = 500
	}
	files := randomDiffFiles(n, 20)
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("%d random files", n))
}

// TestReadersLibsLiveCorpus: every real file of ../shared/corpus/real.
func TestReadersLibsLiveCorpus(t *testing.T) {
	files := corpusDiffFiles(t)
	if len(files) != 386 {
		t.Fatalf("%d corpus files, want all 386", len(files))
	}
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("the %d corpus files", len(files)))
}

// TestReadersLibsLiveEdges: the edge cases of every reader, and these
// libraries' own.
func TestReadersLibsLiveEdges(t *testing.T) {
	files := append(edgeDiffFiles(), libEdgeFiles()...)
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("%d edge-case files", len(files)))
}
