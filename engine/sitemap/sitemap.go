package sitemap

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"robotstester/engine"
)

// Sitemaps: the URL lists a robots.txt names in its Sitemap: lines. This
// file reads one sitemap's bytes (already decompressed) and walks a sitemap
// index through a fetch function its caller gives, so the server (fetch by
// HTTP) and the page (fetch through the server, or a file a person opened)
// read sitemaps the same way. It does no I/O itself.
//
// Formats and limits are those of sitemaps.org ("Sitemaps XML format",
// "Sitemap index files", "Text file"): a <urlset> of <url><loc>, a
// <sitemapindex> of <sitemap><loc>, or a UTF-8 text file with one URL a
// line; at most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per
// file. Google also reads RSS 2.0 and Atom 1.0 feeds as sitemaps (Google,
// "Build and submit a sitemap"): their <item><link> and <entry><link href>
// are read as URLs.

// MaxSitemapURLs is the most URLs (or child sitemaps) one sitemap may list.
const MaxSitemapURLs = 50000

// MaxSitemapBytes is the largest a sitemap may be, uncompressed.
const MaxSitemapBytes = 52428800

// MaxSitemapURLLen is the longest URL a sitemap may list: sitemaps.org
// ("XML tag definitions", <loc>) requires fewer than 2,048 characters. A
// longer one is a problem with its line and is not kept, so a file of a
// few huge URLs cannot make an answer of gigabytes.
const MaxSitemapURLLen = 2047

// MaxSitemapURLBytes bounds the URL text one sitemap file keeps (50,000
// URLs of 320 bytes): a file of 50 MB of long URLs keeps the first 16 MiB
// and says so, so what a reader holds and answers stays small.
const MaxSitemapURLBytes = 16 << 20

// DefaultSitemapCap is how many sitemap URLs a walk collects in all unless
// the person sets another cap.
const DefaultSitemapCap = 50000

// DefaultSitemapDepth is how deeply sitemap indexes are followed: a root
// index (depth 0) and one level of nested index below it. sitemaps.org
// forbids nesting; Google tolerates one level in practice, and a deeper
// chain is almost always a loop or a mistake.
const DefaultSitemapDepth = 2

// maxProblems is how many problems one sitemap lists before it counts the
// rest, so a broken 50 MB file does not bury the first one.
const maxProblems = 20

// SitemapKind is what a sitemap file turned out to be.
type SitemapKind uint8

const (
	SitemapUnknown SitemapKind = iota // nothing could be read
	SitemapURLSet                     // <urlset>: page URLs
	SitemapIndex                      // <sitemapindex>: child sitemaps
	SitemapText                       // one URL a line
	SitemapFeed                       // RSS or Atom: page URLs
)

func (k SitemapKind) String() string {
	switch k {
	case SitemapURLSet:
		return "urlset"
	case SitemapIndex:
		return "index"
	case SitemapText:
		return "text"
	case SitemapFeed:
		return "feed"
	}
	return "unknown"
}

// SitemapKindNamed is the kind whose String is name (SitemapUnknown for
// any other name), for kinds that travelled as text (JSON).
func SitemapKindNamed(name string) SitemapKind {
	for k := SitemapURLSet; k <= SitemapFeed; k++ {
		if k.String() == name {
			return k
		}
	}
	return SitemapUnknown
}

// SitemapFile is one sitemap as read.
type SitemapFile struct {
	Kind SitemapKind
	// URLs are the page URLs (urlset, text, feed) or the child sitemaps
	// (index), trimmed, in file order, at most MaxSitemapURLs.
	URLs []string
	// Truncated: the file lists more than MaxSitemapURLs, or more than
	// MaxSitemapURLBytes of URL text, or is larger than MaxSitemapBytes;
	// only the first are in URLs.
	Truncated bool
	// Bytes is the length of the URL text in URLs.
	Bytes int
	// TooLong counts the URLs longer than MaxSitemapURLLen, left out.
	TooLong int
	// Problems are sentences with a line number where one helps, each
	// with the fix.
	Problems []string
}

func (f *SitemapFile) problem(msg string) {
	switch {
	case len(f.Problems) < maxProblems:
		f.Problems = append(f.Problems, msg)
	case len(f.Problems) == maxProblems:
		f.Problems = append(f.Problems, "More problems follow; fix those above and read the file again.")
	}
}

