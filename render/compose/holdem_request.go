package compose

import (
	"bjchart/render"
	"context"
	"slices"
	"strings"

	"bjchart/solve/holdem"
	"bjchart/solve/param"
)

// A HoldemChartRequest asks for the Hold'em preflop chart ('bjchart
// holdem', the page's /holdem): every class's exact equity against a
// random hand and its push-or-fold number. The face chooses how to show
// it (text, JSON, CSV, a card, a heatmap, the page's grid).
type HoldemChartRequest struct {
	// Show is the grids shown, of render.HoldemMetrics, separated by commas, in
	// order: "equity,pushfold" (both), "equity" or "pushfold".
	Show string
	// Compute computes the equities against a random hand from scratch
	// (holdem.VsRandom, seconds) rather than summing the shipped class
	// matrix's rows (the same counts; a test holds them equal).
	Compute bool
}

// DefaultHoldemChartRequest shows both grids from the shipped matrix.
func DefaultHoldemChartRequest() HoldemChartRequest {
	return HoldemChartRequest{Show: strings.Join(render.HoldemMetrics, ",")}
}

// Params adds the request's fields to s.
func (q *HoldemChartRequest) Params(s *param.Set) {
	s.String(&q.Show, "show", "the chart's grids: equity, pushfold or both (equity,pushfold)")
	s.Bool(&q.Compute, "compute", "compute the equities against a random hand from scratch (about 4 s) instead of summing the shipped class matrix's rows (the same counts, a test holds them equal)")
}

// A HoldemChartJob is a checked Hold'em chart request.
type HoldemChartJob struct {
	metrics []string
	compute bool
}

// Check reads the grids asked for.
func (q HoldemChartRequest) Check() (HoldemChartJob, error) {
	job := HoldemChartJob{compute: q.Compute}
	for _, m := range strings.Split(q.Show, ",") {
		if m = strings.TrimSpace(m); !slices.Contains(render.HoldemMetrics, m) || slices.Contains(job.metrics, m) {
			return job, param.Errorf("show", q.Show, "want equity, pushfold or equity,pushfold")
		}
		job.metrics = append(job.metrics, m)
	}
	return job, nil
}

// render.Metrics are the grids shown, in order.
func (j HoldemChartJob) Metrics() []string { return slices.Clone(j.metrics) }

// HoldemVsRandom is every class's tally against a random hand: computed
// anew (holdem.VsRandom, seconds) or the shipped matrix's rows.
func HoldemVsRandom(compute bool) ([holdem.Classes]holdem.Tally, error) {
	if compute {
		return holdem.VsRandom(), nil
	}
	m, err := holdem.LoadMatrix()
	if err != nil {
		return [holdem.Classes]holdem.Tally{}, err
	}
	return m.Rows(), nil
}

// Run lays the chart out: the tallies against a random hand and the
// push-or-fold numbers (the shipped matrix's).
func (j HoldemChartJob) Run(ctx context.Context, progress func(done, total int64)) (render.HoldemReport, error) {
	if err := ctx.Err(); err != nil {
		return render.HoldemReport{}, err
	}
	m, err := holdem.LoadMatrix()
	if err != nil {
		return render.HoldemReport{}, err
	}
	vs, err := HoldemVsRandom(j.compute)
	if err != nil {
		return render.HoldemReport{}, err
	}
	return render.NewHoldemReport(vs, holdem.PushFoldChart(m)), nil
}
