package holdem

import (
	"context"
	"math"
	"strings"
	"testing"
)

// TestWeightedRange: a weighted range's exact equity is the equity of the
// same range with each hand repeated in proportion to its weight (a list
// the enumeration counts hand by hand, and the independent brute force
// with the simple evaluator), to 1e-12; it differs from the
// unweighted range's (the check sees the weights); the simulation of
// the weighted range agrees with it within 4 SE.
func TestWeightedRange(t *testing.T) {
	weighted, err := ParseRange("AA, KK:0.5")
	if err != nil {
		t.Fatal(err)
	}
	villain, _ := ParseRange("QQ")
	board, _ := ParseCards("Kh7d2c")
	got, err := Equity(context.Background(), []Range{weighted, villain}, board, nil, 1, 1, nil)
	if err != nil || !got.Exact {
		t.Fatalf("%v, exact %v", err, got.Exact)
	}
	// AA twice, KK once, each at weight 1: the weights 1 and 0.5 scaled by 2.
	aa, _ := ParseRange("AA")
	kk, _ := ParseRange("KK")
	var repeated []Hand
	repeated = append(append(append(repeated, aa.Hands...), aa.Hands...), kk.Hands...)
	weightsOf := func(hs []Hand) []float64 {
		w := make([]float64, len(hs))
		for i := range w {
			w[i] = 1
		}
		return w
	}
	var used uint64
	for _, c := range board {
		used |= 1 << c
	}
	live := [][]Hand{repeated, villain.Hands}
	want := exactEquity(context.Background(), live, [][]float64{weightsOf(repeated), weightsOf(villain.Hands)}, board, used, countDeals(live, used, math.MaxInt64), got.Boards, func(int64, int64) {})
	for i := range got.Players {
		if math.Abs(got.Players[i].Equity-want.Players[i].Equity) > 1e-12 || math.Abs(got.Players[i].Win-want.Players[i].Win) > 1e-12 {
			t.Errorf("player %d: weighted %+v, repeated hands %+v", i+1, got.Players[i], want.Players[i])
		}
	}
	// And by an enumeration that shares nothing with the engine: the
	// simple evaluator over every deal and river of the repeated list, on
	// a turn (a flop's boards take it seconds).
	turn, _ := ParseCards("Kh7d2c9s")
	onTurn, err := Equity(context.Background(), []Range{weighted, villain}, turn, nil, 1, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	brute := bruteEquity([][]Hand{repeated, villain.Hands}, turn, nil)
	for i := range brute {
		if math.Abs(onTurn.Players[i].Equity-brute[i]) > 1e-12 {
			t.Errorf("player %d on the turn: weighted %.12f, brute force of the repeated hands %.12f", i+1, onTurn.Players[i].Equity, brute[i])
		}
	}
	plain, _ := ParseRange("AA,KK")
	unweighted, _ := Equity(context.Background(), []Range{plain, villain}, board, nil, 1, 1, nil)
	if math.Abs(unweighted.Players[0].Equity-got.Players[0].Equity) < 0.01 {
		t.Errorf("the weights change nothing: %v against %v", got.Players[0].Equity, unweighted.Players[0].Equity)
	}
	w := [][]float64{weighted.Weights, villain.Weights}
	sim, _ := simulateEquity(context.Background(), [][]Hand{weighted.Hands, villain.Hands}, w, board, used, 400_000, 7, func(int64, int64) {})
	for i, p := range sim.Players {
		if d := math.Abs(p.Equity - got.Players[i].Equity); d > 4*p.SE {
			t.Errorf("player %d: simulated %v ± %v, exact %v (%.1f SE)", i+1, p.Equity, p.SE, got.Players[i].Equity, d/p.SE)
		}
	}
}

// TestRangeWeights: weights read and refused.
func TestRangeWeights(t *testing.T) {
	r, err := ParseRange("QQ+:0.25,AKs, AKs:0.5")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 22 || r.Weights[0] != 0.25 || r.Weights[17] != 0.25 || r.Weights[18] != 1 || r.Weights[21] != 1 {
		t.Errorf("QQ+:0.25,AKs,AKs:0.5: %d hands, weights %v", len(r.Hands), r.Weights)
	}
	for _, bad := range []string{"AKs:0", "AKs:1.5", "AKs:x", "AKs:", "AKs:-1", "AKs:NaN"} {
		if _, err := ParseRange(bad); err == nil || !strings.Contains(err.Error(), "weight") {
			t.Errorf("%s: %v, want the weight refused", bad, err)
		}
	}
}
