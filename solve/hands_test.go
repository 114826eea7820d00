package solve

import (
	"math"
	"testing"
)

// TestHandValuesMatchSolver values every two-card hand (pairs as hands)
// against every up card on a full shoe with the small per-shoe solver and
// checks stand, hit, double and surrender against the full solver's
// composition-dependent values, to 1e-12: two computations that share
// only the dealer's draw multisets.
func TestHandValuesMatchSolver(t *testing.T) {
	for _, rules := range []string{"2D S17 DAS SPL3 LS", "2D S17 DAS SPL3 LS TIESLOSE 5CC", "2D H17 DAS SPL3 LS P21WINS 4C21=2:1 5C21=3:1"} {
		if !*long {
			rules = "1D" + rules[2:] // one deck without -long
		}
		checkHandValues(t, rules)
	}
}

func checkHandValues(t *testing.T, rules string) {
	r, _ := ParseRules(rules)
	tab, err := Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	full := NewShoe(r.Decks).Counts
	checked := 0
	for _, h := range tab.Hands {
		s := NewHandValues(r, full, h.Up)
		var hand [10]uint8
		hand[h.Cards[0]-1]++
		hand[h.Cards[1]-1]++
		q := s.NoBlackjack(hand) // the table's values are conditioned on no blackjack
		stand, hit, double, surrender := s.Plays(hand)
		for a, w := range map[Action]float64{Stand: stand, Hit: hit, Double: double, Surrender: surrender} {
			if !h.Legal[a] {
				continue
			}
			if got := w / q; math.Abs(got-h.EV[a]) > 1e-12 {
				t.Errorf("%s: %v,%v v %v %v: %.15f, solver %.15f", rules, h.Cards[0], h.Cards[1], h.Up, a, got, h.EV[a])
			}
			checked++
		}
	}
	if checked < 1500 {
		t.Errorf("checked %d values", checked)
	}
}
