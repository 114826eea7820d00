package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

type emctsCheckOptions struct {
	req    sim.EMCTSCheckRequest
	list   int
	plot   string
	format string
}

func newEMCTSCheckCmd(e env) *cobra.Command {
	o := &emctsCheckOptions{req: sim.DefaultEMCTSCheckRequest()}
	cmd := &cobra.Command{
		Use:   "emcts-check",
		Short: "Measure Itoh 2023's tree search against the exact best play",
		Long: `Decide every two-card hand against every up card on a full shoe with
Itoh 2023's extended Monte-Carlo tree search and set each decision beside
the exact composition-dependent best play.

More: 'bjchart help simulation'.`,
		Example: `  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS"
  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS" --tree actions,cards --backup mean,max --chance visits,exact --runs 1 --playouts 1000
  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS" --c 1,2,3,4 --reward winlose,table7
  bjchart emcts-check --rules "1D S17 DOA NDAS SPL1 LS" --plot emcts.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	fl.IntVar(&o.list, "list", 10, "the costliest wrong decisions to list per setting (text)")
	fl.StringVar(&o.plot, "plot", "", "draw where the search errs to this file (.png, .svg or .pdf); one C and one reward")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func (o *emctsCheckOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	if o.list < 0 {
		return usagef("--list %d: want 0 or more", o.list)
	}
	var plotFormat string
	if o.plot != "" {
		if n := len(job.Settings); n != 1 {
			return usagef("--plot draws one setting: give one --c, --reward, --tree, --backup and --chance (got %d settings)", n)
		}
		if plotFormat, err = plotFile(o.plot); err != nil {
			return err
		}
	}
	if job.PlayoutChart != "solved" {
		if _, err := charts.Load(job.PlayoutChart); err != nil {
			return chartError(err)
		}
	}
	r := job.Rules
	s, err := solve.NewSolver(r, solve.Options{TableOnly: job.PlayoutChart == "solved"}) // a published chart is valued against the solve
	if err != nil {
		return err
	}
	strat, _, note, err := simStrategy(s, job.PlayoutChart)
	if err != nil {
		return err
	}
	chart := strat.(*sim.Chart)
	playout := job.PlayoutChart
	if note != "" {
		playout += " (" + note + ")"
	}
	rep := render.EMCTSCheckReport{Rules: r.String(), Playouts: o.req.Playouts, Threshold: o.req.Threshold, Runs: job.Runs, Seed: job.Seed, Playout: playout}
	tab := s.Table()
	bar := newProgress(e, int64(len(job.Settings)*len(tab.Hands)), "searching", "positions")
	var base int64
	for _, setting := range job.Settings {
		ps, err := sim.CheckEMCTS(tab, chart, setting.Params, job.Runs, job.Seed, func(done int) { bar.Set(base + int64(done)) })
		base += int64(len(tab.Hands))
		if err != nil {
			return usageError{err}
		}
		set := render.NewEMCTSSetting(setting.C, setting.Reward, ps)
		set.Tree = setting.Params.String()
		rep.Settings = append(rep.Settings, set)
	}
	bar.Finish()
	if o.plot != "" {
		set := rep.Settings[0]
		grids, opt := render.EMCTSCheckGrids(tab, set)
		opt.Title = fmt.Sprintf("%s: eMCTS (%s, C=%g, %s, %d playouts) against the exact best play", r, set.Tree, set.C, set.Reward, o.req.Playouts)
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, opt) }); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			return render.WriteJSON(b, rep)
		}
		return rep.Text(b, o.list)
	})
}
