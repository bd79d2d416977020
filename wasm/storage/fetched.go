//go:build js && wasm

package storage

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// The last few robots.txt files fetched from each site, kept in
// localStorage so the diff view can compare the draft with what a site
// served before (issue 22). Only this browser keeps them. The bytes are
// kept exactly (base64: a robots.txt may hold bytes that are not UTF-8).

const fetchedKey = "robots-tester.fetched"

// Bounds on what is kept, so the versions never crowd out the draft
// (browsers give a site about 5 MB of localStorage): a larger file is not
// kept at all.
const (
	maxFetchedPerSite = 3
	maxFetchedAll     = 8
	maxFetchedBytes   = 64 << 10
)

// Fetched is one robots.txt as a site served it.
type Fetched struct {
	Site string // the robots.txt URL asked for
	From string // the URL the fetch ended at
	AtMs int    // when it was fetched, in ms since 1970 (no time.Time: the page links no time formatting, wasmdeps_test)
	Body string // the bytes, exactly
}

// RememberFetched keeps f, newest first, dropping the oldest versions past
// the bounds and an older copy of the same bytes from the same site. It
// reports whether f was kept: a file over maxFetchedBytes is not.
func RememberFetched(f Fetched) bool {
	if len(f.Body) > maxFetchedBytes {
		return false
	}
	all := append([]Fetched{f}, loadFetched()...)
	kept := all[:0:0]
	perSite := map[string]int{}
	for i, v := range all {
		if i > 0 && v.Site == f.Site && v.Body == f.Body {
			continue
		}
		if perSite[v.Site] >= maxFetchedPerSite || len(kept) >= maxFetchedAll {
			continue
		}
		perSite[v.Site]++
		kept = append(kept, v)
	}
	// One line a version, its fields apart by tabs (URLs hold neither):
	// the page links no encoding/json (wasmdeps_test).
	var b strings.Builder
	for _, v := range kept {
		b.WriteString(v.Site + "\t" + v.From + "\t" + strconv.Itoa(v.AtMs) + "\t" + base64.StdEncoding.EncodeToString([]byte(v.Body)) + "\n")
	}
	fetchedCache.read = false
	return storageSet(fetchedKey, b.String()) == nil
}

// fetchedCache is what loadFetched last read: the diff view asks on every
// render, and reading and decoding half a megabyte each time would cost
// the page more than a render should.
var fetchedCache struct {
	read bool
	all  []Fetched
}

// FetchedFrom are the kept versions of the robots.txt at site, newest
// first.
func FetchedFrom(site string) []Fetched {
	var out []Fetched
	for _, v := range loadFetched() {
		if v.Site == site {
			out = append(out, v)
		}
	}
	return out
}

// loadFetched reads every kept version; anything unreadable counts as none.
func loadFetched() []Fetched {
	if fetchedCache.read {
		return fetchedCache.all
	}
	fetchedCache.read, fetchedCache.all = true, readFetched()
	return fetchedCache.all
}

func readFetched() []Fetched {
	var out []Fetched
	for _, line := range strings.Split(storedString(fetchedKey), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue
		}
		at, err := strconv.Atoi(f[2])
		body, err2 := base64.StdEncoding.DecodeString(f[3])
		if err != nil || err2 != nil {
			continue
		}
		out = append(out, Fetched{f[0], f[1], at, string(body)})
	}
	return out
}
