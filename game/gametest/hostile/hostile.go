// Package hostile makes the inputs that harsh users feed Arena's readers:
// gzip bombs, empty and binary files. The readers' tests and the seed
// corpora of their fuzz targets use them.
package hostile

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// GzipBomb is a small gzip stream that inflates to size bytes of content:
// prefix, then spaces.
func GzipBomb(prefix string, size int64) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write([]byte(prefix))
	chunk := bytes.Repeat([]byte{' '}, 1<<20)
	for n := int64(len(prefix)); n < size; n += int64(len(chunk)) {
		zw.Write(chunk[:min(int64(len(chunk)), size-n)])
	}
	zw.Close()
	return b.Bytes()
}

// Gzip is data gzip-compressed.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// Inputs are hostile inputs for a reader that takes at most limit bytes,
// for fuzz corpora: a gzip bomb just past the limit that starts like
// content, gzip of nothing and of binary bytes, an empty file, a cut gzip
// header, binary bytes, and, for limits of 16 MiB or less, plain content
// just past the limit.
func Inputs(prefix string, limit int64) [][]byte {
	seeds := [][]byte{
		GzipBomb(prefix, limit+1),
		Gzip(nil),
		Gzip([]byte{0, 1, 2, 0xff, 0xfe}),
		{},
		{0x1f, 0x8b},
		{0, 0xff, 0x13, 0x37},
	}
	if limit <= 16<<20 {
		big := append([]byte(prefix), bytes.Repeat([]byte{' '}, int(limit)+1-len(prefix))...)
		seeds = append(seeds, big)
	}
	return seeds
}

// Seed adds Inputs(prefix, limit) to a fuzz target's corpus.
func Seed(f *testing.F, prefix string, limit int64) {
	for _, s := range Inputs(prefix, limit) {
		f.Add(s)
	}
}
