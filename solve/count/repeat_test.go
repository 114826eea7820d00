package count

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAgreeAgainstDraws holds Agree to draws: a truth normal about the
// crossing with its SE, then two runs' crossings normal about the truth
// with the SE over the square root of k, rounded by each convention; the
// share of pairs that round alike, within 4 of its standard errors. It
// fails on a convention's cells taken from another (floor's for
// truncate's, floor's for nearest's) and on runs that ignore k (tried).
func TestAgreeAgainstDraws(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const pairs = 200_000
	for _, r := range []Rounding{Nearest, Floor, Truncate} {
		for _, c := range []struct{ x, se, k float64 }{
			{3.0, 0.1, 1}, {3.5, 0.05, 1}, {-2.3, 0.4, 1}, {-0.6, 0.3, 4}, {0.2, 0.5, 1}, {6.8, 1.5, 16}, {-4.95, 0.02, 64}, {1.4, 0.2, 8},
		} {
			same := 0
			for range pairs {
				truth := c.x + c.se*rng.NormFloat64()
				s := c.se / math.Sqrt(c.k)
				if r.Round(truth+s*rng.NormFloat64()) == r.Round(truth+s*rng.NormFloat64()) {
					same++
				}
			}
			got, drawn := r.Agree(c.x, c.se, c.k), float64(same)/pairs
			se := math.Sqrt(max(drawn*(1-drawn), 1.0/pairs) / pairs) // a share of 1 still has a draw's uncertainty
			if math.Abs(got-drawn) > 4*se {
				t.Errorf("%v x %g se %g k %g: Agree %.4f, draws %.4f ± %.4f", r, c.x, c.se, c.k, got, drawn, se)
			}
		}
	}
	if got := Nearest.Agree(3, 0, 1); got != 1 {
		t.Errorf("no error: Agree %g, want 1", got)
	}
	if got := Nearest.Agree(3, 1e6, 1); got != 0 {
		t.Errorf("an SE of a million: Agree %g, want 0", got)
	}
}

// TestRepeatOf checks the share over a run's placed indices and the
// shoes it takes to reach 95%.
func TestRepeatOf(t *testing.T) {
	xs := []Index{
		{Index: 2.0, SE: 0.01},              // settled
		{Index: 3.45, SE: 0.05},             // near a boundary
		{Index: math.NaN(), SE: math.NaN()}, // no crossing: left out
		{Index: 1, SE: 0.1, Never: true},    // left out
		{Index: 1, SE: 2, NotEstimable: "SE above 1"},
	}
	share := func(k float64) float64 { return (Nearest.Agree(2, 0.01, k) + Nearest.Agree(3.45, 0.05, k)) / 2 }
	got := Nearest.RepeatOf(xs, 200)
	if got.Indices != 2 || math.Abs(got.Share-share(1)) > 1e-15 {
		t.Fatalf("RepeatOf = %+v, want 2 indices and share %g", got, share(1))
	}
	if got.Shoes95 <= 200 || got.Shoes95%100 != 0 {
		t.Fatalf("Shoes95 %d: want a hundred-rounded count above the run's 200", got.Shoes95)
	}
	k := float64(got.Shoes95) / 200
	if s := share(k); s < repeatTarget {
		t.Errorf("at %d shoes the share is %.4f, under 95%%", got.Shoes95, s)
	}
	if s := share(k - 1); s >= repeatTarget {
		t.Errorf("at %g shoes the share is already %.4f: %d is too many", 200*(k-1), s, got.Shoes95)
	}
	if r := Nearest.RepeatOf(xs[:1], 600); r.Shoes95 != 600 || r.Share < repeatTarget {
		t.Errorf("a settled index: %+v, want its own 600 shoes", r)
	}
	if r := Nearest.RepeatOf([]Index{{Index: 3.5, SE: 1e-4}}, 100); r.Shoes95 != 0 {
		t.Errorf("a crossing known to lie on a boundary never repeats 95%%: %+v, want 0 shoes", r)
	}
}
