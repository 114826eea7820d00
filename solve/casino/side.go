package casino

// A SideBet is a bet a seat places beside its main bet, settled from the
// round's cards, suits and all (solve/side's bets are SideBets).
type SideBet interface {
	// Settle returns what the bet returns per unit staked (-1: lost)
	// on its cards: the seat's first two cards, then the dealer's up
	// card and hole card, in that order, or for a bet on the dealer's
	// whole hand (OnDealerHand) the dealer's cards in the order dealt.
	Settle(cards []Card) float64
	// OnDealerHand says whether the bet is settled on the dealer's
	// whole hand: the dealer then plays the hand out even when every
	// player's hand is settled.
	OnDealerHand() bool
}

// A SideStake is a side bet placed for a round: the bet, the units
// staked and, once settled, what it won (+) or lost (-).
type SideStake struct {
	Bet   SideBet
	Stake float64
	Net   float64
}

// settleSide settles every seat's side bets on the round's cards.
func (t *Table) settleSide() {
	for i := range t.Seats {
		p := &t.Seats[i]
		if len(p.Side) == 0 {
			continue
		}
		for k := range p.Side {
			s := &p.Side[k]
			s.Net = s.Stake * s.Bet.Settle(t.SideCards(i, s.Bet))
		}
	}
}

// SideCards returns the cards a seat's side bet is settled on: the
// seat's first two cards, the dealer's up card and hole card, or for a
// bet on the dealer's whole hand the dealer's cards.
func (t *Table) SideCards(seat int, bet SideBet) []Card {
	if bet.OnDealerHand() {
		return t.Dealer.Cards[:t.Dealer.N]
	}
	p := &t.Seats[seat]
	return []Card{p.A, p.B, t.Up(), t.Hole}
}

// dealerHandBet says whether a seat has a bet on the dealer's whole hand.
func (t *Table) dealerHandBet() bool {
	for i := range t.Seats {
		for _, s := range t.Seats[i].Side {
			if s.Bet.OnDealerHand() {
				return true
			}
		}
	}
	return false
}
