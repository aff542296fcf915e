package santorini

import (
	"math/bits"
	"math/rand/v2"
)

// pos is the search's mutable board: bit sets of the 25 cells, moved in
// place by do and undo without allocation. Only play positions become a pos.
type pos struct {
	h    [cellCount]uint8
	ge   [5]uint32 // ge[k]: cells with height >= k; ge[4] are the domes
	w    [2][2]int8
	occ  uint32 // cells that hold a worker
	side int
	key  uint64 // Zobrist key of heights, worker cells (per player) and side
}

// move is one play turn inside the search: the worker (0 or 1) and the
// FROM, TO and BUILD cells in the four bytes of a word, so that a move is
// copied and compared at once. BUILD < 0 is a winning move, which needs no
// build.
type move uint32

// mkMove packs a move.
func mkMove(worker, from, to, build int8) move {
	return move(uint32(uint8(worker)) | uint32(uint8(from))<<8 | uint32(uint8(to))<<16 | uint32(uint8(build))<<24)
}

func (m move) worker() int8 { return int8(m) }
func (m move) from() int8   { return int8(m >> 8) }
func (m move) to() int8     { return int8(m >> 16) }
func (m move) build() int8  { return int8(m >> 24) }

// noMove is the zero move, which no position has (it moves from A1 to A1).
const noMove move = 0

// maxMoves bounds the turns of one position: 2 workers x 8 moves x 8 builds.
const maxMoves = 128

// climbBlock[h] is the index into pos.ge of the heights a worker standing on
// level h cannot move to: two or more above it, or a dome.
var climbBlock = [5]int{2, 3, 4, 4, 4}

// Zobrist keys: zHeight[c][h] (zero for h=0), zWorker[p][c], zSide.
var (
	zHeight [cellCount][5]uint64
	zWorker [2][cellCount]uint64
	zSide   uint64
)

func init() {
	r := rand.New(rand.NewPCG(0x5a4e7041, 0x53414e54))
	for c := range cellCount {
		for h := 1; h < 5; h++ {
			zHeight[c][h] = r.Uint64()
		}
		zWorker[0][c], zWorker[1][c] = r.Uint64(), r.Uint64()
	}
	zSide = r.Uint64()
}

// newPos makes the search board of a play position.
func newPos(b *Board) pos {
	var p pos
	p.ge[0] = 1<<cellCount - 1
	for c, h := range b.Height {
		p.h[c] = h
		for k := uint8(1); k <= h; k++ {
			p.ge[k] |= 1 << uint(c)
		}
		p.key ^= zHeight[c][h]
	}
	for pl := range 2 {
		for w, c := range b.Workers[pl] {
			p.w[pl][w] = int8(c)
			p.occ |= 1 << uint(c)
			p.key ^= zWorker[pl][c]
		}
	}
	p.side = b.Side
	if p.side == 1 {
		p.key ^= zSide
	}
	return p
}

// targets is the bit set of cells the worker on from can move to.
func (p *pos) targets(from int8) uint32 {
	return adjMask[from] &^ p.occ &^ p.ge[climbBlock[p.h[from]]]
}

// canMove reports whether player pl has a legal move.
func (p *pos) canMove(pl int) bool {
	return p.targets(p.w[pl][0])|p.targets(p.w[pl][1]) != 0
}

// winningTo is the bit set of level-3 cells the side to move can step onto.
func (p *pos) winningTo(pl int) uint32 {
	var m uint32
	for _, from := range p.w[pl] {
		if p.h[from] == 2 {
			m |= p.targets(from)
		}
	}
	return m & p.ge[3]
}

// loser is the player who has lost for want of a move at this node, or -1:
// the side to move (R5), or under kandic_end_check P1 first, then P2.
func (p *pos) loser(endCheck bool) int {
	if endCheck {
		for pl := range 2 {
			if !p.canMove(pl) {
				return pl
			}
		}
		return -1
	}
	if !p.canMove(p.side) {
		return p.side
	}
	return -1
}

// gen writes the turns of the side to move into buf in canonical order
// (worker 1 first, then TO, then BUILD ascending) and returns how many.
func (p *pos) gen(buf *[maxMoves]move) int {
	n := 0
	for wi, from := range p.w[p.side] {
		tos := p.targets(from)
		free := ^(p.occ &^ (1 << uint(from))) &^ p.ge[4]
		for tos != 0 {
			to := int8(bits.TrailingZeros32(tos))
			tos &= tos - 1
			if p.h[to] == 3 {
				buf[n] = mkMove(int8(wi), from, to, -1)
				n++
				continue
			}
			builds := adjMask[to] & free
			for builds != 0 {
				bc := int8(bits.TrailingZeros32(builds))
				builds &= builds - 1
				buf[n] = mkMove(int8(wi), from, to, bc)
				n++
			}
		}
	}
	return n
}

// do plays a move that is not a winning move.
func (p *pos) do(m move) {
	s := p.side
	p.occ ^= 1<<uint(m.from()) | 1<<uint(m.to())
	p.w[s][m.worker()] = m.to()
	p.key = p.keyAfter(m)
	nh := p.h[m.build()] + 1
	p.h[m.build()] = nh
	p.ge[nh] |= 1 << uint(m.build())
	p.side = s ^ 1
}

// keyAfter is the Zobrist key of the position after m.
func (p *pos) keyAfter(m move) uint64 {
	h := p.h[m.build()]
	return p.key ^ zWorker[p.side][m.from()] ^ zWorker[p.side][m.to()] ^ zSide ^ zHeight[m.build()][h] ^ zHeight[m.build()][h+1]
}

