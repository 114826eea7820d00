package render

import "testing"

// TestFormatIndex: a crossing near a half shows which side of it lies
// on, so the rounding beside it agrees; no -0.00.
func TestFormatIndex(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{3.497, "+3.497"}, {3.501, "+3.501"}, {3.5, "+3.50"}, {3.4996, "+3.4996"},
		{-0.001, "+0.00"}, {-0.004, "+0.00"}, {-1.2, "-1.20"}, {-2.5004, "-2.5004"}, {0.126, "+0.13"},
	} {
		if got := FormatIndex(c.x); got != c.want {
			t.Errorf("FormatIndex(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
