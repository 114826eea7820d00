package holdem

import (
	"math"
	"testing"
)

// TestSimulateHeadsUp: heads up, the simulation lands within 4 standard
// errors of the exact equity against a random hand, for a few classes, and
// the same seed gives the same figures.
func TestSimulateHeadsUp(t *testing.T) {
	m, err := LoadMatrix()
	if err != nil {
		t.Fatal(err)
	}
	exact := m.Rows()
	for _, s := range []string{"AA", "72o", "T9s"} {
		c, _ := ParseClass(s)
		est, err := Simulate(c.Hands(), 1, 200_000, 7)
		if err != nil {
			t.Fatal(err)
		}
		if z := (est.Equity - exact[c].Equity()) / est.SE; math.Abs(z) > 4 {
			t.Errorf("%s: simulated %.5f ± %.5f, exact %.5f: %.1f SE apart", s, est.Equity, est.SE, exact[c].Equity(), z)
		}
		again, _ := Simulate(c.Hands(), 1, 200_000, 7)
		if again != est {
			t.Errorf("%s: seed 7 gave %+v, then %+v", s, est, again)
		}
	}
	if _, err := Simulate(nil, 1, 10, 1); err == nil {
		t.Error("no hands: no error")
	}
	if _, err := Simulate([]Hand{{0, 1}}, 10, 10, 1); err == nil {
		t.Error("10 opponents: no error")
	}
}
