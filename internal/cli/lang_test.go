package cli

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/lang"
)

// --lang is a flag of every command that opens the window, and of none
// other; a language Arena does not speak is refused, naming the flag.
func TestLangFlag(t *testing.T) {
	code, _, stderr := arena("replay", "x.arena", "--lang", "de")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `invalid value "de" for flag -lang`)
	require.Contains(t, stderr, "want one of en, sr-Latn, sr-Cyrl, fa")

	code, _, stderr = arena("run", "santorini", "--seats", "minimax:1,minimax:1", "--lang", "fa")
	require.Equal(t, 2, code, "run opens no window: %s", stderr)
	require.Contains(t, stderr, "flag provided but not defined: -lang")

	for _, c := range []string{"play", "replay", "diff", "kiosk", "watch"} {
		fs, _ := table.find(c).flagSet("arena "+c, NewEnv(nil, nil, nil))
		require.NoError(t, fs.Parse([]string{"--lang", "sr-Cyrl"}), c)
		require.Equal(t, lang.SrCyrl, windowLang, c)
	}
	fs, _ := table.flagSet("arena", NewEnv(nil, nil, nil))
	require.NoError(t, fs.Parse([]string{"--lang", "FA"}))
	require.Equal(t, lang.Fa, windowLang, "BCP 47 tags in any case")
}
