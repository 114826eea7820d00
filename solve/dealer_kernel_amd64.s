//go:build amd64 && !noasm

#include "textflag.h"

// func mulSlotsAVX(out, cur, k, wt *float64, fm float64, ends *int32, nslots int, sums *float64)
//
// The order of mulSlotsGo (dealer_kernel.go): a slot's blocks of eight
// classes in Y0's and Y4's lanes (lanes 0-3 and 4-7), then a block of
// four into Y0, then up to three more into lanes 0, 1 and 2; then
// m = lanes 0-3 + lanes 4-7 and (m0 + m2) + (m1 + m3). No FMA.
TEXT ·mulSlotsAVX(SB), NOSPLIT, $0-64
	MOVQ         out+0(FP), DI
	MOVQ         cur+8(FP), SI
	MOVQ         k+16(FP), DX
	MOVQ         wt+24(FP), R13
	VBROADCASTSD fm+32(FP), Y14
	MOVQ         ends+40(FP), R8
	MOVQ         nslots+48(FP), R9
	MOVQ         sums+56(FP), R10
	XORQ         AX, AX              // a: the slot's next class
	XORQ         BX, BX              // j: the slot

slot:
	CMPQ    BX, R9
	JGE     done
	MOVLQSX (R8)(BX*4), CX // b: the slot's end
	VXORPD  Y0, Y0, Y0     // lanes 0-3, +0
	VXORPD  Y4, Y4, Y4     // lanes 4-7
	LEAQ    8(AX), R11

eight:
	CMPQ    R11, CX
	JGT     four
	VMOVUPD (DX)(AX*8), Y1
	VMOVUPD 32(DX)(AX*8), Y5
	VSUBPD  Y1, Y14, Y1           // fm - k
	VSUBPD  Y5, Y14, Y5
	VMULPD  (SI)(AX*8), Y1, Y1    // y = cur * (fm - k)
	VMULPD  32(SI)(AX*8), Y5, Y5
	VMOVUPD Y1, (DI)(AX*8)
	VMOVUPD Y5, 32(DI)(AX*8)
	VMULPD  (R13)(AX*8), Y1, Y1   // y * wt
	VMULPD  32(R13)(AX*8), Y5, Y5
	VADDPD  Y1, Y0, Y0
	VADDPD  Y5, Y4, Y4
	MOVQ    R11, AX
	ADDQ    $8, R11
	JMP     eight

four:
	LEAQ    4(AX), R11
	CMPQ    R11, CX
	JGT     tail
	VMOVUPD (DX)(AX*8), Y1
	VSUBPD  Y1, Y14, Y1
	VMULPD  (SI)(AX*8), Y1, Y1
	VMOVUPD Y1, (DI)(AX*8)
	VMULPD  (R13)(AX*8), Y1, Y1
	VADDPD  Y1, Y0, Y0
	MOVQ    R11, AX

tail:
	VEXTRACTF128 $1, Y0, X1 // X1: lanes 2, 3; X0: lanes 0, 1
	MOVQ         CX, R12
	SUBQ         AX, R12
	JZ           sum
	VMOVSD       (DX)(AX*8), X2
	VSUBSD       X2, X14, X2
	VMULSD       (SI)(AX*8), X2, X2
	VMOVSD       X2, (DI)(AX*8)
	VMULSD       (R13)(AX*8), X2, X2
	VADDSD       X2, X0, X0          // lane 0
	CMPQ         R12, $1
	JEQ          sum
	VMOVSD       8(DX)(AX*8), X2
	VSUBSD       X2, X14, X2
	VMULSD       8(SI)(AX*8), X2, X2
	VMOVSD       X2, 8(DI)(AX*8)
	VMULSD       8(R13)(AX*8), X2, X2
	VXORPD       X3, X3, X3
	VUNPCKLPD    X2, X3, X3          // (+0, y*wt)
	VADDPD       X3, X0, X0          // lane 1 (lane 0 plus +0: itself)
	CMPQ         R12, $2
	JEQ          sum
	VMOVSD       16(DX)(AX*8), X2
	VSUBSD       X2, X14, X2
	VMULSD       16(SI)(AX*8), X2, X2
	VMOVSD       X2, 16(DI)(AX*8)
	VMULSD       16(R13)(AX*8), X2, X2
	VADDSD       X2, X1, X1          // lane 2

sum:
	VEXTRACTF128 $1, Y4, X5 // X5: lanes 6, 7; X4: lanes 4, 5
	VADDPD       X4, X0, X0 // (m0, m1)
	VADDPD       X5, X1, X1 // (m2, m3)
	VADDPD       X1, X0, X0 // (m0 + m2, m1 + m3)
	VUNPCKHPD    X0, X0, X1
	VADDSD       X1, X0, X0
	VMOVSD       X0, (R10)(BX*8)
	MOVQ         CX, AX
	INCQ         BX
	JMP          slot

done:
	VZEROUPPER
	RET

// func projectSSE2(next, cur *float64, to, from *int32, n, f int)
//
// projectGroupGo (dealer_kernel.go): each sum left to right.
TEXT ·projectSSE2(SB), NOSPLIT, $0-48
	MOVQ next+0(FP), DI
	MOVQ cur+8(FP), SI
	MOVQ to+16(FP), R8
	MOVQ from+24(FP), R9
	MOVQ n+32(FP), CX
	MOVQ f+40(FP), DX
	XORQ AX, AX       // e
	CMPQ DX, $1
	JEQ  one
	CMPQ DX, $2
	JEQ  two
	CMPQ DX, $3
	JEQ  three

any:
	CMPQ    AX, CX
	JGE     done
	MOVLQSX (R9)(AX*4), BX
	LEAQ    (SI)(BX*8), R10 // &cur[from[e]]
	MOVSD   (R10), X0
	MOVQ    $1, R11

anyAdd:
	CMPQ    R11, DX
	JGE     anyStore
	ADDSD   (R10)(R11*8), X0
	INCQ    R11
	JMP     anyAdd

anyStore:
	MOVLQSX (R8)(AX*4), BX
	MOVSD   X0, (DI)(BX*8)
	INCQ    AX
	JMP     any

one:
	CMPQ    AX, CX
	JGE     done
	MOVLQSX (R9)(AX*4), BX
	MOVSD   (SI)(BX*8), X0
	MOVLQSX (R8)(AX*4), BX
	MOVSD   X0, (DI)(BX*8)
	INCQ    AX
	JMP     one

two:
	CMPQ    AX, CX
	JGE     done
	MOVLQSX (R9)(AX*4), BX
	MOVSD   (SI)(BX*8), X0
	ADDSD   8(SI)(BX*8), X0
	MOVLQSX (R8)(AX*4), BX
	MOVSD   X0, (DI)(BX*8)
	INCQ    AX
	JMP     two

three:
	CMPQ    AX, CX
	JGE     done
	MOVLQSX (R9)(AX*4), BX
	MOVSD   (SI)(BX*8), X0
	ADDSD   8(SI)(BX*8), X0
	ADDSD   16(SI)(BX*8), X0
	MOVLQSX (R8)(AX*4), BX
	MOVSD   X0, (DI)(BX*8)
	INCQ    AX
	JMP     three

done:
	RET

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv0() (eax uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET
