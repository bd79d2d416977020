package fetch

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// decodedBody undoes the Content-Encoding (RFC 9110 §8.4), last coding
// first. "deflate" is the zlib format (RFC 9110 §8.4.1.2), but some servers
// send raw DEFLATE, which is read too.
func decodedBody(resp *http.Response) (io.ReadCloser, error) {
	codings := strings.Split(resp.Header.Get("Content-Encoding"), ",")
	var r io.Reader = resp.Body
	for i := len(codings) - 1; i >= 0; i-- {
		switch c := strings.ToLower(strings.TrimSpace(codings[i])); c {
		case "", "identity":
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(r)
			if err != nil {
				return nil, errors.New("The server said the body is gzip, but it is not (" + err.Error() + "); fix the server's Content-Encoding header.")
			}
			r = zr
		case "deflate":
			br := bufio.NewReader(r)
			if head, err := br.Peek(2); err == nil && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 && head[0]&0x0f == 8 {
				zr, err := zlib.NewReader(br)
				if err != nil {
					return nil, errors.New("The server said the body is deflate, but it is not (" + err.Error() + "); fix the server's Content-Encoding header.")
				}
				r = zr
			} else {
				r = flate.NewReader(br)
			}
		case "br":
			r = brotli.NewReader(r)
		default:
			return nil, errors.New("The server sent the body in the " + strconv.Quote(c) + " encoding, which the tester cannot decode (nor can Googlebot, which asks for gzip, deflate or br); serve robots.txt uncompressed or gzip-compressed.")
		}
	}
	return readCloser{r, resp.Body}, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}
