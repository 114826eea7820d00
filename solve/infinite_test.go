package solve

import (
	"encoding/csv"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

func mustSolve(t testing.TB, rules string) *Table {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestWizardAppendix1 reproduces every EV of the Wizard of Odds' infinite
// deck table (Appendix 1; rules and provenance in testdata, copied from
// shared/refs/README.md): infinite deck, S17, double any two, DAS, split to
// 4 hands except aces, one card to split aces, no surrender, peek. Values
// are conditioned on no dealer blackjack and printed to six decimals, so the
// tolerance is 1e-6 (rounding, 5e-7, plus float slack).
func TestWizardAppendix1(t *testing.T) {
	tab := mustSolve(t, "INF S17 DOA DAS SPL3 NS 3:2 PEEK")
	if tab.Conditioning != NoDealerBlackjack {
		t.Fatalf("conditioning = %v, want %v", tab.Conditioning, NoDealerBlackjack)
	}
	rows := readCSV(t, "testdata/wizard_appendix1_infinite_deck_s17_das_spl4.csv")
	checked := 0
	for _, row := range rows[1:] {
		action, hand := row[0], row[1]
		for col, s := range row[2:] {
			want, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("%s,%s: %v", action, hand, err)
			}
			up := UpCards[col]
			got := appendix1Value(t, tab, action, hand, up)
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("%s %s v %v = %.6f, want %.6f (Wizard appendix 1)", action, hand, up, got, want)
			}
			checked++
		}
	}
	if checked != 700 {
		t.Errorf("checked %d values, want 700", checked)
	}
	// Overall EV -0.511734% (same page), to 1e-6 percentage points.
	if got, want := 100*tab.EV, -0.511734; math.Abs(got-want) > 1e-6 {
		t.Errorf("overall EV = %.7f%%, want %.6f%%", got, want)
	}
}

// readCSV returns the records of a CSV file, header first.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// appendix1Value looks up a value of the reference table's row naming:
// hard totals "N", soft totals "SN", pairs "a,b" and "16_or_less".
func appendix1Value(t *testing.T, tab *Table, action, hand string, up Rank) float64 {
	t.Helper()
	var kind TableKind
	var name string
	switch {
	case hand == "16_or_less":
		kind, name = Hard, "16"
	case strings.HasPrefix(hand, "S"):
		n, _ := strconv.Atoi(hand[1:])
		kind, name = Soft, "A"+Rank(n-11).String()
	case strings.Contains(hand, ","):
		a, _ := ParseRank(strings.Split(hand, ",")[0])
		kind, name = Pairs, a.String()+a.String()
	default:
		kind, name = Hard, hand
	}
	c := tab.Cell(kind, name, up)
	if c == nil {
		t.Fatalf("no cell %v %s v %v", kind, name, up)
	}
	a := map[string]Action{"stand": Stand, "hit": Hit, "double": Double, "split": Split}[action]
	if !c.Legal[a] {
		t.Fatalf("%s not legal for %v %s v %v", action, kind, name, up)
	}
	return c.EV[a]
}
