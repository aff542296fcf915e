package web_test

import (
	"context"
	"maps"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// TestCompareInTheBrowser opens a replay, presses C ("compare with…") and
// chooses a copy of its game with another move at turn 5 in the page's
// file picker: the two open side by side.
func TestCompareInTheBrowser(t *testing.T) {
	tb := open(t, "/?replay="+fixture(t, "santorini/game.txt"))
	tb.until("the viewer", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })

	a, err := game.OpenFile(filepath.Join(fixtures, "santorini/game.txt"))
	require.NoError(t, err)
	b, eng, err := game.Play(a.Title, a.Header, nil)
	require.NoError(t, err)
	for i := 1; i < a.Timeline.Len() && !eng.Over(); i++ {
		step := maps.Clone(a.Timeline.Frame(i).Moves)
		if i == 5 {
			step = a.Timeline.Frame(7).Moves
		}
		if game.Advance(b, eng, step, nil) != nil {
			break
		}
	}
	other := filepath.Join(t.TempDir(), "other.arena")
	require.NoError(t, game.Save(b, other))

	// The picker is the test's, not a dialog that headless Chromium
	// cancels at once.
	tb.run(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, cdppage.SetInterceptFileChooserDialog, cdppage.SetInterceptFileChooserDialogParams{Enabled: true})
		return err
	}))
	tb.keys("c")
	tb.until("the picker's prompt", 5*time.Second, func(s status) bool { return s.Toast != "" })
	tb.run(setUploadFiles("#arena-open", other))
	s := tb.until("the two side by side", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Compare" })
	require.Contains(t, s.Toast, "Choose the replay to compare")
}
