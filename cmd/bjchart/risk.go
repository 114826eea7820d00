package main

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/render"
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
the edge at each count the bet goes by (before the round, floored: a
balanced count's true count, an unbalanced one's running count from its
initial count) from --shoes shoes solved exactly, with the simulator's
flat-bet edge and each count's frequency and variance from --rounds
simulated rounds dealt to --penetration; the bet ramp that makes the
most of them within the table (--unit the minimum bet, --spread in
units, --chip the step, an optional --wong-out count below which the
player sits out): Kelly-proportional bets scaled for the best SCORE,
then bettered chip by chip; and what it wins and risks: win rate and SD
per round, per 100 rounds and per hour (--rounds-per-hour), DI, SCORE,
N0, the certainty equivalent, the risk of ruin of --bankroll (the
diffusion formula), the bankroll for the --ror target, and the chance of
losing a --trip-bank within --trip-hours. The ramp prints as sim --ramp
and card --ramp take it. Money is in the table's currency; every formula
is stated in the output.`,
		Example: `  bjchart risk --rules "6D S17 DAS LS" --count hilo --penetration 75% --spread 1-12 --bankroll 10000
  bjchart risk --rules "6D H17 DAS" --spread 1-8 --unit 25 --bankroll 20000 --wong-out -1 --format json
  bjchart risk --rules "6D S17 DAS LS" --play indices --spread 1-12
  bjchart risk --rules "2D S17 DAS" --spread 1-4 --plot ramp.png
  bjchart risk --rules "6D S17 DAS" --count ko --spread 1-8`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the ramp by count)", "text", "json", "csv")
	fl.StringVar(&o.plot, "plot", "", "also draw the edge and the bet by count to this file (.png, .svg or .pdf)")
	return cmd
}

func (o *riskOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	plotFormat := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.plot)), ".")
	if o.plot != "" {
		if !slices.Contains(render.HeatmapFormats, plotFormat) {
			return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", o.plot, filepath.Ext(o.plot))
		}
		if err := checkWritable(o.plot); err != nil {
			return err
		}
	}
	bar := newProgress(e, int64(job.Shoes), "solving shoes", "shoes") // then the rounds, in a second or two
	res, err := job.Run(context.Background(), func(done, total int64) { bar.Set(min(done, int64(job.Shoes))) })
	bar.Finish()
	if err != nil {
		return usageError{err}
	}
	rep := render.NewRiskReport(job.Rules.String(), res.Game, job.Table, res.Bets, res.Steps, res.Figures)
	if o.plot != "" {
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error { return render.DrawCountPlots(b, plotFormat, rep.Plots()...) }); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return rep.JSON(b)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}
