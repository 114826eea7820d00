package charts

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"bjchart/solve"
	"bjchart/solve/param"
)

// A CompareRequest asks where a published chart and the solution
// disagree, and what each difference costs ('bjchart diff', 'bjchart
// plot --against' and the page's comparison). Each face loads the chart
// its own way (the command line a name or a file, the page a name of the
// library or an upload); the request holds the rest.
type CompareRequest struct {
	// Game is the rules to solve. With no field given, the chart's own
	// rules header is read (its most common reading).
	Game  solve.Game
	Chart string  // the chart: a name of the library (or a file, where the face reads files)
	Tie   float64 // EV per occurrence below which a difference is a near-tie
}

// DefaultCompareRequest compares under the chart's own rules, with
// DefaultTie.
func DefaultCompareRequest() CompareRequest { return CompareRequest{Tie: DefaultTie} }

// Params adds the request's fields to s: the game's, then the chart's
// name and the near-tie bound.
func (q *CompareRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Chart, "chart", "the published chart to compare: a name 'bjchart charts' lists")
	s.Func("tie", "EV per occurrence below which a difference is a near-tie", "float",
		func() string { return strconv.FormatFloat(q.Tie, 'g', -1, 64) },
		func(v string) error {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !(x >= 0) || math.IsInf(x, 1) {
				return fmt.Errorf("want a finite, non-negative EV")
			}
			q.Tie = x
			return nil
		})
}

// FromChart reports whether the rules are read from the chart's header:
// no rule of the game was given.
func (q CompareRequest) FromChart() bool { return q.Game == (solve.Game{}) }

// RulesFrom says where the rules of the comparison come from: the rules
// given, or the chart's own header.
func (q CompareRequest) RulesFrom() string {
	if q.FromChart() {
		return "the chart's rules header, most common reading"
	}
	return "the rules given"
}

// Check checks the request and reads the rules to solve for chart c:
// the game's, or with none given the chart's header.
func (q CompareRequest) Check(c *Chart) (solve.Rules, error) {
	if !(q.Tie >= 0) || math.IsInf(q.Tie, 1) {
		return solve.Rules{}, param.NumberErrorf("tie", q.Tie, "want a finite, non-negative EV")
	}
	if !q.FromChart() {
		return q.Game.Resolve()
	}
	spec, err := c.Rules()
	if err != nil {
		return solve.Rules{}, err
	}
	return spec.Reading(), nil
}

// Run checks the request, solves its rules and compares chart c with the
// solution. ctx is heeded before the solve, not during it.
func (q CompareRequest) Run(ctx context.Context, c *Chart) (*Diff, error) {
	r, err := q.Check(c)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, err := solve.NewSolver(r, solve.Options{})
	if err != nil {
		return nil, err
	}
	return Compare(s, c, q.Tie)
}
