package sim

import (
	"fmt"
	"strconv"

	"bjchart/solve"
)

// A Strategy decides a hand's plays: the first, from its two cards and
// what is allowed, and whether to draw again after a hit. The table t
// shows what the player can see: the up card (t.up) and, for a
// liveStrategy, the unseen cards and the other hands.
type Strategy interface {
	first(t *table, a, b int, splitHand bool, o options) solve.Action
	hit(t *table, h *hand) bool
}

// A liveStrategy decides at its turn from what its player can see on the
// table and keeps state of its own (a generator, a search tree): every
// shard plays a copy of its own.
type liveStrategy interface {
	Strategy
	forShard(seed, stream uint64) Strategy
	// check says whether the strategy can play a game by these rules.
	check(r solve.Rules) error
}

// A Chart plays hands by a total-dependent chart exactly as the solver
// values one (solve/td.go): a two-card hand by its cell (pairs by the pair
// row), a split hand's first decision by the hard or soft row of its two
// cards (a pair at the hand limit by its hard total, A-A by soft 12) with
// doubling only where DAS allows it, and every later decision, split
// hands' included, by the row's play for hands of three or more cards.
type Chart struct {
	hard  [22][11]solve.Code // [total][up]
	soft  [22][11]solve.Code // [soft total][up]
	pairs [11][11]solve.Code // [rank][up]
	// multiHit is the play for hands of three or more cards: [soft][total][up].
	multiHit [2][22][11]bool
}

// NewChart reads a solved (or evaluated) table's chart.
func NewChart(t *solve.Table) (*Chart, error) {
	ch := &Chart{}
	for i := range t.Cells {
		c := &t.Cells[i]
		up := int(c.Up)
		switch c.Table {
		case solve.Hard:
			total, err := strconv.Atoi(c.Hand)
			if err != nil {
				return nil, fmt.Errorf("sim: hard row %q", c.Hand)
			}
			ch.hard[total][up] = c.Code
			ch.multiHit[0][total][up] = c.MultiCard == solve.Hit
		case solve.Soft:
			r, err := solve.ParseRank(c.Hand[1:])
			if err != nil {
				return nil, fmt.Errorf("sim: soft row %q", c.Hand)
			}
			total := 11 + int(r) // AA is soft 12, AT soft 21
			ch.soft[total][up] = c.Code
			ch.multiHit[1][total][up] = c.MultiCard == solve.Hit
		case solve.Pairs:
			r, err := solve.ParseRank(c.Hand[:1])
			if err != nil {
				return nil, fmt.Errorf("sim: pair row %q", c.Hand)
			}
			ch.pairs[r][up] = c.Code
		}
	}
	return ch, nil
}

// options are what a hand may do at its first decision.
type options struct {
	double, split, surrender bool
	mustStand                bool // split aces without HSA, and 21
}

// first returns the first action of a hand of two cards a <= b against up.
func (ch *Chart) first(t *table, a, b int, splitHand bool, o options) solve.Action {
	var code solve.Code
	up := t.up
	sum := a + b
	switch {
	case !splitHand && a == b:
		code = ch.pairs[a][up]
	case a == 1: // soft (A-A at the limit is soft 12)
		code = ch.soft[sum+10][up]
	default:
		code = ch.hard[sum][up]
	}
	return resolve(code, o)
}

// resolve returns the action a code takes given what is allowed, as the
// solver resolves it (solve/td.go): the fallback when the action is not
// allowed, and stand when there is none.
func resolve(code solve.Code, o options) solve.Action {
	switch a := code.Best; {
	case o.mustStand:
		return solve.Stand
	case a == solve.Double && o.double, a == solve.Split && o.split, a == solve.Surrender && o.surrender:
		return a
	case a == solve.Double || a == solve.Split || a == solve.Surrender:
		if code.Fallback == solve.NoAction {
			return solve.Stand
		}
		return code.Fallback
	default:
		return a
	}
}

// hit says whether a hand of three or more cards (or one that has hit)
// draws again.
func (ch *Chart) hit(t *table, h *hand) bool {
	if h.Sum >= 21 { // a soft 21 may hit, where the chart says so (for a Charlie)
		return false
	}
	total, soft := h.Total()
	s := 0
	if soft {
		s = 1
	}
	return ch.multiHit[s][total][t.up]
}

// CD plays every hand by the composition-dependent best play for its exact
// cards on the full shoe, as the solver's CD EVs with CDZ- splits assume:
// a two-card hand its best first action; a split hand's first decision
// the best of stand, hit and (where DAS allows) double for the same two
// cards unsplit; every later decision, split hands' included, the best
// hit or stand for the exact cards.
type CD struct {
	two  map[[3]uint8]*solve.Hand // [low card, high card, up]
	draw map[[11]uint8]bool       // [counts by rank-1..., up]: hit
}

// NewCD reads a solved table's composition-dependent plays (a finite
// shoe's: an infinite deck has none).
func NewCD(t *solve.Table) (*CD, error) {
	if t.Rules.Infinite() || len(t.Hands) == 0 {
		return nil, fmt.Errorf("sim: composition-dependent play needs a finite shoe's solution")
	}
	cd := &CD{two: map[[3]uint8]*solve.Hand{}, draw: map[[11]uint8]bool{}}
	for i := range t.Hands {
		h := &t.Hands[i]
		cd.two[[3]uint8{uint8(h.Cards[0]), uint8(h.Cards[1]), uint8(h.Up)}] = h
	}
	for _, c := range t.Compositions {
		var k [11]uint8
		copy(k[:10], c.Counts[:])
		k[10] = uint8(c.Up)
		cd.draw[k] = c.Best == solve.Hit
	}
	return cd, nil
}

func (cd *CD) first(t *table, a, b int, splitHand bool, o options) solve.Action {
	h := cd.two[[3]uint8{uint8(a), uint8(b), uint8(t.up)}]
	switch {
	case o.mustStand:
		return solve.Stand
	case h == nil:
		return solve.Hit // a hand the solution has no entry for (cannot be dealt): never reached
	case !splitHand:
		return h.Best
	}
	ev := h.EV
	switch {
	case o.double && ev[solve.Double] > ev[solve.Stand] && ev[solve.Double] > ev[solve.Hit]:
		return solve.Double
	case ev[solve.Hit] > ev[solve.Stand]:
		return solve.Hit
	}
	return solve.Stand
}

func (cd *CD) hit(t *table, h *hand) bool {
	if h.Sum >= 21 {
		return false
	}
	var k [11]uint8
	counts := h.Counts()
	copy(k[:10], counts[:])
	k[10] = uint8(t.up)
	return cd.draw[k]
}
