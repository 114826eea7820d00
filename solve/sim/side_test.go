package sim_test

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/side"
	"bjchart/solve/sim"
)

// TestSideBetSimulated places a unit of 21+3 and of Perfect Pairs beside
// every round from a continuous shuffler of six decks: each placing's
// exact value on the cards not seen is then the full shoe's (side.Evaluate,
// exact fractions) to the last bit of its mean, and what the placings won
// agrees with it within 3 SE. With a cut card and a trigger on 21+3's own
// count, it is placed only at or above the trigger, and the placings'
// mean exact value is above the full shoe's (the count finds the shoes
// the bet likes).
func TestSideBetSimulated(t *testing.T) {
	rounds := int64(300_000)
	if sim.Long() {
		rounds = 5_000_000
	}
	r, _ := solve.ParseRules("6D H17 DAS LS")
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	chart, _ := sim.NewChart(tab)
	for _, name := range []string{"21+3", "perfect-pairs"} {
		b, _ := side.LookupBet(name)
		settler, err := side.NewValuedSettler(b, b.Tables[0], 6)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := side.Evaluate(b, b.Tables[0], side.NewShoe(6), side.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := sim.Run(context.Background(), sim.Config{Rules: r, Rounds: rounds, Seed: 3, Side: &sim.SidePlay{Name: name, Bet: settler}}, chart, nil)
		if err != nil {
			t.Fatal(err)
		}
		ev, se, _ := res.SideEstimate()
		valued := res.Side.EV / float64(res.Side.EVs)
		if res.Side.Placed != rounds || math.Abs(valued-exact.EV) > 1e-12 {
			t.Errorf("%s: %d placings, valued %.15f a placing; want %d at the full shoe's %.15f", name, res.Side.Placed, valued, rounds, exact.EV)
		}
		if math.Abs(ev-exact.EV) > 3*se {
			t.Errorf("%s: simulated %+.5f ± %.5f a placing, exact %+.5f: %.1f SE apart", name, ev, se, exact.EV, (ev-exact.EV)/se)
		}
	}
	b, _ := side.LookupBet("21+3")
	settler, _ := side.NewValuedSettler(b, b.Tables[0], 6)
	_, tc, err := side.OwnCount(b, b.Tables[0], 6)
	if err != nil {
		t.Fatal(err)
	}
	trigger := 5.0
	res, err := sim.Run(context.Background(), sim.Config{Rules: r, Rounds: rounds, Seed: 3, Penetration: 0.83,
		Side: &sim.SidePlay{Name: "21+3", Bet: settler, Trigger: &trigger, TrueCount: tc}}, chart, nil)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := side.Evaluate(b, b.Tables[0], side.NewShoe(6), side.Rules{})
	share := float64(res.Side.Placed) / float64(res.Side.Rounds)
	if valued := res.Side.EV / float64(res.Side.EVs); share <= 0 || share >= 0.5 || valued <= full.EV+0.01 {
		t.Errorf("21+3 at its own count's +5: placed in %.2f%% of rounds, valued %+.4f a placing; want a few percent of rounds, above the full shoe's %+.4f", 100*share, valued, full.EV)
	}
}
