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
// plot --against' and the page's comparison).
type CompareRequest struct {
	// Game is the rules to solve. With no field given, the chart's own
	// rules header is read (its most common reading).
	Game  solve.Game
	Chart string  // the chart: a name of the library (or a file, where the face reads files)
	Tie   float64 // EV per occurrence below which a difference is a near-tie
	// Published, if not nil, is the chart Chart names as a face read it
	// (the command line a file, the page an upload); nil reads Chart from
	// the library.
	Published *Chart
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

// LibraryOr is the chart a request's field names: c, read by the face,
// or else the library's chart of that name (an error of the field when
// there is none).
func LibraryOr(c *Chart, field, name string) (*Chart, error) {
	if c != nil {
		return c, nil
	}
	if name == "" {
		return nil, param.Fieldf(field, "{%s}: give a chart ('bjchart charts' lists them)", field)
	}
	c, err := Library(name)
	if err != nil {
		return nil, param.Errorf(field, name, "not a chart of the library ('bjchart charts' lists them)")
	}
	return c, nil
}

// A CompareJob is a checked comparison: the chart, the rules it is
// solved for and the tie margin.
type CompareJob struct {
	Chart *Chart
	Rules solve.Rules
	Tie   float64
}

// Check checks the request, reads its chart and the rules to solve for
// it: the game's, or with none given the chart's header.
func (q CompareRequest) Check() (CompareJob, error) {
	job := CompareJob{Tie: q.Tie}
	if !(q.Tie >= 0) || math.IsInf(q.Tie, 1) {
		return job, param.NumberErrorf("tie", q.Tie, "want a finite, non-negative EV")
	}
	c, err := LibraryOr(q.Published, "chart", q.Chart)
	if err != nil {
		return job, err
	}
	job.Chart = c
	if !q.FromChart() {
		job.Rules, err = q.Game.Resolve()
		return job, err
	}
	spec, err := c.Rules()
	if err != nil {
		return job, err
	}
	job.Rules = spec.Reading()
	return job, nil
}

// Run solves the job's rules and compares its chart with the solution;
// progress is not called. The solve stops when ctx ends.
func (j CompareJob) Run(ctx context.Context, progress func(done, total int64)) (*Diff, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, err := solve.NewSolver(ctx, j.Rules, solve.Options{})
	if err != nil {
		return nil, err
	}
	return Compare(s, j.Chart, j.Tie)
}
