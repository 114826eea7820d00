package main

import (
	"bjchart/render/compose"
	"bytes"
	"context"
	"errors"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve/param"
	"bjchart/solve/simreport"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type simOptions struct {
	req    compose.SimRequest // the game, rounds, seed, shuffle, players, count and ramp; what is played; the bankroll
	fields param.Set          // req's fields, bound as flags
	format string
	plot   string
}

func newSimCmd(e env) *cobra.Command {
	o := &simOptions{req: compose.DefaultSimRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	cmd.AddCommand(newSimMergeCmd(e))
	o.req.Params(&o.fields)
	bindParams(cmd, &o.fields)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	fl.StringVar(&o.plot, "plot", "", "with --count: draw the EV by count with error bars to this file (.png, .svg or .pdf)")
	return cmd
}

func (o *simOptions) run(cmd *cobra.Command, e env) error {
	req := o.req
	req.Version = buildVersion()
	job, err := req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	if o.plot != "" && !job.Counting() {
		return usagef("--plot needs --count: it draws a counting game")
	}
	plotFormat := ""
	if o.plot != "" {
		if plotFormat, err = e.plotFile(o.plot); err != nil {
			return err
		}
	}
	if o.req.Shard != "" && o.format != "json" {
		return usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
	}
	bar := newProgress(e, job.Rounds(), "dealing", "rounds", progressbar.OptionShowIts(), progressbar.OptionSetItsString("rounds"))
	report, err := job.Run(cmd.Context(), bar.SetOf)
	if err != nil {
		return requestError(err)
	}
	bar.Finish()
	if o.plot != "" {
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error {
			cp, err := render.NewCountPlot(report)
			if err != nil {
				return err
			}
			return draw.CountPlot(b, plotFormat, cp)
		}); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			return render.WriteJSON(b, report)
		}
		return render.SimText(b, report)
	})
}

func newSimMergeCmd(e env) *cobra.Command {
	var format string
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
			merged, err := mergeSimParts(cmd.Context(), args)
			var re *charts.ReadError
			switch {
			case errors.As(err, &re):
				return err // a part that cannot be read (exit 1)
			case err != nil:
				return usageError{err}
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error {
				if format == "json" {
					return render.WriteJSON(b, merged)
				}
				return render.SimText(b, merged)
			})
		},
	}
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

// mergeSimParts reads and merges a split run's parts (simreport.MergeRequest).
func mergeSimParts(ctx context.Context, parts []string) (simreport.Report, error) {
	job, err := simreport.MergeRequest{Parts: parts}.Check()
	if err != nil {
		return simreport.Report{}, err
	}
	return job.Run(ctx, nil)
}
