package side

import (
	"context"
	"math"
	"testing"
)

// TestEffectsSumToZero checks the effects of removal against their
// defining identity: burning a random card of a full shoe does not change
// what the next cards are, so the EORs weighed by the ranks' shares sum to
// 0 (here to float precision), for every bet.
func TestEffectsSumToZero(t *testing.T) {
	for _, b := range Bets() {
		for _, decks := range []int{1, 6} {
			e, err := RemovalEffects(context.Background(), b, b.Tables[0], decks, Rules{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			sum, scale := 0.0, 0.0
			for g, x := range e.EOR {
				sum += rankWeight[g] / 13 * x
				scale = max(scale, math.Abs(x))
			}
			if math.Abs(sum) > 1e-12*max(scale, 1e-6) {
				t.Errorf("%s decks=%d: weighed EORs sum to %g (largest %g)", b.Name, decks, sum, scale)
			}
			if scale == 0 {
				// Perfect Pairs and Match the Dealer: removing a card of
				// any rank, its suit unknown, leaves a pair's chance (and
				// a match's) as it was: (4d-1)/(52d-1).
				if b != perfectPairs && b != matchTheDealer || e.Level != 0 {
					t.Errorf("%s decks=%d: no effects of removal, level %d", b.Name, decks, e.Level)
				}
				continue
			}
			if e.Level < 1 || e.Correlation < 0.8 {
				t.Errorf("%s decks=%d: tags %v level %d correlate %.3f with the EORs", b.Name, decks, e.Tags, e.Level, e.Correlation)
			}
			t.Logf("%s decks=%d: EOR %.5f%% tags %v (level %d, correlation %.3f)", b.Name, decks, pct(e.EOR), e.Tags, e.Level, e.Correlation)
		}
	}
}

func pct(x [10]float64) [10]float64 {
	for i := range x {
		x[i] *= 100
	}
	return x
}
