package count

import (
	"bjchart/solve"
	"bjchart/solve/memo"
)

// store is where whole runs' results are kept for the same question asked
// again (package memo): the process's, nil in tests, which set their own.
var store = memo.Default

// runKey is what decides a whole run's results besides its kind: the
// rules, the count and the sampling (the shoes are dealt from the seed).
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

// keptRun is a run's results as the store keeps them; Made tells an
// empty list from none, which gob does not.
type keptRun[T any] struct {
	Got  []T
	Made bool
}

// remembered returns compute's results for a whole run decided by key,
// shipped with the program (ShippedGames) or kept in the store by it,
// else computed and kept. A part of a split run, or a merge, is computed: its shoes are
// not a whole run's.
func remembered[T any](kind string, key runKey, opt Options, compute func() ([]T, error)) ([]T, error) {
	if opt.Shards > 0 || opt.From != nil {
		return compute()
	}
	var kept keptRun[T]
	s := store()
	k := s.Key(kind, key)
	if shippedRun(kind, key, &kept) || s.Load(k, &kept) {
		if kept.Made && kept.Got == nil {
			kept.Got = []T{}
		}
		return kept.Got, nil
	}
	got, err := compute()
	if err != nil {
		return got, err
	}
	s.Save(k, keptRun[T]{Got: got, Made: got != nil}) // a store that cannot keep it only costs the next run the time
	if recordRun != nil {
		recordRun(kind, key, keptRun[T]{Got: got, Made: got != nil})
	}
	return got, nil
}
