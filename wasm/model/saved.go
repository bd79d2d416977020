package model

// Saved is the whole state of the tester: what a permalink carries, what the
// autosave keeps and what a draft restores.
type Saved struct {
	Robots    string // the robots.txt bytes, exactly (CRLF, BOM, invalid UTF-8 kept)
	Crawler   string // catalogue crawler name, "" for a custom token
	Token     string // the custom product token
	URLs      string // the URL list, one per line
	Status    string // the server-answer choice (an engine Answers() ID)
	RobotsURL string // the robots.txt URL or site origin typed for the scope check

	Embed    bool // the link opens in the compact embed layout
	ReadOnly bool // the embedded editor cannot be edited

	// The matrix, diff and expectations views (views.go).
	View      string // the open view's ID, "" for the results
	Preset    string // the matrix's column preset (catalogue.Presets ID), "" for AI crawlers, "none" for none
	Columns   string // more columns: crawler names or typed tokens, one a line
	Other     string // the version the draft is compared with, bytes exact
	OtherName string // where Other came from, for the diff's heading
	Expect    string // the pinned expectations, as engine.Expectations JSON
	ReadAs    string // the matrix's reading: "" for Google's parser, "own" for each crawler's reader
	AIPolicy  string // the AI view's policy: the choices made, as PolicyText writes them
}
