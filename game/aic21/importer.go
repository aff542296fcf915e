package aic21

import (
	"bytes"
	"fmt"
	"io"

	"github.com/arena-games/arena/game"
)

// Importer reads the original's log.json (ImportLog).
func (Title) Importer() game.Importer {
	return game.Importer{Name: "AIC21 log.json (plain or gzipped)", Detect: isLog, Import: ImportLog}
}

// isLog tells an original log.json, plain or gzipped, from other files: it
// starts with the object key "game_config".
func isLog(_ string, data []byte) bool {
	head := game.Head(data, 256)
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(head) == 0 || head[0] != '{' {
		return false
	}
	return bytes.HasPrefix(bytes.TrimLeft(head[1:], " \t\r\n"), []byte(`"game_config"`))
}

// ImportLog reads an original log.json (ReadLog) into a recording: a
// first frame at the start (the units of turn 0 on their bases with full
// health, nothing delivered), then one frame per turn with the events that
// tell its changes. The log does not hold the moves, so the recording does
// not re-simulate.
func ImportLog(name string, data []byte) (*game.Recording, error) {
	turns, err := ReadLog(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, s := range turns {
		s.MaxTurn = len(turns)
	}
	start := startOf(turns[0])
	both := []game.Seat{0, 1}
	tl := game.NewTimeline(game.Frame{ToMove: both, State: start}, true)
	prev := start
	for i, s := range turns {
		f := game.Frame{Turn: i + 1, ToMove: both, State: s, Events: diff(prev, s), Over: s.Over}
		if s.Over {
			f.ToMove, f.Result = nil, result(s.Winner, s.Reason)
			f.Events = append(f.Events, event("ended", s.Winner, Ended{s.Winner, s.Reason}, "colony %d wins (%s)", s.Winner+1, s.Reason))
		}
		tl.Append(f)
		prev = s
	}
	tl.Finish()
	h := game.Header{Format: game.ReplayFormat, Version: game.ReplayVersion, Title: Title{}.ID(),
		Config: game.Config{Seats: 2, Options: map[string]string{OptName0: start.TeamNames[0], OptName1: start.TeamNames[1], OptImported: "a log.json"}},
		Seats:  []string{start.TeamNames[0], start.TeamNames[1]}}
	return &game.Recording{Title: Title{}, Header: h, Timeline: tl, Source: "AIC21 log.json"}, nil
}

// startOf is the state before turn t0 as far as the log can tell: its
// units on their bases with full health and no cargo, its resources.
func startOf(t0 *State) *State {
	s := &State{}
	*s = *t0
	s.Turn, s.Attacks, s.Over = -1, nil, false
	s.Units = make([]Unit, len(t0.Units))
	for i, u := range t0.Units {
		b := t0.Colonies[u.Colony].Base
		u.X, u.Y, u.Carry, u.Amount, u.Stuck, u.Arrival = b.X, b.Y, NoRes, 0, 0, i
		u.Health = s.FullHealth.Worker
		if u.Soldier {
			u.Health = s.FullHealth.Soldier
		}
		s.Units[i] = u
	}
	for c := range s.Colonies {
		col := &s.Colonies[c]
		col.BaseHealth = s.FullHealth.Base
		col.Bread, col.Grass, col.Delivered, col.Chat, col.Trivial = 0, 0, [2]int{}, nil, nil
	}
	return s
}

// diff tells what happened between two records as events: spawns,
// attacks, deaths with the deposits that appeared near them, chat, moves,
// resources appearing elsewhere, pickups and deliveries.
func diff(a, b *State) []game.Event {
	var ev []game.Event
	for i := range b.Units {
		u := &b.Units[i]
		if _, ok := a.Unit(u.ID); !ok {
			ev = append(ev, event("spawned", u.Colony, Spawned{*u}, "%s hatched at base %d", unitName(u), u.Colony))
		}
	}
	for _, h := range b.Attacks {
		ev = append(ev, event("attacked", h.Colony, Attacked{h}, "%s hit %s", attackerName(h.Attacker), attackerName(h.Defender)))
	}
	// Resources that grew: deposits of the dead, or delayed ones appearing.
	var grown []Deposit
	for i := range b.ResType {
		if r := b.ResType[i]; r != NoRes && (a.ResType[i] != r || b.ResAmount[i] > a.ResAmount[i]) {
			amount := b.ResAmount[i]
			if a.ResType[i] == r {
				amount -= a.ResAmount[i]
			}
			grown = append(grown, Deposit{b.CellOf(i), r, amount})
		}
	}
	var deaths []Died
	for i := range a.Units {
		u := &a.Units[i]
		if _, ok := b.Unit(u.ID); !ok {
			deaths = append(deaths, Died{Unit: *u, At: u.Cell()})
		}
	}
	reach := min(b.W, b.H) / 2
	for _, g := range grown {
		best := -1
		for k, d := range deaths {
			if dist := Distance(b.W, b.H, d.At, g.At); dist <= reach && (best < 0 || dist < Distance(b.W, b.H, deaths[best].At, g.At)) {
				best = k
			}
		}
		if best >= 0 {
			deaths[best].Deposits = append(deaths[best].Deposits, g)
			continue
		}
		ev = append(ev, event("appeared", 0, Appeared{g.At, g.Res, g.Amount}, "%d %s appeared at %s", g.Amount, g.Res, g.At))
	}
	for _, d := range deaths {
		ev = append(ev, event("died", d.Unit.Colony, d, "%s died at %s", unitName(&d.Unit), d.At))
	}
	for c := range b.Colonies {
		col := &b.Colonies[c]
		fresh := col.Chat[min(len(a.Colonies[c].Chat), len(col.Chat)):]
		for _, m := range col.Trivial {
			accepted := false
			for k, f := range fresh {
				if f.Text == m.Text && f.Value == m.Value && f.Sender == m.Sender {
					accepted, fresh = true, append(fresh[:k:k], fresh[k+1:]...)
					break
				}
			}
			ev = append(ev, event("chat", c, Chat{c, m, accepted}, "ant %d: %q (%d)", m.Sender, m.Text, m.Value))
		}
	}
	for i := range b.Units {
		u := &b.Units[i]
		p, ok := a.Unit(u.ID)
		if !ok {
			continue
		}
		if p.Cell() != u.Cell() {
			ev = append(ev, event("moved", u.Colony, Moved{u.ID, p.Cell(), u.Cell()}, "%s moved to %s", unitName(u), u.Cell()))
		}
		if u.Carry != NoRes && u.Carry != p.Carry {
			ev = append(ev, event("picked", u.Colony, Picked{u.ID, u.Cell(), u.Carry, u.Amount}, "%s picked up %s", unitName(u), u.Carry))
		}
	}
	for c := range b.Colonies {
		for r, n := range b.Colonies[c].Delivered {
			if n > 0 {
				ev = append(ev, event("delivered", c, Delivered{-1, c, Res(r), n}, "colony %d took in %d %s", c+1, n, Res(r)))
			}
		}
	}
	return ev
}

// ExportLog writes a recorded AIC21 game (ours, or an imported one) as an
// original log.json (WriteLog), for the contest's own tools.
func ExportLog(rec *game.Recording, w io.Writer) error {
	if rec.Title.ID() != (Title{}).ID() {
		return fmt.Errorf("export log.json: a %s game, not AIC21", rec.Title.Name())
	}
	n := rec.Timeline.Len()
	turns := make([]*State, 0, n-1)
	for i := 1; i < n; i++ {
		s, ok := rec.Timeline.Frame(i).State.(*State)
		if !ok {
			return fmt.Errorf("export log.json: frame %d holds no AIC21 state", i)
		}
		turns = append(turns, s)
	}
	if len(turns) > 0 {
		first := *turns[0]
		first.TeamNames = teamNames(rec.Header, first.TeamNames)
		turns[0] = &first
	}
	return WriteLog(w, turns)
}

// teamNames are the names of the teams in an exported log: those the game
// was given (options name0, name1), else its seats ("colony", "forager";
// numbered when they are the same), as the contest named teams after their
// code.
func teamNames(h game.Header, given [2]string) [2]string {
	if h.Config.Options[OptName0] != "" || h.Config.Options[OptName1] != "" || len(h.Seats) != 2 {
		return given
	}
	names := [2]string{h.Seats[0], h.Seats[1]}
	if names[0] == names[1] {
		names[0], names[1] = names[0]+" 1", names[1]+" 2"
	}
	return names
}