// add records one <loc> found at where ("Line 7: "); false once the file
// is full. A URL over MaxSitemapURLLen is counted as a problem, not kept.
func (f *SitemapFile) add(loc, where string) bool {
	if n := utf8.RuneCountInString(loc); n > MaxSitemapURLLen {
		f.tooLong(where, engine.Thousands(n)+" characters", loc)
		return true
	}
	if len(f.URLs) >= MaxSitemapURLs {
		f.Truncated = true
		f.problem("The sitemap lists more than " + engine.Thousands(MaxSitemapURLs) + " URLs, the most one sitemap may hold (sitemaps.org); " +
			"only the first " + engine.Thousands(MaxSitemapURLs) + " are read: split it and list the parts in a sitemap index.")
		return false
	}
	if f.Bytes+len(loc) > MaxSitemapURLBytes {
		f.Truncated = true
		f.problem(where + "the sitemap's URLs pass " + engine.Thousands(MaxSitemapURLBytes) + " bytes of text, the most the tester keeps of one file; " +
			"only the " + engine.Thousands(len(f.URLs)) + " URLs before this line are read: split it and list the parts in a sitemap index.")
		return false
	}
	f.URLs = append(f.URLs, loc)
	f.Bytes += len(loc)
	return true
}

// tooLong counts a URL over MaxSitemapURLLen, of the given length, as a
// problem.
func (f *SitemapFile) tooLong(where, length, loc string) {
	f.TooLong++
	f.problem(where + "a URL of " + length + " (" + strconv.Quote(clip(loc, 60)) + ") is longer than the " +
		engine.Thousands(MaxSitemapURLLen+1) + " characters a sitemap URL must stay under (sitemaps.org), so it is not read: shorten it.")
}

// SitemapGzipped reports whether data starts with the gzip magic bytes
// (RFC 1952 §2.3.1), as a .xml.gz sitemap does whatever its Content-Type.
func SitemapGzipped(data []byte) bool {
	return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b
}

// ReadSitemap reads one sitemap's bytes, uncompressed. It never fails: what
// cannot be read is said in Problems, and the URLs read before a syntax
// error are kept.
func ReadSitemap(data []byte) SitemapFile {
	var f SitemapFile
	if len(data) > MaxSitemapBytes {
		f.Truncated = true
		f.problem("The sitemap is " + engine.Thousands(len(data)) + " bytes uncompressed, over the " + engine.Thousands(MaxSitemapBytes) +
			" (50 MB) one sitemap may be (sitemaps.org); only the first 50 MB are read: split it and list the parts in a sitemap index.")
		data = data[:MaxSitemapBytes]
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if SitemapGzipped(data) {
		f.problem("The sitemap is still gzip-compressed: decompress it (gunzip) or open the .gz file itself, which the tester decompresses.")
		return f
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		f.problem("The sitemap is empty: list one URL per <url><loc> element, or one URL a line in a text sitemap.")
		return f
	}
	if trimmed[0] == '<' {
		readXMLSitemap(&f, data)
	} else {
		readTextSitemap(&f, data)
	}
	if f.TooLong > 1 {
		f.problem(engine.Thousands(f.TooLong) + " URLs are longer than " + engine.Thousands(MaxSitemapURLLen) + " characters and were not read; shorten them.")
	}
	if len(f.URLs) == 0 && len(f.Problems) == 0 {
		f.problem("The sitemap lists no URLs: add <url><loc>https://…</loc></url> entries.")
	}
	return f
}

// readTextSitemap reads one URL a line (sitemaps.org, "Text file"): the
// file must be UTF-8 and hold nothing but absolute URLs.
func readTextSitemap(f *SitemapFile, data []byte) {
	f.Kind = SitemapText
	if !utf8.Valid(data) {
		f.problem("The text sitemap is not UTF-8: save it as UTF-8 (sitemaps.org requires it).")
	}
	number := 0
	for len(data) > 0 {
		number++
		line := data
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			line = data[:i]
			if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			data = data[i+1:]
		} else {
			data = nil
		}
		u := strings.TrimSpace(string(line))
		if u == "" {
			continue
		}
		if !absoluteHTTP(u) {
			f.problem("Line " + strconv.Itoa(number) + ": " + strconv.Quote(clip(u, 80)) +
				" is not an absolute http(s) URL; a text sitemap holds one full URL a line, such as https://example.com/page.")
			continue
		}
		if !f.add(u, "Line "+strconv.Itoa(number)+": ") {
			return
		}
	}
}

