package main

import (
	"bytes"
	"context"

	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve/param"
	"bjchart/solve/risk"

	"github.com/spf13/cobra"
)

// riskOutput is how a risk command writes its report.
type riskOutput struct {
	format      string
	formatGiven bool        // --format given (a --shard part is JSON)
	plot        *outputFile // the edge and the bet by count, if given
}

type riskOptions struct {
	env
	req risk.Request
	riskOutput
}

func newRiskCmd(e env) *cobra.Command {
	o := &riskOptions{env: e, req: risk.DefaultRequest(), riskOutput: riskOutput{plot: plotFile("--plot")}}
	cmd := &cobra.Command{
		Use:   "risk",
		Short: "A counter's edge by count, bet ramp, win rate, bankroll and risk of ruin",
		Long: `From the count to the bet and the bankroll: for the rules and a count,
the edge at each count, the bet ramp that makes the most of it within
the table (--unit, --spread, --chip, --wong-out), and what it wins and
risks: win rate and SD per round, per 100 rounds and per hour, DI,
SCORE, N0, and the risk of ruin of --bankroll.

More: 'bjchart help bankroll'.`,
		Example: `  bjchart risk --rules "6D S17 DAS LS" --count hilo --penetration 75% --spread 1-12 --bankroll 10000
  bjchart risk --rules "6D H17 DAS" --spread 1-8 --unit 25 --bankroll 20000 --wong-out -1 --format json
  bjchart risk --rules "6D S17 DAS LS" --play indices --spread 1-12
  bjchart risk --rules "2D S17 DAS" --spread 1-4 --plot ramp.png
  bjchart risk --rules "6D S17 DAS" --count ko --spread 1-8
  bjchart risk --rules "6D S17 DAS LS" --shoes 3000 --rounds 100M --shard 2/10 > measure2.json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.formatGiven = cmd.Flags().Changed("format")
			return runRisk(cmd.Context(), o)
		},
	}
	var fields param.Set
	o.req.Params(&fields)
	o.req.ShardParams(&fields)
	bindParams(cmd, &fields)
	o.bind(cmd, "output format: %s (csv: the ramp by count)")
	cmd.AddCommand(newRiskMergeCmd(e), newRiskPlayCmd(e))
	return cmd
}

// bind binds the report's flags: --format (its usage, with the list of
// formats for %s) and --plot.
func (o *riskOutput) bind(cmd *cobra.Command, formatUsage string) {
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", formatUsage, "text", "json", "csv")
	fl.Var(o.plot, "plot", "also draw the edge and the bet by count to this file (.png, .svg or .pdf)")
}

// solvingShoes is a risk run's progress: the shoes solved, then the
// rounds dealt, weighed by their time.
var solvingShoes = bar{"solving shoes, then dealing", "steps (a shoe solved, or its time's worth of rounds)", nil}

func runRisk(ctx context.Context, o *riskOptions) error {
	req := o.req
	req.Version = buildVersion() // a part's
	job, err := req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	if job.Shards > 0 {
		if err := partIsJSON(o.formatGiven && o.format != "json", o.plot, "bjchart risk merge"); err != nil {
			return err
		}
		part, err := runJob(ctx, o.env, solvingShoes, job.RunPart)
		if err != nil {
			return usageError{err}
		}
		return o.print("json", report{json: compactJSON(part)})
	}
	plotFormat, err := o.plotFormat(o.env)
	if err != nil {
		return err
	}
	res, err := runJob(ctx, o.env, solvingShoes, job.Run)
	if err != nil {
		return usageError{err}
	}
	return o.writeReport(o.env, plotFormat, res)
}

// plotFormat checks --plot, if given: its format, and that it can be
// written.
func (o *riskOutput) plotFormat(e env) (string, error) {
	if !o.plot.given() {
		return "", nil
	}
	return o.plot.check(e, "")
}

// writeReport writes a risk run's report in the format, and its plot if one
// was asked for (plotFormat, from plotFormat).
func (o *riskOutput) writeReport(e env, plotFormat string, res risk.Result) error {
	rep := render.NewRiskReport(res.Rules.String(), res.Game, res.Table, res.Bets, res.Steps, res.Figures)
	if o.plot != nil && o.plot.given() {
		if err := e.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.CountPlots(b, plotFormat, rep.Plots()...) }); err != nil {
			return err
		}
	}
	return e.print(o.format, report{text: rep.Text, json: rep.JSON, csv: rep.CSV})
}

// riskMergeOptions are 'bjchart risk merge”s: the parts' files.
type riskMergeOptions struct {
	env
	parts []string
	riskOutput
}

func newRiskMergeCmd(e env) *cobra.Command {
	o := &riskMergeOptions{env: e}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Join the parts of a risk run split with --shard",
		Long: `Join the parts of a risk run split across machines. Given every part of
the measurement ('bjchart risk --shard i/n'), it writes the measured game
as JSON, for 'bjchart risk play'. Given a measured game and then every
part of its play ('bjchart risk play FILE --shard i/n'), it prints the
report. Every part must be there once, and all must come from the same
command and version of bjchart but for --shard; the sums add up in the
parts' order.`,
		Example: `  bjchart risk --shoes 600 --rounds 40M --shard 1/2 > measure1.json
  bjchart risk --shoes 600 --rounds 40M --shard 2/2 > measure2.json
  bjchart risk merge measure1.json measure2.json > measured.json
  bjchart risk play measured.json --shard 1/2 > play1.json
  bjchart risk play measured.json --shard 2/2 > play2.json
  bjchart risk merge measured.json play1.json play2.json`,
		Args: argsBetween(1, -1, "the files of the parts"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.parts, o.formatGiven = args, cmd.Flags().Changed("format")
			return runRiskMerge(cmd.Context(), o)
		},
	}
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format of the report: %s (the measured game is JSON)", "text", "json", "csv")
	return cmd
}

