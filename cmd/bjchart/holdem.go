package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/holdem"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

type holdemOptions struct {
	format, card, size, paper, date, plot, color string
	opponents                                    int
	deals                                        string
	seed                                         uint64
	chartReq                                     compose.HoldemChartRequest // the grids shown, --compute
}

func newHoldemCmd(e env) *cobra.Command {
	o := &holdemOptions{chartReq: compose.DefaultHoldemChartRequest()}
	cmd := &cobra.Command{
		Use:   "holdem [HAND [v HAND]]",
		Short: "Texas Hold'em's preflop chart: exact equities and push or fold",
		Long: `Texas Hold'em before the flop: the 169 starting hands in a 13x13 grid,
each with its exact equity heads up against a random hand and its
push-or-fold number (Sklansky-Chubukov). HAND v HAND gives two hands'
exact equity; --opponents N a hand's equity against N random hands.

More: 'bjchart help texas-holdem'.`,
		Example: `  bjchart holdem
  bjchart holdem --format json
  bjchart holdem AKs v QQ
  bjchart holdem AsAh v KsKd
  bjchart holdem AKs --opponents 3 --deals 1M
  bjchart holdem --card holdem.pdf --size wallet
  bjchart holdem --plot holdem.png`,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e, args) },
	}
	var fields param.Set
	o.chartReq.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the chart)", "text", "json", "csv")
	fl.IntVar(&o.opponents, "opponents", 1, "with a HAND: random opponents, 1 (exact) to 9 (2 and more simulated)")
	fl.StringVar(&o.deals, "deals", "1M", "deals to simulate with --opponents 2 or more: a count, with an optional k, M or G")
	fl.Uint64Var(&o.seed, "seed", 1, "seed of the simulation; the same seed gives the same figures on any machine")
	fl.StringVar(&o.card, "card", "", "write the chart as a printable card (PDF) to this file instead (- for stdout)")
	enumVar(fl, &o.size, "size", render.DefaultPaper, "the card: %s", render.CardSizes...)
	enumVar(fl, &o.paper, "paper", render.DefaultPaper, "the wallet card's sheet: %s", render.Papers...)
	fl.StringVar(&o.date, "date", "", "date printed on the card, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	fl.StringVar(&o.plot, "plot", "", "write the equity heatmap to this file instead (.png, .svg or .pdf)")
	enumVar(fl, &o.color, "color", "auto", "shade the chart's cells: %s (auto: on a terminal, unless NO_COLOR is set)", "auto", "always", "never")
	for _, f := range []string{"size", "paper", "date"} {
		needs(cmd, f, "card")
	}
	cmd.AddCommand(newHoldemEquityCmd(e), newHoldemNashCmd(e))
	return cmd
}

// holdemEquityOptions are 'bjchart holdem equity”s flags.
type holdemEquityOptions struct {
	req    holdem.EquityRequest
	format string
}

func newHoldemEquityCmd(e env) *cobra.Command {
	o := &holdemEquityOptions{req: holdem.DefaultEquityRequest()}
	cmd := &cobra.Command{
		Use:   "equity RANGE RANGE...",
		Short: "Each range's share of the pot against the others, with a board and dead cards",
		Long: `The equity of hand ranges against each other (2 to 9 players), exact by
enumeration where that is within reach and simulated beyond, with
standard errors; the output says which. A range lists items separated by
commas: QQ+, 22-55, AKs, KQo, A2s+, AhKh, AKo:0.5. Nine players
take about a second at the default 1M deals; ranges that seldom deal
without a shared card are refused rather than left to run.

More: 'bjchart help texas-holdem'.`,
		Example: `  bjchart holdem equity "AKs,QQ+" "22+,ATs+" --board Kh7d2c
  bjchart holdem equity AsAh KsKd QcJc
  bjchart holdem equity "QQ+,AK" "22+,A2s+,KTo+" --format json
  bjchart holdem equity AhKh QsQd --board "Kc 7d 2s 9h" --dead Th
  bjchart holdem equity "QQ+,AKs,AKo:0.5" "TT+,AQs+:0.5" --board Kh7d2c`,
		Args: argsBetween(2, 9, "2 to 9 ranges, e.g. \"AKs,QQ+\" \"22+,ATs+\""),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), e, args) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: a row per player)", "text", "json", "csv")
	return cmd
}

func (o *holdemEquityOptions) run(ctx context.Context, e env, args []string) error {
	o.req.Ranges = args
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	bar := newProgress(e, 0, "dealing", "deals")
	res, err := job.Run(ctx, bar.SetOf)
	bar.Finish()
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return usageError{err}
	}
	rep := render.NewHoldemEquityReport(job.Ranges, job.Board, job.Dead, res)
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return render.WriteJSON(b, rep)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}

