package sim

import (
	"bjchart/solve/casino"
	"context"
	"math"
	"testing"

	"bjchart/solve"
)

// scripted hits every hand below 21 and doubles (DANY) and rescues
// (RESCUE) where told.
type scripted struct{ doubles, rescues bool }

func (s *scripted) first(*table, int, int, bool, options) solve.Action { return solve.Hit }
func (s *scripted) hit(_ *table, h *hand) bool                         { return h.Sum < 21 }
func (s *scripted) doubleMore(*table, *hand) bool                      { return s.doubles }
func (s *scripted) rescue(*table, *hand) bool                          { return s.rescues }

// TestDoubleMoreAndRescue plays a hand of 2,2 that hits from a shoe of
// twos against a dealer's 20: a hand of three cards doubles (DANY) and
// takes its fourth card; rescued, it stakes one unit again and loses it;
// a split hand without DAS never doubles.
func TestDoubleMoreAndRescue(t *testing.T) {
	twos := [10]int{1: 20}
	for _, tc := range []struct {
		rules          string
		split          bool
		s              scripted
		cards          int
		bet            float64
		net20          float64 // against the dealer's 20
		rescued, takes bool
	}{
		{"1D DANY RESCUE", false, scripted{true, true}, 4, 1, -1, true, true},
		{"1D DANY RESCUE", false, scripted{true, false}, 4, 2, -2, false, true},
		{"1D DANY", false, scripted{true, true}, 4, 2, -2, false, true}, // no RESCUE: no rescue
		{"1D DAS DANY", true, scripted{true, false}, 4, 2, -2, false, true},
		{"1D NDAS DANY", true, scripted{true, true}, 11, 1, -1, false, false}, // hits to 22: busts
	} {
		r, err := solve.ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		tb := position(r, twos, 10)
		tb.players = []Player{{Strategy: &tc.s}}
		h := hand{Bet: 1, Split: tc.split}
		h.Add(casino.NewCard(2, 0))
		h.Add(casino.NewCard(2, 1))
		ten := casino.NewCard(10, 0)
		tb.Resume(h, 0, nil, ten, ten)
		tb.Play(solve.Hit)
		for tb.Phase == casino.Deciding {
			tb.Play(tb.decide())
		}
		got := &tb.Hands[0]
		if got.N != tc.cards || got.Bet != tc.bet || got.Rescued != tc.rescued {
			t.Errorf("%s (split %v, %+v): %d cards, bet %v, rescued %v; want %d, %v, %v",
				tc.rules, tc.split, tc.s, got.N, got.Bet, got.Rescued, tc.cards, tc.bet, tc.rescued)
		}
		if got.Net != tc.net20 {
			t.Errorf("%s (split %v, %+v): settles %v against the dealer's T,T; want %v",
				tc.rules, tc.split, tc.s, got.Net, tc.net20)
		}
	}
}

// TestOptimalDoublesAnyAndRescues (-long: 1M rounds, about 25 s on two
// cores) plays the optimal player, which doubles hands of three or more
// cards (DANY) and rescues doubles (RESCUE) where the exact values say,
// with a continuous shuffler (a full shoe every round, as the solver
// assumes), and checks its EV against the solver's best play (CD) within
// 3 SE. The optimal player decides each split hand afresh where CD plays
// them as CDZ- does, so its EV may exceed the CD EV by a sliver far below
// the SE. Its decisions are checked against the solver's exactly by
// TestOptimalOnFullShoeIsCD.
func TestOptimalDoublesAnyAndRescues(t *testing.T) {
	if !*long {
		t.Skip("a long statistical check: go test ./solve/sim -run TestOptimalDoublesAnyAndRescues -long")
	}
	r, _ := solve.ParseRules("1D H17 DAS SPL3 LS DANY RESCUE")
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Config{Rules: r, Rounds: 1_000_000, Seed: 5}, NewOptimal(r), nil)
	if err != nil {
		t.Fatal(err)
	}
	cd := tab.CDEV[solve.CDZMinus]
	if d := res.EV() - cd; math.Abs(d) > 3*res.SE() {
		t.Errorf("optimal: EV %+.5f ± %.5f, the solver's best play %+.5f (%.1f SE)", res.EV(), res.SE(), cd, d/res.SE())
	} else {
		t.Logf("optimal: EV %+.5f ± %.5f, the solver's best play %+.5f (%.1f SE); the chart %+.5f", res.EV(), res.SE(), cd, d/res.SE(), tab.EV)
	}
}
