//go:build !amd64

package santorini

// updateRows sets dst = src + add1 − sub1 + add2 − sub2, element by element
// (all of dst's length).
func updateRows(dst, src, add1, sub1, add2, sub2 []int16) {
	updateRowsGo(dst, src, add1, sub1, add2, sub2)
}

// screluDot is the sum of c·w[i]·c over the accumulator's units, c the unit
// clipped to 0..netQA.
func screluDot(acc, w []int16) int64 { return screluDotGo(acc, w) }
