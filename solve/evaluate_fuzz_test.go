package solve

import (
	"context"
	"math"
	"testing"
)

// FuzzEvaluateDepletedShoe solves a depleted shoe of one or two decks,
// down to one card of a rank, and values the full shoe's chart on it, as
// a counter's sampled shoes are valued (risk, indices). It checks that
// neither panics and every EV is finite. Build 0438fe3 panicked here on a
// surrender game whose shoe could no longer deal a pair the chart
// surrenders (risk on 2D H17 DAS ES).
func FuzzEvaluateDepletedShoe(f *testing.F) {
	f.Add([]byte{1, 4, 4, 4, 4, 4, 4, 4, 4, 16}, uint8(0))
	f.Add([]byte{4, 4, 4, 4, 4, 4, 4, 1, 4, 16}, uint8(5)) // one 8 left: no 8,8 to surrender
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, uint8(3))
	f.Add([]byte{8, 8, 8, 8, 8, 8, 8, 8, 1, 32}, uint8(7))
	f.Add([]byte{2, 8, 1, 8, 3, 8, 8, 1, 8, 5}, uint8(2))
	games := []string{"1D S17 DAS LS", "1D H17 DAS LS", "1D H17 DAS ES", "2D S17 NDAS ES",
		"2D H17 DAS ES", "1D S17 ENHC ES SPL1", "2D H17 LS SPL2 6:5", "2D S17 DAS ES RSA"}
	f.Fuzz(func(t *testing.T, counts []byte, game uint8) {
		if len(counts) < 10 {
			return
		}
		r, err := ParseRules(games[int(game)%len(games)])
		if err != nil {
			t.Fatal(err)
		}
		full := r.FullShoe()
		var shoe Shoe
		for i := range shoe.Counts {
			shoe.Counts[i] = 1 + int(counts[i])%full.Counts[i]
		}
		if shoe.Validate() != nil {
			return
		}
		chart, err := Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []Options{{Shoe: &shoe}, {Shoe: &shoe, HandsOnly: true}} {
			s, err := NewSolver(context.Background(), r, opt)
			if err != nil {
				t.Fatalf("%v on %v: %v", r, shoe, err)
			}
			tab, err := s.Evaluate(chart.Strategy())
			if err != nil {
				t.Fatalf("%v on %v: %v", r, shoe, err)
			}
			if math.IsNaN(tab.EV) || math.IsInf(tab.EV, 0) {
				t.Errorf("%v on %v: EV %v", r, shoe, tab.EV)
			}
		}
	})
}
