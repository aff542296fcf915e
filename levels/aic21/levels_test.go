package aic21

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
)

// title is AIC21 made with Arena's maps, as internal/titles makes it.
var title = aic21.Title{Shelf: Shelf}

func TestNames(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"meadow", "canyons", "crossing", "expanse", "marsh"}, Names())
	for _, n := range Names() {
		require.NotEmpty(t, About[n], n)
	}
	require.Len(t, About, len(Names()))
	var listed []string
	for _, m := range game.Maps(title) {
		listed = append(listed, m.Name)
	}
	require.Equal(t, Names(), listed)
}

// Every map loads in the official format and is fair and playable: point
// symmetric (colony 1's half is colony 0's turned around), bases at least
// 10 apart, every open cell reachable, at most 800 bread and 800 grass
// (delayed resources included), as the seed rules design them.
func TestMapsAreFair(t *testing.T) {
	t.Parallel()
	for _, name := range Names() {
		m, err := title.FindMap(game.Config{Map: name})
		require.NoError(t, err, name)
		require.LessOrEqual(t, max(m.W, m.H), 35, name)
		require.Equal(t, aic21.Cell{X: m.W - 1 - m.Bases[0].X, Y: m.H - 1 - m.Bases[0].Y}, m.Bases[1], name)
		require.GreaterOrEqual(t, aic21.Distance(m.W, m.H, m.Bases[0], m.Bases[1]), 10, name)
		var total [2]int
		open := 0
		for i := range m.Kinds {
			j := (m.H-1-i/m.W)*m.W + (m.W - 1 - i%m.W)
			require.Equal(t, m.Kinds[i], m.Kinds[j], "%s: cell %d and its image", name, i)
			require.Equal(t, m.ResType[i], m.ResType[j], "%s: cell %d and its image", name, i)
			require.Equal(t, m.ResAmount[i], m.ResAmount[j], "%s: cell %d and its image", name, i)
			require.Equal(t, m.Codes[i] >= 7, m.Codes[j] >= 7, "%s: cell %d and its image", name, i)
			if m.ResType[i] != aic21.NoRes {
				total[m.ResType[i]] += m.ResAmount[i]
			}
			if m.Kinds[i] != aic21.Wall {
				open++
			}
		}
		require.LessOrEqual(t, total[aic21.Bread], 800, name)
		require.LessOrEqual(t, total[aic21.Grass], 800, name)
		require.Positive(t, total[aic21.Bread], name)
		require.Positive(t, total[aic21.Grass], name)
		require.Equal(t, open, reachable(m), "%s: every open cell is reachable from the bases", name)
	}
}

// reachable counts the cells a unit can reach from colony 0's base.
func reachable(m *aic21.Map) int {
	start := m.Bases[0]
	seen := map[aic21.Cell]bool{start: true}
	queue := []aic21.Cell{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for d := aic21.Right; d <= aic21.Down; d++ {
			n := aic21.Step(m.W, m.H, c, d)
			if !seen[n] && m.Kinds[n.Y*m.W+n.X] != aic21.Wall {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return len(seen)
}

func TestFindMap(t *testing.T) {
	t.Parallel()
	m, err := title.FindMap(game.Config{Map: ""})
	require.NoError(t, err)
	require.Equal(t, Default, m.Name)
	m2, err := title.FindMap(game.Config{Map: "Marsh.json"})
	require.NoError(t, err)
	require.Equal(t, "marsh", m2.Name)
	_, err = title.FindMap(game.Config{Map: "nowhere"})
	require.ErrorContains(t, err, "expected one of meadow, canyons")
	m3, err := title.FindMap(game.Config{Map: filepath.Join("maps", "canyons.json")})
	require.NoError(t, err, "a path loads too")
	require.Equal(t, 30, m3.W)
}

// TestDefaultGame plays a short game on the default map through the
// title, as `arena run aic21 --seats colony,forager` does.
func TestDefaultGame(t *testing.T) {
	t.Parallel()
	var seats []game.Entrant
	for i, k := range []string{"colony", "forager"} {
		p, err := aic21.Title{}.NewBot(k, "", game.Seat(i), game.NewRand(1, uint64(i)+1))
		require.NoError(t, err)
		seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
	}
	m, err := game.NewMatch(title, game.Config{Seed: 1, Options: map[string]string{"turns": "60"}}, seats)
	require.NoError(t, err)
	res, err := m.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, 61, m.Timeline.Len())
	require.Contains(t, []int{1, 2}, res.Winner)
}
