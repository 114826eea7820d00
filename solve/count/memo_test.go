package count

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"testing"

	"bjchart/solve"
	"bjchart/solve/memo"
)

// withStore has the package keep whole runs in a store of the test's own
// for the test's length (Keep), and returns it.
func withStore(t *testing.T) *memo.Store {
	t.Helper()
	s, err := memo.Open(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	was := keeper.Load()
	Keep(func() *memo.Store { return s })
	t.Cleanup(func() { keeper.Store(was) })
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
	edges := func(decisions []Decision, best bool) []ShoeEdge {
		got, err := Edges(ctx, basic, HiLo, opt, decisions, best)
		if err != nil || len(got) == 0 {
			t.Fatalf("Edges: %d shoes, %v", len(got), err)
		}
		return got
	}
	chart := edges(nil, false)
	if again := edges(nil, false); s.Hits() != 2 || !slices.Equal(chart, again) {
		t.Errorf("exact edges asked again: %d results from the store (want 2), the same %v", s.Hits(), slices.Equal(chart, again))
	}
	edges(decisions, false) // the chart with index plays
	edges(nil, true)        // each shoe's best chart too
	if s.Hits() != 2 {
		t.Errorf("edges of another chart, or with the best charts, taken from the chart's run")
	}
}

// TestStoppedRunNotKept: a run its context stops after its last shoe was
// started (its shoes in flight cut short, left out) is the context's
// error, and nothing is kept: asked again, it is computed whole.
func TestStoppedRunNotKept(t *testing.T) {
	s := withStore(t)
	r, _ := solve.ParseRules("1D S17 DAS LS")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := Options{Shoes: 12, Penetration: 0.5, Seed: 1}
	opt.Progress = func(done, total int64) {
		if done == total-2 {
			cancel()
		}
	}
	if _, err := Compute(ctx, r, HiLo, I18[:2], opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("a run stopped part way: err %v, want context.Canceled", err)
	}
	opt.Progress = nil
	whole, err := Compute(context.Background(), r, HiLo, I18[:2], opt)
	if err != nil || s.Hits() != 0 || len(whole) == 0 {
		t.Fatalf("asked again: %d results from the store (want 0: the stopped run was kept), %v", s.Hits(), err)
	}
}

// TestRunKeyHoldsOptions: every field of Options that decides a run is a
// field of runKey (a field left out would have runs that differ in it
// share a kept result).
func TestRunKeyHoldsOptions(t *testing.T) {
	notDeciding := map[string]bool{"Progress": true, "Shard": true, "Shards": true, "Solved": true, "From": true}
	key, opt := reflect.TypeFor[runKey](), reflect.TypeFor[Options]()
	for i := range opt.NumField() {
		f := opt.Field(i)
		if _, ok := key.FieldByName(f.Name); !ok && !notDeciding[f.Name] {
			t.Errorf("Options.%s is not in runKey: runs that differ in it would share what is kept", f.Name)
		}
	}
}
