package side

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestValuer checks the float valuation against Evaluate's exact one on
// random rank-only shoes, for every bet on the first cards and each of
// its tables.
func TestValuer(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, b := range bets() {
		if b.dealer {
			continue // settled on the dealer's whole hand: no valuer
		}
		for _, tb := range b.Tables {
			for _, decks := range []int{1, 6} {
				v, err := newValuer(b, tb, decks)
				if err != nil {
					t.Fatal(err)
				}
				shoes := 5
				if b.size() == 4 && testing.Short() {
					shoes = 2
				}
				for i := range shoes {
					var ranks [10]int
					for g := range ranks {
						full := fullGroup(g, decks)
						ranks[g] = full - rng.IntN(full/2+1)
					}
					if i == 0 {
						ranks = v.full
					}
					s, err := RankShoe(decks, ranks)
					if err != nil {
						t.Fatal(err)
					}
					r, err := Evaluate(b, tb, s, Rules{})
					if err != nil {
						t.Fatal(err)
					}
					if got := v.value(ranks); math.Abs(got-r.EV) > 1e-12 {
						t.Errorf("%s %s %dD %v: value = %.15f, Evaluate %.15f", b.Name, tb.Name, decks, ranks, got, r.EV)
					}
				}
			}
		}
	}
}
