package solve

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestWizardAppendix9Hands reproduces the Wizard of Odds appendix 9
// per-hand values (two different cards against a dealer ace; stand, hit
// and double, conditioned on no dealer blackjack; 1, 2 and 5 decks, S17 and
// H17; rules and addresses in testdata, from shared/refs). They are exact
// composition-dependent values printed to six decimals: tolerance 1e-6.
func TestWizardAppendix9Hands(t *testing.T) {
	rows := readCSV(t, "testdata/wizard_appendix9_dealer_ace_rows.csv")
	tables := map[string]*Table{}
	for _, row := range rows[1:] {
		rules := row[2] + "D " + row[3]
		tab := tables[rules]
		if tab == nil {
			tab = mustSolve(t, rules)
			tables[rules] = tab
		}
		var cards [2]Rank
		for i, s := range strings.Split(row[5], ",") {
			c, err := ParseRank(s)
			if err != nil {
				t.Fatal(err)
			}
			cards[i] = c
		}
		if cards[0] > cards[1] {
			cards[0], cards[1] = cards[1], cards[0]
		}
		h := tab.Hand(cards, 1)
		if h == nil {
			t.Fatalf("%s: no hand %v v A", rules, cards)
		}
		for i, a := range []Action{Stand, Hit, Double} {
			want := mustFloat(t, row[6+i])
			if got := h.EV[a]; math.Abs(got-want) > 1e-6 {
				t.Errorf("%s %s v A: %v = %.6f, want %.6f (Wizard appendix 9)", rules, row[5], a, got, want)
			}
		}
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestWizardAppendix9Overall compares the round's composition-dependent EV
// with the Wizard of Odds appendix 9 game EVs (1, 2, 5 decks; S17/H17; peek
// and ENHC; DAS and no DAS; resplits to four hands). The pages value splits
// by "how many hands the player had already split, but not the other cards
// drawn in those hands": the pair-card model, which overvalues resplits
// (../shared/design/exact-splits.md); their post-split strategy is not
// stated. bjchart's exact splits sit below the pages in peek games, most
// at one deck with DAS: measured, CDP1 0.00085 percentage points below
// (1 deck H17 DAS) and CDZ- 0.00197 (1 deck S17 DAS); at most 0.00026
// above (8 decks ENHC). Tolerances: 0.0004 above; 0.0009 (CDP1) and
// 0.0021 (CDZ-) below.
func TestWizardAppendix9Overall(t *testing.T) {
	rows := readCSV(t, "testdata/wizard_appendix9_overall.csv")
	for _, tc := range []struct {
		split SplitStrategy
		below float64
	}{{CDP1, 0.0009}, {CDZMinus, 0.0021}} {
		if !*long && tc.split == CDZMinus {
			break // CDP1, the tighter, without -long
		}
		for i, row := range rows[1:] {
			if !*long && i%2 == 1 {
				continue // every other game without -long
			}
			decks, _ := strconv.Atoi(row[3])
			r := Default
			r.Decks, r.H17 = decks, row[4] == "H17"
			if strings.HasPrefix(row[0], "euro-") {
				r.HoleCard = ENHC
			}
			for i, das := range []bool{true, false} {
				r.DAS = das
				want, _ := strconv.ParseFloat(row[10+i], 64)
				tab, err := SolveWith(context.Background(), r, Options{Split: tc.split})
				if err != nil {
					t.Fatal(err)
				}
				if got := 100 * tab.CDEV[tc.split]; got > want+0.0004 || got < want-tc.below {
					t.Errorf("%s (%v, %v): EV %.5f%%, want %.5f%% - %v + 0.0004 (Wizard appendix 9)", row[0], r, tc.split, got, want, tc.below)
				}
			}
		}
	}
}
