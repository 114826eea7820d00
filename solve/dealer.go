package solve

import "fmt"

// Dealer outcomes, indexing a DealerDist.
const (
	Dealer17 = iota // dealer finishes with 17
	Dealer18
	Dealer19
	Dealer20
	Dealer21 // 21 with three or more cards, or a two-card 21 that is not a blackjack
	DealerBust
	// Dealer16: the dealer stood on 16, which only a dealer policy that
	// stands on it with some probability does (DHIT16).
	Dealer16
	// Dealer22: the dealer busted with 22, told apart from DealerBust only
	// under PUSH22 (where it pushes every hand still standing).
	Dealer22
	DealerBlackjack
	numOutcomes
)

// A DealerRule is how the dealer draws: hits below 16 and stands on 18 or
// more always; hits a 16 with probability Hit16 and a 17 (hard or soft)
// with probability Hit17, where a zero Hit17 leaves the 17s to H17 (a
// soft 17 hit, hard ones stood on) or S17 (every 17 stood on).
type DealerRule struct {
	H17     bool
	Stand16 float64 // 1 - the probability of hitting 16 (0: always hits 16)
	Hit17   float64 // the probability of hitting any 17 (0: as H17 or S17 says)
	Push22  bool    // a bust of 22 is its own outcome (Dealer22)
}

// Dealer returns the rules' dealer.
func (r Rules) Dealer() DealerRule {
	return DealerRule{H17: r.H17, Stand16: r.DealerStand16, Hit17: r.DealerHit17, Push22: r.Push22}
}

// outcome returns the outcome index of a finished dealer hand of two or
// more cards that is not a blackjack: dealerOutcome, with a 22 apart
// under PUSH22.
func (d DealerRule) outcome(sum int, hasAce bool) int {
	if sum == 22 && d.Push22 {
		return Dealer22
	}
	return dealerOutcome(sum, hasAce)
}

// StandP returns the probability that the dealer stops drawing at hard
// sum (aces as one) with an ace among the cards or not.
func (d DealerRule) StandP(sum int, hasAce bool) float64 {
	switch total := effective(sum, hasAce); {
	case sum > 21 || total >= 18:
		return 1
	case total == 17 && d.Hit17 > 0:
		return 1 - d.Hit17
	case total == 17:
		if dealerStands(sum, hasAce, d.H17) {
			return 1
		}
		return 0
	case total == 16:
		return d.Stand16
	}
	return 0
}

// A DealerDist is a probability distribution over the dealer's final hand:
// 17, 18, 19, 20, 21, bust and blackjack, indexed by Dealer17..DealerBlackjack.
type DealerDist [numOutcomes]float64

// Sum returns the total probability (1 for a distribution).
func (d DealerDist) Sum() float64 {
	s := 0.0
	for _, p := range d {
		s += p
	}
	return s
}

// NoBlackjack returns d conditioned on the dealer not having blackjack.
func (d DealerDist) NoBlackjack() DealerDist {
	q := d[DealerBlackjack]
	if q == 0 {
		return d
	}
	var c DealerDist
	for i := Dealer17; i < DealerBlackjack; i++ {
		c[i] = d[i] / (1 - q)
	}
	return c
}

// dealerStands reports whether a dealer hand with hard sum (aces counted as
// one) and an ace among its cards stops drawing.
func dealerStands(sum int, hasAce, h17 bool) bool {
	if sum > 21 {
		return true
	}
	if hasAce && sum+10 <= 21 {
		soft := sum + 10
		return soft > 17 || (soft == 17 && !h17)
	}
	return sum >= 17
}

// dealerOutcome returns the outcome index of a finished dealer hand of two
// or more cards that is not a blackjack.
func dealerOutcome(sum int, hasAce bool) int {
	if sum > 21 {
		return DealerBust
	}
	if hasAce && sum+10 <= 21 {
		sum += 10
	}
	if sum == 16 {
		return Dealer16
	}
	return sum - 17
}

// OutcomeTotal returns the dealer's total of a standing outcome (16..21).
func OutcomeTotal(o int) int {
	if o == Dealer16 {
		return 16
	}
	return 17 + o
}

