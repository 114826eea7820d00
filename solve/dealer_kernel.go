package solve

// The contraction's kernels: one removal's products and their weighed
// sums by slot, and a projection's sums (dealer_contract.go). Each is
// written twice, in amd64 assembly
// (dealer_kernel_amd64.s, taken when the processor has AVX) and in Go
// (mulSlotsGo and projectGroupGo: every other platform and WebAssembly,
// or a build with the noasm tag), and the two do the same arithmetic in
// the same order, so that every platform computes the same distributions
// to the last bit (TestMulSlotsTwins and TestProjectTwins compare them).
//
// The order: slot j is the classes ends[j-1] to ends[j]-1 (ends[-1] being
// 0), and its sum is eight lanes' (two AVX vectors of four). With a the
// slot's first class, class a+i goes to lane i mod 8 if it is in one of
// the slot's whole blocks of eight from a, else to lane i mod 4; each
// lane sums its classes' weighed products in class order, from +0; then
// m_l = lane l + lane l+4 for l < 4, and the slot's sum is
// (m_0 + m_2) + (m_1 + m_3). Eight sums each wait only for their own
// last add.
//
// Neither twin fuses a multiply and an add: the assembly has no FMA, and
// the Go converts each product to float64, which Go never fuses (its
// compiler fuses x*y + z into one rounding on arm64, ppc64 and s390x
// otherwise). Every product and sum is rounded on its own, on every
// platform.

// mulSlots (in dealer_kernel_amd64.go and dealer_kernel_other.go) sets
// out[i] = cur[i] * (fm - k[i]) for every class, and sums[j] to slot j's
// sum of out[i] * wt[i] in the order above. out, cur, k and wt hold the
// slots' classes, ends[len(ends)-1] of them, and sums one per slot; there
// is at least one slot (slotsFit).

// slotsFit reports whether mulSlots's arguments agree in length.
func slotsFit(out, cur, k, wt []float64, ends []int32, sums []float64) bool {
	n := len(cur)
	return len(ends) > 0 && int(ends[len(ends)-1]) == n && len(out) == n && len(k) == n && len(wt) == n && len(sums) == len(ends)
}

// mulSlotsGo is mulSlots in Go.
func mulSlotsGo(out, cur, k, wt []float64, fm float64, ends []int32, sums []float64) {
	a := 0
	for j, e := range ends {
		b := int(e)
		var l [8]float64
		for ; a+8 <= b; a += 8 {
			c, kk, ww, o := cur[a:a+8:a+8], k[a:a+8:a+8], wt[a:a+8:a+8], out[a:a+8:a+8]
			for i := range 8 {
				y := float64(c[i] * (fm - kk[i]))
				o[i] = y
				l[i] += float64(y * ww[i])
			}
		}
		for i := 0; a < b; a, i = a+1, i+1 { // at most seven: lanes 0-3, then 0-2
			y := float64(cur[a] * (fm - k[a]))
			out[a] = y
			l[i&3] += float64(y * wt[a])
		}
		m0, m1, m2, m3 := l[0]+l[4], l[1]+l[5], l[2]+l[6], l[3]+l[7]
		sums[j] = float64(m0+m2) + float64(m1+m3)
	}
}

// projectGroup (in dealer_kernel_amd64.go and dealer_kernel_other.go)
// sets next[to[e]] to cur[from[e]] + cur[from[e]+1] + ... +
// cur[from[e]+f-1], summed left to right, for every e. to and from are
// ascending and not negative (the callers' tables are), so that their
// last entries bound them all (groupFits): the assembly checks no index.

// groupFits reports whether projectGroup's indices are in range.
func groupFits(next, cur []float64, to, from []int32, f int) bool {
	n := len(to)
	return len(from) == n && f >= 1 && (n == 0 || int(to[n-1]) < len(next) && int(from[n-1])+f <= len(cur))
}

// projectGroupGo is projectGroup in Go.
func projectGroupGo(next, cur []float64, to, from []int32, f int) {
	from = from[:len(to)]
	switch f {
	case 1:
		for e, j := range to {
			next[j] = cur[from[e]]
		}
	case 2:
		for e, j := range to {
			i := from[e]
			next[j] = cur[i] + cur[i+1]
		}
	case 3:
		for e, j := range to {
			i := from[e]
			next[j] = cur[i] + cur[i+1] + cur[i+2]
		}
	default:
		for e, j := range to {
			i := int(from[e])
			s := cur[i]
			for _, x := range cur[i+1 : i+f] {
				s += x
			}
			next[j] = s
		}
	}
}
