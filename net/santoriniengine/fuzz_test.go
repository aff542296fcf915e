package santoriniengine

import (
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
