package santorini

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/arena-games/arena/game"
)

// The learned evaluation's training pipeline: GenerateData plays games of
// the competitive search against itself from random openings at a fixed
// number of nodes per turn and keeps the quiet positions (no win in one for
// the side to move, no threat against it) with the search's score and the
// game's result; TrainNetwork fits a network to them and quantises it into
// the weights file that nnue.go embeds. Both are deterministic for a seed:
// the same seed, sizes and settings give the same bytes on every machine,
// whatever the number of threads.

// DataConfig sets up the self-play of GenerateData.
type DataConfig struct {
	Seed      int64
	Positions int // stop after this many positions
	Nodes     int // search nodes per turn
	Threads   int // games played at once
	// Teacher is the evaluation the games are played with: "classic" (the
	// hand-made one) or "net" (the embedded network).
	Teacher string
	// Progress, when not nil, is called now and then with the games and
	// positions so far.
	Progress func(games, positions int)
}

// DataSet is a set of self-play positions with their scores and results.
type DataSet struct {
	samples []sample
	games   int
}

// sample is one quiet position of a self-play game.
type sample struct {
	h     [cellCount]uint8
	w     [2][2]int8
	side  uint8
	won   uint8 // 1 when the side to move won the game
	score int16 // the search's score for the side to move, within ±sampleWin
}

// sampleWin is the score of a sample whose search found a forced result.
const sampleWin = 30000

// Len is the number of positions.
func (d *DataSet) Len() int { return len(d.samples) }

// Games is the number of games the positions come from.
func (d *DataSet) Games() int { return d.games }

// Append adds the positions and games of o.
func (d *DataSet) Append(o *DataSet) {
	d.samples = append(d.samples, o.samples...)
	d.games += o.games
}