func runRiskMerge(ctx context.Context, o *riskMergeOptions) error {
	job, err := risk.MergeRequest{Parts: o.parts, Version: buildVersion()}.Check()
	if err := requestError(err); err != nil {
		return err
	}
	merged, err := job.Run(ctx, nil)
	if err := requestError(err); err != nil {
		return err
	}
	if merged.Measured != nil {
		if o.formatGiven && o.format != "json" {
			return usagef("the measurement's parts merge into the measured game, JSON for 'bjchart risk play'; leave --format out")
		}
		return o.print("json", report{json: compactJSON(merged.Measured)})
	}
	return o.writeReport(o.env, "", *merged.Result)
}

// riskPlayOptions are 'bjchart risk play”s: the measured game (the
// command's argument) and the part to play.
type riskPlayOptions struct {
	env
	req risk.PlayRequest
	riskOutput
}

func newRiskPlayCmd(e env) *cobra.Command {
	o := &riskPlayOptions{env: e, riskOutput: riskOutput{plot: plotFile("--plot")}}
	cmd := &cobra.Command{
		Use:   "play MEASURED",
		Short: "Decide the ramp on a measured game and play it, whole or in parts",
		Long: `Decide the bet ramp on a measured game ('bjchart risk merge' of the
measurement's parts) and play it: its rounds and its trips, as 'bjchart
risk' plays them. Whole, it prints the report. With --shard i/n it plays
part i of n (its share of the rounds on streams of its own, and of the
trips) and writes it as JSON; 'bjchart risk merge MEASURED PARTS...' joins
them into the report. The game, the table, the bankroll and the trip are
the measured run's; the version of bjchart must be the one that measured
it.`,
		Example: `  bjchart risk play measured.json
  bjchart risk play measured.json --shard 3/10 > play3.json`,
		Args: argsBetween(1, 1, "the measured game's file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Measured, o.formatGiven = args[0], cmd.Flags().Changed("format")
			return runRiskPlay(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.req.Shard, "shard", "", "play part i of n (\"i/n\", i from 1) of the ramp, written as JSON; join the parts with 'bjchart risk merge MEASURED PARTS...'")
	o.bind(cmd, "output format: %s (csv: the ramp by count; a --shard part is JSON)")
	return cmd
}

func runRiskPlay(ctx context.Context, o *riskPlayOptions) error {
	req := o.req
	req.Version = buildVersion()
	plotFormat, err := o.plotFormat(o.env)
	if err != nil {
		return err
	}
	if req.Shard != "" {
		if err := partIsJSON(o.formatGiven && o.format != "json", o.plot, "bjchart risk merge"); err != nil {
			return err
		}
	}
	job, err := req.Check()
	if err := requestError(err); err != nil {
		return err
	}
	if req.Shard != "" {
		part, err := job.RunPart(ctx, nil)
		if err := requestError(err); err != nil {
			return err
		}
		return o.print("json", report{json: compactJSON(part)})
	}
	res, err := job.Run(ctx, nil)
	if err := requestError(err); err != nil {
		return err
	}
	return o.writeReport(o.env, plotFormat, res)
}

// partIsJSON refuses, for a part of a split run (--shard), an output
// other than the JSON the merge (a command line) reads: a --format given
// other than json (otherFormat), or a plot (plot, if the command has one).
func partIsJSON(otherFormat bool, plot *outputFile, merge string) error {
	if otherFormat || plot != nil && plot.given() {
		leave := "--format"
		if plot != nil {
			leave = "--format and --plot"
		}
		return usagef("--shard writes JSON, the part '%s' reads; leave %s out", merge, leave)
	}
	return nil
}
