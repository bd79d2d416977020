//go:build !js

package engine

import "golang.org/x/net/idna"

// Native builds map international hosts with x/net/idna, under the profile
// hostascii.go describes. js/wasm builds leave its tables out: the browser
// programs install the browser's own mapping instead (issue 13: the engine
// alone ≤ 600 KB as Brotli).
func init() {
	SetHostMapper(hostProfile.ToASCII)
}

// hostProfile is the WHATWG URL "domain to ASCII" profile (beStrict false).
var hostProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
)
