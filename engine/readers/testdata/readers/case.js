// Probes String.prototype.toLowerCase for reader_case_test.go, as case.py
// probes CPython's str.lower(): the same JSON, read the same way (see
// there). V8 lower-cases with ICU (u_strToLower, root locale), so the
// answers follow the ICU and Unicode versions of this Node.
'use strict';
const SIGMA = '\u03a3', FINAL = '\u03c2';
const ranges = (xs) => {
	const out = [];
	for (const x of xs) {
		if (out.length && out[out.length - 1][1] === x - 1) out[out.length - 1][1] = x;
		else out.push([x, x]);
	}
	return out;
};
const lower = {}, ignorable = [], cased = [];
for (let c = 0; c < 0x110000; c++) {
	if (c >= 0xD800 && c <= 0xDFFF) continue;
	const ch = String.fromCodePoint(c);
	const low = ch.toLowerCase();
	if (low !== ch) lower[c] = Array.from(low, (x) => x.codePointAt(0));
	const after = Array.from(('A' + SIGMA + ch).toLowerCase())[1] === FINAL;
	const before = ('A' + ch + SIGMA).toLowerCase().endsWith(FINAL);
	if (after && before) ignorable.push(c);
	else if (before) cased.push(c);
}
process.stdout.write(JSON.stringify({
	version: `Node ${process.versions.node}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode}`,
	lower, ignorable: ranges(ignorable), cased: ranges(cased),
}));
