package main

import (
	"bytes"
	"context"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/simreport"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type simOptions struct {
	env
	req    compose.SimRequest // the game, rounds, seed, shuffle, players, count and ramp; what is played; the bankroll
	format string
	plot   *outputFile // the EV by count, with --count
}

func newSimCmd(e env) *cobra.Command {
	o := &simOptions{env: e, req: compose.DefaultSimRequest(), plot: plotFile("--plot")}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Simulate rounds from a real shoe, every figure with its error bar",
		Long: `Deal rounds card by card from a shuffled shoe and play them by a chart:
the solved chart for the rules (default) or a published one. Every figure
comes with its standard error and 95% interval, the seed makes a run
reproducible whatever the number of cores, and the chart's exact EV with
a fresh shoe every round is printed beside the simulated one.

More: 'bjchart help simulation'.`,
		Example: `  bjchart sim --rules "6D H17 DAS LS" --rounds 10M
  bjchart sim --rules 6D --csm --rounds 20M --seed 7
  bjchart sim --rules "2D S17" --penetration 65% --strategy wizard-2d-s17-das-ls --format json
  bjchart sim --rules "1D S17 DAS LS" --penetration 80% --strategy optimal --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --c 3 --reward table7 --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --tree cards --backup max --rounds 2000
  bjchart sim --preset itoh-2023-t12 --players 1 --decks 1`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSim(cmd.Context(), o) },
	}
	cmd.AddCommand(newSimMergeCmd(e))
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	fl.Var(o.plot, "plot", "with --count: draw the EV by count with error bars to this file (.png, .svg or .pdf)")
	return cmd
}

func runSim(ctx context.Context, o *simOptions) error {
	req := o.req
	req.Version = buildVersion()
	job, err := req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	if o.plot.given() && !job.Counting() {
		return usagef("--plot needs --count: it draws a counting game")
	}
	plotFormat := ""
	if o.plot.given() {
		if plotFormat, err = o.plot.check(o.env, ""); err != nil {
			return err
		}
	}
	if o.req.Shard != "" && o.format != "json" {
		return usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
	}
	rep, err := runJob(ctx, o.env, bar{"dealing", "rounds", []progressbar.Option{progressbar.OptionShowIts(), progressbar.OptionSetItsString("rounds")}}, job.Run)
	if err != nil {
		return requestError(err)
	}
	if o.plot.given() {
		if err := o.writeOutput(o.plot, func(b *bytes.Buffer) error {
			cp, err := render.SimReport{Report: rep}.CountPlot()
			if err != nil {
				return err
			}
			return draw.CountPlot(b, plotFormat, cp)
		}); err != nil {
			return err
		}
	}
	return o.print(o.format, simReport(rep))
}

// simReport is a simulation's report, as text or JSON.
func simReport(rep simreport.Report) report {
	return report{text: render.SimReport{Report: rep}.Text, json: jsonOf(rep)}
}

// simMergeOptions are 'bjchart sim merge”s: the parts' files.
type simMergeOptions struct {
	env
	parts  []string
	format string
}

func newSimMergeCmd(e env) *cobra.Command {
	o := &simMergeOptions{env: e}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the JSON outputs of a run split with --shard",
		Long: `Combine the parts of a simulation split across machines with --shard i/n
(each written with --format json): the sums of every part add up exactly,
and the result is reported as one run. Every part must be there once, and
all must come from the same command but for --shard.`,
		Example: `  bjchart sim --rounds 2M --shard 1/2 --format json > part1.json
  bjchart sim --rounds 2M --shard 2/2 --format json > part2.json
  bjchart sim merge part1.json part2.json`,
		Args: argsBetween(1, -1, "the JSON files of the parts"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.parts = args
			return runSimMerge(cmd.Context(), o)
		},
	}
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func runSimMerge(ctx context.Context, o *simMergeOptions) error {
	merged, err := mergeSimParts(ctx, o.parts)
	if err != nil {
		return partsError(err)
	}
	return o.print(o.format, simReport(merged))
}

// mergeSimParts reads and merges a split run's parts (simreport.MergeRequest).
func mergeSimParts(ctx context.Context, parts []string) (simreport.Report, error) {
	job, err := simreport.MergeRequest{Parts: parts}.Check()
	if err != nil {
		return simreport.Report{}, err
	}
	return job.Run(ctx, nil)
}
