package readers

import (
	"math"
	"math/big"
	"math/rand"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestCollyPathIsNetURLs: collyPath gives what Colly computes with net/url
// (url.Parse, EscapedPath, Query().Encode()), or fails where url.Parse
// does, on random URLs built from the pieces where net/url is particular.
func TestCollyPathIsNetURLs(t *testing.T) {
	g := readerGen{rand.New(rand.NewSource(77))}
	pieces := []string{"/", "a", "%41", "%2F", "%2f", "%", "%2", "%zz", "%25", "+", " ", "?", "??", "#", "#%zz", "#f", "&", "=", ";",
		"@", ":", "[", "]", "*", "é", "\xff", "~", "!", "'", "(", ")", ",", "$", "|", "^", "{", "\"", "<", "\\", "%20", "a=b", "&&", "%7e"}
	starts := []string{"", "/", "//", "///", "http://", "https://", "ftp://", "HTTP://", "x:", "a:b", ":", "*", "http://[::1]", "http://[::1%25en0]",
		"http://[1.2.3.4]", "http://a:b:c", "ftp://a:b:c", "http://u:p@h", "http://u@p@h", "http://h:80", "http://h:8a", "http://%41",
		"http://a%2", "mailto:x", "http://ex.com", "http://[::1]:x", "http://a]", "1http://x", "a/b:c"}
	n, failed := 0, 0
	for i := 0; i < 60000; i++ {
		var b strings.Builder
		b.WriteString(g.pick(starts...))
		for k := g.rnd.Intn(8); k > 0; k-- {
			b.WriteString(g.pick(pieces...))
		}
		raw := b.String()
		if i%3 == 0 {
			raw = g.url()
		}
		want, wantOK := "", true
		u, err := url.Parse(raw)
		if err != nil {
			wantOK = false
			failed++
		} else {
			want = u.EscapedPath()
			if u.RawQuery != "" {
				want += "?" + u.Query().Encode()
			}
		}
		got, ok := collyPath(raw)
		if ok != wantOK || got != want {
			t.Errorf("collyPath(%q) = %q, %v; net/url gives %q, %v (%v)", raw, got, ok, want, wantOK, err)
			if n++; n > 10 {
				t.FailNow()
			}
		}
	}
	if failed < 1000 {
		t.Errorf("only %d URLs that net/url refuses: the test proves little", failed)
	}
}

// TestCollyDelayIsParseFloats: collyDelayOK accepts exactly the values for
// which strconv.ParseFloat succeeds with a finite, non-negative number.
func TestCollyDelayIsParseFloats(t *testing.T) {
	g := readerGen{rand.New(rand.NewSource(5))}
	pieces := []string{"0", "1", "9", "5", ".", "_", "e", "E", "p", "P", "x", "X", "+", "-", "a", "f", "inf", "nan", "Infinity", "308", "309", "1e308",
		"17976931348623158", "17976931348623157", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
		"0x1p1024", "0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023", "e-400", "1e-400", " ", "00", "0x", "1_0", "0x_1p0"}
	fixed := []string{"", "5", "1.5", "-1", "-0", "abc", "inf", "+Inf", "NaN", "0x10p0", "1e3", "1e308", "1e309", "1.7976931348623157e308", "1.7976931348623158e308",
		"1.7976931348623159e308", "0x1.fffffffffffffp1023", "0x1.fffffffffffff7p1023", "0x1.fffffffffffff8p1023", "0x1p1024", "0x1p-2000", "1_000", "1__0", "_1", "0x_1p0", "0x1_p0", ".5", "5.", ".", "+.5e+2", "0x.8p1"}
	check := func(v string) {
		f, err := strconv.ParseFloat(v, 64)
		want := err == nil && f >= 0 && !math.IsInf(f, 0) && !math.IsNaN(f)
		if got := collyDelayOK(v); got != want {
			t.Errorf("collyDelayOK(%q) = %v; strconv.ParseFloat gives %v, %v", v, got, f, err)
		}
	}
	for _, v := range fixed {
		check(v)
	}
	// Written to many digits around the two bounds: 2^1024 - 2^970 and
	// 2^-1075, from math/big, cut short, exact, and a hair either side.
	over := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 1024), new(big.Int).Lsh(big.NewInt(1), 970)).String()
	half := new(big.Int).Exp(big.NewInt(5), big.NewInt(1075), nil).String()
	for _, b := range []struct{ digits, sign, exp string }{{over, "", "e308"}, {half, "-", "e-324"}} {
		for _, n := range []int{17, 39, 40, 41, 42, 60, 100, 300, len(b.digits) - 1, len(b.digits)} {
			d := b.digits[:n]
			up := []byte(d)
			for k := len(up) - 1; k >= 0; k-- {
				if up[k] < '9' {
					up[k]++
					up = up[:k+1]
					break
				}
			}
			for _, m := range []string{d, d + "1", d + "0000", string(up), d + strings.Repeat("9", 30)} {
				check(b.sign + m[:1] + "." + m[1:] + b.exp)
				check(b.sign + "0." + m + b.exp[:1] + strconv.Itoa(atoi(b.exp[1:])+1))
			}
		}
	}
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		for k := 1 + g.rnd.Intn(5); k > 0; k-- {
			b.WriteString(g.pick(pieces...))
		}
		check(b.String())
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
