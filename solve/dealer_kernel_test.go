package solve

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"
)

// TestMulSlotsTwins runs the contraction's kernel as this build runs it
// (assembly where the processor has AVX) and in Go on the same inputs and
// wants the same bits, and checks the Go against the order the kernel's
// comment gives, written out plainly. Slots of 0 to 40 classes cover
// every tail after the blocks of eight and four; products of zero and of
// a rank exhausted (a negative factor times a zero) included.
func TestMulSlotsTwins(t *testing.T) {
	t.Logf("assembly: %v", mulSlotsAsm)
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		var ends []int32
		n := 0
		for range 1 + rng.IntN(8) {
			n += rng.IntN(41)
			ends = append(ends, int32(n))
		}
		cur, k, wt := make([]float64, n), make([]float64, n), make([]float64, n)
		fm := float64(1 + rng.IntN(24))
		for i := range n {
			cur[i] = math.Ldexp(rng.Float64(), -rng.IntN(60))
			k[i] = float64(rng.IntN(int(fm) + 1))
			wt[i] = 1 / float64(1+rng.IntN(1<<20))
			switch rng.IntN(10) {
			case 0:
				cur[i] = 0
			case 1:
				cur[i], k[i] = math.Copysign(0, -1), fm+1
			}
		}
		outArch, outGo := make([]float64, n), make([]float64, n)
		sumsArch, sumsGo := make([]float64, len(ends)), make([]float64, len(ends))
		mulSlots(outArch, cur, k, wt, fm, ends, sumsArch)
		mulSlotsGo(outGo, cur, k, wt, fm, ends, sumsGo)
		want := plainSlots(cur, k, wt, fm, ends)
		for i := range n {
			if math.Float64bits(outArch[i]) != math.Float64bits(outGo[i]) {
				t.Fatalf("trial %d: out[%d] = %x, Go %x", trial, i, math.Float64bits(outArch[i]), math.Float64bits(outGo[i]))
			}
		}
		for j := range ends {
			if math.Float64bits(sumsArch[j]) != math.Float64bits(sumsGo[j]) {
				t.Fatalf("trial %d: slot %d sum = %x, Go %x", trial, j, math.Float64bits(sumsArch[j]), math.Float64bits(sumsGo[j]))
			}
			if math.Float64bits(sumsGo[j]) != math.Float64bits(want[j]) {
				t.Fatalf("trial %d: slot %d Go sum = %x, the order written out %x", trial, j, math.Float64bits(sumsGo[j]), math.Float64bits(want[j]))
			}
		}
	}
}

// TestContractBits holds the contraction's order of sums to the last bit,
// from build to build and on every platform (amd64's assembly, the Go
// twin elsewhere and under -tags noasm, WebAssembly): it hashes the bits
// of every distribution of a one-deck solve and of a depleted six-deck
// ENHC shoe's, against the hashes the order gave when it was set. A
// change to the order changes them (and then the goldens' moving once
// must be said, as when the order was set).
func TestContractBits(t *testing.T) {
	for _, tc := range []struct {
		rules string
		shoe  [10]int // {}: the rules' full shoe
		want  uint64
	}{
		{"1D S17", [10]int{}, 0x1ede2ce7915f1a6b},
		{"6D H17 ENHC", [10]int{20, 3, 24, 11, 24, 9, 24, 17, 14, 71}, 0x290adb0e37cc4cac},
	} {
		r, shoe, lay := gameLayout(t, tc.rules, tc.shoe)
		h := fnv.New64a()
		var b [8]byte
		for up := Rank(1); up <= 10; up++ {
			f := newFiniteUp(r, lay, up)
			for _, d := range f.dist {
				for _, x := range d {
					u := math.Float64bits(x)
					for i := range b {
						b[i] = byte(u >> (8 * i))
					}
					h.Write(b[:])
				}
			}
		}
		if got := h.Sum64(); got != tc.want {
			t.Errorf("%s %v: the distributions' bits hash to %#x, want %#x", tc.rules, shoe.Counts, got, tc.want)
		}
	}
}

