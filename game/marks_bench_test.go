package game

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkReplayBytesPerMarks is how much a replay file grows by per 1,000
// marks: a game of the race written without marks and with a bot's marks
// at each step (cells, lines, arrows, circles, texts and log lines, spread
// over a 200x200 map, in a mix of colours, as a busy bot draws them).
func BenchmarkReplayBytesPerMarks(b *testing.B) {
	const perStep = 100
	rng := NewRand(11, 0)
	var marks int
	write := func(withMarks bool) int {
		h := Header{Config: Config{Seed: 7, Options: map[string]string{"target": "400"}}, Seats: []string{"counter:2", "counter:2"}}
		rec, eng, err := Play(race{}, h, nil)
		require.NoError(b, err)
		for !eng.Over() {
			s := eng.ToMove()[0]
			var notes map[Seat]Notes
			if withMarks {
				var n Notes
				ms := make([]Mark, perStep)
				for i := range ms {
					ms[i] = randomMark(rng)
				}
				n.AddMarks(ms...)
				marks += len(n.Marks)
				notes = map[Seat]Notes{s: n}
			}
			require.NoError(b, Advance(rec, eng, map[Seat]string{s: "2"}, notes))
		}
		var buf bytes.Buffer
		require.NoError(b, WriteReplay(rec, &buf))
		return buf.Len()
	}
	for i := 0; i < b.N; i++ {
		marks = 0
		plain := write(false)
		marked := write(true)
		b.ReportMetric(float64(marked-plain)/float64(marks)*1000, "bytes/1000marks")
		b.ReportMetric(float64(plain), "bytes-plain")
		b.ReportMetric(float64(marks), "marks")
	}
}

// randomMark is a mark such as a bot draws: of any kind, anywhere on a
// 200x200 map, in the seat's colour or its own.
func randomMark(rng *Rand) Mark {
	at := &[2]int{rng.IntN(200), rng.IntN(200)}
	to := &[2]int{at[0] + rng.IntN(9) - 4, at[1] + rng.IntN(9) - 4}
	colours := []string{"", "", "red", "green", "#3e63dd", "#ffcc00"}
	m := Mark{Kind: MarkKinds[rng.IntN(len(MarkKinds))], Color: colours[rng.IntN(len(colours))]}
	switch m.Kind {
	case "cell":
		m.At = at
	case "line", "arrow":
		m.At, m.To = at, to
	case "circle":
		m.At, m.Radius = at, float64(1+rng.IntN(4))/2
	case "text":
		m.At, m.Text = at, fmt.Sprintf("%.2f", rng.Float64())
	case "log":
		m.Text = fmt.Sprintf("depth %d: best (%d, %d) scores %.3f", rng.IntN(8), at[0], at[1], rng.Float64())
	}
	return m
}
