package sim

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
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
	res, err := Run(context.Background(), Config{Rules: r, Rounds: rounds, Seed: seed}, ch, nil)
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
// aces, surrender, 6:5 and the three hole-card rules at 20M rounds; and
// at 10M (an SE of 0.035%, against effects of 0.2% or more) the variant
// rules: ties that lose (a blackjack against a blackjack under a peek and
// without one), Charlies (one paying 2:1), P21WINS, Spanish decks and
// bonus 21s, the house game's dealer and PUSH22; DANY and RESCUE, which the
// chart never uses.
func TestAgainstSolver(t *testing.T) {
	for i, rules := range []string{
		"6D S17 DAS SPL3",
		"1D H17 NDAS SPL3 RSA HSA LS",
		"2D S17 DAS SPL3 LS ENHC",
		"6D H17 D10 DAS SPL2 ES OBO 6:5",
		"INF S17 DAS SPL3",
		// The variants.
		"2D S17 DAS SPL3 LS TIESLOSE",
		"4D H17 DAS SPL2 ENHC TIESLOSE",
		"2D H17 DAS SPL3 LS 5CC=2:1",
		"1D S17 DAS SPL1 ENHC 6CC",
		"2D H17 DAS SPL3 LS TIESLOSE P21WINS",
		"2D S17 DAS SPL3 LS SPANISH DANY RESCUE", // the chart uses neither
		"1D S17 DAS SPL3 LS SPANISH P21WINS 5C21=3:2 6C21=2:1 7C21=3:1",
		"2D DAS SPL3 TIESLOSE DHIT16=0.4 DHIT17=0.2",
		"6D H17 DAS SPL3 PUSH22 5CC",
	} {
		if !*long && i%2 == 1 {
			continue // every other rule set without -long
		}
		rounds := int64(20_000_000)
		if i >= 5 {
			rounds = 10_000_000
		}
		if !*long {
			rounds /= 10 // 3 SE is then about 0.25% of the bet
		}
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
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two runs with one seed differ: %+v, %+v", a, b)
	}
}

// TestPlayersShareTheShoe: with a continuous shuffler each of four
// players at the table has the chart's exact EV (the others' cards are
// unseen cards), within 3 SE of the rounds (the independent observations).
func TestPlayersShareTheShoe(t *testing.T) {
	if !*long {
		t.Skip("seats sharing a shoe against one seat; -long runs it")
	}
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := NewChart(tab)
	res, err := Run(context.Background(), Config{Rules: r, Rounds: testRounds(5_000_000), Seed: 2, Players: 4}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := res.EV() - tab.EV; math.Abs(d) > 3*res.SE() {
		t.Errorf("4 players: EV %+.5f ± %.5f, exact %+.5f", res.EV(), res.SE(), tab.EV)
	}
	if res.Wins+res.Pushes+res.Losses != 4*res.Rounds {
		t.Errorf("%d rounds but %d player results", res.Rounds, res.Wins+res.Pushes+res.Losses)
	}
}

// TestCountRamp: a count and a ramp change the bets and nothing else:
// with a flat "ramp" the result equals the uncounted one, and Hi-Lo with
// a 1-8 ramp on a dealt shoe gains over flat betting (its EV per unit bet
// rises).
func TestCountRamp(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	hilo := &Count{Name: "hilo", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}, Balanced: true}
	cfg := Config{Rules: r, Rounds: 2_000_000, Seed: 5, Penetration: 0.8}
	flat, _ := Run(context.Background(), cfg, ch, nil)
	cfg.Count, cfg.Ramp = hilo, []Step{{0, 1}}
	counted, _ := Run(context.Background(), cfg, ch, nil)
	if flat.Net != counted.Net || flat.Rounds != counted.Rounds {
		t.Errorf("a flat ramp changed the result: %+v against %+v", counted, flat)
	}
	cfg.Ramp = []Step{{-100, 1}, {2, 2}, {3, 4}, {4, 8}}
	ramped, _ := Run(context.Background(), cfg, ch, nil)
	perUnit := ramped.Net / ramped.Wagered
	flatPerUnit := flat.Net / flat.Wagered
	if perUnit <= flatPerUnit {
		t.Errorf("Hi-Lo 1-8: %.5f per unit wagered, flat %.5f", perUnit, flatPerUnit)
	}
	t.Logf("per unit wagered: flat %+.5f, Hi-Lo 1-8 %+.5f", flatPerUnit, perUnit)
}

