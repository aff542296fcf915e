package santoriniengine

import (
	"math"
	"testing"
)

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		"position " + opening, "position " + empty, "position " + zero + "/2/mortal:C3,B2/",
		"position moves game.txt", "position moves  a b ", "go depth 3", "go movetime 300",
		"perft 5", "stop", "quit", "hello", "go fast", "position 123", "perft x", "go depth +1",
		"\tgo\tdepth\t2\r", "position " + scenario12 + " extra",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", line)
			}
			return
		}
		again, err := ParseCommand(c.String())
		if err != nil {
			t.Fatalf("%q written as %q does not read back: %v", line, c.String(), err)
		}
		if again != c {
			t.Fatalf("%q written as %q reads back as %+v, not %+v", line, c.String(), again, c)
		}
	})
}

func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{
		"info depth 3 score -0.25 nodes 1234 nps 2000000 pv C3>C4^C5 B3>A4^A5 C4>D5",
		"info depth 1 score 0 nodes 300 nps 0 pv C3,B2", "info depth 2 score 999998 nodes 1 nps 1",
		"bestmove C3 B4 A5", "bestmove D2 D3", "bestmove c3,b2", "bestmove D2>D3#", "bestmove C3>B4^A5",
		"bestmove none", "bestmove", "perft 3 nodes 241902 time 4 nps 60475500", "error what",
		"info depth 1 score 1e308 nodes 1 nps 1", "bestmove C3>B4^", "readyok",
		`info marks [{"kind":"arrow","at":[2,2],"to":[3,3]}]`, "info string depth 7:  best C3", "info  marks ", "info string",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := ParseAnswer(line)
		if err != nil {
			return
		}
		again, err := ParseAnswer(a.String())
		if err != nil {
			t.Fatalf("%q written as %q does not read back: %v", line, a.String(), err)
		}
		if again.String() != a.String() {
			t.Fatalf("%q written as %q reads back as %q", line, a.String(), again.String())
		}
		if bm, ok := a.(*BestMove); ok && !bm.None {
			b := board(t, opening)
			bm.Move.Turn(&b) // never panics
		}
	})
}

// FuzzSaiLine: santorini-ai's lines are read without a panic, and a
// best_move that is read has a move of 2 or 3 cells on the board and
// bounded numbers.
func FuzzSaiLine(f *testing.F) {
	for _, name := range []string{"open1", "win1", "place1"} {
		for _, l := range saiRecording(f, name)[:3] {
			f.Add(l)
		}
	}
	f.Add(`{"type":"started"}`)
	f.Add(`{"type":"best_move","original_str":"x","trigger":"stop_flag","meta":{"score":-9990,"calculated_depth":3,"elapsed_seconds":0,"action_str":"A1>B1#"}}`)
	f.Add(`{"type":"best_move","original_str":"x","trigger":"seed","meta":{"score":1e99,"calculated_depth":-1,"elapsed_seconds":"a","action_str":"NULL"}}`)
	f.Fuzz(func(t *testing.T, line string) {
		b, err := parseSaiLine(line)
		if err != nil || b == nil {
			return
		}
		if b.Move.N != 2 && b.Move.N != 3 {
			t.Fatalf("%q: a move of %d cells", line, b.Move.N)
		}
		for _, c := range b.Move.Cells[:b.Move.N] {
			if c.String() == "-" {
				t.Fatalf("%q: a cell off the board", line)
			}
		}
		if b.Depth < 0 || b.Depth > saiMaxDepth || b.Elapsed < 0 || math.Abs(b.Score) > 1_000_000 {
			t.Fatalf("%q: unbounded numbers %+v", line, b)
		}
	})
}
