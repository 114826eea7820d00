package solve

// Dealer distributions for every removed composition of a layout at once,
// by contracting the dealer's multisets rank by rank (the route measured
// in the design notes on solver speed).
//
// With m the shoe less the up card and G a composition of removed cards, a
// dealer multiset D has probability (times its orderings w_D)
//
//	w_D * prod over ranks c of (m_c - G_c)_(k_c)  /  (M - |G|)_(|D|).
//
// The compositions are visited in a trie that adds cards in rank order:
// aces first, tens last. Along the way each multiset carries
//
//	V(G)[D] = w_D * prod over c of (m_c - G_c)_(k_c) * S(G),   S(G) = prod over c of (m_c)_(G_c),
//
// and removing one more card of rank c, with m' of them left, multiplies
// it by the integer m' - k_c: no divisions. The distribution of G is then
// sum over D of V(G)[D] / (S(G) (M - |G|)_(|D|)), by outcome.
//
// Below a trie node whose highest rank is r no card of a rank below r is
// removed again, so those ranks' factors are final and the multisets can
// be summed over them: at level r a vector holds one entry per class of
// multisets that agree on the counts of ranks r..T, their size and their
// outcome. The vectors shrink from about 2,000 entries (up card 2, level
// A) to about 100 (level T), and each composition is computed once however
// many hand graphs share it.

// dealerLevels are the multiset classes of one up card at each level.
type dealerLevels struct {
	n      [10]int         // classes at level r
	k      [10][]uint8     // [r][class]: its count of rank r+1
	up     [10][10][]int32 // [r][c][class]: its class at level c (r < c)
	runs   [10][]classRun  // [r]: classes by outcome, then size; blackjacks last
	noBJ   [10]int         // [r]: runs before the blackjacks'
	level0 []int32         // multiset -> class at level 0
}

// classRun is a range of classes with one outcome and size.
type classRun struct {
	start, end    int32
	size, outcome uint8
}

func newDealerLevels(d *dealerDraws) *dealerLevels {
	n := len(d.outcome)
	ks := make([][10]uint8, n)
	for i := 0; i < n; i++ {
		for j := d.start[i]; j < d.start[i+1]; j++ {
			ks[i][d.ranks[j]] = d.counts[j]
		}
	}
	type key struct {
		k       [10]uint8
		size    uint8
		outcome uint8
	}
	keyAt := func(r, i int) key {
		var k key
		copy(k.k[r:], ks[i][r:])
		k.size, k.outcome = d.size[i], d.outcome[i]
		return k
	}
	lv := &dealerLevels{}
	member := make([][]int32, 10) // [level][multiset]: class
	for r := 0; r < 10; r++ {
		index := map[key]int32{}
		var keys []key
		for o := Dealer17; o <= DealerBlackjack; o++ {
			if o == DealerBlackjack {
				lv.noBJ[r] = len(lv.runs[r])
			}
			for size := 1; size <= d.maxSize; size++ {
				run := classRun{start: int32(len(keys)), size: uint8(size), outcome: uint8(o)}
				for i := 0; i < n; i++ {
					if int(d.outcome[i]) != o || int(d.size[i]) != size {
						continue
					}
					if k := keyAt(r, i); index[k] == 0 {
						keys = append(keys, k)
						index[k] = int32(len(keys)) // one more than the class
					}
				}
				if run.end = int32(len(keys)); run.end > run.start {
					lv.runs[r] = append(lv.runs[r], run)
				}
			}
		}
		lv.n[r] = len(keys)
		for _, k := range keys {
			lv.k[r] = append(lv.k[r], k.k[r])
		}
		member[r] = make([]int32, n)
		for i := 0; i < n; i++ {
			member[r][i] = index[keyAt(r, i)] - 1
		}
	}
	lv.level0 = member[0]
	for r := 0; r < 10; r++ {
		for c := r + 1; c < 10; c++ {
			lv.up[r][c] = make([]int32, lv.n[r])
			for i := 0; i < n; i++ {
				lv.up[r][c][member[r][i]] = member[c][i]
			}
		}
	}
	return lv
}

// trieNode is a composition in the contraction's trie: children add one
// card of rank c+1 (c at least the node's highest rank).
type trieNode struct {
	next [10]int32 // 0: none (the root is never a child)
	comp int32     // the composition's index in layout.comps, or -1
	leaf bool      // no children
}

// newTrie arranges compositions in a trie that adds cards in rank order.
func newTrie(comps [][10]uint8) []trieNode {
	trie := []trieNode{{comp: -1}}
	for ci, g := range comps {
		at := int32(0)
		for c := 0; c < 10; c++ {
			for k := uint8(0); k < g[c]; k++ {
				next := trie[at].next[c]
				if next == 0 {
					next = int32(len(trie))
					trie = append(trie, trieNode{comp: -1})
					trie[at].next[c] = next
				}
				at = next
			}
		}
		trie[at].comp = int32(ci)
	}
	for i := range trie {
		trie[i].leaf = trie[i].next == [10]int32{}
	}
	return trie
}

