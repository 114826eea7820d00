//go:build !amd64 || noasm

package solve

// mulSlotsArch is mulSlots where there is no assembly: mulSlotsGo.
func mulSlotsArch(out, cur, k, wt []float64, fm float64, ends []int32, sums []float64) {
	mulSlotsGo(out, cur, k, wt, fm, ends, sums)
}

// mulSlotsAsm reports whether mulSlots runs assembly: never here.
var mulSlotsAsm = false

// projectGroupArch is projectGroup where there is no assembly:
// projectGroupGo.
func projectGroupArch(next, cur []float64, to, from []int32, f int) {
	projectGroupGo(next, cur, to, from, f)
}
