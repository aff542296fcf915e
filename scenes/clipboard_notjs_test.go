//go:build !js

package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.design/x/clipboard"
)

// Ctrl+C puts the analysis board's notation on the desktop's clipboard and
// Ctrl+V reads a position from it; pasted text that is no position says so
// and keeps the board.
func TestAnalysisBoardClipboard(t *testing.T) {
	if err := desktopClipboard(); err != nil {
		t.Skipf("no clipboard on this display: %v", err)
	}
	ab, err := NewAnalysisBoard(AnalysisStart)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.Push(ab)
	defer ab.Close()
	tick(t, a, 1)

	a.In.Copy = true
	tick(t, a, 1)
	require.Equal(t, AnalysisStart, string(clipboard.Read(clipboard.FmtText)))
	require.Contains(t, a.toast, "Copied")

	paste := func(text string) {
		t.Helper()
		clipboard.Write(clipboard.FmtText, []byte(text))
		a.toast = ""
		a.In.Paste = true
		tick(t, a, 1)
		deadline := time.Now().Add(5 * time.Second)
		for ab.Position() != strings.TrimSpace(text) && a.toast == "" && time.Now().Before(deadline) {
			a.runLater() // the clipboard's answer, as Update runs it
			tick(t, a, 1)
			time.Sleep(5 * time.Millisecond)
		}
	}
	paste("0000000000000000000023000/1/A1,E5/C5,E3\n")
	require.Equal(t, "0000000000000000000023000/1/A1,E5/C5,E3", ab.Position(), a.toast)
	paste("0000000000000000000000000/3/C3,B2/C2,D2")
	require.Contains(t, a.toast, `side "3" is not 1 or 2`)
	paste(strings.Repeat("0", 5000))
	require.Contains(t, a.toast, "is not a position")
	require.Equal(t, "0000000000000000000023000/1/A1,E5/C5,E3", ab.Position(), "the board stays")
}
