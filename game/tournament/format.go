// Package tournament is how a tournament is played, wherever its matches
// run: the formats and their pairings, byes and brackets, the standings
// with their tie-breaks, the Glicko-2 rating, and the files a tournament
// leaves (tournament.json, standings.json, standings.csv); and the
// statistics of a long match between two players (an Elo difference with
// its interval, the sequential test that stops it once it decides).
//
// A tournament's plan is a pure function of its format and of the results
// recorded so far: every match has a stable ID, the next round is known as
// soon as the results it depends on are, and a runner that restarts after a
// crash finds the same plan again.
package tournament

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The systems a tournament is played in: the general ones, and the original
// contests' own formats as presets.
const (
	RoundRobin        = "round-robin"
	DoubleRoundRobin  = "double-round-robin"
	Swiss             = "swiss"
	SingleElimination = "single-elimination"
	DoubleElimination = "double-elimination"
	AIBG5             = "aibg5"     // groups of four ships per game, the group winners to a final
	GuardAIns         = "guardains" // pools, then a knock-out, then a playoff for third
	AlienWarz         = "alienwarz" // a ranking phase against the house bot, a play-in, an eight-team bracket
)

// Systems lists every system, for help and errors.
var Systems = []string{RoundRobin, DoubleRoundRobin, Swiss, SingleElimination, DoubleElimination, AIBG5, GuardAIns, AlienWarz}

// The draws: how entrants are placed into pools, groups and brackets.
const (
	DrawSeeded = "seeded" // by the entrants' order (then by results)
	DrawRandom = "random" // shuffled with the tournament's seed
)

// Format is how a tournament is played: its system and the numbers that
// shape it. Check fills in the defaults.
type Format struct {
	System   string
	Seats    int // seats per game: the title's
	Entrants int // how many entrants
	// Games is how many games each pairing plays, the seats rotating from
	// game to game; 0: one per seat.
	Games int
	Seed  int64
	// Maps are played in turn: the games of a pairing that rotate the seats
	// over one deal share its map and seed.
	Maps []string
	// Seeds, when given, are the deals' seeds, in turn, instead of seeds
	// drawn from Seed.
	Seeds []int64
	// Rounds is the number of Swiss rounds; 0: log2 of the entrants.
	Rounds int
	// Pools and Advance shape GuardAIns's first level: how many pools, and
	// how many of each go on to the knock-out.
	Pools, Advance int
	// ThirdPlace adds a playoff for third between the semi-final losers.
	ThirdPlace bool
	// Deciders is the most deciding games a level knock-out series plays,
	// one at a time, before the better seed goes through.
	Deciders int
	// Draw is DrawSeeded or DrawRandom.
	Draw string
	// Reset plays a second grand final of a double elimination when the
	// losers' bracket champion wins the first.
	Reset bool
	// House says whether the spec has a house player: it fills the seats
	// of games short of entrants and is the ranking phase's opponent.
	House bool
	// Direct and PlayIn shape AlienWarz's bracket: the first Direct of the
	// ranking go straight in, the next PlayIn play in pairs for the rest.
	Direct, PlayIn int
	Points         Points
}

// Points is what a game is worth to each seat: Win, Draw and Loss in
// two-seat games; by place (Places[0] for the first) in larger ones.
type Points struct {
	Win, Draw, Loss float64
	Places          []float64
}

// FieldError is a mistake in one key of a tournament's spec.
type FieldError struct{ Key, Msg string }

func (e *FieldError) Error() string { return e.Key + ": " + e.Msg }

