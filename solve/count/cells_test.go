package count

import (
	"context"
	"math"
	"strings"
	"testing"

	"bjchart/solve"
)

// TestCellGainMatchesHandSolver values the same decisions on the same
// sampled shoes two ways: AllCells' gain from the solver's whole-table
// solve of the shoe (solve.SolveWith) and Compute's gain from this
// hand-by-hand solver (solve.HandValues). They share only the
// dealer's distributions (solve.DealersFrom, held to the direct sum over
// the dealer's hands by solve's TestDealersFrom): the hand values, the
// recursion after a hit, the doubling, surrender and the weighing of each
// hand by how often it is dealt and decided are written twice. Both are
// composition-dependent after a hit, so they must agree to rounding.
func TestCellGainMatchesHandSolver(t *testing.T) {
	r, _ := solve.ParseRules("2D S17 DAS LS")
	sys := HiLo
	opt := Options{Shoes: 12, Penetration: 0.8, Seed: 3}
	decisions := []Decision{
		{Table: "hard", Hand: "12", Up: 4, Base: "hit", Play: "stand"},
		{Table: "hard", Hand: "16", Up: 10, Base: "hit", Play: "stand"},
		{Table: "hard", Hand: "10", Up: 1, Base: "hit", Play: "double"},
		{Table: "hard", Hand: "9", Up: 7, Base: "hit", Play: "double"},
		{Table: "hard", Hand: "15", Up: 10, Base: "hit", Play: "surrender"},
	}
	actions := map[string]solve.Action{"stand": solve.Stand, "hit": solve.Hit, "double": solve.Double, "surrender": solve.Surrender}
	full := solve.NewShoe(r.Decks).Counts
	for i := range opt.Shoes {
		left, cnt, _ := dealShoe(r, sys, full, opt, i)
		n := cnt.n
		shoe := solve.Shoe{Counts: left}
		tab, err := solve.SolveWith(context.Background(), r, solve.Options{Shoe: &shoe})
		if err != nil {
			continue // a rank dealt out: the whole-table solver takes no such shoe
		}
		vals := valuesFor(r, left, nil)
		for _, d := range decisions {
			c := candidate{kind: solve.Hard, hand: d.Hand, up: d.Up, basic: actions[d.Base], play: actions[d.Play]}
			got, want := cellGain(tab, c), gain(r, d, left, n, vals)
			if math.Abs(got-want) > 1e-12 || want == 0 {
				t.Errorf("shoe %d, %s v %v %s -> %s: whole-table gain %.15g, hand solver %.15g", i, d.Hand, d.Up, d.Base, d.Play, got, want)
			}
		}
	}
}

// TestDealtPointsMatchSolver: a control shoe's points (dealtPoints, the
// hands weighed by the cards' chances alone, controls.go) are the solved
// shoe's points (cellPoints, weighed by the solver's Hand.Freq) but for
// their gains: the same hands at the same counts and compositions, with
// weights equal to 1e-15, for every two-card candidate, with the dealer
// peeking and not.
func TestDealtPointsMatchSolver(t *testing.T) {
	for _, rules := range []string{"2D S17 DAS LS", "6D H17 ENHC"} {
		r, _ := solve.ParseRules(rules)
		basic, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		cands := candidates(basic)
		hands := cellHands(basic, cands)
		opt := Options{Shoes: 2, Penetration: 0.8, Seed: 9}
		full := solve.NewShoe(r.Decks).Counts
		for i := range opt.Shoes {
			left, c, _ := dealShoe(r, HiLo, full, opt, i)
			shoe := solve.Shoe{Counts: left}
			tab, err := solve.SolveWith(context.Background(), r, solve.Options{Shoe: &shoe})
			if err != nil {
				continue
			}
			for k, cand := range cands {
				solved := cellPoints(nil, tab, indexCells(tab), cand, c)
				dealt := dealtPoints(nil, r, hands[k], left, c)
				if len(solved) != len(dealt) {
					t.Fatalf("%s shoe %d, %v %s v %v: %d points solved, %d dealt", rules, i, cand.kind, cand.hand, cand.up, len(solved), len(dealt))
				}
				for j := range solved {
					s, d := solved[j], dealt[j]
					if s.x != d.x || s.seen != d.seen || s.nseen != d.nseen || math.Abs(s.w-d.w) > 1e-15 {
						t.Errorf("%s shoe %d, %v %s v %v, hand %d: solved (%g, %g), dealt (%g, %g)", rules, i, cand.kind, cand.hand, cand.up, j, s.x, s.w, d.x, d.w)
					}
				}
			}
		}
	}
}

