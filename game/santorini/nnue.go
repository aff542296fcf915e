package santorini

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

// The learned evaluation is a small network of the NNUE kind (an
// efficiently updatable neural network): each player's view of the board is
// a set of active features, the first layer sums their weight rows into an
// accumulator of hidden units that moves and builds update by a few row
// additions, and the output is a weighted sum of the squared, clipped hidden
// units of both views (the side to move's first).
//
// The features of player v's view are the height of every cell (25 cells by
// 5 heights), v's own workers and the opponent's (25 cells by the 3 levels a
// worker can stand on, each).
const (
	featHeights = 0                         // cell·5 + height
	featOwn     = featHeights + cellCount*5 // cell·3 + level of one of v's workers
	featOpp     = featOwn + cellCount*3     // cell·3 + level of an opponent worker
	featCount   = featOpp + cellCount*3     // 275
	maxActive   = cellCount + 4             // active features of one view
	netQA       = 255                       // a hidden unit's 1.0 in the quantised accumulator
	netQB       = 64                        // an output weight's 1.0
	netMagic    = "SANTNNUE"                // the weights file starts so
	netHeader   = len(netMagic) + 2 + 4     // magic, hidden units (uint16), evaluation units (int32)
	maxHidden   = 1024                      // the largest network a weights file may hold
	// netUnits are the evaluation units per 1.0 of a trained network's
	// output (a logit of the win chance): the units the search's margins
	// and windows are tuned in, whatever scale training fits to its data.
	netUnits = 105
)

// network is a quantised evaluation network.
type network struct {
	hidden int
	scale  int32   // evaluation units per 1.0 of the output: the sigmoid's temperature
	rows   []int16 // featCount rows of hidden weights
	bias   []int16 // hidden
	out    []int16 // 2·hidden: the side to move's units, then the other's
	outB   int32   // the output bias, in QA·QB units
}

// accumulator holds the first layer's sums for the view of each player.
type accumulator [2][]int16

//go:embed nnue.bin
var embeddedNet []byte

// defaultNet is the embedded network, read once.
var defaultNet = sync.OnceValue(func() *network {
	n, err := readNetwork(embeddedNet)
	if err != nil {
		panic(fmt.Sprintf("santorini: the embedded network nnue.bin: %v", err))
	}
	return n
})

// readNetwork reads a weights file: "SANTNNUE", the hidden units (uint16),
// the evaluation units per 1.0 of the output (int32), then little-endian
// int16s: featCount rows of hidden weights, the hidden biases, 2·hidden
// output weights, and the output bias as an int32.
func readNetwork(data []byte) (*network, error) {
	if len(data) < netHeader || string(data[:len(netMagic)]) != netMagic {
		return nil, errors.New("not a Santorini network (no SANTNNUE header)")
	}
	h := int(binary.LittleEndian.Uint16(data[len(netMagic):]))
	scale := int32(binary.LittleEndian.Uint32(data[len(netMagic)+2:]))
	if h < 1 || h > maxHidden || scale < 1 {
		return nil, fmt.Errorf("hidden units %d (want 1..%d) or scale %d (want ≥ 1)", h, maxHidden, scale)
	}
	want := netHeader + 2*(featCount*h+h+2*h) + 4
	if len(data) != want {
		return nil, fmt.Errorf("%d bytes, want %d for %d hidden units", len(data), want, h)
	}
	n := &network{hidden: h, scale: scale}
	vals := make([]int16, featCount*h+3*h)
	for i := range vals {
		vals[i] = int16(binary.LittleEndian.Uint16(data[netHeader+2*i:]))
	}
	n.rows, n.bias, n.out = vals[:featCount*h], vals[featCount*h:featCount*h+h], vals[featCount*h+h:]
	n.outB = int32(binary.LittleEndian.Uint32(data[len(data)-4:]))
	return n, nil
}

// marshal writes the network in the format readNetwork reads.
func (n *network) marshal() []byte {
	out := make([]byte, 0, netHeader+2*(len(n.rows)+len(n.bias)+len(n.out))+4)
	out = append(out, netMagic...)
	out = binary.LittleEndian.AppendUint16(out, uint16(n.hidden))
	out = binary.LittleEndian.AppendUint32(out, uint32(n.scale))
	for _, part := range [][]int16{n.rows, n.bias, n.out} {
		for _, v := range part {
			out = binary.LittleEndian.AppendUint16(out, uint16(v))
		}
	}
	return binary.LittleEndian.AppendUint32(out, uint32(n.outB))
}

