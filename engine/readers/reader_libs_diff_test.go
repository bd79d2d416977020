package readers

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"robotstester/engine/sharedtest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The differential tests of the readers protego, perl-robotrules and
// ruby-webrobots against the real libraries, from Debian's packages:
// Protego under Debian's /usr/bin/python3 (testdata/readers/oracle_protego.py),
// WWW::RobotRules under perl (oracle_robotrules.pl) and webrobots under ruby
// (oracle_webrobots.rb), all at once, each batch cut into a process a core
// (runOracle). Every verdict must agree (allowed, blocked, or the library
// failing); these libraries report no line. The files are the ones
// reader_diff_test.go makes (random, the corpus, the edge cases) and
// libEdgeFiles below.
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
// of TestReadersLiveRandom, 110,000 cases per reader, and 2,500 files ×
// 20 pairs that the libraries' grammars accept (libRandomFiles).
func TestReadersLibsLiveRandom(t *testing.T) {
	t.Parallel()
	n, clean := 5500, 2500
	if testing.Short() {
		n, clean = 500, 250
	}
	files := randomDiffFiles(n, 20)
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("%d random files", n))
	files = libRandomFiles(clean, 20)
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("%d well-formed random files", clean))
}

// libRandomFiles makes files of well-formed lines: records of user-agent
// lines then rules, blank lines between them, with comments, Crawl-delay
// and Sitemap lines here and there, and mostly LF line ends. The random
// files of randomDiffFiles are mostly refused whole by webrobots' grammar,
// which then allows everything; these test how each library matches.
func libRandomFiles(n, tests int) []diffFile {
	g := readerGen{rand.New(rand.NewSource(diffSeed + 7))}
	files := make([]diffFile, n)
	for i := range files {
		var b strings.Builder
		eol := g.pick("\n", "\n", "\n", "\r\n")
		for r := 1 + g.rnd.Intn(4); r > 0; r-- {
			for a := 1 + g.rnd.Intn(2); a > 0; a-- {
				b.WriteString(g.pick("User-agent: ", "User-Agent: ", "user-agent:") + g.pick(diffAgentValues...) + eol)
			}
			for k := g.rnd.Intn(6); k > 0; k-- {
				switch {
				case g.chance(8):
					b.WriteString("# " + g.pick("note", "Disallow: /x") + eol)
				case g.chance(5):
					b.WriteString(g.pick("Crawl-delay: 5", "Sitemap: http://example.com/s.xml", "Host: example.com") + eol)
				default:
					b.WriteString(g.pick("Disallow: ", "Allow: ", "Disallow:", "disallow: ") + g.pick(diffPatterns...))
					if g.chance(10) {
						b.WriteString(" # why")
					}
					b.WriteString(eol)
				}
			}
			b.WriteString(eol)
		}
		f := diffFile{body: []byte(b.String()), name: fmt.Sprintf("well-formed random file %d", i)}
		for j := 0; j < tests; j++ {
			u := g.url()
			if g.chance(70) {
				p := strings.TrimSuffix(g.pick(diffPatterns...), "$")
				p = strings.ReplaceAll(p, "*", g.pick("", "x", "a/b.pdf"))
				u = "http://example.com/" + strings.TrimPrefix(p, "/") + g.pick("", "", "x", "/", ".pdf", "?q=1")
			}
			f.Tests = append(f.Tests, [2]string{g.pick(diffTestAgents...), u})
		}
		files[i] = f.prepared()
	}
	return files
}

// TestReadersLibsLiveCorpus: every real file of ../shared/corpus/real.
func TestReadersLibsLiveCorpus(t *testing.T) {
	t.Parallel()
	files := corpusDiffFiles(t)
	if len(files) != 386 {
		t.Fatalf("%d corpus files, want all 386", len(files))
	}
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("the %d corpus files", len(files)))
}

// TestReadersLibsLiveCorpusURLs: the 20 real files that
// ../shared/corpus/urls has URL lists for, each list with its file's
// sample agents, Googlebot and an agent no group names. The lists hold
// paths; these libraries take absolute URLs, so each is put on
// https://example.com.
func TestReadersLibsLiveCorpusURLs(t *testing.T) {
	t.Parallel()
	var files []diffFile
	for _, l := range sharedtest.CorpusLists(t) {
		f := diffFile{body: l.Body, name: l.File + " with its URL list"}
		for _, a := range l.Agents {
			for _, u := range l.URLs {
				if strings.HasPrefix(u, "/") {
					u = "https://example.com" + u
				}
				f.Tests = append(f.Tests, [2]string{a, u})
			}
		}
		files = append(files, f.prepared())
	}
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("the %d corpus files with URL lists", len(files)))
}

// TestReadersLibsLiveEdges: the edge cases of every reader, and these
// libraries' own.
func TestReadersLibsLiveEdges(t *testing.T) {
	t.Parallel()
	files := append(edgeDiffFiles(), libEdgeFiles()...)
	compareLibReaders(t, files, libAnswers(t, files), fmt.Sprintf("%d edge-case files", len(files)))
}

// libGoldenFiles are the golden set's own files for these libraries: the
// edge cases, then the first 50 well-formed random files.
func libGoldenFiles() []diffFile { return append(libEdgeFiles(), libRandomFiles(50, 20)...) }

// addLibGolden records the libraries' answers in gs: over its files, then
// libGoldenFiles.
func addLibGolden(t *testing.T, gs *golden) {
	gs.LibFiles = libGoldenFiles()
	answers := libAnswers(t, append(slices.Clip(gs.Files), gs.LibFiles...))
	gs.Protego, gs.Perl, gs.Webrobots = answers[0], answers[1], answers[2]
}

// compareLibGolden checks the readers against the libraries' recorded
// answers (TestReadersGolden).
func compareLibGolden(t *testing.T, gs golden) {
	t.Helper()
	if gs.Protego == nil || gs.Perl == nil || gs.Webrobots == nil || len(gs.LibFiles) != len(libGoldenFiles()) {
		t.Fatalf("the golden set lacks the answers of protego, WWW::RobotRules or webrobots, or their %d own files: record them with go test ./engine -run TestReadersLibsLiveGolden -update-readers-golden", len(libGoldenFiles()))
	}
	compareLibReaders(t, append(slices.Clip(gs.Files), gs.LibFiles...), [][][]answer{gs.Protego, gs.Perl, gs.Webrobots}, "the golden set")
}

// TestReadersLibsLiveGolden, with -update-readers-golden, adds the
// libraries' answers to the golden set as it stands, leaving the other
// readers' answers as they were recorded (TestReadersLiveRandom records
// everything at once).
func TestReadersLibsLiveGolden(t *testing.T) {
	if !*updateReadersGolden {
		t.Skip("records the golden set with -update-readers-golden")
	}
	gs := readGolden(t)
	addLibGolden(t, &gs)
	encodeGolden(t, gs)
}
