package count

import (
	"context"
	"sync/atomic"

	"bjchart/solve"
	"bjchart/solve/memo"
)

// keeper is where whole runs are taken from and kept besides being
// computed (Keep); nil, a library's and a test's default: nowhere.
var keeper atomic.Pointer[func() *memo.Store]

// Keep has whole runs (Compute, AllCells, Edges) taken from the runs
// shipped with the program (ShippedGames) or from the store that store
// returns (it is asked at the first run no shipped run answers; nil: no
// store), and kept there when computed. The command line calls it
// before any run unless $BJCHART_CACHE is off, with the store
// memo.OpenFolder opens there; a program that does not computes every
// run and writes nothing to disk.
func Keep(store func() *memo.Store) { keeper.Store(&store) }

// runKey is what decides a whole run's results besides its kind: the
// rules, the count and the sampling (the shoes are dealt from the seed).
// Every field of Options that decides a run is here
// (TestRunKeyHoldsOptions).
type runKey struct {
	Rules       solve.Rules
	System      System
	Decisions   []decisionKey // nil: every cell
	Shoes       int
	Penetration float64
	Seed        uint64
	Oversample  float64
	Moment      Moment
	Best        bool           // Edges: each shoe's best chart solved too
	Chart       solve.Strategy // Edges: the chart played (the table given's)
}

// decisionKey is a decision as a run reads it: its index (Published)
// included, which a strategy with index plays plays by (IndexStrategy).
type decisionKey struct {
	Table, Hand string
	Up          solve.Rank
	Base, Play  string
	Published   float64
	Unsolved    bool
	MultiCard   bool
}

func newRunKey(r solve.Rules, sys System, decisions []Decision, opt Options) runKey {
	k := runKey{Rules: r, System: sys, Shoes: opt.Shoes, Penetration: opt.Penetration, Seed: opt.Seed, Oversample: opt.Oversample, Moment: opt.Moment}
	for _, d := range decisions {
		k.Decisions = append(k.Decisions, decisionKey(d))
	}
	return k
}

// keptRun is a run's results as they are shipped and kept; Made tells an
// empty list from none, which gob does not.
type keptRun[T any] struct {
	Got  []T
	Made bool
}

// list returns the run's results as computed.
func (k keptRun[T]) list() []T {
	if k.Made && k.Got == nil {
		return []T{}
	}
	return k.Got
}

// remembered returns compute's results for a run decided by key: for a
// whole run, shipped with the program or kept in the store (Keep) if it
// is there, else computed and kept. A part of a split run, or a merge, is
// computed: its shoes are not a whole run's. A run ctx stopped part way
// is ctx's error, never a result: some of its shoes were left out.
func remembered[T any](ctx context.Context, kind string, key runKey, opt Options, compute func() ([]T, error)) ([]T, error) {
	whole := opt.Shards == 0 && opt.From == nil
	var kept keptRun[T]
	var s *memo.Store
	if k := keeper.Load(); whole && k != nil {
		if shippedRun(kind, key, &kept) {
			return kept.list(), nil
		}
		s = (*k)()
	}
	id := s.Key(kind, key)
	if s.Load(id, &kept) {
		return kept.list(), nil
	}
	got, err := compute()
	if err == nil && ctx != nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if whole {
		run := keptRun[T]{Got: got, Made: got != nil}
		s.Save(id, run) // a store that cannot keep it only costs the next run the time
		if recordRun != nil {
			recordRun(kind, key, run)
		}
	}
	return got, nil
}
