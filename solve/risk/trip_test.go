package risk

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/sim"
)

// TestTripRuinFormulaAgainstPaths measures when the diffusion formula's
// trip ruin can stand for the simulated paths' share (the bankroll topic
// prints the table): Hi-Lo on 6D S17 DAS LS with risk's own 1-12 ramp,
// trips of 1,000 rounds from 50, 200 and 400 units, with enough trips
// for the paths' SE to resolve the formula's gap (at least 3 SE). The
// formula overstates the ruin of the small banks and understates it at
// 400 units (33 top bets): at none of them is it the figure to read.
func TestTripRuinFormulaAgainstPaths(t *testing.T) {
	if !*long {
		t.Skip("about 300M simulated rounds; run with -long")
	}
	q := DefaultRequest()
	q.Game, q.Shoes, q.Rounds = solve.Game{Rules: "6D S17 DAS LS"}, 60, 4_000_000
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Measure(job.Setup)
	if err != nil {
		t.Fatal(err)
	}
	_, _, units := job.ramp(g)
	played, err := g.Play(units, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	const tripRounds = 1000
	for _, c := range []struct {
		bank  float64
		trips int64
	}{{50, 20_000}, {200, 80_000}, {400, 200_000}} {
		cfg := g.play
		cfg.Ramp = g.Ramp(units)
		cfg.Rounds, cfg.Shards, cfg.StreamBase, cfg.RuinAt = c.trips*tripRounds, int(c.trips), 3<<32, c.bank
		res, err := sim.Run(context.Background(), cfg, g.chart, nil)
		if err != nil {
			t.Fatal(err)
		}
		paths := float64(res.Ruined) / float64(c.trips)
		se := math.Sqrt(paths * (1 - paths) / float64(c.trips))
		formula := TripRuin(played.W, played.V, c.bank, tripRounds)
		gap := (formula - paths) / se
		t.Logf("%g units (%.0f top bets): paths %.4f ± %.4f over %d trips, formula %.4f: %+.1f SE", c.bank, c.bank/units[len(units)-1], paths, se, c.trips, formula, gap)
		if math.Abs(gap) < 3 {
			t.Errorf("%g units: the formula %.4f is within 3 SE of the paths' %.4f ± %.4f, where it was not", c.bank, formula, paths, se)
		}
	}
}
