package side

import (
	"fmt"
	"math"
	"testing"

	"bjchart/solve"
)

// TestBusterPublished reproduces the Wizard of Odds' Buster Blackjack
// analysis (wizardofodds.com/games/blackjack/side-bets/buster-blackjack/,
// version 1, six for a six-card bust paying 12 as in its analysis): six
// decks, H17, each bust's probability to 6 decimals and a return of
// -0.062143; and its house edges by decks, S17 and H17, to 0.01%. They
// are figures for the dealer's hand drawn from the full shoe, as here.
func TestBusterPublished(t *testing.T) {
	r := evaluateRules(t, NewShoe(6), Rules{H17: true})
	want := map[string]float64{"bust-8-plus": 0.000012, "bust-7": 0.000214, "bust-6": 0.002638, "bust-5": 0.020473, "bust-4": 0.089392, "bust-3": 0.173032}
	for name, p := range want {
		if got := lineOf(t, r, name).P; math.Round(got*1e6)/1e6 != p {
			t.Errorf("%s: probability %.8f, want %.6f", name, got, p)
		}
	}
	if math.Round(r.EV*1e6)/1e6 != -0.062143 {
		t.Errorf("EV %.8f, want -0.062143", r.EV)
	}
	edges := map[int][2]float64{1: {8.77, 6.89}, 2: {8.48, 6.51}, 4: {8.31, 6.29}, 5: {8.27, 6.25}, 6: {8.25, 6.21}, 8: {8.22, 6.17}}
	for decks, e := range edges {
		for i, h17 := range []bool{false, true} {
			r := evaluateRules(t, NewShoe(decks), Rules{H17: h17})
			if got := math.Round(r.HouseEdge()*1e4) / 100; got != e[i] {
				t.Errorf("decks=%d h17=%v: house edge %.4f%%, want %.2f%%", decks, h17, 100*r.HouseEdge(), e[i])
			}
		}
	}
}

func evaluateRules(t *testing.T, s Shoe, rules Rules) *Report {
	t.Helper()
	b, err := LookupBet("buster")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Evaluate(b, b.Tables[0], s, rules)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBusterAgainstSolver checks the chance that the dealer busts against
// the solver's own dealer (solve.DealerFrom, written apart), by up card,
// on full and depleted shoes, S17 and H17.
func TestBusterAgainstSolver(t *testing.T) {
	shoes := [][10]int{
		{24, 24, 24, 24, 24, 24, 24, 24, 24, 96},
		{20, 22, 19, 24, 21, 23, 23, 20, 24, 80},
		{4, 1, 3, 4, 2, 4, 0, 4, 3, 9},
	}
	for _, ranks := range shoes {
		for _, h17 := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/h17=%v", ranks, h17), func(t *testing.T) {
				decks := 6
				if ranks[9] <= 16 {
					decks = 1
				}
				s, err := RankShoe(decks, ranks)
				if err != nil {
					t.Fatal(err)
				}
				r := evaluateRules(t, s, Rules{H17: h17})
				n := float64(s.Total())
				want := 0.0
				for g := range 10 {
					if ranks[g] == 0 {
						continue
					}
					left := ranks
					left[g]--
					d := solve.DealerFrom(solve.DealerRule{H17: h17}, solve.Rank(g+1), left)
					want += float64(ranks[g]) / n * d[solve.DealerBust]
				}
				got := 1 - lineOf(t, r, LossOutcome).P
				if math.Abs(got-want) > 1e-12 {
					t.Errorf("dealer busts %.15f, solver %.15f", got, want)
				}
			})
		}
	}
}
