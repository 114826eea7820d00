package sim

import (
	"fmt"
	"math"
	"testing"

	"bjchart/solve"
)

// treeSettings are the search's settings compared: today's tree (actions,
// mean) and the patience-game search's (cards, max) with each weighting.
var treeSettings = []EMCTSParams{
	{Tree: ActionTree, Backup: MeanBackup},
	{Tree: ActionTree, Backup: MaxBackup},
	{Tree: CardTree, Backup: MeanBackup},
	{Tree: CardTree, Backup: MaxBackup, Chance: VisitWeights},
	{Tree: CardTree, Backup: MaxBackup, Chance: ExactWeights},
}

// smallPosition is a, b v up with 13 cards unseen (the hole card among
// them): few enough that the card tree holds every way the hand can go.
// It returns the exact EV of each first play, conditioned as the search
// is (a peek: the dealer has no blackjack).
func smallPosition(t testing.TB, a, b, up solve.Rank) (solve.Rules, *Chart, [10]int, map[solve.Action]float64) {
	r, _ := solve.ParseRules("1D S17 DOA NDAS SPL1 NS PEEK")
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := NewChart(tab)
	unseen := [10]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 4}
	shoe := unseen
	shoe[a-1]++
	shoe[b-1]++
	shoe[up-1]++
	v := solve.NewHandValues(r, shoe, up)
	var hand [10]uint8
	hand[a-1]++
	hand[b-1]++
	nobj := v.NoBlackjack(hand)
	stand, hit, double, _ := v.Plays(hand)
	exact := map[solve.Action]float64{solve.Stand: stand / nobj, solve.Hit: hit / nobj, solve.Double: double / nobj}
	return r, ch, unseen, exact
}

// TestMaxBackupConverges: on positions small enough to enumerate (9,7 v T,
// where standing is best, and 3,2 v 5, where hitting is, with the later
// decisions the tree must learn), the card tree with a max backup finds
// the exact best play and its root value tends to the exact EV of that
// play (table 7's reward is 4 + 2 x EV) as the budget grows; a mean
// backup's root value averages in the worse plays it explores below and
// stays away from it on 3,2 v 5.
func TestMaxBackupConverges(t *testing.T) {
	for _, pos := range [][3]solve.Rank{{7, 9, 10}, {2, 3, 5}} {
		t.Run(fmt.Sprint(pos), func(t *testing.T) { checkConverges(t, pos[0], pos[1], pos[2]) })
	}
}

func checkConverges(t *testing.T, a, b, up solve.Rank) {
	r, ch, unseen, exact := smallPosition(t, a, b, up)
	best := solve.Stand
	for a, ev := range exact {
		if ev > exact[best] {
			best = a
		}
	}
	want := 4 + 2*exact[best]
	errs := map[string][]float64{}
	for _, p := range treeSettings {
		for _, playouts := range []int{1000, 10_000, 100_000} {
			p.Playouts, p.C, p.Reward = playouts, 3, Table7
			e, err := NewEMCTS(r, ch, p)
			if err != nil {
				t.Fatal(err)
			}
			e.reseed(1, 0)
			got := e.Decide([]solve.Rank{a, b}, up, unseen)
			d := e.RootValue() - want
			errs[p.String()] = append(errs[p.String()], d)
			t.Logf("%-17s %6d playouts: plays %-6v root value %.4f, exact %.4f (%v), off by %+.4f", p, playouts, got, e.RootValue(), want, best, d)
			if p.Tree == CardTree && p.Backup == MaxBackup && playouts == 100_000 {
				if got != best || math.Abs(d) > 0.02 {
					t.Errorf("%s at %d playouts: %v with root value %.4f; exact %v, %.4f", p, playouts, got, e.RootValue(), best, want)
				}
			}
		}
	}
	if a == 2 { // hitting is best: the mean is pulled down by what it explores below
		if mean := errs["actions/mean"][2]; mean > -0.05 {
			t.Errorf("the mean backup's root value is off by only %+.4f at 100k playouts", mean)
		}
	}
}
