#include "textflag.h"

// func updateAVX2(dst, src, add1, sub1, add2, sub2 *int16, n int)
// dst[i] = src[i] + add1[i] - sub1[i] + add2[i] - sub2[i] for i < n, n a
// multiple of 16.
TEXT ·updateAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add1+16(FP), R8
	MOVQ sub1+24(FP), R9
	MOVQ add2+32(FP), R10
	MOVQ sub2+40(FP), R11
	MOVQ n+48(FP), CX
	SHLQ $1, CX
	XORQ AX, AX

update:
	VMOVDQU (SI)(AX*1), Y0
	VPADDW  (R8)(AX*1), Y0, Y0
	VPSUBW  (R9)(AX*1), Y0, Y0
	VPADDW  (R10)(AX*1), Y0, Y0
	VPSUBW  (R11)(AX*1), Y0, Y0
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JB      update
	VZEROUPPER
	RET

// func screluDotAVX2(acc, w *int16, n int) int64
// The sum over i < n of c·w[i]·c with c = acc[i] clipped to 0..255, n a
// multiple of 16; c·w[i] must fit an int16 (|w[i]| ≤ 128).
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
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
	MOVQ         AX, ret+24(FP)
	VZEROUPPER
	RET
