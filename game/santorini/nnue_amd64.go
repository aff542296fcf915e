package santorini

import "golang.org/x/sys/cpu"

// useAVX2 says whether the network's loops run as AVX2 assembly.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func updateAVX2(dst, src, add1, sub1, add2, sub2 *int16, n int)

//go:noescape
func screluDotAVX2(acc, w *int16, n int) int64

// updateRows sets dst = src + add1 − sub1 + add2 − sub2, element by element
// (all of dst's length).
func updateRows(dst, src, add1, sub1, add2, sub2 []int16) {
	if useAVX2 && len(dst)%16 == 0 && len(dst) > 0 {
		n := len(dst)
		_, _, _, _, _ = src[n-1], add1[n-1], sub1[n-1], add2[n-1], sub2[n-1]
		updateAVX2(&dst[0], &src[0], &add1[0], &sub1[0], &add2[0], &sub2[0], n)
		return
	}
	updateRowsGo(dst, src, add1, sub1, add2, sub2)
}

// screluDot is the sum of c·w[i]·c over the accumulator's units, c the unit
// clipped to 0..netQA.
func screluDot(acc, w []int16) int64 {
	if useAVX2 && len(acc)%16 == 0 && len(acc) > 0 {
		_ = w[len(acc)-1]
		return screluDotAVX2(&acc[0], &w[0], len(acc))
	}
	return screluDotGo(acc, w)
}
