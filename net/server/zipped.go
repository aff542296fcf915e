//go:build !js

package server

import (
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"sync"

	"github.com/arena-games/arena/net/stream"
)

// zipped is a match's replay compressed once, as its lines arrive, for
// every download of it: one gzip member whose deflate stream is flushed
// (a sync flush: byte-aligned, the window kept) before each step and
// where a download ends, so that the replay up to any of those places is
// a prefix of the bytes, closed by a trailer of ten (an empty final
// block, the CRC-32 and the size). A download costs a copy, not a
// compression.
type zipped struct {
	mu    sync.Mutex
	out   zipBuf
	zw    *flate.Writer
	crc   uint32
	size  uint32 // modulo 2^32, as gzip keeps it
	dirty bool   // written since the last flush
	fed   int    // the hub's entries read so far
	lines int    // the replay's lines among them
	cuts  []zipCut
}

// zipCut is a place the replay can be cut at: before entry, after lines
// of the replay, n bytes in.
type zipCut struct {
	entry, lines, n int
	crc, size       uint32
}

// zipBuf collects the compressed bytes. It only appends: a prefix once
// handed out never changes.
type zipBuf struct{ b []byte }

func (z *zipBuf) Write(p []byte) (int, error) {
	z.b = append(z.b, p...)
	return len(p), nil
}

// gzipHeader is a gzip member's header: deflate, no name, no time.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// upTo is the match's replay made of the replay's lines among
// entries[:end] (the entries as the hub holds them, which only grow), as
// reader rd reads them (a zipped is made for one kind of reader): its
// bytes, in two parts to send one after the other, and how many lines
// they hold. A download that asks for less than was compressed already,
// at a place no flush was made, gets the replay to the flush before it.
func (z *zipped) upTo(entries []entry, end int, rd *reader) (body, trailer []byte, lines int) {
	z.mu.Lock()
	defer z.mu.Unlock()
	if z.zw == nil {
		z.out.b = append(z.out.b, gzipHeader...)
		z.zw, _ = flate.NewWriter(&z.out, flate.DefaultCompression)
		z.cuts = append(z.cuts, zipCut{n: len(z.out.b)})
	}
	for ; z.fed < end; z.fed++ {
		e := &entries[z.fed]
		if e.seat != 0 {
			continue
		}
		if e.line.Kind == stream.Step {
			z.cut(z.fed)
		}
		data := rd.line(e)
		z.zw.Write(data)
		z.zw.Write([]byte{'\n'})
		z.crc = crc32.Update(z.crc, crc32.IEEETable, data)
		z.crc = crc32.Update(z.crc, crc32.IEEETable, []byte{'\n'})
		z.size += uint32(len(data) + 1)
		z.lines++
		z.dirty = true
	}
	if end == z.fed {
		z.cut(end)
	}
	c := z.cuts[0]
	for _, k := range z.cuts {
		if k.entry > end {
			break
		}
		c = k
	}
	trailer = make([]byte, 10)
	trailer[0], trailer[1] = 0x03, 0x00 // an empty final block, fixed Huffman
	binary.LittleEndian.PutUint32(trailer[2:], c.crc)
	binary.LittleEndian.PutUint32(trailer[6:], c.size)
	return z.out.b[:c.n:c.n], trailer, c.lines
}

// cut flushes what was written and marks the place before entry.
func (z *zipped) cut(entry int) {
	if z.dirty {
		z.zw.Flush()
		z.dirty = false
	}
	if z.cuts[len(z.cuts)-1].n == len(z.out.b) {
		return // nothing written since: the same place
	}
	z.cuts = append(z.cuts, zipCut{entry: entry, lines: z.lines, n: len(z.out.b), crc: z.crc, size: z.size})
}
