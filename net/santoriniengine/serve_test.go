package santoriniengine

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/sandbox"
)

// Scenario 16 of rules/santorini.md, against Arena's engine in this process
// and as a child process.
func TestScenario16(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			t.Run("go depth 2 answers infos then one legal bestmove", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+opening, "go depth 2")
				bm, infos := bestmove(t, c)
				require.NotEmpty(t, infos, "one info per completed depth")
				for i, in := range infos {
					require.Equal(t, i+1, in.Depth)
					require.NotEmpty(t, in.PV)
					require.Equal(t, 3, in.PV[0].N)
				}
				b := board(t, opening)
				tu, err := bm.Move.Turn(&b)
				require.NoError(t, err, bm.String())
				require.Equal(t, MoveOf(tu), MoveOf(infos[len(infos)-1].PV[0].mustTurn(t, &b)), "the bestmove is the last pv's first move")
				noMoreBestmove(t, c)
			})
			t.Run("placement: two different cells", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+empty, "go depth 1")
				bm, _ := bestmove(t, c)
				require.Equal(t, 2, bm.Move.N)
				require.NotEqual(t, bm.Move.Cells[0], bm.Move.Cells[1])
				b := board(t, empty)
				tu, err := bm.Move.Turn(&b)
				require.NoError(t, err)
				require.True(t, tu.Place)
				noMoreBestmove(t, c)
				// Before the first position the board is empty with P1 to place.
				c = tr.open(t)
				send(t, c, "go movetime 50")
				bm, _ = bestmove(t, c)
				require.Equal(t, 2, bm.Move.N)
				// And P2 places beside P1's workers.
				send(t, c, "position "+zero+"/2/C3,B2/", "go depth 3")
				bm, _ = bestmove(t, c)
				b = board(t, zero+"/2/C3,B2/")
				_, err = bm.Move.Turn(&b)
				require.NoError(t, err, bm.String())
			})
			t.Run("scenario 12: the winning move", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+scenario12, "go depth 1")
				bm, infos := bestmove(t, c)
				require.Equal(t, "bestmove D2 D3", bm.String())
				require.Len(t, infos, 1)
				require.Equal(t, "D2>D3", infos[0].PV[0].Compact())
				require.InDelta(t, 999_999, infos[0].Score, 1, "a win in one, for the side to move")
				send(t, c, "go movetime 200")
				bm, _ = bestmove(t, c)
				require.Equal(t, "bestmove D2 D3", bm.String())
			})
			t.Run("perft 3", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+seedStart, "perft 3")
				l := next(t, c)
				require.True(t, strings.HasPrefix(l, "perft 3 nodes 241902 time "), l)
				a, err := ParseAnswer(l)
				require.NoError(t, err)
				require.Equal(t, l, a.String())
				send(t, c, "position "+empty, "perft 2")
				require.True(t, strings.HasPrefix(next(t, c), "perft 2 nodes 75900 time "))
			})
			t.Run("malformed commands get one error line each", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+scenario12)
				for _, bad := range []string{"hello", "go fast", "position 123", "perft x", "go depth 0", "go movetime -5", "position " + zero + "/1/C3,B2/", "stop now"} {
					send(t, c, bad)
					l := next(t, c)
					require.True(t, strings.HasPrefix(l, "error "), "%q answered %q", bad, l)
					require.NotContains(t, l, "\n")
				}
				send(t, c, "", "   ", "stop") // skipped; ignored with no search
				send(t, c, "go depth 1")
				bm, _ := bestmove(t, c)
				require.Equal(t, "bestmove D2 D3", bm.String(), "the position did not change")
				noMoreBestmove(t, c)
			})
			t.Run("go when the game is over", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position 0002000042000004300004000/2/C3,C1/A1,E5", "go depth 1")
				l := next(t, c)
				require.Equal(t, "error go: the game is over: P1 won (nomoves)", l)
				send(t, c, "position "+scenario12, "go depth 1")
				bm, _ := bestmove(t, c)
				require.Equal(t, "bestmove D2 D3", bm.String())
			})
			t.Run("stop answers at once", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+opening, "go movetime 10000")
				time.Sleep(300 * time.Millisecond)
				start := time.Now()
				send(t, c, "stop")
				bm, _ := bestmove(t, c)
				took := time.Since(start)
				require.Less(t, took, 500*time.Millisecond)
				t.Logf("stop answered in %v", took)
				b := board(t, opening)
				_, err := bm.Move.Turn(&b)
				require.NoError(t, err)
				noMoreBestmove(t, c)
				// Commands other than stop and quit wait for the search's
				// answer, then run in their order.
				send(t, c, "go depth 50", "position "+scenario12, "hello", "go depth 1")
				time.Sleep(100 * time.Millisecond)
				send(t, c, "stop")
				bm, _ = bestmove(t, c)
				_, err = bm.Move.Turn(&b)
				require.NoError(t, err, "the answer of the first search, in the first position")
				require.True(t, strings.HasPrefix(next(t, c), "error unknown command \"hello\""))
				bm, _ = bestmove(t, c)
				require.Equal(t, "bestmove D2 D3", bm.String())
				noMoreBestmove(t, c)
			})
			t.Run("position moves FILE", func(t *testing.T) {
				dir := t.TempDir()
				// A sandboxed engine reads only what it may: this folder too.
				old := sandbox.CurrentPolicy()
				sandbox.SetPolicy(sandbox.Policy{Read: []string{dir}})
				defer sandbox.SetPolicy(old)
				c := tr.open(t)
				good := filepath.Join(dir, "game.txt")
				require.NoError(t, os.WriteFile(good, []byte("C3 B2\nC2 D2\nC3 B3 A3\nC2 D3 E3\n"), 0o644))
				bad := filepath.Join(dir, "input.txt")
				require.NoError(t, os.WriteFile(bad, []byte("C3 B2\nB2 D2\n"), 0o644))
				send(t, c, "position moves "+good, "perft 1")
				require.True(t, strings.HasPrefix(next(t, c), "perft 1 nodes 68 "), "scenario 3's end has 68 moves")
				send(t, c, "position moves "+bad)
				require.Equal(t, "error "+bad+":2: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)", next(t, c))
				send(t, c, "position moves "+filepath.Join(dir, "missing.txt"))
				require.Contains(t, next(t, c), "no such file")
				send(t, c, "perft 1")
				require.True(t, strings.HasPrefix(next(t, c), "perft 1 nodes 68 "), "the position did not change")
			})
			t.Run("quit", func(t *testing.T) {
				c := tr.open(t)
				send(t, c, "position "+opening, "go depth 50", "perft 1", "quit")
				start := time.Now()
				bestmoves := 0
				for {
					l, err := c.Line(t.Context())
					if err != nil {
						require.ErrorIs(t, err, io.EOF)
						break
					}
					require.False(t, strings.HasPrefix(l, "perft"), "quit drops the waiting commands")
					if strings.HasPrefix(l, "bestmove") {
						bestmoves++
					}
				}
				require.Equal(t, 1, bestmoves, "quit stops the search, which answers")
				require.Less(t, time.Since(start), 2*time.Second, "quit ends the engine at once")
			})
		})
	}
}

