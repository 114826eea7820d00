package solve

// Dealer distributions for many removed compositions at once, by
// contracting the dealer's multisets rank by rank (the route measured in
// the design notes on solver speed).
//
// The compositions whose distribution is needed are visited in a trie
// that adds cards in rank order: aces first, tens last. Below a trie node
// whose highest rank is r, no card of a rank below r is ever added again,
// so those ranks' factors in each multiset's probability are final and the
// multisets can be summed over them: at level r a vector holds one entry
// per class of multisets that agree on the counts of ranks r..T, their
// size and their outcome. Removing one more card of rank c >= r multiplies
// each class by (m_c - k_c)/m_c * M/(M - size), as for single multisets
// (dealerChild); moving to level c sums classes that differ only in ranks
// below c. The vectors shrink from about 2,000 entries (up card 2, level
// A) to about 100 (level T), and each composition is computed once however
// many hand graphs share it.

// dealerLevels are the multiset classes of one up card at each level.
type dealerLevels struct {
	n       [10]int         // classes at level r
	size    [10][]uint8     // [r][class]
	outcome [10][]uint8     // [r][class]
	factor  [10][][]int16   // [r][c][class]: index into a factor table, k_c*(maxDraw+1) + size (c >= r)
	up      [10][10][]int32 // [r][c][class]: its class at level c (r < c)
	first   [10][numOutcomes + 1]int32
	level0  []int32 // multiset -> class at level 0
}

func newDealerLevels(d *dealerDraws) *dealerLevels {
	n := len(d.outcome)
	ks := make([][10]uint8, n)
	for i := 0; i < n; i++ {
		for j := d.start[i]; j < d.start[i+1]; j++ {
			ks[i][d.ranks[j]] = d.counts[j]
		}
	}
	lv := &dealerLevels{}
	member := make([][]int32, 10) // [level][multiset]: class
	for r := 0; r < 10; r++ {
		// Classes sorted by outcome, so a distribution is contiguous sums.
		type key struct {
			k       [10]uint8
			size    uint8
			outcome uint8
		}
		index := map[key]int32{}
		var keys []key
		for o := Dealer17; o <= DealerBlackjack; o++ {
			lv.first[r][o] = int32(len(keys))
			for i := 0; i < n; i++ {
				if int(d.outcome[i]) != o {
					continue
				}
				var k key
				copy(k.k[r:], ks[i][r:])
				k.size, k.outcome = d.size[i], d.outcome[i]
				if _, ok := index[k]; !ok {
					index[k] = int32(len(keys))
					keys = append(keys, k)
				}
			}
		}
		lv.first[r][numOutcomes] = int32(len(keys))
		lv.n[r] = len(keys)
		lv.factor[r] = make([][]int16, 10)
		for c := r; c < 10; c++ {
			lv.factor[r][c] = make([]int16, len(keys))
		}
		for ci, k := range keys {
			lv.size[r] = append(lv.size[r], k.size)
			lv.outcome[r] = append(lv.outcome[r], k.outcome)
			for c := r; c < 10; c++ {
				lv.factor[r][c][ci] = int16(int(k.k[c])*(maxDraw+1) + int(k.size))
			}
		}
		member[r] = make([]int32, n)
		for i := 0; i < n; i++ {
			var k key
			copy(k.k[r:], ks[i][r:])
			k.size, k.outcome = d.size[i], d.outcome[i]
			member[r][i] = index[k]
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

// trieNode is a composition in flush's trie: children add one card of
// rank c+1 (c at least the node's highest rank).
type trieNode struct {
	next   [10]int32 // 0: none (the root is never a child)
	needed bool
}

// flush computes the dealer distribution of every composition in f.pending
// (cards out of the shoe besides the up card) by one walk of their trie,
// and stores them in f.dealer.
func (f *finiteUp) flush() {
	if len(f.pending) == 0 {
		return
	}
	trie := []trieNode{{}}
	for g := range f.pending {
		at := int32(0)
		for c := 0; c < 10; c++ {
			for k := uint8(0); k < g[c]; k++ {
				next := trie[at].next[c]
				if next == 0 {
					next = int32(len(trie))
					trie = append(trie, trieNode{})
					trie[at].next[c] = next
				}
				at = next
			}
		}
		trie[at].needed = true
	}
	clear(f.pending)
	lv := f.levels
	if f.root == nil { // level 0 for the shoe less the up card
		p := make([]float64, len(f.draws.outcome))
		f.dealerProbs([10]uint8{}, p)
		f.root = make([]float64, lv.n[0])
		for i, pi := range p {
			f.root[lv.level0[i]] += pi
		}
	}
	for len(f.scratch) < 32 {
		f.scratch = append(f.scratch, [2][]float64{make([]float64, lv.n[0]), make([]float64, lv.n[0])})
	}
	var visit func(t int32, g [10]uint8, r, depth int, v []float64)
	visit = func(t int32, g [10]uint8, r, depth int, v []float64) {
		if trie[t].needed {
			f.dealer[g] = f.levelDist(r, v)
		}
		m, total := f.remaining(g)
		for c := r; c < 10; c++ {
			child := trie[t].next[c]
			if child == 0 || m[c] <= 0 {
				continue // none left: an impossible hand (weight zero), no distribution
			}
			b := &f.scratch[depth]
			out := b[0][:lv.n[r]]
			f.levelChild(r, c, m[c], total, v, out)
			if c > r { // sum away ranks r..c-1, final below this child
				next := b[1][:lv.n[c]]
				clear(next)
				up := lv.up[r][c][:len(out)]
				for i, x := range out {
					next[up[i]] += x
				}
				out = next
			}
			g2 := g
			g2[c]++
			visit(child, g2, c, depth+1, out)
		}
	}
	visit(0, [10]uint8{}, 0, 0, f.root)
}

// levelChild fills out from v (level r) after one more card of rank c+1
// (c >= r) leaves a shoe with mc such cards among total.
func (f *finiteUp) levelChild(r, c, mc, total int, v, out []float64) {
	lv := f.levels
	var shoe [maxDraw + 1]float64
	for s := 1; s <= f.draws.maxSize && s < total; s++ {
		shoe[s] = float64(total) / float64(total-s)
	}
	var fac [(maxDraw + 1) * (maxDraw + 1)]float64
	inv := 1 / float64(mc)
	for k := 0; k <= f.draws.maxK[c] && k <= mc; k++ {
		rank := float64(mc-k) * inv
		for s := 1; s <= f.draws.maxSize; s++ {
			fac[k*(maxDraw+1)+s] = rank * shoe[s]
		}
	}
	idx := lv.factor[r][c][:len(v)]
	for i, x := range v {
		out[i] = x * fac[idx[i]]
	}
}

// levelDist sums a level-r vector into the dealer's outcomes, blackjacks
// only under ENHC.
func (f *finiteUp) levelDist(r int, v []float64) DealerDist {
	last := DealerBust
	if f.r.HoleCard == ENHC {
		last = DealerBlackjack
	}
	var d DealerDist
	first := &f.levels.first[r]
	for o := Dealer17; o <= last; o++ {
		var a, b float64
		run := v[first[o]:first[o+1]]
		for len(run) >= 2 {
			a += run[0]
			b += run[1]
			run = run[2:]
		}
		if len(run) == 1 {
			a += run[0]
		}
		d[o] = a + b
	}
	return d
}
