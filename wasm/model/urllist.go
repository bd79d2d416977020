package model

import "strings"

// URLList is a URL list as one text, the URLs joined by LF, and where each
// ends: two allocations whatever its length. A million URLs as a million
// strings would be a million objects for the garbage collector to walk on
// the page's thread, a pause the length of a long task.
type URLList struct {
	Text string  // the URLs, each followed by LF but the last
	Ends []int32 // URL i is text[start(i):ends[i]]
}

// Len is the number of URLs.
func (l URLList) Len() int { return len(l.Ends) }

// start is where URL i begins in text.
func (l URLList) start(i int) int {
	if i == 0 {
		return 0
	}
	return int(l.Ends[i-1]) + 1
}

// At is URL i, a substring of text.
func (l URLList) At(i int) string { return l.Text[l.start(i):l.Ends[i]] }

// Span is the text of URLs from ≤ i < to, joined by LF.
func (l URLList) Span(from, to int) string {
	if from >= to {
		return ""
	}
	return l.Text[l.start(from):l.Ends[to-1]]
}

// ListBuilder builds a urlList one URL at a time.
type ListBuilder struct {
	B    strings.Builder
	ends []int32
}

func (lb *ListBuilder) Add(u string) {
	if len(lb.ends) > 0 {
		lb.B.WriteByte('\n')
	}
	lb.B.WriteString(u)
	lb.ends = append(lb.ends, int32(lb.B.Len()))
}

func (lb *ListBuilder) List() URLList { return URLList{Text: lb.B.String(), Ends: lb.ends} }

// SplitURLs reads the URL list as typed: one URL or path per line (LF, CR
// or CRLF, as an imported file may have), blank lines and surrounding
// spaces dropped.
func SplitURLs(text string) URLList {
	var lb ListBuilder
	lb.B.Grow(len(text))
	lb.ends = make([]int32, 0, strings.Count(text, "\n")+1)
	for text != "" {
		text = lb.AddLine(text)
	}
	return lb.List()
}

// AddLine adds the first line of text, unless blank, and returns the rest.
func (lb *ListBuilder) AddLine(text string) string {
	end := strings.IndexAny(text, "\n\r")
	line := text
	if end < 0 {
		text = ""
	} else {
		line, text = text[:end], text[end+1:]
	}
	if u := strings.TrimSpace(line); u != "" {
		lb.Add(u)
	}
	return text
}

// JoinedURLs reads a text of URLs joined by LF, as SplitURLs leaves them
// (what the page sends a worker).
func JoinedURLs(text string) URLList {
	if text == "" {
		return URLList{}
	}
	ends := make([]int32, 0, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			ends = append(ends, int32(i))
		}
	}
	return URLList{Text: text, Ends: append(ends, int32(len(text)))}
}
