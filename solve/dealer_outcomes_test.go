package solve

import (
	"context"
	"math"
	"testing"
)

// TestDealerOutcomesMatchSolve checks the dealer distributions against the
// ones a full solve computes, for full decks, a remaining shoe and INF.
func TestDealerOutcomesMatchSolve(t *testing.T) {
	for _, tc := range []struct {
		rules string
		shoe  *Shoe
	}{
		{"6D S17", nil},
		{"1D H17 ENHC", nil},
		{"INF H17", nil},
		{"2D S17", &smallShoe},
	} {
		r, _ := ParseRules(tc.rules)
		opt := Options{Shoe: tc.shoe}
		got, err := DealerOutcomes(r, opt)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := SolveWith(context.Background(), r, opt)
		if err != nil {
			t.Fatal(err)
		}
		for up := range got {
			if math.Abs(got[up].Sum()-1) > 1e-12 {
				t.Errorf("%s: up %d sums to %.15f", tc.rules, up+1, got[up].Sum())
			}
			for o := range got[up] {
				if math.Abs(got[up][o]-tab.Dealer[up][o]) > 1e-14 {
					t.Errorf("%s: up %d outcome %d: %.15f, solve %.15f", tc.rules, up+1, o, got[up][o], tab.Dealer[up][o])
				}
			}
		}
	}
}

// TestDealerOutcomesExact checks a small shoe against the independent
// big.Rat dealer of exact_test.go, to 1e-15 (under ENHC, where that
// dealer counts blackjacks; the distribution is the same under a peek).
func TestDealerOutcomesExact(t *testing.T) {
	for _, rules := range []string{"S17 ENHC", "H17 ENHC"} {
		r, _ := ParseRules(rules)
		got, err := DealerOutcomes(r, Options{Shoe: &smallShoe})
		if err != nil {
			t.Fatal(err)
		}
		for up := 1; up <= 10; up++ {
			u := newRatUp(r, smallShoe, up)
			var none [10]int
			want := u.dealerDist(none)
			for o := range want {
				if w := ratFloat(want[o]); math.Abs(got[up-1][o]-w) > 1e-15 {
					t.Errorf("%s up %d outcome %d: %.17f, exact %.17f", rules, up, o, got[up-1][o], w)
				}
			}
		}
	}
}

// TestDealerOutcomesWizard checks one deck, dealer stands on soft 17,
// against the Wizard of Odds' "Dealer Probabilities in Blackjack"
// (appendix 2B, before the peek; wizardofodds.com/games/blackjack/appendix/2b/),
// printed to six significant digits: tolerance 1e-6.
func TestDealerOutcomesWizard(t *testing.T) {
	want := map[int][7]float64{ // 17, 18, 19, 20, 21, bust, blackjack
		1: {0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.11654, 0.313726},
		2: {0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.352973, 0},
		3: {0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0.375588, 0},
		4: {0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0.402803, 0},
		5: {0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0.428905, 0},
		6: {0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.420823, 0},
		7: {0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.259854, 0},
		8: {0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.238627, 0},
	}
	r, _ := ParseRules("1D S17")
	d, err := DealerOutcomes(r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	outcomes := [7]int{Dealer17, Dealer18, Dealer19, Dealer20, Dealer21, DealerBust, DealerBlackjack}
	for up, w := range want {
		for i, o := range outcomes {
			if math.Abs(d[up-1][o]-w[i]) > 1e-6 {
				t.Errorf("up %d outcome %d: %.7f, Wizard %.7f", up, o, d[up-1][o], w[i])
			}
		}
		if d[up-1][Dealer16] != 0 {
			t.Errorf("up %d: the dealer stood on 16", up)
		}
	}
}

// TestDealerOutcomesInfinite checks the infinite deck's blackjacks, 4/13
// under an ace and 1/13 under a ten, and that every row sums to one.
func TestDealerOutcomesInfinite(t *testing.T) {
	r, _ := ParseRules("INF H17")
	d, err := DealerOutcomes(r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := d[0][DealerBlackjack]; math.Abs(got-4.0/13) > 1e-15 {
		t.Errorf("A makes blackjack %.15f, want 4/13", got)
	}
	if got := d[9][DealerBlackjack]; math.Abs(got-1.0/13) > 1e-15 {
		t.Errorf("T makes blackjack %.15f, want 1/13", got)
	}
	for up := range d {
		if math.Abs(d[up].Sum()-1) > 1e-12 {
			t.Errorf("up %d sums to %.15f", up+1, d[up].Sum())
		}
	}
}
