package web_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// TestDebugMarksInTheBrowser opens, through the page's file picker, a
// Santorini replay whose bots drew a magenta circle round C3 every turn:
// the page draws it; M, pressed until no player's marks show, hides it.
func TestDebugMarksInTheBrowser(t *testing.T) {
	path := filepath.Join(fixtures, "santorini/game.txt")
	fixture(t, "santorini/game.txt")
	orig, err := game.OpenFile(path)
	require.NoError(t, err)
	rec, eng, err := game.Play(orig.Title, orig.Header, nil)
	require.NoError(t, err)
	for i := 1; i < orig.Timeline.Len() && !eng.Over(); i++ {
		notes := map[game.Seat]game.Notes{}
		for s := range orig.Timeline.Frame(i).Moves {
			var n game.Notes
			n.AddMarks(game.Mark{Kind: "circle", At: &[2]int{2, 2}, Radius: 1, Color: "#ff00ff"})
			notes[s] = n
		}
		require.NoError(t, game.Advance(rec, eng, orig.Timeline.Frame(i).Moves, notes))
	}
	marked := filepath.Join(t.TempDir(), "marked.arena")
	require.NoError(t, game.Save(rec, marked))

	tb := open(t, "/")
	tb.run(setUploadFiles("#arena-open", marked))
	tb.until("the viewer", 30*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	tb.keys(kb.Home)
	tb.until("the start", 5*time.Second, func(s status) bool { return s.Turn == 0 })
	magenta := func() int {
		img, n := tb.screenshot(), 0
		for i := 0; i+3 < len(img.Pix); i += 4 {
			if p := img.Pix[i : i+3]; p[0] > 200 && p[1] < 90 && p[2] > 200 {
				n++
			}
		}
		return n
	}
	require.Eventually(t, func() bool { return magenta() > 200 }, 10*time.Second, 100*time.Millisecond, "the bot's circle round C3")
	for _, toast := range []string{"Player 1's only", "Player 2's only", "hidden"} { // M: every player's, each one's alone, none
		tb.keys("m")
		tb.until("M: "+toast, 5*time.Second, func(s status) bool { return strings.HasSuffix(s.Toast, toast) })
	}
	require.Eventually(t, func() bool { return magenta() == 0 }, 10*time.Second, 100*time.Millisecond, "M hid the marks")
}
