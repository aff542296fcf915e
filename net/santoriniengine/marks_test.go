package santoriniengine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// The starter engine of docs/debug-drawing.md, from its placement to the
// game's end against a built-in player: its info marks and info string
// lines are the marks of its moves, which stay legal.
func TestDocExampleEngineDraws(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t)
	engine := contesttest.DocExample(t, "santorini", "engine.py")
	p := newPlayer(t, []string{py, engine}, 200*time.Millisecond, 0)
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	bot, err := title.NewBot("alphabeta", "1", 1, nil)
	require.NoError(t, err)
	m, err := game.NewMatch(title, game.Config{Seed: 1}, []game.Entrant{
		{Spec: game.SeatSpec{Kind: "engine", Strength: "200ms:engine.py"}, Player: p},
		{Spec: game.SeatSpec{Kind: "alphabeta", Strength: "1"}, Player: bot},
	})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	res, err := m.Run(ctx)
	require.NoError(t, err)
	require.NotEqual(t, santorini.ReasonForfeit, res.Reason, "the example plays legal moves")
	turns := 0
	for i := 1; i < m.Timeline.Len(); i++ {
		f := m.Timeline.Frame(i)
		if _, ok := f.Moves[0]; !ok {
			continue
		}
		turns++
		n := f.Notes[0]
		require.Zero(t, n.Cut, "step %d: %s", i, n.CutWhy)
		last := n.Marks[len(n.Marks)-1]
		require.Equal(t, "log", last.Kind)
		if i == 1 {
			require.Equal(t, []game.Mark{{Kind: "log", Text: "placing on A1 A2"}}, n.Marks)
			continue
		}
		require.True(t, strings.HasSuffix(last.Text, " moves"), last.Text)
		require.Greater(t, len(n.Marks), 2, "the moves' cells, the arrow, the log")
	}
	require.Greater(t, turns, 2)
}

// Marks lines that are not marks are cut with their reason; a flood is
// cut at the bounds of a turn; the move is the engine's all the same.
func TestEngineMarksAreBounded(t *testing.T) {
	t.Parallel()
	many := `[` + strings.Repeat(`{"kind":"cell","at":[1,1]},`, 400) + `{"kind":"cell","at":[2,2]}]`
	p := newPlayer(t, script(t, `while read -r cmd rest; do
  case "$cmd" in
    go) echo 'info marks `+many+`'; echo 'info marks `+many+`'; echo 'info marks {"kind":"arrow","at":[0,0]}'
        echo 'info string  deep thought '; echo 'info marks'; echo "bestmove D2 D3" ;;
    quit) exit 0 ;;
  esac
done
`), 100*time.Millisecond, 0)
	a := play(t, p, scenario12)
	require.Equal(t, "D2 D3", a.Move)
	require.Len(t, a.Notes.Marks, game.MaxMarks)
	require.Equal(t, 802-game.MaxMarks+1+1, a.Notes.Cut, "the flood over 500, the arrow without its end, the log line after them")
	require.Contains(t, a.Notes.CutWhy, "more than 500 marks")
	require.Contains(t, a.Notes.Text, "engine ")
}
