package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
)

// Diff is where two recordings of one game (the same title, map, seed and
// rules) part ways: what `arena diff A B` prints as one JSON line.
type Diff struct {
	// FirstTurn is the first turn whose moves differ; nil when the two
	// games are the same.
	FirstTurn *int `json:"first_turn"`
	// Seat is the first seat whose move differs there (from 1), and Seats
	// every seat whose move differs there (several in a game of
	// simultaneous moves).
	Seat  *int  `json:"seat"`
	Seats []int `json:"seats"`
	// A and B are what the seat played at FirstTurn in A and in B ("" for
	// no answer in time); nil when it has no move there: it was not to
	// move, or that game has no turn FirstTurn (it ended, or its
	// recording stops, earlier: TurnsA and TurnsB say where each ends).
	A *string `json:"a"`
	B *string `json:"b"`
	// TurnsA and TurnsB are the turns that each recording holds.
	TurnsA int `json:"turns_a"`
	TurnsB int `json:"turns_b"`
}

// JSON is the diff as one line of JSON.
func (d Diff) JSON() string {
	b, _ := json.Marshal(d)
	return string(b)
}

// Same reports whether the two games are the same, move for move.
func (d Diff) Same() bool { return d.FirstTurn == nil }

// Compare finds the first turn where the moves of two recordings of the
// same game differ, a named nameA and b nameB in its errors. They cannot
// be compared (an error that says why, naming the file and the field)
// when they are other titles, start from another config (seats, seed,
// map, rule options, files), or one holds no moves (an original format
// that records only states). One recording that is the other's start
// differs at the turn after its end, where its move is nil.
func Compare(nameA string, a *Recording, nameB string, b *Recording) (Diff, error) {
	if err := Comparable(nameA, a, nameB, b); err != nil {
		return Diff{}, err
	}
	na, nb := a.Timeline.Len(), b.Timeline.Len()
	d := Diff{TurnsA: na - 1, TurnsB: nb - 1, Seats: []int{}}
	for i := 1; i < max(na, nb); i++ {
		var ma, mb map[Seat]string
		if i < na {
			ma = a.Timeline.Frame(i).Moves
		}
		if i < nb {
			mb = b.Timeline.Frame(i).Moves
		}
		seats := differing(ma, mb, i < na, i < nb)
		if len(seats) == 0 {
			continue
		}
		turn, first := i, seats[0]
		d.FirstTurn = &turn
		n := first.Number()
		d.Seat = &n
		for _, s := range seats {
			d.Seats = append(d.Seats, s.Number())
		}
		d.A, d.B = moveOf(ma, first), moveOf(mb, first)
		return d, nil
	}
	return d, nil
}

// differing are the seats whose moves differ between ma and mb, in order;
// hasA and hasB say whether each game has the turn at all. A turn one
// game lacks differs in every seat the other moves.
func differing(ma, mb map[Seat]string, hasA, hasB bool) []Seat {
	if hasA != hasB {
		seats := slices.Sorted(maps.Keys(ma))
		if hasB {
			seats = slices.Sorted(maps.Keys(mb))
		}
		if len(seats) == 0 {
			seats = []Seat{0} // a step without moves (the environment's)
		}
		return seats
	}
	var out []Seat
	for s, m := range ma {
		if o, ok := mb[s]; !ok || o != m {
			out = append(out, s)
		}
	}
	for s := range mb {
		if _, ok := ma[s]; !ok {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// moveOf is seat s's move in moves, nil when it has none.
func moveOf(moves map[Seat]string, s Seat) *string {
	m, ok := moves[s]
	if !ok {
		return nil
	}
	return &m
}

// Comparable says why two recordings, named nameA and nameB, are not two
// games of the same start: the first field that differs (title, seats,
// seed, map, an option, a file), or a recording that holds no moves.
// nil when they are.
func Comparable(nameA string, a *Recording, nameB string, b *Recording) error {
	other := func(field, va, vb string) error {
		return fmt.Errorf("cannot compare %s and %s: not the same game: %s %s in %s, %s in %s", nameA, nameB, field, va, nameA, vb, nameB)
	}
	ca, cb := a.Header.Config, b.Header.Config
	switch {
	case a.Title.ID() != b.Title.ID():
		return other("the game is", a.Title.Name(), b.Title.Name())
	case ca.Seats != cb.Seats:
		return other("the number of seats is", fmt.Sprint(ca.Seats), fmt.Sprint(cb.Seats))
	case ca.Seed != cb.Seed:
		return other("the seed is", fmt.Sprint(ca.Seed), fmt.Sprint(cb.Seed))
	case ca.Map != cb.Map:
		return other("the map is", quoted(ca.Map), quoted(cb.Map))
	}
	for _, k := range slices.Sorted(maps.Keys(merged(ca.Options, cb.Options))) {
		va, oka := ca.Options[k]
		vb, okb := cb.Options[k]
		if va != vb || oka != okb {
			return other("the option "+k+" is", optionText(va, oka), optionText(vb, okb))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(merged(ca.Files, cb.Files))) {
		fa, oka := ca.Files[k]
		fb, okb := cb.Files[k]
		if fa.SHA256 != fb.SHA256 || oka != okb {
			return other("the file "+k+" is", fileText(fa, oka), fileText(fb, okb))
		}
	}
	for _, r := range []struct {
		name string
		rec  *Recording
	}{{nameA, a}, {nameB, b}} {
		if !hasMoves(r.rec) {
			return fmt.Errorf("cannot compare %s and %s: %s (%s) records the states of its turns, not the moves: there are no moves to compare", nameA, nameB, r.name, r.rec.Source)
		}
	}
	return nil
}

// merged is the keys of two maps, in one map.
func merged[V any](a, b map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func quoted(s string) string {
	if s == "" {
		return "the default"
	}
	return fmt.Sprintf("%q", s)
}

func optionText(v string, ok bool) string {
	if !ok {
		return "not set"
	}
	return fmt.Sprintf("%q", v)
}

func fileText(f File, ok bool) string {
	if !ok {
		return "absent"
	}
	return "sha256 " + f.SHA256[:min(12, len(f.SHA256))]
}

// hasMoves reports whether a recording holds the moves of its turns: some
// turn has one (a game without turns has nothing to hide).
func hasMoves(r *Recording) bool {
	n := r.Timeline.Len()
	if n < 2 {
		return true
	}
	for i := 1; i < n; i++ {
		if len(r.Timeline.Frame(i).Moves) > 0 {
			return true
		}
	}
	return false
}
