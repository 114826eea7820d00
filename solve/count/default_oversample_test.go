package count

import "testing"

// TestDefaultOversample checks the defaults the request docs give: the
// published sets in proportion up to 0.5 at 600 shoes; every cell 0.3
// at 200, in proportion below, rising evenly to 0.5 at 600.
func TestDefaultOversample(t *testing.T) {
	for _, c := range []struct {
		set   string
		shoes int
		want  float64
	}{
		{"i18", 50, 0.05}, {"i18", 300, 0.25}, {"i18,fab4", 600, 0.5}, {"fab4", 6000, 0.5},
		{"all", 50, 0.1}, {"all", 200, 0.3}, {"all", 400, 0.4}, {"all", 600, 0.5}, {"all", 4000, 0.5},
	} {
		if got := DefaultOversample(c.set, c.shoes); got != c.want {
			t.Errorf("DefaultOversample(%q, %d) = %g, want %g", c.set, c.shoes, got, c.want)
		}
	}
}