// GenerateData plays self-play games until it has cfg.Positions positions.
// Game g starts from random placements (mostly central cells) and zero to
// four random turns drawn from the seed and g, then both sides search
// cfg.Nodes nodes a turn with fresh tables, so each game depends on the
// seed and its number alone. Interrupted (ctx ends), it returns the games
// finished before the first unfinished one, with ctx's error.
func GenerateData(ctx context.Context, cfg DataConfig) (*DataSet, error) {
	if cfg.Positions < 1 || cfg.Nodes < 1 || cfg.Threads < 1 {
		return nil, fmt.Errorf("self-play: positions %d, nodes %d and threads %d must be at least 1", cfg.Positions, cfg.Nodes, cfg.Threads)
	}
	var net *network
	switch cfg.Teacher {
	case "classic":
	case "net":
		net = defaultNet()
	default:
		return nil, fmt.Errorf("self-play: teacher %q is not classic or net", cfg.Teacher)
	}
	var (
		mu       sync.Mutex
		next     int
		done     = map[int][]sample{}
		have     int // positions in the games 0..count-1
		count    int // games finished in order
		reported int // progress reports so far, one per 500 games
		stop     = false
		wg       sync.WaitGroup
		workErr  error
	)
	for range cfg.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newSearcher(16, net)
			for {
				mu.Lock()
				if stop || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				g := next
				next++
				mu.Unlock()
				s, err := c.selfPlay(ctx, cfg.Seed, g, cfg.Nodes)
				mu.Lock()
				if err != nil {
					if workErr == nil && ctx.Err() == nil {
						workErr, stop = err, true
					}
					mu.Unlock()
					continue
				}
				done[g] = s
				for have < cfg.Positions {
					s, ok := done[count]
					if !ok {
						break
					}
					have += len(s)
					count++
				}
				stop = stop || have >= cfg.Positions
				if cfg.Progress != nil && count/500 > reported {
					reported = count / 500
					cfg.Progress(count, have)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if workErr != nil {
		return nil, workErr
	}
	d := &DataSet{games: count}
	for g := range count {
		d.samples = append(d.samples, done[g]...)
	}
	if err := ctx.Err(); err != nil {
		return d, fmt.Errorf("self-play: %w after %d games", err, count)
	}
	d.samples = d.samples[:cfg.Positions]
	return d, nil
}

// selfPlay plays game g of seed and returns its quiet positions.
func (c *Competitive) selfPlay(ctx context.Context, seed int64, g, nodes int) ([]sample, error) {
	rng := game.NewRand(seed, uint64(g)+1)
	b := randomOpening(rng)
	c.tt.clear()
	c.clearHistory()
	c.maxNodes = nodes
	var out []sample
	for b.Phase == Play {
		res, err := c.Search(ctx, &b, Limit{Depth: maxPly - 9}, nil)
		if err != nil {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("self-play: %w", ctx.Err())
		}
		if p := newPos(&b); p.winningTo(p.side) == 0 && p.winningTo(p.side^1) == 0 {
			s := sample{h: b.Height, side: uint8(b.Side), score: int16(max(min(c.score, sampleWin), -sampleWin))}
			for pl := range 2 {
				for w := range 2 {
					s.w[pl][w] = int8(b.Workers[pl][w])
				}
			}
			out = append(out, s)
		}
		b = b.after(res.Best)
	}
	for i := range out {
		if int(out[i].side) == b.Winner-1 {
			out[i].won = 1
		}
	}
	return out, nil
}

// randomOpening is a start for self-play: random placements (randomPlaced),
// then zero to four random turns that neither win nor end the game.
func randomOpening(rng *game.Rand) Board {
	for {
		b := randomPlaced(rng)
		for range rng.IntN(5) {
			legal := b.Legal()
			t := legal[rng.IntN(len(legal))]
			if t.Win {
				break
			}
			b = b.after(t)
			if b.Phase != Play {
				break
			}
		}
		if b.Phase == Play {
			return b
		}
	}
}

// The data set file: "SANTDATA", the number of games and of positions
// (uint32 each, little-endian), then 33 bytes a position: 25 heights, the
// four worker cells (P1's two, then P2's), the side to move (0 or 1),
// whether it won (0 or 1), and the score (int16, little-endian).
const (
	dataMagic  = "SANTDATA"
	recordSize = cellCount + 4 + 1 + 1 + 2
)

// WriteTo writes the data set in its file format.
func (d *DataSet) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var rec [recordSize]byte
	bw.WriteString(dataMagic)
	binary.Write(bw, binary.LittleEndian, [2]uint32{uint32(d.games), uint32(len(d.samples))})
	for _, s := range d.samples {
		copy(rec[:], s.h[:])
		for i, c := range []int8{s.w[0][0], s.w[0][1], s.w[1][0], s.w[1][1]} {
			rec[cellCount+i] = byte(c)
		}
		rec[cellCount+4], rec[cellCount+5] = s.side, s.won
		binary.LittleEndian.PutUint16(rec[cellCount+6:], uint16(s.score))
		bw.Write(rec[:])
	}
	if err := bw.Flush(); err != nil {
		return 0, fmt.Errorf("write data set: %w", err)
	}
	return int64(len(dataMagic) + 8 + recordSize*len(d.samples)), nil
}

// ReadDataSet reads a data set file that WriteTo wrote, checking every
// position.
func ReadDataSet(r io.Reader) (*DataSet, error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(dataMagic)+8)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(dataMagic)]) != dataMagic {
		return nil, errors.New("data set: not a Santorini data set (no SANTDATA header)")
	}
	games, n := binary.LittleEndian.Uint32(head[len(dataMagic):]), binary.LittleEndian.Uint32(head[len(dataMagic)+4:])
	d := &DataSet{games: int(games), samples: make([]sample, 0, min(n, 1<<24))}
	var rec [recordSize]byte
	for i := range int(n) {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			return nil, fmt.Errorf("data set: position %d of %d: %w", i+1, n, err)
		}
		var s sample
		copy(s.h[:], rec[:cellCount])
		var seen uint32
		for k := range 4 {
			c := int8(rec[cellCount+k])
			if c < 0 || c >= cellCount || seen&(1<<uint(c)) != 0 {
				return nil, fmt.Errorf("data set: position %d: worker cell %d is off the board or taken twice", i+1, c)
			}
			seen |= 1 << uint(c)
			s.w[k/2][k%2] = c
		}
		s.side, s.won = rec[cellCount+4], rec[cellCount+5]
		s.score = int16(binary.LittleEndian.Uint16(rec[cellCount+6:]))
		for c, h := range s.h {
			if h > 4 || h > 2 && seen&(1<<uint(c)) != 0 {
				return nil, fmt.Errorf("data set: position %d: height %d at %s", i+1, h, Cell(c))
			}
		}
		if s.side > 1 || s.won > 1 || s.score > sampleWin || s.score < -sampleWin {
			return nil, fmt.Errorf("data set: position %d: side %d, result %d or score %d out of range", i+1, s.side, s.won, s.score)
		}
		d.samples = append(d.samples, s)
	}
	return d, nil
}

