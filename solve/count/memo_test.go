package count

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/memo"
)

// withStore has the package keep whole runs in a store of the test's own
// for the test's length, and returns it.
func withStore(t *testing.T) *memo.Store {
	t.Helper()
	s, err := memo.Open(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	was := store
	store = func() *memo.Store { return s }
	t.Cleanup(func() { store = was })
	return s
}

// sameIndices reports whether two runs' indices are the same to the bit.
func sameIndices(a, b []Index) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		dx, dy := x.Decision, y.Decision
		if math.Float64bits(dx.Published) != math.Float64bits(dy.Published) {
			return false
		}
		dx.Published, dy.Published = 0, 0
		if dx != dy {
			return false
		}
		if math.Float64bits(x.Index) != math.Float64bits(y.Index) || math.Float64bits(x.SE) != math.Float64bits(y.SE) ||
			x.Rounded != y.Rounded || x.Shoes != y.Shoes || x.NotEstimable != y.NotEstimable || x.Never != y.Never {
			return false
		}
	}
	return true
}

// TestRunsRemembered: a whole run asked again is the store's, to the bit;
// a run that differs in any field that decides it is computed; parts of a
// split run are never the store's.
func TestRunsRemembered(t *testing.T) {
	s := withStore(t)
	ctx := context.Background()
	r, _ := solve.ParseRules("1D S17 DAS LS")
	decisions := I18[:3]
	opt := Options{Shoes: 20, Penetration: 0.5, Seed: 1}
	first, err := Compute(ctx, r, HiLo, decisions, opt)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Compute(ctx, r, HiLo, decisions, opt)
	if err != nil {
		t.Fatal(err)
	}
	if s.Hits() != 1 || !sameIndices(first, again) {
		t.Fatalf("asked again: %d results from the store (want 1), the same indices %v", s.Hits(), sameIndices(first, again))
	}
	h17, _ := solve.ParseRules("1D H17 DAS LS")
	ko, _ := ParseSystem("ko")
	others := map[string]func() ([]Index, error){
		"seed":        func() ([]Index, error) { o := opt; o.Seed = 2; return Compute(ctx, r, HiLo, decisions, o) },
		"shoes":       func() ([]Index, error) { o := opt; o.Shoes = 21; return Compute(ctx, r, HiLo, decisions, o) },
		"penetration": func() ([]Index, error) { o := opt; o.Penetration = 0.6; return Compute(ctx, r, HiLo, decisions, o) },
		"oversample":  func() ([]Index, error) { o := opt; o.Oversample = 0.1; return Compute(ctx, r, HiLo, decisions, o) },
		"moment":      func() ([]Index, error) { o := opt; o.Moment = BeforeRound; return Compute(ctx, r, HiLo, decisions, o) },
		"rules":       func() ([]Index, error) { return Compute(ctx, h17, HiLo, decisions, opt) },
		"count":       func() ([]Index, error) { return Compute(ctx, r, ko, decisions, opt) },
		"decisions":   func() ([]Index, error) { return Compute(ctx, r, HiLo, I18[:2], opt) },
		"a part": func() ([]Index, error) {
			o := opt
			o.Shard, o.Shards, o.Solved = 1, 1, func([]SolvedShoe) {}
			return Compute(ctx, r, HiLo, decisions, o)
		},
	}
	for name, run := range others {
		if _, err := run(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Hits() != 1 {
			t.Fatalf("another %s was taken from the store", name)
		}
	}
	basic, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	edges, _ := Edges(ctx, basic, HiLo, opt, nil, false)
	again2, _ := Edges(ctx, basic, HiLo, opt, nil, false)
	if s.Hits() != 2 || len(edges) != len(again2) || edges[len(edges)-1] != again2[len(edges)-1] {
		t.Errorf("exact edges asked again: %d results from the store (want 2)", s.Hits())
	}
	if _, err := Edges(ctx, basic, HiLo, opt, decisions, false); err != nil || s.Hits() != 2 {
		t.Errorf("edges with index plays taken from the chart's run (%v)", err)
	}
}
