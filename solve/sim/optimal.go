package sim

import (
	"fmt"

	"bjchart/solve"
)

// Optimal plays every decision by the exact composition-dependent best
// play for the cards its player has not seen (the shoe left, the burn
// card and the hole card): the best any player could do knowing exactly
// which cards are left, decision by decision. It values a hand's plays
// with solve.HandValues (later decisions after a hit best for the exact
// cards) and a split with solve.PairPlays (its split hands valued as
// CDZ- plays them, resplits included: a lower bound on how this player
// plays them, since each of its decisions is made afresh). It decides
// insurance no differently from the chart (it takes none).
type Optimal struct {
	r solve.Rules
	// The shoes valued, by shoe and up card: a hand's decisions after a
	// hit are on the same shoe (the card drawn leaves the unseen cards for
	// the hand), and with a continuous shuffler every round's is the full
	// shoe.
	values map[valuesKey]*solve.HandValues
	splits map[splitKey]float64
	shoe   [10]int // the shoe of the last decision, for PairPlays
}

type valuesKey struct {
	shoe [10]int
	up   int
}

// splitKey is a pair against an up card on a shoe.
type splitKey struct {
	valuesKey
	pair int
}

// splitValue returns W of splitting the pair a against up on the shoe of
// the last decision (solve.PairPlays, kept per shoe as the hand values are).
func (o *Optimal) splitValue(a, up int) (float64, bool) {
	k := splitKey{valuesKey{o.shoe, up}, a}
	if v, ok := o.splits[k]; ok {
		return v, true
	}
	_, split, err := solve.PairPlays(o.r, solve.Shoe{Counts: o.shoe}, solve.Rank(a), solve.Rank(up))
	if err != nil {
		return 0, false
	}
	if o.splits == nil || len(o.splits) >= maxValued {
		o.splits = map[splitKey]float64{}
	}
	o.splits[k] = split
	return split, true
}

// maxValued bounds the shoes kept valued; past it they are dropped.
const maxValued = 128

// NewOptimal returns the optimal player for the rules.
func NewOptimal(r solve.Rules) *Optimal { return &Optimal{r: r} }

func (o *Optimal) check(r solve.Rules) error {
	switch {
	case r.Infinite():
		return fmt.Errorf("sim: the optimal player with an infinite deck: nothing is ever used up, so the solved chart is already optimal")
	case r.HoleCard != solve.Peek:
		return fmt.Errorf("sim: the optimal player needs a peek game (PEEK): its values are the solver's W under a peek")
	case r.Surrender == solve.EarlySurrender:
		return fmt.Errorf("sim: the optimal player does not play early surrender (ES); use LS or NS")
	}
	return nil
}

func (o *Optimal) forShard(seed, stream uint64) Strategy { return NewOptimal(o.r) }

// shoeFor returns the shoe a hand is valued on: the unseen cards with the
// up card and the hand put back, as the solver's shoes hold them.
func (o *Optimal) valuesFor(t *table, h [10]uint8) *solve.HandValues {
	shoe := t.Unseen()
	shoe[t.up-1]++
	for i, k := range h {
		shoe[i] += int(k)
	}
	o.shoe = shoe
	k := valuesKey{shoe, t.up}
	v, ok := o.values[k]
	if !ok {
		if o.values == nil || len(o.values) >= maxValued {
			o.values = map[valuesKey]*solve.HandValues{}
		}
		v = solve.NewHandValues(o.r, shoe, solve.Rank(t.up))
		o.values[k] = v
	}
	return v
}

func (o *Optimal) first(t *table, a, b int, splitHand bool, opt options) solve.Action {
	if opt.mustStand {
		return solve.Stand
	}
	var h [10]uint8
	h[a-1]++
	h[b-1]++
	v := o.valuesFor(t, h)
	var w [solve.Surrender + 1]float64
	var legal [solve.Surrender + 1]bool
	w[solve.Stand], w[solve.Hit], w[solve.Double], w[solve.Surrender] = v.Plays(h)
	legal[solve.Stand], legal[solve.Hit] = true, true
	legal[solve.Double], legal[solve.Surrender] = opt.double, opt.surrender
	if opt.split && !splitHand {
		if split, ok := o.splitValue(a, t.up); ok {
			w[solve.Split], legal[solve.Split] = split, true
		}
	}
	best := solve.NoAction
	for _, act := range solve.Actions { // ties go as the solver's bestAction breaks them
		if legal[act] && (best == solve.NoAction || w[act] > w[best]) {
			best = act
		}
	}
	return best
}

func (o *Optimal) hit(t *table, h *hand) bool {
	counts := h.Counts()
	return o.valuesFor(t, counts).Hits(counts)
}

// doubleMore doubles a hand of three or more cards where the best play
// does (DANY).
func (o *Optimal) doubleMore(t *table, h *hand) bool {
	counts := h.Counts()
	return o.valuesFor(t, counts).DoublesMore(counts)
}

// rescue gives up a doubled hand's original bet where standing is worth
// less (RESCUE).
func (o *Optimal) rescue(t *table, h *hand) bool {
	counts := h.Counts()
	return o.valuesFor(t, counts).Rescues(counts)
}
