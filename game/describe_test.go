package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestVerdict(t *testing.T) {
	t.Parallel()
	require.Equal(t, "Player 2 wins: the stone is home", Verdict(Frame{Over: true, Result: Result{Winner: 2}}, Say("the stone is home")).String())
	require.Equal(t, "A draw: level on every count", Verdict(Frame{Over: true}, Say("level on every count")).String(), "winner 0 is a draw")
	require.Equal(t, "Player 1 wins", Verdict(Frame{Over: true, Result: Result{Winner: 1}}, Words{}).String())
	require.Contains(t, Verdict(Frame{}, Words{}).String(), "Unfinished")
	w := Verdict(Frame{Over: true, Result: Result{Winner: 2}}, Say("%d turns", 5))
	require.Equal(t, "%s wins: %s", w.Format, "the screens say the parts of a verdict in turn")
}

func TestSights(t *testing.T) {
	t.Parallel()
	require.True(t, Knows(AllSeats, 3))
	require.True(t, Knows(1, 1))
	require.False(t, Knows(0, 1))
	require.False(t, Knows(NoSeat, 0), "behind the curtain nobody's secrets show")
}

func TestCheckOption(t *testing.T) {
	t.Parallel()
	require.NoError(t, CheckOption(Option{Name: "n", Type: OptInt}, "12"))
	require.ErrorContains(t, CheckOption(Option{Name: "n", Type: OptInt}, "x"), "whole number")
	require.ErrorContains(t, CheckOption(Option{Name: "f", Type: OptFlag}, "maybe"), "want true")
	require.ErrorContains(t, CheckOption(Option{Name: "c", Type: OptChoice, Choices: []string{"a", "b"}}, "z"), "a, b")
	require.NoError(t, CheckOption(Option{Name: "r", Type: OptNumber}, "0.8"))
	require.Equal(t, "1 round", Count(1, "round"))
	require.Equal(t, "3 rounds", Count(3, "round"))
	opts := FlagOptions(map[string]string{"b": "the b", "a": "the a"})
	require.Equal(t, "a", opts[0].Name)
	require.Equal(t, OptFlag, opts[1].Type)
	require.True(t, strings.HasSuffix(strings.TrimSpace(UsageOptions(configurable{}, "  ")), "how many (default 3)"))
}

type configurable struct{ Title }

var _ Configurable = configurable{}

func (configurable) Options() []Option {
	return []Option{{Name: "n", Type: OptInt, Default: "3", Help: "how many"}}
}
func (configurable) CheckOptions(map[string]string) error { return nil }
