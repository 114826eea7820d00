package solve

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestChartEVIsEvaluate: ChartEV gives the EV that a whole solve's
// Evaluate gives, to the last bit, for the full-shoe chart and for one
// with index plays (T,T split against 5 and 6, 16 v T stood on, 9,9 stood
// on against 9), on full and deep-dealt shoes under rules that surrender
// early or not at all, hit soft 17, deal no hole card, split once or
// resplit aces (-long: two decks without DAS, five and six decks too).
func TestChartEVIsEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	games := []string{"1D H17 DAS SPL1 LS", "2D S17 DAS RSA ENHC"}
	if *long {
		games = append(games, "2D S17 NDAS NS", "5D H17 DAS ES", "6D S17 DAS SPL3 LS")
	}
	for _, rules := range games {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		basic, err := Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		plain := basic.Strategy()
		played := basic.Strategy()
		set := func(kind TableKind, hand string, up Rank, code Code) {
			for i := range basic.Cells {
				if c := &basic.Cells[i]; c.Table == kind && c.Hand == hand && c.Up == up {
					played[i].Code = code
				}
			}
		}
		set(Pairs, "TT", 5, Code{Best: Split})
		set(Pairs, "TT", 6, Code{Best: Split})
		set(Pairs, "99", 9, Code{Best: Stand})
		set(Hard, "16", 10, Code{Best: Stand})
		full := r.FullShoe()
		dealt := full
		for range full.Total() * 7 / 10 {
			if c := rng.IntN(10); dealt.Counts[c] > 1 {
				dealt.Counts[c]--
			}
		}
		for _, shoe := range []Shoe{full, dealt} {
			sv, err := NewSolver(context.Background(), r, Options{Shoe: &shoe})
			if err != nil {
				t.Fatal(err)
			}
			for name, st := range map[string]Strategy{"chart": plain, "indices": played} {
				want, err := sv.Evaluate(st)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ChartEV(r, shoe, st)
				if err != nil || got != want.EV {
					t.Errorf("%s %v, the %s: ChartEV = %v, %v; want Evaluate's %v", rules, shoe, name, got, err, want.EV)
				}
			}
		}
	}
}
