package sim

import (
	"bjchart/solve/casino"
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"bjchart/solve"
)

// position returns a table at a decision against up card up, the cards
// unseen those of unseen (the hand and the up card out of them).
func position(r solve.Rules, unseen [10]int, up int) *table {
	t := newTable(r, casino.NewDeck(rand.NewPCG(1, 2)), nil)
	t.up = up
	t.shoe.SetCards(unseen)
	return t
}

// fullLess returns a full shoe of decks with the cards out.
func fullLess(decks int, out ...int) [10]int {
	m := solve.NewShoe(decks).Counts
	for _, c := range out {
		m[c-1]--
	}
	return m
}

// TestOptimalOnFullShoeIsCD: on a full shoe, the optimal player's every
// first decision equals the solver's composition-dependent best play for
// the two cards, and its every decision on three or more cards (hit,
// stand, and under DANY double) equals the solver's; under RESCUE both
// value doubles with their rescues. The two values come from different
// computations (solve.HandValues and solve.PairPlays here, the whole
// table's hand graphs there).
func TestOptimalOnFullShoeIsCD(t *testing.T) {
	if !*long {
		t.Skip("the optimal player simulated against composition-dependent play (TestAgainstSolver keeps the simulator against the solver in the default run); -long runs it")
	}
	for _, rules := range []string{"1D S17 DAS SPL3 LS", "2D H17 NDAS SPL1 NS", "1D H17 DAS SPL3 LS DANY RESCUE"} {
		r, _ := solve.ParseRules(rules)
		tab, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		o := NewOptimal(r)
		firsts, hits := 0, 0
		for _, h := range tab.Hands {
			a, b, up := int(h.Cards[0]), int(h.Cards[1]), int(h.Up)
			tb := position(r, fullLess(r.Decks, a, b, up), up)
			if got := o.first(tb, a, b, false, tb.firstOptions(a, b)); got != h.Best {
				t.Errorf("%s: %v,%v v %v: optimal %v, solver %v (EVs %v)", rules, h.Cards[0], h.Cards[1], h.Up, got, h.Best, h.EV)
			}
			firsts++
		}
		for _, c := range tab.Compositions {
			var hd hand
			var out []int
			for _, x := range c.Cards() {
				hd.Add(casino.NewCard(int(x), 0))
				out = append(out, int(x))
			}
			tb := position(r, fullLess(r.Decks, append(out, int(c.Up))...), int(c.Up))
			got := solve.Stand
			switch {
			case r.DoubleAny && o.doubleMore(tb, &hd):
				got = solve.Double
			case o.hit(tb, &hd):
				got = solve.Hit
			}
			if got != c.Best {
				t.Errorf("%s: %v v %v: optimal %v, solver %v", rules, c.Cards(), c.Up, got, c.Best)
			}
			hits++
		}
		if firsts < 500 || hits < 1000 {
			t.Errorf("%s: %d first decisions, %d hit decisions checked", rules, firsts, hits)
		}
	}
}

