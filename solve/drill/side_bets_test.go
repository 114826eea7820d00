package drill

import (
	"math"
	"strings"
	"testing"

	"bjchart/solve"
	"bjchart/solve/casino"
	"bjchart/solve/side"
)

// TestSideBetsAtTheTable places side bets round after round at a
// six-deck table and plays the main game by standing: each side bet is
// settled on the round's own cards, suits and all, as the rules say in
// words here (21+3 from the player's two cards and the up card as a poker
// hand; perfect pairs from the player's two cards; buster on the dealer's
// whole hand, played out; bust it on the dealer's first three cards); the balance moves by every net; each placing
// is priced as it is made: its EV is the exact EV of the bet on the cards
// not seen, and its cost what that gives up against not betting.
func TestSideBetsAtTheTable(t *testing.T) {
	r, _ := solve.ParseRules("6D H17 DAS")
	tab := NewTable(r, 11, 100_000, 10, 0.75)
	rounds := 40 // each placing is valued exactly twice, about 1.5 ms a time
	if *long {
		rounds = 600
	}
	for round := range rounds {
		before := tab.Balance
		for _, m := range []string{"+21+3:5", "+perfect-pairs:2", "+buster:1", "+bust-it:1"} {
			mv, err := ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := tab.Do(mv); err != nil {
				t.Fatalf("round %d, %s: %v", round, m, err)
			}
			d := tab.Decisions[len(tab.Decisions)-1]
			b, _ := side.LookupBet(mv.Side.Bet)
			shoe, _ := side.RankShoe(6, tab.nextDealUnseen())
			rep, err := side.Evaluate(b, b.Tables[0], shoe, side.Rules{H17: true})
			if err != nil {
				t.Fatal(err)
			}
			if d.Side != b.Name || d.SideEV != rep.EV || d.Cost != max(0, -rep.EV) || d.Bet != mv.Side.Stake {
				t.Fatalf("round %d: %s priced %+v; want EV %v", round, m, d, rep.EV)
			}
		}
		if err := tab.Do(Move{Bet: 10}); err != nil {
			t.Fatal(err)
		}
		for tab.Phase == Insuring || tab.Phase == Deciding {
			m := Move{Play: solve.Stand}
			if tab.Phase == Insuring {
				m = Move{Insure: -1}
			}
			if err := tab.Do(m); err != nil {
				t.Fatal(err)
			}
		}
		g := tab.game
		seat := &g.Seats[0]
		rd := tab.Round
		sum := 0.0
		for k, sb := range rd.Side {
			sum += sb.Net
			var want float64
			switch sb.Bet {
			case "21+3":
				want = 5 * pays21Plus3(seat.A, seat.B, g.Up())
			case "perfect-pairs":
				want = 2 * paysPerfectPairs(seat.A, seat.B)
			case "buster":
				want = paysBuster(g.Dealer.Cards[:g.Dealer.N])
			case "bust-it":
				want = paysBustIt(g.Dealer.Cards[:g.Dealer.N])
			}
			if sb.Net != want || seat.Side[k].Net != want {
				t.Fatalf("round %d: %s on %s settled %v (%s); want %v", round, sb.Bet, sb.Cards, sb.Net, sb.Outcome, want)
			}
			if !strings.Contains(strings.Join(rd.Notes, " "), sb.Bet+", ") {
				t.Fatalf("round %d: notes %q do not say %s's result", round, rd.Notes, sb.Bet)
			}
		}
		main := 0.0
		for _, h := range rd.Hands {
			main += h.Net
		}
		if got := tab.Balance - before; math.Abs(got-(main+sum)) > 1e-9 {
			t.Fatalf("round %d: the balance moved %v; the hands won %v and the side bets %v", round, got, main, sum)
		}
	}
}

// pays21Plus3 is 21+3 on its usual table (100-40-30-10-5), from the rules
// in words: the three cards as a poker hand, an ace high or low.
func pays21Plus3(a, b, c casino.Card) float64 {
	r := []int{a.Rank(), b.Rank(), c.Rank()}
	for i := range r {
		for j := i + 1; j < len(r); j++ {
			if r[j] < r[i] {
				r[i], r[j] = r[j], r[i]
			}
		}
	}
	flush := a.Suit() == b.Suit() && b.Suit() == c.Suit()
	trips := r[0] == r[2]
	straight := r[0]+1 == r[1] && r[1]+1 == r[2] || r[0] == 1 && r[1] == 12 && r[2] == 13
	switch {
	case trips && flush:
		return 100
	case straight && flush:
		return 40
	case trips:
		return 30
	case straight:
		return 10
	case flush:
		return 5
	}
	return -1
}

// paysPerfectPairs is Perfect Pairs on its usual table (25-12-6): a pair of
// one rank; the same suit, the same colour, or mixed.
func paysPerfectPairs(a, b casino.Card) float64 {
	red := func(c casino.Card) bool { return c.Suit() == 1 || c.Suit() == 2 }
	switch {
	case a.Rank() != b.Rank():
		return -1
	case a.Suit() == b.Suit():
		return 25
	case red(a) == red(b):
		return 12
	}
	return 6
}

// paysBuster is Buster Blackjack on its usual table (250-50-12-4-2-2), by
// the cards in the dealer's busted hand.
func paysBuster(dealer []casino.Card) float64 {
	sum := 0
	for _, c := range dealer {
		sum += c.Value()
	}
	if sum <= 21 {
		return -1
	}
	return map[int]float64{3: 2, 4: 2, 5: 4, 6: 12, 7: 50}[min(len(dealer), 8)] + map[bool]float64{true: 250}[len(dealer) >= 8]
}

// paysBustIt is Bust It on its table (200-50-15-10-8-6-3): the dealer's
// up and hole cards a hard 12 to 16, the third card over 21, paid by that
// card; three 8s of one suit or one colour pay more.
func paysBustIt(dealer []casino.Card) float64 {
	if len(dealer) < 3 {
		return -1
	}
	a, b, c := dealer[0], dealer[1], dealer[2]
	two := a.Value() + b.Value()
	if a.Value() == 1 || b.Value() == 1 || two < 12 || two > 16 || two+c.Value() <= 21 {
		return -1
	}
	red := func(x casino.Card) bool { return x.Suit() == 1 || x.Suit() == 2 }
	if a.Rank() == 8 && b.Rank() == 8 && c.Rank() == 8 {
		switch {
		case a.Suit() == b.Suit() && b.Suit() == c.Suit():
			return 200
		case red(a) == red(b) && red(b) == red(c):
			return 50
		}
	}
	return map[int]float64{6: 15, 7: 10, 8: 8, 9: 6, 10: 3}[c.Value()]
}
