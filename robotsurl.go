package main

import "robotstester/engine"

// fetchRobotsArg fetches the robots.txt of a -robots URL for check and
// audit (checkFetch: the server's fetch and SSRF policy) and says what the
// HTTP answer means to Google. msg is set, and the command stops with exit
// 2, when there is no HTTP answer to judge by.
func fetchRobotsArg(raw string, allowPrivate bool) (ans fetchAnswer, o engine.Outcome, fetched *checkFetchJSON, msg string) {
	ans, msg = checkFetch(raw, allowPrivate)
	if msg != "" {
		return ans, o, nil, msg
	}
	o = engine.OutcomeFor(engine.Answer{Status: ans.Status, Redirects: len(ans.Redirects)})
	fetched = &checkFetchJSON{URL: ans.URL, FinalURL: ans.FinalURL, Status: ans.Status, Size: ans.Size, SizeKnown: ans.SizeKnown,
		Truncated: ans.Truncated, Redirects: ans.Redirects, Effect: o.Effect.String(), Reason: o.Reason}
	return ans, o, fetched, ""
}
