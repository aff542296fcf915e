package scenes

import (
	"sort"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// statusNames are the names the players of TestStatusNamesThePlayers go
// by, in more than one script.
var statusNames = []string{"Quiffs", "Звезда", "تیم ستاره", "Glarbs"}

// Every game's status line names the players in every language: where the
// English line says "Player 2" (or "colony 2", "P2") the viewer shows the
// team's name, in Serbian and Persian too, never "Igrač 2" or "بازیکن ۲";
// and in English the line is what it was (the English status with the
// names put in).
func TestStatusNamesThePlayers(t *testing.T) {
	defer lang.Set(lang.Current())
	games := map[string]*game.Recording{}
	names := map[string]string{}
	for id := range fixtureFiles {
		names[id] = id
	}
	addFixtures(t, games, names)
	// AIBG 5.0's fixture is one state before anyone's turn: a match of its
	// bots has the ships' turns and a verdict.
	games["aibg5 match"] = botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "15"})
	ids := make([]string, 0, len(games))
	for id := range games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			rec := games[id]
			rec.Header.Players = statusNames[:len(rec.Header.Seats)]
			view, err := render.NewView(rec.Title.ID())
			require.NoError(t, err)
			_, ok := view.(render.StatusSayer)
			require.True(t, ok, "%s's view says its status in words (render.StatusSayer)", id)
			v := NewViewer(rec, view)
			v.layout(newTestApp(v))

			n := rec.Timeline.Len()
			step := max(1, n/60)
			named := 0
			for i := 0; i < n; i += step {
				checkStatusNames(t, v, rec, i, &named)
			}
			checkStatusNames(t, v, rec, n-1, &named)
			if n > 1 { // not a position: someone's turn comes
				require.Positive(t, named, "%s: some status line names a player", id)
			}
		})
	}
}

// checkStatusNames checks the status line of frame i of rec in English,
// Serbian (Latin) and Persian; named counts the lines that name a seat.
func checkStatusNames(t *testing.T, v *Viewer, rec *game.Recording, i int, named *int) {
	t.Helper()
	f := rec.Timeline.Frame(i)
	lang.Set(lang.En)
	english := v.view.Status(f)
	want := v.named(english)
	if end, ok := v.unfinished(); ok && v.clock.Cursor == rec.Timeline.Len()-1 {
		want = end + " · " + want
	}
	require.Equal(t, want, v.status(f), "frame %d: the English line is as it was", i)

	var seats []int
	nameSeats(english, func(n int) string {
		if n >= 1 && n <= len(rec.Header.Seats) {
			seats = append(seats, n)
		}
		return ""
	})
	if len(seats) > 0 {
		*named++
	}
	for _, tag := range []lang.Tag{lang.SrLatn, lang.Fa} {
		lang.Set(tag)
		text := v.status(f)
		for _, n := range seats {
			require.Contains(t, text, rec.Header.Players[n-1], "%s, frame %d: %q names seat %d (English %q)", tag.Name(), i, text, n, english)
			for _, seat := range []string{"Player %d", "player %d", "P%d", "Colony %d", "colony %d"} {
				require.NotContains(t, text, lang.F(seat, n), "%s, frame %d: %q says seat %d by its number", tag.Name(), i, text, n)
			}
		}
	}
	lang.Set(lang.En)
}

// Two people at one machine pass the controls behind a curtain: the
// status line names the one whose turn it is, in every language.
func TestStatusNamesTheCurtainsPlayer(t *testing.T) {
	defer lang.Set(lang.Current())
	games := map[string]*game.Recording{}
	addFixtures(t, games, map[string]string{"aic21": "aic21"})
	rec := games["aic21"]
	if rec == nil {
		t.Skip("no AIC21 log")
	}
	rec.Header.Players = statusNames[:len(rec.Header.Seats)]
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	f := rec.Timeline.Frame(0)
	lang.Set(lang.En)
	view.Input(f, 0, render.Pointer{X: -1, Y: -1})
	p := rendertest.Press(view, ebiten.KeyEnter)
	p.X, p.Y = -1, -1
	_, ok := view.Input(f, 0, p)
	require.True(t, ok, "colony 1's person ends the turn")
	view.Input(f, 1, render.Pointer{X: -1, Y: -1})
	require.Contains(t, view.Status(f), "Colony 2: click to take the controls")
	want := map[lang.Tag]string{
		lang.En:     "Звезда: click to take the controls",
		lang.SrLatn: "Звезда: kliknite da preuzmete komande",
		lang.Fa:     "Звезда: برای گرفتن کنترل کلیک کنید",
	}
	for tag, line := range want {
		lang.Set(tag)
		require.Contains(t, v.status(f), line, tag.Name())
	}
}
