package gametest

import (
	"testing"

	"github.com/arena-games/arena/game"
)

// descriptions checks what the title tells the screens of every frame of
// the match, for every sight: standings that rank each seat once, stats
// and markers of the game's seats, units with distinct IDs; the words of
// its end, a length, and options that describe themselves and refuse what
// New refuses.
func (g *match) descriptions(t *testing.T) {
	n := g.title.Seats()
	sights := append([]game.Seat{game.AllSeats, game.NoSeat}, seatsOf(n)...)
	seatOK := func(s game.Seat) bool { return s == game.AllSeats || s >= 0 && int(s) < n }
	for _, f := range g.frames {
		for _, as := range sights {
			if r, ok := g.title.(game.Ranked); ok {
				st := r.Standings(f, as)
				seen := map[game.Seat]bool{}
				for _, row := range st.Rows {
					if !seatOK(row.Seat) || row.Seat == game.AllSeats || seen[row.Seat] || len(row.Cells) != len(st.Heads) {
						t.Fatalf("turn %d, sight %d: standings row %+v of %d columns %q", f.Turn, as, row, len(st.Heads), st.Heads)
					}
					seen[row.Seat] = true
				}
				if len(seen) != n || st.Decides < -1 || st.Decides >= len(st.Heads) {
					t.Fatalf("turn %d, sight %d: standings %+v: every seat once, the deciding column -1 or one of the heads", f.Turn, as, st)
				}
			}
			if c, ok := g.title.(game.Charted); ok {
				for _, s := range c.Stats(f, as) {
					if s.Name == "" || len(s.Values) != n {
						t.Fatalf("turn %d, sight %d: stat %+v: a name and a value per seat", f.Turn, as, s)
					}
				}
			}
			if m, ok := g.title.(game.Marked); ok {
				for _, mk := range m.Markers(f, as) {
					if mk.Kind == "" || !seatOK(mk.Seat) {
						t.Fatalf("turn %d, sight %d: marker %+v", f.Turn, as, mk)
					}
				}
			}
			if p, ok := g.title.(game.Populated); ok {
				ids := map[string]bool{}
				for _, u := range p.Units(f, as) {
					if u.ID == "" || ids[u.ID] || !seatOK(u.Seat) {
						t.Fatalf("turn %d, sight %d: unit %+v (IDs distinct)", f.Turn, as, u)
					}
					ids[u.ID] = true
				}
			}
		}
	}
	if j, ok := g.title.(game.Judged); ok && j.Why(g.frames[g.last()]).Format == "" {
		t.Errorf("the end of the game (%+v) is not said in words", g.result)
	}
	if tm, ok := g.title.(game.Timed); ok && tm.Steps(g.replay.Header.Config) < 1 {
		t.Errorf("Steps says a game lasts %d steps", tm.Steps(g.replay.Header.Config))
	}
	c, ok := g.title.(game.Configurable)
	if !ok {
		return
	}
	names := map[string]bool{}
	for _, o := range c.Options() {
		switch {
		case o.Name == "" || names[o.Name] || o.Help == "":
			t.Errorf("option %+v: a name of its own and help", o)
		case o.Type != game.OptFlag && o.Type != game.OptInt && o.Type != game.OptNumber && o.Type != game.OptText && o.Type != game.OptPath && o.Type != game.OptChoice:
			t.Errorf("option %s: type %q", o.Name, o.Type)
		case o.Type == game.OptChoice && len(o.Choices) == 0:
			t.Errorf("option %s: a choice of nothing", o.Name)
		case o.Default != "" && game.CheckOption(o, o.Default) != nil:
			t.Errorf("option %s: its default %q: %v", o.Name, o.Default, game.CheckOption(o, o.Default))
		}
		names[o.Name] = true
	}
	if err := c.CheckOptions(g.cfg.Options); err != nil {
		t.Errorf("CheckOptions refuses the options of a game that plays: %v", err)
	}
	unknown := map[string]string{"no_such_option": "1"}
	if c.CheckOptions(unknown) == nil {
		t.Errorf("CheckOptions accepts an unknown option")
	}
	if _, err := g.title.New(game.Config{Seed: g.cfg.Seed, Seats: n, Map: g.cfg.Map, Options: unknown}); err == nil {
		t.Errorf("New accepts an unknown option")
	}
}
