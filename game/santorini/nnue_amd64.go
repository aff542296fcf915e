package santorini

import "golang.org/x/sys/cpu"

// useAVX2 says whether the network's loops run as AVX2 assembly.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func updateViewsAVX2(dst0, src0, add0, sub0, dst1, src1, add1, sub1, addH, subH *int16, n int)

//go:noescape
func screluDot2AVX2(a, wa, b, wb *int16, n int) int64

// updateViews sets both views of dst from those of src: view 0 gains add0,
// view 1 add1, and both addH, less sub0, sub1 and subH.
func updateViews(dst, src *accumulator, add0, sub0, add1, sub1, addH, subH []int16) {
	n := len(dst[0])
	if !useAVX2 || n%16 != 0 || n == 0 {
		updateViewsGo(dst, src, add0, sub0, add1, sub1, addH, subH)
		return
	}
	_, _, _, _, _, _ = dst[1][n-1], src[0][n-1], src[1][n-1], add0[n-1], sub0[n-1], add1[n-1]
	_, _, _ = sub1[n-1], addH[n-1], subH[n-1]
	updateViewsAVX2(&dst[0][0], &src[0][0], &add0[0], &sub0[0], &dst[1][0], &src[1][0], &add1[0], &sub1[0], &addH[0], &subH[0], n)
}

// screluDot2 is the sum of c·w[i]·c over a's units with wa and b's with wb,
// c the unit clipped to 0..netQA.
func screluDot2(a, wa, b, wb []int16) int64 {
	n := len(a)
	if !useAVX2 || n%16 != 0 || n == 0 || len(b) != n {
		return screluDotGo(a, wa) + screluDotGo(b, wb)
	}
	_, _ = wa[n-1], wb[n-1]
	return screluDot2AVX2(&a[0], &wa[0], &b[0], &wb[0], n)
}
