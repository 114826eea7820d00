package render

import (
	"slices"
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
