package side

import "bjchart/solve/casino"

// A Settler settles a bet at a pay table on the cards a table deals: a
// side bet as the round engine takes it (casino.SideBet), which the
// trainer's table and the simulator place beside the main bet.
type Settler struct {
	Bet    *Bet
	Table  Table
	pays   []float64 // by class: what a deal of the class returns, in bets
	names  []string  // the table's outcomes, LossOutcome last
	lineOf []int     // by class: its outcome in names
}

// NewSettler returns the settler of bet b paid by pay table t.
func NewSettler(b *Bet, t Table) *Settler {
	names, pays, lineOf := b.settlement(t)
	s := &Settler{Bet: b, Table: t, pays: make([]float64, len(lineOf)), names: names, lineOf: lineOf}
	for class, line := range lineOf {
		s.pays[class], _ = pays[line].Float64()
	}
	return s
}

// Settle returns what the bet returns per unit staked (-1: lost) on the
// round's cards: the player's two cards, the dealer's up and hole cards,
// in the order Bet.Cards names them; for Buster Blackjack, the dealer's
// whole hand.
func (s *Settler) Settle(cards []casino.Card) float64 { return s.pays[s.class(cards)] }

// Outcome names the outcome the cards make on the table: "flush",
// "mixed-pair", or LossOutcome.
func (s *Settler) Outcome(cards []casino.Card) string { return s.names[s.lineOf[s.class(cards)]] }

// class returns the class of the cards Settle reads.
func (s *Settler) class(cards []casino.Card) int {
	if s.Bet.dealer {
		return dealerClass(cards)
	}
	h := casinoCards(cards)
	return int(s.Bet.classify(h[:min(len(h), len(s.Bet.Cards))]))
}

// OnDealerHand says whether the bet is settled on the dealer's whole hand.
func (s *Settler) OnDealerHand() bool { return s.Bet.dealer }

// casinoCards reads the round engine's cards as the side bets' (the same
// encoding: rank and suit), at most the four a first-card bet reads.
func casinoCards(cards []casino.Card) []Card {
	var out [4]Card
	n := 0
	for _, c := range cards[:min(len(cards), 4)] {
		out[n] = Card(c)
		n++
	}
	return out[:n]
}

// dealerClass returns Buster Blackjack's class of the dealer's final
// hand: the bit of its bust by the cards in it (8 or more, 7, ..., 3),
// 0 when it stands.
func dealerClass(cards []casino.Card) int {
	sum := 0
	for _, c := range cards {
		sum += c.Value()
	}
	if sum <= 21 {
		return 0
	}
	bit := min(max(8-len(cards), 0), 5) // 8 or more cards: bust-8-plus, bit 0; 3 cards: bust-3, bit 5
	return 1 << bit
}
