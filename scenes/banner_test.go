package scenes

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// A game's line calls the players by their names where there are some:
// "Player N", "player N", "PN" and AIC21's "colony N" as whole words, no
// others.
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
		"colony 3 wins":               "Glarbs wins",
		"ant 4 hits colony 1's base":  "ant 4 hits Quiffs's base",
		"Colony 1 · decolony 3":       "Quiffs · decolony 3",
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

// overlayGames are a game of each title, from the fixtures where there
// are some, played by the bots where not.
func overlayGames(t *testing.T) map[string]*game.Recording {
	games := map[string]*game.Recording{
		"santorini": openFixture(t),
		"aic21":     aic21Game(t, 40),
		"guardains": guardainsGame(t, 40),
		"aibg5":     botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "30"}),
		"alienwarz": botMatch(t, "alienwarz", []string{"strategist", "miner"}, nil),
	}
	addFixtures(t, games, map[string]string{"aic21": "aic21", "alienwarz": "alienwarz"})
	return games
}

// Neither the event feed in the middle of a game nor the winner's banner
// at its end covers what they describe: both stand in the top bar, off
// the board's area (where each view lays out its board, its labels and
// its own panels) and off the side panel, for every game at 1280x800 and
// 1920x1080. The feed lists events then, and gives way to the banner.
func TestBannerAndFeedOverlayNeitherBoardNorPanels(t *testing.T) {
	for id, rec := range overlayGames(t) {
		for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
			view, err := render.NewView(rec.Title.ID())
			require.NoError(t, err)
			v := NewViewer(rec, view)
			a := newTestApp(v)
			a.W, a.H, a.Scale = size[0], size[1], fitScale(size[0], size[1], 1)
			v.clock.Playing = false
			for !v.chron.Done() {
				v.chron.Update(v.sight())
			}
			clear := func(r image.Rectangle, what string) {
				t.Helper()
				require.False(t, r.Overlaps(v.area), "%s %dx%d: the %s %v covers the board's area %v", id, size[0], size[1], what, r, v.area)
				require.False(t, r.Overlaps(v.side), "%s %dx%d: the %s %v covers the side panel %v", id, size[0], size[1], what, r, v.side)
				require.True(t, r.In(v.top), "%s %dx%d: the %s %v leaves the top bar %v", id, size[0], size[1], what, r, v.top)
				require.True(t, r.Max.X <= v.help.Rect().Min.X, "%s: the %s covers the help button", id, what)
			}
			// The feed at the first turn that has events to list.
			listed := false
			for i := 1; i < rec.Timeline.Len()-1 && !listed; i++ {
				if len(v.chron.Markers) <= i || len(v.chron.Markers[i]) == 0 {
					continue
				}
				v.Seek(i)
				v.step(a)
				screen(t, a, size[0], size[1], "overlay-feed-"+id)
				if _, n, r := v.feed(a); n > 0 {
					clear(r, "feed")
					listed = true
				}
			}
			if id == "santorini" || id == "alienwarz" {
				require.True(t, listed, "%s: the feed never listed an event", id)
			}
			v.Seek(rec.Timeline.Len() - 1)
			v.step(a)
			screen(t, a, size[0], size[1], "overlay-banner-"+id)
			r, _, ok := v.bannerRect(a)
			require.True(t, ok, "%s: no banner at the end", id)
			clear(r, "banner")
			_, n, _ := v.feed(a)
			require.Zero(t, n, "%s: the feed stands beside the banner", id)
		}
	}
}

// The kiosk's result card tells the result: the banner does not draw
// under it, and comes back when the next game plays to its end.
func TestKioskResultCardHidesTheBanner(t *testing.T) {
	rec := openFixture(t)
	show := NewKiosk(t.TempDir(), false, 0, 1)
	a := newTestApp(show)
	v := NewViewer(rec, mustView(t))
	show.start(a, v)
	v.Seek(rec.Timeline.Len() - 1)
	show.phase = showPlaying
	screen(t, a, 1280, 800, "kiosk-end")
	_, _, ok := v.bannerRect(a)
	require.True(t, ok, "the banner names the winner at the end of the game")
	show.phase = showResult
	screen(t, a, 1280, 800, "kiosk-result-card")
	_, _, ok = v.bannerRect(a)
	require.False(t, ok, "the banner draws under the result card")
	_, n, _ := v.feed(a)
	require.Zero(t, n, "the feed draws under the result card")
}
