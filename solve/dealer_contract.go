package solve

import (
	"cmp"
	"slices"
	"sync"
)

// Dealer distributions for every removed composition of a layout at once,
// by contracting the dealer's multisets rank by rank (the route measured
// in the design notes on solver speed).
//
// With m the shoe less the up card and G a composition of removed cards, a
// dealer multiset D has probability (times its orderings w_D)
//
//	w_D * prod over ranks c of (m_c - G_c)_(k_c)  /  (M - |G|)_(|D|).
//
// The compositions are visited in a trie that adds cards in a fixed order
// of ranks, tens first and aces last (positions 0..9, rankAt). Along the
// way each multiset carries
//
//	V(G)[D] = w_D * prod over c of (m_c - G_c)_(k_c) * S(G),   S(G) = prod over c of (m_c)_(G_c),
//
// and removing one more card of rank c, with m' of them left, multiplies
// it by the integer m' - k_c: no divisions. The distribution of G is then
// sum over D of V(G)[D] / (S(G) (M - |G|)_(|D|)), by outcome.
//
// Below a trie node whose last rank is at position r no card of an earlier
// position is removed again, so those ranks' factors are final and the
// multisets can be summed over them: at level r a vector holds one entry
// per class of multisets that agree on their counts of the ranks at
// positions r..9, their size and their outcome. The vectors shrink from
// about 2,000 entries (up card 2, level 0) to a few dozen (level 9), and
// each composition is computed once however many hand graphs share it.
//
// Tens first is the cheap order because most compositions end in small
// cards, which then sit deep in the trie where the vectors are short.
//
// The order of the sums is fixed, so that the distributions are the same
// to the last bit from build to build and on every platform. Each level's
// classes are numbered so that a class's classes at an earlier level
// follow one another, and a slot's classes too: a projection sums a
// class's classes one by one in class order (project), and a removal
// sums its weighed products by slot in eight lanes (distribute, and
// mulSlots in dealer_kernel.go, in assembly on amd64). The order was set
// on 2026-11-28; the distributions it gives are within 3e-15 relative of
// the order before (TestContractOldOrder).

// dealerLevels are the multiset classes of one up card at each level.
type dealerLevels struct {
	n [10]int // classes at level r
	// k[r][class] is the class's count of the rank at position r, and
	// size[r][class] its number of cards: the factors of a removal.
	k    [10][]float64
	size [10][]uint8
	// Classes at each level are numbered in the order of their class at
	// the next level, then of their count: so the classes at level r of
	// one class at level c > r follow one another, and (the classes past
	// the last level being a slot and a size) each level's classes are
	// sorted by slot, then size. fan[r][c] lists the classes at level c
	// by how many classes at level r they have.
	fan [10][10][]fanGroup
	// first[r][s] is the first class at level r of the outcome in slot s
	// (blackjacks and busts last).
	first  [10][numOutcomes + 1]int32
	level0 []int32 // multiset -> class at level 0
}

// slotOutcome lists the outcomes in the order of their classes' slots.
// The contraction sums the slots before the bust's and has the bust as
// one minus the rest (and a blackjack, its hole card's probability), so
// that the busting multisets drop out of it (half of an up card 2's at
// six decks).
var slotOutcome = [numOutcomes]uint8{Dealer17, Dealer18, Dealer19, Dealer20, Dealer21, Dealer16, Dealer22,
	DealerBust, DealerBlackjack}

// slotOf is slotOutcome's inverse.
var slotOf = func() (s [numOutcomes]uint8) {
	for slot, o := range slotOutcome {
		s[o] = uint8(slot)
	}
	return s
}()

