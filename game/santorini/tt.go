package santorini

import (
	"math"
	"time"
)

// table is the competitive search's transposition table: buckets of four
// 16-byte entries (one 64-byte cache line), indexed by the low bits of the
// Zobrist key and checked by its high 32 bits. A store replaces the entry of
// the same position, else the least valuable of the bucket: an entry of an
// older search first, then the shallowest.
type table struct {
	buckets []ttBucket
	mask    uint64
	bits    int   // 1<<bits buckets
	age     uint8 // the current search's generation, 0..63
}

// ttBucket is one cache line of entries.
type ttBucket [4]ttEntry

// ttEntry is one searched position.
type ttEntry struct {
	check uint32 // the key's high half; 0 marks an empty entry
	score int32  // the search's score (wins relative to the node)
	best  move
	eval  int16 // the static evaluation
	depth int8
	flags uint8 // bound in the low 2 bits, the generation above
}

// ttNoEval is the eval of an entry whose node made no static evaluation.
const ttNoEval int16 = math.MinInt16

// The kinds of bound a table entry holds.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// ttBucketBits sets NewCompetitive's table: 1<<ttBucketBits buckets of 64
// bytes (16 MiB). A timed search sizes its table by its time (tableBits).
const ttBucketBits = 18

// newTableBits makes a table of 1<<bits buckets.
func newTableBits(bits int) *table {
	t := &table{buckets: make([]ttBucket, 1<<bits), mask: 1<<bits - 1, bits: bits}
	clear(t.buckets) // touch the memory now, not in the first timed search
	return t
}

// tableBits sizes the table of a search of time d: about 8 MiB a second
// (what a search fills with the entries worth keeping), 2 MiB to 64 MiB.
// A table much larger than a search needs only costs it: its probes miss
// the processor's caches, and a 300 ms search runs a fifth faster in 2 MiB
// than in 16 MiB, as deep.
func tableBits(d time.Duration) int {
	buckets := d.Seconds() * (8 << 20) / 64
	return min(max(int(math.Log2(max(buckets, 1))), 15), 20)
}

// newSearch starts a new generation: older entries are replaced first.
func (t *table) newSearch() { t.age = (t.age + 1) & 63 }

// clear empties the table.
func (t *table) clear() {
	clear(t.buckets)
	t.age = 0
}

// prefetch starts loading the bucket of key, so that a probe soon after
// does not wait for memory.
func (t *table) prefetch(key uint64) { prefetch(&t.buckets[key&t.mask]) }

func ttCheck(key uint64) uint32 { return uint32(key>>32) | 1 }

// probe finds the entry of key.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	c := ttCheck(key)
	for i := range b {
		if b[i].check == c {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store records a searched position (eval is noEval where the node made no
// static evaluation), keeping the old best move when the search found none.
func (t *table) store(key uint64, score int32, eval int32, best move, depth int, bound uint8) {
	b := &t.buckets[key&t.mask]
	c := ttCheck(key)
	slot := 0
	worth := 1 << 30
	for i := range b {
		e := &b[i]
		if e.check == c || e.check == 0 {
			slot = i
			break
		}
		// Older generations count 8 plies less deep.
		w := int(e.depth) - 8*int((t.age-e.flags>>2)&63)
		if w < worth {
			worth, slot = w, i
		}
	}
	e := &b[slot]
	if e.check == c {
		if best == noMove {
			best = e.best
		}
		// Keep a deeper exact entry of this search over a shallower bound.
		if bound != boundExact && e.flags>>2 == t.age && int(e.depth) > depth+2 {
			return
		}
	}
	ev := ttNoEval
	if eval != noEval {
		ev = int16(max(min(eval, 32000), -32000))
	}
	*e = ttEntry{check: c, score: score, eval: ev, best: best, depth: int8(depth), flags: bound | t.age<<2}
}
