package house

// Hand is what settles a finished hand.
type Hand struct {
	Total int  // best total, an ace counting 11 when that does not bust; over 21 is a bust
	Cards int  // cards in the hand
	Joker bool // the hand holds a joker
}

// Bust reports whether the hand is over 21.
func (h Hand) Bust() bool { return h.Total > 21 }

// best returns the best total of a hand with hard total hard (aces as 1)
// and whether it holds an ace, and whether that total is soft.
func best(hard int, ace bool) (total int, soft bool) {
	if ace && hard+10 <= 21 {
		return hard + 10, true
	}
	return hard, false
}

// Mult returns the multiplier a winning hand h pays (or costs, when the
// dealer holds it): the largest of the rules' multipliers that applies, 1
// when none does.
func (r *Rules) Mult(h Hand) int {
	m := 1
	if h.Total == 21 {
		m = max(m, r.Mult21)
		if h.Joker {
			m = max(m, r.MultJoker21)
		}
	}
	switch {
	case h.Cards == 5:
		m = max(m, r.Mult5)
	case h.Cards >= 6:
		m = max(m, r.Mult6)
	}
	return m
}

// rung is a hand's place on the ladder: its card count from five cards up,
// 0 below five or without the ladder. A higher rung beats a lower one
// whatever the totals.
func (r *Rules) rung(h Hand) int {
	if r.Ladder && h.Cards >= 5 {
		return h.Cards
	}
	return 0
}

// Settle returns what the player wins per point bet when the player stands
// on p and the dealer ends with d. p must not be bust; a player's bust
// loses before the dealer draws (see bustCost).
func (r *Rules) Settle(p, d Hand) float64 {
	if d.Bust() {
		return float64(r.Mult(p))
	}
	rp, rd := r.rung(p), r.rung(d)
	switch {
	case rp > rd || rp == rd && p.Total > d.Total:
		return float64(r.Mult(p))
	case rp < rd || p.Total < d.Total || r.TiesLose:
		return -float64(r.Mult(d))
	}
	return 0
}