// newDealerLevels returns the classes of the multisets in d that a shoe
// with holds[c] cards of rank c+1 can deal; the others get class -1 in
// level0.
func newDealerLevels(d *dealerDraws, holds [10]int) *dealerLevels {
	n := len(d.outcome)
	ks := make([][10]uint8, n)
	for i := 0; i < n; i++ {
		for j := d.start[i]; j < d.start[i+1]; j++ {
			ks[i][rankAt(int(d.ranks[j]))] = d.counts[j]
		}
	}
	lv := &dealerLevels{}
	// Multisets by slot, then size: the order classes are numbered in.
	var order []int
	for i := 0; i < n; i++ {
		if dealable(d, i, holds) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(slotOf[d.outcome[a]], slotOf[d.outcome[b]]), cmp.Compare(d.size[a], d.size[b]))
	})
	// A class at level r is a class at level r+1 and a count of the rank
	// at position r, so the levels are found from the last up, each by a
	// table indexed by those two and numbered in that table's order; past
	// the last level a multiset's class is its slot and size.
	member := make([][]int32, 11) // [level][multiset]: class
	member[10] = make([]int32, n)
	for _, i := range order {
		member[10][i] = int32(slotOf[d.outcome[i]])*sizeSlots + int32(d.size[i])
	}
	above := numOutcomes * sizeSlots // classes at the level after
	var parent [10][]int32           // [r][class]: its class at level r+1
	var seen []int32                 // [class above * (maxDraw+1) + count]: class + 1, or 0
	for r := 9; r >= 0; r-- {
		seen = reuse(seen, above*(maxDraw+1))
		classes := 0
		for _, i := range order {
			at := int(member[r+1][i])*(maxDraw+1) + int(ks[i][r])
			classes += int(1 - seen[at])
			seen[at] = 1
		}
		for o := range lv.first[r] {
			lv.first[r][o] = -1
		}
		parent[r] = make([]int32, 0, classes)
		lv.k[r] = make([]float64, 0, classes)
		lv.size[r] = make([]uint8, 0, classes)
		for at, used := range seen {
			if used == 0 {
				continue
			}
			class := int32(lv.n[r])
			seen[at] = class + 1
			lv.n[r]++
			up := int32(at / (maxDraw + 1))
			parent[r] = append(parent[r], up)
			lv.k[r] = append(lv.k[r], float64(at%(maxDraw+1)))
			var slot, size int
			if r == 9 {
				slot, size = int(up)/sizeSlots, int(up)%sizeSlots
			} else {
				size = int(lv.size[r+1][up])
				slot = slotAt(&lv.first[r+1], up)
			}
			lv.size[r] = append(lv.size[r], uint8(size))
			if lv.first[r][slot] < 0 {
				lv.first[r][slot] = class
			}
		}
		member[r] = make([]int32, n)
		for i := range member[r] {
			member[r][i] = -1
		}
		for _, i := range order {
			member[r][i] = seen[int(member[r+1][i])*(maxDraw+1)+int(ks[i][r])] - 1
		}
		for o := numOutcomes; o >= 0; o-- { // slots without classes start where the next does
			if o == numOutcomes || lv.first[r][o] < 0 {
				next := int32(lv.n[r])
				if o < numOutcomes {
					next = lv.first[r][o+1]
				}
				lv.first[r][o] = next
			}
		}
		above = lv.n[r]
	}
	lv.level0 = member[0]
	to := make([]int32, lv.n[0])    // class at level r -> class at level c
	seg := make([]int32, lv.n[0]+1) // class at level c -> its first at level r
	var count []int32               // [f]: classes at level c with f at level r, then their group
	var filled []int32              // [group]: its entries so far
	for r := 0; r < 10; r++ {
		to = to[:lv.n[r]]
		for i := range to {
			to[i] = int32(i)
		}
		for c := r + 1; c < 10; c++ {
			seg = seg[:lv.n[c]+1]
			for i := len(to) - 1; i >= 0; i-- {
				to[i] = parent[c-1][to[i]]
				seg[to[i]] = int32(i)
			}
			seg[lv.n[c]] = int32(lv.n[r])
			clear(count)
			groups := 0
			for j := range lv.n[c] {
				f := int(seg[j+1] - seg[j])
				if f >= len(count) {
					count = append(count, make([]int32, f+1-len(count))...)
				}
				if count[f] == 0 {
					groups++
				}
				count[f]++
			}
			fans := make([]fanGroup, 0, groups)
			filled = filled[:0]
			groupTo, groupFrom := make([]int32, lv.n[c]), make([]int32, lv.n[c]) // every group's, one after another
			for f, n := range count {
				if n > 0 {
					count[f] = int32(len(fans)) // now the group's index
					fans = append(fans, fanGroup{f: f, to: groupTo[:n:n], from: groupFrom[:n:n]})
					groupTo, groupFrom = groupTo[n:], groupFrom[n:]
					filled = append(filled, 0)
				}
			}
			for j := range lv.n[c] { // each group's entries in class order, without writing its slices back
				e := count[seg[j+1]-seg[j]]
				g, at := &fans[e], filled[e]
				g.to[at], g.from[at] = int32(j), seg[j]
				filled[e]++
			}
			for e := range fans {
				g := &fans[e]
				for s, first := range lv.first[c] {
					cut, _ := slices.BinarySearch(g.to, first)
					g.cut[s] = int32(cut)
				}
			}
			lv.fan[r][c] = fans
		}
	}
	return lv
}

