package sim

import (
	"math"
	"testing"

	"bjchart/solve"
)

// simulate plays rounds of the solved chart with a continuous shuffler.
func simulate(t testing.TB, rules string, rounds int64, seed uint64) (Result, *solve.Table) {
	t.Helper()
	r, err := solve.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := NewChart(tab)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(Config{Rules: r, Rounds: rounds, Seed: seed}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, tab
}

// TestAgainstSolver plays the solved chart with a fresh full shoe every
// round (the solver's assumption) and checks the simulated EV against the
// chart's exact EV within 3 standard errors (a fixed seed: the test fails
// by chance with probability 0.27% per rule set, and then always for that
// seed, so a failure means a change, not luck). The rule sets exercise
// every rule the simulator plays: decks, H17, doubling, DAS, resplits and
// aces, surrender, 6:5 and the three hole-card rules.
func TestAgainstSolver(t *testing.T) {
	const rounds = 20_000_000
	for _, rules := range []string{
		"6D S17 DAS SPL3",
		"1D H17 NDAS SPL3 RSA HSA LS",
		"2D S17 DAS SPL3 LS ENHC",
		"6D H17 D10 DAS SPL2 ES OBO 6:5",
		"INF S17 DAS SPL3",
	} {
		res, tab := simulate(t, rules, rounds, 1)
		if d := res.EV() - tab.EV; math.Abs(d) > 3*res.SE() {
			t.Errorf("%s: simulated EV %+.5f ± %.5f, exact %+.5f (%.1f SE apart)", rules, res.EV(), res.SE(), tab.EV, d/res.SE())
		} else {
			t.Logf("%s: simulated %+.5f ± %.5f, exact %+.5f (%.1f SE)", rules, res.EV(), res.SE(), tab.EV, d/res.SE())
		}
	}
}

// TestDeterministic checks that a seed gives the same result whatever the
// number of cores.
func TestDeterministic(t *testing.T) {
	a, _ := simulate(t, "6D S17 DAS", 100_000, 7)
	b, _ := simulate(t, "6D S17 DAS", 100_000, 7)
	if a != b {
		t.Errorf("two runs with one seed differ: %+v, %+v", a, b)
	}
}
