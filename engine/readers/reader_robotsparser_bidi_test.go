//go:build !js

package readers

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

// adaJoinerCases are labels with a joiner whose verdict under Node 20's
// URL parser was probed (TestReadersLiveHostJoiners checks them live).
var adaJoinerCases = []struct {
	label string
	ok    bool
	why   string
}{
	{"\u0628\u200C\u0628", true, "ZWNJ between two dual-joining letters"},
	{"\u0628\u200C\u0627", true, "or before a right-joining one"},
	{"\u0627\u200C\u0628", false, "but not after a right-joining one"},
	{"\u0628\u064B\u200C\u0628", true, "a transparent mark between passes, as in RFC 5892"},
	{"\u0628\u05D0\u200C\u05D0\u0628", true, "so does anything else: ada looks anywhere before and after"},
	{"\u05D0\u200C\u05D0", false, "Hebrew does not join"},
	{"\u0628\u200C", false, "ZWNJ may not end the label"},
	{"\u0628\u200C\u0628a", true, "the joiner's answer is the label's: the Bidi rule would refuse the Latin letter"},
	{"\u05D0\u094D\u200D", true, "a joiner after a virama passes"},
	{"\u05D0\u094D\u200Da", true, "and the Bidi rule is not asked"},
	{"\u0915\u094D\u200Dx\u200D", true, "nor is a second joiner"},
	{"\u05D0\u200D\u05D0", false, "ZWJ after anything but a virama fails"},
	{"\u0628\u200D\u0628", false, "even between joining letters"},
	{"\u0628\u0300\u200D", false, "a mark is not a virama"},
}

func TestAdaJoiners(t *testing.T) {
	for _, c := range adaJoinerCases {
		if got := adaJoinersOK(c.label); got != c.ok {
			t.Errorf("%+q: got %v, want %v: %s", c.label, got, c.ok, c.why)
		}
		if got := whatwgHost(c.label + ".com"); got != c.ok && adaHost != nil {
			t.Errorf("host %+q.com: whatwgHost %v, want %v: %s", c.label, got, c.ok, c.why)
		}
	}
}
