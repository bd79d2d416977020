package engine

// User-agent values and the tokens crawlers are tested with.

func IsTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// ExtractToken is the product token Google reads from a user-agent value:
// the value cut at the first byte outside [A-Za-z_-] (robots.cc,
// ExtractUserAgent). Digits stop it: "Googlebot/2.1" and "Googlebot2" are
// both "Googlebot"; "*foo" is "".
func ExtractToken(value string) string {
	i := 0
	for i < len(value) && IsTokenByte(value[i]) {
		i++
	}
	return value[:i]
}

// ValidToken reports whether s can name a crawler: non-empty and only
// [A-Za-z_-] (robots.cc, IsValidUserAgentToObey).
func ValidToken(s string) bool {
	return s != "" && ExtractToken(s) == s
}

// isGlobalAgent is Google's test for the "*" group: "*" alone or followed by
// a whitespace byte and anything (robots.cc, HandleUserAgent).
func isGlobalAgent(v string) bool {
	return len(v) >= 1 && v[0] == '*' && (len(v) == 1 || isSpace(v[1]))
}

func readAgentLine(number int, value string) Agent {
	a := Agent{Line: number, Value: value}
	if isGlobalAgent(value) {
		a.Global = true
	} else {
		a.Token = ExtractToken(value)
	}
	return a
}

// AgentReading says how a caller's agent was read.
type AgentReading struct {
	Input string // what the caller passed
	Token string // the product token matched against the file ("" when none could be read)
	// Cut is true when Input was not a valid product token and Token was read
	// from it the way Google reads a user-agent line (surrounding whitespace
	// dropped, then cut at the first byte outside [A-Za-z_-]).
	Cut bool
}

// ReadAgent reads a product token from what a person typed: a token is kept
// as it is; anything else (`Googlebot/2.1`, `Googlebot Images`, a whole
// User-Agent header) is cut as Google cuts user-agent lines, and flagged.
// Google's own matcher would match nothing with such an input; a tester that
// silently did the same would hide the mistake.
func ReadAgent(input string) AgentReading {
	if ValidToken(input) {
		return AgentReading{Input: input, Token: input}
	}
	return AgentReading{Input: input, Token: ExtractToken(trimSpace(input)), Cut: true}
}
