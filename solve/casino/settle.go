package casino

import "bjchart/solve"

// A Result says how a hand (or a seat without one) was settled.
type Result uint8

const (
	Unsettled Result = iota
	Won
	WonDealerBust
	WonCharlie
	Lost
	Bust
	Pushed
	PushedDealer22
	Blackjack
	BlackjackPushed // a blackjack against the dealer's
	BlackjackLost   // a blackjack against the dealer's where ties lose
	LostToBlackjack // the dealer's blackjack took the bet
	LostOriginalBet // the dealer's blackjack took the original bet only (OBO)
	ReturnedOBO     // a hand beyond the first returned: only the original bet is lost (OBO)
	Surrendered     // half the bet back
	RescuedLost     // a double taken back: the original bet lost
)

var resultNames = [...]string{
	Unsettled:       "in play",
	Won:             "wins",
	WonDealerBust:   "wins: the dealer busts",
	WonCharlie:      "wins: a Charlie",
	Lost:            "loses",
	Bust:            "bust",
	Pushed:          "pushes",
	PushedDealer22:  "pushes: the dealer's 22",
	Blackjack:       "blackjack",
	BlackjackPushed: "pushes against the dealer's blackjack",
	BlackjackLost:   "loses: the dealer's blackjack takes the tie",
	LostToBlackjack: "loses to the dealer's blackjack",
	LostOriginalBet: "loses the original bet to the dealer's blackjack",
	ReturnedOBO:     "returned: only the original bet is lost (OBO)",
	Surrendered:     "surrendered",
	RescuedLost:     "rescued: the original bet lost",
}

// String says the result as the table says it: "wins: the dealer busts".
func (r Result) String() string { return resultNames[r] }

// dealerBlackjack settles the round against a dealer blackjack (and
// insurance, paid 2 to 1): under a
// peek every bet loses its original bet (no hand has been played); without
// a hole card ENHC takes every bet (doubles and splits too), OBO only the
// original one. A blackjack pushes (loses where ties lose); an early
// surrender has kept half.
func (t *Table) dealerBlackjack() {
	t.DealerBlackjack = true
	for i := range t.Seats {
		p := &t.Seats[i]
		p.InsuranceNet = 2 * p.Insurance
		switch {
		case p.Done:
			continue
		case p.Blackjack && t.Rules.TiesLose:
			p.Net, p.Result = -p.Bet, BlackjackLost
		case p.Blackjack:
			p.Net, p.Result = 0, BlackjackPushed
		case !p.made: // under a peek
			p.Net, p.Result = -p.Bet, LostToBlackjack
		default:
			obo := t.Rules.HoleCard == solve.OBO
			for j := p.Hands[0]; j < p.Hands[1]; j++ {
				h := &t.Hands[j]
				switch {
				case obo && j == p.Hands[0]:
					h.Net, h.Result = -p.Bet, LostOriginalBet
				case obo:
					h.Net, h.Result = 0, ReturnedOBO
				default: // a late surrender too, in a game without a hole card
					h.Net, h.Result = -h.Bet, LostToBlackjack
				}
				p.Net += h.Net
			}
		}
		p.Done = true
	}
	if t.anySide {
		t.settleSide()
	}
	t.settled = t.Shoe.reshuffles
	t.Phase = Betting
}

// settle settles every seat, insurance lost, against the dealer's total
// (DealerTotal: a hard sum over 21 for a bust; 0 where the dealer did not draw, every
// hand standing having busted, surrendered or been rescued).
func (t *Table) settle() {
	dealer := t.DealerTotal
	for i := range t.Seats {
		p := &t.Seats[i]
		p.InsuranceNet = -p.Insurance
		switch {
		case p.Done:
			continue
		case p.Blackjack:
			p.Net, p.Result = t.bj*p.Bet, Blackjack
			continue
		}
		for j := p.Hands[0]; j < p.Hands[1]; j++ {
			h := &t.Hands[j]
			total, _ := h.Total()
			switch {
			case h.Surrendered:
				h.Net, h.Result = -0.5*h.Bet, Surrendered
			case h.Rescued:
				h.Net, h.Result = -h.Bet, RescuedLost
			case total > 21:
				h.Net, h.Result = -h.Bet, Bust
			case h.N >= t.charlieAt:
				h.Net, h.Result = h.Bet*t.winPays(total, h.N), WonCharlie
			case dealer == 22 && t.Rules.Push22:
				h.Net, h.Result = 0, PushedDealer22
			case dealer > 21:
				h.Net, h.Result = h.Bet*t.winPays(total, h.N), WonDealerBust
			case total > dealer, total == 21 && t.Rules.P21Wins:
				h.Net, h.Result = h.Bet*t.winPays(total, h.N), Won
			case total < dealer, t.Rules.TiesLose:
				h.Net, h.Result = -h.Bet, Lost
			default:
				h.Net, h.Result = 0, Pushed
			}
			p.Net += h.Net
		}
	}
	if t.anySide {
		t.settleSide()
	}
	t.settled = t.Shoe.reshuffles
	t.Phase = Betting
}

// winPays returns what a winning hand pays per unit bet: 1 but for a
// bonus 21 or a Charlie's payout (Rules.WinPays; the common case first:
// the settlement is hot).
func (t *Table) winPays(total, cards int) float64 {
	if !t.paysMore || total != 21 && cards < t.charlieAt {
		return 1
	}
	return t.Rules.WinPays(total, cards)
}
