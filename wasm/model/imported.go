package model

// ImportedList is a URL list read from a file, too long for the text box:
// the page keeps it aside, shows its name and size, and does not carry it
// in links or drafts (permalink.go, storage.go say so).
type ImportedList struct {
	Name  string
	URLs  URLList
	Typed string // the text box's list before, back when this one is dropped
}

// MaxTypedURLs is the longest list put into the text box, where a person
// can edit it. Chromium lays out every line of a textarea on each change
// (100,000 URLs: 4 s, measured with Chromium 131 on the 2-core benchmark
// machine), so a longer list, imported or pasted, is kept aside.
const MaxTypedURLs = 5000
