package solve

import "sync"

// The finite-deck solver. Cards are drawn without replacement from the shoe
// less the up card and every card the player holds.
//
// Dealer. For each up card, the dealer's possible draws (hole card first)
// are enumerated once, grouped by multiset D with the number of orderings
// that end in each outcome (dealerDrawsFor). Every ordering of D has the same
// probability from a shoe with counts m and size M:
//
//	prod over ranks c of (m_c)_(k_c) / (M)_(|D|)
//
// ((x)_(k) is the falling factorial), so the dealer's distribution for any
// remaining shoe is a sum over the multisets; contract.go computes it for
// every composition of removed cards the hand graphs need at once.
//
// Peek. Under a peek the player acts knowing the hole card does not make a
// blackjack. The solver works with W(R) = E[payoff; no dealer blackjack | R],
// the EV restricted to the event, not conditioned on it: a hit is then
// W(R) = sum over c of P(c | R) W(R+c) with the plain draw probabilities,
// the hole card being one more unseen card, and because every action at R
// shares the factor P(no blackjack | R), comparing W compares the
// conditional EVs V(R) = W(R) / P(no blackjack | R). Under ENHC W is the
// plain unconditional EV, a dealer blackjack costing every bet on the table.

// dealerDraws lists the dealer's draw multisets against one up card, as
// parallel arrays. A multiset's outcome
// is fixed (the dealer's final hand holds all of its cards); its weight is
// the number of orderings the dealer's rule produces. Blackjacks come last.
type dealerDraws struct {
	outcome []uint8
	weight  []float64
	size    []uint8
	start   []int32 // ranks[start[i]:start[i+1]] and counts[...] are multiset i's nonzero counts
	ranks   []uint8 // rank-1
	counts  []uint8
	maxK    [10]int // most cards of each rank in a multiset
	maxSize int     // most cards in a multiset
}

var (
	dealerDrawsMu   sync.Mutex
	dealerDrawsMap  = map[DealerRule]*[10]*dealerDraws{} // [up-1]
	dealerLevelsMu  sync.Mutex
	dealerLevelsMap = map[levelsKey]*dealerLevels{}
)

// levelsKey is what an up card's multiset classes depend on: the dealer's
// rule, the up card, and how many cards of each rank the shoe less the up
// card holds, up to the most any multiset needs. Six or more decks hold
// every multiset; a deck or two cannot deal some (five 2s), and leaving
// them out shortens the contraction's vectors (by 12.5% at one deck).
// Only full shoes of whole decks get classes of their own (see
// newFiniteUp), so that the table stays small.
type levelsKey struct {
	rule  DealerRule
	up    Rank
	holds [10]int
}

// anyShoe holds as many cards of each rank as any dealer multiset needs:
// the classes of every multiset.
var anyShoe = [10]int{maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw}

// dealerLevelsFor returns the multiset classes of an up card for the shoe
// m less the up card (contract.go), computed once per key.
func dealerLevelsFor(rule DealerRule, up Rank, m [10]int) *dealerLevels {
	d := dealerDrawsFor(rule, up)
	key := levelsKey{rule: rule, up: up}
	for c := range key.holds {
		key.holds[c] = max(0, min(m[c], d.maxK[c]))
	}
	dealerLevelsMu.Lock()
	defer dealerLevelsMu.Unlock()
	lv, ok := dealerLevelsMap[key]
	if !ok {
		lv = newDealerLevels(d, key.holds)
		dealerLevelsMap[key] = lv
	}
	return lv
}

// dealerDrawsFor returns the dealer's draw multisets for an up card.
func dealerDrawsFor(rule DealerRule, up Rank) *dealerDraws {
	dealerDrawsMu.Lock()
	defer dealerDrawsMu.Unlock()
	t, ok := dealerDrawsMap[rule]
	if !ok {
		t = &[10]*dealerDraws{}
		for u := 1; u <= 10; u++ {
			t[u-1] = enumerateDealer(rule, u)
		}
		dealerDrawsMap[rule] = t
	}
	return t[up-1]
}