// A fanGroup is the classes at one level (to) that have f classes each at
// an earlier level, from[e] to from[e]+f-1; cut[s] of them come before
// the later level's slot s.
type fanGroup struct {
	f        int
	to, from []int32
	cut      [numOutcomes + 1]int32
}

// slotAt returns the slot of a class, given its level's first classes by
// slot.
func slotAt(first *[numOutcomes + 1]int32, class int32) int {
	slot := 0
	for slot+1 < numOutcomes && first[slot+1] <= class {
		slot++
	}
	return slot
}

// dealable reports whether a shoe with holds[c] cards of rank c+1 holds
// multiset i of d.
func dealable(d *dealerDraws, i int, holds [10]int) bool {
	for j := d.start[i]; j < d.start[i+1]; j++ {
		if int(d.counts[j]) > holds[d.ranks[j]] {
			return false
		}
	}
	return true
}

// trieNode is a composition in the contraction's trie: children add one
// card of the rank at position c (c at least the position of the node's last card).
type trieNode struct {
	next [10]int32 // 0: none (the root is never a child)
	comp int32     // the composition's index in layout.comps, or -1
	leaf bool      // no children
}

// newTrie arranges compositions in a trie that adds cards in rank order.
func newTrie(comps [][10]uint8) []trieNode {
	trie := make([]trieNode, 1, len(comps)+1) // nearly every node is a composition
	trie[0] = trieNode{comp: -1}
	for ci, g := range comps {
		at := int32(0)
		for c := 0; c < 10; c++ {
			for k := uint8(0); k < g[rankAt(c)]; k++ {
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
	return depthFirst(trie)
}

// depthFirst renumbers a trie's nodes in the order the contraction's walk
// visits them (a node, then each child's nodes by position), so that the
// walk reads them one after another rather than in the order the
// compositions were listed. A parent still comes before its children
// (readMask counts on it); what the walk computes does not depend on the
// numbering.
func depthFirst(trie []trieNode) []trieNode {
	renumbered := make([]int32, len(trie))
	order := make([]int32, 0, len(trie))
	stack := []int32{0}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		renumbered[t] = int32(len(order))
		order = append(order, t)
		for c := 9; c >= 0; c-- { // the first position on top
			if next := trie[t].next[c]; next != 0 {
				stack = append(stack, next)
			}
		}
	}
	out := make([]trieNode, len(trie))
	for i, t := range order {
		n := trie[t]
		for c, next := range n.next {
			if next != 0 {
				n.next[c] = renumbered[next]
			}
		}
		out[i] = n
	}
	return out
}

// A readMark says what a solve reads of a trie node: its own
// composition's distribution, a composition's below it, or both.
type readMark uint8

const (
	readOwn   readMark = 1 << iota // the node's composition
	readBelow                      // a composition below it
)

// readMask marks the trie's nodes by the compositions read (those whose
// index read is true of) and those above them. A walk that
// leaves the others out still forms each vector it keeps as the whole
// walk does (the sums over the ranks passed by go through every child's
// position, read or not), so the distributions it computes are the whole
// walk's to the last bit.
func readMask(trie []trieNode, read func(comp int32) bool) []readMark {
	mask := make([]readMark, len(trie))
	for i := len(trie) - 1; i >= 0; i-- { // children after their parents
		n := &trie[i]
		if n.comp >= 0 && read(n.comp) {
			mask[i] |= readOwn
		}
		for _, c := range n.next {
			if c != 0 && mask[c] != 0 {
				mask[i] |= readBelow
			}
		}
	}
	return mask
}

// contraction is one walk of a layout's trie against one up card.
type contraction struct {
	lv    *dealerLevels
	trie  []trieNode
	read  []readMark // nil: every composition
	m     [10]int    // cards of each rank left in the shoe
	total int        // cards in the shoe before any is removed
	slots int        // slots summed from the vectors
	// complement: the slots summed end before the bust's, which is one
	// minus the rest: every composition leaves the dealer cards enough to
	// finish, so the outcomes sum to one.
	complement bool
	bj         int     // the rank index of a blackjack's hole card, or -1
	enhc       bool    // a dealer blackjack is an outcome (not peeked for)
	n          [10]int // classes used at each level
	dist       []DealerDist
	scale      [][sizeSlots]float64 // [cards removed][size]: 1/(M - removed)_(size)
	buf        [][3][]float64       // per depth: two projections and the child's vector
	spare      []float64            // the products of a composition without children
	// weight[d][r][class] is 1/(M - d)_(size) for the class's size: the
	// inverse falling factorial the class is weighed by, d cards removed
	// (nil until a removal at level r to depth d needs it). The
	// weights are kept in chunks, of which the first chunk are full and
	// the next has used entries taken: arrays never copied to grow, and
	// kept for the next contraction.
	weight      [][10][]float64
	chunks      [][]float64
	chunk, used int
	num, root   []float64 // the multisets' numerators, and their sums by class at level 0
}

// contractions holds the arrays of contractions whose distributions are
// done with (finiteUp.release), for the next: the index plays contract
// a few layouts on every one of thousands of shoes, and fresh arrays
// each time were most of their garbage.
var contractions = sync.Pool{New: func() any { return new(contraction) }}

// release gives back f's contraction arrays, if they were taken from
// contractions, and with them f's distributions: f must not be used
// again.
func (f *finiteUp) release() {
	if f.work != nil {
		contractions.Put(f.work)
		f.work, f.dist = nil, nil
	}
}

// contract computes the dealer's distribution for every composition of
// the layout.
func (f *finiteUp) contract() []DealerDist {
	w := f.newContraction()
	w.visit(0, 0, 0, 1, w.root[:w.n[0]])
	return w.dist
}

// newContraction returns a walk of f's trie set up at its root.
func (f *finiteUp) newContraction() *contraction {
	lv := f.levels
	maxDepth := f.lay.maxCards
	_, total := f.remaining([10]uint8{})
	w := &contraction{}
	switch {
	case f.scratch != nil && !f.lay.shared: // fill the last up card's arrays: its distributions are done with
		w = &f.scratch.work
	case f.pooled && !f.lay.shared: // arrays another is done with; f.release gives them back
		w = contractions.Get().(*contraction)
		f.work = w
	}
	*w = contraction{lv: lv, trie: f.lay.trie, read: f.read, m: f.shoe, total: total, bj: f.bjRank(), enhc: f.r.HoleCard == ENHC,
		dist: reuse(w.dist, len(f.lay.comps)), scale: w.scale, buf: w.buf, spare: reuse(w.spare, lv.n[0]),
		weight: reuse(w.weight, maxDepth+1), chunks: w.chunks, num: w.num, root: w.root}
	// The bust is the complement unless a composition leaves fewer cards
	// than the dealer may draw (a small custom shoe); then the vectors
	// carry it, and under ENHC the blackjack too.
	w.complement = total-maxDepth >= f.draws.maxSize
	w.slots = int(slotOf[DealerBust])
	switch {
	case !w.complement && w.enhc:
		w.slots = numOutcomes
	case !w.complement:
		w.slots = int(slotOf[DealerBlackjack])
	}
	for r := range w.n { // the slots not summed come last: dropped
		w.n[r] = int(lv.first[r][w.slots])
	}
	if cap(w.scale) < maxDepth+1 {
		w.scale = make([][sizeSlots]float64, maxDepth+1)
	}
	w.scale = w.scale[:maxDepth+1]
	for d := range w.scale {
		var ff [maxDraw + 1]float64
		falling(total-d, &ff)
		w.scale[d] = [sizeSlots]float64{}
		for s, x := range ff {
			if x != 0 {
				w.scale[d][s] = 1 / x
			}
		}
	}
	if cap(w.buf) < maxDepth+1 {
		w.buf = append(w.buf[:cap(w.buf)], make([][3][]float64, maxDepth+1-cap(w.buf))...)
	}
	w.buf = w.buf[:maxDepth+1]
	for d := range w.buf {
		for j := range w.buf[d] {
			if cap(w.buf[d][j]) < w.n[0] {
				w.buf[d][j] = make([]float64, w.n[0])
			}
			w.buf[d][j] = w.buf[d][j][:w.n[0]]
		}
	}
	p := reuse(w.num, len(f.draws.outcome))
	f.numerators(p)
	root := reuse(w.root, lv.n[0])
	w.num, w.root = p, root
	for i, pi := range p {
		if class := lv.level0[i]; class >= 0 {
			root[class] += pi
		}
	}
	return w
}

// reuse returns s emptied and of length n, if it has the capacity, or a new
// slice.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// sizeSlots bounds a multiset's size (at most maxDraw), so that masking a
// size with sizeSlots-1 proves it in range.
const sizeSlots = 32

// visit computes the distributions of the compositions below trie node t,
// whose composition has depth cards, last card at position r and level-r
// vector v; scale is 1/S(G).
func (w *contraction) visit(t int32, r, depth int, scale float64, v []float64) {
	lv := w.lv
	node := &w.trie[t]
	buf := &w.buf[depth]
	cur, at, flip := v, r, 0
	for c := r; c < 10; c++ {
		ci := node.next[c]
		mc := w.m[rankAt(c)]
		if ci == 0 || mc <= 0 {
			continue // none left: an impossible hand, no distribution
		}
		if c > at { // sum away positions at..c-1, final below this child
			next := buf[flip][:w.n[c]]
			w.project(cur, next, lv.fan[at][c])
			cur, at, flip = next, c, 1-flip
		}
		child := &w.trie[ci]
		own, below := child.comp >= 0, !child.leaf
		if w.read != nil {
			own, below = w.read[ci]&readOwn != 0, w.read[ci]&readBelow != 0
		}
		var out []float64
		if below {
			out = buf[2][:len(cur)]
		}
		childScale := scale / float64(mc)
		if own {
			w.dist[child.comp] = w.distribute(c, mc, depth+1, childScale, cur, out)
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

// project sets each class's entry of next to the sum of its classes' in
// cur, the classes of fans, in class order: the first's plus the
// second's, plus the third's, and so on (projectGroup).
func (w *contraction) project(cur, next []float64, fans []fanGroup) {
	for _, g := range fans {
		if n := g.cut[w.slots]; n > 0 {
			projectGroup(next, cur, g.to[:n], g.from[:n], g.f)
		}
	}
}

// distribute returns the distribution of a composition from its parent's
// vector cur (at level r) times the factors of removing one of the mc
// cards left of the rank at position r, and stores the product in out
// unless out is nil. depth counts the cards removed with this one.
//
// The order of its sums is fixed, so that the distributions are the same
// to the last bit from build to build and on every platform: each slot's
// is mulSlots's (dealer_kernel.go), four sums of every fourth class from
// the slot's first, joined, then times scale.
func (w *contraction) distribute(r, mc, depth int, scale float64, cur, out []float64) DealerDist {
	var d DealerDist
	lv := w.lv
	if out == nil {
		out = w.spare
	}
	n := len(cur)
	var sums [numOutcomes]float64
	mulSlots(out[:n], cur, lv.k[r][:n], w.weights(depth, r)[:n], float64(mc), lv.first[r][1:w.slots+1], sums[:w.slots])
	for slot, s := range sums[:w.slots] {
		d[slotOutcome[slot]] = s * scale
	}
	if w.complement {
		w.complete(&d, r, depth)
	}
	return d
}

// complete sets the bust of d, the distribution of a composition whose
// last card is at position r and which removes depth cards, to one minus
// its other outcomes and the hole card's blackjack, and under ENHC that
// blackjack's probability.
func (w *contraction) complete(d *DealerDist, r, depth int) {
	// q: the hole card makes a blackjack, from the cards left after this
	// one.
	q := 0.0
	if w.bj >= 0 {
		left := w.m[w.bj]
		if w.bj == rankAt(r) {
			left--
		}
		q = float64(left) / float64(w.total-depth)
	}
	bust := 1 - q
	for slot := 0; slot < w.slots; slot++ {
		bust -= d[slotOutcome[slot]]
	}
	d[DealerBust] = bust
	if w.enhc {
		d[DealerBlackjack] = q
	}
}

// weightChunk is the size of the arrays weights are kept in, in floats.
const weightChunk = 1 << 13

// weights returns weight[depth][r], computing it if need be.
func (w *contraction) weights(depth, r int) []float64 {
	if wt := w.weight[depth][r]; wt != nil {
		return wt
	}
	n := len(w.lv.size[r])
	for w.chunk < len(w.chunks) && len(w.chunks[w.chunk])-w.used < n {
		w.chunk, w.used = w.chunk+1, 0
	}
	if w.chunk == len(w.chunks) {
		w.chunks = append(w.chunks, make([]float64, max(weightChunk, n)))
	}
	wt := w.chunks[w.chunk][w.used : w.used+n : w.used+n]
	w.used += n
	inv := &w.scale[depth]
	for i, s := range w.lv.size[r] {
		wt[i] = inv[s&(sizeSlots-1)]
	}
	w.weight[depth][r] = wt
	return wt
}

// rankAt returns the rank index (rank-1) at a position of the trie's and
// the levels' order: tens first, aces last. (Its own inverse.) Of the
// orders that swap two ranks of this one, none needs fewer products at
// six decks; rank order, aces first, needs 38% more.
func rankAt(p int) int { return 9 - p }
