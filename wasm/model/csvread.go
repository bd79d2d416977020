package model

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// csvReader reads the CSV of an imported URL list (RFC 4180) a record at a
// time, as encoding/csv's Reader does with FieldsPerRecord -1 and every
// other option at its default: records end at LF or CRLF, CRLF reads as LF
// inside quotes, blank lines are skipped, a trailing CR at the end of the
// input is dropped, rows may have any number of fields, and a quote in an
// unquoted field or a quoted field not closed properly is an error naming
// the line. A test holds it to encoding/csv on random inputs; the package
// itself stays out of app.wasm, for the fmt it imports.
type csvReader struct {
	r        *bufio.Reader
	line     int // lines read so far
	startsAt int // the line the last record began on
}

// csvError is a CSV syntax error: the line it is on and what is wrong, in
// encoding/csv's words.
type csvError struct {
	line int
	err  error
}

func (e *csvError) Error() string { return e.err.Error() }

var (
	errCSVBareQuote = errors.New(`bare " in non-quoted-field`)
	errCSVQuote     = errors.New(`extraneous or missing " in quoted-field`)
)

func newCSVReader(src io.Reader) *csvReader {
	return &csvReader{r: bufio.NewReader(src)}
}

// readLine is the next line with its LF (CRLF read as LF), or the last
// line without one, and io.EOF after it.
func (c *csvReader) readLine() ([]byte, error) {
	line, err := c.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		line = bytes.Clone(line)
		for err == bufio.ErrBufferFull {
			var more []byte
			more, err = c.r.ReadSlice('\n')
			line = append(line, more...)
		}
	}
	if len(line) > 0 && err == io.EOF {
		err = nil
		if line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
	}
	if len(line) == 0 {
		return nil, err
	}
	c.line++
	if n := len(line); n >= 2 && line[n-2] == '\r' && line[n-1] == '\n' {
		line[n-2] = '\n'
		line = line[:n-1]
	}
	return line, err
}

// read is the next record, io.EOF after the last, or a *csvError.
func (c *csvReader) read() ([]string, error) {
	var line []byte
	for {
		var err error
		line, err = c.readLine()
		if err != nil {
			return nil, err
		}
		if len(line) != lengthNL(line) {
			break // not a blank line
		}
	}
	c.startsAt = c.line
	var fields []string
	var field []byte
	for {
		field = field[:0]
		if len(line) == 0 || line[0] != '"' {
			// An unquoted field: up to the next comma or the line's end.
			end := bytes.IndexByte(line, ',')
			if end < 0 {
				end = len(line) - lengthNL(line)
			}
			if bytes.IndexByte(line[:end], '"') >= 0 {
				return nil, &csvError{c.line, errCSVBareQuote}
			}
			fields = append(fields, string(line[:end]))
			if end < len(line) && line[end] == ',' {
				line = line[end+1:]
				continue
			}
			return fields, nil
		}
		// A quoted field, which may run over lines.
		line = line[1:]
		for {
			q := bytes.IndexByte(line, '"')
			switch {
			case q >= 0:
				field = append(field, line[:q]...)
				line = line[q+1:]
				switch {
				case len(line) > 0 && line[0] == '"':
					field = append(field, '"') // a doubled quote
					line = line[1:]
					continue
				case len(line) > 0 && line[0] == ',':
					fields = append(fields, string(field))
					line = line[1:]
				case lengthNL(line) == len(line):
					return append(fields, string(field)), nil
				default:
					return nil, &csvError{c.line, errCSVQuote}
				}
			case len(line) > 0:
				field = append(field, line...)
				var err error
				if line, err = c.readLine(); err == io.EOF {
					return nil, &csvError{c.line, errCSVQuote}
				} else if err != nil {
					return nil, err
				}
				continue
			default:
				return nil, &csvError{c.line, errCSVQuote}
			}
			break
		}
	}
}

// lengthNL is 1 when b ends in LF, else 0.
func lengthNL(b []byte) int {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		return 1
	}
	return 0
}