// readXMLSitemap reads a urlset, a sitemap index or a feed: elements are
// matched by local name, so a missing or different namespace still reads
// (Google does not insist on it either).
func readXMLSitemap(f *SitemapFile, data []byte) {
	r := newXMLReader(data)
	depth := 0 // open elements
	var text strings.Builder
	inLoc := false
	line := func() string { return "Line " + strconv.Itoa(r.line) + ": " }
	entries, withoutLoc := 0, 0
	entryHasLoc := false
	entry, locName := "", ""
	locDepth := 0
	locSize := 0 // the <loc>'s text in the file, in bytes: text keeps at most maxXMLText
	for {
		tok, ok := r.next()
		if !ok {
			break
		}
		switch tok.kind {
		case xmlStart:
			name := strings.ToLower(tok.name)
			if depth == 0 {
				switch name {
				case "urlset":
					f.Kind, entry, locName = SitemapURLSet, "url", "loc"
				case "sitemapindex":
					f.Kind, entry, locName = SitemapIndex, "sitemap", "loc"
				case "rss", "rdf":
					f.Kind, entry, locName = SitemapFeed, "item", "link"
				case "feed":
					f.Kind, entry, locName = SitemapFeed, "entry", "link"
				default:
					f.problem(line() + "the root element is <" + tok.name + ">, not <urlset> or <sitemapindex>, so this is not a sitemap: check the URL, or make the root <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">.")
					return
				}
				if enc := strings.ToLower(r.encoding); enc != "" && enc != "utf-8" && enc != "utf8" && enc != "us-ascii" && enc != "ascii" {
					f.problem("The sitemap declares the encoding " + r.encoding + ", but sitemaps must be UTF-8 (sitemaps.org); it is read as UTF-8 here: save it as UTF-8 and declare encoding=\"UTF-8\".")
				}
			}
			depth++
			if name == entry && (depth == 2 || f.Kind == SitemapFeed) {
				entries++
				entryHasLoc = false
				locDepth = depth + 1
			}
			if name == locName && depth == locDepth && entries > 0 {
				inLoc = true
				text.Reset()
				locSize = 0
				if f.Kind == SitemapFeed {
					for _, a := range tok.attrs {
						if a.name == "href" {
							text.WriteString(a.value)
						}
					}
				}
			}
		case xmlText:
			if inLoc {
				locSize += tok.size
				if text.Len() < maxXMLText {
					text.WriteString(tok.text)
				}
			}
		case xmlEnd:
			name := strings.ToLower(tok.name)
			depth--
			switch {
			case inLoc && name == locName && depth == locDepth-1:
				inLoc = false
				u := strings.TrimSpace(text.String())
				if entryHasLoc || u == "" {
					break
				}
				entryHasLoc = true
				if locSize > maxXMLText {
					f.tooLong(line(), "more than "+engine.Thousands(maxXMLText)+" bytes ("+engine.Thousands(locSize)+")", u)
					break
				}
				if !absoluteHTTP(u) {
					f.problem(line() + "<" + locName + "> " + strconv.Quote(clip(u, 80)) + " is not an absolute http(s) URL; write the full URL, such as https://example.com/page.")
					break
				}
				if !f.add(u, line()) {
					return
				}
			case name == entry && depth == locDepth-2:
				locDepth = 0
				if !entryHasLoc {
					withoutLoc++
					if withoutLoc == 1 {
						f.problem(line() + "a <" + entry + "> entry has no <" + locName + ">; give each entry one <" + locName + "> with its URL.")
					}
				}
			}
		}
	}
	if r.err != "" {
		f.problem("Line " + strconv.Itoa(r.errLine) + ": " + r.err + "; the XML is broken there, so nothing after it is read: fix the XML.")
	}
	if f.Kind == SitemapUnknown && len(f.Problems) == 0 {
		f.problem("The file has no root element, so it is not a sitemap: make the root <urlset> or <sitemapindex>.")
	}
	if withoutLoc > 1 {
		f.problem(engine.Thousands(withoutLoc) + " of " + engine.Thousands(entries) + " <" + entry + "> entries have no <" + locName + ">; give each one its URL.")
	}
}

// absoluteHTTP reports whether s starts like an absolute http or https URL.
func absoluteHTTP(s string) bool {
	l := strings.ToLower(s)
	return (strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")) && len(s) > len("https://")-1
}

// clip shortens s to n bytes at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