func fieldErr(key, format string, args ...any) error {
	return &FieldError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// MaxEntrants bounds a tournament's field.
const MaxEntrants = 1024

// MaxMatches bounds the matches a tournament may plan.
const MaxMatches = 1_000_000

// Check validates the format, fills in the defaults, and checks that the
// system can seat its entrants (a house player where games are short of
// entrants).
func (f *Format) Check() error {
	if !slices.Contains(Systems, f.System) {
		return fieldErr("format", "%q is not a format; the formats are %s", f.System, strings.Join(Systems, ", "))
	}
	if f.Seats < 2 {
		return fieldErr("title", "a tournament needs a game of two or more seats")
	}
	if f.Entrants < 2 || f.Entrants > MaxEntrants {
		return fieldErr("entrant", "%d entrants: a tournament takes 2 to %d", f.Entrants, MaxEntrants)
	}
	two := f.Seats == 2
	switch {
	case !two && (f.System == DoubleElimination || f.System == GuardAIns || f.System == AlienWarz):
		return fieldErr("format", "%s pairs two players a game; this game seats %d (use round-robin, swiss, single-elimination or aibg5)", f.System, f.Seats)
	case two && f.System == AIBG5:
		return fieldErr("format", "aibg5 plays groups of several players a game; this game seats 2 (use single-elimination)")
	}
	if f.Games == 0 {
		f.Games = f.Seats
	}
	if f.Games < 1 || f.Games > 1000 {
		return fieldErr("games", "%d: expected 1 to 1,000 games per pairing", f.Games)
	}
	if f.Draw == "" {
		f.Draw = DrawSeeded
		if f.System == AIBG5 || f.System == GuardAIns {
			f.Draw = DrawRandom // the originals drew their groups and knock-outs at random
		}
	}
	if f.Draw != DrawSeeded && f.Draw != DrawRandom {
		return fieldErr("draw", "%q: expected seeded or random", f.Draw)
	}
	if f.Deciders < 0 || f.Deciders > 100 {
		return fieldErr("deciders", "%d: expected 0 to 100 deciding games", f.Deciders)
	}
	if f.System == Swiss {
		if f.Rounds == 0 {
			f.Rounds = max(1, int(math.Ceil(math.Log2(float64(f.Entrants)))))
		}
		if f.Rounds < 1 || (two && f.Rounds >= f.Entrants+f.Entrants%2) {
			return fieldErr("rounds", "%d: a Swiss of %d entrants plays 1 to %d rounds", f.Rounds, f.Entrants, f.Entrants+f.Entrants%2-1)
		}
	} else if f.Rounds != 0 {
		return fieldErr("rounds", "only a swiss tournament has a number of rounds")
	}
	if f.System == GuardAIns {
		if f.Pools == 0 {
			f.Pools = max(1, f.Entrants/4)
		}
		if f.Advance == 0 {
			f.Advance = 2
		}
		if f.Pools < 1 || f.Entrants/f.Pools < 2 {
			return fieldErr("pools", "%d pools of %d entrants: each pool needs at least 2", f.Pools, f.Entrants)
		}
		if f.Advance < 1 || f.Advance > f.Entrants/f.Pools {
			return fieldErr("advance", "%d: expected 1 to %d (the smallest pool's size)", f.Advance, f.Entrants/f.Pools)
		}
		f.ThirdPlace = true
	} else if f.Pools != 0 || f.Advance != 0 {
		return fieldErr("pools", "only the guardains format has pools")
	}
	if f.System == AlienWarz {
		if !f.House {
			return fieldErr("house", "the alienwarz format ranks every entrant against a house bot: set house")
		}
		if f.Direct == 0 && f.PlayIn == 0 {
			f.Direct, f.PlayIn = 5, 6
		}
		if f.Direct < 1 || f.PlayIn < 0 || f.PlayIn%2 != 0 || f.Direct+f.PlayIn/2 > 256 {
			return fieldErr("play_in", "direct = %d, play_in = %d: expected at least 1 direct place and an even play-in", f.Direct, f.PlayIn)
		}
	} else if f.Direct != 0 || f.PlayIn != 0 {
		return fieldErr("direct", "only the alienwarz format has direct places and a play-in")
	}
	if two {
		if f.Points.Win == 0 && f.Points.Draw == 0 && f.Points.Loss == 0 {
			f.Points = Points{Win: 1, Draw: 0.5}
		}
		if f.Points.Places != nil {
			return fieldErr("points", "places are for games of more than two seats; use win, draw and loss")
		}
	} else {
		if f.Points.Win != 0 || f.Points.Draw != 0 || f.Points.Loss != 0 {
			return fieldErr("points", "a game of %d seats is scored by places = [...]", f.Seats)
		}
		if f.Points.Places == nil {
			for i := f.Seats - 1; i >= 0; i-- {
				f.Points.Places = append(f.Points.Places, float64(i))
			}
		}
		if len(f.Points.Places) != f.Seats {
			return fieldErr("points", "places has %d values; the game has %d seats", len(f.Points.Places), f.Seats)
		}
	}
	if n := f.rough(); n > MaxMatches {
		return fieldErr("games", "the tournament would play about %s matches; at most %s", thousands(n), thousands(MaxMatches))
	}
	_, err := f.Plan(nil)
	return err
}

// rough is about how many matches the tournament plays, at most: enough to
// refuse a huge one before planning it.
func (f *Format) rough() int {
	n, g := f.Entrants, f.Games
	series := 0
	switch f.System {
	case RoundRobin, DoubleRoundRobin:
		series = n * (n - 1) / 2
		if f.Seats > 2 {
			series = binomial(n, f.Seats)
		}
		if f.System == DoubleRoundRobin {
			series *= 2
		}
		return series * g
	case Swiss:
		series = f.Rounds * (n/2 + 1)
	case GuardAIns:
		series = n*n/f.Pools + 2*n
	default:
		series = 3 * n
	}
	return series * (g + f.Deciders)
}

// score is what each seat of a finished game earns, and whether it won,
// drew or lost: in a larger game the first place wins, a game without a
// winner is a draw for its first two places, the rest lose.
func (f *Format) score(r *Result, seats int) (pts []float64, wdl []int) {
	pts, wdl = make([]float64, seats), make([]int, seats)
	if seats == 2 {
		switch r.Winner {
		case 0:
			pts[0], pts[1] = f.Points.Draw, f.Points.Draw
		case 1, 2:
			w := r.Winner - 1
			pts[w], pts[1-w] = f.Points.Win, f.Points.Loss
			wdl[w], wdl[1-w] = 1, -1
		}
		return pts, wdl
	}
	for place, n := range r.Ranking {
		if n < 1 || n > seats || place >= len(f.Points.Places) {
			continue
		}
		pts[n-1], wdl[n-1] = f.Points.Places[place], -1
	}
	if len(r.Ranking) >= 2 && r.Ranking[0] >= 1 && r.Ranking[0] <= seats && r.Ranking[1] >= 1 && r.Ranking[1] <= seats {
		a, b := r.Ranking[0]-1, r.Ranking[1]-1
		if r.Winner == 0 {
			share := (pts[a] + pts[b]) / 2
			pts[a], pts[b], wdl[a], wdl[b] = share, share, 0, 0
		} else {
			wdl[a] = 1
		}
	}
	return pts, wdl
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
