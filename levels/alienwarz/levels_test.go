package alienwarz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
)

// title is AlienWarz made with Arena's levels, as internal/titles makes it.
var title = alienwarz.Title{Levels: Levels()}

func TestLevelsAreSymmetricAndOpen(t *testing.T) {
	t.Parallel()
	lvls := Levels()
	require.Len(t, lvls, 5)
	seen := map[string]bool{}
	for i, l := range lvls {
		require.Contains(t, About, l.Name)
		require.NotEmpty(t, l.Minerals, l.Name)
		require.NotEmpty(t, l.Diamonds, l.Name)
		kinds := map[alienwarz.Cell]alienwarz.Kind{}
		for _, c := range l.Minerals {
			kinds[c] = alienwarz.Mineral
		}
		for _, c := range l.Diamonds {
			kinds[c] = alienwarz.Diamond
		}
		for c, k := range kinds {
			require.Equal(t, k, kinds[c.Transpose()], "%s: %v is not mirrored", l.Name, c)
		}
		// Every deposit can be mined from both bases.
		e, err := title.New(game.Config{Map: l.Name})
		require.NoError(t, err)
		s := e.Observe(0).(*alienwarz.State)
		require.Equal(t, i, s.Level)
		for p := 1; p <= 2; p++ {
			reach := reachable(s, p)
			for _, d := range s.Deposits {
				ok := false
				for _, n := range neighbours(d.Pos) {
					ok = ok || reach[n]
				}
				require.True(t, ok, "%s: P%d cannot reach the %s on %v", l.Name, p, d.Kind, d.Pos)
			}
		}
		// Different in character: no two levels have the same counts.
		key := string(rune('a'+len(l.Minerals))) + string(rune('a'+len(l.Diamonds)))
		require.False(t, seen[key], "%s has the counts of another level", l.Name)
		seen[key] = true
	}
}

// reachable are the cells player p can walk to from its base, the other
// player ignored.
func reachable(s *alienwarz.State, p int) map[alienwarz.Cell]bool {
	free := func(c alienwarz.Cell) bool {
		return c.On() && s.DepositAt(c) == nil && s.FactoryAt(c) == nil && c != alienwarz.Base(3-p)
	}
	seen := map[alienwarz.Cell]bool{alienwarz.Base(p): true}
	q := []alienwarz.Cell{alienwarz.Base(p)}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		for _, n := range neighbours(c) {
			if free(n) && !seen[n] {
				seen[n] = true
				q = append(q, n)
			}
		}
	}
	return seen
}

func TestChooseLevel(t *testing.T) {
	t.Parallel()
	pick := func(cfg game.Config) string {
		t.Helper()
		l, _, err := title.ChooseLevel(cfg)
		require.NoError(t, err)
		return l.Name
	}
	require.Equal(t, "canyon", pick(game.Config{Map: "canyon"}))
	require.Equal(t, "canyon", pick(game.Config{Map: "Canyon"}))
	require.Equal(t, "fields", pick(game.Config{Options: map[string]string{alienwarz.OptLevel: "3"}}))
	require.Equal(t, "orchards", pick(game.Config{Options: map[string]string{alienwarz.OptLevel: "orchards"}}))
	// Drawn with the seed: the same seed, the same level; all levels drawn.
	drawn := map[string]bool{}
	for seed := int64(0); seed < 100; seed++ {
		a := pick(game.Config{Seed: seed})
		require.Equal(t, a, pick(game.Config{Seed: seed}))
		drawn[a] = true
	}
	require.Len(t, drawn, len(Names))
	for _, bad := range []game.Config{
		{Map: "nowhere"},
		{Options: map[string]string{alienwarz.OptLevel: "9"}},
		{Map: "canyon", Options: map[string]string{alienwarz.OptLevel: "fields"}},
	} {
		_, _, err := title.ChooseLevel(bad)
		require.Error(t, err, "%+v", bad)
	}
}

// neighbours are the four cells next to c (some may be off the board).
func neighbours(c alienwarz.Cell) []alienwarz.Cell {
	return []alienwarz.Cell{{X: c.X - 1, Z: c.Z}, {X: c.X + 1, Z: c.Z}, {X: c.X, Z: c.Z - 1}, {X: c.X, Z: c.Z + 1}}
}
