//go:build js && wasm

package main

import "strings"

// urlList is a URL list as one text, the URLs joined by LF, and where each
// ends: two allocations whatever its length. A million URLs as a million
// strings would be a million objects for the garbage collector to walk on
// the page's thread, a pause the length of a long task.
type urlList struct {
	text string  // the URLs, each followed by LF but the last
	ends []int32 // URL i is text[start(i):ends[i]]
}

// Len is the number of URLs.
func (l urlList) Len() int { return len(l.ends) }

// start is where URL i begins in text.
func (l urlList) start(i int) int {
	if i == 0 {
		return 0
	}
	return int(l.ends[i-1]) + 1
}

// At is URL i, a substring of text.
func (l urlList) At(i int) string { return l.text[l.start(i):l.ends[i]] }

// span is the text of URLs from ≤ i < to, joined by LF.
func (l urlList) span(from, to int) string {
	if from >= to {
		return ""
	}
	return l.text[l.start(from):l.ends[to-1]]
}

// listBuilder builds a urlList one URL at a time.
type listBuilder struct {
	b    strings.Builder
	ends []int32
}

func (lb *listBuilder) add(u string) {
	if len(lb.ends) > 0 {
		lb.b.WriteByte('\n')
	}
	lb.b.WriteString(u)
	lb.ends = append(lb.ends, int32(lb.b.Len()))
}

func (lb *listBuilder) list() urlList { return urlList{text: lb.b.String(), ends: lb.ends} }

// splitURLs reads the URL list as typed: one URL or path per line (LF, CR
// or CRLF, as an imported file may have), blank lines and surrounding
// spaces dropped.
func splitURLs(text string) urlList {
	var lb listBuilder
	lb.b.Grow(len(text))
	lb.ends = make([]int32, 0, strings.Count(text, "\n")+1)
	for text != "" {
		text = lb.addLine(text)
	}
	return lb.list()
}

// addLine adds the first line of text, unless blank, and returns the rest.
func (lb *listBuilder) addLine(text string) string {
	end := strings.IndexAny(text, "\n\r")
	line := text
	if end < 0 {
		text = ""
	} else {
		line, text = text[:end], text[end+1:]
	}
	if u := strings.TrimSpace(line); u != "" {
		lb.add(u)
	}
	return text
}

// joinedURLs reads a text of URLs joined by LF, as splitURLs leaves them
// (what the page sends a worker).
func joinedURLs(text string) urlList {
	if text == "" {
		return urlList{}
	}
	ends := make([]int32, 0, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			ends = append(ends, int32(i))
		}
	}
	return urlList{text: text, ends: append(ends, int32(len(text)))}
}
