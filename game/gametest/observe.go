package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/arena-games/arena/game"
)

// observation steps the match's game again and checks what every seat
// observes after every step: the state itself in a game of perfect
// information; for a Fogged title, the seat's stream as a server sends it
// (game.NewSeatHeader, game.NewSeatStep), read back by a
// game.SeatFollower, gives the seat the Observe of the engine and frames
// that Suite.Hidden finds nothing hidden in.
func (g *match) observation(t *testing.T) {
	rec, eng := g.engine(t)
	fog, fogged := g.title.(game.Fogged)
	if !fogged {
		for turn := 0; ; turn++ {
			for _, s := range seatsOf(g.title.Seats()) {
				if obs, state := eng.Observe(s), eng.Frame().State; !reflect.DeepEqual(obs, state) {
					t.Fatalf("turn %d: %s observes other than the state (%s hides nothing: it is not game.Fogged): %s", turn, s, g.title.Name(), diffValues(state, obs))
				}
			}
			if turn == g.last() {
				return
			}
			if err := game.Advance(rec, eng, g.frames[turn+1].Moves, nil); err != nil {
				t.Fatalf("step %d again: %v", turn+1, err)
			}
		}
	}
	cfg := g.replay.Header.Config
	n := g.title.Seats()
	sights := make([]Sight, n)
	followers := make([]*game.SeatFollower, n)
	for s := range sights {
		sights[s].Seat = game.Seat(s)
		h, err := json.Marshal(game.NewSeatHeader(g.title, cfg, g.replay.Header.Seats, game.Seat(s)))
		if err != nil {
			t.Fatal(err)
		}
		if leak := headerLeak(h, cfg); leak != "" {
			t.Fatalf("%s's stream header tells %s: %s", game.Seat(s), leak, h)
		}
		sights[s].Lines = append(sights[s].Lines, h)
		if followers[s], err = game.FollowSeat(h); err != nil {
			t.Fatalf("%s's stream header: %v", game.Seat(s), err)
		}
	}
	see := func(f game.Frame) {
		for s := range sights {
			seat := game.Seat(s)
			st, err := game.NewSeatStep(fog, eng, f, seat)
			if err != nil {
				t.Fatal(err)
			}
			line, err := json.Marshal(st)
			if err != nil {
				t.Fatalf("turn %d: %s's view: %v", f.Turn, seat, err)
			}
			if err := followers[s].Line(line); err != nil {
				t.Fatalf("turn %d: %s's stream: %v", f.Turn, seat, err)
			}
			obs := eng.Observe(seat)
			want, errW := json.Marshal(obs)
			got, errG := json.Marshal(followers[s].Observe())
			if errW != nil || errG != nil || !bytes.Equal(want, got) {
				t.Fatalf("turn %d: %s's stream rebuilds other than what it observes (%v, %v): %s", f.Turn, seat, errW, errG, diffValues(obs, followers[s].Observe()))
			}
			sights[s].Lines = append(sights[s].Lines, line)
		}
	}
	see(rec.Timeline.Last())
	for _, moves := range g.steps() {
		if err := game.Advance(rec, eng, moves, nil); err != nil {
			t.Fatal(err)
		}
		see(rec.Timeline.Last())
	}
	for s := range sights {
		seat := game.Seat(s)
		tl := followers[s].Recording().Timeline
		if tl.Len() != len(g.frames) || !followers[s].Done() {
			t.Fatalf("%s's stream holds %d turns (done %v); the game %d", seat, tl.Len()-1, followers[s].Done(), g.last())
		}
		for i, truth := range g.frames {
			seen := tl.Frame(i)
			want := map[game.Seat]string{seat: truth.Moves[seat]}
			if i == 0 {
				want = nil
			}
			switch {
			case seen.Turn != i || !slices.Equal(seen.ToMove, truth.ToMove):
				t.Fatalf("%s's stream, turn %d: turn %d, to move %v; expected to move %v", seat, i, seen.Turn, seen.ToMove, truth.ToMove)
			case !maps.Equal(seen.Moves, want):
				t.Fatalf("%s's stream, turn %d: moves %q; a seat learns its own move only, %q", seat, i, seen.Moves, want)
			case seen.Over != truth.Over || !reflect.DeepEqual(seen.Result, truth.Result):
				t.Fatalf("%s's stream, turn %d: over %v, result %+v; the game's over %v, %+v", seat, i, seen.Over, seen.Result, truth.Over, truth.Result)
			}
			sights[s].Seen = append(sights[s].Seen, seen)
		}
		sights[s].Truth = g.frames
		g.suite.Hidden(t, sights[s])
	}
}

// headerLeak says what a seat's stream header tells of the match's hidden
// set-up (its seed, map, files): a field besides the format's, the title,
// the seats and the options, or an option that names the map or one of
// the files; "" for nothing.
func headerLeak(header []byte, cfg game.Config) string {
	var h map[string]json.RawMessage
	if json.Unmarshal(header, &h) != nil {
		return "nothing readable"
	}
	for k := range h {
		switch k {
		case "format", "version", "title", "seat", "seats", "options", "created":
		default:
			return fmt.Sprintf("its field %q", k)
		}
	}
	var opts map[string]string
	if err := json.Unmarshal(h["options"], &opts); h["options"] != nil && err != nil {
		return "options that are not text"
	}
	for k, v := range opts {
		if _, ok := cfg.Files[v]; ok || v == cfg.Map && v != "" {
			return fmt.Sprintf("the option %s=%q", k, v)
		}
	}
	return ""
}
