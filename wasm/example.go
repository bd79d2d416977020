//go:build js && wasm

package main

// exampleState is the first-run state: the robots.txt Google uses as its
// example (developers.google.com, "Create and submit a robots.txt file") and
// URLs that show each outcome. "Served at" is left empty, so it follows the
// URLs (www.example.com here) and no example value outlives the example
// once a person brings a file and URLs of their own.
var exampleState = Saved{
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
