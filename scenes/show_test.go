package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"
)

// oneGame is a show's program of one viewer's game.
type oneGame struct{ v *Viewer }

func (p *oneGame) next(*App) (*Viewer, error) {
	v := p.v
	p.v = nil
	return v, nil
}

func (p *oneGame) stop() {}

// panCounted is a board that counts the viewer's pans and records what it
// tells of the pointer.
type panCounted struct {
	inspected
	pans int
}

func (b *panCounted) Zoom(f, x, y float64) {}
func (b *panCounted) Pan(dx, dy float64)   { b.pans++ }
func (b *panCounted) Fit()                 {}

// A pointer parked at the screen's edge, or resting on the board, is
// hidden from an unattended show's game: no panning, no hover card. Once
// it moves, it pans and inspects as in the viewer, and is shown; resting
// restTime, it is hidden again.
func TestShowIgnoresARestingPointer(t *testing.T) {
	windowFocused = func() bool { return true }
	defer func() { windowFocused = ebiten.IsFocused }()
	rec := openFixture(t)
	board := &panCounted{inspected: inspected{View: mustView(t)}}
	show := newShow(&oneGame{NewViewer(rec, board)}, 1)
	a := newTestApp(show)
	defer show.Close()
	// The pointer rests at the window's left edge from the start.
	x, y := 2.0, 400.0
	parked := func(cond func() bool) {
		waitFor(t, a, func() bool {
			a.In.UI.X, a.In.UI.Y = x, y
			return cond()
		})
	}
	parked(func() bool { return show.phase == showTitle })
	show.since -= titleTime
	parked(func() bool { return show.phase == showPlaying })
	v := show.Viewer()
	at := func(x, y float64, n int) {
		for range n {
			a.In.UI.X, a.In.UI.Y = x, y
			tick(t, a, 1)
		}
	}
	mid := v.area.Min.Add(v.area.Size().Div(2))
	edge := func() { at(2, float64(mid.Y), 1) }

	at(x, y, 30)
	require.Zero(t, board.pans, "a pointer parked at the edge pans")
	at(float64(mid.X), float64(mid.Y), 1) // it moves
	at(float64(mid.X), float64(mid.Y), 10)
	require.True(t, board.on, "a pointer people move inspects the board")
	require.False(t, show.ptr.hidden)
	require.Equal(t, ebiten.CursorModeVisible, ebiten.CursorMode())
	edge()
	require.Positive(t, board.pans, "a pointer people move to the edge pans")

	at(float64(mid.X), float64(mid.Y), int((restTime+0.5)*float64(ebiten.TPS())))
	require.True(t, show.ptr.hidden, "a resting pointer is hidden")
	require.Equal(t, ebiten.CursorModeHidden, ebiten.CursorMode())
	require.False(t, board.on, "a resting pointer leaves no hover card")
	show.Close()
	require.Equal(t, ebiten.CursorModeVisible, ebiten.CursorMode(), "the show gives the pointer back")
}
