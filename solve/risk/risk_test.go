package risk

import (
	"context"
	"flag"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/sim"
)

var long = flag.Bool("long", false, "run the slow checks too")

// update is -update: this package has no golden files (cmd/bjchart and
// render do); defined so that one -update can be given to every package.
var _ = flag.Bool("update", false, "rewrite golden files (this package has none)")

// measured is a two-deck game measured once for the tests.
var measured = func() func(t *testing.T) *Game {
	var g *Game
	var err error
	return func(t *testing.T) *Game {
		t.Helper()
		if g == nil && err == nil {
			shoes := 20 // the default run's tests read the simulator's edges; 600 with -long
			if *long {
				shoes = 600
			}
			r, _ := solve.ParseRules("2D S17 DAS LS")
			g, err = Measure(Setup{Rules: r, Count: "hilo", Penetration: 0.75, Shoes: shoes, Rounds: 2_000_000, Seed: 2})
		}
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}()

// TestExactAgainstSimulated: each count's edge from the exact shoes and
// from the simulator's flat-bet rounds agree within 3 combined standard
// errors (counts with at least 8 shoes, 3 or more of them), the
// frequencies add up to one,
// and the edge rises with the count.
func TestExactAgainstSimulated(t *testing.T) {
	if !*long {
		t.Skip("600 exact shoes (about 40 s on two cores), twice; run with -long")
	}
	r, _ := solve.ParseRules("2D S17 DAS LS")
	withIndices, err := Measure(Setup{Rules: r, Count: "hilo", Penetration: 0.75, Shoes: 600, Rounds: 2_000_000, Seed: 3, Indices: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Game{measured(t), withIndices} {
		exactAgainstSimulated(t, g)
	}
}

func exactAgainstSimulated(t *testing.T, g *Game) {
	sum := 0.0
	compared := 0
	for _, b := range g.Bins {
		sum += b.Freq
		if b.Shoes < 8 {
			continue
		}
		compared++
		if z := (b.ShoeEdge - b.SimEdge) / math.Hypot(b.ShoeSE, b.SimSE); math.Abs(z) > 3 {
			t.Errorf("indices %v, count %+d: exact %+.4f ± %.4f, simulated %+.4f ± %.4f: %.1f SE apart", g.Indices, b.Count, b.ShoeEdge, b.ShoeSE, b.SimEdge, b.SimSE, z)
		}
	}
	if compared < 3 || math.Abs(sum-1) > 1e-9 {
		t.Errorf("%d counts compared; frequencies add up to %v", compared, sum)
	}
	if g.B < 0.003 || g.B > 0.008 {
		t.Errorf("edge rises %+.4f a count; want about half a percent (Hi-Lo)", g.B)
	}
}

// TestRampLocallyOptimal: the ramp beats every one-chip change of one
// count's bet in SCORE, bets nothing below the wong-out, stays within the
// table; a ramp moved off it is not locally optimal.
func TestRampLocallyOptimal(t *testing.T) {
	if !*long {
		t.Skip("every bet of a ramp moved alone, each played; -long runs it")
	}
	g := measured(t)
	w := -1.0
	for _, tab := range []Table{{Min: 10, Max: 120, Chip: 5}, {Min: 25, Max: 100, Chip: 5, WongOut: &w}} {
		bets, _ := Optimize(g.Plain(), tab)
		if !LocallyOptimal(g.Plain(), tab, bets) {
			t.Errorf("%+v: ramp %v is not locally optimal", tab, bets)
		}
		for i, b := range g.Bins {
			switch {
			case tab.WongOut != nil && float64(b.Count) < w && bets[i] != 0:
				t.Errorf("count %+d below the wong-out bets %v", b.Count, bets[i])
			case (tab.WongOut == nil || float64(b.Count) >= w) && (bets[i] < tab.Min || bets[i] > tab.Max):
				t.Errorf("count %+d bets %v outside %v-%v", b.Count, bets[i], tab.Min, tab.Max)
			}
		}
		worse := append([]float64(nil), bets...)
		worse[len(worse)-1] = tab.Min // the best count at the minimum
		if LocallyOptimal(g.Plain(), tab, worse) {
			t.Errorf("%+v: ramp %v called locally optimal", tab, worse)
		}
	}
}

// TestRuinAgainstPaths: the chance of losing a bank within n rounds, from
// the ramp's win rate and variance by the diffusion formula, against the
// simulator playing the same ramp: the share of 2,000 bankroll paths
// ruined lies within 3 of its standard errors (plus the formula's own
// bias from bets landing past the bank, a third of a bet's worth), at
// banks of 7.5 and 15 top bets. Four million rounds: -long runs it
// (TestFormulas checks the formulas against each other in every run).
func TestRuinAgainstPaths(t *testing.T) {
	if !*long {
		t.Skip("4M simulated rounds; run with -long")
	}
	g := measured(t)
	bins := g.Plain()
	tab := Table{Min: 1, Max: 8, Chip: 1}
	bets, _ := Optimize(bins, tab)
	w, v := Moments(bins, bets)
	r, _ := solve.ParseRules("2D S17 DAS LS")
	basic, _ := solve.Solve(r)
	chart, _ := sim.NewChart(basic)
	cnt, _ := sim.ParseCount("hilo", 2)
	ramp := g.Ramp(bets)
	const paths, n = 2000, 1000
	banks := []float64{60, 120} // 7.5 top bets, where the formula errs most, and 15
	for _, bank := range banks {
		res, err := sim.Run(context.Background(), sim.Config{Rules: r, Rounds: paths * n, Shards: paths, Seed: 9, Penetration: 0.75, Players: 1,
			Count: cnt, Ramp: ramp, RuinAt: bank}, chart, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The ramp's win rate and SD a round, as the model has them, against
		// the simulator's rounds.
		if z := (res.EV() - w) / res.SE(); math.Abs(z) > 3 {
			t.Errorf("win rate: model %+.4f, simulated %+.4f ± %.4f", w, res.EV(), res.SE())
		}
		if sd := res.SD(); math.Abs(sd-math.Sqrt(v)) > 0.02*sd {
			t.Errorf("SD: model %.4f, simulated %.4f", math.Sqrt(v), sd)
		}
		got := float64(res.Ruined) / paths
		want := TripRuin(w, v, bank, n)
		se := math.Sqrt(want * (1 - want) / paths)
		// A bank of B+d (d the mean overshoot, about a third of a bet)
		// brackets the discrete game's ruin.
		lower := TripRuin(w, v, bank+tab.Max/3, n)
		if got < lower-3*se || got > want+3*se {
			t.Errorf("bank %v, %d rounds: %.4f of paths ruined; the formula %.4f (%.4f with the overshoot) ± %.4f", bank, n, got, want, lower, se)
		}
		t.Logf("bank %v: simulated %.4f, formula %.4f (overshoot %.4f), SE %.4f; risk of ruin ever %.4f", bank, got, want, lower, se, RiskOfRuin(w, v, bank))
	}
}

// TestFormulas: the risk of ruin, the bankroll for a risk and the trip
// ruin agree with each other: the bankroll for r has risk r; a trip long
// enough is the risk of ruin; a losing game is ruined for sure.
func TestFormulas(t *testing.T) {
	w, v := 0.02, 1.3*25
	b := BankrollFor(w, v, 0.05)
	if r := RiskOfRuin(w, v, b); math.Abs(r-0.05) > 1e-12 {
		t.Errorf("bankroll for 5%%: %v, whose risk is %v", b, r)
	}
	if long, ever := TripRuin(w, v, b, 1e9), RiskOfRuin(w, v, b); math.Abs(long-ever) > 1e-6 {
		t.Errorf("a trip of 1e9 rounds: %v; risk of ruin %v", long, ever)
	}
	if RiskOfRuin(-0.01, v, 1e6) != 1 || !math.IsInf(BankrollFor(0, v, 0.05), 1) {
		t.Error("a losing game")
	}
}

// TestPlayedAgainstBins: the ramp played by the simulator on streams of
// its own wins what the bins' edges, frequencies and bets say it should,
// within 3 combined standard errors, with the chart alone and with the
// index plays (made at the decision in both). With -long it also plays
// its trips of 1,000 rounds (as many as tripsFor says): the diffusion formula, which the
// discrete game's overshoot past the bank and its heavier tails do not
// follow, overstates their ruin; the paths must not lie above it.
func TestPlayedAgainstBins(t *testing.T) {
	if !*long {
		t.Skip("ramps played against the bins' estimate; -long runs it")
	}
	games := []*Game{measured(t)}
	var tripRounds int64
	if *long { // the index plays' game and the trips: about 20 s more
		r, _ := solve.ParseRules("2D S17 DAS LS")
		withIndices, err := Measure(Setup{Rules: r, Count: "hilo", Penetration: 0.75, Shoes: 20, Rounds: 2_000_000, Seed: 4, Indices: true})
		if err != nil {
			t.Fatal(err)
		}
		games, tripRounds = append(games, withIndices), 1000
	}
	tab := Table{Min: 1, Max: 8, Chip: 1}
	for _, g := range games {
		bins := g.Plain()
		bets, _ := Optimize(bins, tab)
		p, err := g.Play(bets, 40, tripRounds)
		if err != nil {
			t.Fatal(err)
		}
		model, _ := Moments(bins, bets)
		var se2 float64
		for i, b := range g.Bins {
			se2 += math.Pow(b.Freq*bets[i]*b.SimSE, 2)
		}
		if z := (p.W - model) / math.Sqrt(se2+p.SEW*p.SEW); math.Abs(z) > 3 {
			t.Errorf("indices %v: played %+.5f ± %.5f a round, the bins say %+.5f ± %.5f: %.1f SE apart", g.Indices, p.W, p.SEW, model, math.Sqrt(se2), z)
		}
		if tripRounds == 0 {
			continue
		}
		got, se := p.TripRuin()
		formula := TripRuin(p.W, p.V, 40, 1000)
		if p.Trips != g.tripsFor(bets, 40, 1000) || got > formula+3*se {
			t.Errorf("indices %v: %d trips, %.4f ± %.4f ruined; the formula %.4f", g.Indices, p.Trips, got, se, formula)
		}
		t.Logf("indices %v: trips of 1,000 rounds from 40 units: %.4f ± %.4f ruined, the formula %.4f (%.1f SE above)", g.Indices, got, se, formula, (formula-got)/se)
	}
}

// TestOneDeckBins: at one deck the true count never falls in [-1, 0), so
// a bin there would have no rounds and no edge; every bin kept has
// rounds, and every figure of every bin is a number (an empty bin once
// made every edge of the game NaN).
func TestOneDeckBins(t *testing.T) {
	r, err := solve.ParseRules("1D S17 DAS LS")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Measure(Setup{Rules: r, Count: "hilo", Penetration: 0.75, Shoes: 20, Rounds: 100_000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range g.Bins {
		if b.Rounds == 0 || math.IsNaN(b.Edge) || math.IsNaN(b.SimEdge) || math.IsNaN(b.Var) {
			t.Errorf("count %d: %d rounds, edge %v, simulated %v, variance %v", b.Count, b.Rounds, b.Edge, b.SimEdge, b.Var)
		}
	}
}

func FuzzParseSpread(f *testing.F) {
	for _, s := range []string{"1-12", "1-1", "12-1", "0-5", "1-10001", "a-b", "", "1.5-8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := ParseSpread(s)
		if err == nil && !(lo >= 1 && hi >= lo && hi <= 10000) {
			t.Errorf("%q: %v-%v", s, lo, hi)
		}
	})
}

// TestUnbalancedCount: KO's game is binned by its running count from its
// initial count (4 - 4 x decks: -4 at two decks): the bins cover the
// initial count, their frequencies add up to one, the edge the bets go by
// rises with the count and crosses zero, and the ramp bets the minimum
// where the edge is not positive, rises with the count, and bets more
// than the minimum at the top. Each count's exact and
// simulated edges agree within 3 SE under -long (exactAgainstSimulated).
func TestUnbalancedCount(t *testing.T) {
	r, _ := solve.ParseRules("2D S17 DAS LS")
	shoes, rounds := 20, int64(100_000)
	if *long {
		shoes, rounds = 300, 2_000_000
	}
	g, err := Measure(Setup{Rules: r, Count: "ko", Penetration: 0.75, Shoes: shoes, Rounds: rounds, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Running {
		t.Fatal("KO measured as a balanced count")
	}
	sum, covers := 0.0, false
	for i, b := range g.Bins {
		sum += b.Freq
		covers = covers || b.Count == -4
		if i > 0 && b.Edge < g.Bins[i-1].Edge {
			t.Errorf("count %+d: edge %+.4f below the count below's %+.4f", b.Count, b.Edge, g.Bins[i-1].Edge)
		}
	}
	first, last := g.Bins[0], g.Bins[len(g.Bins)-1]
	if !covers || math.Abs(sum-1) > 1e-9 || first.Edge >= 0 || last.Edge <= 0 {
		t.Fatalf("bins %+d..%+d (initial count -4 in them: %v), frequencies %v, edges %+.4f..%+.4f", first.Count, last.Count, covers, sum, first.Edge, last.Edge)
	}
	tab := Table{Min: 10, Max: 80, Chip: 5}
	bets, _ := Optimize(g.Plain(), tab)
	for i, b := range g.Bins {
		if (b.Edge <= 0 && bets[i] != tab.Min) || (i > 0 && bets[i] < bets[i-1]) {
			t.Errorf("count %+d, edge %+.4f: bet %v", b.Count, b.Edge, bets[i])
		}
	}
	if bets[len(bets)-1] <= tab.Min {
		t.Errorf("the top count %+d bets the minimum", last.Count)
	}
	if *long {
		exactAgainstSimulated(t, g)
	}
}
