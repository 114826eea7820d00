package count

import (
	"context"
	"testing"

	"bjchart/solve"
)

// TestSeedsDoNotContradict: at the defaults (600 shoes, 6D S17 DAS LS,
// the I18 and Fab 4), two seeds' printed indices never contradict each
// other: the integers each crossing's 95% interval rounds to (Between,
// printed "+3/+4" where they are two) overlap in every cell, and where
// both seeds settle the integer it is the same. How often the two
// print the very same label is logged (77% at these settings: most
// crossings lie within two standard errors of a rounding boundary at 600
// shoes). Under -long (about 20 s).
func TestSeedsDoNotContradict(t *testing.T) {
	if !*long {
		t.Skip("two index runs at the defaults; -long runs it")
	}
	runs := make([]Indices, 2)
	for i := range runs {
		req := DefaultIndicesRequest()
		req.Game = solve.Game{Rules: "6D S17 DAS LS"}
		req.Seed = uint64(i + 1)
		var err error
		if runs[i], err = req.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
	a, b := runs[0].Indices, runs[1].Indices
	if len(a) != len(b) {
		t.Fatalf("%d and %d decisions", len(a), len(b))
	}
	same := 0
	for i := range a {
		alo, ahi := Nearest.Between(a[i].Index, a[i].SE)
		blo, bhi := Nearest.Between(b[i].Index, b[i].SE)
		if ahi < blo || bhi < alo {
			t.Errorf("%s %s v %v: seed 1 prints %d..%d (%.2f ± %.2f), seed 2 %d..%d (%.2f ± %.2f)",
				a[i].Table, a[i].Hand, a[i].Up, alo, ahi, a[i].Index, a[i].SE, blo, bhi, b[i].Index, b[i].SE)
		}
		if alo == ahi && blo == bhi && alo != blo {
			t.Errorf("%s %s v %v: both seeds settle it, at %d and %d", a[i].Table, a[i].Hand, a[i].Up, alo, blo)
		}
		if alo == blo && ahi == bhi {
			same++
		}
	}
	t.Logf("the same label in %d of %d cells", same, len(a))
}