func (o *holdemOptions) run(cmd *cobra.Command, e env, args []string) error {
	req := compose.HoldemHandRequest{Hands: strings.Join(args, " "), Opponents: o.opponents, Deals: o.deals, Seed: o.seed, Compute: o.chartReq.Compute}
	job, err := req.Check()
	var he *compose.HoldemHandsError
	if err != nil && !errors.As(err, &he) && !errors.Is(err, compose.ErrNoHand) { // --opponents, --deals
		return requestError(err)
	}
	if errors.Is(err, compose.ErrNoHand) {
		if cmd.Flags().Changed("opponents") || cmd.Flags().Changed("deals") || cmd.Flags().Changed("seed") {
			return usagef("--opponents, --deals and --seed are for a HAND: e.g. bjchart holdem AKs --opponents 3")
		}
		return o.chart(cmd.Context(), e)
	}
	if o.card != "" || o.plot != "" {
		return usagef("--card and --plot draw the whole chart: leave out %q", req.Hands)
	}
	if o.format == "csv" {
		return usagef("--format csv is the chart's: leave out %q, or use json", req.Hands)
	}
	if he != nil {
		return usagef("%s", he.Render(func(field string) string { return "--" + field }))
	}
	if job.Versus() && cmd.Flags().Changed("opponents") {
		return usagef("--opponents with HAND v HAND: the opponent is the second hand")
	}
	rep, err := job.Run(cmd.Context(), nil)
	if errors.As(err, &he) {
		return usagef("%s", he.Render(func(field string) string { return "--" + field }))
	}
	if err != nil {
		return err
	}
	return o.write(e, rep)
}

// write prints a matchup's or a simulation's report as text or JSON.
func (o *holdemOptions) write(e env, rep interface{ Text(io.Writer) error }) error {
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			return render.WriteJSON(b, rep)
		}
		return rep.Text(b)
	})
}

// chart prints, draws or lays out the whole chart.
func (o *holdemOptions) chart(ctx context.Context, e env) error {
	job, err := o.chartReq.Check()
	if stop, err := e.checked(o.chartReq, err); stop {
		return err
	}
	metrics := job.Metrics()
	color, err := colorMode(o.color, e)
	if err != nil {
		return err
	}
	var opt render.CardOptions
	plotFormat := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.plot)), ".")
	switch {
	case o.card != "" && o.plot != "":
		return usagef("--card and --plot: give one of them")
	case o.plot != "" && !slices.Contains(render.HeatmapFormats, plotFormat):
		return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", o.plot, filepath.Ext(o.plot))
	case o.card != "":
		if o.card != "-" && !strings.HasSuffix(strings.ToLower(o.card), ".pdf") {
			return usagef("--card %q: a card is a PDF; want a name ending in .pdf", o.card)
		}
		var err error
		if opt.Date, err = printDate(e, o.date); err != nil {
			return err
		}
		opt.Size, opt.Paper, opt.Version = o.size, o.paper, version
	}
	for _, out := range []string{o.card, o.plot} {
		if out != "" {
			if err := e.checkWritable(out); err != nil {
				return err
			}
		}
	}
	rep, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	switch {
	case o.card != "":
		return renderTo(e, o.card, func(b *bytes.Buffer) error { return draw.HoldemCard(b, rep, opt) })
	case o.plot != "":
		grids, hopt := rep.EquityHeatmap()
		return renderTo(e, o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, hopt) })
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return rep.JSON(b)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b, metrics, color)
	})
}

func newHoldemNashCmd(e env) *cobra.Command {
	req := holdem.DefaultNashRequest()
	var format string
	cmd := &cobra.Command{
		Use:   "nash",
		Short: "The heads-up push-or-fold equilibrium at a stack: who pushes, who calls",
		Long: `The heads-up push-or-fold equilibrium: the small blind moves all in or
folds, the big blind calls or folds, neither seeing the other's cards,
each playing the best answer to the other. It prints each class's chance
to push and to call, the small blind's result, and the check: what best
answers to each side would gain together (the exploitability, 0 at an
exact equilibrium) and what changing one class's play alone would gain.`,
		Example: `  bjchart holdem nash --stack 10
  bjchart holdem nash --stack 15 --ante 0.125 --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			job, err := req.Check()
			if stop, err := e.checked(req, err); stop {
				return err
			}
			res, err := job.Run(cmd.Context(), nil)
			if err != nil {
				return err
			}
			rep := render.NewHoldemNashReport(res.Nash, res.OneClassGain)
			return writeStdout(e, format, func(b *bytes.Buffer) error {
				switch format {
				case "json":
					return render.WriteJSON(b, rep)
				case "csv":
					return rep.CSV(b)
				}
				return rep.Text(b)
			})
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	enumVar(fl, &format, "format", "text", "output format: %s (csv: a row per class)", "text", "json", "csv")
	return cmd
}
