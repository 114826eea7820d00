package render

import (
	"math"
	"testing"

	"bjchart/solve"
)

func infTable(t *testing.T, rules string) *solve.Table {
	t.Helper()
	r, err := solve.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestEVGrid checks the GridXYZ adapter on its own: dimensions, the first
// chart row at the top, columns in up-card order, NaN where an action is
// not allowed, and each metric's definition.
func TestEVGrid(t *testing.T) {
	tab := infTable(t, "INF S17 DAS LS")
	g, err := MetricGrid(tab, solve.Hard, MetricStand)
	if err != nil {
		t.Fatal(err)
	}
	if c, r := g.Dims(); c != 10 || r != 17 {
		t.Fatalf("Dims() = %d, %d; want 10, 17 (hard 5..21)", c, r)
	}
	// Row r counts from the bottom: r = 16 is hard 5, r = 0 hard 21.
	if got, want := g.Z(8, 16), tab.Cell(solve.Hard, "5", 10).EV[solve.Stand]; got != want {
		t.Errorf("Z(8, 16) = %v, want stand 5 v T = %v", got, want)
	}
	if got, want := g.Z(9, 0), tab.Cell(solve.Hard, "21", 1).EV[solve.Stand]; got != want {
		t.Errorf("Z(9, 0) = %v, want stand 21 v A = %v", got, want)
	}
	if g.X(0) != 0 || g.X(9) != 9 || g.Y(0) != 0 || g.Y(16) != 16 {
		t.Errorf("coordinates: X(0)=%v X(9)=%v Y(0)=%v Y(16)=%v", g.X(0), g.X(9), g.Y(0), g.Y(16))
	}
	split, _ := MetricGrid(tab, solve.Hard, MetricSplit)
	if !math.IsNaN(split.Z(0, 0)) {
		t.Errorf("split EV of a hard total = %v, want NaN", split.Z(0, 0))
	}
	gain, _ := MetricGrid(tab, solve.Pairs, MetricGain)
	c := tab.Cell(solve.Pairs, "88", 10)
	if got, want := gain.Values[6][8], c.EV[c.Code.Best]-c.EV[solve.Stand]; got != want {
		t.Errorf("gain 88 v T = %v, want %v", got, want)
	}
	margin, _ := MetricGrid(tab, solve.Soft, MetricMargin)
	if got := margin.Values[5][0]; got != tab.Cell(solve.Soft, "A7", 2).Margin || got < 0 {
		t.Errorf("margin A7 v 2 = %v", got)
	}
	if _, err := MetricGrid(tab, solve.Hard, "luck"); err == nil {
		t.Error("metricGrid accepted an unknown metric")
	}
}

// TestCellLabel: a value that rounds to zero is printed 0.000, never
// -0.000, and a small cost keeps a fourth decimal rather than read 0.000.
func TestCellLabel(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		signed bool
		want   string
	}{
		{-0.00004, true, "0.0000"}, {math.Copysign(0, -1), true, "0.000"}, {-1e-9, true, "0.0000"},
		{0.0004, false, "0.0004"}, {0.0123, true, "+0.012"}, {-0.5, true, "-0.500"}, {0, false, "0.000"},
	} {
		if got := cellLabel(tc.v, tc.signed); got != tc.want {
			t.Errorf("cellLabel(%g, %v) = %q, want %q", tc.v, tc.signed, got, tc.want)
		}
	}
}
