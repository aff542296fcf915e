package alienwarz

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest/hostile"
)

func TestOriginalLevels(t *testing.T) {
	t.Parallel()
	data := fixture(t, "levels.json")
	require.Equal(t, []byte("\xef\xbb\xbf"), data[:3], "the fixture has a BOM")
	lvls := originalLevels(t)
	counts := [][2]int{{14, 10}, {11, 5}, {16, 3}, {12, 4}, {22, 4}, {4, 10}}
	for i, l := range lvls {
		require.Equal(t, counts[i], [2]int{len(l.Minerals), len(l.Diamonds)}, "level %d", i)
		for _, c := range append(append([]Cell(nil), l.Minerals...), l.Diamonds...) {
			require.True(t, c.On())
			require.NotEqual(t, Base(1), c)
			require.NotEqual(t, Base(2), c)
		}
	}
	// --levels FILE --level N, and cfg.Map naming the file.
	path := filepath.Join(fixtureDir, "levels.json")
	for _, cfg := range []game.Config{
		{Options: map[string]string{OptLevels: path, OptLevel: "5"}},
		{Map: path, Options: map[string]string{OptLevel: "5"}},
	} {
		lvl, i, err := Title{}.ChooseLevel(cfg)
		require.NoError(t, err)
		require.Equal(t, 5, i)
		require.Equal(t, "levels.json #5", lvl.Name)
	}
	// Not chosen: drawn from the seed (R21), the same for the same seed.
	a, i, err := Title{}.ChooseLevel(game.Config{Seed: 42, Options: map[string]string{OptLevels: path}})
	require.NoError(t, err)
	b, j, _ := Title{}.ChooseLevel(game.Config{Seed: 42, Options: map[string]string{OptLevels: path}})
	require.Equal(t, a, b)
	require.Equal(t, i, j)
	_, _, err = Title{}.ChooseLevel(game.Config{Options: map[string]string{OptLevels: path, OptLevel: "6"}})
	require.ErrorContains(t, err, "levels 0..5")
	_, _, err = Title{}.ChooseLevel(game.Config{Map: path, Options: map[string]string{OptLevels: "other.json"}})
	require.Error(t, err)
}

func TestParseLevels(t *testing.T) {
	t.Parallel()
	one, err := ParseLevels("gen", []byte(`{"cheap": [[1, 2]], "expensive": [[3, 3]]}`))
	require.NoError(t, err)
	require.Equal(t, []Level{{Name: "gen #0", Minerals: []Cell{{1, 2}, {2, 1}}, Diamonds: []Cell{{3, 3}}}}, one)
	for _, bad := range []string{``, `[]`, `{}`, `{"levels":[]}`, `{"levels":[{"cheap":[[9,0]]}]}`, `{"levels":[{"cheap":[[1,10]]}]}`,
		`{"levels":[{"cheap":[[1,2]],"expensive":[[2,1]]}]}`, `{"levels":[{"cheap":[[1]]}]}`, `{"levels":[{"cheap":[]}]}`} {
		_, err := ParseLevels("bad", []byte(bad))
		require.Error(t, err, bad)
	}
	_, _, err = Title{}.ChooseLevel(game.Config{})
	require.ErrorContains(t, err, "no levels", "a title made without levels")
}

// FuzzParseLevels feeds the levels reader anything: it never panics, and
// every level it accepts is symmetric, with deposits on the board only.
func FuzzParseLevels(f *testing.F) {
	if data, err := readFixture("levels.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"cheap":[[1,2],[3,3]],"expensive":[[0,5]]}`))
	f.Add([]byte(`{"levels":[]}`))
	hostile.Seed(f, `{"levels":[`, LevelsLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		lvls, err := ParseLevels("fuzz", data)
		if err != nil {
			return
		}
		require.LessOrEqual(t, len(lvls), MaxLevels)
		for _, l := range lvls {
			for _, c := range append(append([]Cell(nil), l.Minerals...), l.Diamonds...) {
				require.True(t, c.On(), c)
			}
		}
	})
}
