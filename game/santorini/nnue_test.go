package santorini

import (
	"bytes"
	"context"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

// randomNetwork is a network with random weights, for tests.
func randomNetwork(hidden int, seed int64) *network {
	rng := game.NewRand(seed, 9)
	n := &network{hidden: hidden, scale: 150, rows: make([]int16, featCount*hidden), bias: make([]int16, hidden), out: make([]int16, 2*hidden), outB: 1234}
	for i := range n.rows {
		n.rows[i] = int16(rng.IntN(201) - 100)
	}
	for i := range n.bias {
		n.bias[i] = int16(rng.IntN(256))
	}
	for i := range n.out {
		n.out[i] = int16(rng.IntN(129) - 64)
	}
	return n
}

// The embedded weights file reads, and a network survives its file format.
func TestNetworkFile(t *testing.T) {
	t.Parallel()
	n := defaultNet()
	require.Positive(t, n.hidden)
	require.Len(t, n.rows, featCount*n.hidden)
	r := randomNetwork(16, 1)
	back, err := readNetwork(r.marshal())
	require.NoError(t, err)
	require.Equal(t, r, back)
	data := r.marshal()
	for _, bad := range [][]byte{nil, []byte("SANTNNUE"), data[:len(data)-1], append([]byte("XANTNNUE"), data[8:]...)} {
		_, err := readNetwork(bad)
		require.Error(t, err)
	}
}

// The accumulators that moves update are those computed from scratch, at
// every ply of random games, and so are the evaluations.
func TestNetworkIncremental(t *testing.T) {
	t.Parallel()
	n := randomNetwork(24, 2)
	c := NewClassic()
	c.setNetwork(n)
	for _, b := range randomPositions(t, 60, 4) {
		c.p = newPos(&b)
		n.refresh(&c.acc[0], &c.p)
		rng := game.NewRand(int64(b.Turn), 5)
		var moves [maxMoves]move
		for ply := 0; ply < 12; ply++ {
			k := c.p.gen(&moves)
			var quiet []move
			for _, m := range moves[:k] {
				if m.build() >= 0 {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				break
			}
			c.doMove(quiet[rng.IntN(len(quiet))], ply, 0)
			var fresh accumulator
			n.refresh(&fresh, &c.p)
			require.Equal(t, fresh, c.acc[ply+1], "ply %d from %s", ply+1, b.Position())
			require.Equal(t, n.evaluate(&fresh, c.p.side), c.evaluate(ply+1))
		}
	}
}

// Self-play data depends on the seed alone, not on the threads; it
// survives its file format, and the reader rejects damaged files.
func TestGenerateData(t *testing.T) {
	t.Parallel()
	cfg := DataConfig{Seed: 7, Positions: 150, Nodes: 300, Threads: 1, Teacher: "classic"}
	one, err := GenerateData(t.Context(), cfg)
	require.NoError(t, err)
	cfg.Threads = 3
	three, err := GenerateData(t.Context(), cfg)
	require.NoError(t, err)
	require.Equal(t, one.samples, three.samples)
	require.Equal(t, one.Games(), three.Games(), "the games that gave the positions, however many threads played")
	require.Equal(t, 150, one.Len())
	for _, s := range one.samples {
		p := s.pos()
		require.Zero(t, p.winningTo(p.side), "quiet positions only")
		require.Zero(t, p.winningTo(p.side^1), "quiet positions only")
	}
	var buf bytes.Buffer
	_, err = one.WriteTo(&buf)
	require.NoError(t, err)
	back, err := ReadDataSet(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.Equal(t, one.samples, back.samples)
	require.Equal(t, one.Games(), back.Games())
	data := buf.Bytes()
	for _, bad := range [][]byte{data[:5], data[:len(data)-3]} {
		_, err := ReadDataSet(bytes.NewReader(bad))
		require.Error(t, err)
	}
	damaged := bytes.Clone(data)
	damaged[len(dataMagic)+8+cellCount] = 99 // a worker off the board
	_, err = ReadDataSet(bytes.NewReader(damaged))
	require.ErrorContains(t, err, "position 1")

	_, err = GenerateData(context.Background(), DataConfig{Positions: 1, Nodes: 1, Threads: 1, Teacher: "oracle"})
	require.ErrorContains(t, err, "teacher")
}

// Interrupted, self-play keeps the games it finished: the same positions
// as a run asked for just that many.
func TestGenerateDataInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cfg := DataConfig{Seed: 5, Positions: 1 << 30, Nodes: 20, Threads: 2, Teacher: "classic",
		Progress: func(int, int) { cancel() }}
	part, err := GenerateData(ctx, cfg)
	require.ErrorIs(t, err, context.Canceled)
	require.GreaterOrEqual(t, part.Games(), 500, "the games before the first report")
	cfg.Positions, cfg.Progress = part.Len(), nil
	whole, err := GenerateData(t.Context(), cfg)
	require.NoError(t, err)
	require.Equal(t, whole.Games(), part.Games())
	require.Equal(t, whole.samples, part.samples)
}

// Training fits the data better than a coin, deterministically, and the
// quantised network evaluates as the float one does.
func TestTrainNetwork(t *testing.T) {
	t.Parallel()
	d, err := GenerateData(t.Context(), DataConfig{Seed: 3, Positions: 12000, Nodes: 200, Threads: 2, Teacher: "classic"})
	require.NoError(t, err)
	cfg := TrainConfig{Seed: 1, Hidden: 8, Epochs: 10, Batch: 256, Rate: 0.01, Lambda: 0.5, Threads: 2}
	w1, rep, err := TrainNetwork(d, cfg)
	require.NoError(t, err)
	w2, _, err := TrainNetwork(d, cfg)
	require.NoError(t, err)
	require.Equal(t, w1, w2, "the same data and seed give the same weights")
	require.Less(t, rep.ValidLoss, 0.25, "better than a coin")
	require.InDelta(t, rep.ValidLoss, rep.QuantisedLoss, 0.01)
	n, err := readNetwork(w1)
	require.NoError(t, err)
	require.Equal(t, 8, n.hidden)

	_, _, err = TrainNetwork(d, TrainConfig{Hidden: 0, Epochs: 1, Batch: 1, Rate: 1, Threads: 1})
	require.Error(t, err)
}

// The assembly loops, where the machine runs them, agree with the Go ones.
func TestNetworkLoops(t *testing.T) {
	t.Parallel()
	rng := game.NewRand(1, 1)
	rows := make([][]int16, 10)
	for i := range rows {
		rows[i] = make([]int16, 128)
		for j := range rows[i] {
			rows[i][j] = int16(rng.IntN(1200) - 600)
		}
	}
	w := make([][]int16, 2)
	for i := range w {
		w[i] = make([]int16, 128)
		for j := range w[i] {
			w[i][j] = int16(rng.IntN(256) - 128)
		}
	}
	src := accumulator{rows[0], rows[1]}
	want := accumulator{make([]int16, 128), make([]int16, 128)}
	got := accumulator{make([]int16, 128), make([]int16, 128)}
	updateViewsGo(&want, &src, rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
	updateViews(&got, &src, rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
	require.Equal(t, want, got)
	sum := screluDotGo(rows[8], w[0]) + screluDotGo(rows[9], w[1])
	require.Equal(t, sum, screluDot2(rows[8], w[0], rows[9], w[1]))
	require.NotZero(t, sum)
}