// contraction is one walk of a layout's trie against one up card.
type contraction struct {
	lv    *dealerLevels
	trie  []trieNode
	m     [10]int        // cards of each rank left in the shoe
	n     [10]int        // classes used at each level: blackjacks only under ENHC
	runs  [10][]classRun // runs used at each level
	dist  []DealerDist
	scale [][maxDraw + 1]float64 // [cards removed][size]: 1/(M - removed)_(size)
	buf   [][3][]float64         // per depth: two projections and the child's vector
}

// contract computes the dealer's distribution for every composition of
// the layout.
func (f *finiteUp) contract() []DealerDist {
	lv := f.levels
	w := &contraction{lv: lv, trie: f.lay.trie, m: f.shoe, dist: make([]DealerDist, len(f.lay.comps))}
	for r := range w.runs {
		w.runs[r] = lv.runs[r]
		if f.r.HoleCard != ENHC { // blackjack classes come last: drop them
			w.runs[r] = lv.runs[r][:lv.noBJ[r]]
		}
		if k := len(w.runs[r]); k > 0 {
			w.n[r] = int(w.runs[r][k-1].end)
		}
	}
	maxDepth := 0
	for _, g := range f.lay.comps {
		n := 0
		for _, k := range g {
			n += int(k)
		}
		maxDepth = max(maxDepth, n)
	}
	_, total := f.remaining([10]uint8{})
	w.scale = make([][maxDraw + 1]float64, maxDepth+1)
	for d := range w.scale {
		falling(total-d, &w.scale[d])
		for s, x := range w.scale[d] {
			if x != 0 {
				w.scale[d][s] = 1 / x
			}
		}
	}
	w.buf = make([][3][]float64, maxDepth+1)
	for d := range w.buf {
		for j := range w.buf[d] {
			w.buf[d][j] = make([]float64, w.n[0])
		}
	}
	p := make([]float64, len(f.draws.outcome))
	f.numerators(p)
	root := make([]float64, lv.n[0])
	for i, pi := range p {
		root[lv.level0[i]] += pi
	}
	w.visit(0, 0, 0, 1, root[:w.n[0]])
	return w.dist
}

// visit computes the distributions of the compositions below trie node t,
// whose composition has depth cards, highest rank r+1 and level-r vector
// v; scale is 1/S(G).
func (w *contraction) visit(t int32, r, depth int, scale float64, v []float64) {
	lv := w.lv
	node := &w.trie[t]
	buf := &w.buf[depth]
	cur, at, flip := v, r, 0
	for c := r; c < 10; c++ {
		ci := node.next[c]
		mc := w.m[c]
		if ci == 0 || mc <= 0 {
			continue // none left: an impossible hand, no distribution
		}
		if c > at { // sum away ranks at..c-1, final below this child
			next := buf[flip][:w.n[c]]
			clear(next)
			up := lv.up[at][c][:len(cur)]
			for i, x := range cur {
				next[up[i]] += x
			}
			cur, at, flip = next, c, 1-flip
		}
		var factor [maxDraw + 1]float64
		for k := range factor {
			factor[k] = float64(mc - k)
		}
		child := &w.trie[ci]
		out := buf[2][:len(cur)]
		k := lv.k[c][:len(cur)]
		switch {
		case child.comp < 0: // an inner node only
			for i, x := range cur {
				out[i] = x * factor[k[i]]
			}
		case child.leaf: // the distribution only
			w.distribute(child.comp, depth+1, scale/float64(mc), w.runs[c], cur, k, &factor, nil)
		default:
			w.distribute(child.comp, depth+1, scale/float64(mc), w.runs[c], cur, k, &factor, out)
		}
		if !child.leaf {
			w.m[c]--
			w.visit(ci, c, depth+1, scale/float64(mc), out)
			w.m[c]++
		}
	}
}

// distribute sets the distribution of a composition from its parent's
// vector cur times the factors of the card removed (indexed by k), and
// stores the product in out unless out is nil.
func (w *contraction) distribute(comp int32, depth int, scale float64, runs []classRun, cur []float64, k []uint8, factor *[maxDraw + 1]float64, out []float64) {
	inv := &w.scale[depth]
	var d DealerDist
	for _, run := range runs {
		s := 0.0
		x, kx := cur[run.start:run.end], k[run.start:run.end]
		if out == nil {
			for i, y := range x {
				s += y * factor[kx[i]]
			}
		} else {
			o := out[run.start:run.end]
			for i, y := range x {
				y *= factor[kx[i]]
				o[i] = y
				s += y
			}
		}
		d[run.outcome] += s * inv[run.size]
	}
	for o := range d {
		d[o] *= scale
	}
	w.dist[comp] = d
}
