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

// TestPlannedHandValuesAreHands: hands valued from a hand plan (their
// values kept by place) equal the same hands valued by hand (kept in
// maps), bit for bit, on a full shoe and a depleted one, under rules
// where hands of three or more cards double, rescue or make a Charlie.
func TestPlannedHandValuesAreHands(t *testing.T) {
	for _, rules := range []string{"6D S17 DAS LS", "2D H17 DAS DANY RESCUE", "1D S17 DAS 5CC"} {
		r, _ := ParseRules(rules)
		full := NewShoe(r.Decks).Counts
		depleted := full
		depleted[9] -= 4 * r.Decks // tens out: a shoe that cannot deal some planned hands as often
		depleted[0] -= r.Decks
		for _, shoe := range [][10]int{full, depleted} {
			for up := Rank(1); up <= 10; up++ {
				var start [][10]uint8
				for a := 2; a <= 10; a++ {
					for b := a + 1; b <= 10; b++ {
						var h [10]uint8
						h[a-1]++
						h[b-1]++
						start = append(start, h)
					}
				}
				planned := NewHandValues(r, shoe, up)
				planned.PrepareFrom(NewHandPlan(r, up, start...))
				byHand := NewHandValues(r, shoe, up)
				for _, h := range start {
					s1, h1, d1, r1 := planned.Plays(h)
					s2, h2, d2, r2 := byHand.Plays(h)
					if s1 != s2 || h1 != h2 || d1 != d2 || r1 != r2 {
						t.Errorf("%s, %v v %v: planned %v %v %v %v, by hand %v %v %v %v", rules, h, up, s1, h1, d1, r1, s2, h2, d2, r2)
					}
				}
			}
		}
	}
}
