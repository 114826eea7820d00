package risk

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
)

// TestPrintedSEsMatchSpread: the SEs risk prints for W, SD and SCORE
// (batch means over the simulator's streams) are the spread of the same
// figures over 16 plays of one ramp with 16 seeds, within what 16 plays
// resolve (a ratio of 0.6 to 1.7). The SD's SE that takes rounds as
// independent (SD / sqrt(2n), what risk printed before) is well below the
// spread: the check fails on that model.
func TestPrintedSEsMatchSpread(t *testing.T) {
	if !*long {
		t.Skip("16 plays of a ramp, about half a minute; run with -long")
	}
	q := DefaultRequest()
	q.Game, q.Shoes, q.Rounds, q.TripHours = solve.Game{Rules: "6D S17 DAS LS"}, 30, 500_000, 0.01 // one round a trip: the trips do not matter here
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Measure(job.Setup)
	if err != nil {
		t.Fatal(err)
	}
	const plays = 16
	var w, sd, score, seW, seSD, seScore, iidSD [plays]float64
	for i := range plays {
		g.play.Seed = uint64(100 + i)
		res, err := job.play(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		f := res.Figures
		w[i], sd[i], score[i], seW[i], seSD[i], seScore[i] = f.WinRate, f.SD, f.Score, f.WinRateSE, f.SDSE, f.ScoreSE
		iidSD[i] = f.SD / math.Sqrt(2*float64(f.SimulatedRounds))
	}
	spread := func(x [plays]float64) float64 {
		var m, v float64
		for _, a := range x {
			m += a / plays
		}
		for _, a := range x {
			v += (a - m) * (a - m) / (plays - 1)
		}
		return math.Sqrt(v)
	}
	mean := func(x [plays]float64) float64 {
		var m float64
		for _, a := range x {
			m += a / plays
		}
		return m
	}
	for _, c := range []struct {
		name      string
		vals, ses [plays]float64
		lo, hi    float64
	}{{"W", w, seW, 0.6, 1.7}, {"SD", sd, seSD, 0.6, 1.7}, {"SCORE", score, seScore, 0.6, 1.7}, {"SD, rounds taken as independent", sd, iidSD, 1.7, math.Inf(1)}} {
		ratio := spread(c.vals) / mean(c.ses)
		t.Logf("%s: spread over %d seeds %.4g, printed SE %.4g: ratio %.2f", c.name, plays, spread(c.vals), mean(c.ses), ratio)
		if ratio < c.lo || ratio > c.hi {
			t.Errorf("%s: the spread over %d seeds is %.2f times the SE; want %.1f to %.1f", c.name, plays, ratio, c.lo, c.hi)
		}
	}
}