// row is the hidden weights of feature f.
func (n *network) row(f int) []int16 { return n.rows[f*n.hidden : (f+1)*n.hidden : (f+1)*n.hidden] }

// features writes the active features of player v's view of a position
// (its heights and worker cells, as in pos) into buf, each cell mapped by
// sym (a row of symCells), and returns how many.
func features(h *[cellCount]uint8, w *[2][2]int8, v int, sym *[cellCount]int8, buf *[maxActive]int) int {
	k := 0
	for c := range cellCount {
		buf[k] = featHeights + int(sym[c])*5 + int(h[c])
		k++
	}
	for pl := range 2 {
		base := featOwn
		if pl != v {
			base = featOpp
		}
		for _, c := range w[pl] {
			buf[k] = base + int(sym[c])*3 + int(min(h[c], 2))
			k++
		}
	}
	return k
}

// symCells[s][c] is cell c under symmetry s; symCells[0] is the identity.
var symCells [8][cellCount]int8

func init() {
	for s := range 8 {
		for c := range cellCount {
			symCells[s][c] = int8(symmetric(Cell(c), s))
		}
	}
}

// refresh computes the accumulator of p from scratch.
func (n *network) refresh(a *accumulator, p *pos) {
	var buf [maxActive]int
	for v := range 2 {
		if len(a[v]) != n.hidden {
			a[v] = make([]int16, n.hidden)
		}
		acc := a[v]
		copy(acc, n.bias)
		k := features(&p.h, &p.w, v, &symCells[0], &buf)
		for _, f := range buf[:k] {
			r := n.row(f)
			for i := range acc {
				acc[i] += r[i]
			}
		}
	}
}

// update writes into dst the accumulator of the position after move m (not
// a winning move) of the side to move of p, from src, the accumulator of p.
// p is the position before the move.
func (n *network) update(dst, src *accumulator, p *pos, m move) {
	s := p.side
	hf, ht, hb := int(min(p.h[m.from()], 2)), int(min(p.h[m.to()], 2)), int(p.h[m.build()])
	oldH, newH := n.row(featHeights+int(m.build())*5+hb), n.row(featHeights+int(m.build())*5+hb+1)
	// The mover's view sees its own worker move, the other's an opponent's.
	own, opp := featOwn, featOpp
	if s == 1 {
		own, opp = opp, own
	}
	updateViews(dst, src,
		n.row(own+int(m.to())*3+ht), n.row(own+int(m.from())*3+hf),
		n.row(opp+int(m.to())*3+ht), n.row(opp+int(m.from())*3+hf), newH, oldH)
}

// evaluate is the network's evaluation of an accumulator for side, in
// evaluation units.
func (n *network) evaluate(a *accumulator, side int) int32 {
	h := n.hidden
	sum := screluDot2(a[side], n.out[:h], a[side^1], n.out[h:])
	// sum is in QA²·QB units; the output bias in QA·QB units.
	out := sum/netQA + int64(n.outB)
	return int32(out * int64(n.scale) / (netQA * netQB))
}

// updateViewsGo is updateViews in Go.
func updateViewsGo(dst, src *accumulator, add0, sub0, add1, sub1, addH, subH []int16) {
	updateRowsGo(dst[0], src[0], add0, sub0, addH, subH)
	updateRowsGo(dst[1], src[1], add1, sub1, addH, subH)
}

// updateRowsGo sets dst = src + add1 − sub1 + add2 − sub2, element by
// element (all of dst's length).
func updateRowsGo(dst, src, add1, sub1, add2, sub2 []int16) {
	n := len(dst)
	src, add1, sub1, add2, sub2 = src[:n], add1[:n], sub1[:n], add2[:n], sub2[:n]
	for i := range dst {
		dst[i] = src[i] + add1[i] - sub1[i] + add2[i] - sub2[i]
	}
}

// screluDotGo is screluDot in Go; c·w[i] is an int16, as in the assembly.
func screluDotGo(acc, w []int16) int64 {
	w = w[:len(acc)]
	var sum int64
	for i, x := range acc {
		c := min(max(x, 0), netQA)
		sum += int64(int32(c*w[i]) * int32(c))
	}
	return sum
}
