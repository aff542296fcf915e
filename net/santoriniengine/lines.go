package santoriniengine

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest line of the protocol, either way: the longest
// position or move-file command is well under 200 bytes.
const MaxLine = 64 << 10

// errLongLine is the error of a line longer than MaxLine; the line is
// dropped and reading goes on.
var errLongLine = fmt.Errorf("a line longer than %d bytes", MaxLine)

// lineReader reads protocol lines: without their "\n" (and a "\r" before
// it), each at most MaxLine bytes. A longer line is read to its end and
// dropped, whatever its length, and reported as errLongLine; reading goes
// on after it.
type lineReader struct {
	r *bufio.Reader
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 4096)}
}

// next is the next line, errLongLine for a line too long, or the reader's
// error at the end (io.EOF; a last line without "\n" is still a line).
func (l *lineReader) next() (string, error) {
	var line []byte
	long := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > MaxLine+2 { // room for "\r\n"
				long, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && (len(line) == 0 && !long || !errors.Is(err, io.EOF)):
			return "", err
		case long:
			return "", errLongLine
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if len(line) > MaxLine {
			return "", errLongLine
		}
		return string(line), nil
	}
}