// TestCDAgainstSolver plays full composition-dependent play with a fresh
// shoe every round and checks it against the solver's CD EV (splits CDZ-)
// within 3 SE: an independent check of the CD values, exact resplits
// included. One deck, where composition matters most.
func TestCDAgainstSolver(t *testing.T) {
	if !*long {
		t.Skip("composition-dependent play simulated against the solver (TestAgainstSolver keeps the chart in the default run); -long runs it")
	}
	for _, rules := range []string{"1D S17 DAS SPL3", "2D H17 NDAS SPL3 LS ENHC"} {
		if !*long && rules != "1D S17 DAS SPL3" {
			continue // one deck without -long
		}
		r, _ := solve.ParseRules(rules)
		tab, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		cd, err := NewCD(tab)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), Config{Rules: r, Rounds: testRounds(20_000_000), Seed: 11}, cd, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := tab.CDEV[solve.CDZMinus]
		if d := res.EV() - want; math.Abs(d) > 3*res.SE() {
			t.Errorf("%s: CD play simulated %+.5f ± %.5f, exact %+.5f (%.1f SE)", rules, res.EV(), res.SE(), want, d/res.SE())
		} else {
			t.Logf("%s: CD play simulated %+.5f ± %.5f, exact %+.5f (%.1f SE; the chart's %+.5f)", rules, res.EV(), res.SE(), want, d/res.SE(), tab.EV)
		}
	}
}

// TestInsurance insures every hand against an ace under a continuous
// shuffler, 6 decks: the round's EV drops by the insurance's exact cost,
// P(ace up) x half a bet x (3 P(ten in the hole) - 1), with P(ten) =
// (96 - 2 x 96/311) / 309 given the ace and two unseen player cards.
func TestInsurance(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	always := -1000.0
	hilo := &Count{Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}, Balanced: true}
	res, err := Run(context.Background(), Config{Rules: r, Rounds: testRounds(20_000_000), Seed: 3, Count: hilo, InsureAt: &always}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	pTen := (96 - 2*96.0/311) / 309
	want := tab.EV + (1.0/13)*0.5*(3*pTen-1)
	if d := res.EV() - want; math.Abs(d) > 3*res.SE() {
		t.Errorf("always insured: EV %+.5f ± %.5f, exact %+.5f (%.1f SE)", res.EV(), res.SE(), want, d/res.SE())
	}
}

// TestWonging sits out (a bet of 0) below a true count of +1: every
// round dealt is either played or watched, and the played ones carry the
// player's advantage.
func TestWonging(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	hilo := &Count{Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}, Balanced: true}
	res, err := Run(context.Background(), Config{Rules: r, Rounds: 1_000_000, Seed: 4, Penetration: 0.8, Count: hilo, Ramp: []Step{{-100, 0}, {1, 1}}}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds+res.Watched != 1_000_000 || res.Watched == 0 {
		t.Errorf("%d played and %d watched of 1,000,000", res.Rounds, res.Watched)
	}
	if res.EV() < 3*res.SE() {
		t.Errorf("played only from +1: EV %+.5f ± %.5f, want an advantage", res.EV(), res.SE())
	}
}