// infiniteDealer returns the unconditional dealer outcome distribution for
// each up card (indexed by rank-1) when every card is drawn with the
// probabilities p (indexed by rank-1), as from an infinite deck.
func infiniteDealer(p [10]float64, rule DealerRule) [10]DealerDist {
	// from[sum][ace] is the distribution of a dealer hand of two or more
	// cards with that hard sum; filled from high sums down, since drawing
	// only raises the sum.
	var from [28][2]DealerDist // a hard 17 that hits (DHIT17) reaches 27
	for sum := 27; sum >= 2; sum-- {
		for a := 0; a < 2; a++ {
			hasAce := a == 1
			stand := rule.StandP(sum, hasAce)
			var d DealerDist
			if stand > 0 {
				d[rule.outcome(sum, hasAce)] = stand
			}
			if stand < 1 {
				for i, pr := range p {
					next := from[sum+i+1][b2i(hasAce || i == 0)]
					for o := range d {
						d[o] += (1 - stand) * pr * next[o]
					}
				}
			}
			from[sum][a] = d
		}
	}
	var out [10]DealerDist
	for u := 1; u <= 10; u++ {
		var d DealerDist
		for i, pr := range p {
			hole := i + 1
			if u+hole == 11 && (u == 1 || hole == 1) {
				d[DealerBlackjack] += pr
				continue
			}
			next := from[u+hole][b2i(u == 1 || hole == 1)]
			for o := range d {
				d[o] += pr * next[o]
			}
		}
		out[u-1] = d
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// DealerOutcomes returns the distribution of the dealer's final hand for
// each up card (indexed by rank-1), unconditional: blackjacks included,
// the hole card drawn like any other card. The cards come from opt.Shoe
// if given, else from the rules' decks (an infinite deck for INF). An up
// card the shoe does not hold gets the zero distribution.
// NoBlackjack gives what the player faces after a peek.
func DealerOutcomes(r Rules, opt Options) ([10]DealerDist, error) {
	var out [10]DealerDist
	if err := r.Validate(); err != nil {
		return out, err
	}
	if r.Infinite() && opt.Shoe == nil {
		return infiniteDealer(r.FullShoe().Probs(), r.Dealer()), nil
	}
	shoe := r.FullShoe()
	if opt.Shoe != nil {
		if r.Infinite() {
			return out, fmt.Errorf("a remaining shoe needs rules with a finite deck count; %q deals from an infinite deck", r)
		}
		if err := opt.Shoe.Validate(); err != nil {
			return out, err
		}
		shoe = *opt.Shoe
	}
	for up := Rank(1); up <= 10; up++ {
		if shoe.Counts[up-1] > 0 {
			m := shoe.Counts
			m[up-1]--
			out[up-1] = finiteDealer(dealerDrawsFor(r.Dealer(), up), m)
		}
	}
	return out, nil
}

// finiteDealer returns the dealer's distribution from a shoe m (the up
// card out): every ordering of a draw multiset D is equally likely,
// prod over ranks c of (m_c)_(k_c) / (M)_(|D|) (dealer_draws.go).
func finiteDealer(d *dealerDraws, m [10]int) DealerDist {
	total := 0
	for _, k := range m {
		total += k
	}
	var fM [maxDraw + 1]float64
	falling(total, &fM)
	var fc [10][maxDraw + 1]float64
	for c := range m {
		falling(m[c], &fc[c])
	}
	var dist DealerDist
	for i := range d.outcome {
		if fM[d.size[i]] == 0 {
			continue // more cards than the shoe holds
		}
		p := d.weight[i] / fM[d.size[i]]
		for j := d.start[i]; j < d.start[i+1]; j++ {
			p *= fc[d.ranks[j]][d.counts[j]]
		}
		dist[d.outcome[i]] += p
	}
	return dist
}

// DealerFrom returns the distribution of the dealer's final hand with up
// card up, the hole card and every draw coming from left (the cards still
// unseen: the up card and the player's cards already out), unconditional,
// blackjacks included. It is the direct sum over the dealer's draw
// multisets, cheap enough to call per composition of a few hands.
func DealerFrom(rule DealerRule, up Rank, left [10]int) DealerDist {
	return finiteDealer(dealerDrawsFor(rule, up), left)
}

// DealersFrom returns DealerFrom(rule, up, shoe less gone[i]) for every
// composition of removed cards gone[i] at once, by the contraction the
// solver uses for its own hands (dealer_contract.go): for a few thousand hands
// many times faster than one DealerFrom each. shoe holds the unseen cards
// with the up card already out; a composition it cannot deal gets a zero
// distribution. Blackjacks are included (unconditional), as in DealerFrom.
func DealersFrom(rule DealerRule, up Rank, shoe [10]int, gone [][10]uint8) []DealerDist {
	return NewDealerPlan(rule, up, gone).Dists(shoe)
}

// A DealerPlan is DealersFrom's work that does not depend on the shoe:
// the compositions removed and their trie, for one dealer rule and up
// card. Made once, it gives their distributions on any shoe (Dists), as
// DealersFrom does, for the cost of the contraction alone: count indices
// value the same hands on thousands of shoes. A plan is safe for
// concurrent use.
type DealerPlan struct {
	rule DealerRule
	up   Rank
	gone [][10]uint8
	lay  *layout
	at   []int32 // gone[i]'s composition in lay
}

// NewDealerPlan lays out the compositions gone for the dealer's rule and
// up card.
func NewDealerPlan(rule DealerRule, up Rank, gone [][10]uint8) *DealerPlan {
	p := &DealerPlan{rule: rule, up: up, gone: gone, lay: &layout{compIndex: map[uint64]int32{}}, at: make([]int32, len(gone))}
	for i, g := range gone {
		p.at[i] = p.lay.comp(g) // each composition once
	}
	p.lay.trie = newTrie(p.lay.comps)
	return p
}

// Dists returns the dealer's distribution for each composition of the
// plan removed from shoe (the up card out): all zero for a composition
// the shoe cannot give.
func (p *DealerPlan) Dists(shoe [10]int) []DealerDist {
	// The dealer's drawing is in draws and levels; of the rules, the
	// contraction reads only that blackjacks are kept (ENHC).
	f := &finiteUp{r: Rules{HoleCard: ENHC}, up: p.up, shoe: shoe, lay: p.lay, draws: dealerDrawsFor(p.rule, p.up), pooled: true}
	f.levels = dealerLevelsFor(p.rule, p.up, anyShoe)
	unique := f.contract()
	defer f.release() // once copied
	dists := make([]DealerDist, len(p.gone))
	for i, g := range p.gone {
		dists[i] = unique[p.at[i]]
		if g == ([10]uint8{}) { // the trie's root, which the contraction leaves out
			dists[i] = DealerFrom(p.rule, p.up, shoe)
		}
		for c, k := range g {
			if int(k) > shoe[c] {
				dists[i] = DealerDist{}
				break
			}
		}
	}
	return dists
}
