package side

import (
	"fmt"
	"slices"
	"strconv"

	"bjchart/solve"
)

// This file plays the main game's rounds through which a counter's side
// bet is dealt (Sim): one player, heads-up, playing the basic strategy of
// the rules' chart (solve.Solve) from a real suited shoe, so that the
// cards each round takes are the cards a round takes. Its result is kept
// too, as a check that the game is played as the chart values it.

// A chart is the plays of a solved table, by hand and up card (indexed by
// rank, 1 the ace, 10 a ten).
type chart struct {
	hard [22][11]solve.Code // two-card hard totals 4..21
	soft [22][11]solve.Code // two-card soft totals 12..21
	pair [11][11]solve.Code // pairs by rank
	// multi: hands of three or more cards and split hands after their
	// first decision, Hit or Stand, by total (soft: 1).
	multi [2][22][11]solve.Action
}

// newChart reads the plays of t.
func newChart(t *solve.Table) (*chart, error) {
	c := &chart{}
	for up := solve.Rank(1); up <= 10; up++ {
		for total := 4; total <= 21; total++ {
			cell := t.Cell(solve.Hard, strconv.Itoa(total), up)
			if cell == nil {
				return nil, fmt.Errorf("no hard %d against %v in the chart", total, up)
			}
			c.hard[total][up], c.multi[0][total][up] = cell.Code, cell.MultiCard
		}
		for r := solve.Rank(1); r <= 10; r++ {
			soft := t.Cell(solve.Soft, "A"+r.String(), up)
			pair := t.Cell(solve.Pairs, r.String()+r.String(), up)
			if soft == nil || pair == nil {
				return nil, fmt.Errorf("no soft or pair hand of %v against %v in the chart", r, up)
			}
			c.soft[11+int(r)][up], c.multi[1][11+int(r)][up] = soft.Code, soft.MultiCard
			c.pair[r][up] = pair.Code
		}
	}
	return c, nil
}

// checkMainRules reports what the main game's simulation does not play:
// it plays hole-card (peek) games of standard decks, with any doubling,
// splitting and late surrender rule and any blackjack payout.
func checkMainRules(r solve.Rules) error {
	switch {
	case r.Infinite():
		return fmt.Errorf("an infinite deck has no shoe to count; give a deck count")
	case r.Decks > MaxDecks:
		return fmt.Errorf("%d decks; want 1 to %d", r.Decks, MaxDecks)
	case r.HoleCard != solve.Peek:
		return fmt.Errorf("the counter's main game is played with a hole card and a peek (PEEK), not %v", r)
	case r.Surrender == solve.EarlySurrender:
		return fmt.Errorf("early surrender (ES) is not played by the counter's main game; give NS or LS")
	case r.Deck != [10]int{}:
		return fmt.Errorf("the counter's shoe is of standard 52-card decks")
	case r.TiesLose || r.Charlie != 0 || r.P21Wins || r.Bonus21 != [solve.MaxBonusCards + 1]solve.Payout{} ||
		r.DealerStand16 != 0 || r.DealerHit17 != 0 || r.Push22 || r.DoubleAny || r.Rescue:
		return fmt.Errorf("the counter's main game plays the usual rules (decks, S17/H17, doubling, DAS, splits, RSA, HSA, NS/LS, the blackjack payout, PEEK), not the house variations of %v", r)
	}
	return nil
}

// A game deals the main game's rounds from a shoe.
type game struct {
	r     solve.Rules
	ch    *chart
	bj    float64      // a player blackjack's payout
	full  []Card       // the full shoe, in order
	cards []Card       // the shoe, in the order dealt
	pos   int          // cards dealt
	hands []playerHand // a round's hands, kept from round to round
}

// newGame returns a game of rules r played by chart ch.
func newGame(r solve.Rules, ch *chart) *game {
	full := physicalShoe(r.Decks)
	return &game{r: r, ch: ch, bj: r.BlackjackPays.Float(), full: full, cards: slices.Clone(full),
		hands: make([]playerHand, 0, max(r.MaxSplitHands, 1))}
}

// draw deals the next card, ok false when the shoe is empty.
func (g *game) draw() (Card, bool) {
	if g.pos == len(g.cards) {
		return 0, false
	}
	g.pos++
	return g.cards[g.pos-1], true
}

// A playerHand is a hand of the player's: its hard sum (aces as 1),
// whether it holds an ace, its cards (the first two's values) and its
// bet.
type playerHand struct {
	sum, cards int
	ace        bool
	vals       [2]int
	bet        float64
	split      bool // a split hand
}

// pairRank returns the rank of a two-card pair.
func (h *playerHand) pairRank() (int, bool) {
	return h.vals[0], h.cards == 2 && h.vals[0] == h.vals[1]
}

func (h *playerHand) add(c Card) {
	if h.cards < 2 {
		h.vals[h.cards] = c.Value()
	}
	h.sum += c.Value()
	h.ace = h.ace || c.Value() == 1
	h.cards++
}

// total returns the hand's total and whether it is soft.
func (h *playerHand) total() (int, bool) {
	if h.ace && h.sum+10 <= 21 {
		return h.sum + 10, true
	}
	return h.sum, false
}

