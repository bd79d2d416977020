package catalogue

// IsTokenByte lets the external tests compare the catalogue's copy of the
// token bytes with the engine's (crawlers_engine_test.go).
var IsTokenByte = isTokenByte
