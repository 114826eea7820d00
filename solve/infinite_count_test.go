package solve

import (
	"math"
	"strings"
	"testing"
)

// TestInfiniteCardCountsAgainstFinite checks the infinite deck's rules
// whose best play is no chart (Charlies and bonus 21s: infinite.go's
// card-count states; DANY and RESCUE: its doubles of any hand and its
// rescues; infinite_td.go's chart) against the finite solver's hand graphs
// on 100,000 decks, which share none of that code: the chart's EV and the
// best play's EV agree to 1e-6 (the decks differ by O(1/100,000);
// measured: under 1e-7).
func TestInfiniteCardCountsAgainstFinite(t *testing.T) {
	for _, rules := range []string{
		"S17 DOA DAS SPL3 NS 5CC",
		"H17 DOA DAS SPL3 LS 6CC ENHC",
		"S17 DOA DAS SPL3 NS 7CC",
		"H17 DOA DAS SPL3 LS 5CC=2:1 5C21=3:2",
		"S17 DOA DAS SPL3 NS 5C21=3:2 6C21=2:1 7C21=3:1",
		"H17 DOA DAS SPL3 LS SPANISH P21WINS 5C21=3:2 6C21=2:1 7C21=3:1",
		"S17 DOA DAS SPL3 NS DANY",
		"S17 DOA NDAS SPL3 LS ENHC DANY RESCUE 5CC",
		"H17 D10 DAS SPL2 NS RESCUE",
		"H17 DOA DAS SPL3 LS SPANISH P21WINS DANY RESCUE 5C21=3:2 6C21=2:1 7C21=3:1",
	} {
		if !*long && !strings.Contains(rules, "DANY") {
			continue // the four with DANY, which take the others' rules too, without -long
		}
		t.Run(rules, func(t *testing.T) {
			inf, err := Solve(mustRules(t, "INF "+rules))
			if err != nil {
				t.Fatal(err)
			}
			fin, err := Solve(mustRules(t, "100000D "+rules))
			if err != nil {
				t.Fatal(err)
			}
			if d := inf.EV - fin.EV; math.Abs(d) > 1e-6 {
				t.Errorf("chart: INF %+.8f, 100000D %+.8f", inf.EV, fin.EV)
			}
			if d := inf.CDEV[CDZMinus] - fin.CDEV[CDZMinus]; math.Abs(d) > 1e-6 {
				t.Errorf("best play: INF %+.8f, 100000D composition-dependent %+.8f", inf.CDEV[CDZMinus], fin.CDEV[CDZMinus])
			}
			if inf.CDEV[CDZMinus] < inf.EV {
				t.Errorf("INF: the best play %+.8f is worth less than the chart %+.8f", inf.CDEV[CDZMinus], inf.EV)
			}
		})
	}
}

// TestPublishedCharlieEffects compares the Charlies' worth with the Wizard
// of Odds' rule-variation figures (https://wizardofodds.com/games/blackjack/
// rule-variations/, relative to 8 decks S17 DOA DAS resplits to four,
// -0.43%; his Charlie strategy page says it is "based on an infinite
// deck"): seven-card +0.01%, six-card +0.16%, five-card +1.46%. In an
// infinite deck with those rules the best play's gains round to the
// printed +0.01% and +0.16%. The five-card figure matches no strategy
// class bjchart has: it lies between the best chart's gain (+1.33%) and
// the best play's (+1.59%), and the test holds it there.
func TestPublishedCharlieEffects(t *testing.T) {
	ev := func(rules string) (chart, best float64) {
		tb, err := Solve(mustRules(t, "INF S17 DOA DAS SPL3 NS"+rules))
		if err != nil {
			t.Fatal(err)
		}
		return tb.EV, tb.CDEV[CDZMinus]
	}
	baseChart, baseBest := ev("")
	for _, c := range []struct {
		rules     string
		published float64 // percent
	}{{" 7CC", 0.01}, {" 6CC", 0.16}} {
		_, best := ev(c.rules)
		if got := 100 * (best - baseBest); math.Abs(got-c.published) > 0.005 {
			t.Errorf("%s: the best play gains %+.4f%%, published %+.2f%%", c.rules, got, c.published)
		}
	}
	chart, best := ev(" 5CC")
	lo, hi := 100*(chart-baseChart), 100*(best-baseBest)
	if !(lo < 1.46 && 1.46 < hi) {
		t.Errorf("5CC: the chart gains %+.4f%%, the best play %+.4f%%; the published +1.46%% should lie between", lo, hi)
	}
}
