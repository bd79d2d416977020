package model

import "strings"

// A <textarea> cannot hold the exact bytes of a robots.txt: its value turns
// CRLF and bare CR into LF and holds UTF-16 text. The store keeps the bytes;
// these helpers move between the two.

// LineEnding is the break an edited text is written back with: the
// original's style when all its breaks were CRLF or all CR, else LF.
func LineEnding(body string) string {
	if strings.IndexByte(body, '\r') < 0 {
		// Most files: no byte loop over megabytes (4 MiB: 9–20 ms in
		// Chromium; IndexByte is several times quicker).
		return "\n"
	}
	var crlf, cr, lf int
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\r':
			if i+1 < len(body) && body[i+1] == '\n' {
				crlf++
				i++
			} else {
				cr++
			}
		case '\n':
			lf++
		}
	}
	switch {
	case crlf > 0 && cr == 0 && lf == 0:
		return "\r\n"
	case cr > 0 && crlf == 0 && lf == 0:
		return "\r"
	}
	return "\n"
}

// EditorBytes turns the textarea's text (LF breaks) back into robots.txt
// bytes: the original's uniform line ending re-applied and its BOM kept.
func EditorBytes(text, bom, eol string) string {
	if eol != "\n" {
		text = strings.ReplaceAll(text, "\n", eol)
	}
	return bom + text
}

// MaxEditBytes is the longest text the textarea is given. Setting a
// textarea's value and laying it out costs about 0.5 to 1 ms per KiB of
// robots.txt on the 2-core benchmark machine (BenchmarkBrowserBigFile,
// layout-ms over five runs on a shared machine: 32 KiB 26–40 ms, 48 KiB
// 27–48, 64 KiB 35–71, 128 KiB 63–178, 512 KiB 222–385), so 32 KiB is the
// size that stays under 50 ms.
// 55 of the 387 real files of the test corpus are longer (the largest
// tenth starts at 64 KB): those are read-only here, and tested whole.
const MaxEditBytes = 32 << 10

// WorkerLintBytes is the robots.txt size from which a worker lints it.
const WorkerLintBytes = MaxEditBytes
