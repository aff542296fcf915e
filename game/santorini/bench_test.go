package santorini

import (
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

func BenchmarkCompetitive(b *testing.B) {
	start := position(b, f4)
	nodes := 0
	var searching time.Duration
	for b.Loop() {
		c := NewCompetitive() // a fresh table: every search does the same work
		t0 := time.Now()
		res, err := c.Search(b.Context(), &start, Limit{Depth: 6}, nil)
		searching += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
}
