//go:build !js

package engine

import "testing"

// adaBidiCases are labels whose verdict under Node 20's URL parser was
// probed (TestReadersLiveHostBidi checks them all, and many more, live).
var adaBidiCases = []struct {
	label string
	ok    bool
	why   string
}{
	{"abc", true, "a label with no right-to-left character passes"},
	{"\u05D0", true, "one Hebrew letter passes"},
	{"1\u05D0", true, "a digit may come first, unlike RFC 5893's first condition"},
	{"-\u05D0", true, "so may a hyphen"},
	{"\u05D0a", false, "a right-to-left label may not hold a Latin letter"},
	{"a\u05D0", true, "a Latin label may end with one right-to-left letter"},
	{"a1\u05D0", true, "with digits before it"},
	{"a\u05D0\u0300", true, "and combining marks after it"},
	{"a\u05D0b", false, "but no letter may follow it"},
	{"a\u05D0\u05D0", false, "nor a second right-to-left letter"},
	{"a\u05D01", false, "nor a digit"},
	{"\u05D01", true, "a right-to-left label may end with a European digit"},
	{"\u05D0-", false, "but not with a hyphen"},
	{"1\u0661", false, "European and Arabic-Indic digits may not mix"},
	{"\u0661\u0300", true, "an Arabic-Indic digit with a mark passes"},
	{"\u05D0\u0870", false, "a letter newer than ada's table has no class a right-to-left label allows"},
	{"\u2C2F\u05D0", false, "nor may such a letter come first"},
	{"\u05D0\u1734\u05D0", true, "U+1734 is a mark (NSM) in ada's table"},
}

func TestAdaBidiLabel(t *testing.T) {
	for _, c := range adaBidiCases {
		if got := adaBidiLabelOK(c.label, adaDirection); got != c.ok {
			t.Errorf("%+q: got %v, want %v: %s", c.label, got, c.ok, c.why)
		}
	}
}