// TestIndexPlays: an index plays as the counter's card prints it, for
// every hand of its total (IndexWherePrinted): one at a count never
// reached plays its base everywhere, 16 v T hit at any number of cards
// where the chart stands on three; one always reached plays the index's
// play everywhere. Each agrees with the chart with that cell so changed,
// whose EV the solver gives exactly.
func TestIndexPlays(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3")
	s, err := solve.NewSolver(context.Background(), r, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := s.Table()
	ch, _ := NewChart(tab)
	hilo := &Count{Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}, Balanced: true}
	i := slices.IndexFunc(tab.Cells, func(c solve.Cell) bool { return c.Table == solve.Hard && c.Hand == "16" && c.Up == 10 })
	if tab.Cells[i].MultiCard != solve.Stand {
		t.Fatalf("the chart's three-card 16 v T: %v; the test wants a chart that stands", tab.Cells[i].MultiCard)
	}
	for _, tc := range []struct {
		at   float64
		play solve.Action // of every 16 v T hand
	}{{1000, solve.Hit}, {-1000, solve.Stand}} {
		strat := tab.Strategy() // split hands at the limit read this cell too: 8,8 v T, rare enough to stay inside the SE
		strat[i].Code, strat[i].MultiCard = solve.Code{Best: tc.play}, tc.play
		exact, err := s.Evaluate(strat)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{Rules: r, Rounds: testRounds(20_000_000), Seed: 9, Count: hilo, Ramp: []Step{{0, 1}},
			Indices: []IndexPlay{{Total: 16, Up: 10, Base: solve.Hit, Play: solve.Stand, At: tc.at}}}
		res, _ := Run(context.Background(), cfg, ch, nil)
		if d := res.EV() - exact.EV; math.Abs(d) > 3*res.SE() {
			t.Errorf("16 v T index at %+v (every 16 v T %v): simulated %+.5f ± %.5f, exact %+.5f", tc.at, tc.play, res.EV(), res.SE(), exact.EV)
		}
	}
}

// TestSeats seats a chart player beside a composition-dependent one under
// a continuous shuffler: each seat's own result agrees with its exact EV
// within 3 SE, and the table's sums are the seats' sums.
func TestSeats(t *testing.T) {
	r, _ := solve.ParseRules("1D S17 DAS SPL3")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	cd, _ := NewCD(tab)
	res, err := Run(context.Background(), Config{Rules: r, Rounds: testRounds(10_000_000), Seed: 8, Seats: []Player{{Strategy: ch}, {Strategy: cd}}}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{tab.EV, tab.CDEV[solve.CDZMinus]} {
		s := res.Seats[i]
		if d := s.EV() - want; math.Abs(d) > 3*s.SE() || s.Rounds != res.Rounds {
			t.Errorf("seat %d: %d rounds, EV %+.5f ± %.5f, exact %+.5f", i+1, s.Rounds, s.EV(), s.SE(), want)
		}
	}
	if sum := res.Seats[0].Net + res.Seats[1].Net; math.Abs(sum-res.Net) > 1e-6*math.Abs(res.Net)+1e-6 {
		t.Errorf("seats sum to %v, the table to %v", sum, res.Net)
	}
}

// TestStop: a run whose context ends returns the context's error, early.
func TestStop(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Run(ctx, Config{Rules: r, Rounds: 1e12, Seed: 1, Penetration: 0.75}, ch, func(done, total int64) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run after its context ended: %v, want context.Canceled", err)
	}
}

// testRounds is a statistical check's rounds: n with -long, a quarter
// without (its 3 SE are then twice as wide; CI runs the full check).
func testRounds(n int64) int64 {
	if *long {
		return n
	}
	return n / 4
}

// TestTrueCountEstimate: a counter's true count, worked by hand: the
// decks left exactly or to the half or whole deck (never below one step),
// the quotient kept, floored or truncated.
func TestTrueCountEstimate(t *testing.T) {
	for _, tc := range []struct {
		est  Estimate
		rc   float64
		left int
		want float64
	}{
		{Estimate{}, 6, 130, 2.4},                                 // 2.5 decks
		{Estimate{DeckStep: 0.5}, 6, 130, 2.4},                    // 2.5 to the half deck
		{Estimate{DeckStep: 1}, 6, 130, 2},                        // 2.5 rounds to 3 decks
		{Estimate{Round: TCFloor}, 6, 130, 2},                     // 2.4 floored
		{Estimate{DeckStep: 0.5, Round: TCFloor}, -5, 100, -3},    // 1.92 decks is 2: -2.5, floored
		{Estimate{DeckStep: 0.5, Round: TCTruncate}, -5, 100, -2}, // truncated
		{Estimate{DeckStep: 1}, 3, 10, 3},                         // 0.19 decks: never below one
		{Estimate{DeckStep: 0.5}, 3, 10, 6},                       // or half a deck
		{Estimate{}, 3, 0, 0},                                     // no card left
	} {
		c := &Count{Balanced: true, Estimate: tc.est}
		if got := c.TrueCount(tc.rc, tc.left); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%+v: rc %g, %d left: %g, want %g", tc.est, tc.rc, tc.left, got, tc.want)
		}
	}
}
