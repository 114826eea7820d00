package count

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
)

// TestEffectsOfRemovalAndCorrelations holds the exact effects of removal
// of a single-deck S17 NDAS game to Griffin's (The Theory of Blackjack,
// as R. Reid reprints them in "Correlation", bjmath.com: 2 +0.38 ... A
// -0.61, in % of the bet) within 0.05 points, and the counts' betting and
// insurance correlations computed from them to the values the counting
// literature prints (Wong's table, as QFIT and Blackjack Review reprint
// it) within 0.015 and 0.006: the printed ones are rounded to two
// decimals, and Griffin's effects of removal are for rules that differ a
// little. The insurance correlation of Hi-Lo is also worked by hand:
// 208 / sqrt(40 x 1872).
func TestEffectsOfRemovalAndCorrelations(t *testing.T) {
	job, err := CorrelationRequest{Game: solve.Game{Rules: "1D S17 NDAS"}}.Check()
	if err != nil {
		t.Fatal(err)
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	griffin := [10]float64{-0.61, 0.38, 0.44, 0.55, 0.69, 0.46, 0.28, 0.00, -0.18, -0.51} // A, 2..9, T
	for c, want := range griffin {
		if got := 100 * res.Effects[c]; math.Abs(got-want) > 0.05 {
			t.Errorf("effect of removing a %v: %+.3f%%, Griffin %+.2f%%", solve.Rank(c+1), got, want)
		}
	}
	published := map[string][2]float64{"hilo": {0.97, 0.76}, "ko": {0.98, 0.78}, "red7": {0.98, 0.78}, "hiopt1": {0.88, 0.85},
		"hiopt2": {0.91, 0.91}, "omega2": {0.92, 0.85}, "zen": {0.96, 0.85}, "wong-halves": {0.99, 0.72}}
	seen := 0
	for _, x := range res.Counts {
		p, ok := published[x.Name]
		if !ok {
			continue
		}
		seen++
		if math.Abs(x.Betting-p[0]) > 0.015 || math.Abs(x.Insurance-p[1]) > 0.006 {
			t.Errorf("%s: betting %.3f, insurance %.3f; published %.2f, %.2f", x.Name, x.Betting, x.Insurance, p[0], p[1])
		}
		if x.Name == "hilo" && math.Abs(x.Insurance-208/math.Sqrt(40*1872)) > 1e-12 {
			t.Errorf("hilo insurance correlation %.15f, by hand %.15f", x.Insurance, 208/math.Sqrt(40*1872))
		}
	}
	if seen != len(published) {
		t.Errorf("%d of the %d published counts computed", seen, len(published))
	}
}

// TestPlayingEfficiency holds each count's playing efficiency on the
// single-deck game to the value Wong's table prints (as QFIT and
// Blackjack Review reprint it) within 0.03: Griffin's normal
// approximation with half the deck dealt lands 0.01-0.03 below every
// printed value, in the same order. A plainer model, each decision's
// correlation weighed by its frequency and SD (no normal tail), misses
// by more than 0.03 for some counts: the test tells the two apart.
func TestPlayingEfficiency(t *testing.T) {
	r, _ := solve.ParseRules("1D S17 NDAS")
	_, base, depleted, err := effectsOfRemoval(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	decisions := strategyDecisions(base, depleted)
	perDeck := r.PerDeck()
	published := map[string]float64{"hilo": 0.51, "ko": 0.55, "red7": 0.54, "hiopt1": 0.61, "hiopt2": 0.67, "omega2": 0.67, "zen": 0.63, "wong-halves": 0.57}
	plainMisses := 0
	for name, want := range published {
		sys := Systems[name]
		got := playingEfficiency(sys, decisions, perDeck, 52)
		if math.Abs(got-want) > 0.03 {
			t.Errorf("%s: playing efficiency %.3f, published %.2f", name, got, want)
		}
		var rs, ws float64
		for _, d := range decisions {
			var m, v float64
			for c, e := range d.effects {
				m += float64(perDeck[c]) * e / 52
			}
			for c, e := range d.effects {
				v += float64(perDeck[c]) * (e - m) * (e - m) / 52
			}
			rs += d.freq * math.Sqrt(v) * math.Abs(Correlation(sys, d.effects, perDeck))
			ws += d.freq * math.Sqrt(v)
		}
		if plain := rs / ws; math.Abs(plain-want) > 0.03 {
			plainMisses++
		}
		t.Logf("%-12s %.3f (published %.2f); weighed correlation %.3f", name, got, want, rs/ws)
	}
	if plainMisses == 0 {
		t.Error("the weighed correlations match the published values too: the test does not tell the models apart")
	}
}

// TestCorrelationRefuses: a game and counts that have no correlation.
func TestCorrelationRefuses(t *testing.T) {
	for _, q := range []CorrelationRequest{
		{Game: solve.Game{Rules: "INF"}},
		{Tags: "A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=1"},
		{Count: "hilo", Tags: "A=-1"},
	} {
		if _, err := q.Check(); err == nil {
			t.Errorf("%+v: accepted", q)
		}
	}
}
