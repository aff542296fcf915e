#include "textflag.h"

// func updateViewsAVX2(dst0, src0, add0, sub0, dst1, src1, add1, sub1, addH, subH *int16, n int)
// With d = addH - subH: dst0[i] = src0[i] + add0[i] - sub0[i] + d[i] and
// dst1[i] = src1[i] + add1[i] - sub1[i] + d[i] for i < n, n a multiple of
// 16 (int16 arithmetic wraps, so the order of the sums does not matter).
TEXT ·updateViewsAVX2(SB), NOSPLIT, $0-88
	MOVQ dst0+0(FP), DI
	MOVQ src0+8(FP), SI
	MOVQ add0+16(FP), R8
	MOVQ sub0+24(FP), R9
	MOVQ dst1+32(FP), R10
	MOVQ src1+40(FP), R11
	MOVQ add1+48(FP), R12
	MOVQ sub1+56(FP), R13
	MOVQ addH+64(FP), BX
	MOVQ subH+72(FP), DX
	MOVQ n+80(FP), CX
	SHLQ $1, CX
	XORQ AX, AX

update:
	VMOVDQU (BX)(AX*1), Y1
	VPSUBW  (DX)(AX*1), Y1, Y1
	VMOVDQU (SI)(AX*1), Y0
	VPADDW  (R8)(AX*1), Y0, Y0
	VPSUBW  (R9)(AX*1), Y0, Y0
	VPADDW  Y1, Y0, Y0
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU (R11)(AX*1), Y2
	VPADDW  (R12)(AX*1), Y2, Y2
	VPSUBW  (R13)(AX*1), Y2, Y2
	VPADDW  Y1, Y2, Y2
	VMOVDQU Y2, (R10)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      update
	VZEROUPPER
	RET

// func screluDot2AVX2(a, wa, b, wb *int16, n int) int64
// The sum over i < n of c·wa[i]·c with c = a[i] clipped to 0..255, plus
// the same of b and wb, n a multiple of 16; c·w[i] must fit an int16
// (|w[i]| ≤ 128), and the int32 lanes hold 2·n/16 terms of at most 2·255³.
TEXT ·screluDot2AVX2(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ wa+8(FP), DI
	MOVQ b+16(FP), R8
	MOVQ wb+24(FP), R9
	MOVQ n+32(FP), CX
	SHLQ $1, CX
	XORQ AX, AX
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	MOVQ $255, BX
	MOVQ BX, X4
	VPBROADCASTW X4, Y4

dot:
	VMOVDQU  (SI)(AX*1), Y0
	VPMAXSW  Y3, Y0, Y0
	VPMINSW  Y4, Y0, Y0
	VPMULLW  (DI)(AX*1), Y0, Y1
	VPMADDWD Y0, Y1, Y1
	VPADDD   Y1, Y2, Y2
	VMOVDQU  (R8)(AX*1), Y0
	VPMAXSW  Y3, Y0, Y0
	VPMINSW  Y4, Y0, Y0
	VPMULLW  (R9)(AX*1), Y0, Y1
	VPMADDWD Y0, Y1, Y1
	VPADDD   Y1, Y2, Y2
	ADDQ     $32, AX
	CMPQ     AX, CX
	JB       dot

	// Widen the eight int32 sums to int64 and add them up.
	VEXTRACTI128 $1, Y2, X1
	VPMOVSXDQ    X2, Y5
	VPMOVSXDQ    X1, Y6
	VPADDQ       Y5, Y6, Y5
	VEXTRACTI128 $1, Y5, X6
	VPADDQ       X5, X6, X5
	VPSHUFD      $0x4E, X5, X6
	VPADDQ       X5, X6, X5
	MOVQ         X5, AX
	MOVQ         AX, ret+40(FP)
	VZEROUPPER
	RET