// TestAllCellsZeroTags: a count of zeros places no index in any cell.
func TestAllCellsZeroTags(t *testing.T) {
	if !*long {
		t.Skip("every cell on sampled shoes with a count of zero tags; -long runs it")
	}
	r, _ := solve.ParseRules("1D S17 DAS")
	got, err := AllCells(context.Background(), r, System{Name: "zero"}, Options{Shoes: 40, Penetration: 0.7, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range got {
		if !x.Never && x.NotEstimable == "" {
			t.Errorf("an index from a count of zeros: %+v", x)
		}
	}
	if len(got) == 0 {
		t.Error("no plays reported: every cell's other plays are listed, as never overtaking the basic one")
	}
}

// TestAllCellsOrientation checks the indices of a short one-deck run read
// like published ones: the base play is the better one below the index
// and the play at or above it, on the sampled shoes' own fitted lines;
// and every index names a cell's basic play (the full shoe's best) on one
// side.
func TestAllCellsOrientation(t *testing.T) {
	if !*long {
		t.Skip("solves the whole table on 120 shoes; -long runs it")
	}
	r, _ := solve.ParseRules("1D S17 DAS")
	got, err := AllCells(context.Background(), r, HiLo, Options{Shoes: 120, Penetration: 0.7, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	basic, _ := solve.Solve(r)
	indices := 0
	for _, x := range got {
		if x.Table == "insurance" || x.Never {
			continue
		}
		indices++
		cell := basic.Cell(x.Kind(), x.Hand, x.Up)
		if cell == nil {
			t.Fatalf("%+v: no cell", x)
		}
		b := cell.Code.Best.String()
		if x.Base != b && x.Play != b {
			t.Errorf("%s v %v: %s -> %s, neither the basic %s", x.Hand, x.Up, x.Base, x.Play, b)
		}
		if x.Base == x.Play || x.NotEstimable == "" && (x.SE > 1 || x.Shoes < minShoes) {
			t.Errorf("%s v %v: %+v", x.Hand, x.Up, x)
		}
		if x.NotEstimable != "" && x.SE <= 1 && x.Shoes >= minShoes && !strings.Contains(x.NotEstimable, "sign") {
			t.Errorf("%s v %v: placeable, but named not estimable (%s)", x.Hand, x.Up, x.NotEstimable)
		}
		if x.MultiCard && (x.Base != "hit" && x.Base != "stand" || x.Play != "hit" && x.Play != "stand") {
			t.Errorf("%s v %v, three cards: %s -> %s", x.Hand, x.Up, x.Base, x.Play)
		}
	}
	if indices < 20 {
		t.Errorf("only %d indices on one deck", indices)
	}
}

// TestCrossesInData: gains that are all negative but fade towards zero
// at high counts (a play always worse, on hands that grow rare) fit a
// rising line that crosses zero; that is no index. Gains that do change
// sign are one.
func TestCrossesInData(t *testing.T) {
	var fading, crossing []sample
	for i := range 400 {
		tc := -8 + 16*float64(i)/400
		fading = append(fading, sample{tc: tc, weight: 1, points: [][]point{{{x: tc, y: -math.Exp(-tc / 2), w: 1}}}})
		crossing = append(crossing, sample{tc: tc, weight: 1, points: [][]point{{{x: tc, y: tc - 1, w: 1}}}})
	}
	for _, c := range []struct {
		name string
		s    []sample
		want bool
	}{{"fading", fading, false}, {"crossing", crossing, true}} {
		var x Index
		slope := x.fit(solve.Rules{}, HiLo, c.s, 0, BeforeRound)
		if math.IsNaN(x.Index) || math.Abs(x.Index) > 8 {
			t.Fatalf("%s: the line crosses at %+.2f, want within -8..+8 (the test's premise)", c.name, x.Index)
		}
		if got := sumsOf(observations(c.s, 0), countBasis, -4, 4, 4).crossesInData(x.Index, slope, 4, nil); got != c.want {
			t.Errorf("%s: index %+.2f (slope %+.3f): crosses %v, want %v", c.name, x.Index, slope, got, c.want)
		}
	}
}
