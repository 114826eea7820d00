package solve

// The finite-deck solver: each up card's values of the hands.
//
// Peek. Under a peek the player acts knowing the hole card does not make a
// blackjack. The solver works with W(R) = E[payoff; no dealer blackjack | R],
// the EV restricted to the event, not conditioned on it: a hit is then
// W(R) = sum over c of P(c | R) W(R+c) with the plain draw probabilities,
// the hole card being one more unseen card, and because every action at R
// shares the factor P(no blackjack | R), comparing W compares the
// conditional EVs V(R) = W(R) / P(no blackjack | R). Under ENHC W is the
// plain unconditional EV, a dealer blackjack costing every bet on the table.

// finiteUp values the hands against one up card: the dealer's
// distributions for the layout's compositions, and the layout's shapes as
// valuedShapes.
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
	read    []readMark              // what the contraction computes (readMask); nil: every composition
	pooled  bool                    // the contraction takes arrays from contractions (release)
	work    *contraction            // the arrays it took
	ctxs    map[*shape]*valuedShape // by shape; under upScratch, some may be another up card's
	scratch *upScratch              // arrays to fill again, or nil
	spares  *spares                 // arrays of node values no one uses
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
		f.ctxs, f.spares = map[*shape]*valuedShape{}, newSpares()
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
		ctxs: map[*shape]*valuedShape{}, spares: newSpares()}
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
