package engine

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

type suiteCase struct {
	Test        int    `json:"test"`
	Robots      string `json:"robots"`
	RobotsB64   string `json:"robots_b64"`
	URL         string `json:"url"`
	Agent       string `json:"agent"`
	Expected    string `json:"expected"`
	Explanation string `json:"explanation"`
}

func loadSuite(t *testing.T) map[string][]suiteCase {
	dir := sharedDir(t, "conformance", "google-spec-test")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no suite files under %s: %v", dir, err)
	}
	suite := map[string][]suiteCase{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var file struct{ Cases []suiteCase }
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rel, _ := filepath.Rel(dir, f)
		suite[rel] = file.Cases
	}
	return suite
}

func (c suiteCase) body(t *testing.T) []byte {
	if c.RobotsB64 == "" {
		return []byte(c.Robots)
	}
	b, err := base64.StdEncoding.DecodeString(c.RobotsB64)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoogleConformanceSuite runs all 400 cases of google/robotstxt-spec-test
// through TestVerbatim, Google's matcher semantics (a few cases pass agents
// such as "AB42bot" that Test would cut to a token and flag).
func TestGoogleConformanceSuite(t *testing.T) {
	total, passed := 0, 0
	for file, cases := range loadSuite(t) {
		for i, c := range cases {
			total++
			r := Parse(c.body(t))
			got := r.TestVerbatim(c.Agent, c.URL)
			if ValidToken(c.Agent) {
				// For a product token, the tester's Test is Google's matcher.
				if tr := r.Test(c.Agent, c.URL); tr.Allowed != got.Allowed || tr.Line != got.Line {
					t.Errorf("%s case %d: Test and TestVerbatim disagree for valid token %q", file, i, c.Agent)
				}
			}
			want := c.Expected == "ALLOWED"
			if got.Allowed != want {
				t.Errorf("%s case %d: agent %q url %q: allowed=%v, want %v\n%s", file, i, c.Agent, c.URL, got.Allowed, want, c.Explanation)
				continue
			}
			passed++
		}
	}
	if total != 400 {
		t.Errorf("suite has %d cases, want 400", total)
	}
	t.Logf("Google conformance suite: %d/%d", passed, total)
}