// TrainConfig sets up TrainNetwork.
type TrainConfig struct {
	Seed    int64
	Hidden  int     // hidden units per view
	Epochs  int     // passes over the training positions
	Batch   int     // positions per gradient step
	Rate    float64 // Adam's learning rate at the start (it falls to a tenth by a cosine)
	Lambda  float64 // the weight of the search's score in the target; the game's result has the rest
	Threads int
	// Log, when not nil, gets a line per epoch.
	Log io.Writer
}

// TrainReport is what a training run measured.
type TrainReport struct {
	Scale         float64 // evaluation units per logit fitted to the teacher's scores
	TeacherLoss   float64 // the validation loss of the self-play searches' scores, as probabilities, against the results
	ClassicLoss   float64 // the same for the hand-made static evaluation (its own scale fitted)
	ValidLoss     float64 // the trained network's validation loss against the results
	QuantisedLoss float64 // the same for the quantised network
	Train, Valid  int     // positions
}

// TrainNetwork fits a network to d and returns its quantised weights file.
// About one position in 32 is held out for validation, in blocks of 32. Each
// position's target is Lambda·σ(score/scale) + (1−Lambda)·result, where
// scale is fitted so that σ(score/scale) best predicts the results; every
// epoch shows each position under one of the board's eight symmetries, at
// random. The loss is the squared error of σ(output) against the target.
func TrainNetwork(d *DataSet, cfg TrainConfig) ([]byte, TrainReport, error) {
	if cfg.Hidden < 1 || cfg.Hidden > maxHidden || cfg.Epochs < 1 || cfg.Batch < 1 || cfg.Threads < 1 || cfg.Rate <= 0 {
		return nil, TrainReport{}, fmt.Errorf("train: hidden %d (1..%d), epochs %d, batch %d, threads %d and rate %g must be positive",
			cfg.Hidden, maxHidden, cfg.Epochs, cfg.Batch, cfg.Threads, cfg.Rate)
	}
	// Hold out blocks of 32 positions (stretches of games), one in 32,
	// and at least the last.
	var train, valid []sample
	blocks := (len(d.samples) + 31) / 32
	for i, s := range d.samples {
		if b := i / 32; hashIndex(b)%32 == 0 || b == blocks-1 && len(valid) == 0 && i >= 32 {
			valid = append(valid, s)
		} else {
			train = append(train, s)
		}
	}
	if len(train) == 0 || len(valid) == 0 {
		return nil, TrainReport{}, fmt.Errorf("train: %d positions are too few", len(d.samples))
	}
	rep := TrainReport{Train: len(train), Valid: len(valid)}
	rep.Scale = fitScale(train)
	rep.TeacherLoss = teacherLoss(valid, rep.Scale)
	rep.ClassicLoss = classicLoss(train, valid)
	t := newTrainer(cfg, rep.Scale)
	rng := game.NewRand(cfg.Seed, 3)
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	steps := cfg.Epochs * ((len(train) + cfg.Batch - 1) / cfg.Batch)
	step := 0
	for epoch := range cfg.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		syms := make([]uint8, len(train))
		for i := range syms {
			syms[i] = uint8(rng.IntN(8))
		}
		loss := 0.0
		for at := 0; at < len(order); at += cfg.Batch {
			batch := order[at:min(at+cfg.Batch, len(order))]
			rate := cfg.Rate * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*float64(step)/float64(steps))))
			loss += t.step(train, syms, batch, rate)
			step++
		}
		rep.ValidLoss = t.loss(valid)
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "epoch %d: training loss %.5f, validation loss %.5f (teacher %.5f)\n",
				epoch+1, loss/float64(len(train)), rep.ValidLoss, rep.TeacherLoss)
		}
	}
	net := t.quantise()
	rep.QuantisedLoss = quantisedLoss(net, valid)
	return net.marshal(), rep, nil
}

