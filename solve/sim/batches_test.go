package sim

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
)

// TestBatchesSE: a counted run keeps its streams, and its EV's SE is the
// spread of the streams' means over the root of their number (equal
// streams), which the run's checks hold to its sums; a stream edited
// out of step with the sums is refused.
func TestBatchesSE(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	tab, _ := solve.Solve(r)
	ch, _ := NewChart(tab)
	cnt, _ := ParseCount("hilo", 6)
	res, err := Run(context.Background(), Config{Rules: r, Rounds: 640_000, Seed: 3, Penetration: 0.75, Count: cnt, Ramp: []Step{{-MaxRampCount, 1}, {2, 8}}}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Streams) != 64 {
		t.Fatalf("%d streams kept, want 64", len(res.Streams))
	}
	var means []float64
	for _, s := range res.Streams {
		means = append(means, s.Net/float64(s.Rounds))
	}
	var m, v float64
	for _, x := range means {
		m += x / 64
	}
	for _, x := range means {
		v += (x - m) * (x - m) / 63
	}
	if want := math.Sqrt(v / 64); math.Abs(res.SE()-want) > 0.02*want {
		t.Errorf("SE %.6f, the streams' spread says %.6f", res.SE(), want)
	}
	if err := res.Check(MaxPays(r)); err != nil {
		t.Errorf("the run's own sums refused: %v", err)
	}
	res.Streams[3].Net += 5
	if err := res.Check(MaxPays(r)); err == nil {
		t.Error("a stream out of step with the sums was accepted")
	}
}
