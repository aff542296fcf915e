package gametest

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/arena-games/arena/game"
)

// illegalMoves has every seat play the garbage moves, one at each of its
// turns from the middle of the game on, in games the built-in players play
// otherwise, and checks each as Suite.Foul says, the refusal of moves out
// of turn, and the end.
func (g *match) illegalMoves(t *testing.T) {
	for _, s := range seatsOf(g.title.Seats()) {
		t.Run(fmt.Sprintf("seat %d", s.Number()), func(t *testing.T) {
			left := garbage
			from := g.last() / 2
			for games := 0; len(left) > 0; games++ {
				if games > len(garbage) {
					t.Fatalf("%s never got to play %q: the games end before its turn", s, left)
				}
				n := len(left)
				left = g.foulGame(t, s, left, from)
				if len(left) == n {
					from = 0 // the game ended before the seat's turn came: foul from the start
				}
			}
		})
	}
}

// foulGame plays a game in which seat s plays the moves of fouls, one at
// each of its turns after step from, and the built-in players the rest. It
// returns the fouls it did not get to play, the game having ended.
func (g *match) foulGame(t *testing.T, s game.Seat, fouls []string, from int) []string {
	rec, eng := g.engine(t)
	players := make([]game.Player, len(g.specs))
	for i, spec := range g.specs {
		p, err := g.title.NewBot(spec.Kind, spec.Strength, game.Seat(i), game.NewRand(g.cfg.Seed, uint64(i)+1))
		if err != nil {
			t.Fatal(err)
		}
		players[i] = p
	}
	checker, _ := eng.(game.Checker)
	limit := 10*g.last() + 100
	for step := 1; !eng.Over(); step++ {
		if step > limit {
			t.Fatalf("with %s's illegal moves the game goes past %d steps", s, limit)
		}
		toMove := eng.ToMove()
		if len(toMove) == 0 {
			t.Fatalf("turn %d: nobody to move in a game that is not over", step-1)
		}
		moves := map[game.Seat]string{}
		for _, seat := range toMove {
			a, err := players[seat].Play(t.Context(), eng.Observe(seat))
			if err != nil {
				t.Fatalf("turn %d: %s's player: %v", step-1, seat, err)
			}
			moves[seat] = a.Move
		}
		foul := step > from && len(fouls) > 0 && slices.Contains(toMove, s)
		var move string
		if foul {
			g.outOfTurn(t, eng, moves)
			move, fouls = fouls[0], fouls[1:]
			if checker != nil && move != "" {
				if err := check(checker, s, move); err == nil || errors.Is(err, errPanic) {
					t.Errorf("turn %d: Check accepts %s's move %q: %v", step-1, s, quote(move), err)
				}
			}
			moves[s] = move
		}
		before := rec.Timeline.Last()
		state, err := eng.State()
		if err != nil {
			t.Fatal(err)
		}
		if err := advance(rec, eng, moves); err != nil {
			t.Fatalf("turn %d: the step with %s's move %q: %v", step-1, s, quote(moves[s]), err)
		}
		if !foul {
			continue
		}
		after := rec.Timeline.Last()
		if now, _ := eng.State(); bytes.Equal(state, now) {
			t.Errorf("turn %d: the step with %s's illegal move %q was not played: the state is as before", step-1, s, quote(move))
		}
		if after.Moves[s] != move {
			t.Errorf("turn %d: the step's moves %q, not %s's %q", step-1, after.Moves, s, quote(move))
		}
		g.suite.Foul(t, Foul{Seat: s, Move: move, Before: before, After: after, Engine: eng})
	}
	g.afterTheEnd(t, eng)
	res := eng.Result()
	if !validResult(res, g.title.Seats()) {
		t.Fatalf("with %s's illegal moves the game ends %+v: not a ranking of its %d seats", s, res, g.title.Seats())
	}
	// The game with the illegal moves re-simulates.
	var steps []map[game.Seat]string
	for i := 1; i < rec.Timeline.Len(); i++ {
		steps = append(steps, rec.Timeline.Frame(i).Moves)
	}
	again, eng2, err := game.Play(g.title, g.replay.Header, steps)
	if err != nil {
		t.Fatalf("the game with %s's illegal moves, stepped again: %v", s, err)
	}
	a, _ := eng.State()
	b, _ := eng2.State()
	if !bytes.Equal(a, b) || !validResult(eng2.Result(), g.title.Seats()) || !sameJSON(eng.Result(), eng2.Result()) {
		t.Fatalf("the game with %s's illegal moves, stepped again, ends otherwise: %+v, then %+v", s, res, eng2.Result())
	}
	for i := range again.Timeline.Len() {
		if d := diffFrames(rec.Timeline.Frame(i), again.Timeline.Frame(i), false); d != "" {
			t.Fatalf("the game with %s's illegal moves, stepped again: turn %d: %s", s, i, d)
		}
	}
	return fouls
}

