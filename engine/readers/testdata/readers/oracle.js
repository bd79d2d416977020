// Runs the real robots-parser 3.0.1 for reader_diff_test.go: reads a JSON
// batch on stdin, [{"body": base64, "tests": [[agent, url], ...]}, ...],
// and writes one answer per test, [[state, line], ...] per file, where
// state is "allow", "block" or "fail" (the URL cannot be parsed, or
// isAllowed returns undefined) and line is getMatchingLineNumber (-1: none).
// The body is decoded as fetch().text() decodes it (WHATWG UTF-8, BOM
// dropped); the robots.txt URL is the tested URL's origin + /robots.txt.
'use strict';
const Robots = require('robots-parser');
const base = 'http://robots-relative.samclarke.com/';
const special = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:']);
const decoder = new TextDecoder('utf-8');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
	const out = [];
	for (const file of JSON.parse(input)) {
		const text = decoder.decode(Buffer.from(file.body, 'base64'));
		const answers = [];
		const byOrigin = new Map();
		for (const [agent, url] of file.tests) {
			let u;
			try {
				u = new URL(url, base);
			} catch (e) {
				answers.push(['fail', -1]);
				continue;
			}
			if (!special.has(u.protocol)) {
				answers.push(['fail', -1]);
				continue;
			}
			const robotsURL = new URL('/robots.txt', u).href;
			let robots = byOrigin.get(robotsURL);
			if (!robots) {
				robots = new Robots(robotsURL, text);
				byOrigin.set(robotsURL, robots);
			}
			const allowed = robots.isAllowed(url, agent);
			if (allowed === undefined) {
				answers.push(['fail', -1]);
				continue;
			}
			answers.push([allowed ? 'allow' : 'block', robots.getMatchingLineNumber(url, agent)]);
		}
		out.push(answers);
	}
	process.stdout.write(JSON.stringify(out));
});
