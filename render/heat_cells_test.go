package render

import (
	"strings"
	"testing"

	"bjchart/solve"
)

// TestShortLabel: a phone's cell value keeps its sign and two decimals,
// drops only a leading zero.
func TestShortLabel(t *testing.T) {
	for _, c := range []struct {
		v      float64
		signed bool
		want   string
	}{{0.123, true, "+.12"}, {-0.477, true, "-.48"}, {-1.05, true, "-1.05"}, {10.5, true, "+10.50"}, {0.0004, true, ".00"}, {0.25, false, ".25"}, {1.5, false, "1.50"}} {
		if got := shortLabel(c.v, c.signed); got != c.want {
			t.Errorf("shortLabel(%g, %v) = %q, want %q", c.v, c.signed, got, c.want)
		}
	}
}

// TestHeatPageMatchesPlot: the page's heatmap is the PNG's: every cell's
// value its label, its play the chart's, the shade from the same place on
// the scale (the best play's EV runs from red, a loss, to blue), and
// cells with no value grey.
func TestHeatPageMatchesPlot(t *testing.T) {
	r, _ := solve.ParseRules("1D S17 DAS")
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	page, err := NewHeatPage(tab, MetricBest)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Grids) != 3 || len(page.Legend) != 5 {
		t.Fatalf("%d tables, %d legend stops; want 3 and 5", len(page.Grids), len(page.Legend))
	}
	hard := page.Grids[0]
	for i, row := range hard.Rows {
		for j, up := range solve.UpCards {
			c, cell := hard.Cells[i][j], tab.Cell(solve.Hard, row, up)
			if c.Text != cellLabel(cell.EV[cell.Code.Best], true) || c.Code != cell.Code.String() {
				t.Errorf("hard %s v %v: %q %q, want the plot's %q %q", row, up, c.Text, c.Code, cellLabel(cell.EV[cell.Code.Best], true), cell.Code)
			}
		}
	}
	// 16 v T loses, 11 v 6 wins: the red end and the blue end.
	lose, win := cellAt(t, hard, "16", "T"), cellAt(t, hard, "11", "6")
	if bin(lose.Class) >= HeatBins/2 || bin(win.Class) < HeatBins/2 {
		t.Errorf("16 v T %s, 11 v 6 %s: want a loss below the scale's middle, a gain above", lose.Class, win.Class)
	}
	for _, legend := range page.Legend {
		if legend.Text == "" || !strings.HasPrefix(legend.Class, "hm-d") {
			t.Errorf("legend stop %+v: want a value on the diverging scale", legend)
		}
	}
}

func cellAt(t *testing.T, g heatGrid, row, up string) heatCell {
	t.Helper()
	for i, r := range g.Rows {
		for j, c := range g.Cols {
			if r == row && c == up {
				return g.Cells[i][j]
			}
		}
	}
	t.Fatalf("no cell %s v %s in %v", row, up, g.Rows)
	return heatCell{}
}

func bin(class string) int {
	n := 0
	for _, c := range class[strings.LastIndexAny(class, "dsl")+1:] {
		n = 10*n + int(c-'0')
	}
	return n
}