// hashIndex mixes an index, to hold out positions evenly but not regularly.
func hashIndex(i int) uint64 {
	x := uint64(i)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	x ^= x >> 29
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>32
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// target is a position's training target.
func target(s *sample, scale, lambda float64) float64 {
	return lambda*sigmoid(float64(s.score)/scale) + (1-lambda)*float64(s.won)
}

// fitScale finds the scale k for which σ(score/k) best predicts the results
// (least squares), by golden-section search over 10..2000.
func fitScale(d []sample) float64 {
	f := func(k float64) float64 { return teacherLoss(d, k) }
	lo, hi := 10.0, 2000.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for range 40 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}

// teacherLoss is the mean squared error of σ(score/k) against the results.
func teacherLoss(d []sample, k float64) float64 {
	sum := 0.0
	for i := range d {
		e := sigmoid(float64(d[i].score)/k) - float64(d[i].won)
		sum += e * e
	}
	return sum / float64(len(d))
}

// classicLoss is the validation loss of the hand-made static evaluation,
// as σ(eval/k) with k fitted on the training positions.
func classicLoss(train, valid []sample) float64 {
	static := func(d []sample) []sample {
		out := make([]sample, len(d))
		for i := range d {
			p := d[i].pos()
			out[i] = d[i]
			out[i].score = int16(max(min(classicEval(&p, &defaultWeights), sampleWin), -sampleWin))
		}
		return out
	}
	return teacherLoss(static(valid), fitScale(static(train)))
}

// quantisedLoss is the mean squared error of the quantised network's
// evaluations, as probabilities, against the results.
func quantisedLoss(n *network, d []sample) float64 {
	var acc accumulator
	sum := 0.0
	for i := range d {
		p := d[i].pos()
		n.refresh(&acc, &p)
		e := sigmoid(float64(n.evaluate(&acc, p.side))/float64(n.scale)) - float64(d[i].won)
		sum += e * e
	}
	return sum / float64(len(d))
}

// pos is the search board of a sample.
func (s *sample) pos() pos {
	b := Board{Height: s.h, Side: int(s.side), Phase: Play}
	for pl := range 2 {
		for w := range 2 {
			b.Workers[pl][w] = Cell(s.w[pl][w])
		}
	}
	return newPos(&b)
}

// sampleFeatures writes the active features of both views of s under
// symmetry sym: the side to move's, then the other's.
func sampleFeatures(s *sample, sym int, buf *[2][maxActive]int) {
	for k, v := range [2]int{int(s.side), int(s.side) ^ 1} {
		features(&s.h, &s.w, v, &symCells[sym], &buf[k])
	}
}

// trainer holds the float network under training and Adam's moments.
type trainer struct {
	cfg    TrainConfig
	scale  float64
	h      int
	params []float64 // w1 (featCount·h), b1 (h), w2 (2h), b2 (1)
	m, v   []float64
	t      int
	grads  [][]float64 // one per thread
}

func newTrainer(cfg TrainConfig, scale float64) *trainer {
	h := cfg.Hidden
	n := featCount*h + h + 2*h + 1
	t := &trainer{cfg: cfg, scale: scale, h: h, params: make([]float64, n), m: make([]float64, n), v: make([]float64, n)}
	rng := game.NewRand(cfg.Seed, 2)
	for i := range featCount * h {
		t.params[i] = (rng.Float64()*2 - 1) * 0.1
	}
	for i := range h {
		t.params[featCount*h+i] = 0.3
	}
	for i := range 2 * h {
		t.params[featCount*h+h+i] = (rng.Float64()*2 - 1) * 0.1
	}
	for range cfg.Threads {
		t.grads = append(t.grads, make([]float64, n))
	}
	return t
}

// forward computes both views' hidden sums of a sample and returns the
// output (a logit).
func (t *trainer) forward(f *[2][maxActive]int, hid *[2][]float64) float64 {
	h := t.h
	w1, b1, w2 := t.params[:featCount*h], t.params[featCount*h:featCount*h+h], t.params[featCount*h+h:featCount*h+3*h]
	out := t.params[len(t.params)-1]
	for k := range 2 {
		x := hid[k]
		copy(x, b1)
		for _, ft := range f[k] {
			row := w1[ft*h : ft*h+h]
			for i := range x {
				x[i] += row[i]
			}
		}
		ow := w2[k*h : k*h+h]
		for i, v := range x {
			c := min(max(v, 0), 1)
			out += c * c * ow[i]
		}
	}
	return out
}

// step takes one Adam step on a batch and returns its summed loss.
func (t *trainer) step(d []sample, syms []uint8, batch []int, rate float64) float64 {
	parts := t.cfg.Threads
	losses := make([]float64, parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := t.grads[p]
			clear(g)
			losses[p] = t.backward(d, syms, batch[p*len(batch)/parts:(p+1)*len(batch)/parts], g)
		}()
	}
	wg.Wait()
	total := t.grads[0]
	for _, g := range t.grads[1:] {
		for i, v := range g {
			total[i] += v
		}
	}
	t.t++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1, c2 := 1-math.Pow(b1, float64(t.t)), 1-math.Pow(b2, float64(t.t))
	inv := 1 / float64(len(batch))
	for i, g := range total {
		g *= inv
		t.m[i] = b1*t.m[i] + (1-b1)*g
		t.v[i] = b2*t.v[i] + (1-b2)*g*g
		t.params[i] -= rate * (t.m[i] / c1) / (math.Sqrt(t.v[i]/c2) + eps)
	}
	// Keep the first layer within what the quantised accumulator holds, and
	// the output weights within ±127/netQB, so that a clipped unit times its
	// weight fits an int16.
	lim := 32767.0 / netQA / maxActive
	for i := range featCount*t.h + t.h {
		t.params[i] = max(min(t.params[i], lim), -lim)
	}
	for i := featCount*t.h + t.h; i < len(t.params)-1; i++ {
		t.params[i] = max(min(t.params[i], 127.0/netQB), -127.0/netQB)
	}
	loss := 0.0
	for _, l := range losses {
		loss += l
	}
	return loss
}

