//go:build !amd64

package santorini

// updateViews sets both views of dst from those of src: view 0 gains add0,
// view 1 add1, and both addH, less sub0, sub1 and subH.
func updateViews(dst, src *accumulator, add0, sub0, add1, sub1, addH, subH []int16) {
	updateViewsGo(dst, src, add0, sub0, add1, sub1, addH, subH)
}

// screluDot2 is the sum of c·w[i]·c over a's units with wa and b's with wb,
// c the unit clipped to 0..netQA.
func screluDot2(a, wa, b, wb []int16) int64 { return screluDotGo(a, wa) + screluDotGo(b, wb) }