// undo takes back the move do played.
func (p *pos) undo(m move) {
	s := p.side ^ 1
	p.side = s
	nh := p.h[m.build()]
	p.key ^= zWorker[s][m.from()] ^ zWorker[s][m.to()] ^ zSide ^ zHeight[m.build()][nh-1] ^ zHeight[m.build()][nh]
	p.ge[nh] &^= 1 << uint(m.build())
	p.h[m.build()] = nh - 1
	p.w[s][m.worker()] = m.from()
	p.occ ^= 1<<uint(m.from()) | 1<<uint(m.to())
}

// isMove reports whether m is a legal turn of the side to move that does
// not win (the move of a table entry, which may come from another position
// with the same key).
func (p *pos) isMove(m move) bool {
	if m.worker() < 0 || m.worker() > 1 || p.w[p.side][m.worker()] != m.from() ||
		m.to() < 0 || m.to() >= cellCount || m.build() < 0 || m.build() >= cellCount ||
		p.targets(m.from())&(1<<uint(m.to())) == 0 || p.h[m.to()] == 3 {
		return false
	}
	free := ^(p.occ &^ (1 << uint(m.from()))) &^ p.ge[4]
	return adjMask[m.to()]&free&(1<<uint(m.build())) != 0
}

// doNull passes the turn: the null move of the competitive search, which
// the rules do not allow.
func (p *pos) doNull() {
	p.side ^= 1
	p.key ^= zSide
}

// turn converts a search move to a Turn. Under kandic_win_build a winning
// move gets the first legal build in canonical order.
func (p *pos) turn(m move, rules Rules) Turn {
	t := Turn{Worker: int(m.worker()), From: Cell(m.from()), To: Cell(m.to()), Build: Cell(m.build()), Cells: [2]Cell{NoCell, NoCell}}
	if m.build() < 0 {
		t.Win, t.Build = true, NoCell
		if rules.KandicWinBuild {
			free := adjMask[m.to()] &^ (p.occ &^ (1 << uint(m.from()))) &^ p.ge[4]
			t.Build = Cell(bits.TrailingZeros32(free))
		}
	}
	return t
}

// Perft counts the leaf turns at depth plies from b under the counting rules
// of §8: a placement is an unordered pair of free cells, a winning move is one
// leaf without a build at the last ply (earlier it ends its line, which then
// counts nothing, as the F6 row of the table shows), and a side with no move
// contributes nothing. It counts under the standard rules.
func Perft(b Board, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case b.Phase == Over:
		return 0
	case b.Phase == Play:
		p := newPos(&b)
		return p.perft(depth)
	}
	b.Rules = Rules{}
	occ := b.occupied()
	var n uint64
	for c1 := Cell(0); c1 < cellCount; c1++ {
		for c2 := c1 + 1; c2 < cellCount; c2++ {
			if occ&(1<<uint(c1)|1<<uint(c2)) == 0 {
				n += Perft(b.after(placement(c1, c2)), depth-1)
			}
		}
	}
	return n
}

// perft counts leaves below a play position; the last ply is counted in bulk.
func (p *pos) perft(depth int) uint64 {
	if depth == 1 {
		return p.countTurns()
	}
	var n uint64
	for wi, from := range p.w[p.side] {
		tos := p.targets(from)
		free := ^(p.occ &^ (1 << uint(from))) &^ p.ge[4]
		tos &^= p.ge[3] // a winning move ends its line before the last ply
		for tos != 0 {
			to := int8(bits.TrailingZeros32(tos))
			tos &= tos - 1
			builds := adjMask[to] & free
			for builds != 0 {
				m := mkMove(int8(wi), from, to, int8(bits.TrailingZeros32(builds)))
				builds &= builds - 1
				p.do(m)
				n += p.perft(depth - 1)
				p.undo(m)
			}
		}
	}
	return n
}

// countTurns counts the turns of the side to move, a winning move once.
func (p *pos) countTurns() uint64 {
	var n int
	for _, from := range p.w[p.side] {
		tos := p.targets(from)
		free := ^(p.occ &^ (1 << uint(from))) &^ p.ge[4]
		n += bits.OnesCount32(tos & p.ge[3])
		tos &^= p.ge[3]
		for tos != 0 {
			to := bits.TrailingZeros32(tos)
			tos &= tos - 1
			n += bits.OnesCount32(adjMask[to] & free)
		}
	}
	return uint64(n)
}

// doubleThreat reports whether the side to move, which cannot win at once
// and is not threatened, has a turn that leaves it two level-3 cells to step
// onto and the opponent none: a worker steps onto level 2 next to two free
// level-3 cells and builds elsewhere, or next to one and builds a second (a
// level-2 cell next to it). The opponent can dome only one, so the side to
// move wins on its next turn. Building a level-2 cell next to an opponent
// worker on level 2 would give the opponent the first win, so such builds do
// not count.
func (p *pos) doubleThreat() bool {
	s := p.side
	free3 := p.ge[3] &^ p.ge[4] &^ p.occ
	if free3 == 0 {
		return false
	}
	lvl2 := p.ge[2] &^ p.ge[3]
	var danger uint32 // cells whose build to level 3 the opponent could step onto
	for _, o := range p.w[s^1] {
		if p.h[o] == 2 {
			danger |= adjMask[o]
		}
	}
	for _, from := range p.w[s] {
		if p.h[from] == 0 {
			continue
		}
		for ys := p.targets(from) & lvl2; ys != 0; ys &= ys - 1 {
			y := bits.TrailingZeros32(ys)
			t := adjMask[y] & free3
			builds := adjMask[y] &^ (p.occ &^ (1 << uint(from))) &^ p.ge[4] &^ (lvl2 & danger)
			switch bits.OnesCount32(t) {
			case 0:
			case 1:
				if builds&lvl2 != 0 {
					return true
				}
			case 2:
				if builds&^t != 0 {
					return true
				}
			default:
				return true
			}
		}
	}
	return false
}
