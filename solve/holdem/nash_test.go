package holdem

import (
	"math"
	"testing"
)

// TestPushFoldNash: at several stacks the equilibrium is found to within
// a thousandth of a big blind a hand of exploitability, no player gains
// by changing one class's play, and the ranges behave as they must: the
// small blind pushes every hand at one big blind deep and fewer as the
// stacks deepen; aces always push and are always called; 72o at 10 big
// blinds folds, where its Sklansky-Chubukov number (seen cards) already
// says it cannot push.
func TestPushFoldNash(t *testing.T) {
	m, err := LoadMatrix()
	if err != nil {
		t.Fatal(err)
	}
	aa, _ := ParseClass("AA")
	seven2, _ := ParseClass("72o")
	prev := math.Inf(1)
	for _, stack := range []float64{2, 5, 10, 20} {
		n := PushFoldNash(m, stack, 0, 1e-4, 20000)
		if n.Exploitability > 1e-3 {
			t.Errorf("%v BB: exploitability %.6f after %d iterations", stack, n.Exploitability, n.Iterations)
		}
		if g := n.OneClassGain(m); g > 1e-3 {
			t.Errorf("%v BB: one class's change gains %.6f", stack, g)
		}
		share := 0.0
		for c := range Class(Classes) {
			share += n.Push[c] * float64(c.Combos()) / 1326
		}
		if share > prev+1e-9 || n.Push[aa] < 0.999 || n.Call[aa] < 0.999 {
			t.Errorf("%v BB: pushes %.3f of hands (deeper than %.3f), AA pushes %.3f, calls %.3f", stack, share, prev, n.Push[aa], n.Call[aa])
		}
		prev = share
		if stack == 10 && n.Push[seven2] > 0.5 {
			t.Errorf("10 BB: 72o pushes %.3f", n.Push[seven2])
		}
		t.Logf("%v BB: SB pushes %.1f%% of hands, value %+.4f BB, exploitability %.2g, one class %.2g, %d iterations", stack, 100*share, n.Value, n.Exploitability, n.OneClassGain(m), n.Iterations)
	}
}