// isBlackjack reports whether two cards are an ace and a ten.
func isBlackjack(a, b Card) bool {
	x, y := a.Value(), b.Value()
	return x == 1 && y == 10 || x == 10 && y == 1
}

// round deals and plays one round: the player's first card, the dealer's
// up card, the player's second, the dealer's hole card; then the
// dealer's peek under an ace or ten, the player's hands by the chart and
// the dealer's draw. first holds the first four cards in Bet.Cards'
// order (player, player, dealer up, dealer hole), for the side bet; net
// is the player's result on the main game, in units of the first bet.
// The shoe must hold four cards; a hand that would draw from an empty
// shoe stands (it never happens at a penetration that leaves a deck).
func (g *game) round() (first [4]Card, net float64) {
	p1, _ := g.draw()
	up, _ := g.draw()
	p2, _ := g.draw()
	hole, _ := g.draw()
	first = [4]Card{p1, p2, up, hole}
	dealerBJ, playerBJ := isBlackjack(up, hole), isBlackjack(p1, p2)
	switch {
	case dealerBJ && playerBJ:
		return first, 0
	case dealerBJ: // the peek: only the first bet is lost
		return first, -1
	case playerBJ:
		return first, g.bj
	}
	u := up.Value()
	hands := append(g.hands[:0], playerHand{bet: 1})
	hands[0].add(p1)
	hands[0].add(p2)
	for i := 0; i < len(hands); i++ {
		h := &hands[i]
		if h.cards == 1 { // a split hand's second card
			if c, ok := g.draw(); ok {
				h.add(c)
			}
		}
		oneCard := h.split && h.vals[0] == 1 && !g.r.HSA // split aces: one card each
		act := g.firstPlay(h, u, len(hands), i == 0 && !h.split)
		if oneCard && act != solve.Split {
			continue
		}
		switch act {
		case solve.Surrender:
			return first, -0.5 // late: the dealer has no blackjack
		case solve.Split:
			r := h.vals[0]
			*h = playerHand{sum: r, cards: 1, ace: r == 1, vals: [2]int{r}, bet: 1, split: true}
			hands = append(hands, *h)
			i-- // the hand gets its second card again from the top
			continue
		case solve.Double:
			h.bet *= 2
			if c, ok := g.draw(); ok {
				h.add(c)
			}
			continue
		case solve.Stand:
			continue
		}
		for { // hit: then by the chart's plays of three or more cards
			c, ok := g.draw()
			if !ok {
				break
			}
			h.add(c)
			t, soft := h.total()
			if t >= 21 || g.ch.multi[b2i(soft)][t][u] != solve.Hit {
				break
			}
		}
	}
	live := false
	for _, h := range hands {
		live = live || h.sum <= 21
	}
	dealer := playerHand{}
	dealer.add(up)
	dealer.add(hole)
	for live {
		t, soft := dealer.total()
		if t > 17 || t == 17 && !(soft && g.r.H17) {
			break
		}
		c, ok := g.draw()
		if !ok {
			break
		}
		dealer.add(c)
	}
	d, _ := dealer.total()
	for _, h := range hands {
		t, _ := h.total()
		switch {
		case t > 21:
			net -= h.bet
		case d > 21 || t > d:
			net += h.bet
		case t < d:
			net -= h.bet
		}
	}
	return first, net
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// firstPlay returns the chart's play of a two-card hand against up card
// u, made legal: a split only while hands are fewer than the rules allow
// (and aces resplit only with RSA), a double only as the rules allow it
// (after a split with DAS), surrender only on the first two cards of the
// round (unsplit, LS). What is not allowed falls back to the chart's
// printed fallback, or to the play of the hand's total.
func (g *game) firstPlay(h *playerHand, u, hands int, unsplit bool) solve.Action {
	t, soft := h.total()
	code := g.ch.hard[t][u]
	if soft {
		code = g.ch.soft[t][u]
	}
	canSplit := false
	if r, ok := h.pairRank(); ok {
		canSplit = hands < g.r.MaxSplitHands && !(r == 1 && h.split && !g.r.RSA)
		// A pair's other plays are priced on its own row; one that may
		// not split plays its total's.
		if canSplit || g.ch.pair[r][u].Best != solve.Split {
			code = g.ch.pair[r][u]
		}
	}
	mayDouble := g.r.Double.Allows(t, soft) && (!h.split || g.r.DAS)
	legal := func(a solve.Action) bool {
		switch a {
		case solve.Double:
			return mayDouble
		case solve.Surrender:
			return unsplit && g.r.Surrender == solve.LateSurrender
		case solve.Split:
			return canSplit
		case solve.Hit, solve.Stand:
			return true
		}
		return false
	}
	if legal(code.Best) {
		return code.Best
	}
	if legal(code.Fallback) {
		return code.Fallback
	}
	// No printed fallback: the total's two-card play, else its play with
	// three or more cards (Hit or Stand).
	alt := g.ch.hard[t][u]
	if soft {
		alt = g.ch.soft[t][u]
	}
	if alt.Best != solve.Split && legal(alt.Best) {
		return alt.Best
	}
	if alt.Fallback != solve.Split && legal(alt.Fallback) {
		return alt.Fallback
	}
	return g.ch.multi[b2i(soft)][t][u]
}
