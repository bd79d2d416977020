package engine

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"robotstester/engine/sharedtest"
)

// machineOf is the verdictMachine of t's list, its index built first.
func machineOf(t *Tester) *verdictMachine {
	var m *verdictMachine
	withScanTests(0, func() {
		t.Decide("/")
		if t.index != nil {
			m = newMachine(t.index, t.source)
		}
	})
	return m
}

// withMachineRoom runs fn with machineRoom and machinePaths set.
func withMachineRoom(room, paths int, fn func()) {
	oldRoom, oldPaths := machineRoom, machinePaths
	machineRoom, machinePaths = room, paths
	defer func() { machineRoom, machinePaths = oldRoom, oldPaths }()
	fn()
}

// Random files of wildcards, final '$'s, repeated patterns, index.html
// variants and groups read as one, over a small alphabet so that paths
// run into every pattern: the machine decides each path as the rules
// tried one by one do, the first time a path takes a state and after,
// and when it has little room (it starts again, or is given up and says
// so).
func TestMachineDecidesAsAScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	piece := func(n int) string { return randomString(rng, "/ab.*$?", n) }
	restarted, gaveUp := 0, 0
	for round := range 400 {
		text, prefixes := randomRuleFile(rng, piece, 1+rng.IntN(30))
		var urls, paths []string
		for range 60 {
			// As DecideLines reads them: a URL's path.
			u := "https://example.com/" + strings.TrimPrefix(prefixes[rng.IntN(len(prefixes))]+piece(rng.IntN(5)), "/")
			urls, paths = append(urls, u), append(paths, MatchPath(u))
		}
		body := []byte(text)
		var want []Cell
		withScanTests(1<<30, func() {
			r := Parse(body)
			for _, u := range urls {
				res := r.Test("x", u)
				want = append(want, Cell{Allowed: res.Allowed, Line: res.Line, Reason: res.Reason})
			}
		})
		full := machineRoom
		for _, room := range []int{full, 20000} {
			withMachineRoom(room, 8, func() {
				m := machineOf(Parse(body).Tester(ColumnFor("x")))
				if m == nil {
					t.Fatalf("round %d: no index built for\n%s", round, body)
				}
				for pass := range 2 {
					for i, p := range paths {
						held := m.room
						got, ok := m.decide(p)
						if !ok {
							if room == full {
								t.Fatalf("round %d: the machine gave up with room %d", round, room)
							}
							gaveUp++
							continue
						}
						if m.room < held {
							restarted++
						}
						if got != want[i] {
							t.Fatalf("round %d, pass %d, room %d, %q in\n%s\nthe machine: %+v; rule by rule: %+v", round, pass, room, p, body, got, want[i])
						}
					}
				}
			})
		}
	}
	if restarted < 100 || gaveUp < 100 {
		t.Errorf("with little room, machines started again %d times and gave up on %d paths: want 100 of each at least", restarted, gaveUp)
	}
}

// The machine gives up when it fills again within machinePaths paths,
// and DecideLines then asks the index, with the same verdicts.
func TestMachineGivesUpWhenItFillsFast(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /*a*b*c*d\nAllow: /*b*a$\nDisallow: /x/y/z\n")
	r := Parse(body)
	var urls []string
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		urls = append(urls, "https://example.com/"+randomString(rng, "abcdxyz/", 12))
	}
	tester, one := r.Tester(ColumnFor("x")), r.Tester(ColumnFor("x"))
	allowed, lines := make([]byte, len(urls)), make([]int32, len(urls))
	withMachineRoom(1000, 1000, func() {
		if !tester.DecideLines(strings.Join(urls, "\n"), allowed, lines) {
			t.Fatal("DecideLines refused the list")
		}
	})
	if tester.machine == nil || !tester.machine.off {
		t.Fatalf("the machine did not give up (%+v)", tester.machine != nil)
	}
	for i, u := range urls {
		if c := one.Decide(u); c.Allowed != (allowed[i] == 1) || int32(c.Line) != lines[i] {
			t.Fatalf("%q: DecideLines %v line %d, Decide %v line %d", u, allowed[i] == 1, lines[i], c.Allowed, c.Line)
		}
	}
}

// Every corpus file's machine, for Googlebot and an agent no group
// names, decides each path of its list, and each cut of it, as the index
// does: the paths end inside patterns, at their '$'s and past them.
func TestMachineDecidesTheCorpus(t *testing.T) {
	bodies := sharedtest.CorpusBodies(t)
	rng := rand.New(rand.NewPCG(9, 10))
	decided := 0
	for _, name := range slices.Sorted(maps.Keys(bodies)) {
		r := Parse(bodies[name])
		var paths []string
		for _, g := range r.Groups {
			for _, rule := range g.Rules {
				if len(paths) < 200 {
					p := strings.ReplaceAll(strings.TrimSuffix(rule.Pattern, "$"), "*", "x")
					paths = append(paths, p, p+"/more", p+"index.html")
				}
			}
		}
		for _, agent := range []string{"Googlebot", "Unnamedbot"} {
			tester := r.Tester(ColumnFor(agent))
			m := machineOf(tester)
			if m == nil {
				continue
			}
			for _, p := range paths {
				for _, cut := range []int{len(p), rng.IntN(len(p) + 1), rng.IntN(len(p) + 1)} {
					q := p[:cut]
					got, ok := m.decide(q)
					if !ok {
						break // given up: the index decides
					}
					if want := tester.index.decide(tester.source, q, &tester.room); got != want {
						t.Fatalf("%s, %s, %q: the machine %+v, the index %+v", name, agent, q, got, want)
					}
					decided++
				}
			}
		}
	}
	if decided < 10000 {
		t.Errorf("only %d paths decided by machines", decided)
	}
}

// indexAnyOf finds the first byte of its set as a loop over the bytes
// does, at every start and for sets of one to three bytes, high bytes
// among them.
func TestIndexAnyOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		s := randomString(rng, "ab?.\x80\xff/", rng.IntN(40))
		set := randomString(rng, "?.\x80\xff", 1+rng.IntN(3))
		for i := 0; i <= len(s); i++ {
			want := i
			for want < len(s) && !strings.Contains(set, s[want:want+1]) {
				want++
			}
			if got := indexAnyOf(s, i, set); got != want {
				t.Fatalf("indexAnyOf(%q, %d, %q) = %d, want %d", s, i, set, got, want)
			}
		}
	}
}
