package model

import "testing"

// A long list's scope is worked out in parts (each worker its segments):
// merged in any order, the parts say what the whole list says.
func TestListScopeMergedFromPartsIsTheWholeList(t *testing.T) {
	for _, c := range []struct {
		robotsURL string
		urls      []string
	}{
		{"https://www.example.com/robots.txt", []string{"https://www.example.com/a", "https://en.wikipedia.org/x", "http://www.example.com/", "https://exa mple.com/", "https://de.wikipedia.org/y", "/p"}},
		{"", []string{"https://en.wikipedia.org/a", "/b", "HTTPS://EN.wikipedia.org:443/c"}},
		{"", []string{"https://en.wikipedia.org/a", "/b", "https://de.wikipedia.org/c"}},
		{"", []string{"/a", "https://exa mple.com/", "https://en.wikipedia.org/a"}},
	} {
		var whole ListScope
		for _, u := range c.urls {
			whole.Add(NewSent(u, c.robotsURL))
		}
		whole.Done()
		for cut := range len(c.urls) + 1 {
			var a, b, merged ListScope
			for i, u := range c.urls {
				if i < cut {
					a.Add(NewSent(u, c.robotsURL))
				} else {
					b.Add(NewSent(u, c.robotsURL))
				}
			}
			merged.Merge(b)
			merged.Merge(a)
			merged.Done()
			if merged.Summary != whole.Summary || merged.Following != whole.Following {
				t.Errorf("%q cut at %d: summary %q following %q, want %q, %q", c.urls, cut, merged.Summary, merged.Following, whole.Summary, whole.Following)
			}
		}
	}
}