// gameLayout returns the rules, the shoe (counts, or the rules' full shoe
// if all zero) and the layout of a game.
func gameLayout(t *testing.T, rules string, counts [10]int) (Rules, Shoe, *layout) {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	shoe := r.FullShoe()
	if counts != ([10]int{}) {
		shoe = Shoe{Counts: counts}
	}
	return r, shoe, newLayout(r, shoe)
}

// TestProjectTwins runs a projection's sums as this build runs them
// (assembly on amd64) and in Go on the same random groups, fans of 1 to
// 6 classes, and wants the same bits.
func TestProjectTwins(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 200 {
		f := 1 + rng.IntN(6)
		cur := make([]float64, 1+rng.IntN(300))
		for i := range cur {
			cur[i] = math.Ldexp(rng.Float64(), -rng.IntN(60))
		}
		var to, from []int32
		for i, j := 0, 0; i+f <= len(cur); i, j = i+f+rng.IntN(3), j+1+rng.IntN(2) {
			to, from = append(to, int32(j)), append(from, int32(i))
		}
		n := 1
		if len(to) > 0 {
			n = int(to[len(to)-1]) + 1
		}
		got, want := make([]float64, n), make([]float64, n)
		projectGroup(got, cur, to, from, f)
		projectGroupGo(want, cur, to, from, f)
		for j := range got {
			if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
				t.Fatalf("trial %d (f %d): next[%d] = %x, Go %x", trial, f, j, math.Float64bits(got[j]), math.Float64bits(want[j]))
			}
		}
	}
}

// plainSlots is mulSlots's sums in the order its comment gives.
func plainSlots(cur, k, wt []float64, fm float64, ends []int32) []float64 {
	sums := make([]float64, len(ends))
	a := 0
	for j, e := range ends {
		b := int(e)
		whole := a + (b-a)/8*8 // the end of the whole blocks of eight
		var lane [8]float64
		for c := a; c < b; c++ {
			i := c - a
			l := i % 4
			if c < whole {
				l = i % 8
			}
			y := float64(cur[c] * (fm - k[c]))
			lane[l] += float64(y * wt[c])
		}
		var m [4]float64
		for l := range m {
			m[l] = lane[l] + lane[l+4]
		}
		sums[j] = float64(m[0]+m[2]) + float64(m[1]+m[3])
		a = b
	}
	return sums
}

// TestContractOldOrder checks the contraction's distributions against the
// order of sums it had before its kernel (oldWalk: the products weighed
// class by class into two sums, the projections scattered class by
// class), to 1e-13 relative (the bust, one minus the rest, to 1e-13 of
// one): one deck here, and 2, 6 and 8 decks, S17, H17 and ENHC and
// depleted shoes under -long.
func TestContractOldOrder(t *testing.T) {
	games := []struct {
		rules string
		shoe  [10]int // {}: the rules' full shoe
	}{
		{"1D S17", [10]int{}},
	}
	if *long {
		games = append(games, []struct {
			rules string
			shoe  [10]int
		}{
			{"6D H17 ENHC", [10]int{20, 3, 24, 11, 24, 9, 24, 17, 14, 71}},
			{"1D H17 ENHC", [10]int{}},
			{"2D H17", [10]int{}},
			{"6D S17", [10]int{}},
			{"8D H17 ENHC", [10]int{}},
			{"6D S17", [10]int{24, 24, 0, 24, 24, 24, 24, 24, 24, 96}},
			{"2D S17", [10]int{5, 8, 2, 6, 8, 1, 7, 8, 3, 20}},
		}...)
		rng := rand.New(rand.NewPCG(5, 6))
		for range 3 {
			var m [10]int
			full := NewShoe(6).Counts
			for c := range m {
				m[c] = full[c] - rng.IntN(full[c]/2+1)
			}
			games = append(games, struct {
				rules string
				shoe  [10]int
			}{"6D S17", m})
		}
	}
	worst := 0.0
	for _, g := range games {
		r, shoe, lay := gameLayout(t, g.rules, g.shoe)
		for up := Rank(1); up <= 10; up++ {
			if shoe.Counts[up-1] == 0 {
				continue
			}
			f := newFiniteUp(r, lay, up)
			w := f.newContraction()
			old := oldWalk{contraction: w, up: upMaps(f.levels)}
			old.visit(0, 0, 0, 1, w.root[:w.n[0]])
			for ci := range lay.comps {
				for o, want := range w.dist[ci] {
					got := f.dist[ci][o]
					scale := math.Abs(want)
					if w.complement && (o == DealerBust || o == DealerBlackjack && w.enhc) {
						scale = 1
					}
					diff := math.Abs(got - want)
					if diff == 0 {
						continue
					}
					rel := diff / scale
					worst = max(worst, rel)
					if rel > 1e-13 {
						t.Errorf("%s %v up %d %v outcome %d: %.17g, the old order %.17g", g.rules, shoe.Counts, up, lay.comps[ci], o, got, want)
					}
				}
			}
		}
	}
	t.Logf("largest relative difference from the old order: %.3g", worst)
}

