package solve

import (
	"math"
	"testing"
)

// TestEffects: each variation changes one rule of the game and never
// repeats its own value; its effect is its own solve's EV less the
// game's; and each effect has the sign every published rule-variation
// table gives it (hitting soft 17, 6:5, no DAS, fewer splits and ties to
// the dealer cost the player; surrender, resplitting aces, a Charlie and
// fewer decks pay).
func TestEffects(t *testing.T) {
	r, _ := ParseRules("INF S17 DOA DAS SPL3 NS 3:2 PEEK")
	base, effects, err := Effects(r)
	if err != nil {
		t.Fatal(err)
	}
	sign := map[string]float64{"H17": -1, "6:5": -1, "NDAS": -1, "SPL1": -1, "D10": -1, "TIESLOSE": -1, "8D": +1,
		"LS": +1, "ES": +1, "RSA": +1, "5CC": +1, "1D": +1, "2:1": +1}
	seen := map[string]bool{}
	for i, e := range effects {
		if e.Rules == r || seen[e.Token] {
			t.Errorf("%s: the game itself, or a token twice", e.Token)
		}
		seen[e.Token] = true
		if i > 0 && e.Change > effects[i-1].Change {
			t.Errorf("%s after %s: not sorted by effect", e.Token, effects[i-1].Token)
		}
		if s, ok := sign[e.Token]; ok && s*e.Change <= 0 {
			t.Errorf("%s: effect %+.4f%%, want the sign %+v", e.Token, 100*e.Change, s)
		}
		if e.Token == "H17" {
			v, _ := Solve(e.Rules)
			if math.Abs(v.EV-base.EV-e.Change) > 1e-15 {
				t.Errorf("H17: effect %g, its own solve %g", e.Change, v.EV-base.EV)
			}
		}
	}
	for tok := range sign {
		if !seen[tok] {
			t.Errorf("no variation %s", tok)
		}
	}
}

// TestPayoutEffects: a payout's effect, taken in closed form from the
// game's own solve (the change of payout times the chance of a blackjack
// the dealer does not match: payoutChange), is its own solve's EV and
// best play less the game's, to 1e-15, in finite and infinite shoes, with
// and without a hole card, and where ties lose.
func TestPayoutEffects(t *testing.T) {
	for _, rules := range []string{"1D S17 DAS LS", "1D H17 ENHC", "2D S17 TIESLOSE 6:5", "INF H17 DAS"} {
		r, _ := ParseRules(rules)
		base, err := Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, pays := range []string{"3:2", "6:5", "1:1", "2:1"} {
			p, err := ParseRules(pays)
			if err != nil {
				t.Fatal(err)
			}
			v := r
			if v.BlackjackPays = p.BlackjackPays; v == r {
				continue
			}
			solved, err := Solve(v)
			if err != nil {
				t.Fatal(err)
			}
			d := payoutChange(base, v)
			if e := solved.EV - base.EV - d; math.Abs(e) > 1e-15 {
				t.Errorf("%s, %s: effect %.17g, its own solve %.17g", rules, pays, d, solved.EV-base.EV)
			}
			if e := solved.CDEV[CDZMinus] - base.CDEV[CDZMinus] - d; math.Abs(e) > 1e-15 {
				t.Errorf("%s, %s: best play's effect %.17g, its own solve %.17g", rules, pays, d, solved.CDEV[CDZMinus]-base.CDEV[CDZMinus])
			}
		}
	}
}
