package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/stream"
	tnet "github.com/arena-games/arena/net/tournament"
)

// The tournament's, the kiosk's and the compare screens that the language
// tests draw besides those of lang_test.go.
func init() {
	// A tournament's name is a name, shown as typed: the views are tried
	// on one in Cyrillic, so that any Latin left is a text of the screen.
	for i, sc := range languageScreens {
		if strings.HasPrefix(sc.name, "tournament view") {
			open := sc.open
			languageScreens[i].open = func(t *testing.T) *App {
				a := open(t)
				a.Top().(*Tournament).snap.Index.Name = "Београдски турнир 2024"
				return a
			}
		}
	}
	// tournamentView opens the first view of the kind of a tournament of
	// format f, played for steps rounds of planning.
	tournamentView := func(t *testing.T, f tournament.Format, n, steps, kind int) (*App, *Tournament) {
		_, snap := fakeTournament(t, f, players[:n], steps, byIndex)
		snap.Index.Name = "Куп 2024"
		sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
		t.Cleanup(sc.Close)
		a := newTestApp(sc)
		for i, v := range sc.views {
			if v.kind == kind {
				sc.show(a, i)
				break
			}
		}
		return a, sc
	}
	languageScreens = append(languageScreens,
		shownScreen{"tournament now", func(t *testing.T) *App {
			at := time.Date(2024, 3, 5, 15, 0, 10, 0, time.UTC)
			now = func() time.Time { return at }
			t.Cleanup(func() { now = time.Now })
			_, snap := fakeTournament(t, tournament.Format{System: tournament.AIBG5, Seats: 4, Games: 1, House: true}, players, 0, byLowerIndex)
			ix := snap.Index
			ix.Name = "Куп 2024"
			m, o := ix.Matches[0], ix.Matches[1]
			ix.Now = []tournament.Now{
				{Match: m.ID, State: tournament.NowPlaying, Since: at.Add(-190 * time.Second)},
				{Match: o.ID, State: tournament.NowWaiting, Waiting: []int{o.Entrants[1]}, Since: at.Add(-58 * time.Second), Deadline: at.Add(42 * time.Second)},
			}
			sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
			t.Cleanup(sc.Close)
			return newTestApp(sc)
		}},
		shownScreen{"tournament double elimination", func(t *testing.T) *App {
			a, _ := tournamentView(t, tournament.Format{System: tournament.DoubleElimination, Seats: 2, Games: 1}, 8, 20, viewBracket)
			return a
		}},
		shownScreen{"tournament pools", func(t *testing.T) *App {
			a, _ := tournamentView(t, tournament.Format{System: tournament.GuardAIns, Seats: 2, Games: 1, Pools: 2, Advance: 2}, 8, 2, viewTable)
			return a
		}},
		shownScreen{"tournament pools' knock-out", func(t *testing.T) *App {
			a, _ := tournamentView(t, tournament.Format{System: tournament.GuardAIns, Seats: 2, Games: 1, Pools: 2, Advance: 2}, 8, 20, viewBracket)
			return a
		}},
		shownScreen{"tournament cross table", func(t *testing.T) *App {
			a, _ := tournamentView(t, tournament.Format{System: tournament.Swiss, Seats: 2, Games: 2, Rounds: 3}, 8, 20, viewCross)
			return a
		}},
		shownScreen{"tournament matches", func(t *testing.T) *App {
			a, sc := tournamentView(t, tournament.Format{System: tournament.SingleElimination, Seats: 2, Games: 2, ThirdPlace: true}, 8, 2, viewBracket)
			var list []*tournament.Played
			for i := range sc.snap.Index.Matches {
				list = append(list, &sc.snap.Index.Matches[i])
			}
			a.Push(newMatchList(sc, "Athena", list))
			return a
		}},
		shownScreen{"kiosk waiting card", func(t *testing.T) *App {
			at := time.Date(2025, 5, 17, 20, 0, 0, 0, time.UTC)
			now = func() time.Time { return at.Add(2 * time.Second) }
			t.Cleanup(func() { now = time.Now })
			in := stream.Info{ID: "m3", Title: "aibg5", Status: stream.Waiting, Awaiting: []int{1},
				Deadline: at.Add(42 * time.Second).Format(time.RFC3339),
				Seats: []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "Athena"}, {Seat: 2, Kind: "contest", Player: "Hermes"},
					{Seat: 3, Kind: "contest", Player: "Icarus"}, {Seat: 4, Kind: "remote"}}}
			other := in
			other.ID = "m4"
			show := NewServerKiosk(&stream.Client{Base: "http://127.0.0.1:1"}, 0)
			t.Cleanup(show.Close)
			p := show.prog.(*serverProgram)
			a := newTestApp(show)
			a.Clock = 10
			p.cards.take([]stream.Info{in, other})
			require.True(t, p.cards.turn(a.Clock, p.cardTime()))
			return a
		}},
		shownScreen{"compare", func(t *testing.T) *App {
			ra := santoriniGame(t, 7)
			rb, _ := parted(t, ra)
			c, err := NewCompare("партија-1", ra, "партија-2", rb)
			require.NoError(t, err)
			return newTestApp(c)
		}},
	)
}
