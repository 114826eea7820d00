package main

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"

	"github.com/spf13/cobra"
)

type emctsCheckOptions struct {
	env
	req    compose.EMCTSCheckRequest
	list   int
	plot   *outputFile // where the search errs, for one setting
	format string
}

func newEMCTSCheckCmd(e env) *cobra.Command {
	o := &emctsCheckOptions{env: e, req: compose.DefaultEMCTSCheckRequest(), plot: plotFile("--plot")}
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
		RunE: func(cmd *cobra.Command, args []string) error { return runEMCTSCheck(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	fl.IntVar(&o.list, "list", 10, "the costliest wrong decisions to list per setting (text)")
	fl.Var(o.plot, "plot", "draw where the search errs to this file (.png, .svg or .pdf); one C and one reward")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func runEMCTSCheck(ctx context.Context, o *emctsCheckOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	if o.list < 0 {
		return usagef("--list %d: want 0 or more", o.list)
	}
	var plotFormat string
	if o.plot.given() {
		if n := len(job.Settings); n != 1 {
			return usagef("--plot draws one setting: give one --c, --reward, --tree, --backup and --chance (got %d settings)", n)
		}
		if plotFormat, err = o.plot.check(o.env, ""); err != nil {
			return err
		}
	}
	r := job.Rules
	check, err := runJob(ctx, o.env, bar{"searching", "positions", nil}, job.Run)
	if err != nil {
		return requestError(err)
	}
	rep := render.EMCTSCheckReport{Rules: r.String(), Playouts: o.req.Playouts, Threshold: o.req.Threshold, Runs: job.Runs, Seed: job.Seed, Playout: check.Playout}
	for _, setting := range check.Settings {
		set := render.NewEMCTSSetting(setting.C, setting.Reward, setting.Positions)
		set.Tree = setting.Params.String()
		rep.Settings = append(rep.Settings, set)
	}
	if o.plot.given() {
		set := rep.Settings[0]
		grids, opt := set.Grids(check.Table)
		opt.Title = fmt.Sprintf("%s: eMCTS (%s, C=%g, %s, %d playouts) against the exact best play", r, set.Tree, set.C, set.Reward, o.req.Playouts)
		if err := o.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, opt) }); err != nil {
			return err
		}
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.Text(w, o.list) },
		json: jsonOf(rep),
	})
}
