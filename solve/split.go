package solve

import "fmt"

// Splitting pairs in a finite shoe, exactly.
//
// Each split hand is played by a strategy that looks only at its own cards
// (CDZ-, CDP1 or a chart, below). The cards are a uniformly shuffled
// sequence, so from one hand's point of view every card it has not seen is
// exchangeable with every other: the other hands' later cards and the
// dealer's draws are just "the rest of the shoe". What conditions one
// hand's value is only how many extra pair cards have appeared (they were
// dealt to hands and caused resplits) and how many other hands are known
// to have drawn a second card that is not a pair card (they stopped
// resplitting), whatever its rank. Removing a card of unknown rank changes
// no expectation, which gives a recursion over those two numbers (the
// method of E. Farmer's combinatorial analyzer, set out in his note on
// split values, "blackjack_split.pdf"). For pair rank p, with the up card
// and the two pair cards out:
//
//   - X(a, b): W of a split hand whose second card is drawn freely (a pair
//     card is played, not split) when a extra pair cards are out and b
//     other cards are known not to be pair cards;
//   - N(a, b): the same for a hand whose own second card is not a pair card.
//
// With b = 0 these are ordinary hand values in the split graph with a+2
// pair cards out (contexts, graph.go), and for b > 0
//
//	X(a, b) = (X(a, b-1) - v X(a+1, b-1)) / (1 - v)
//
// where v is the chance that a card of unknown rank is a pair card (for N
// the hand's own second card is one known non-pair card fewer in the pool).
// The split's W sums, over every way the second cards can arrive (a pair
// card resplits while the hand limit M allows), the arrangement's
// probability times its hands' values: h < M hands all ending on non-pair
// cards are each worth N(h-2, h-1); reaching the limit after k hands ended
// on non-pair cards, those are worth N(M-2, k-1) and the M-k others
// X(M-2, k). Unrolled, that reaches hand values with up to 2M-4 extra pair
// cards out (layout.splitContexts).
//
// Everything is linear in the hands' values, so a split's W is a weighted
// sum of split-hand values, the weights depending only on the shoe
// (splitWeights; some are negative). One split (SPL1, and aces without RSA)
// reduces to 2 X(0, 0), the model of every published analyzer, and the
// infinite deck needs no conditioning at all (infinite.go). Values are W
// (finite_up.go): under a peek the no-blackjack event is part of every
// hand's value, so the combination needs no correction for it.
//
// This is exact for any post-split strategy that decides from the hand's
// own cards, with forced resplits to the hand limit:
//
//   - CDZ- plays every split hand by the composition-dependent strategy of
//     the same cards as an unsplit hand (the pre-split strategy), with
//     doubling only where DAS allows it: the industry default.
//   - CDP1 recomputes that strategy for the shoe with the other pair card
//     removed, and plays every split hand by it whatever else is out.
//   - A chart (TD) plays split hands by its cells.
//
// A strategy that changes with the number of pair cards out (CDP) would
// break the recursion, which mixes a and a+1 under one strategy; bjchart
// does not offer it. The strategy is evaluated, not maximised.

// SplitStrategy names the post-split strategy of composition-dependent split EVs.
type SplitStrategy int

const (
	CDZMinus SplitStrategy = iota // CDZ-: pre-split composition-dependent strategy
	CDP1                          // CDP1: strategy recomputed with the other pair card removed
)

func (s SplitStrategy) String() string { return [...]string{"CDZ-", "CDP1"}[s] }

// splitPlan holds what valuing a split of one pair needs against one up card.
type splitPlan struct {
	c        int // pair rank
	limit    int // most hands
	contexts int // most pair cards out of the hands valued
	ctx      [maxSplitCards + 1]*valuedShape
	root     [maxSplitCards + 1]int32 // node {c} in ctx[h]
	// weight[h][x-1] is the weight of split hand {c, x} in ctx[h] in the
	// split's W.
	weight splitWeights
}

func (f *finiteUp) splitPlan(c int) *splitPlan {
	s := &splitPlan{c: c, limit: splitLimit(f.r, c), contexts: splitContexts(f.r, c)}
	for h := 2; h <= s.contexts; h++ {
		s.ctx[h] = f.valued(f.lay.splits[c][h])
		s.root[h] = s.ctx[h].shape.root
	}
	s.weight, _ = newSplitWeights(f.shoe, c, s.limit)
	return s
}

// splitWeights weighs split hands {c, x} by pair cards out: [h][x-1].
type splitWeights [maxSplitCards + 1][10]float64

// add adds k times o.
func (w *splitWeights) add(k float64, o *splitWeights) {
	for h := range w {
		for x := range w[h] {
			w[h][x] += k * o[h][x]
		}
	}
}

// splitMix computes X and N as weights of split-hand values for pair rank c
// in a shoe (the up card out; the two pair cards still in it).
type splitMix struct {
	shoe  [10]int
	total int
	c     int
	x, n  map[[2]int]*splitWeights // by (a, b)
}

