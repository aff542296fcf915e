package gametest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// The toy is a game for testing Conform: two seats take turns to take one
// to three stones from a pile, and who takes the last wins. Each seat has
// a secret number, which the other may not see. A move that is not
// "take N" is a foul: counted, and the turn passes. The defect its tests
// give it (by the environment variable) is one that Conform must find.
type toy struct{}

var _ game.Fogged = toy{}

// TestMain installs the toy, which the replays of its games name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{toy{}}})
	os.Exit(m.Run())
}

// defect is the toy's defect in this process: "" for none.
var defect = os.Getenv("GAMETEST_DEFECT")

func (toy) ID() string   { return "gametest-toy" }
func (toy) Name() string { return "Toy" }
func (toy) Seats() int   { return 2 }

func (toy) New(cfg game.Config) (game.Engine, error) {
	r := game.NewRand(cfg.Seed, 0)
	s := &toyState{Pile: 12 + r.IntN(8), Secret: [2]int{r.IntN(100), r.IntN(100)}}
	return &toyEngine{s: s, frame: game.Frame{ToMove: []game.Seat{0}, State: s}}, nil
}

func (toy) Bots() []game.Bot {
	return []game.Bot{{Kind: "taker", About: "leaves a multiple of four when it can"}}
}

func (toy) NewBot(kind, strength string, seat game.Seat, _ *game.Rand) (game.Player, error) {
	if kind != "taker" || strength != "" {
		return nil, fmt.Errorf("toy: no player %s:%s", kind, strength)
	}
	return taker{}, nil
}

func (toy) SeatView(eng game.Engine, s game.Seat) ([]byte, error) {
	st := eng.(*toyEngine).s
	v := toyView{Pile: st.Pile, Mine: st.Secret[s]}
	if defect == "leak" {
		return json.Marshal(struct {
			toyView
			Theirs int `json:"theirs"`
		}{v, st.Secret[1-s]})
	}
	return json.Marshal(v)
}

func (toy) NewSeatView(s game.Seat, _ map[string]string) (game.SeatView, error) {
	return &toySeat{seat: s}, nil
}

// toyState is a toy game's state; in a seat's frames the other's secret
// is -1.
type toyState struct {
	Pile   int
	Secret [2]int
	Fouls  [2]int
	Side   int
	Turn   int
	Over   bool
	Winner int
}

// toyView is what a seat sees: the pile and its own secret.
type toyView struct {
	Pile int `json:"pile"`
	Mine int `json:"mine"`
}

type toyEngine struct {
	s     *toyState
	frame game.Frame
}

var _ game.Checker = (*toyEngine)(nil)

func (e *toyEngine) Frame() game.Frame { return e.frame }

func (e *toyEngine) ToMove() []game.Seat {
	if e.s.Over {
		return nil
	}
	return []game.Seat{game.Seat(e.s.Side)}
}

func (e *toyEngine) Over() bool { return e.s.Over }

func (e *toyEngine) Result() game.Result {
	if !e.s.Over {
		return game.Result{}
	}
	return game.Result{Winner: e.s.Winner, Ranking: []int{e.s.Winner, 3 - e.s.Winner}, Reason: "last"}
}

func (e *toyEngine) Observe(s game.Seat) any { return toyView{Pile: e.s.Pile, Mine: e.s.Secret[s]} }

func (e *toyEngine) State() ([]byte, error) {
	if defect == "state" {
		return json.Marshal(struct {
			*toyState
			At time.Time
		}{e.s, time.Now()})
	}
	return json.Marshal(e.s)
}

func (e *toyEngine) Check(s game.Seat, move string) error {
	if e.s.Over || int(s) != e.s.Side {
		return errors.New("not your turn")
	}
	_, err := take(move, e.s.Pile)
	return err
}

func (e *toyEngine) Step(moves map[game.Seat]string) error {
	seat := game.Seat(e.s.Side)
	move, ok := moves[seat]
	if e.s.Over || !ok || len(moves) != 1 && defect != "outofturn" {
		return errors.New("toy: one move, for the seat to move")
	}
	if defect == "mutates" {
		e.s.Turn += 100
	}
	next := *e.s
	next.Turn++
	var ev game.Event
	if n, err := take(move, next.Pile); err != nil {
		if defect == "crash" && move == "garbage" {
			panic("toy: garbage")
		}
		next.Fouls[seat]++
		ev = game.Event{Kind: "foul", Seat: seat, Text: fmt.Sprintf("%s fouls: %v", seat, err)}
	} else {
		next.Pile -= n
		ev = game.Event{Kind: "take", Seat: seat, Text: fmt.Sprintf("%s takes %d", seat, n)}
	}
	if defect == "nondeterministic" {
		ev.Text += " at " + time.Now().Format(time.RFC3339Nano)
	}
	if next.Pile == 0 {
		next.Over, next.Winner = true, seat.Number()
	}
	next.Side = 1 - next.Side
	e.s = &next
	e.frame = game.Frame{Turn: next.Turn, ToMove: e.ToMove(), State: e.s, Events: []game.Event{ev},
		Moves: map[game.Seat]string{seat: move}, Over: next.Over, Result: e.Result()}
	return nil
}

