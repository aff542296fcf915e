package santorini

import (
	"os"
	"strings"
	"testing"
	"time"
)

// f4 is the standard benchmark start of the perft table.
const f4 = "0000000000000000000000000/1/C3,B2/B3,D2"

func benchPerft(b *testing.B, depth int) {
	start := position(b, f4)
	var leaves uint64
	for b.Loop() {
		leaves += Perft(start, depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftF4Depth4(b *testing.B) { benchPerft(b, 4) }

func BenchmarkPerftF4Depth5(b *testing.B) { benchPerft(b, 5) }

func BenchmarkAlphaBetaDepth4(b *testing.B) {
	start := position(b, f4)
	nodes := 0
	for b.Loop() {
		res, err := Search(b.Context(), &start, 4, true)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/search")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkCompetitive searches the standard start to depth 8 with a fresh
// table and reports the nodes per second; BenchmarkCompetitiveClassic does
// the same with the hand-made evaluation.
func BenchmarkCompetitive(b *testing.B) { benchCompetitive(b, NewCompetitive) }

func BenchmarkCompetitiveClassic(b *testing.B) { benchCompetitive(b, NewClassic) }

func benchCompetitive(b *testing.B, newSearch func() *Competitive) {
	start := position(b, f4)
	nodes := 0
	var searching time.Duration
	for b.Loop() {
		c := newSearch() // a fresh table: every search does the same work
		t0 := time.Now()
		res, err := c.Search(b.Context(), &start, Limit{Depth: 8}, nil)
		searching += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
}

// BenchmarkCompetitiveTimeLimit searches 40 positions of seeded random games
// at 300 ms each and reports the longest and the mean time a search took
// (Search must return within the limit), the mean depth and the nodes per
// second.
func BenchmarkCompetitiveTimeLimit(b *testing.B) {
	const limit = 300 * time.Millisecond
	positions := randomPositions(b, 40, 11)
	c := NewCompetitive()
	var worst, total time.Duration
	searches, depths, nodes := 0, 0, 0
	for b.Loop() {
		for _, p := range positions {
			t0 := time.Now()
			res, err := c.Search(b.Context(), &p, Limit{Time: limit}, nil)
			took := time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			worst, total = max(worst, took), total+took
			searches, depths, nodes = searches+1, depths+res.Depth, nodes+res.Nodes
		}
	}
	if worst >= limit {
		b.Errorf("a search took %v, over its limit of %v", worst, limit)
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "maxms")
	b.ReportMetric(float64(total.Microseconds())/1000/float64(searches), "ms/search")
	b.ReportMetric(float64(depths)/float64(searches), "depth")
	b.ReportMetric(float64(nodes)/total.Seconds(), "nodes/s")
}

// midgamePositions are the mid-game benchmark positions of testdata/midgame.txt.
func midgamePositions(tb testing.TB) []Board {
	tb.Helper()
	data, err := os.ReadFile("testdata/midgame.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out []Board
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, position(tb, line))
		}
	}
	return out
}

// BenchmarkMidgameDepth1s searches each mid-game benchmark position for 1 s
// with a fresh table and reports the mean and the least depth completed
// (plies: one ply is one player's turn, a move and its build; a depth the
// time cut short does not count) and the nodes per second.
func BenchmarkMidgameDepth1s(b *testing.B) {
	positions := midgamePositions(b)
	depths, least, nodes, searches := 0, maxPly, 0, 0
	var searching time.Duration
	for b.Loop() {
		for _, p := range positions {
			c := NewCompetitive()
			t0 := time.Now()
			res, err := c.Search(b.Context(), &p, Limit{Time: time.Second}, nil)
			searching += time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			depths, least, nodes, searches = depths+c.completed, min(least, c.completed), nodes+res.Nodes, searches+1
		}
	}
	b.ReportMetric(float64(depths)/float64(searches), "depth")
	b.ReportMetric(float64(least), "mindepth")
	b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
}

// BenchmarkEvaluateClassic times the hand-made evaluation of one position;
// BenchmarkEvaluateNetwork the learned one's incremental update for a turn
// and its evaluation, as the search makes them at each node.
func BenchmarkEvaluateClassic(b *testing.B) {
	start := position(b, f4)
	p := newPos(&start)
	s := int32(0)
	for b.Loop() {
		s += classicEval(&p, &defaultWeights)
	}
	_ = s
}

func BenchmarkEvaluateNetwork(b *testing.B) {
	start := position(b, f4)
	c := NewCompetitive()
	c.p = newPos(&start)
	c.net.refresh(&c.acc[0], &c.p)
	var moves [maxMoves]move
	n := c.p.gen(&moves)
	s := int32(0)
	for i := 0; b.Loop(); i++ {
		c.net.update(&c.acc[1], &c.acc[0], &c.p, moves[i%n])
		s += c.net.evaluate(&c.acc[1], 1)
	}
	_ = s
}
