package main

import (
	"bjchart/render/compose"
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve/param"
)

type emctsCheckOptions struct {
	req    compose.EMCTSCheckRequest
	list   int
	plot   string
	format string
}

func newEMCTSCheckCmd(e env) *cobra.Command {
	o := &emctsCheckOptions{req: compose.DefaultEMCTSCheckRequest()}
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
		if plotFormat, err = e.plotFile(o.plot); err != nil {
			return err
		}
	}
	r := job.Rules
	bar := newProgress(e, 0, "searching", "positions")
	check, err := job.Run(cmd.Context(), bar.SetOf)
	if err != nil {
		return requestError(err)
	}
	rep := render.EMCTSCheckReport{Rules: r.String(), Playouts: o.req.Playouts, Threshold: o.req.Threshold, Runs: job.Runs, Seed: job.Seed, Playout: check.Playout}
	tab := check.Table
	for _, setting := range check.Settings {
		set := render.NewEMCTSSetting(setting.C, setting.Reward, setting.Positions)
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
