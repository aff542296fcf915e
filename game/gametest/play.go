package gametest

import (
	"encoding/json"
	"testing"

	"github.com/arena-games/arena/game"
)

// Bots makes title's built-in players of the kinds, one per seat in order,
// each with rng(seat) as its randomness (rng nil: none).
func Bots(tb testing.TB, title game.Title, kinds []string, rng func(seat int) *game.Rand) []game.Player {
	tb.Helper()
	players := make([]game.Player, len(kinds))
	for i, kind := range kinds {
		var r *game.Rand
		if rng != nil {
			r = rng(i)
		}
		p, err := title.NewBot(kind, "", game.Seat(i), r)
		if err != nil {
			tb.Fatal(err)
		}
		players[i] = p
	}
	return players
}

// Play plays a game of title with cfg between the players, one per seat,
// for up to n steps (n < 0: to its end). Each step every seat to move
// answers what it observes. It returns the engine and the frames: the
// start, then one per step.
func Play(tb testing.TB, title game.Title, cfg game.Config, players []game.Player, n int) (game.Engine, []game.Frame) {
	tb.Helper()
	cfg.Seats = len(players)
	eng, err := title.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return eng, play(tb, eng, players, n, nil)
}

// play plays eng between the players for up to n steps (n < 0: to its
// end) and returns the frames, the start first; step, when not nil, is
// called with each frame, its Turn and Moves set.
func play(tb testing.TB, eng game.Engine, players []game.Player, n int, step func(f game.Frame)) []game.Frame {
	tb.Helper()
	frames := []game.Frame{eng.Frame()}
	for i := 0; (n < 0 || i < n) && !eng.Over(); i++ {
		moves := map[game.Seat]string{}
		for _, seat := range eng.ToMove() {
			a, err := players[seat].Play(tb.Context(), eng.Observe(seat))
			if err != nil {
				tb.Fatal(err)
			}
			moves[seat] = a.Move
		}
		if err := eng.Step(moves); err != nil {
			tb.Fatal(err)
		}
		f := eng.Frame()
		if step != nil {
			f.Turn, f.Moves = len(frames), moves
			step(f)
		}
		frames = append(frames, f)
	}
	return frames
}

// SeatStreams plays a game of a Fogged title as Play does and writes each
// seat's stream as a server would (its header, then its view after the
// start and after each step), reading every stream back with a
// game.SeatFollower. It returns the full game's frames, each seat's lines
// and its follower. each, when not nil, is called after the followers read
// each step's views.
func SeatStreams(tb testing.TB, title game.Title, cfg game.Config, players []game.Player, n int, each func(eng game.Engine, f []*game.SeatFollower)) ([]game.Frame, [][][]byte, []*game.SeatFollower) {
	tb.Helper()
	fog, ok := title.(game.Fogged)
	if !ok {
		tb.Fatalf("%s is not game.Fogged", title.Name())
	}
	cfg.Seats = len(players)
	eng, err := title.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	seats := make([]string, len(players))
	for i := range seats {
		seats[i] = "bot"
	}
	lines := make([][][]byte, len(players))
	followers := make([]*game.SeatFollower, len(players))
	for s := range players {
		h, err := json.Marshal(game.NewSeatHeader(title, cfg, seats, game.Seat(s)))
		if err != nil {
			tb.Fatal(err)
		}
		lines[s] = append(lines[s], h)
		if followers[s], err = game.FollowSeat(h); err != nil {
			tb.Fatal(err)
		}
	}
	see := func(f game.Frame) {
		f.Over = eng.Over()
		if f.Over {
			f.Result = eng.Result()
		}
		for s := range players {
			st, err := game.NewSeatStep(fog, eng, f, game.Seat(s))
			if err != nil {
				tb.Fatal(err)
			}
			line, err := json.Marshal(st)
			if err != nil {
				tb.Fatal(err)
			}
			lines[s] = append(lines[s], line)
			if err := followers[s].Line(line); err != nil {
				tb.Fatalf("seat %d, turn %d: %v", s+1, f.Turn, err)
			}
		}
		if each != nil {
			each(eng, followers)
		}
	}
	see(eng.Frame())
	return play(tb, eng, players, n, see), lines, followers
}

// SeatViews are the views (the titles' JSON) of a seat's stream lines,
// after its header: seeds for the titles' fuzz targets.
func SeatViews(tb testing.TB, lines [][]byte) [][]byte {
	var out [][]byte
	for _, l := range lines[1:] {
		var st game.SeatStep
		if err := json.Unmarshal(l, &st); err != nil {
			tb.Fatal(err)
		}
		out = append(out, st.View)
	}
	return out
}