// pairsLeft returns how many pair cards are in the shoe when a extra pair
// cards are out.
func (m *splitMix) pairsLeft(a int) int { return m.shoe[m.c-1] - 2 - a }

// newSplitWeights returns the weights of a split of c with at most limit
// hands, and the total probability of the arrangements summed (1, up to
// rounding; a check).
func newSplitWeights(shoe [10]int, c, limit int) (splitWeights, float64) {
	m := &splitMix{shoe: shoe, c: c, x: map[[2]int]*splitWeights{}, n: map[[2]int]*splitWeights{}}
	for _, k := range shoe {
		m.total += k
	}
	var w splitWeights
	mass := m.deal(limit, 0, 0, 1, &w)
	return w, mass
}

// deal adds to w the hands of every arrangement that continues from a
// extra pair cards and b non-pair second cards dealt, reached with
// probability mass, and returns the probability of those arrangements.
func (m *splitMix) deal(limit, a, b int, mass float64, w *splitWeights) float64 {
	if 2+a == limit { // no more resplits: k = b hands ended on non-pair cards
		if b > 0 {
			w.add(mass*float64(b), m.value(true, a, b-1))
		}
		w.add(mass*float64(limit-b), m.value(false, a, b))
		return mass
	}
	pool, pairs := m.total-2-a-b, m.pairsLeft(a)
	if pool <= 0 {
		return 0 // the shoe is out of cards: no arrangement
	}
	v := float64(pairs) / float64(pool)
	total := 0.0
	if pairs > 0 {
		total += m.deal(limit, a+1, b, mass*v, w)
	}
	if pairs < pool {
		mass *= 1 - v
		if hands := 2 + a; b+1 == hands { // every hand has its second card
			w.add(mass*float64(hands), m.value(true, a, hands-1))
			total += mass
		} else {
			total += m.deal(limit, a, b+1, mass, w)
		}
	}
	return total
}

// value returns N(a, b) if own, else X(a, b), as weights.
func (m *splitMix) value(own bool, a, b int) *splitWeights {
	memo := m.x
	if own {
		memo = m.n
	}
	if v, ok := memo[[2]int{a, b}]; ok {
		return v
	}
	v := &splitWeights{}
	memo[[2]int{a, b}] = v
	pairs := m.pairsLeft(a)
	pool := m.total - 2 - a - b // unseen by the hand, its own second card included
	if own {
		pool-- // the hand's own card is known not to be a pair card
	}
	left := m.total - 2 - a // the shoe less a+2 pair cards
	switch {
	case b == 0 && (left <= 0 || own && left <= pairs), b > 0 && pool+1 <= pairs:
		// An impossible state: it carries no probability.
	case b == 0:
		// The hand's second card, from the shoe less a+2 pair cards
		// (the draw probabilities of the split graph's root, computed
		// the same way).
		inv := 1 / float64(left)
		scale := 1.0
		if own { // conditioned on a non-pair card
			scale = float64(left) / float64(left-pairs)
		}
		for x := 1; x <= 10; x++ {
			k := m.shoe[x-1]
			if x == m.c {
				if own {
					continue
				}
				k = pairs
			}
			if k > 0 {
				v[a+2][x-1] = float64(k) * inv * scale
			}
		}
	default:
		// One card of unknown rank more is out: a pair card with
		// probability q, so value(a, b-1) = q value(a+1, b-1) + (1-q) value(a, b).
		q := float64(pairs) / float64(pool+1)
		v.add(1/(1-q), m.value(own, a, b-1))
		if pairs > 0 {
			v.add(-q/(1-q), m.value(own, a+1, b-1))
		}
	}
	return v
}

// hands calls visit for every split hand {c, x} with its weight in the
// split's W.
func (s *splitPlan) hands(visit func(h int, x *valuedShape, i int32, weight float64)) {
	for h := 2; h <= s.contexts; h++ {
		x := s.ctx[h]
		root := &x.nodes[s.root[h]]
		for r, j := range root.next {
			if j >= 0 && s.weight[h][r] != 0 {
				visit(h, x, j, s.weight[h][r])
			}
		}
	}
}

// splitOptions are the values of a split hand's first decision: doubling
// (valued by dbl: the chart's double or the best play's) only if das and
// the doubling rule allow it; split aces without HSA take one card and
// stand.
type splitOptions struct {
	stand, hit, double float64
	canDouble          bool
	mustStand          bool
}

func (f *finiteUp) splitOptions(x *valuedShape, i int32, das bool, v []float64, dbl func(int32) float64) splitOptions {
	n := &x.nodes[i]
	o := splitOptions{stand: x.stand[i]}
	o.mustStand = n.hand[0] > 0 && x.extra[0] > 0 && !f.r.HSA // a split ace
	if !n.canHit() {
		o.mustStand = true
	}
	if !o.mustStand {
		o.hit = x.hitValue(i, v)
		if das && f.r.Double.Allows(n.total(), n.soft()) {
			o.canDouble, o.double = true, dbl(i)
		}
	}
	return o
}

