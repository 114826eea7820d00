//go:build amd64 && !noasm

package solve

// mulSlotsAsm reports whether mulSlots runs the assembly: the processor
// and the operating system support AVX (CPUID leaf 1's AVX and OSXSAVE
// bits, and XGETBV's SSE and AVX state bits).
var mulSlotsAsm = func() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 1 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	return c&osxsave != 0 && c&avx != 0 && xgetbv0()&6 == 6
}()

// mulSlots is mulSlotsAVX where the processor has AVX, else mulSlotsGo.
func mulSlots(out, cur, k, wt []float64, fm float64, ends []int32, sums []float64) {
	if !slotsFit(out, cur, k, wt, ends, sums) {
		panic("solve: mulSlots: lengths disagree")
	}
	if mulSlotsAsm && len(cur) > 0 {
		mulSlotsAVX(&out[0], &cur[0], &k[0], &wt[0], fm, &ends[0], len(ends), &sums[0])
	} else {
		mulSlotsGo(out, cur, k, wt, fm, ends, sums)
	}
}

// mulSlotsAVX is mulSlotsGo for the nslots slots at ends, in AVX.
//
//go:noescape
func mulSlotsAVX(out, cur, k, wt *float64, fm float64, ends *int32, nslots int, sums *float64)

// projectGroup is projectSSE2 (SSE2, which every amd64 processor has).
func projectGroup(next, cur []float64, to, from []int32, f int) {
	if !groupFits(next, cur, to, from, f) {
		panic("solve: projectGroup: indices out of range")
	}
	if len(to) > 0 {
		projectSSE2(&next[0], &cur[0], &to[0], &from[0], len(to), f)
	}
}

// projectSSE2 is projectGroupGo for n classes, in SSE2.
//
//go:noescape
func projectSSE2(next, cur *float64, to, from *int32, n, f int)

// cpuid executes CPUID with EAX and ECX set to leaf and sub.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv0 returns the low word of extended control register 0 (XGETBV
// with ECX 0): which register states the operating system saves.
func xgetbv0() (eax uint32)
