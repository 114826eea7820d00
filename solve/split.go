package solve

// Splitting pairs in a finite shoe.
//
// Card removal follows the published analyzers (E. Farmer's combinatorial
// analyzer; the MGP/bjstrat "N and x hands" method; the Wizard of Odds
// appendix 9 pages, which "only considered how many hands the player had
// already split, but not the other cards drawn in those hands"): a split
// hand dealt while h hands are on the table draws, and the dealer draws
// against it, from the shoe less the up card and the h pair cards on the
// table (one of them the hand's own first card). Cards drawn to the other
// split hands are not removed. J. A. Nairn ("Exact calculation of expected
// values for splitting pairs in blackjack", 2008, arXiv:1909.13710)
// enumerates every card of every split hand instead; that takes days for
// one deck, and he reports the pair-card model to be accurate except when
// resplitting tens.
//
// A pair card drawn to a split hand is resplit whenever the hand limit (and
// for aces, RSA) allows; resplitValue's recurrence over (hands waiting for
// a card, hands on the table) sums the hands. It is linear in the hands'
// values, so a split's EV is
//
//	sum over h of A_h * sum over x != c of P_h(x) V_h(c,x)  +  B * V(c,c)
//
// with coefficients A_h and B that depend only on the draw probabilities
// (splitPlan). The split hands' values V come from a post-split strategy:
//
//   - CDZ- plays every split hand by the composition-dependent strategy of
//     the same cards as an unsplit hand (the pre-split strategy), with
//     doubling only where DAS allows it: the industry default.
//   - CDP1 recomputes that strategy for the shoe with one pair card
//     removed, the cards a split hand actually faces.
//   - A chart (TD) plays split hands by its cells.
//
// The strategy is evaluated, not maximised, against the shoe each split
// hand draws from.

// SplitStrategy names the post-split strategy of composition-dependent split EVs.
type SplitStrategy int

const (
	CDZMinus SplitStrategy = iota // CDZ-: pre-split composition-dependent strategy
	CDP1                          // CDP1: strategy recomputed with one pair card removed
)

func (s SplitStrategy) String() string { return [...]string{"CDZ-", "CDP1"}[s] }

// splitPlan holds what valuing a split of one pair needs against one up card.
type splitPlan struct {
	c     int // pair rank
	limit int // most hands
	ctx   [5]*context
	root  [5]int32   // node {c} in ctx[h]
	coefN [5]float64 // A_h
	coefX float64    // B, with P(c) at the limit folded in
}

func (f *finiteUp) splitPlan(c int) *splitPlan {
	s := &splitPlan{c: c, limit: splitLimit(f.r, c)}
	var pc [5]float64
	for h := 2; h <= s.limit; h++ {
		s.ctx[h] = f.context(f.lay.splits[c][h])
		s.root[h] = s.ctx[h].shape.root
		pc[h] = s.ctx[h].p[s.root[h]][c-1]
	}
	for h := 2; h <= s.limit; h++ {
		var unit [5]float64
		unit[h] = 1
		s.coefN[h] = resplitValue(s.limit, pc, unit, 0)
	}
	s.coefX = resplitValue(s.limit, pc, [5]float64{}, 1)
	return s
}

// hands calls visit for every split hand {c, x} with its weight in the
// split's EV: A_h P_h(x) for x != c, B for the pair at the limit.
func (s *splitPlan) hands(visit func(h int, x *context, i int32, weight float64)) {
	for h := 2; h <= s.limit; h++ {
		x := s.ctx[h]
		root := &x.nodes[s.root[h]]
		p := &x.p[s.root[h]]
		for r, j := range root.next {
			if j < 0 {
				continue
			}
			switch {
			case r+1 != s.c:
				visit(h, x, j, s.coefN[h]*p[r])
			case h == s.limit:
				visit(h, x, j, s.coefX)
			}
		}
	}
}

// splitOptions are the values of a split hand's first decision: doubling
// only if das and the doubling rule allow it; split aces without HSA take
// one card and stand.
type splitOptions struct {
	stand, hit, double float64
	canDouble          bool
	mustStand          bool
}

func (f *finiteUp) splitOptions(x *context, i int32, das bool, v []float64) splitOptions {
	n := &x.nodes[i]
	o := splitOptions{stand: x.stand[i]}
	o.mustStand = n.hand[0] > 0 && x.extra[0] > 0 && !f.r.HSA // a split ace
	if !n.canHit() {
		o.mustStand = true
	}
	if !o.mustStand {
		o.hit = x.hitValue(i, v)
		if das && f.r.Double.Allows(n.total(), n.soft()) {
			o.canDouble, o.double = true, x.doubleValue(i)
		}
	}
	return o
}

// cdSplit returns W of splitting under a composition-dependent post-split
// strategy; das says whether split hands may double.
func (f *finiteUp) cdSplit(s *splitPlan, strat SplitStrategy, das bool) float64 {
	policy := f.context(f.lay.base)
	if strat == CDP1 {
		policy = s.ctx[2]
	}
	policy.cd()
	total := 0.0
	var plays [5][]float64 // continuation values per context under the policy
	for h := 2; h <= s.limit; h++ {
		plays[h] = policyPlay(s.ctx[h], policy, strat)
	}
	s.hands(func(h int, x *context, i int32, weight float64) {
		o := f.splitOptions(x, i, das, plays[h])
		if o.mustStand {
			total += weight * o.stand
			return
		}
		// The decision is the policy's, for the same cards.
		po := f.splitOptions(policy, x.policy[strat][i], das, policy.best)
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
// more cards hits or stands as policy's composition-dependent strategy does.
func policyPlay(x, policy *context, strat SplitStrategy) []float64 {
	hit := make([]bool, len(x.nodes))
	for i, j := range x.policy[strat] {
		hit[i] = j >= 0 && policy.cdHit[j]
	}
	v := make([]float64, len(x.nodes))
	x.play(hit, v)
	return v
}
