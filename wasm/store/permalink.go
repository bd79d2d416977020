//go:build js && wasm

package store

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"strconv"
	"strings"

	"robotstester/wasm/browser"
	"robotstester/wasm/model"
)

// StateVersion prefixes every encoded state so the format can change: a
// reader refuses a version it does not know instead of misreading it.
const StateVersion = "v1."

// maxLinkFragment is the longest fragment EncodeFragment builds. Browsers
// accept far longer addresses (Chrome up to 2 MB), but links travel through
// chat and mail: Slack cuts messages at 40,000 characters and many mail
// clients wrap or cut long lines. 32,000 characters leaves room for the page
// address and a message around the link.
const maxLinkFragment = 32000

// maxStateBytes bounds what a decoded state may inflate to, so a crafted link
// cannot exhaust memory. It is far above any robots.txt a link can carry.
const maxStateBytes = 16 << 20

// Field tags of the binary layout. Each field is written as its tag, the
// uvarint length of its value and the value's bytes; empty fields are left
// out and a reader skips tags it does not know, so fields can be added
// without a new version.
const (
	tagRobots    = 1
	tagCrawler   = 2
	tagToken     = 3
	tagURLs      = 4
	tagStatus    = 5
	tagRobotsURL = 6
	tagEmbed     = 7 // present (empty value) when true
	tagReadOnly  = 8 // present (empty value) when true

	// The views' fields start at 32, clear of the tags other fields take
	// as they are added after 8.
	tagView      = 32
	tagPreset    = 33
	tagColumns   = 34
	tagOther     = 35
	tagOtherName = 36
	tagExpect    = 37
	tagReadAs    = 38
	tagAIPolicy  = 39
)

// maxAIPolicyBytes bounds the AI view's policy a state is read with: the
// catalogue's purposes and operators, each chosen, take under 1 KiB.
const maxAIPolicyBytes = 4 << 10

// errNotState marks a fragment that is not a saved state at all (an anchor
// such as "#results"): the page simply opens with its draft.
var errNotState = errors.New("not a saved state")

// EncodeFragment encodes s as a URL fragment, "#v1." followed by the
// raw-DEFLATE-compressed binary layout in unpadded base64url. The fragment is
// never sent to a server, so a shared robots.txt stays on the machines of the
// people who open the link. It waits for the browser's compression: call it
// from a goroutine (deflate.go).
func EncodeFragment(s model.Saved) (string, error) {
	enc, err := EncodeState(s)
	if err != nil {
		return "", errors.New("The link could not be made: " + err.Error() + ".")
	}
	if len(enc)+1 > maxLinkFragment {
		return "", errors.New("This state needs a " + model.Number(len(enc)+1) + "-character link, longer than the " + model.Number(maxLinkFragment) +
			" characters a link can safely carry: share files instead (Download the robots.txt, Export the results).")
	}
	return "#" + enc, nil
}

// maxLinkURLBytes is the longest URL list a link is tried with: URL lists
// compress about eightfold, so a longer one cannot fit maxLinkFragment, and
// compressing it to find out would hold the page.
const maxLinkURLBytes = 256 << 10

// LinkState is what a link can carry of s: all of it, or the robots.txt
// and settings without a URL list too long for a link (imported names a
// long imported list, never in s). note says what was left out and what to
// do, "" when nothing was.
func LinkState(s model.Saved, imported *model.ImportedList) (model.Saved, string) {
	pinsLeft := ""
	if len(s.Expect) > maxLinkExpectBytes {
		s.Expect, pinsLeft = "", pinsTooMany
	}
	s, note := linkStateWithPins(s, imported)
	return s, strings.TrimSpace(pinsLeft + " " + note)
}

// maxLinkExpectBytes is the longest Saved.Expect a link is tried with:
// like a URL list, a longer one cannot fit maxLinkFragment.
const maxLinkExpectBytes = 256 << 10

// pinsTooMany says a link left the matrix's expectations out.
const pinsTooMany = "The link leaves out the expectations: there are too many for a link. Export them, and send the file along with it."

// linkStateWithPins is LinkState once the expectations fit.
func linkStateWithPins(s model.Saved, imported *model.ImportedList) (model.Saved, string) {
	switch {
	case imported != nil:
		return s, "The link carries the robots.txt and settings, not the " + model.Number(imported.URLs.Len()) + " URLs imported from " +
			imported.Name + ": a link holds at most " + model.Number(maxLinkFragment) + " characters. Send the file along with it."
	case len(s.URLs) > maxLinkURLBytes:
		s.URLs = ""
		return s, listTooLong
	}
	if _, err := EncodeFragment(s); err != nil && s.URLs != "" {
		s.URLs = ""
		return s, listTooLong
	}
	return s, ""
}

// listTooLong says a link left its URL list out.
var listTooLong = "The link carries the robots.txt and settings, not the URL list: the list is too long for a link (at most " +
	model.Number(maxLinkFragment) + " characters). Send the list as a file, or Export the results."

// DecodeFragment reads a state from a fragment, with or without its leading
// "#". present is false when the fragment holds no state; err says why a
// fragment that holds one could not be read.
func DecodeFragment(fragment string) (s model.Saved, present bool, err error) {
	s, err = DecodeState(strings.TrimPrefix(fragment, "#"))
	if errors.Is(err, errNotState) {
		return model.Saved{}, false, nil
	}
	return s, true, err
}

// EncodeState is the version-prefixed, compressed, base64url form of s,
// shared by permalinks and the autosave. It waits for the browser's
// compression (deflate.go).
func EncodeState(s model.Saved) (string, error) {
	packed, err := browser.DeflateRaw(StateLayout(s))
	if err != nil {
		return "", err
	}
	return StateVersion + base64.RawURLEncoding.EncodeToString(packed), nil
}

// StateLayout is s in the binary layout the tags above describe.
func StateLayout(s model.Saved) []byte {
	var raw []byte
	field := func(tag byte, v string) {
		if v == "" {
			return
		}
		raw = append(raw, tag)
		raw = binary.AppendUvarint(raw, uint64(len(v)))
		raw = append(raw, v...)
	}
	flag := func(tag byte, on bool) {
		if on {
			raw = append(raw, tag, 0)
		}
	}
	field(tagRobots, s.Robots)
	field(tagCrawler, s.Crawler)
	field(tagToken, s.Token)
	field(tagURLs, s.URLs)
	field(tagStatus, s.Status)
	field(tagRobotsURL, s.RobotsURL)
	flag(tagEmbed, s.Embed)
	flag(tagReadOnly, s.ReadOnly)
	field(tagView, s.View)
	field(tagPreset, s.Preset)
	field(tagColumns, s.Columns)
	field(tagOther, s.Other)
	field(tagOtherName, s.OtherName)
	field(tagExpect, s.Expect)
	field(tagReadAs, s.ReadAs)
	field(tagAIPolicy, s.AIPolicy)
	return raw
}

// DecodeState reverses EncodeState, waiting for the browser to inflate it.
// Every failure is a sentence that says what to do; a damaged input never
// panics.
func DecodeState(enc string) (model.Saved, error) {
	version, body, ok := strings.Cut(enc, ".")
	if !ok || !isVersion(version) {
		return model.Saved{}, errNotState
	}
	if version+"." != StateVersion {
		return model.Saved{}, errors.New("This link was made by another version of the tester (format " + version + "; this copy reads " +
			strings.TrimSuffix(StateVersion, ".") + "): open it in an up-to-date tester.")
	}
	// Chat apps and mail often glue punctuation to the end of a link
	// ("…#v1.abc)." ): nothing outside base64url belongs to the state.
	body = strings.TrimRightFunc(body, func(c rune) bool { return !isBase64URL(c) })
	packed, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return model.Saved{}, linkDamaged("it holds characters a link never has")
	}
	raw, err := browser.InflateRaw(packed, maxStateBytes)
	switch {
	case errors.Is(err, browser.ErrTooLarge):
		return model.Saved{}, errors.New("This link unpacks to more than " + strconv.Itoa(maxStateBytes>>20) +
			" MiB, more than any robots.txt needs: open the robots.txt as a file instead.")
	case errors.Is(err, browser.ErrNoStreams):
		return model.Saved{}, errors.New("This link cannot be opened here: " + err.Error() + ".")
	case err != nil:
		return model.Saved{}, linkDamaged("its data does not decompress")
	}
	return ReadLayout(raw)
}

// linkDamaged says a link is damaged, and why.
func linkDamaged(why string) error {
	return errors.New("This link is damaged (" + why + "), perhaps cut when it was copied: copy the whole link again.")
}

// ReadLayout reads a state from its binary layout (StateLayout).
func ReadLayout(raw []byte) (model.Saved, error) {
	var s model.Saved
	for len(raw) > 0 {
		tag := raw[0]
		n, size := binary.Uvarint(raw[1:])
		if size <= 0 || n > uint64(len(raw)-1-size) {
			return model.Saved{}, linkDamaged("a field runs past the end of the data")
		}
		v := string(raw[1+size : 1+size+int(n)])
		raw = raw[1+size+int(n):]
		switch tag {
		case tagRobots:
			s.Robots = v
		case tagCrawler:
			s.Crawler = v
		case tagToken:
			s.Token = v
		case tagURLs:
			s.URLs = v
		case tagStatus:
			s.Status = v
		case tagRobotsURL:
			s.RobotsURL = v
		case tagEmbed:
			s.Embed = true
		case tagReadOnly:
			s.ReadOnly = true
		case tagView:
			s.View = v
		case tagPreset:
			s.Preset = v
		case tagColumns:
			s.Columns = v
		case tagOther:
			s.Other = v
		case tagOtherName:
			s.OtherName = v
		case tagExpect:
			s.Expect = v
		case tagReadAs:
			s.ReadAs = v
		case tagAIPolicy:
			// A few hundred bytes say every choice the view offers; a
			// longer one was crafted, and each render would read it
			// again (model.PolicyValue).
			if len(v) <= maxAIPolicyBytes {
				s.AIPolicy = v
			}
		}
	}
	return s, nil
}

// isVersion reports whether v reads as a format version: "v" and digits.
func isVersion(v string) bool {
	if len(v) < 2 || v[0] != 'v' {
		return false
	}
	for _, c := range v[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isBase64URL(c rune) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// ReadAsOwn is the ReadAs value for each crawler's own reader.
const ReadAsOwn = "own"
