package alienwarz

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseCommand(t *testing.T) {
	t.Parallel()
	good := map[string]Command{
		"move 3 -2":                              {Action: ActMove, At: Cell{3, -2}},
		"move -0 007":                            {Action: ActMove, At: Cell{0, 7}},
		"move 2147483647 -2147483648":            {Action: ActMove, At: Cell{2147483647, -2147483648}},
		"mine 4 4":                               {Action: ActMine, At: Cell{4, 4}},
		"build 0 8":                              {Action: ActBuild, At: Cell{0, 8}},
		"attack 5 5\n":                           {Action: ActAttack, At: Cell{5, 5}},
		"refinement-put 5 5 mineral 2 diamond 0": {Action: ActPut, At: Cell{5, 5}, Items: Amount{2, 0}},
		"refinement-take 5 5 mineral 0 diamond 1": {Action: ActTake, At: Cell{5, 5}, Items: Amount{0, 1}},
		"conv 1 diamond 2 mineral to coins, 3 diamond 4 mineral to energy, 5 diamond 6 mineral to xp": {Action: ActConvert,
			Coins: Amount{Minerals: 2, Diamonds: 1}, Energy: Amount{Minerals: 4, Diamonds: 3}, XP: Amount{Minerals: 6, Diamonds: 5}},
		"rest":          {Action: ActRest},
		"shop freeze":   {Action: ActShop, Item: Freeze},
		"shop backpack": {Action: ActShop, Item: Backpack},
		"shop daze":     {Action: ActShop, Item: Daze},
	}
	for line, want := range good {
		c, err := ParseCommand(line)
		require.NoError(t, err, line)
		require.Equal(t, want, c, line)
		again, err := ParseCommand(c.String())
		require.NoError(t, err)
		require.Equal(t, c, again)
		back, err := ParseLogText(c.LogText())
		require.NoError(t, err, c.LogText())
		require.Equal(t, c, back, c.LogText())
	}
	for _, bad := range []string{
		"", "\n", "rest\n\n", "Rest", "rest ", " rest", "rest\r", "rest\r\n", "move 1", "move 1 2 3", "move 1  2", "move +1 2",
		"move 1\t2", "mine -1 2", "mine 1 -2", "move 99999999999 0", "move 2147483648 0", "move -2147483649 0",
		"shop Freeze", "shop", "shop freezer", "refinement-put 5 5 mineral 2", "conv 1 diamond 1 mineral to coins",
		"move ١ 2", "jump", "move 1 2\nrest", "build 0 8 ",
	} {
		_, err := ParseCommand(bad)
		require.Error(t, err, "%q", bad)
		require.NotEmpty(t, err.Error())
	}
	_, err := ParseCommand("move 1")
	require.ErrorContains(t, err, `want "move N N"`)
}

func TestLogText(t *testing.T) {
	t.Parallel()
	c, err := ParseCommand("conv 0 diamond 0 mineral to coins, 0 diamond 0 mineral to energy, 1 diamond 0 mineral to xp")
	require.NoError(t, err)
	require.Equal(t, "BASE CONVERSIONS 0 0 0 0 0 1", c.LogText(), "[F] turn 23")
	for _, bad := range []string{"", "FLY 1 2", "MOVE 1", "MOVE a b", "REST 1", "BASE CONVERSIONS 1 2 3"} {
		_, err := ParseLogText(bad)
		require.Error(t, err, bad)
	}
	c, err = ParseLogText("MOVE 7 9\r")
	require.NoError(t, err)
	require.Equal(t, "move 7 9", c.String())
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"move 3 -2", "mine 4 4", "build 0 8", "attack 5 5", "refinement-put 5 5 mineral 2 diamond 0",
		"refinement-take 5 5 mineral 0 diamond 1", "conv 1 diamond 2 mineral to coins, 3 diamond 4 mineral to energy, 5 diamond 6 mineral to xp",
		"rest", "shop freeze", "shop daze\n", "move 99999999999 0", "rest\r", "move -0 007", "shop backpackx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", line)
			}
			return
		}
		body := strings.TrimSuffix(line, "\n")
		if strings.ContainsAny(body, "\r\n\t") || strings.TrimSpace(body) != body {
			t.Fatalf("%q accepted", line)
		}
		again, err := ParseCommand(c.String())
		if err != nil || again != c {
			t.Fatalf("%q written as %q reads back as %+v (%v)", line, c.String(), again, err)
		}
		back, err := ParseLogText(c.LogText())
		if err != nil || back != c {
			t.Fatalf("%q logged as %q reads back as %+v (%v)", line, c.LogText(), back, err)
		}
		s := empty()
		if s.Check(1, line) == nil {
			s.play(line) // never panics
		}
	})
}
