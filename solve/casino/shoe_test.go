package casino

import (
	"math"
	"math/rand/v2"
	"testing"

	"bjchart/solve"
)

// TestRandNUniform checks the hand-written bounded draw against the
// uniform distribution with a chi-square statistic over the values (small
// bounds) or their residues mod 12 (large ones), for small bounds and
// for a bound (3 x 2^30) where a quarter of the raw values are rejected,
// which exercises randSlow. The limit is the chi-square quantile at
// p = 1e-6 for the degrees of freedom (Wilson-Hilferty), so a correct
// generator fails it once in a million seeds.
func TestRandNUniform(t *testing.T) {
	s := &Shoe{rng: rand.NewPCG(1, 2)}
	const draws = 300_000
	for _, n := range []int{1, 2, 3, 7, 52, 312, 3 << 30} {
		cells := n  // large bounds (multiples of 12): the residues mod 12,
		if n > 64 { // where a multiply-shift without rejection shows its bias
			cells = 12
		}
		counts := make([]float64, cells)
		for range draws {
			v := s.RandN(n)
			if v < 0 || v >= n {
				t.Fatalf("randN(%d) = %d", n, v)
			}
			counts[v%cells]++
		}
		chi2, want := 0.0, float64(draws)/float64(cells)
		for _, c := range counts {
			chi2 += (c - want) * (c - want) / want
		}
		df := float64(cells - 1)
		limit := 0.0
		if df > 0 {
			const z = 4.753 // standard normal quantile at 1 - 1e-6
			a := 2 / (9 * df)
			limit = df * math.Pow(1-a+z*math.Sqrt(a), 3)
		}
		if chi2 > limit {
			t.Errorf("randN(%d): chi-square %.1f on %g df, limit %.1f", n, chi2, df, limit)
		}
	}
}

// TestDealtOrderUniform deals three cards from a three-card shoe many
// times, shuffling as it deals, and checks that all six orders come up
// equally often (chi-square, p = 1e-6 as above).
func TestDealtOrderUniform(t *testing.T) {
	s := NewShoe(solve.Shoe{Counts: [10]int{1, 1, 1}}, false, 0, rand.NewPCG(3, 4))
	const deals = 600_000
	counts := map[[3]Card]float64{}
	for range deals {
		s.pos = 0
		counts[[3]Card{s.step(), s.step(), s.step()}]++
	}
	if len(counts) != 6 {
		t.Fatalf("%d orders seen, want 6: %v", len(counts), counts)
	}
	chi2, want := 0.0, deals/6.0
	for _, c := range counts {
		chi2 += (c - want) * (c - want) / want
	}
	if limit := 33.4; chi2 > limit { // chi-square quantile, 5 df, p = 1e-6
		t.Errorf("orders %v: chi-square %.1f, limit %.1f", counts, chi2, limit)
	}
}