// enumerateDealer lists the dealer's draw multisets against up card up. A
// multiset's weight is the sum over the orderings the dealer's rule
// produces of the probability that the rule draws them that way: the
// number of orderings for a rule that never hesitates.
//
// The orderings are not walked one by one: a hand still drawing is
// known by its multiset alone (its total and soft ace follow from it),
// so the hands of each size are merged by multiset, carrying the summed
// weight of the orderings that reach them, and each is drawn to once.
func enumerateDealer(rule DealerRule, up int) *dealerDraws {
	type multiset struct {
		k       [10]uint8
		size    int
		outcome int
		orders  float64
	}
	index := make(map[uint64]int, 2048) // by key(k); up to 2,037 multisets (up card 2)
	sets := make([]multiset, 0, 2048)
	add := func(k [10]uint8, size, outcome int, w float64) {
		j, ok := index[key(k)]
		if !ok {
			j = len(sets)
			index[key(k)] = j
			sets = append(sets, multiset{k: k, size: size, outcome: outcome})
		}
		sets[j].orders += w
	}
	type drawing struct {
		k   [10]uint8
		sum int
		ace bool
		w   float64
	}
	hands := []drawing{{sum: up, ace: up == 1, w: 1}} // the hands of size cards still drawing
	for size := 0; len(hands) > 0; size++ {
		var next []drawing
		at := map[uint64]int{} // next's hands by key(k)
		for _, h := range hands {
			for c := 1; c <= 10; c++ {
				k := h.k
				k[c-1]++
				s, a := h.sum+c, h.ace || c == 1
				if size == 0 && s == 11 && a {
					add(k, 1, DealerBlackjack, h.w)
					continue
				}
				stand := rule.standP(s, a)
				if stand > 0 {
					add(k, size+1, rule.outcome(s, a), h.w*stand)
				}
				if stand < 1 {
					j, ok := at[key(k)]
					if !ok {
						j = len(next)
						at[key(k)] = j
						next = append(next, drawing{k: k, sum: s, ace: a})
					}
					next[j].w += h.w * (1 - stand)
				}
			}
		}
		hands = next
	}
	d := &dealerDraws{}
	for o := Dealer17; o <= DealerBlackjack; o++ { // grouped by outcome, blackjacks last
		for _, m := range sets {
			if m.outcome != o {
				continue
			}
			d.outcome = append(d.outcome, uint8(m.outcome))
			d.weight = append(d.weight, m.orders)
			d.size = append(d.size, uint8(m.size))
			d.start = append(d.start, int32(len(d.ranks)))
			d.maxSize = max(d.maxSize, m.size)
			for c, n := range m.k {
				d.maxK[c] = max(d.maxK[c], int(n))
				if n != 0 {
					d.ranks = append(d.ranks, uint8(c))
					d.counts = append(d.counts, n)
				}
			}
		}
	}
	d.start = append(d.start, int32(len(d.ranks)))
	return d
}

// maxDraw bounds the cards in a dealer's multiset.
const maxDraw = 24

func falling(x int, out *[maxDraw + 1]float64) {
	out[0] = 1
	for k := 1; k <= maxDraw; k++ {
		out[k] = out[k-1] * float64(x-k+1)
		if x-k+1 <= 0 {
			out[k] = 0
		}
	}
}

// finiteUp values the hands against one up card: the dealer's
// distributions for the layout's compositions, and the layout's shapes as
// contexts.
type finiteUp struct {
	r      Rules
	up     Rank
	shoe   [10]int // the shoe less the up card
	draws  *dealerDraws
	levels *dealerLevels
	lay    *layout
	// dist holds the dealer's distribution for each of the layout's
	// compositions of removed cards: P(outcome and no blackjack) (ENHC:
	// P(outcome)); zero where the shoe less the up card cannot deal them.
	dist    []DealerDist
	read    []readMark          // what the contraction computes (readMask); nil: every composition
	pooled  bool                // the contraction takes arrays from contractions (release)
	work    *contraction        // the arrays it took
	ctxs    map[*shape]*context // by shape; under upScratch, some may be another up card's
	scratch *upScratch          // arrays to fill again, or nil
	spares  *spares             // arrays of node values no one uses
}

func newFiniteUp(r Rules, lay *layout, up Rank) *finiteUp { return newFiniteUpIn(r, lay, up, nil) }

// newFiniteUpIn is newFiniteUp filling the arrays of scratch, if not nil,
// where it can (see upScratch).
func newFiniteUpIn(r Rules, lay *layout, up Rank, scratch *upScratch) *finiteUp {
	return newFiniteUpReading(r, lay, up, scratch, lay.read)
}