// cdSplit returns W of splitting under a composition-dependent post-split
// strategy; das says whether split hands may double.
func (f *finiteUp) cdSplit(s *splitPlan, strat SplitStrategy, das bool) float64 {
	policy := f.valued(f.lay.base)
	if strat == CDP1 {
		policy = s.ctx[2]
	}
	policy.cd()
	total := 0.0
	var plays [maxSplitCards + 1][]float64 // continuation values per valuedShape under the policy
	for h := 2; h <= s.contexts; h++ {
		plays[h] = policyPlay(take(f.spares.floats, s.ctx[h]), s.ctx[h], policy, strat, das)
	}
	defer func() {
		for h := 2; h <= s.contexts; h++ {
			x := s.ctx[h]
			f.spares.floats[x] = append(f.spares.floats[x], plays[h])
		}
	}()
	s.hands(func(h int, x *valuedShape, i int32, weight float64) {
		o := f.splitOptions(x, i, das, plays[h], x.cdDouble)
		if o.mustStand {
			total += weight * o.stand
			return
		}
		// The decision is the policy's, for the same cards.
		po := f.splitOptions(policy, x.policy[strat][i], das, policy.best, policy.cdDouble)
		switch {
		case o.canDouble && po.double > po.stand && po.double > po.hit:
			total += weight * o.double
		case po.hit > po.stand:
			total += weight * o.hit
		default:
			total += weight * o.stand
		}
	})
	return total
}

// policyPlay returns the values of x's nodes when every hand of three or
// more cards plays as policy's composition-dependent strategy does: it
// hits or stands, and under DANY doubles where the policy does and das
// allows (else it hits or stands as the policy would without doubling).
// Nodes come children first, as valuedShape.play reads them. v has a value
// for each node.
func policyPlay(v []float64, x, policy *valuedShape, strat SplitStrategy, das bool) []float64 {
	for i, j := range x.policy[strat] {
		switch {
		case j < 0 || !x.nodes[i].canHit():
			v[i] = x.stand[i]
		case das && policy.cdDbl[j] && x.canDoubleMulti(i):
			v[i] = x.cdDouble(int32(i))
		case policy.cdHit[j]:
			v[i] = x.hitValue(int32(i), v)
		default:
			v[i] = x.stand[i]
		}
	}
	return v
}

// PairPlays returns the W values (restricted to no dealer blackjack under a
// peek, as finite_up.go defines W) of standing on the pair c,c and of
// splitting it under CDZ-, exact resplits included, against up card up,
// dealt from shoe (the up card and the pair still in it). It solves one up
// card's hand graphs: for a few decisions on many depleted shoes.
func PairPlays(r Rules, shoe Shoe, c, up Rank) (stand, split float64, err error) {
	if err := r.Validate(); err != nil {
		return 0, 0, err
	}
	return pairPlays(newFiniteUp(r, newLayoutFor(r, shoe, c), up), c) // this pair's split graphs only
}

// pairPlays returns W of standing on the pair c,c and of splitting it
// under CDZ-, on f's hand graphs.
func pairPlays(f *finiteUp, c Rank) (stand, split float64, err error) {
	var hand [10]uint8
	hand[c-1] = 2
	base := f.valued(f.lay.base)
	i := base.find(hand)
	if i < 0 || !base.dealt[i] {
		return 0, 0, fmt.Errorf("pair %v,%v cannot be dealt from this shoe", c, c)
	}
	return base.stand[i], f.cdSplit(f.splitPlan(int(c)), CDZMinus, f.r.DAS), nil
}

// A PairPlan is one pair's hand graphs laid out once, on a full shoe of
// the rules' decks, for valuing its stand and split (as PairPlays does) on
// any shoe dealt from those decks: count indices value the same pair on
// thousands of depleted shoes, and the layout is most of a shoe's cost.
// A depleted shoe's hands are among the full shoe's; those it cannot deal
// are never reached (their chance is zero) and are valued 0. A plan is
// safe for concurrent use.
type PairPlan struct {
	r    Rules
	c    Rank
	full [10]int
	lay  *layout
}

// NewPairPlan lays out the pair c,c's hand graphs on the rules' full shoe.
func NewPairPlan(r Rules, c Rank) (*PairPlan, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	full := r.FullShoe()
	return &PairPlan{r: r, c: c, full: full.Counts, lay: newLayoutFor(r, full, c)}, nil
}

// Plays returns W of standing on the pair and of splitting it against up
// on shoe, as PairPlays(r, shoe, c, up) does.
func (p *PairPlan) Plays(shoe Shoe, up Rank) (stand, split float64, err error) {
	for i, k := range shoe.Counts {
		if k > p.full[i] {
			return 0, 0, fmt.Errorf("the shoe holds more %vs than the plan's decks", Rank(i+1))
		}
	}
	f := newFiniteUpOn(p.r, p.lay, up, shoe.Counts)
	defer f.release()
	return pairPlays(f, p.c)
}
