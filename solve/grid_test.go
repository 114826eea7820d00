package solve

import (
	"math"
	"testing"
)

// TestFiniteInvariants checks, over a grid of rule sets on one and two
// decks: dealer outcomes sum to one; composition-dependent play is at least
// as good as the chart; and a more liberal rule never lowers the EV.
func TestFiniteInvariants(t *testing.T) {
	ev := map[string]*Table{}
	solve := func(rules string) *Table {
		if tab, ok := ev[rules]; ok {
			return tab
		}
		tab := mustSolve(t, rules)
		ev[rules] = tab
		return tab
	}
	for _, decks := range []string{"1D", "2D"} {
		if !*long && decks == "2D" {
			break // one deck without -long
		}
		for _, dealer := range []string{"S17", "H17"} {
			base := decks + " " + dealer
			for _, pair := range []struct{ liberal, strict string }{
				{"DAS", "NDAS"},
				{"SPL3", "SPL1"},
				{"RSA", ""},
				{"LS", "NS"},
			} {
				lib, str := solve(base+" "+pair.liberal), solve(base+" "+pair.strict)
				for name, get := range map[string]func(*Table) float64{
					"chart": func(t *Table) float64 { return t.EV },
					"CDZ-":  func(t *Table) float64 { return t.CDEV[CDZMinus] },
					"CDP1":  func(t *Table) float64 { return t.CDEV[CDP1] },
				} {
					if get(lib) < get(str)-1e-12 {
						t.Errorf("%s %s: %s EV %.6f%% below %s's %.6f%%", base, pair.liberal, name, 100*get(lib), pair.strict, 100*get(str))
					}
				}
			}
		}
	}
	for rules, tab := range ev {
		for i, d := range tab.Dealer {
			if math.Abs(d.Sum()-1) > 1e-12 {
				t.Errorf("%s: dealer %v outcomes sum to %.15f", rules, Rank(i+1), d.Sum())
			}
		}
		for s, cd := range tab.CDEV {
			if cd < tab.EV-1e-12 {
				t.Errorf("%s: CD EV (%v) %.6f%% below the chart's %.6f%%", rules, SplitStrategy(s), 100*cd, 100*tab.EV)
			}
		}
	}
}

// TestInfiniteDeckLimit checks that many decks approach the infinite deck:
// 8 decks within 0.1 percentage points, 10,000 within 0.001.
func TestInfiniteDeckLimit(t *testing.T) {
	if !*long {
		t.Skip("solves large shoes; -long runs it")
	}
	inf := mustSolve(t, "INF S17 DAS").EV
	for _, tc := range []struct {
		rules string
		tol   float64 // percentage points
	}{
		{"8D S17 DAS", 0.1},
		{"10000D S17 DAS", 0.001},
	} {
		tab := mustSolve(t, tc.rules)
		for _, ev := range []float64{tab.EV, tab.CDEV[CDZMinus], tab.CDEV[CDP1]} {
			if d := 100 * math.Abs(ev-inf); d > tc.tol {
				t.Errorf("%s: EV %.6f%%, infinite deck %.6f%%: %.4f points apart, want within %v", tc.rules, 100*ev, 100*inf, d, tc.tol)
			}
		}
	}
}
