package house

import (
	"errors"
	"math"
	"strings"
	"testing"

	"bjchart/solve"
)

func TestParseRules(t *testing.T) {
	tests := []struct {
		in   string
		want Rules
	}{
		{"", Plain},
		{"seed002", AsBuilt},
		{"HOUSE BET=1-5 1D", AsBuilt},
		{"SEED002 BET=1-5 1D", AsBuilt}, // its name in the project's first documents
		{"1D JOKERS=2 TIESLOSE LADDER 21X=2 J21X=3 5CX=5 6CX=10 BET=1-5 DHIT16=0.4 DHIT17=0.2", AsBuilt},
		{"inf, designed", Rules{Mult21: 1, MultJoker21: 1, Mult5: 1, Mult6: 1, BetMin: 1, BetMax: 1, Hit16: 1, Dealer: Designed}},
	}
	for _, tt := range tests {
		got, err := ParseRules(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRules(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseRulesErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1D H17", `"H17" at 3: unknown rule`},
		{"1D 2D", `"2D" at 3: contradicts "1D" (decks given twice)`},
		{"TIESLOSE PUSH", `contradicts "TIESLOSE"`},
		{"9D", "want 1D to 8D"},
		{"JOKERS=9", "JOKERS=N with N from 0 to 8"},
		{"21X=0", "21X=N with N from 1 to 1000"},
		{"BET=5-1", "BET=A-B with 1 <= A <= B"},
		{"BET=3", "BET=A-B"},
		{"DHIT16=1.5", "a probability from 0 to 1"},
		{"DHIT17=NaN", "a probability from 0 to 1"},
		{"1D HOUSE", "HOUSE must come first"},
		{"INF DESIGNED DHIT16=0.5", "DHIT16=0.5 is the built dealer's"},
	}
	for _, tt := range tests {
		_, err := ParseRules(tt.in)
		var re *RuleError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRules(%q) error = %v, want a RuleError containing %q", tt.in, err, tt.want)
		}
	}
}

// FuzzParseRules: whatever parses validates, and prints as a string that
// parses back to the same rules.
func FuzzParseRules(f *testing.F) {
	for _, s := range []string{"", "HOUSE", "house inf designed", "SEED002", "2D JOKERS=1 PUSH 5CX=3 BET=2-10", "DHIT16=0.25,DHIT17=1", "1D 1d", "BET=-1-2", "21X=+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRules(s)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRules(%q) = %+v, which does not validate: %v", s, r, err)
		}
		back, err := ParseRules(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRules(%q).String() = %q parses to %+v, %v; want %+v", s, r.String(), back, err, r)
		}
	})
}

// TestInvariants: ties to the dealer cost the player; choosing the bet
// after the first card is worth at least either flat bet; and with no
// multiplier, no ladder and a flat bet, the value per point does not
// depend on the bet range.
func TestInvariants(t *testing.T) {
	solveOf := func(s string) *Solution {
		t.Helper()
		r, err := ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		return sol
	}
	for _, deck := range []string{"", " INF"} {
		seed := solveOf("HOUSE" + deck)
		if push := solveOf("HOUSE PUSH" + deck); push.Flat.EV <= seed.Flat.EV {
			t.Errorf("HOUSE%s: ties pushed %+.5f, ties lost %+.5f; want pushes worth more", deck, push.Flat.EV, seed.Flat.EV)
		}
		for _, b := range []int{seed.Rules.BetMin, seed.Rules.BetMax} {
			if flat := float64(b) * seed.Flat.EV; seed.Points < flat {
				t.Errorf("HOUSE%s: best bets %+.5f points a round, flat %d points %+.5f", deck, seed.Points, b, flat)
			}
		}
		if seed.Flat.Push != 0 {
			t.Errorf("HOUSE%s: ties lose, yet %v of rounds push", deck, seed.Flat.Push)
		}
	}
	one, five := solveOf("INF"), solveOf("INF BET=5-5")
	if one.Flat != five.Flat || math.Abs(five.Points-5*one.Points) > 1e-12 || math.Abs(five.PerPoint-one.PerPoint) > 1e-12 {
		t.Errorf("INF at 1 point: %v, %+.15f points; at 5 points: %v, %+.15f points", one, one.Points, five, five.Points)
	}
}

// TestDealerAgainstSolve compares the built dealer's final totals with
// package solve's dealer (its own code) for the house game's dealer on a
// 52-card deck, infinite and one deck.
func TestDealerAgainstSolve(t *testing.T) {
	for _, decks := range []string{"INF", "1D"} {
		sr, err := solve.ParseRules(decks + " DHIT16=0.4 DHIT17=0.2")
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := solve.DealerOutcomes(sr, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		hr, err := ParseRules(decks + " DHIT16=0.4 DHIT17=0.2")
		if err != nil {
			t.Fatal(err)
		}
		pol := builtPolicy(&hr)
		for up := range Ten + 1 {
			limit := hr.Shoe()
			limit[up]--
			if hr.Decks == 0 {
				limit = [NRanks]int{31, 31, 31, 31, 31, 31, 31, 31, 31, 31}
			}
			f := dealerFinals(up, &pol, limit)
			var dist []float64
			if hr.Decks == 0 {
				var p [NRanks]float64
				for i := range p {
					p[i] = float64(hr.Counts()[i]) / 52
				}
				dist = f.infiniteDist(&p)
			} else {
				sh := shoe{n: limit, size: 51}
				dist = f.dist(&sh, nil)
			}
			var ours [23]float64
			for i, h := range f.outs {
				ours[h.Total] += dist[i]
			}
			d := theirs[up]
			want := map[int]float64{16: d[solve.Dealer16], 17: d[solve.Dealer17], 18: d[solve.Dealer18], 19: d[solve.Dealer19],
				20: d[solve.Dealer20], 21: d[solve.Dealer21] + d[solve.DealerBlackjack], 22: d[solve.DealerBust]}
			for total := 16; total <= 22; total++ {
				if math.Abs(ours[total]-want[total]) > 1e-13 {
					t.Errorf("%s up %s: P(%d) = %.15f, package solve %.15f", decks, RankName(up), total, ours[total], want[total])
				}
			}
		}
	}
}