// TestOptimalBeatsChart plays the same shoes (same seed) by the solved
// chart and by the optimal player, one deck dealt to 80%, where knowing
// the cards is worth most. Optimal must not do worse beyond noise: its
// EV minus the chart's above -3 SE of the difference (the runs are
// independent enough past the first differing decision to treat them as
// independent, which overstates the SE and makes the check lenient). It
// also must do better than the chart by more than its SE: one deck's
// depletion is worth about 1% (the 1D CD EV's gain over a fresh shoe is
// far smaller; this is the count's).
func TestOptimalBeatsChart(t *testing.T) {
	if !*long {
		t.Skip("plays 20k rounds with the exact player; run with -long")
	}
	r, _ := solve.ParseRules("1D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	cfg := Config{Rules: r, Rounds: 20_000, Seed: 14, Penetration: 0.8}
	chart, err := Run(context.Background(), cfg, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Run(context.Background(), cfg, NewOptimal(r), nil)
	if err != nil {
		t.Fatal(err)
	}
	d := opt.EV() - chart.EV()
	se := math.Hypot(opt.SE(), chart.SE())
	t.Logf("chart %+.4f ± %.4f, optimal %+.4f ± %.4f, difference %+.4f ± %.4f", chart.EV(), chart.SE(), opt.EV(), opt.SE(), d, se)
	if d < -3*se {
		t.Errorf("optimal does worse than the chart: %+.4f ± %.4f", d, se)
	}
}

// TestEMCTSFindsClearPlays: with a large budget, the search picks the
// exact best play where the best two plays are far apart (6D S17 DAS
// SPL3 LS, full shoe): T,T v 6 stands (split and double are far worse),
// 5,6 v 6 doubles.
func TestEMCTSFindsClearPlays(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	for _, reward := range []Reward{WinLose, Table7} {
		e, err := NewEMCTS(r, ch, EMCTSParams{Playouts: 100_000, C: map[Reward]float64{WinLose: 1, Table7: 3}[reward], Reward: reward})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range clearPlays {
			tie := solve.NoAction
			if reward == WinLose && c.want == solve.Double {
				// Win/lose cannot see a double's worth: hitting 11 wins
				// at least as often as doubling it (it may draw again;
				// against a 6 the chart stands on every total it makes,
				// and the two win exactly as often), so its search takes
				// either. TestEMCTSRewardsDiffer has more.
				c.want, tie = solve.Hit, solve.Double
			}
			if best := tab.Hand([2]solve.Rank{c.a, c.b}, c.up).Best; best != c.want && reward == Table7 {
				t.Fatalf("the solver plays %v,%v v %v %v, not %v", c.a, c.b, c.up, best, c.want)
			}
			got := e.Decide([]solve.Rank{c.a, c.b}, c.up, fullLess(6, int(c.a), int(c.b), int(c.up)))
			if got != c.want && got != tie {
				t.Errorf("%v: %v,%v v %v: eMCTS %v, exact %v", reward, c.a, c.b, c.up, got, c.want)
			}
		}
	}
}

// TestEMCTSRewardsDiffer shows the two rewards choosing differently: 9,7
// v T with late surrender. Surrender never wins, so its win/lose reward
// is 0 and win/lose takes hit or stand, which win about a quarter of the
// time. Table 7's reward is linear in the result (4 + 2 x net), so it
// ranks plays by EV: surrender loses half a bet, hitting about 0.54
// (6D S17, the solver's EVs, checked here), so it surrenders.
func TestEMCTSRewardsDiffer(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	h := tab.Hand([2]solve.Rank{7, 9}, 10)
	if h.Best != solve.Surrender || h.EV[solve.Hit]-h.EV[solve.Surrender] > -0.03 {
		t.Fatalf("solver: 9,7 v T %v, EVs %v", h.Best, h.EV)
	}
	unseen := fullLess(6, 7, 9, 10)
	for reward, want := range map[Reward]func(solve.Action) bool{
		WinLose: func(a solve.Action) bool { return a == solve.Hit || a == solve.Stand },
		Table7:  func(a solve.Action) bool { return a == solve.Surrender },
	} {
		e, _ := NewEMCTS(r, ch, EMCTSParams{Playouts: 200_000, C: 1, Reward: reward})
		if got := e.Decide([]solve.Rank{7, 9}, 10, unseen); !want(got) {
			t.Errorf("%v: 9,7 v T: %v", reward, got)
		}
	}
}

// TestEMCTSBudget: every playout reaches the root once; the budget is
// kept (an expansion may finish one past it).
func TestEMCTSBudget(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	e, _ := NewEMCTS(r, ch, EMCTSParams{Playouts: 5000, C: 3, Reward: Table7})
	e.Decide([]solve.Rank{8, 8}, 10, fullLess(6, 8, 8, 10))
	root, kids := e.nodes[0], 0
	for k := root.first; k < root.first+int32(root.kids); k++ {
		kids += int(e.nodes[k].n)
	}
	if root.kids != 5 || int(root.n) != kids || root.n < 5000 || root.n > 5001 {
		t.Errorf("root: %d children, %d playouts, its children %d", root.kids, root.n, kids)
	}
}

// TestEMCTSAllocatesNothingPerPlayout: a decision allocates nothing once
// its buffers have grown.
func TestEMCTSAllocatesNothingPerPlayout(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	e, _ := NewEMCTS(r, ch, EMCTSParams{Playouts: 2000, C: 3, Reward: Table7})
	tb := position(r, fullLess(6, 8, 8, 10), 10)
	allocs := testing.AllocsPerRun(5, func() { e.first(tb, 8, 8, false, tb.firstOptions(8, 8)) })
	if allocs > 0 {
		t.Errorf("%v allocations a decision", allocs)
	}
}

// TestEMCTSPlays runs the search in the simulator: four players at one
// table, six decks to a cut card, splits and all (small budget).
func TestEMCTSPlays(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DOA NDAS SPL1 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	e, _ := NewEMCTS(r, ch, EMCTSParams{Playouts: 300, C: 3, Reward: Table7})
	res, err := Run(context.Background(), Config{Rules: r, Rounds: 2000, Seed: 1, Players: 4, Penetration: 0.75}, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds != 2000 || res.Hands < 8000 || res.EV() < -0.2 || res.EV() > 0.1 {
		t.Errorf("%d rounds, %d hands, EV %+.4f ± %.4f", res.Rounds, res.Hands, res.EV(), res.SE())
	}
}

// clearPlays are positions whose best play is far ahead of the next: T,T
// v 6 stands (split and double are far worse), 5,6 v 6 doubles.
var clearPlays = []struct {
	a, b, up solve.Rank
	want     solve.Action
}{{10, 10, 6, solve.Stand}, {5, 6, 6, solve.Double}}

// TestEMCTSTreesFindClearPlays: every tree setting keeps the clear plays
// (table 7's reward, 6D S17 DAS SPL3 LS, full shoe): T,T v 6 stands and
// 5,6 v 6 doubles.
func TestEMCTSTreesFindClearPlays(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	for _, p := range treeSettings {
		if p.Tree == ActionTree && p.Backup == MaxBackup {
			continue // the action tree's max is biased (TestMaxBackupConverges): it hits everything
		}
		p.Playouts, p.C, p.Reward = 50_000, 3, Table7
		e, err := NewEMCTS(r, ch, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range clearPlays {
			if got := e.Decide([]solve.Rank{c.a, c.b}, c.up, fullLess(6, int(c.a), int(c.b), int(c.up))); got != c.want {
				t.Errorf("%s: %v,%v v %v: %v, exact %v", p, c.a, c.b, c.up, got, c.want)
			}
		}
	}
}
