package count

import (
	"math"
	"testing"
	"time"

	"bjchart/solve"
)

// TestHiLoPublished computes the Hi-Lo Illustrious 18 (but its two split
// decisions) and the Fab 4 for the published rules (multi-deck, S17,
// DAS, late surrender, 6 decks) and wants each rounded index within one
// point of the published value, and the index within 3 SE of it.
func TestHiLoPublished(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	start := time.Now()
	got, err := Compute(r, HiLo, append(append([]Decision{}, I18...), Fab4...), Options{Shoes: 600, Penetration: 0.8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v for %d decisions", time.Since(start), len(got))
	for _, x := range got {
		if x.Unsolved {
			continue
		}
		t.Logf("%-9s %-9s v %v: %+.2f ± %.2f (%d shoes), published %+g", x.Table, x.Hand, x.Up, x.Index, x.SE, x.Shoes, x.Published)
		if math.IsNaN(x.Index) || math.Abs(float64(x.Rounded)-x.Published) > 1 {
			t.Errorf("%s %s v %v: index %+.2f ± %.2f, rounded %+d, published %+g", x.Table, x.Hand, x.Up, x.Index, x.SE, x.Rounded, x.Published)
		}
	}
}
