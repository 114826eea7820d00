package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve/param"
	"bjchart/solve/risk"

	"github.com/spf13/cobra"
)

type riskOptions struct {
	req          risk.Request
	format, plot string
}

func newRiskCmd(e env) *cobra.Command {
	o := &riskOptions{req: risk.DefaultRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	o.req.ShardParams(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the ramp by count)", "text", "json", "csv")
	fl.StringVar(&o.plot, "plot", "", "also draw the edge and the bet by count to this file (.png, .svg or .pdf)")
	cmd.AddCommand(newRiskMergeCmd(e), newRiskPlayCmd(e))
	return cmd
}

func (o *riskOptions) run(cmd *cobra.Command, e env) error {
	req := o.req
	req.Version = buildVersion() // a part's
	job, err := req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	if job.Shards > 0 {
		if err := partIsJSON(cmd, o.format, o.plot, "bjchart risk merge"); err != nil {
			return err
		}
		bar := newProgress(e, int64(job.Shoes/job.Shards), "solving shoes", "shoes")
		part, err := job.RunPart(cmd.Context(), func(done, total int64) { bar.Set(min(done, int64(job.Shoes/job.Shards))) })
		bar.Finish()
		if err != nil {
			return usageError{err}
		}
		return writeStdout(e, "json", func(b *bytes.Buffer) error { return render.WriteCompactJSON(b, part) })
	}
	plotFormat, err := o.plotFormat(e)
	if err != nil {
		return err
	}
	bar := newProgress(e, int64(job.Shoes), "solving shoes", "shoes") // then the rounds, in a second or two
	res, err := job.Run(cmd.Context(), func(done, total int64) { bar.Set(min(done, int64(job.Shoes))) })
	bar.Finish()
	if err != nil {
		return usageError{err}
	}
	return writeRisk(e, o.format, o.plot, plotFormat, res)
}

// plotFormat checks --plot, if given (plotFile).
func (o *riskOptions) plotFormat(e env) (string, error) {
	if o.plot == "" {
		return "", nil
	}
	return e.plotFile(o.plot)
}

// plotFile checks a --plot file: its format, by its extension (one of
// render.HeatmapFormats), and that it can be written.
func (e env) plotFile(out string) (format string, err error) {
	format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	if !slices.Contains(render.HeatmapFormats, format) {
		return "", usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", out, filepath.Ext(out))
	}
	return format, e.checkWritable(out)
}

// writeRisk writes a risk run's report in the format, and its plot to
// the file plot (if not "").
func writeRisk(e env, format, plot, plotFormat string, res risk.Result) error {
	rep := render.NewRiskReport(res.Rules.String(), res.Game, res.Table, res.Bets, res.Steps, res.Figures)
	if plot != "" {
		if err := renderTo(e, plot, func(b *bytes.Buffer) error { return draw.CountPlots(b, plotFormat, rep.Plots()...) }); err != nil {
			return err
		}
	}
	return writeStdout(e, format, func(b *bytes.Buffer) error {
		switch format {
		case "json":
			return rep.JSON(b)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}

func newRiskMergeCmd(e env) *cobra.Command {
	var format string
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
			job, err := risk.MergeRequest{Parts: args, Version: buildVersion()}.Check()
			if err := requestError(err); err != nil {
				return err
			}
			merged, err := job.Run(cmd.Context(), nil)
			if err := requestError(err); err != nil {
				return err
			}
			if merged.Measured != nil {
				if cmd.Flags().Changed("format") && format != "json" {
					return usagef("the measurement's parts merge into the measured game, JSON for 'bjchart risk play'; leave --format out")
				}
				return writeStdout(e, "json", func(b *bytes.Buffer) error { return render.WriteCompactJSON(b, merged.Measured) })
			}
			return writeRisk(e, format, "", "", *merged.Result)
		},
	}
	enumVar(cmd.Flags(), &format, "format", "text", "output format of the report: %s (the measured game is JSON)", "text", "json", "csv")
	return cmd
}

func newRiskPlayCmd(e env) *cobra.Command {
	o := &riskOptions{}
	var q risk.PlayRequest
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
			q.Measured, q.Version = args[0], buildVersion()
			plotFormat, err := o.plotFormat(e)
			if err != nil {
				return err
			}
			if q.Shard != "" {
				if err := partIsJSON(cmd, o.format, o.plot, "bjchart risk merge"); err != nil {
					return err
				}
				job, err := q.Check()
				if err := requestError(err); err != nil {
					return err
				}
				part, err := job.RunPart(cmd.Context(), nil)
				if err := requestError(err); err != nil {
					return err
				}
				return writeStdout(e, "json", func(b *bytes.Buffer) error { return render.WriteCompactJSON(b, part) })
			}
			job, err := q.Check()
			if err := requestError(err); err != nil {
				return err
			}
			res, err := job.Run(cmd.Context(), nil)
			if err := requestError(err); err != nil {
				return err
			}
			return writeRisk(e, o.format, o.plot, plotFormat, res)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&q.Shard, "shard", "", "play part i of n (\"i/n\", i from 1) of the ramp, written as JSON; join the parts with 'bjchart risk merge MEASURED PARTS...'")
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the ramp by count; a --shard part is JSON)", "text", "json", "csv")
	fl.StringVar(&o.plot, "plot", "", "also draw the edge and the bet by count to this file (.png, .svg or .pdf)")
	return cmd
}

// partIsJSON refuses, for a part of a split run (--shard), an output
// other than the JSON the merge (a command line) reads: a --format given
// other than json, or a --plot (plot, if the command has one).
func partIsJSON(cmd *cobra.Command, format, plot, merge string) error {
	if cmd.Flags().Changed("format") && format != "json" || plot != "" {
		leave := "--format"
		if cmd.Flags().Lookup("plot") != nil {
			leave = "--format and --plot"
		}
		return usagef("--shard writes JSON, the part '%s' reads; leave %s out", merge, leave)
	}
	return nil
}