// newFiniteUpReading is newFiniteUpIn computing the distributions of the
// compositions read marks alone (nil: all), the others left zero.
func newFiniteUpReading(r Rules, lay *layout, up Rank, scratch *upScratch, read []readMark) *finiteUp {
	f := &finiteUp{r: r, up: up, shoe: lay.shoe, lay: lay,
		draws:   dealerDrawsFor(r.Dealer(), up),
		read:    read,
		scratch: scratch,
	}
	if scratch != nil { // the last up card's contexts and spare arrays
		f.ctxs, f.spares = scratch.ctxs, scratch.spares
	} else {
		f.ctxs, f.spares = map[*shape]*context{}, newSpares()
	}
	f.shoe[up-1]--
	// A shoe of whole decks has classes without the multisets it cannot
	// deal. Any other shoe (a depleted one, for count indices, or a custom
	// one) uses all of them, whose classes are shared: the unneeded ones
	// cost some work, but the cache of classes stays small.
	holds := anyShoe
	if lay.shoe == NewShoe(lay.shoe[0]/4).Counts {
		holds = f.shoe
	}
	f.levels = dealerLevelsFor(r.Dealer(), up, holds)
	f.dist = lay.dist(f)
	return f
}

// newFiniteUpOn is newFiniteUp on a shoe other than the layout's, one
// dealt from it (PairPlan): the dealer's classes are those of any shoe,
// as for a depleted shoe's own layout. Its distributions' arrays are
// pooled: release them when done.
func newFiniteUpOn(r Rules, lay *layout, up Rank, shoe [10]int) *finiteUp {
	f := &finiteUp{r: r, up: up, shoe: shoe, lay: lay, draws: dealerDrawsFor(r.Dealer(), up), read: lay.read, pooled: true,
		ctxs: map[*shape]*context{}, spares: newSpares()}
	f.shoe[up-1]--
	f.levels = dealerLevelsFor(r.Dealer(), up, anyShoe)
	f.dist = lay.dist(f)
	return f
}

// remaining returns the counts left after removing the cards in gone, and their total.
func (f *finiteUp) remaining(gone [10]uint8) (m [10]int, total int) {
	for i := range m {
		m[i] = f.shoe[i] - int(gone[i])
		total += m[i]
	}
	return m, total
}

// numerators fills p with each dealer multiset's number of orderings
// times prod over ranks c of (m_c)_(k_c), for the shoe less the up card:
// its probability times (M)_(size).
func (f *finiteUp) numerators(p []float64) {
	var ff [10][maxDraw + 1]float64
	for i, m := range f.shoe {
		falling(m, &ff[i])
	}
	t := f.draws
	for i := range p {
		pi := t.weight[i]
		for j := t.start[i]; j < t.start[i+1]; j++ {
			pi *= ff[t.ranks[j]][t.counts[j]]
		}
		p[i] = pi
	}
}

// noBlackjack returns P(no dealer blackjack | the cards in gone are out);
// 1 under ENHC, whose frame is unconditional.
func (f *finiteUp) noBlackjack(gone [10]uint8) float64 {
	if f.r.HoleCard == ENHC {
		return 1
	}
	return 1 - f.bjProb(gone)
}

// bjRank returns the rank index (rank-1) of the hole card that makes a
// dealer blackjack with the up card, or -1 when the up card is neither an
// ace nor a ten.
func (f *finiteUp) bjRank() int {
	switch f.up {
	case 1:
		return 9
	case 10:
		return 0
	}
	return -1
}

// bjProb returns P(dealer blackjack | the cards in gone are out).
func (f *finiteUp) bjProb(gone [10]uint8) float64 {
	k := f.bjRank()
	if k < 0 {
		return 0
	}
	m, total := f.remaining(gone)
	return float64(m[k]) / float64(total)
}

// unconditionalDealer returns the dealer's distribution, blackjack
// included, from the shoe less the up card.
func (f *finiteUp) unconditionalDealer() DealerDist {
	p := make([]float64, len(f.draws.outcome))
	f.numerators(p)
	_, total := f.remaining([10]uint8{})
	var fM [maxDraw + 1]float64
	falling(total, &fM)
	var d DealerDist
	for i, pi := range p {
		d[f.draws.outcome[i]] += pi / fM[f.draws.size[i]]
	}
	return d
}
