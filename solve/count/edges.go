package count

import (
	"math"

	"bjchart/solve"
)

// A ShoeEdge is one sampled shoe: its count before the round (the count a
// bet goes by) and the exact EV of a round dealt from it, played by the
// full shoe's chart (Chart) and by the shoe's own best chart (Best: every
// index of every cell taken at its exact crossing).
type ShoeEdge struct {
	Count       float64
	Chart, Best float64
}

// Edges deals opt.Shoes shoes as the indices do (each to a random depth
// below opt.Penetration) and solves each exactly: the round's EV with the
// full shoe's chart and with the shoe's own. Shoes the solver cannot take
// (a rank dealt out) are left out. opt.Moment is not used: a bet goes by
// the count before the round.
func Edges(r solve.Rules, sys System, opt Options) ([]ShoeEdge, error) {
	if err := check(r, opt); err != nil {
		return nil, err
	}
	basic, err := solve.Solve(r)
	if err != nil {
		return nil, err
	}
	chart := basic.Strategy()
	samples, err := sampleShoes(r, sys, opt, func(left [10]int, c counter) [][]point {
		shoe := solve.Shoe{Counts: left}
		sv, err := solve.NewSolver(r, solve.Options{Shoe: &shoe})
		if err != nil {
			return nil
		}
		played, err := sv.Evaluate(chart)
		if err != nil {
			return nil
		}
		return [][]point{{{c.with(), played.EV, 1}, {c.with(), sv.Table().EV, 1}}}
	})
	if err != nil {
		return nil, err
	}
	var out []ShoeEdge
	for _, s := range samples {
		if s.points != nil && !math.IsNaN(s.points[0][0].y) {
			out = append(out, ShoeEdge{Count: s.tc, Chart: s.points[0][0].y, Best: s.points[0][1].y})
		}
	}
	return out, nil
}
