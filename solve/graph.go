package solve

// The hand graph. Against one up card, a context holds every hand
// composition a player can reach from its roots while some fixed cards
// (extra: pair cards on the table after a split) are out of the shoe. Each
// node knows its stand value, its draw probabilities and its children, and
// the nodes are kept children first, so any strategy that decides from the
// hand alone is valued by one pass over an array: no recursion, no maps.
//
// Values are W (see finite_dealer.go): restricted to no dealer blackjack
// under PEEK and OBO, unconditional under ENHC.

// A node is one hand composition in a context.
type node struct {
	hand  [10]uint8 // cards of each rank (rank-1)
	sum   int8      // hard sum, aces counted one
	ace   bool
	cards int8
	stand float64     // W of standing
	bust  float64     // sum over ranks c that bust the hand of P(c) * W(bust)
	p     [10]float64 // P(next card has rank c+1)
	next  [10]int32   // child for rank c+1, or -1 (busts, or none left)
}

func (n *node) total() int   { return effective(int(n.sum), n.ace) }
func (n *node) soft() bool   { return n.ace && n.sum+10 <= 21 }
func (n *node) canHit() bool { return n.sum < 21 }

// class names the total a hand-of-three-or-more decision is made by:
// hard totals are their sum, soft totals 32 + total.
func (n *node) class() int {
	if n.soft() {
		return 32 + n.total()
	}
	return int(n.sum)
}

// context is the hand graph for one set of extra removed cards.
type context struct {
	f     *finiteUp
	extra [10]uint8
	nodes []node
	index map[[10]uint8]int32
	order []int32 // every node after all of its children

	best  []float64 // CD: the best of hit and stand for a hand that may only hit or stand
	cdHit []bool    // CD: hitting beats standing
}

// context returns the (cached) context for extra removed cards.
func (f *finiteUp) context(extra [10]uint8) *context {
	if x, ok := f.ctxs[extra]; ok {
		return x
	}
	x := &context{f: f, extra: extra, index: map[[10]uint8]int32{}}
	f.ctxs[extra] = x
	return x
}

// node returns the index of a hand, adding it and every hand it can reach.
// The new hands' stand values need dealer distributions; they are
// computed together, by one contraction walk (finiteUp.flush), before node
// returns, unless f.deferStand asks to wait for f.resolve (building many
// roots, then one walk).
func (x *context) node(hand [10]uint8) int32 {
	if i, ok := x.index[hand]; ok {
		return i
	}
	i := x.build(hand)
	if !x.f.deferStand {
		x.f.resolve()
	}
	return i
}

// resolve computes the dealer distributions the waiting nodes need, in
// one flush, and sets their stand values.
func (f *finiteUp) resolve() {
	f.flush()
	for _, w := range f.waiting {
		n := &w.x.nodes[w.i]
		gone, _ := w.x.gone(n.hand)
		fr := frame{d: f.dealer[gone]}
		n.stand = fr.standEV(n.total())
	}
	f.waiting = f.waiting[:0]
}

// gone returns the cards out of the shoe with a hand, and the hand's size.
func (x *context) gone(hand [10]uint8) (gone [10]uint8, cards int) {
	for i := range gone {
		gone[i] = hand[i] + x.extra[i]
		cards += int(hand[i])
	}
	return gone, cards
}

// build adds a hand and its children; a stand value whose dealer
// distribution is not known yet waits for the next flush.
func (x *context) build(hand [10]uint8) int32 {
	gone, cards := x.gone(hand)
	sum, ace := handSum(hand)
	n := node{hand: hand, sum: int8(sum), ace: ace, cards: int8(cards)}
	i := int32(len(x.nodes))
	m, left := x.f.remaining(gone)
	for c := range m {
		if m[c] < 0 {
			// More cards of a rank than the shoe holds: a split context's
			// hand that cannot be dealt (its weight is zero). Keep it inert.
			for c := range n.next {
				n.next[c] = -1
			}
			x.index[hand] = i
			x.nodes = append(x.nodes, n)
			x.order = append(x.order, i)
			return i
		}
	}
	if total := effective(sum, ace); total > 21 {
		n.stand = -x.f.noBlackjack(gone)
	} else if d, ok := x.f.dealer[gone]; ok {
		f := frame{d: d}
		n.stand = f.standEV(total)
	} else {
		x.f.pending[gone] = true
		x.f.waiting = append(x.f.waiting, waitingNode{x, i})
	}
	for c := range n.next {
		n.next[c] = -1
		if m[c] > 0 {
			n.p[c] = float64(m[c]) / float64(left)
		}
	}
	x.index[hand] = i
	x.nodes = append(x.nodes, n)
	if sum < 21 {
		for c, pc := range n.p {
			if pc == 0 {
				continue
			}
			child := hand
			child[c]++
			if sum+c+1 > 21 {
				g := gone
				g[c]++
				x.nodes[i].bust += pc * -x.f.noBlackjack(g)
				continue
			}
			j, ok := x.index[child]
			if !ok {
				j = x.build(child)
			}
			x.nodes[i].next[c] = j
		}
	}
	x.order = append(x.order, i) // children were appended first
	return i
}

// waitingNode is a node whose stand value waits for a flush.
type waitingNode struct {
	x *context
	i int32
}

func handSum(hand [10]uint8) (sum int, hasAce bool) {
	for i, n := range hand {
		sum += (i + 1) * int(n)
	}
	return sum, hand[0] > 0
}

// hitValue returns W of drawing one card to node i, then v.
func (x *context) hitValue(i int32, v []float64) float64 {
	n := &x.nodes[i]
	w := n.bust
	for c, j := range n.next {
		if j >= 0 {
			w += n.p[c] * v[j]
		}
	}
	return w
}

// doubleValue returns W of doubling node i: one card, twice the bet.
func (x *context) doubleValue(i int32) float64 {
	n := &x.nodes[i]
	w := n.bust
	for c, j := range n.next {
		if j >= 0 {
			w += n.p[c] * x.nodes[j].stand
		}
	}
	return 2 * w
}

// cd fills the composition-dependent best hit/stand values of every node.
// Call it again after adding nodes.
func (x *context) cd() {
	if len(x.best) == len(x.nodes) {
		return
	}
	x.best = make([]float64, len(x.nodes))
	x.cdHit = make([]bool, len(x.nodes))
	for _, i := range x.order {
		n := &x.nodes[i]
		x.best[i] = n.stand
		if n.canHit() {
			if h := x.hitValue(i, x.best); h > n.stand {
				x.best[i], x.cdHit[i] = h, true
			}
		}
	}
}

// play fills v with the value of every node when each hand hits exactly
// where hit says so (hands at 21 stand).
func (x *context) play(hit []bool, v []float64) {
	for _, i := range x.order {
		if hit[i] && x.nodes[i].canHit() {
			v[i] = x.hitValue(i, v)
		} else {
			v[i] = x.nodes[i].stand
		}
	}
}
