package main

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"

	"github.com/spf13/cobra"
)

type plotOptions struct {
	rules   ruleFlags
	index   indexFlags
	out     string
	table   string
	metric  string
	vs      string
	against string
	codes   bool
	format  string
}

func newPlotCmd(e env) *cobra.Command {
	o := &plotOptions{}
	cmd := &cobra.Command{
		Use:   "plot",
		Short: "Draw the EV tables as heatmaps (PNG, SVG or PDF)",
		Long: `Draw a chart's EVs as heatmaps: up cards across, the table's rows down,
one annotated cell per hand and up card, a colour scale centred on zero
(losses blue, gains red) with a colour bar.

Metrics: best (EV of the chart's action), stand, hit, double, split,
surrender (EV of that action; grey where it is not allowed), margin (the
EV per occurrence the best other action would cost: how close the decision
is; a one-sided scale), gain (best minus stand) and index (with --count:
each cell's index play, the true count at which a play overtakes the basic
one, nearest zero where there are two; computed as 'bjchart indices' does,
every cell by default).

--vs RULES plots the metric under --rules minus under RULES: which hands a
rule change hurts. --against NAME|FILE plots the EV per occurrence that
following a published chart costs in each cell (zero where it agrees),
solving the chart's own rules unless --rules is given.`,
		Example: `  bjchart plot -o heatmap.png
  bjchart plot --rules "6D H17 DAS LS" --table all --codes -o chart.svg
  bjchart plot --rules "6D H17 DAS" --vs "6D S17 DAS" -o h17-cost.png
  bjchart plot --metric margin --table hard -o margins.pdf
  bjchart plot --against thorp-1966-1deck -o thorp.png
  bjchart plot --metric index --count hilo --rules "6D S17 DAS" -o hilo-indices.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	o.index.bind(cmd, "all")
	fl := cmd.Flags()
	fl.StringVarP(&o.out, "output", "o", "heatmap.png", "output file; its extension picks the format: .png, .svg or .pdf; - for stdout")
	enumVar(fl, &o.format, "format", "", "%s (default: from the -o extension; png for -o -)", render.HeatmapFormats...)
	enumVar(fl, &o.table, "table", "all", "table to draw: %s", render.TableNames...)
	fl.StringVar(&o.metric, "metric", "best", "number in each cell: best, stand, hit, double, split, surrender, margin, gain or index (with --count)")
	fl.StringVar(&o.vs, "vs", "", "plot the difference from these rules (the metric under --rules minus under RULES)")
	fl.StringVar(&o.against, "against", "", "plot the cost of following this published chart (name or file)")
	fl.BoolVar(&o.codes, "codes", false, "print each cell's chart action under its value")
	for _, f := range count.IndexFields {
		needs(cmd, f, "count", "tags")
	}
	return cmd
}

func (o *plotOptions) run(cmd *cobra.Command, e env) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.out)), ".")
	switch {
	case o.format != "":
		ext := format
		if format = strings.ToLower(o.format); !slices.Contains(render.HeatmapFormats, format) {
			return usagef("--format %q: want png, svg or pdf", o.format)
		}
		if o.out != "-" && slices.Contains(render.HeatmapFormats, ext) && ext != format {
			return usagef("--format %s and -o %q disagree: the file would hold %s under a .%s name; give one of them", format, o.out, strings.ToUpper(format), ext)
		}
	case o.out == "-":
		format = "png"
	case !slices.Contains(render.HeatmapFormats, format):
		return usagef("-o %q: unknown extension %q; want .png, .svg or .pdf", o.out, filepath.Ext(o.out))
	}
	if err := checkWritable(o.out); err != nil {
		return err
	}
	kinds := render.Tables[o.table] // enumVar checked the name
	metric := render.Metric(o.metric)
	if !slices.Contains(metricStrings(), o.metric) && o.metric != "index" {
		return usagef("--metric %q: want one of %s or index", o.metric, strings.Join(metricStrings(), ", "))
	}
	if (o.metric == "index") != o.index.req.Counting() {
		return usagef("--metric index and --count go together: the index of a count")
	}
	if o.vs != "" && o.against != "" {
		return usagef("--vs and --against draw different things; give one")
	}

	var grids []*render.EVGrid
	opt := render.HeatmapOptions{Codes: o.codes, Scale: "EV (fraction of the initial bet)", Sequential: metric.Sequential()}
	if metric == render.MetricMargin {
		opt.Log, opt.Scale = true, "margin (EV per occurrence, log scale)"
	}
	switch {
	case o.metric == "index":
		if o.vs != "" || o.against != "" {
			return usagef("--metric index draws one rule set's indices; --vs and --against are for EVs")
		}
		r, err := o.rules.resolve(cmd)
		if err != nil {
			return err
		}
		if grids, opt, err = o.indexGrids(e, r, kinds); err != nil {
			return err
		}
	case o.against != "":
		d, err := o.diff(cmd)
		if err != nil {
			return err
		}
		// Only the cells where the published chart differs carry a value
		// and a label, "published→solution" (two cards) or "3+: H→S"
		// (the play of three or more cards); the rest stay quiet. A cell
		// that differs both ways shows the sum of the two costs.
		diffs := map[charts.CellRef][]charts.Difference{}
		for _, x := range d.Differences {
			ref := charts.CellRef{Table: x.Table, Hand: x.Hand, Up: x.Up}
			diffs[ref] = append(diffs[ref], x)
		}
		for _, k := range kinds {
			g := render.NewGrid(d.Solved, k, func(c *solve.Cell) float64 {
				xs, ok := diffs[charts.CellRef{Table: c.Table, Hand: c.Hand, Up: c.Up}]
				if !ok {
					return math.NaN()
				}
				cost := 0.0
				for _, x := range xs {
					cost += math.Max(0, x.Cost)
				}
				return cost
			})
			for r, hand := range g.Rows {
				for i, up := range solve.UpCards {
					var labels []string
					for _, x := range diffs[charts.CellRef{Table: k, Hand: hand, Up: up}] {
						if x.ThreeCard {
							labels = append(labels, "3+: "+x.Published.MultiCard.Letter()+"→"+x.Solver.MultiCard.Letter())
						} else {
							labels = append(labels, x.Printed+"→"+x.Solver.Code.String())
						}
					}
					g.Codes[r][i] = strings.Join(labels, "\n")
					if d.IsUnknown(charts.CellRef{Table: k, Hand: hand, Up: up}) {
						g.Codes[r][i] = "?"
					}
				}
			}
			grids = append(grids, g)
		}
		opt.Sequential, opt.Codes = true, true
		opt.Scale = "EV given up per decision (fraction of the initial bet)"
		opt.Title = fmt.Sprintf("Cost of following %s (%s): published→solution where they differ", d.Chart.Name, d.Solved.Rules)
		opt.Notes = []string{
			"Each coloured cell: the EV the published play gives up per decision there, then published→solution; " +
				"3+: the play of hands of three or more cards (the chart's row play read for them). " +
				"Grey: the published chart plays as the solution does; grey with ?: the chart prints no play there (unknown). " + d.Solved.Conditioning.Describe() + ".",
			render.CodesNote,
		}
	default:
		r, err := o.rules.resolve(cmd)
		if err != nil {
			return err
		}
		var rb solve.Rules
		if o.vs != "" { // before anything is solved
			if rb, err = solve.ParseRules(o.vs); err != nil {
				return usagef("--vs %v", err)
			}
		}
		shared := solve.Options{Cache: solve.NewCache()} // --vs rules often share the shoe
		t, err := solve.SolveWith(r, shared)
		if err != nil {
			return err
		}
		if grids, opt, err = render.ChartHeatmap(t, kinds, metric, o.codes); err != nil {
			return usagef("--%v", err)
		}
		if o.vs != "" {
			tb, err := solve.SolveWith(rb, shared)
			if err != nil {
				return err
			}
			for i, k := range kinds {
				gb, _ := render.MetricGrid(tb, k, metric)
				for r := range grids[i].Values {
					for c := range grids[i].Values[r] {
						grids[i].Values[r][c] -= gb.Values[r][c]
					}
				}
			}
			opt.Sequential = false
			opt.Title = fmt.Sprintf("%s: %s minus %s", render.MetricTitle(metric), r, rb)
			opt.Scale = "EV difference (fraction of the initial bet)"
			opt.Notes[0] = "Each cell: the value under " + r.String() + " less the value under " + rb.String() +
				" (red: the first is better). " + opt.Notes[0]
		}
	}
	return renderTo(e, o.out, func(b *bytes.Buffer) error { return render.Heatmap(b, format, grids, opt) })
}

// indexGrids computes the count's indices and lays them out per table:
// each cell's index nearest zero, labelled with its rounding and the
// letter of the play taken at or above it.
func (o *plotOptions) indexGrids(e env, r solve.Rules, kinds []solve.TableKind) ([]*render.EVGrid, render.HeatmapOptions, error) {
	job, err := o.index.check(r)
	if err != nil {
		return nil, render.HeatmapOptions{}, err
	}
	rep, err := o.index.compute(e, job)
	if err != nil {
		return nil, render.HeatmapOptions{}, err
	}
	t, err := solve.Solve(r)
	if err != nil {
		return nil, render.HeatmapOptions{}, err
	}
	type mark struct {
		index float64
		label string
	}
	marks := map[render.CellKey]mark{}
	insurance := ""
	for _, x := range rep.Indices {
		if x.Index == nil || x.MultiCard { // a cell shows the two-card play
			continue
		}
		if x.Table == "insurance" {
			insurance = fmt.Sprintf("; insure at %+d", *x.Rounded)
			continue
		}
		up, _ := solve.ParseRank(x.Up)
		k := render.CellKey{Table: count.RowKind(x.Hand), Hand: x.Hand, Up: up}
		if m, ok := marks[k]; !ok || math.Abs(*x.Index) < math.Abs(m.index) {
			marks[k] = mark{*x.Index, fmt.Sprintf("%+d%s", *x.Rounded, render.PlayLetter(x.Play))}
		}
	}
	var grids []*render.EVGrid
	for _, k := range kinds {
		g := render.NewGrid(t, k, func(c *solve.Cell) float64 {
			if m, ok := marks[render.CellKey{Table: c.Table, Hand: c.Hand, Up: c.Up}]; ok {
				return m.index
			}
			return math.NaN()
		})
		for r, hand := range g.Rows {
			for i, up := range solve.UpCards {
				g.Codes[r][i] = marks[render.CellKey{Table: k, Hand: hand, Up: up}].label
			}
		}
		grids = append(grids, g)
	}
	reading := "true count"
	if !rep.Balanced {
		reading = "running count"
	}
	opt := render.HeatmapOptions{Codes: true, Scale: "index (" + reading + ")",
		Title: fmt.Sprintf("%s, %s: index plays (play at or above the index%s)", r, rep.Count, insurance),
		Notes: []string{
			"Each cell: the exact crossing (the " + reading + " where the play's gain crosses zero, which the colour shows), " +
				"then the index as memorised (" + rep.Rounding + ") and the play taken at or above it: " +
				"S stand, H hit, D double, P split, R surrender. A cell with two indices shows the one nearest 0.",
			"Grey: no index; the basic chart's play at every count sampled.",
		}}
	return grids, opt, nil
}

func (o *plotOptions) diff(cmd *cobra.Command) (*charts.Diff, error) {
	c, err := charts.Load(o.against)
	if err != nil {
		return nil, chartError(err)
	}
	spec, err := c.Rules()
	if err != nil {
		return nil, chartError(err)
	}
	r := spec.Reading()
	if ruleFlagsGiven(cmd) {
		if r, err = o.rules.resolve(cmd); err != nil {
			return nil, err
		}
	}
	s, err := solve.NewSolver(r, solve.Options{})
	if err != nil {
		return nil, err
	}
	return charts.Compare(s, c, charts.DefaultTie)
}

func metricStrings() []string {
	var s []string
	for _, m := range render.Metrics {
		s = append(s, string(m))
	}
	return s
}
