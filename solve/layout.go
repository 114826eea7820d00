package solve

import (
	"cmp"
	"slices"
	"sync"
)

// The shapes of the hand graphs, shared by the up cards.
//
// Which hands a player can reach, and which cards they leave out of the
// shoe, depend on the shoe and the split rules but not on the dealer's up
// card: the up card only changes the probabilities. So the graphs are
// built once per solve, on the full shoe (a layout), and each up card
// values the same shapes with its own probabilities (valuedShape, graph.go).
// A hand that the up card makes impossible (the shoe holds too few of its
// cards once the up card is out) gets probability zero there.

// layout holds the hand graphs of one solve and the removed compositions
// their stand values need.
type layout struct {
	shoe    [10]int // the full shoe, up card included
	charlie int     // Rules.Charlie: hands end, won, at this many cards
	base    *shape
	// splits holds one split hand's graph by pair rank and number of pair
	// cards out (its own first card included): 2 up to splitContexts; nil
	// where none.
	splits [11][maxSplitCards + 1]*shape
	// comps lists every composition of cards out of the shoe (besides the
	// up card) that some hand's stand value needs; trie orders them for
	// the dealer's contraction (dealer_contract.go).
	comps     [][10]uint8
	compIndex map[uint64]int32 // by key(composition), while the layout is built
	maxCards  int              // most cards in a composition
	trie      []trieNode
	// read, if not nil, marks the trie's nodes by what a solve on the
	// layout reads (readMask): the others' distributions are left zero.
	read []readMark
	// multi lists the base graph's hands of three or more cards that may
	// still draw, by total, hard before soft, then by cards (aces first):
	// the order of Table.Compositions.
	multi []int32
	// dists holds the dealer's distributions for the compositions, by
	// dealer rule and up card, computed once if the layout is shared by
	// the solves of a Cache (cache.go).
	shared bool
	distMu sync.Mutex
	dists  map[dealerRule]*[10]sharedDist
	// donor is a shared layout of the same shoe holding most compositions
	// of this one (donorAt: where, -1 where not), whose distributions this
	// one may take (cache.go); byKey finds a composition's place, made when
	// a layout is first asked to be a donor.
	donor   *layout
	donorAt []int32
	// unheld marks the trie's nodes by the compositions the donor does
	// not hold (readMask), nil where it holds them all: a walk of those
	// alone computes them as the whole walk does.
	unheld []readMark
	byKey  map[uint64]int32
	// keep says the layout keeps the node values of the first rules whose
	// solve asks for them (keptValues): the solves of a Cache made to
	// share them (Effects, a grid), most of which play the same hands.
	keep      bool
	keptMu    sync.Mutex
	keptRules *standRules
	kept      map[upShape]*keptNodeValues
}

// shape is the hand graph for one set of extra removed cards (the pair
// cards on the table after a split): every hand reachable from its roots,
// each node stored after all of its children, so any strategy that decides
// from the hand alone is valued by one pass over an array.
type shape struct {
	extra [10]uint8
	nodes []node
	// comp is each node's hand plus extra in layout.comps; -1 if the shoe
	// cannot deal it. It is the shape's own, its nodes a copy's too
	// (copyShape).
	comp  []int32
	index map[uint64]int32 // by key(hand); the base graph's only once the layout is built
	root  int32            // split shapes: the node of the lone pair card
	// policy maps a split shape's nodes to the same hands in the graphs
	// whose composition-dependent play the post-split strategies copy:
	// [CDZMinus] the base graph, [CDP1] the pair's two-hand graph; -1 for
	// the lone pair card.
	policy [2][]int32
	copyOf *shape // the graph whose hands and draws this one copies (copyShape), or nil
}

// A node is one hand composition in a shape.
type node struct {
	hand  [10]uint8 // cards of each rank (rank-1)
	sum   int8      // hard sum, aces counted one
	ace   bool
	cards int8
	// charlie: the hand has the Charlie's number of cards and has not
	// busted, so it has won; it draws no more.
	charlie bool
	cls     uint8     // class(), kept: charts are valued by it node by node
	next    [10]int32 // child for rank c+1, or -1 (busts, none left, or the hand is 21)
}

