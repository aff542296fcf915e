package alienwarz

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest/hostile"
)

func TestEnvFixtureIsTheDefault(t *testing.T) {
	t.Parallel()
	e, err := ParseEnv(fixture(t, "env.txt"))
	require.NoError(t, err)
	require.Equal(t, DefaultEnv(), e)
}

func TestEnvOverride(t *testing.T) {
	t.Parallel()
	e, err := ParseEnv([]byte("\ufeff//Symbols\nfreeze_cost = 100\r\nstart_coins=300\nmax_coins=1000\nunknown_key=7\nnot a pair\na=b=c\nplayer1_name=\"Zed\"\nboard_size=10\n"))
	require.NoError(t, err)
	require.Equal(t, 100, e.FreezeCost)
	require.Equal(t, 300, e.StartCoins)
	require.Equal(t, "Zed", e.Name1)
	for _, bad := range []string{"board_size=12", "start_energy=abc", "max_energy=-1", "start_energy=2000", "cheap_crystal_mine_hits=0", "player1_symbol=\"\""} {
		_, err := ParseEnv([]byte(bad))
		require.Error(t, err, bad)
	}

	// --config: the option config names the file.
	path := filepath.Join(t.TempDir(), "env.txt")
	require.NoError(t, os.WriteFile(path, []byte("start_coins=500\nmax_number_of_turns=10\n"), 0o644))
	eng, err := Title{}.New(game.Config{Options: map[string]string{OptConfig: path, OptStart: string(empty().View(1))}})
	require.NoError(t, err)
	require.Equal(t, 10, eng.(*Engine).Current().Rules().MaxTurns)
	_, err = Title{}.New(game.Config{Options: map[string]string{OptConfig: filepath.Join(t.TempDir(), "missing.txt")}})
	require.ErrorContains(t, err, "--config")
}

func TestOptions(t *testing.T) {
	t.Parallel()
	start := string(empty().View(1))
	opts := func(kv ...string) map[string]string {
		m := map[string]string{OptStart: start}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	eng, err := Title{}.New(game.Config{Options: opts("orig_move_cost", "true", "orig_tiebreak", "1", "orig_stale_factory", "", OptTurns, "30")})
	require.NoError(t, err)
	r := eng.(*Engine).Current().Rules()
	require.True(t, r.OrigMoveCost)
	require.True(t, r.OrigTiebreak)
	require.False(t, r.OrigStaleFactory)
	require.Equal(t, 30, r.MaxTurns)
	for _, bad := range []map[string]string{opts("orig_move_cost", "yes"), opts("speed", "1"), opts(OptTurns, "0"), opts(OptStart, "{")} {
		_, err := Title{}.New(game.Config{Options: bad})
		require.Error(t, err, "%v", bad)
	}
	_, err = Title{}.New(game.Config{Seats: 3})
	require.Error(t, err)
}

// FuzzParseEnv feeds the env.txt reader anything: it never panics, and what
// it accepts is a set of constants the rules can play by.
func FuzzParseEnv(f *testing.F) {
	if data, err := readFixture("env.txt"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("max_number_of_turns=40\nplayer1_symbol=\"X\"\n//Symbols\n"))
	f.Add([]byte(`{"levels":[{"cheap":[[1,2]],"expensive":[]}]}`))
	hostile.Seed(f, "start_energy=", EnvLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := ParseEnv(data)
		if err != nil {
			return
		}
		require.NoError(t, e.check())
	})
}
