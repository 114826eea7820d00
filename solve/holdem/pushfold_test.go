package holdem

import (
	"math"
	"testing"
)

// TestPushFold holds the chart to the Sklansky-Chubukov numbers as
// published (KK 954, 22 and A3o 48: counted in small blinds, the blinds'
// pot being 3 units, so half of that in big blinds), within a big blind
// (their caller sees the pusher's suits; ours its class), and each
// class's number to its definition: the push's gain over folding is zero
// there and negative just beyond.
func TestPushFold(t *testing.T) {
	m, err := LoadMatrix()
	if err != nil {
		t.Fatal(err)
	}
	chart := PushFoldChart(m)
	for _, tc := range []struct {
		class string
		want  float64
	}{{"KK", 477}, {"22", 24}, {"A3o", 24}} {
		c, _ := ParseClass(tc.class)
		if got := chart[c].Stack; math.Abs(got-tc.want) > 1 {
			t.Errorf("%s: %.2f big blinds, want %v within 1", tc.class, got, tc.want)
		}
	}
	aa, _ := ParseClass("AA")
	if !math.IsInf(chart[aa].Stack, 1) {
		t.Errorf("AA: %v, want +Inf", chart[aa].Stack)
	}
	pairs := classPairs()
	for c := range Class(Classes) {
		pf := chart[c]
		if math.IsInf(pf.Stack, 1) {
			continue
		}
		if g := pf.gain(m, pairs, pf.Stack); pf.Stack > 1 && math.Abs(g) > 1e-9 {
			t.Errorf("%v: the gain at its number %.4f is %v, not 0", c, pf.Stack, g)
		}
		if g := pf.gain(m, pairs, pf.Stack*1.001+0.001); g >= 0 {
			t.Errorf("%v: pushing still gains %v beyond its number %.4f", c, g, pf.Stack)
		}
	}
}