// take reads "take N": N stones, 1 to 3 and at most what the pile holds.
func take(move string, pile int) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(move, "take "))
	if err != nil || !strings.HasPrefix(move, "take ") || n < 1 || n > 3 || n > pile {
		return 0, fmt.Errorf("%q is not take 1 to %d", move, min(3, pile))
	}
	return n, nil
}

// taker leaves a multiple of four when it can, else takes one.
type taker struct{}

func (taker) Play(_ context.Context, obs any) (game.Answer, error) {
	n := obs.(toyView).Pile % 4
	if n == 0 {
		n = 1
	}
	return game.Answer{Move: "take " + strconv.Itoa(n)}, nil
}

// toySeat makes a seat's frames of its views.
type toySeat struct {
	seat game.Seat
	view toyView
	turn int
}

func (v *toySeat) Frame(view []byte, move string, res *game.Result) (game.Frame, error) {
	if err := json.Unmarshal(view, &v.view); err != nil {
		return game.Frame{}, err
	}
	s := &toyState{Pile: v.view.Pile, Secret: [2]int{-1, -1}, Turn: v.turn, Over: res != nil}
	s.Secret[v.seat] = v.view.Mine
	v.turn++
	return game.Frame{State: s}, nil
}

func (v *toySeat) Observe() any { return v.view }

var toySuite = gametest.Suite{
	Configs: []game.Config{{Seed: 1}, {Seed: 2}},
	Foul: func(t testing.TB, f gametest.Foul) {
		before, after := f.Before.State.(*toyState), f.After.State.(*toyState)
		if after.Fouls[f.Seat] != before.Fouls[f.Seat]+1 || after.Pile != before.Pile || after.Side == before.Side {
			t.Errorf("%q: fouls %d → %d, pile %d → %d, side %d → %d", f.Move, before.Fouls[f.Seat], after.Fouls[f.Seat], before.Pile, after.Pile, before.Side, after.Side)
		}
	},
	Hidden: func(t testing.TB, s gametest.Sight) {
		for turn, f := range s.Seen {
			st := f.State.(*toyState)
			if st.Secret[1-s.Seat] != -1 || st.Secret[s.Seat] != s.Truth[turn].State.(*toyState).Secret[s.Seat] {
				t.Fatalf("turn %d: %s knows the secrets %v", turn, s.Seat, st.Secret)
			}
			var step game.SeatStep
			if err := json.Unmarshal(s.Lines[turn+1], &step); err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(step.View))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&toyView{}); err != nil {
				t.Fatalf("turn %d: %s's view tells more than its own: %v", turn, s.Seat, err)
			}
		}
	},
}

// TestToy is Conform on the toy, with the defect the environment gives it.
func TestToy(t *testing.T) {
	t.Parallel()
	gametest.Conform(t, toy{}, []string{"taker", "taker"}, toySuite)
}

// Conform finds each defect of a title: run on a toy with the defect, in
// a process of its own, it fails and says what is wrong.
func TestConformFindsEachDefect(t *testing.T) {
	t.Parallel()
	if defect != "" {
		t.Skip("the process of one defect")
	}
	for d, says := range map[string]string{
		"nondeterministic": "played twice, turn 1 differs: events",
		"state":            "played twice, the state after turn 0 differs",
		"leak":             "view tells more than its own",
		"crash":            `move "garbage": panics: toy: garbage`,
		"outofturn":        "who is not to move, beside [P1]'s: Step plays it",
		"mutates":          "changed after it was played (frames are immutable)",
	} {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestToy$", "-test.count=1")
			cmd.Env = append(os.Environ(), "GAMETEST_DEFECT="+d)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || !bytes.Contains(out, []byte(says)) {
				t.Fatalf("with the defect %s, Conform (%v) does not say %q:\n%s", d, err, says, out)
			}
		})
	}
}
