package guardains

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// Arena is GuardAIns made with Arena's levels, as internal/titles makes it:
// TestMain (main_test.go) makes it.
var Arena Title

// fixtureDir holds the original system's files, relative to this package.
const fixtureDir = "../../../shared/fixtures/guardains"

// fixture reads a fixture file. It skips the test when the fixture is
// absent, except under CI=true, where that is a failure.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	return gametest.Fixture(t, filepath.Join(fixtureDir, name))
}

const transcriptFile = "player1_transcript.jsonl.gz"

// mazeA is the 5x5 maze A of §8, with bases (0, 0) and (4, 4) and the stone
// on (4, 0).
const mazeA = `|-|-|-|-|-|
|1       S|
| |-| |-| |
| |   |   |
| | |-| |-|
|     |   |
|-| | | | |
|   |     |
| |-|-| | |
|        2|
|-|-|-|-|-|
`

// level reads a level picture.
func level(t testing.TB, picture string) *Level {
	t.Helper()
	l, err := ParseLevel("test", []byte(picture))
	require.NoError(t, err)
	return l
}

// open is a W x H board with every inner passage open, bases (0, 0) and
// (W-1, H-1) and the stone on stone.
func open(w, h int, stone Cell) *Level {
	m := NewMaze(w, h)
	for y := range h {
		for x := range w {
			m.Carve(Cell{x, y}, Right)
			m.Carve(Cell{x, y}, Down)
		}
	}
	return &Level{Name: "open", Maze: m, Kinds: map[Cell]Kind{}, Enemy: map[Cell]bool{},
		Bases: [2]Cell{{0, 0}, {w - 1, h - 1}}, Stone: stone}
}

// o10 is the board O10 of §8: 10x10, open, bases (0, 0) and (9, 9), the
// stone on (7, 2).
func o10() *Level { return open(10, 10, Cell{7, 2}) }

// compat is every compat flag.
func compat() *Rules { return OriginalRules() }

// start is the start of a game on l (default rules unless given), changed
// by mods.
func start(l *Level, r *Rules, mods ...func(*State)) *State {
	if r == nil {
		r = &Rules{Rounds: DefaultRounds}
	}
	s := NewState(l, r)
	for _, m := range mods {
		m(s)
	}
	s.updateScore()
	s.see()
	return s
}

// put places seat's guardian h on c, arriving now.
func put(seat int, h Hero, c Cell) func(*State) {
	return func(s *State) { s.place(s.Guardian(seat, h), c, true) }
}

// health sets seat's guardian h's health.
func health(seat int, h Hero, n int) func(*State) {
	return func(s *State) { s.Guardian(seat, h).Health = n }
}

// atRound sets the round counter.
func atRound(n int) func(*State) { return func(s *State) { s.Round = n } }

// kind makes c a special cell.
func kind(c Cell, k Kind, enemy bool) func(*State) {
	return func(s *State) {
		s.Kinds = map[Cell]Kind{c: k}
		s.Enemy = map[Cell]bool{c: enemy}
	}
}

// act is the short form of an action.
func act(typ string, h Hero, c Cell) string {
	return typ + " " + h.String() + " " + strconv.Itoa(c.X) + " " + strconv.Itoa(c.Y)
}

// stay is the default action of §8: Gamora moves to her own cell (or the
// first guardian alive, when she is dead).
func stay(s *State, seat int) string {
	for _, h := range Heroes {
		if g := s.Guardian(seat, h); g.Alive {
			return act(Move, h, g.Pos)
		}
	}
	return act(Move, Gamora, s.Guardian(seat, Gamora).Pos)
}

// step plays one round; "" for a seat means its default, staying put (use
// "none" for no answer).
func step(t testing.TB, s *State, m1, m2 string) (*State, []game.Event) {
	t.Helper()
	require.False(t, s.Over, "the game is over")
	moves := [2]string{m1, m2}
	for i, m := range moves {
		switch m {
		case "":
			moves[i] = stay(s, i+1)
		case "none":
			moves[i] = ""
		}
	}
	next := s.clone()
	events := next.play(moves)
	return next, events
}

// codes are the codes of seat's next view's feedback, with the data of each,
// STAR_LORD_SPECIAL_POWER left out.
func codes(s *State, seat int) []string {
	var out []string
	for _, f := range s.Feedback[seat-1] {
		out = append(out, f.Code+" "+f.Data)
	}
	return out
}

// lines are the coordinates of a guardian's lines of sight in seat's view.
func lines(o *Observation, h Hero) [4][]string {
	var out [4][]string
	for dir, line := range o.Movegen[h].Neighbours {
		out[dir] = []string{}
		for _, c := range line {
			out[dir] = append(out[dir], c.At.String())
		}
	}
	return out
}

// special is the special_vision data of seat's view.
func special(t testing.TB, s *State, seat int) string {
	t.Helper()
	fbs := s.Observe(seat).Feedback
	last := fbs[len(fbs)-1]
	require.Equal(t, CodeStarLordSpecial, last.Code)
	var v struct {
		SpecialVision json.RawMessage `json:"special_vision"`
	}
	require.NoError(t, json.Unmarshal([]byte(last.Data), &v))
	return strings.ReplaceAll(string(v.SpecialVision), " ", "")
}

// playGame plays one game between two built-in bots and returns the final
// state; no action may be invalid or penalised.
func playGame(tb testing.TB, cfg game.Config, kinds [2]string) *State {
	tb.Helper()
	eng, frames := gametest.Play(tb, Arena, cfg, gametest.Bots(tb, Title{}, kinds[:], nil), -1)
	for _, f := range frames {
		for _, ev := range f.Events {
			if ev.Kind == EventInvalid || ev.Kind == EventPenalty {
				tb.Errorf("turn %d: %s", f.Turn, ev.Text)
			}
		}
	}
	return eng.(*Engine).Current()
}
