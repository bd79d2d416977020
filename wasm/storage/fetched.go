//go:build js && wasm

package storage

import (
	"encoding/base64"
	"encoding/json"
	"time"
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
	Site string    // the robots.txt URL asked for
	From string    // the URL the fetch ended at
	At   time.Time // when it was fetched
	Body string    // the bytes, exactly
}

type storedFetched struct {
	Site, From string
	At         time.Time
	Body       string // base64
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
	out := make([]storedFetched, len(kept))
	for i, v := range kept {
		out[i] = storedFetched{v.Site, v.From, v.At, base64.StdEncoding.EncodeToString([]byte(v.Body))}
	}
	enc, err := json.Marshal(out)
	if err != nil {
		return false
	}
	fetchedCache.read = false
	return storageSet(fetchedKey, string(enc)) == nil
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
	var stored []storedFetched
	if json.Unmarshal([]byte(storedString(fetchedKey)), &stored) != nil {
		return nil
	}
	out := make([]Fetched, 0, len(stored))
	for _, v := range stored {
		body, err := base64.StdEncoding.DecodeString(v.Body)
		if err != nil {
			continue
		}
		out = append(out, Fetched{v.Site, v.From, v.At, string(body)})
	}
	return out
}
