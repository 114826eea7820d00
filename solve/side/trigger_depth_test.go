package side

import (
	"context"
	"math"
	"testing"
)

// TestTriggerDepths: the shoes broken down by depth are the trigger's
// shoes again, bin by bin (the shoes and their mean EV add up), each band
// of the penetration holds about its share of the shoes (the depth is
// uniform below the penetration), and a deeper band reaches further
// counts (the true count spreads as the shoe is dealt).
func TestTriggerDepths(t *testing.T) {
	q := DefaultTriggerRequest()
	q.Bet, q.Decks, q.Shoes = "21+3", 6, 20_000
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	tr, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Depths) != DepthBands || tr.Depths[DepthBands-1].To != q.Penetration {
		t.Fatalf("%d bands to %v; want %d to the penetration", len(tr.Depths), tr.Depths[len(tr.Depths)-1].To, DepthBands)
	}
	type sum struct{ n, ev float64 }
	byLo := map[float64]*sum{}
	spread := make([]float64, DepthBands)
	for k, d := range tr.Depths {
		n := 0
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, b := range d.Bins {
			s := byLo[b.Lo]
			if s == nil {
				s = &sum{}
				byLo[b.Lo] = s
			}
			s.n += float64(b.Shoes)
			s.ev += float64(b.Shoes) * b.Mean
			n += b.Shoes
			lo, hi = min(lo, b.Lo), max(hi, b.Lo)
		}
		spread[k] = hi - lo
		if share := float64(n) / float64(q.Shoes); math.Abs(share-1.0/DepthBands) > 0.02 {
			t.Errorf("band %d (%.2f to %.2f): %.3f of the shoes, want about %.3f", k, d.From, d.To, share, 1.0/DepthBands)
		}
	}
	for _, b := range tr.Bins {
		s := byLo[b.Lo]
		if s == nil || int(s.n) != b.Shoes || math.Abs(s.ev/s.n-b.Mean) > 1e-12 {
			t.Errorf("count %+g: %d shoes at %v, the bands %+v", b.Lo, b.Shoes, b.Mean, s)
		}
	}
	if spread[DepthBands-1] <= spread[0] {
		t.Errorf("the counts spread over %v true counts in the deepest band, %v in the shallowest; want more deep", spread[DepthBands-1], spread[0])
	}
}