// upMaps returns each level's classes' class at every later level.
func upMaps(lv *dealerLevels) (up [10][10][]int32) {
	for r := range 10 {
		for c := r + 1; c < 10; c++ {
			up[r][c] = make([]int32, lv.n[r])
			for _, g := range lv.fan[r][c] {
				for e, j := range g.to {
					for i := range g.f {
						up[r][c][int(g.from[e])+i] = j
					}
				}
			}
		}
	}
	return up
}

// oldWalk is the contraction's walk as it summed before its kernel (build
// 04ab027): a removal's products weighed one by one and summed into two
// alternating sums a slot, a projection scattered class by class.
type oldWalk struct {
	*contraction
	up [10][10][]int32
}

func (w *oldWalk) visit(t int32, r, depth int, scale float64, v []float64) {
	lv := w.lv
	node := &w.trie[t]
	cur, at := v, r
	for c := r; c < 10; c++ {
		ci := node.next[c]
		mc := w.m[rankAt(c)]
		if ci == 0 || mc <= 0 {
			continue
		}
		if c > at {
			next := make([]float64, w.n[c])
			up := w.up[at][c][:len(cur)]
			for i, x := range cur {
				next[up[i]] += x
			}
			cur, at = next, c
		}
		child := &w.trie[ci]
		own, below := child.comp >= 0, !child.leaf
		if w.read != nil {
			own, below = w.read[ci]&readOwn != 0, w.read[ci]&readBelow != 0
		}
		var out []float64
		if below {
			out = make([]float64, len(cur))
		}
		childScale := scale / float64(mc)
		if own {
			w.dist[child.comp] = w.distribute(c, mc, depth+1, childScale, &w.scale[depth+1], cur, out)
		} else if below {
			k := lv.k[c][:len(cur)]
			fm := float64(mc)
			for i, x := range cur {
				out[i] = x * (fm - k[i])
			}
		}
		if below {
			w.m[rankAt(c)]--
			w.visit(ci, c, depth+1, childScale, out)
			w.m[rankAt(c)]++
		}
	}
}

func (w *oldWalk) distribute(r, mc, depth int, scale float64, inv *[sizeSlots]float64, cur, out []float64) DealerDist {
	var d DealerDist
	first := &w.lv.first[r]
	fm := float64(mc)
	k, size := w.lv.k[r][:len(cur)], w.lv.size[r][:len(cur)]
	i := int(first[0])
	for slot := 0; slot < w.slots; slot++ {
		b := min(int(first[slot+1]), len(cur))
		var s0, s1 float64
		for ; i+1 < b; i += 2 {
			y0, y1 := cur[i]*(fm-k[i]), cur[i+1]*(fm-k[i+1])
			if out != nil {
				out[i], out[i+1] = y0, y1
			}
			s0 += y0 * inv[size[i]&(sizeSlots-1)]
			s1 += y1 * inv[size[i+1]&(sizeSlots-1)]
		}
		if i < b {
			y0 := cur[i] * (fm - k[i])
			if out != nil {
				out[i] = y0
			}
			s0 += y0 * inv[size[i]&(sizeSlots-1)]
			i++
		}
		d[slotOutcome[slot]] = (s0 + s1) * scale
	}
	if w.complement {
		w.complete(&d, r, depth)
	}
	return d
}
