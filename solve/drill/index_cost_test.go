package drill

import (
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/count"
)

// TestCountShoe: the shoe an index drill prices its answers on holds
// half the decks' cards, at the Hi-Lo true count asked for.
func TestCountShoe(t *testing.T) {
	tags := [10]int{-1, 1, 1, 1, 1, 1, 0, 0, 0, -1}
	for _, decks := range []int{1, 2, 6, 8} {
		for tc := -8; tc <= 8; tc++ {
			left := CountShoe(decks, tc)
			n, rc := 0, 0
			for r, c := range left {
				n += c
				rc -= tags[r] * c // the dealt cards' count is minus the cards left's
			}
			if n != 26*decks || rc != tc*decks/2 {
				t.Errorf("CountShoe(%d, %+d): %d cards, running count %+d; want %d and %+d", decks, tc, n, rc, 26*decks, tc*decks/2)
			}
		}
	}
}

// TestIndexMissCost: a miss between an index's play and its base costs
// the play's gain at the drill's count, which changes sign at the index:
// 16 v T's stand gains above +0 and loses below (6D S17, no surrender).
func TestIndexMissCost(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS NS")
	var d count.Decision
	for _, x := range count.I18 {
		if x.Hand == "16" && x.Up == 10 {
			d = x
		}
	}
	below, above := count.HandGain(r, d, CountShoe(6, -4)), count.HandGain(r, d, CountShoe(6, 4))
	if !(below < 0 && above > 0) || math.IsNaN(below) {
		t.Errorf("16 v T stand's gain: %+.4f at -4, %+.4f at +4; want it to change sign at the index", below, above)
	}
	x := IndexDrill{Decision: d, Reason: d, Want: "H", Gain: below}
	if g := x.Grade("S"); g.Right || g.Cost != -below {
		t.Errorf("standing at -4: %+v, want a miss costing %.4f", g, -below)
	}
	if g := x.Grade("D"); !math.IsNaN(g.Cost) {
		t.Errorf("doubling 16 v T: cost %v, want it unpriced (NaN)", g.Cost)
	}
}
