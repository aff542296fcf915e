package scenes

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// A game's line calls the players by their names where there are some:
// "Player N", "player N" and "PN" as whole words, no others.
func TestBannerNamesSeats(t *testing.T) {
	names := map[int]string{1: "Quiffs", 3: "Glarbs"}
	name := func(n int) string { return names[n] }
	for text, want := range map[string]string{
		"Player 3 kills player 1":     "Glarbs kills Quiffs",
		"P1 Gamora hits P3 Drax (−2)": "Quiffs Gamora hits Glarbs Drax (−2)",
		"P3's backpack runs out":      "Glarbs's backpack runs out",
		"Player 2 wins: P2":           "Player 2 wins: P2",
		"MP3 P12 P1x Player 1st P":    "MP3 P12 P1x Player 1st P",
		"·P1, P3":                     "·Quiffs, Glarbs",
	} {
		require.Equal(t, want, nameSeats(text, name), text)
	}
}

// An imported AIC21 log names its teams: the banner names the winner as
// the panel does, the events too; the seat says where the record came
// from.
func TestBannerNamesTheTeamsOfAnImportedLog(t *testing.T) {
	const path = "../../shared/fixtures/aic21/replays/map1_template_log.json.gz"
	if _, err := os.Stat(path); err != nil {
		t.Skip("no AIC21 log")
	}
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	last := rec.Timeline.Last()
	require.True(t, last.Over)
	winner := rec.Header.Seats[last.Result.Winner-1]
	text, ok := v.verdict(last)
	require.True(t, ok)
	require.True(t, strings.HasPrefix(text, winner+" wins"), text)
	require.Contains(t, v.status(last), winner+" wins")
	require.Equal(t, winner, v.playerName(game.Seat(last.Result.Winner-1), false))
	require.Equal(t, "AIC21 log.json", v.seatName(0))
	require.Equal(t, rec.Header.Seats[0]+" hits "+rec.Header.Seats[1], v.named("P1 hits P2"))
}

// A match of named players (a tournament's) tells its events by their
// names; one of bots without names keeps "Player N".
func TestBannerNamesThePlayersOfAMatch(t *testing.T) {
	rec := botMatch(t, "aic21", []string{"colony", "forager"}, map[string]string{"turns": "3"})
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	require.Equal(t, "Player 2 kills player 1", v.named("Player 2 kills player 1"))
	require.Equal(t, seatLabel(rec.Header.Seats[1]), v.seatName(1), "a bot's seat says its kind")
	rec.Header.Players = []string{"Quiffs", "Glarbs"}
	v = NewViewer(rec, view)
	require.Equal(t, "Glarbs kills Quiffs", v.named("Player 2 kills player 1"))
}
