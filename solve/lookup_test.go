package solve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"T,6 v T", "16 v T", "soft 18 vs 9", "hard 12 v 4", "4,6,6 v T", "A,T v 6", "8,8 v A", "v", ",,, v 2", "soft A,7 v 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseHand(s)
		if err != nil {
			if strings.Count(err.Error(), "\n") > 0 || len(err.Error()) > 400 {
				t.Errorf("error too long or multi-line: %q", err)
			}
			return
		}
		if q.Up < 1 || q.Up > 10 || q.Total < 4 || q.Total > 21 {
			t.Errorf("%q: accepted %+v", s, q)
		}
		if q.Cards != nil {
			kind, row := q.Cell()
			if !slices.Contains(Rows(kind), row) {
				t.Errorf("%q: no chart row %v %q", s, kind, row)
			}
		}
	})
}

// TestLookupAgrees checks the lookup against the table it reads: exact
// cards give their composition-dependent values, a total its cell's with
// its two-card hands, and in an infinite deck three cards are valued as
// their total.
func TestLookupAgrees(t *testing.T) {
	tab := mustSolve(t, "1D S17 DAS")
	for _, h := range tab.Hands {
		if h.Up != 10 || h.Cards[0] != 6 || h.Cards[1] != 10 {
			continue
		}
		q, _ := ParseHand("T,6 v T")
		l, err := tab.Lookup(q)
		if err != nil {
			t.Fatal(err)
		}
		if l.Kind != ForCards || l.EV != h.EV || l.Best != h.Best || l.Chart != h.Chart {
			t.Errorf("T,6 v T: %v best %v, table %v best %v", l.EV, l.Best, h.EV, h.Best)
		}
	}
	q, _ := ParseHand("16 v T")
	l, err := tab.Lookup(q)
	if err != nil {
		t.Fatal(err)
	}
	if c := tab.Cell(Hard, "16", 10); l.Kind != ForCell || l.EV != c.EV || len(l.Hands) != 2 {
		t.Errorf("16 v T: %v with %d hands, cell %v", l.EV, len(l.Hands), c.EV)
	}
	inf := mustSolve(t, "INF")
	q, _ = ParseHand("4,6,6 v T")
	if l, err = inf.Lookup(q); err != nil {
		t.Fatal(err)
	}
	if c := inf.Cell(Hard, "16", 10); l.EV[Hit] != c.EV[Hit] || !l.Legal[Stand] || l.Legal[Double] || l.Note != MultiCard {
		t.Errorf("INF 4,6,6 v T: %v %v, cell %v", l.EV, l.Legal, c.EV)
	}
	q, _ = ParseHand("A,T v 6")
	if l, err = tab.Lookup(q); err != nil || l.Note != Blackjack || l.Best != NoAction {
		t.Errorf("A,T v 6: %+v, %v", l, err)
	}
}

// TestLookupSelfConsistent: a lookup never contradicts its own values:
// the best play is the best of the EVs, its margin is what it gains over
// the next, the gain is best minus chart; and where a cell's best of its
// values is not the chart's play, the chart's choice costs the best play
// something (it counts split hands too). Soft 17 v 2 in 2D H17 DAS LS is
// such a cell: its two-card hand hits, split hands double.
func TestLookupSelfConsistent(t *testing.T) {
	tab := mustSolve(t, "2D H17 DAS LS")
	sawSplit := false
	for _, c := range tab.Cells {
		name := c.Hand
		switch c.Table {
		case Soft:
			r, err := ParseRank(c.Hand[1:])
			if err != nil {
				t.Fatal(err)
			}
			name = "soft " + strconv.Itoa(11+int(r))
		case Pairs:
			name = string(c.Hand[0]) + "," + string(c.Hand[1])
		}
		q, err := ParseHand(name + " v " + c.Up.String())
		if err != nil {
			t.Fatalf("%s v %v: %v", name, c.Up, err)
		}
		l, err := tab.Lookup(q)
		if err != nil || l.Best == NoAction {
			continue
		}
		second := -10.0
		for a, v := range l.EV {
			if !l.Legal[a] {
				continue
			}
			if v > l.EV[l.Best] {
				t.Errorf("%s v %v: best %v (%+.6f) below %v (%+.6f)", name, c.Up, l.Best, l.EV[l.Best], Action(a), v)
			}
			if Action(a) != l.Best {
				second = max(second, v)
			}
		}
		if l.HasMargin && l.Margin != l.EV[l.Best]-second {
			t.Errorf("%s v %v: margin %g, values give %g", name, c.Up, l.Margin, l.EV[l.Best]-second)
		}
		if l.Legal[l.Chart] && l.Gain != l.EV[l.Best]-l.EV[l.Chart] {
			t.Errorf("%s v %v: gain %g, values give %g", name, c.Up, l.Gain, l.EV[l.Best]-l.EV[l.Chart])
		}
		if l.Kind == ForCell && l.Chart != l.Best {
			if l.Cell.Cost[l.Best] <= 0 {
				t.Errorf("%s v %v: chart %v over best %v at no cost %g", name, c.Up, l.Chart, l.Best, l.Cell.Cost[l.Best])
			}
			sawSplit = sawSplit || name == "soft 17" && c.Up == 2
		}
	}
	if !sawSplit {
		t.Error("soft 17 v 2: the chart's double no longer differs from its two-card hand's hit")
	}
}

// ExampleTable_Lookup asks a solved table about one hand: two exact
// cards get their composition-dependent values, the chart's play beside
// the best.
func ExampleTable_Lookup() {
	r, _ := ParseRules("6D H17 DAS LS")
	t, err := Solve(r)
	if err != nil {
		panic(err)
	}
	q, err := ParseHand("T,6 v T")
	if err != nil {
		panic(err)
	}
	l, err := t.Lookup(q)
	if err != nil {
		panic(err)
	}
	fmt.Printf("best %v, chart %v, surrender %+.4f, hit %+.4f\n", l.Best, l.Chart, l.EV[Surrender], l.EV[Hit])
	// Output: best surrender, chart surrender, surrender -0.5000, hit -0.5347
}
