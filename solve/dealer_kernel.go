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

// mulSlotsGo is mulSlots in Go. Its eight lanes are eight variables, not
// an array: an array indexed in a loop lives in memory, and WebAssembly,
// where this twin runs, then loads and stores every lane at every class
// (a six-deck page 10% slower than the walk before the kernel).
func mulSlotsGo(out, cur, k, wt []float64, fm float64, ends []int32, sums []float64) {
	a := 0
	for j, e := range ends {
		b := int(e)
		var l0, l1, l2, l3, l4, l5, l6, l7 float64
		for ; a+8 <= b; a += 8 {
			c, kk, ww, o := cur[a:a+8:a+8], k[a:a+8:a+8], wt[a:a+8:a+8], out[a:a+8:a+8]
			y0 := float64(c[0] * (fm - kk[0]))
			y1 := float64(c[1] * (fm - kk[1]))
			y2 := float64(c[2] * (fm - kk[2]))
			y3 := float64(c[3] * (fm - kk[3]))
			y4 := float64(c[4] * (fm - kk[4]))
			y5 := float64(c[5] * (fm - kk[5]))
			y6 := float64(c[6] * (fm - kk[6]))
			y7 := float64(c[7] * (fm - kk[7]))
			o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7] = y0, y1, y2, y3, y4, y5, y6, y7
			l0 += float64(y0 * ww[0])
			l1 += float64(y1 * ww[1])
			l2 += float64(y2 * ww[2])
			l3 += float64(y3 * ww[3])
			l4 += float64(y4 * ww[4])
			l5 += float64(y5 * ww[5])
			l6 += float64(y6 * ww[6])
			l7 += float64(y7 * ww[7])
		}
		// At most seven left: lanes 0-3, then 0-2.
		for i := 0; a < b; a, i = a+1, i+1 {
			y := float64(cur[a] * (fm - k[a]))
			out[a] = y
			switch p := float64(y * wt[a]); i & 3 {
			case 0:
				l0 += p
			case 1:
				l1 += p
			case 2:
				l2 += p
			default:
				l3 += p
			}
		}
		m0, m1, m2, m3 := l0+l4, l1+l5, l2+l6, l3+l7
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
