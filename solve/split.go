package solve

// Splitting pairs in a finite shoe.
//
// A split is valued under a named post-split strategy, the decisions each
// split hand follows:
//
//   - CDZ- plays every split hand by the composition-dependent strategy of
//     the same cards as an unsplit hand (the pre-split strategy), with
//     doubling only where DAS allows it: the industry default.
//   - CDP1 recomputes that strategy for the shoe with one pair card
//     removed, the cards a split hand actually faces.
//
// The strategy is then evaluated, not maximised, against the shoe the
// split hands draw from: that is what makes a named strategy's EV honest.
//
// Card removal follows the published analyzers (E. Farmer's combinatorial
// analyzer; the MGP/bjstrat "N and x hands" method; the Wizard of Odds
// appendix 9 pages, which "only considered how many hands the player had
// already split, but not the other cards drawn in those hands"): a split
// hand dealt while h hands are on the table draws, and the dealer draws
// against it, from the shoe less the up card and the h pair cards on the
// table (one of them the hand's own first card). Cards drawn to the other
// split hands are not removed. J. A. Nairn ("Exact calculation of expected
// values for splitting pairs in blackjack", 2008/2019) enumerates every
// card of every split hand instead; that takes days for one deck and
// differs from this model mostly when resplitting tens.
//
// A pair card drawn to a split hand is resplit whenever the hand limit (and
// for aces, RSA) allows; the recurrence over (hands waiting for a card,
// hands on the table) is resplitValue's.

// SplitStrategy names the post-split strategy a split is valued under.
type SplitStrategy int

const (
	CDZMinus SplitStrategy = iota // CDZ-: pre-split composition-dependent strategy
	CDP1                          // CDP1: strategy recomputed with one pair card removed
)

func (s SplitStrategy) String() string { return [...]string{"CDZ-", "CDP1"}[s] }

// policyEval values hands played by the hit/stand decisions of one shoe
// (policy) while drawing from another (eval).
type policyEval struct {
	eval, policy *handSolver
	memo         map[[10]uint8]float64
}

func (f *finiteUp) policy(policyExtra, evalExtra [10]uint8) *policyEval {
	key := [2][10]uint8{policyExtra, evalExtra}
	if p, ok := f.policies[key]; ok {
		return p
	}
	p := &policyEval{eval: f.hands(evalExtra), policy: f.hands(policyExtra), memo: map[[10]uint8]float64{}}
	f.policies[key] = p
	return p
}

// value returns W of a hand that may only hit or stand, played by the policy.
func (p *policyEval) value(hand [10]uint8) float64 {
	if v, ok := p.memo[hand]; ok {
		return v
	}
	var v float64
	sum, _ := handSum(hand)
	if sum >= 21 || p.policy.stand(hand) >= p.policy.hit(hand) {
		v = p.eval.stand(hand)
	} else {
		v = p.hit(hand)
	}
	p.memo[hand] = v
	return v
}

// hit returns W of hitting once, then playing by the policy.
func (p *policyEval) hit(hand [10]uint8) float64 {
	w := 0.0
	p.eval.draws(hand, func(c int, pr float64) {
		hand[c]++
		w += pr * p.value(hand)
		hand[c]--
	})
	return w
}

// splitHand returns W of the split hand {c, x}: its first decision is the
// policy's best of stand, hit and (with DAS, where the doubling rule allows
// the total) double; split aces without HSA take their one card and stand.
func (p *policyEval) splitHand(r Rules, c, x int, das bool) float64 {
	var hand [10]uint8
	hand[c-1]++
	hand[x-1]++
	if c == 1 && !r.HSA {
		return p.eval.stand(hand)
	}
	sum, hasAce := handSum(hand)
	total := effective(sum, hasAce)
	stand, hit := p.policy.stand(hand), p.policy.hit(hand)
	if das && r.Double.Allows(total, hasAce && sum+10 <= 21) {
		if d := p.policy.double(hand); d > stand && d > hit {
			return p.eval.double(hand)
		}
	}
	if sum >= 21 || stand >= hit {
		return p.eval.stand(hand)
	}
	return p.hit(hand)
}

// splitEV returns W of splitting a pair of rank c under f.split, totalled
// over every resulting hand; das says whether split hands may double.
func (f *finiteUp) splitEV(c int, das bool) float64 {
	limit := f.r.MaxSplitHands
	if c == 1 && !f.r.RSA {
		limit = 2
	}
	var policyExtra [10]uint8
	if f.split == CDP1 {
		policyExtra[c-1] = 1
	}
	var pc, other [5]float64
	var pair float64
	for h := 2; h <= limit; h++ {
		var extra [10]uint8
		extra[c-1] = uint8(h - 1) // the other pair cards on the table
		p := f.policy(policyExtra, extra)
		var one [10]uint8
		one[c-1] = 1
		p.eval.draws(one, func(x int, pr float64) {
			if x+1 == c {
				pc[h] = pr
				return
			}
			other[h] += pr * p.splitHand(f.r, c, x+1, das)
		})
		if h == limit {
			pair = p.splitHand(f.r, c, c, das)
		}
	}
	return resplitValue(limit, pc, other, pair)
}
