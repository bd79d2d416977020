package readers

import "testing"

// Yandex's help, "Allow and Disallow directives without parameters"
// (https://yandex.com/support/webmaster/robot-workings/allow-disallow.html),
// gives two examples: "Disallow: # same as Allow: /" and "Allow: # isn't
// taken into account by the robot". Each row puts one of them beside a
// rule it would override if it were read otherwise.
func TestYandexReadsEmptyRulesAsDocumented(t *testing.T) {
	for _, tt := range []struct {
		name, body, url string
		allowed         bool
		line            int
	}{
		{"an empty Allow is not taken into account, so Disallow: / still blocks",
			"User-agent: Yandex\nDisallow: /\nAllow:\n", "/page", false, 2},
		{"an empty Allow alone leaves everything allowed by no rule",
			"User-agent: Yandex\nAllow:\n", "/page", true, 0},
		{"an empty Disallow is Allow: /, which wins a tie with Disallow: /",
			"User-agent: Yandex\nDisallow: /\nDisallow:\n", "/page", true, 3},
	} {
		got, err := TestWith("yandex", []byte(tt.body), "YandexBot", tt.url)
		if err != nil {
			t.Fatal(err)
		}
		if got.Allowed != tt.allowed || got.Line != tt.line {
			t.Errorf("%s: %s is allowed=%v line %d, want allowed=%v line %d (%s)", tt.name, tt.url, got.Allowed, got.Line, tt.allowed, tt.line, got.Why)
		}
	}
}
