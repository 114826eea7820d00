// Package solve computes exact blackjack expected values for a rule set:
// the EV of every legal action for every chart cell, the chart that follows
// from them, and the EV of a round.
//
// The pipeline is:
//
//  1. Rules are parsed from the community's notation (ParseRules).
//  2. The dealer's final-hand distribution is computed for every up card.
//  3. Every player hand is valued by dynamic programming from the highest
//     totals down: stand, hit (then optimal play), double, split (with
//     resplits) and surrender.
//  4. Each cell's best action and fallback are chosen (Code), and the round's
//     EV is the probability-weighted sum over the first three cards.
//
// All EVs are fractions of the initial wager. Table.Conditioning states what
// a table's EVs are conditioned on; Table.EV is always unconditional.
package solve

import (
	"context"
	"fmt"
)

// Options refine a solve.
type Options struct {
	// Shoe, if not nil, is the remaining shoe to deal from instead of the
	// full shoe of Rules.Decks (for counting analyses). It must be finite.
	Shoe *Shoe
	// Split is the post-split strategy finite-shoe splits are valued under.
	Split SplitStrategy
	// Cache, if not nil, shares work with other solves using it.
	Cache *Cache
	// TableOnly tells NewSolver that its Solver will most likely value no
	// other strategy: it keeps only the table, a fraction of the memory,
	// and solves again the first time Evaluate is called.
	TableOnly bool
	// HandsOnly leaves out of a finite solve what only a chart reads:
	// the table's Cells are left empty (their hands, names and up cards
	// only), and splits are valued under Split alone (CDEV of the other
	// strategy is NaN). Hands, Compositions and EV are as
	// without it, to the last bit: what an index of every cell reads of
	// each sampled shoe (count.AllCells).
	HandsOnly bool
}

// Solve computes the Table for a rule set from a full shoe, valuing splits
// under CDZ-.
func Solve(r Rules) (*Table, error) { return SolveWith(context.Background(), r, Options{}) }

// SolveWith computes the Table for a rule set with options. When ctx
// ends, a finite solve stops: the up cards not yet begun are not solved,
// and it returns the context's error.
func SolveWith(ctx context.Context, r Rules, opt Options) (*Table, error) {
	s, err := newSolver(ctx, r, opt, false)
	if err != nil {
		return nil, err
	}
	return s.Table(), nil
}

// A Solver is a solved rule set that can also value fixed strategies (a
// published chart, a chart with one cell changed) without solving again.
// It is not safe for concurrent use.
type Solver struct {
	table *Table
	ups   [10]*tdUp // finite shoes: the hand graphs against each up card
	opt   Options   // what the table was solved with (TableOnly: to solve again)
}

// NewSolver solves a rule set, stopped as SolveWith is when ctx ends.
func NewSolver(ctx context.Context, r Rules, opt Options) (*Solver, error) {
	return newSolver(ctx, r, opt, !opt.TableOnly)
}

// newSolver solves a rule set, keeping what valuing other strategies
// needs only if keep is set.
func newSolver(ctx context.Context, r Rules, opt Options, keep bool) (*Solver, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	s := &Solver{opt: opt}
	switch {
	case opt.Shoe != nil:
		if r.Infinite() {
			return nil, fmt.Errorf("a remaining shoe needs rules with a finite deck count; %q deals from an infinite deck", r)
		}
		if err := opt.Shoe.Validate(); err != nil {
			return nil, err
		}
		s.table, s.ups = solveFiniteWith(ctx, r, *opt.Shoe, opt, keep)
	case r.Infinite():
		s.table = solveInfinite(r)
	default:
		s.table, s.ups = solveFiniteWith(ctx, r, r.FullShoe(), opt, keep)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

// Table returns the solved table: the best chart and every EV.
func (s *Solver) Table() *Table { return s.table }