func (n *node) total() int   { return effective(int(n.sum), n.ace) }
func (n *node) soft() bool   { return n.ace && n.sum+10 <= 21 }
func (n *node) canHit() bool { return n.sum < 21 && !n.charlie }

// class names the total a hand-of-three-or-more decision is made by:
// hard totals are their sum, soft totals 32 + total.
func (n *node) class() int { return int(n.cls) }

// classOf computes a node's class.
func classOf(n *node) uint8 {
	if n.soft() {
		return uint8(32 + n.total())
	}
	return uint8(n.sum)
}

// splitContexts returns the most pair cards out (the split hand's own
// first card included) for which a split of rank c needs its hand values:
// the exact split model (split.go) reaches 2*limit - 2.
func splitContexts(r Rules, c int) int { return 2*splitLimit(r, c) - 2 }

// maxSplitCards bounds splitContexts: four hands.
const maxSplitCards = 6

// splitLimit returns the most hands a pair of rank c may become.
func splitLimit(r Rules, c int) int {
	if c == 1 && !r.RSA {
		return 2
	}
	return r.MaxSplitHands
}

// newLayout builds the hand graphs of a solve: the base graph from every
// two-card hand, and for each pair and number of hands on the table the
// graph of one split hand.
func newLayout(r Rules, shoe Shoe) *layout { return newLayoutFor(r, shoe, 0) }

// newLayoutFor builds the hand graphs of a solve with the split graphs of
// pair rank only alone (0: every pair), for valuing one pair's split.
func newLayoutFor(r Rules, shoe Shoe, only Rank) *layout {
	l := &layout{shoe: shoe.Counts, compIndex: map[uint64]int32{}, charlie: r.Charlie}
	l.base = l.newShape([10]uint8{})
	for a := 1; a <= 10; a++ {
		for b := a; b <= 10; b++ {
			var hand [10]uint8
			hand[a-1]++
			hand[b-1]++
			if l.dealable(hand) {
				l.base.add(l, hand)
			}
		}
	}
	for c := 1; c <= 10; c++ {
		if only != 0 && c != int(only) {
			continue
		}
		for h := 2; h <= splitContexts(r, c); h++ {
			var extra, one [10]uint8
			extra[c-1] = uint8(h - 1)
			one[c-1] = 1
			if two := l.splits[c][2]; h > 2 && l.roomFor(two, c, h) {
				l.splits[c][h] = l.copyShape(two, extra)
				continue
			}
			s := l.newShape(extra)
			s.root = s.add(l, one)
			l.splits[c][h] = s
		}
	}
	for c := 1; c <= 10; c++ {
		if only != 0 && c != int(only) {
			continue
		}
		for h := 2; h <= splitContexts(r, c); h++ {
			s := l.splits[c][h]
			if s.copyOf != nil { // the same hands: the same places in the policies' graphs
				s.policy = s.copyOf.policy
				continue
			}
			for strat, policy := range []*shape{l.base, l.splits[c][2]} {
				s.policy[strat] = make([]int32, len(s.nodes))
				for i := range s.nodes {
					s.policy[strat][i] = -1
					if hand := s.nodes[i].hand; i != int(s.root) && s.comp[i] >= 0 {
						s.policy[strat][i] = policy.add(l, hand)
					}
				}
			}
		}
	}
	l.trie = newTrie(l.comps)
	if only != 0 { // a pair's values read only hands holding one of its cards
		l.read = readMask(l.trie, func(ci int32) bool { return l.comps[ci][only-1] > 0 })
	}
	// The graphs are complete: only the base graph's hands are looked up
	// again (find), so the other indexes are dropped, a sixth of the
	// layout's memory at six decks.
	l.compIndex = nil
	for c := range l.splits {
		for _, s := range l.splits[c] {
			if s != nil {
				s.index = nil
			}
		}
	}
	for i := range l.base.nodes {
		if n := &l.base.nodes[i]; n.cards >= 3 && n.canHit() {
			l.multi = append(l.multi, int32(i))
		}
	}
	slices.SortFunc(l.multi, func(i, j int32) int {
		a, b := &l.base.nodes[i], &l.base.nodes[j]
		return cmp.Or(cmp.Compare(b2i(a.soft()), b2i(b.soft())), cmp.Compare(a.total(), b.total()),
			slices.Compare(a.hand[:], b.hand[:]))
	})
	return l
}

