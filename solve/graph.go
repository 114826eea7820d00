package solve

// A valuedShape is a shape (layout.go) valued against one up card: each node's
// stand value, its draw probabilities and the value of the cards that bust
// it. Values are W (see finite_up.go): restricted to no dealer
// blackjack under PEEK and OBO, unconditional under ENHC.
type valuedShape struct {
	*shape
	f *finiteUp
	nodeValues
	kept bool // nodeValues are the layout's (layout.keptValues), read only

	best  []float64 // CD: the best play of a hand of three or more cards: stand, hit or (DANY) double
	cdHit []bool    // CD: hitting beats standing
	cdDbl []bool    // CD: doubling beats both (DANY)

	rescued []float64 // W of a doubled hand holding the node under RESCUE: the better of standing and rescuing

	hasCD, hasRescued bool // best, cdHit and cdDbl, and rescued, are computed
}

// valued returns the (cached) valuedShape of a shape. One of another
// up card's (the contexts of upScratch) is valued again in its arrays;
// where the layout keeps node values for these rules (layout.keptValues)
// they are taken from it, not valued again.
func (f *finiteUp) valued(s *shape) *valuedShape {
	x := f.ctxs[s]
	if x != nil && x.f == f {
		return x
	}
	if v := f.lay.keptValues(f, s); v != nil {
		if x == nil {
			x = &valuedShape{}
			f.ctxs[s] = x
		}
		// An earlier up card's keeps its play's arrays (and spares) to fill again.
		*x = valuedShape{shape: s, f: f, nodeValues: *v, kept: true,
			best: x.best, cdHit: x.cdHit, cdDbl: x.cdDbl, rescued: x.rescued}
		return x
	}
	switch {
	case x != nil && !x.kept: // an earlier up card's: its arrays, emptied
		*x = valuedShape{shape: s, f: f, nodeValues: x.nodeValues,
			best: x.best, cdHit: x.cdHit, cdDbl: x.cdDbl, rescued: x.rescued}
		x.nodeValues.clear()
	default:
		x = &valuedShape{shape: s, f: f, nodeValues: newNodeValues(len(s.nodes))}
		f.ctxs[s] = x
	}
	for i := range s.nodes {
		x.value(int32(i))
	}
	return x
}

// nodeValues are the values of a valuedShape that depend on the shoe, the up
// card and how a hand standing is paid (standRules), not on any play.
type nodeValues struct {
	stand []float64 // W of standing
	bust  []float64 // sum over ranks c that bust the hand of P(c) * W(bust)
	inv   []float64 // 1 over the cards left with the hand out (chance); zero for a hand the shoe cannot deal
	dealt []bool    // the shoe less the up card can deal the hand
}

func newNodeValues(n int) nodeValues {
	return nodeValues{stand: make([]float64, n), bust: make([]float64, n), inv: make([]float64, n), dealt: make([]bool, n)}
}

func (v nodeValues) clear() {
	clear(v.stand)
	clear(v.bust)
	clear(v.inv)
	clear(v.dealt)
}

// standRules are what a valuedShape's node values read of the rules beyond
// the layout and the up card: the dealer's distributions (their rule and
// hole card) and what a hand standing is paid (valuedShape.value). Rule sets
// that differ in anything else (doubling, DAS, surrender, the blackjack
// payout) have the same node values.
type standRules struct {
	dealer      dealerRule
	tiesLose    bool
	p21Wins     bool
	charliePays Payout
	bonus21     [MaxBonusCards + 1]Payout
}

func standRulesOf(r Rules) standRules {
	return standRules{dealer: dealerRule{r.Dealer(), r.HoleCard == ENHC}, tiesLose: r.TiesLose, p21Wins: r.P21Wins,
		charliePays: r.CharliePays, bonus21: r.Bonus21}
}

// value sets a node's probabilities, stand value and bust value.
func (x *valuedShape) value(i int32) {
	n := &x.nodes[i]
	if x.comp[i] < 0 {
		return
	}
	gone, shoe := &x.f.lay.comps[x.comp[i]], &x.f.shoe
	var m [10]int
	left := 0
	for c := range m {
		if m[c] = shoe[c] - int(gone[c]); m[c] < 0 {
			return // the up card took a card the hand needs
		}
		left += m[c]
	}
	x.dealt[i] = true
	f := newFrame(&x.f.r, x.f.dist[x.comp[i]])
	win := 1.0 // a bonus 21's or a Charlie's win may pay more
	if n.total() == 21 || n.charlie {
		win = x.f.r.WinPays(n.total(), int(n.cards))
	}
	x.stand[i] = f.standPaid(n.total(), win)
	if n.charlie {
		x.stand[i] = f.charlieEV(win) // it has won, or lost to a blackjack without a hole card
	}
	// A bust loses the bet if the hand is played: under a peek, only when
	// the hole card (one of the left-1 cards after the busting one) makes
	// no blackjack; under ENHC W is unconditional. This is noBlackjack of
	// the cards with the busting one, without recounting the shoe.
	bjRank := x.f.bjRank()
	if x.f.r.HoleCard == ENHC {
		bjRank = -1
	}
	inv := 1 / float64(left)
	x.inv[i] = inv
	busts := max(0, 21-int(n.sum)) // ranks from busts+1 up bust the hand (hands at 21 bust with any card)
	bust := 0.0
	for c := busts; c < 10; c++ {
		k := m[c]
		if k <= 0 {
			continue
		}
		noBJ := 1.0
		if bjRank >= 0 && left > 1 {
			other := m[bjRank]
			if c == bjRank {
				other--
			}
			noBJ = 1 - float64(other)/float64(left-1)
		}
		bust -= float64(k) * inv * noBJ
	}
	x.bust[i] = bust
}

