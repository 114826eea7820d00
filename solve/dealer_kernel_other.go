//go:build !amd64 || noasm

package solve

// mulSlotsAsm reports whether mulSlots runs assembly: never here.
var mulSlotsAsm = false

// mulSlots is mulSlotsGo where there is no assembly.
func mulSlots(out, cur, k, wt []float64, fm float64, ends []int32, sums []float64) {
	if !slotsFit(out, cur, k, wt, ends, sums) {
		panic("solve: mulSlots: lengths disagree")
	}
	mulSlotsGo(out, cur, k, wt, fm, ends, sums)
}

// projectGroup is projectGroupGo where there is no assembly.
func projectGroup(next, cur []float64, to, from []int32, f int) {
	if !groupFits(next, cur, to, from, f) {
		panic("solve: projectGroup: indices out of range")
	}
	projectGroupGo(next, cur, to, from, f)
}