// roomFor reports whether the split graph of pair c with h cards of it
// out holds the same hands as two, the graph with two out: the shoe holds
// more of rank c than any hand of two and h-1 more, so no hand or draw of
// it is cut short by the extra pair cards (six or more decks, and most
// pairs of fewer).
func (l *layout) roomFor(two *shape, c, h int) bool {
	most := 0
	for i := range two.nodes {
		most = max(most, int(two.nodes[i].hand[c-1]))
	}
	return most+h-1 < l.shoe[c-1]
}

// copyShape returns a graph of the hands of s with other extra cards out,
// which must not change which hands the shoe deals (roomFor): the same
// nodes and draws (shared with s), each with its own removed composition.
// Nothing looks its hands up again, so it has no index.
func (l *layout) copyShape(s *shape, extra [10]uint8) *shape {
	t := &shape{extra: extra, root: s.root, nodes: s.nodes, comp: make([]int32, len(s.comp)), copyOf: s}
	for i := range t.nodes {
		t.comp[i] = -1
		if s.comp[i] < 0 {
			continue
		}
		var gone [10]uint8
		for c := range gone {
			gone[c] = t.nodes[i].hand[c] + extra[c]
		}
		t.comp[i] = l.comp(gone)
	}
	return t
}

func (l *layout) newShape(extra [10]uint8) *shape {
	return &shape{extra: extra, index: map[uint64]int32{}, root: -1}
}

// dealable reports whether the full shoe holds the cards in gone.
func (l *layout) dealable(gone [10]uint8) bool {
	for c, n := range gone {
		if int(n) > l.shoe[c] {
			return false
		}
	}
	return true
}

// add returns the index of a hand, adding it and every hand it can reach.
func (s *shape) add(l *layout, hand [10]uint8) int32 {
	if i, ok := s.index[key(hand)]; ok {
		return i
	}
	var gone [10]uint8
	cards := 0
	for c := range gone {
		gone[c] = hand[c] + s.extra[c]
		cards += int(hand[c])
	}
	sum, ace := handSum(hand)
	n := node{hand: hand, sum: int8(sum), ace: ace, cards: int8(cards), charlie: l.charlie > 0 && cards >= l.charlie && sum <= 21}
	comp := int32(-1)
	n.cls = classOf(&n)
	for c := range n.next {
		n.next[c] = -1
	}
	if l.dealable(gone) {
		comp = l.comp(gone)
		if n.canHit() {
			for c := range n.next {
				if sum+c+1 > 21 || int(gone[c]) >= l.shoe[c] {
					continue // busts, or none left
				}
				child := hand
				child[c]++
				n.next[c] = s.add(l, child)
			}
		}
	}
	i := int32(len(s.nodes)) // after its children
	s.index[key(hand)] = i
	s.nodes = append(s.nodes, n)
	s.comp = append(s.comp, comp)
	return i
}

// find returns the node of a hand, or -1 if the shape does not hold it.
func (s *shape) find(hand [10]uint8) int32 {
	if i, ok := s.index[key(hand)]; ok {
		return i
	}
	return -1
}

// key packs a composition into one integer, six bits per rank: a hand of
// at most 21 plus maxSplitCards-1 further pair cards holds at most 26 cards
// of a rank.
func key(g [10]uint8) uint64 {
	var k uint64
	for _, n := range g {
		k = k<<6 | uint64(n)
	}
	return k
}

// comp returns the index of a removed composition in l.comps.
func (l *layout) comp(gone [10]uint8) int32 {
	k := key(gone)
	if i, ok := l.compIndex[k]; ok {
		return i
	}
	i := int32(len(l.comps))
	l.compIndex[k] = i
	l.comps = append(l.comps, gone)
	cards := 0
	for _, n := range gone {
		cards += int(n)
	}
	l.maxCards = max(l.maxCards, cards)
	return i
}

func handSum(hand [10]uint8) (sum int, hasAce bool) {
	for i, n := range hand {
		sum += (i + 1) * int(n)
	}
	return sum, hand[0] > 0
}
