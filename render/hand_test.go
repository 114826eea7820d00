package render

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"bjchart/solve"
)

func FuzzParseHandQuery(f *testing.F) {
	for _, s := range []string{"T,6 v T", "16 v T", "soft 18 vs 9", "hard 12 v 4", "4,6,6 v T", "A,T v 6", "8,8 v A", "v", ",,, v 2", "soft A,7 v 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseHandQuery(s)
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
			kind, row := cellRow(q)
			if !slices.Contains(solve.Rows(kind), row) {
				t.Errorf("%q: no chart row %v %q", s, kind, row)
			}
		}
	})
}

// TestLookupHandAgrees checks the lookup against the table it reads: exact
// cards give their composition-dependent values, a total its cell's, and
// in an infinite deck three cards are valued as their total.
func TestLookupHandAgrees(t *testing.T) {
	tab, err := solve.Solve(solve.Default)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range tab.Hands {
		if h.Up != 10 || h.Cards[0] != 6 || h.Cards[1] != 10 {
			continue
		}
		q, _ := ParseHandQuery("T,6 v T")
		rep, err := LookupHand(tab, q)
		if err != nil {
			t.Fatal(err)
		}
		if rep.EV["hit"] != h.EV[solve.Hit] || rep.Best != h.Best.String() {
			t.Errorf("T,6 v T: %v, table %v", rep.EV, h.EV)
		}
	}
	q, _ := ParseHandQuery("16 v T")
	rep, err := LookupHand(tab, q)
	if err != nil {
		t.Fatal(err)
	}
	if c := tab.Cell(solve.Hard, "16", 10); rep.EV["stand"] != c.EV[solve.Stand] || len(rep.Hands) != 2 {
		t.Errorf("16 v T: %v with %d hands, cell %v", rep.EV, len(rep.Hands), c.EV)
	}
	infRules, _ := solve.ParseRules("INF")
	inf, err := solve.Solve(infRules)
	if err != nil {
		t.Fatal(err)
	}
	q, _ = ParseHandQuery("4,6,6 v T")
	rep, err = LookupHand(inf, q)
	if err != nil {
		t.Fatal(err)
	}
	if c := inf.Cell(solve.Hard, "16", 10); rep.EV["hit"] != c.EV[solve.Hit] || len(rep.EV) != 2 {
		t.Errorf("INF 4,6,6 v T: %v, cell %v", rep.EV, c.EV)
	}
}

// TestHandReportSelfConsistent checks that a report never contradicts the
// numbers it prints: the play labelled best is the best of the EVs shown,
// its margin is not negative, and where the chart plays otherwise the
// cell's cost of the best play (its choice counts split hands too) is
// positive. Soft 17 v 2 in 2D H17 DAS LS is such a cell: its two-card hand
// hits, split hands double.
func TestHandReportSelfConsistent(t *testing.T) {
	r, err := solve.ParseRules("2D H17 DAS LS")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	sawSplit := false
	for _, c := range tab.Cells {
		name := c.Hand
		switch c.Table {
		case solve.Hard:
			name = c.Hand
		case solve.Soft:
			r, err := solve.ParseRank(c.Hand[1:])
			if err != nil {
				t.Fatal(err)
			}
			name = "soft " + strconv.Itoa(11+int(r))
		case solve.Pairs:
			name = string(c.Hand[0]) + "," + string(c.Hand[1])
		}
		q, err := ParseHandQuery(name + " v " + c.Up.String())
		if err != nil {
			t.Fatalf("%s v %v: %v", name, c.Up, err)
		}
		rep, err := LookupHand(tab, q)
		if err != nil || len(rep.EV) == 0 {
			continue
		}
		for a, v := range rep.EV {
			if v > rep.EV[rep.Best] {
				t.Errorf("%s v %v: best %s (%+.6f) below %s (%+.6f)", name, c.Up, rep.Best, rep.EV[rep.Best], a, v)
			}
		}
		if rep.Margin != nil && *rep.Margin < 0 {
			t.Errorf("%s v %v: negative margin %g", name, c.Up, *rep.Margin)
		}
		if rep.Kind == "cell" && rep.Chart != rep.Best {
			if rep.Cell.Cost[rep.Best] <= 0 {
				t.Errorf("%s v %v: chart %s over best %s at no cost %g", name, c.Up, rep.Chart, rep.Best, rep.Cell.Cost[rep.Best])
			}
			sawSplit = sawSplit || name == "soft 17" && c.Up == 2
		}
	}
	if !sawSplit {
		t.Error("soft 17 v 2: the chart's double no longer differs from its two-card hand's hit")
	}
}

// TestWrapProse: long prose wraps at spaces to the width with a hanging
// indent at the second column; tables and short lines are untouched.
func TestWrapProse(t *testing.T) {
	long := "EV per round  " + strings.Repeat("word ", 30)
	got := WrapProse(long+"\n│ a table row "+strings.Repeat("x", 100)+" │\nshort\n", 40)
	lines := strings.Split(got, "\n")
	for _, l := range lines {
		if !strings.Contains(l, "│") && len([]rune(l)) > 40 {
			t.Errorf("line of %d columns: %q", len([]rune(l)), l)
		}
	}
	if !strings.HasPrefix(lines[1], strings.Repeat(" ", len("EV per round  "))+"word") {
		t.Errorf("continuation %q: want it under the second column", lines[1])
	}
	if !strings.Contains(got, "│ a table row") || !strings.HasSuffix(got, "\nshort\n") {
		t.Errorf("table or short line changed:\n%s", got)
	}
}
