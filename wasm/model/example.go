package model

import "robotstester/engine"

// ExampleState is the first-run state: the robots.txt Google uses as its
// example (developers.google.com, "Create and submit a robots.txt file") and
// URLs that show each outcome. "Served at" is left empty, so it follows the
// URLs (www.example.com here) and no example value outlives the example
// once a person brings a file and URLs of their own.
var ExampleState = Saved{
	Robots: "User-agent: Googlebot\n" +
		"Disallow: /nogooglebot/\n" +
		"\n" +
		"User-agent: *\n" +
		"Allow: /\n" +
		"\n" +
		"Sitemap: https://www.example.com/sitemap.xml\n",
	Crawler: "Googlebot (Smartphone / Desktop)",
	Token:   "Googlebot",
	URLs: "https://www.example.com/\n" +
		"https://www.example.com/nogooglebot/\n" +
		"https://www.example.com/nogooglebot/page.html\n" +
		"/products/shoes?color=red\n",
	Status: "200",
}

// PastExampleRobotsURL is the "Served at" the example set before it left
// the field empty (issue 14). Drafts and links saved then may carry it into
// a person's own work, where it flags every URL as on another host.
const PastExampleRobotsURL = "https://www.example.com/robots.txt"

// DropExampleLeftover clears a saved "Served at" that is the past
// example's while no URL of the list belongs to it, so the field follows
// the URLs instead.
func DropExampleLeftover(s Saved) Saved {
	if s.RobotsURL != PastExampleRobotsURL {
		return s
	}
	urls := SplitURLs(s.URLs)
	for i := range urls.Len() {
		if site, err := engine.RobotsURLFor(urls.At(i)); err == nil && site == PastExampleRobotsURL {
			return s
		}
	}
	s.RobotsURL = ""
	return s
}
