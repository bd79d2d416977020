package catalogue_test

import (
	"testing"

	"robotstester/engine"
	"robotstester/engine/catalogue"
)

// The catalogue cannot import the engine, so it keeps its own copy of the
// bytes of a product token (crawlers.go, isTokenByte); it must stay the
// engine's, or CrawlerForUserAgent would cut words where Google does not.
func TestIsTokenByteIsTheEngines(t *testing.T) {
	for c := range 256 {
		if got, want := catalogue.IsTokenByte(byte(c)), engine.IsTokenByte(byte(c)); got != want {
			t.Errorf("byte %#02x: the catalogue's isTokenByte says %v, engine.IsTokenByte %v", c, got, want)
		}
	}
}
