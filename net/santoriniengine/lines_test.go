package santoriniengine

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Lines of any length: a long one is dropped and reported, and the next
// lines read as ever.
func TestLineReader(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("x", 3<<20)
	r := newLineReader(strings.NewReader("go depth 3\r\n" + huge + "\nstop\n" + strings.Repeat("y", MaxLine) + "\nquit"))
	for _, want := range []string{"go depth 3", "", "stop", strings.Repeat("y", MaxLine), "quit"} {
		got, err := r.next()
		if want == "" {
			require.ErrorIs(t, err, errLongLine)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, err := r.next()
	require.ErrorIs(t, err, io.EOF)

	r = newLineReader(strings.NewReader(huge)) // no newline, then the end
	_, err = r.next()
	require.ErrorIs(t, err, errLongLine)
	_, err = r.next()
	require.ErrorIs(t, err, io.EOF)
}
