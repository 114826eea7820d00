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
func (x *context) node(hand [10]uint8) int32 {
	if i, ok := x.index[hand]; ok {
		return i
	}
	gone, cards := x.gone(hand)
	p := x.f.probsAt(cards)
	x.f.dealerProbs(gone, p)
	return x.build(hand, p)
}

// gone returns the cards out of the shoe with a hand, and the hand's size.
func (x *context) gone(hand [10]uint8) (gone [10]uint8, cards int) {
	for i := range gone {
		gone[i] = hand[i] + x.extra[i]
		cards += int(hand[i])
	}
	return gone, cards
}

// build adds a hand whose dealer multiset probabilities are p, and its
// children, each child's probabilities derived from p (dealerChild).
func (x *context) build(hand [10]uint8, p []float64) int32 {
	gone, cards := x.gone(hand)
	sum, ace := handSum(hand)
	n := node{hand: hand, sum: int8(sum), ace: ace, cards: int8(cards)}
	if total := effective(sum, ace); total <= 21 {
		f := frame{d: x.f.distOf(gone, p)}
		n.stand = f.standEV(total)
	} else {
		n.stand = -x.f.noBlackjack(gone)
	}
	m, left := x.f.remaining(gone)
	for c := range n.next {
		n.next[c] = -1
		if m[c] > 0 {
			n.p[c] = float64(m[c]) / float64(left)
		}
	}
	i := int32(len(x.nodes))
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
				q := x.f.probsAt(cards + 1)
				x.f.dealerChild(p, c, m[c], left, q)
				j = x.build(child, q)
			}
			x.nodes[i].next[c] = j
		}
	}
	x.order = append(x.order, i) // children were appended first
	return i
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
