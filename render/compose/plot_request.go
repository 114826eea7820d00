package compose

import (
	"bjchart/render"
	"context"
	"fmt"
	"slices"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// MetricIndex is the plot metric of a count's index plays: each cell's
// index play (PlotRequest with a count).
const MetricIndex render.Metric = "index"

// A PlotRequest asks for a game's tables as heatmaps ('bjchart plot' and
// the page's heatmaps): a metric of every cell, or the difference from
// other rules (Vs), or the cost of following a published chart (Against),
// or a count's index plays (metric index, with Index's count).
type PlotRequest struct {
	Game    solve.Game
	Metric  render.Metric
	Table   string // one of render.TableNames
	Codes   bool   // print each cell's chart play under its value
	Vs      string // rules: plot the metric under Game minus under these
	Against string // a published chart: plot what following it costs
	// AgainstChart, if not nil, is the chart Against names as the face
	// read it (the command line a file); nil reads Against from the
	// library.
	AgainstChart *charts.Chart
	// Index is the count and its index fields, for metric index; its
	// game is Game.
	Index count.IndicesRequest
}

// DefaultPlotRequest draws the best play's EV in every table; a count's
// indices are computed for every cell.
func DefaultPlotRequest() PlotRequest {
	idx := count.DefaultIndicesRequest()
	idx.Set = "all"
	return PlotRequest{Metric: render.MetricBest, Table: "all", Index: idx}
}

// PlotMetrics are the metrics a plot takes: the EV metrics, then index.
var PlotMetrics = append(slices.Clone(render.Metrics), MetricIndex)

// Params adds the request's fields to s: the game's, the plot's, then
// the count's.
func (q *PlotRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.Enum(&q.Table, "table", "table to draw: %s", render.TableNames...)
	names := plotMetricNames()
	s.Func("metric", "number in each cell: "+param.OrList(names)+" (index: with {count})", "string",
		func() string { return string(q.Metric) },
		func(v string) error {
			if !slices.Contains(names, v) {
				return fmt.Errorf("want %s", param.OrList(names))
			}
			q.Metric = render.Metric(v)
			return nil
		})
	s.String(&q.Vs, "vs", "plot the difference from these rules (the metric under {rules} minus under RULES)")
	s.String(&q.Against, "against", "plot the cost of following this published chart (name or file)")
	s.Bool(&q.Codes, "codes", "print each cell's chart action under its value")
	q.Index.CountParams(s)
}

func plotMetricNames() []string {
	var names []string
	for _, m := range PlotMetrics {
		names = append(names, string(m))
	}
	return names
}

// A PlotJob is a checked plot request: what PlotJob.Run draws.
type PlotJob struct {
	req   PlotRequest
	rules solve.Rules // the game's (for Against: the comparison's, read when it runs)
	vs    solve.Rules
	kinds []solve.TableKind
	index count.IndicesJob
	chart *charts.Chart
}

// Check reads and checks the request and the chart Against names.
func (q PlotRequest) Check() (PlotJob, error) {
	job := PlotJob{req: q, kinds: render.Tables[q.Table]}
	if job.kinds == nil {
		return job, param.Errorf("table", q.Table, "want %s", param.OrList(render.TableNames))
	}
	if !slices.Contains(PlotMetrics, q.Metric) {
		return job, param.Errorf("metric", string(q.Metric), "want %s", param.OrList(plotMetricNames()))
	}
	if (q.Metric == MetricIndex) != q.Index.Counting() {
		return job, param.Fieldf("metric", "{metric} index and {count} go together: the index of a count")
	}
	if q.Vs != "" && q.Against != "" {
		return job, param.Fieldf("vs", "{vs} and {against} draw different things; give one")
	}
	switch {
	case q.Metric == MetricIndex:
		if q.Vs != "" || q.Against != "" {
			return job, param.Fieldf("metric", "{metric} index draws one rule set's indices; {vs} and {against} are for EVs")
		}
		r, err := q.Game.Resolve()
		if err != nil {
			return job, err
		}
		idx := q.Index
		idx.Game = solve.Game{Rules: r.String()}
		job.rules = r
		job.index, err = idx.Check()
		return job, err
	case q.Against != "":
		c, err := charts.LibraryOr(q.AgainstChart, "against", q.Against)
		if err != nil {
			return job, err
		}
		job.chart = c
		compare, err := job.compare().Check()
		job.rules = compare.Rules
		return job, err
	}
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	job.rules = r
	if q.Vs != "" { // before anything is solved
		if job.vs, err = solve.ParseRules(q.Vs); err != nil {
			return job, &param.Error{Name: "vs", Input: err.Error()}
		}
	}
	return job, nil
}

// compare is the comparison of a plot against a published chart: under
// the chart's own rules unless a rule is given, as 'bjchart diff'.
func (j PlotJob) compare() charts.CompareRequest {
	req := charts.DefaultCompareRequest()
	req.Game, req.Chart, req.Published = j.req.Game, j.req.Against, j.chart
	return req
}

// Shoes is the number of shoes an index plot samples (0 for other
// plots), for a progress bar.
func (j PlotJob) Shoes() int {
	if j.req.Metric != MetricIndex {
		return 0
	}
	return j.index.Shoes
}

// Run solves what the job asks and lays out its grids and the figure's
// options, for Painter.Heatmap. progress is told the shoes an index plot
// samples of all.
func (j PlotJob) Run(ctx context.Context, progress func(done, total int64)) (render.Heatmap, error) {
	switch {
	case j.req.Metric == MetricIndex:
		res, err := j.index.Run(ctx, progress)
		if err != nil {
			return render.Heatmap{}, err
		}
		t, err := solve.Solve(j.rules)
		if err != nil {
			return render.Heatmap{}, err
		}
		return render.NewIndexHeatmap(t, render.NewIndicesReport(res), j.kinds), nil
	case j.chart != nil:
		compare, err := j.compare().Check()
		if err != nil {
			return render.Heatmap{}, err
		}
		d, err := compare.Run(ctx, nil)
		if err != nil {
			return render.Heatmap{}, err
		}
		return render.NewAgainstHeatmap(d, j.kinds), nil
	}
	shared := solve.Options{Cache: solve.NewCache()} // --vs rules often share the shoe
	t, err := solve.SolveWith(ctx, j.rules, shared)
	if err != nil {
		return render.Heatmap{}, err
	}
	h, err := j.Heatmap(t)
	if err != nil || j.req.Vs == "" {
		return h, err
	}
	grids, opt := h.Grids, h.Options
	tb, err := solve.SolveWith(ctx, j.vs, shared)
	if err != nil {
		return render.Heatmap{}, err
	}
	for i, k := range j.kinds {
		gb, _ := render.MetricGrid(tb, k, j.req.Metric)
		for r := range grids[i].Values {
			for c := range grids[i].Values[r] {
				grids[i].Values[r][c] -= gb.Values[r][c]
			}
		}
	}
	opt.Sequential = false
	opt.Title = fmt.Sprintf("%s: %s minus %s", render.MetricTitle(j.req.Metric), j.rules, j.vs)
	opt.Scale = "EV difference (fraction of the initial bet)"
	opt.Notes[0] = "Each cell: the value under " + j.rules.String() + " less the value under " + j.vs.String() +
		" (blue: the first is better). " + opt.Notes[0]
	return render.Heatmap{Grids: grids, Options: opt}, nil
}

// render.Heatmap lays out the job's metric of a solved table of its game (a
// plot without Vs, Against or a count), for a face that keeps solved
// tables.
func (j PlotJob) Heatmap(t *solve.Table) (render.Heatmap, error) {
	return render.NewMetricHeatmap(t, j.kinds, j.req.Metric, j.req.Codes)
}