func (m Move) mustTurn(t *testing.T, b *santorini.Board) santorini.Turn {
	t.Helper()
	tu, err := m.Turn(b)
	require.NoError(t, err)
	return tu
}

// At the end of the input, what was asked still runs for a second: then a
// running search answers at once, as with stop, and a perft is abandoned;
// Serve returns promptly whatever the depth or time asked.
func TestServeEndsAtTheEndOfInput(t *testing.T) {
	for _, job := range []string{"go depth 40", "go movetime 3600000", "perft 20", "go depth 3"} {
		var out strings.Builder
		in := strings.NewReader("position " + opening + "\n" + job + "\n")
		start := time.Now()
		require.NoError(t, Serve(t.Context(), in, &out))
		require.Less(t, time.Since(start), 3*time.Second, job)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if strings.HasPrefix(job, "go") {
			require.True(t, strings.HasPrefix(lines[len(lines)-1], "bestmove "), "%s: %s", job, out.String())
			if job == "go depth 3" {
				require.Len(t, lines, 4, "a short search completes: three info lines and its bestmove")
			}
		} else {
			require.NotContains(t, out.String(), "perft", job)
		}
	}
}

// A command line of any length gets an error line, and the engine serves
// on; so do answers from an external engine's side (Client).
func TestServeLongLines(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	in := strings.NewReader("position " + strings.Repeat("0", 3<<20) + "\nperft 1\n")
	require.NoError(t, Serve(t.Context(), in, &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2, out.String())
	require.Equal(t, "error a command line longer than 65536 bytes: ignored", lines[0])
	require.True(t, strings.HasPrefix(lines[1], "perft 1 nodes 300 "), lines[1])
}

// perft stopped by its context stops, and otherwise counts as Perft.
func TestPerftStops(t *testing.T) {
	b := santorini.NewBoard()
	first, err := b.Apply(b.Legal()[7]) // P1 placed: P2 places, then play

	require.NoError(t, err)
	n, err := perft(t.Context(), first, 5)
	require.NoError(t, err)
	require.Equal(t, santorini.Perft(first, 5), n)
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = perft(ctx, santorini.NewBoard(), 20)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), time.Second)
}

// Placements are searched like moves: one info line per round (its pv the
// placement and, for P1, the reply expected), the bestmove the last pv's
// first, stop at once; go movetime answers from the placement book, with
// one info line, within its time.
func TestServePlacement(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := tr.open(t)
			send(t, c, "position "+empty, "go depth 3")
			bm, infos := bestmove(t, c)
			require.Len(t, infos, 3)
			b := board(t, empty)
			for i, in := range infos {
				require.Equal(t, i+1, in.Depth)
				require.Len(t, in.PV, 2, "P1's placement and P2's reply")
				require.Equal(t, 2, in.PV[0].N)
			}
			require.Equal(t, MoveOf(bm.Move.mustTurn(t, &b)), MoveOf(infos[2].PV[0].mustTurn(t, &b)))
			noMoreBestmove(t, c)

			p2 := zero + "/2/C3,B2/"
			b = board(t, p2)
			send(t, c, "position "+p2)
			start := time.Now()
			send(t, c, "go movetime 300")
			bm, infos = bestmove(t, c)
			took := time.Since(start)
			require.Len(t, infos, 1)
			require.Len(t, infos[0].PV, 1, "P2's placement alone")
			res, ok := santorini.BookPlacement(&b)
			require.True(t, ok)
			require.Equal(t, MoveOf(res.Best), MoveOf(bm.Move.mustTurn(t, &b)))
			require.Equal(t, res.Depth, infos[0].Depth)
			require.True(t, bm.Move.mustTurn(t, &b).Place)
			require.Less(t, took, time.Second) // TestMovetime300PlacesInTime times it
			t.Logf("P2's placement %s in %v (%d info lines)", bm, took, len(infos))

			send(t, c, "go depth 50") // searched: the book answers only go movetime
			time.Sleep(100 * time.Millisecond)
			start = time.Now()
			send(t, c, "stop")
			bm, _ = bestmove(t, c)
			require.Less(t, time.Since(start), 500*time.Millisecond)
			require.True(t, bm.Move.mustTurn(t, &b).Place)
			noMoreBestmove(t, c)
		})
	}
}
