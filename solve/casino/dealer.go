package casino

// dealerTurn shows the hole card (draws it, in a game without one), plays
// the dealer's hand where a hand is still standing, and settles the
// round.
func (t *Table) dealerTurn() {
	t.showHole()
	if blackjack(t.Up(), t.Hole) { // no hole card: the blackjack shows now
		t.dealerBlackjack()
		return
	}
	live := false
	for i := range t.Hands {
		h := &t.Hands[i]
		if total, _ := h.Total(); total <= 21 && !h.Surrendered && !h.Rescued {
			live = true
			break
		}
	}
	switch {
	case live:
		t.DealerTotal = t.dealerDraws()
	case t.anySide && t.dealerHandBet(): // played out for the bet, settling no hand
		t.dealerDraws()
	}
	t.settle()
}

// dealerDraws plays the dealer's hand by the rules' dealer (the rule the
// exact solver sums over, solve.DealerRule.StandP, read from standP: a
// stand below 1 is a chance, DHIT16 and DHIT17) and returns its total:
// the hard sum, 22 or more, for a bust.
func (t *Table) dealerDraws() int {
	d := &t.Dealer
	for {
		ace := 0
		if d.Ace {
			ace = 1
		}
		switch p := t.standP[ace][d.Sum&31]; {
		case p == 1, p > 0 && t.Shoe.coin() < p:
			if d.Sum > 21 {
				return d.Sum
			}
			total, _ := d.Total()
			return total
		}
		d.add(t.Shoe.Draw())
	}
}