// noBlackjack returns P(no dealer blackjack | node i's cards are out), the
// probability that the hand is played (1 under ENHC).
func (x *valuedShape) noBlackjack(i int32) float64 {
	return x.f.noBlackjack(x.f.lay.comps[x.comp[i]])
}

// chance returns P(the next card to node i has rank c+1), as its count
// left times the node's inv: not kept for each node and rank, since a
// valuedShape of ten floats a node would be most of a solve's memory.
func (x *valuedShape) chance(i int32, c int) float64 {
	if x.inv[i] == 0 {
		return 0
	}
	return float64(x.f.shoe[c]-int(x.f.lay.comps[x.comp[i]][c])) * x.inv[i]
}

// hitValue returns W of drawing one card to node i, then v.
func (x *valuedShape) hitValue(i int32, v []float64) float64 {
	n := &x.nodes[i]
	w := x.bust[i]
	inv := x.inv[i]
	if inv == 0 { // no card is dealt to it: its chances are zero
		return w
	}
	gone, shoe := &x.f.lay.comps[x.comp[i]], &x.f.shoe
	for c, j := range n.next {
		if j >= 0 {
			w += float64(shoe[c]-int(gone[c])) * inv * v[j]
		}
	}
	return w
}

// doubleValue returns W of doubling node i: one card, twice the bet, and
// stand (the chart's double: it never rescues).
func (x *valuedShape) doubleValue(i int32) float64 { return 2 * x.hitValue(i, x.stand) }

// cdDouble returns W of doubling node i under the best play: under RESCUE
// the doubled hand surrenders where that is worth more than standing.
func (x *valuedShape) cdDouble(i int32) float64 {
	if !x.f.r.Rescue {
		return x.doubleValue(i)
	}
	if !x.hasRescued {
		// Rescuing loses one unit of the two staked: W -1/2 a unit, when
		// the hand is played (under a peek, only without a dealer blackjack).
		x.hasRescued = true
		if x.rescued == nil {
			x.rescued = make([]float64, len(x.nodes))
		}
		for j := range x.nodes {
			x.rescued[j] = x.stand[j]
			if x.dealt[j] {
				x.rescued[j] = max(x.stand[j], -0.5*x.noBlackjack(int32(j)))
			}
		}
	}
	return 2 * x.hitValue(i, x.rescued)
}

// canDoubleMulti reports whether a hand of three or more cards may double
// (DANY, within the doubling rule's totals).
func (x *valuedShape) canDoubleMulti(i int) bool {
	n := &x.nodes[i]
	return x.f.r.DoubleAny && n.cards >= 3 && n.canHit() && x.f.r.Double.Allows(n.total(), n.soft())
}

// cd fills the composition-dependent best values of every node: hit or
// stand, or under DANY double a hand of three or more cards.
func (x *valuedShape) cd() {
	if x.hasCD {
		return
	}
	x.hasCD = true
	if x.best == nil {
		x.best = make([]float64, len(x.nodes))
		x.cdHit = make([]bool, len(x.nodes))
		x.cdDbl = make([]bool, len(x.nodes))
	}
	clear(x.cdHit)
	clear(x.cdDbl)
	for i := range x.nodes {
		x.best[i] = x.stand[i]
		if x.nodes[i].canHit() {
			if h := x.hitValue(int32(i), x.best); h > x.stand[i] {
				x.best[i], x.cdHit[i] = h, true
			}
		}
		if x.canDoubleMulti(i) {
			if d := x.cdDouble(int32(i)); d > x.best[i] {
				x.best[i], x.cdDbl[i] = d, true
			}
		}
	}
}

// play fills v with the value of every node when each hand hits exactly
// where hit says so (hands at 21 stand).
func (x *valuedShape) play(hit []bool, v []float64) {
	for i := range x.nodes {
		if hit[i] && x.nodes[i].canHit() {
			v[i] = x.hitValue(int32(i), v)
		} else {
			v[i] = x.stand[i]
		}
	}
}