// backward adds the gradients of the batch's positions to g and returns
// their summed loss.
func (t *trainer) backward(d []sample, syms []uint8, batch []int, g []float64) float64 {
	h := t.h
	var f [2][maxActive]int
	hid := [2][]float64{make([]float64, h), make([]float64, h)}
	w2 := t.params[featCount*h+h : featCount*h+3*h]
	gw1, gb1, gw2 := g[:featCount*h], g[featCount*h:featCount*h+h], g[featCount*h+h:featCount*h+3*h]
	gh := make([]float64, h)
	loss := 0.0
	for _, i := range batch {
		s := &d[i]
		sampleFeatures(s, int(syms[i]), &f)
		p := sigmoid(t.forward(&f, &hid))
		e := p - target(s, t.scale, t.cfg.Lambda)
		loss += e * e
		dout := 2 * e * p * (1 - p)
		g[len(g)-1] += dout
		for k := range 2 {
			x, ow, gow := hid[k], w2[k*h:k*h+h], gw2[k*h:k*h+h]
			for j, v := range x {
				if v <= 0 || v >= 1 {
					if v >= 1 {
						gow[j] += dout
					}
					gh[j] = 0
					continue
				}
				gow[j] += dout * v * v
				gh[j] = dout * ow[j] * 2 * v
			}
			for j, v := range gh {
				gb1[j] += v
			}
			for _, ft := range f[k] {
				row := gw1[ft*h : ft*h+h]
				for j, v := range gh {
					row[j] += v
				}
			}
		}
	}
	return loss
}

// loss is the float network's mean squared error against the results.
func (t *trainer) loss(d []sample) float64 {
	var f [2][maxActive]int
	hid := [2][]float64{make([]float64, t.h), make([]float64, t.h)}
	sum := 0.0
	for i := range d {
		sampleFeatures(&d[i], 0, &f)
		e := sigmoid(t.forward(&f, &hid)) - float64(d[i].won)
		sum += e * e
	}
	return sum / float64(len(d))
}

// quantise rounds the float network into the int16 one the search uses.
func (t *trainer) quantise() *network {
	h := t.h
	n := &network{hidden: h, scale: netUnits, rows: make([]int16, featCount*h), bias: make([]int16, h), out: make([]int16, 2*h)}
	q := func(x, f float64) int16 { return int16(max(min(math.Round(x*f), 32767), -32767)) }
	for i := range n.rows {
		n.rows[i] = q(t.params[i], netQA)
	}
	for i := range n.bias {
		n.bias[i] = q(t.params[featCount*h+i], netQA)
	}
	for i := range n.out {
		n.out[i] = q(t.params[featCount*h+h+i], netQB)
	}
	n.outB = int32(math.Round(t.params[len(t.params)-1] * netQA * netQB))
	return n
}