// outOfTurn checks, before the step of moves, that a move for a seat that
// is not to move (or does not exist) is refused: by Check, and by Step as
// misuse, an error that leaves the game as it was.
func (g *match) outOfTurn(t *testing.T, eng game.Engine, moves map[game.Seat]string) {
	t.Helper()
	toMove := sortedSeats(moves)
	some := moves[toMove[0]]
	checker, _ := eng.(game.Checker)
	var others []game.Seat
	for _, s := range seatsOf(g.title.Seats()) {
		if !slices.Contains(toMove, s) {
			others = append(others, s)
		}
	}
	for _, o := range others {
		if checker != nil {
			if err := check(checker, o, some); err == nil || errors.Is(err, errPanic) {
				t.Errorf("Check accepts %q from %s, who is not to move (to move: %v): %v", quote(some), o, toMove, err)
			}
		}
		refused(t, eng, fmt.Sprintf("a move for %s alone, who is not to move", o), map[game.Seat]string{o: some})
		both := maps.Clone(moves)
		both[o] = some
		refused(t, eng, fmt.Sprintf("a move for %s, who is not to move, beside %v's", o, toMove), both)
	}
	nobody := maps.Clone(moves)
	nobody[game.Seat(g.title.Seats())] = some
	refused(t, eng, fmt.Sprintf("a move for seat %d of %d", g.title.Seats()+1, g.title.Seats()), nobody)
}

// afterTheEnd checks that a game over takes no more moves.
func (g *match) afterTheEnd(t *testing.T, eng game.Engine) {
	t.Helper()
	if len(eng.ToMove()) != 0 {
		t.Errorf("the game is over, and %v are to move", eng.ToMove())
	}
	for _, s := range seatsOf(g.title.Seats()) {
		refused(t, eng, fmt.Sprintf("a move for %s after the end", s), map[game.Seat]string{s: garbage[0]})
		if c, ok := eng.(game.Checker); ok {
			if err := check(c, s, garbage[0]); err == nil || errors.Is(err, errPanic) {
				t.Errorf("Check accepts a move for %s after the end: %v", s, err)
			}
		}
	}
}

// refused checks that Step refuses moves with an error, neither panicking
// nor changing the game.
func refused(t *testing.T, eng game.Engine, what string, moves map[game.Seat]string) {
	t.Helper()
	state, err := eng.State()
	if err != nil {
		t.Fatal(err)
	}
	frame, toMove, over := eng.Frame(), eng.ToMove(), eng.Over()
	err = step(eng, moves)
	switch {
	case errors.Is(err, errPanic):
		t.Fatalf("%s: Step %v", what, err)
	case err == nil:
		t.Fatalf("%s: Step plays it; it is misuse: an error, the game unchanged", what)
	}
	now, _ := eng.State()
	if !bytes.Equal(state, now) || !slices.Equal(toMove, eng.ToMove()) || over != eng.Over() || diffFrames(frame, eng.Frame(), true) != "" {
		t.Fatalf("%s: Step refuses it (%v), and the game changed", what, err)
	}
}

// errPanic is wrapped by the error of a step or a check that panicked.
var errPanic = errors.New("panics")

// step steps eng; a panic is an error wrapping errPanic.
func step(eng game.Engine, moves map[game.Seat]string) (err error) {
	defer recoverStep(&err)
	return eng.Step(moves)
}

// advance is game.Advance; a panic is an error wrapping errPanic.
func advance(rec *game.Recording, eng game.Engine, moves map[game.Seat]string) (err error) {
	defer recoverStep(&err)
	return game.Advance(rec, eng, moves, nil)
}

// check is Checker.Check; a panic is an error wrapping errPanic.
func check(c game.Checker, s game.Seat, move string) (err error) {
	defer recoverStep(&err)
	return c.Check(s, move)
}

func recoverStep(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%w: %v\n%s", errPanic, p, debug.Stack())
	}
}

// validResult reports whether res ranks each of n seats once, the winner
// (if any) first.
func validResult(res game.Result, n int) bool {
	if len(res.Ranking) != n || res.Reason == "" {
		return false
	}
	seen := make([]bool, n+1)
	for _, r := range res.Ranking {
		if r < 1 || r > n || seen[r] {
			return false
		}
		seen[r] = true
	}
	return res.Winner == 0 || res.Winner == res.Ranking[0]
}

// quote shortens a long move for a message.
func quote(move string) string {
	if len(move) > 40 {
		return move[:40] + fmt.Sprintf("…(%d bytes)", len(move))
	}
	return move
}
