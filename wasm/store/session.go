//go:build js && wasm

package store

import "robotstester/wasm/model"

// A site session (issue 22): fetching a site, opening or pasting a whole
// new file, or opening a link starts a new one. Everything derived from the
// file before it goes (the server answer and "Served at" when the new file
// says nothing of them, the comparison the diff gutter drew, and, through
// OnNewSite, the site panel's strip and sitemap results), so nothing about
// one site is shown as about the next. The file before is kept, named, as
// a version the diff view offers (Previous), never as a silent baseline.

// PreviousFile is the state a new session replaced, with what it was.
type PreviousFile struct {
	Saved model.Saved
	// Name says which file it was, for the diff view's buttons and
	// heading: "the file before this fetch", "… before you opened x.txt".
	Name string
}

// Session numbers the site sessions so far, and Previous is the state the
// latest one replaced (nil when it replaced no text).
type Session struct {
	ID       int
	Kind     string // how the latest came: one of the From constants, "" for none
	Previous *PreviousFile
	// From says where the editor's file came from, for the sentence that
	// names it ("the example", "fetched from …", "opened from x.txt",
	// "pasted", "a link"); it changes only with a session.
	From string
}

// How a new session came. Each names the file it replaced.
const (
	FromFetch = "fetch"
	FromOpen  = "open"
	FromPaste = "paste"
	FromLink  = "link"
)

// beforeName is how the file a session of kind replaced is named.
func beforeName(kind, what string) string {
	switch kind {
	case FromFetch:
		return "the file before this fetch"
	case FromOpen:
		return "the file before you opened " + what
	case FromPaste:
		return "the file before this paste"
	}
	return "the file before this link"
}

// OnNewSite lets a panel drop what it derived from the previous site; f
// may change the state the session starts with (a URL list its sitemaps
// filled). Main and the panels call it once, at start.
func (s *State) OnNewSite(f func(in *model.Saved)) {
	s.newSiteHooks = append(s.newSiteHooks, f)
}

// NewSite replaces the state with in, a file that starts a new site
// session: kind is one of the From constants, what names the file (the
// URL fetched, the file opened). For a file opened or pasted, which says
// nothing of where it is served or how, "Served at" and the server answer
// go back to their defaults; a fetch and a link set their own.
func (s *State) NewSite(in model.Saved, kind, what string) { s.NewSiteThen(in, kind, what, nil) }

// NewSiteThen is NewSite, then runs then as ReplaceThen does.
func (s *State) NewSiteThen(in model.Saved, kind, what string, then func()) {
	prev := s.In
	s.Session.ID++
	s.Session.Kind, s.Session.Previous = kind, nil
	if prev.Robots != in.Robots {
		s.Session.Previous = &PreviousFile{Saved: prev, Name: beforeName(kind, what)}
	}
	switch kind {
	case FromOpen, FromPaste:
		in.RobotsURL, in.Status = "", ""
	}
	if kind == FromFetch {
		// A message about the previous file ("Opened x.txt.") is not
		// about this one; the other kinds set their own.
		s.Message, s.Link = "", ""
	}
	if kind != FromLink {
		// The version compared with was the previous site's business.
		in.Other, in.OtherName = "", ""
	}
	switch {
	case prev.Robots == in.Robots:
		// The editor keeps its file (a fetch whose answer had none): it
		// still comes from where it came from.
	case kind == FromFetch:
		s.Session.From = "fetched from " + what
	case kind == FromOpen:
		s.Session.From = "opened from " + what
	case kind == FromPaste:
		s.Session.From = "pasted"
	default:
		s.Session.From = "opened from a link"
	}
	s.Live = nil
	for _, f := range s.newSiteHooks {
		f(&in)
	}
	s.ReplaceThen(in, then)
}
