package holdem

import (
	"math"
	"testing"
)

// TestPushFold holds the chart to the Sklansky-Chubukov numbers as
// published (KK 954, 22 and A3o 48), in the published table's convention:
// the stack behind the posted small blind, in small blinds (2 S - 1 for a
// whole stack of S big blinds), to the nearest as printed; and each
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
	}{{"KK", 954}, {"22", 48}, {"A3o", 48}} {
		c, _ := ParseClass(tc.class)
		if got := chart[c].SklanskyChubukov(); math.Round(got) != tc.want {
			t.Errorf("%s: %.3f small blinds behind the posted blind (%.4f big blinds in all), want %v as published",
				tc.class, got, chart[c].Stack, tc.want)
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
