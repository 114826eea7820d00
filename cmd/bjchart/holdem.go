package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/holdem"

	"github.com/spf13/cobra"
)

// holdemOptions are the holdem command's: the chart's request, or a
// hand's (the command's arguments), and where and how to write it.
type holdemOptions struct {
	env
	chart             compose.HoldemChartRequest // the grids shown, --compute
	hand              compose.HoldemHandRequest  // its Hands the arguments, its Compute the chart's
	handFlags         bool                       // --opponents, --deals or --seed given
	opponentsGiven    bool
	format, color     string
	card, plot        *outputFile
	size, paper, date string // the card's
}

func newHoldemCmd(e env) *cobra.Command {
	o := &holdemOptions{env: e, chart: compose.DefaultHoldemChartRequest(), hand: compose.DefaultHoldemHandRequest(),
		card: cardFile("--card"), plot: plotFile("--plot")}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			o.hand.Hands = strings.Join(args, " ")
			o.opponentsGiven = cmd.Flags().Changed("opponents")
			o.handFlags = o.opponentsGiven || cmd.Flags().Changed("deals") || cmd.Flags().Changed("seed")
			return runHoldem(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.chart)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the chart)", "text", "json", "csv")
	fl.IntVar(&o.hand.Opponents, "opponents", o.hand.Opponents, "with a HAND: random opponents, 1 (exact) to 9 (2 and more simulated)")
	fl.StringVar(&o.hand.Deals, "deals", o.hand.Deals, "deals to simulate with --opponents 2 or more: a count, with an optional k, M or G")
	fl.Uint64Var(&o.hand.Seed, "seed", o.hand.Seed, "seed of the simulation; the same seed gives the same figures on any machine")
	fl.Var(o.card, "card", "write the chart as a printable card (PDF) to this file instead (- for stdout)")
	enumVar(fl, &o.size, "size", render.DefaultPaper, "the card: %s", render.CardSizes...)
	enumVar(fl, &o.paper, "paper", render.DefaultPaper, "the wallet card's sheet: %s", render.Papers...)
	fl.StringVar(&o.date, "date", "", "date printed on the card, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	fl.Var(o.plot, "plot", "write the equity heatmap to this file instead (.png, .svg or .pdf)")
	enumVar(fl, &o.color, "color", "auto", "shade the chart's cells: %s (auto: on a terminal, unless NO_COLOR is set)", "auto", "always", "never")
	for _, f := range []string{"size", "paper", "date"} {
		needs(cmd, f, "card")
	}
	cmd.AddCommand(newHoldemEquityCmd(e), newHoldemNashCmd(e))
	return cmd
}

// holdemEquityOptions are 'bjchart holdem equity”s: the ranges (its
// arguments), the board and the dead cards.
type holdemEquityOptions struct {
	env
	req    holdem.EquityRequest
	format string
}

func newHoldemEquityCmd(e env) *cobra.Command {
	o := &holdemEquityOptions{env: e, req: holdem.DefaultEquityRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Ranges = args
			return runHoldemEquity(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s (csv: a row per player)", "text", "json", "csv")
	return cmd
}

func runHoldemEquity(ctx context.Context, o *holdemEquityOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := runJob(ctx, o.env, bar{"dealing", "deals", nil}, job.Run)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return usageError{err}
	}
	rep := render.NewHoldemEquityReport(job.Ranges, job.Board, job.Dead, res)
	return o.print(o.format, report{text: rep.Text, json: jsonOf(rep), csv: rep.CSV})
}

func runHoldem(ctx context.Context, o *holdemOptions) error {
	req := o.hand
	req.Compute = o.chart.Compute
	job, err := req.Check()
	var he *compose.HoldemHandsError
	if err != nil && !errors.As(err, &he) && !errors.Is(err, compose.ErrNoHand) { // --opponents, --deals
		return requestError(err)
	}
	if errors.Is(err, compose.ErrNoHand) {
		if o.handFlags {
			return usagef("--opponents, --deals and --seed are for a HAND: e.g. bjchart holdem AKs --opponents 3")
		}
		return holdemChart(ctx, o)
	}
	if o.card.given() || o.plot.given() {
		return usagef("--card and --plot draw the whole chart: leave out %q", req.Hands)
	}
	if o.format == "csv" {
		return usagef("--format csv is the chart's: leave out %q, or use json", req.Hands)
	}
	if he != nil {
		return usagef("%s", he.Render(flagName))
	}
	if job.Versus() && o.opponentsGiven {
		return usagef("--opponents with HAND v HAND: the opponent is the second hand")
	}
	rep, err := job.Run(ctx, nil)
	if errors.As(err, &he) {
		return usagef("%s", he.Render(flagName))
	}
	if err != nil {
		return err
	}
	return o.print(o.format, report{text: rep.Text, json: jsonOf(rep)})
}

// holdemChart prints, draws or lays out the whole chart.
func holdemChart(ctx context.Context, o *holdemOptions) error {
	job, err := o.chart.Check()
	if stop, err := o.checked(o.chart, err); stop {
		return err
	}
	metrics := job.Metrics()
	color, err := colorMode(o.color, o.env)
	if err != nil {
		return err
	}
	if err := oneOutput(o.card, o.plot); err != nil {
		return err
	}
	var plotFormat string
	var opt render.CardOptions
	switch {
	case o.plot.given():
		if plotFormat, err = o.plot.check(o.env, ""); err != nil {
			return err
		}
	case o.card.given():
		if _, err := o.card.check(o.env, ""); err != nil {
			return err
		}
		if opt.Date, err = printDate(o.env, o.date); err != nil {
			return err
		}
		opt.Size, opt.Paper, opt.Version = o.size, o.paper, version
	}
	rep, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	switch {
	case o.card.given():
		return o.writeOutput(o.card, func(b *bytes.Buffer) error { return draw.HoldemCard(b, rep, opt) })
	case o.plot.given():
		grids, hopt := rep.EquityHeatmap()
		return o.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, hopt) })
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.Text(w, metrics, color) },
		json: rep.JSON,
		csv:  rep.CSV,
	})
}

// holdemNashOptions are 'bjchart holdem nash”s.
type holdemNashOptions struct {
	env
	req    holdem.NashRequest
	format string
}

func newHoldemNashCmd(e env) *cobra.Command {
	o := &holdemNashOptions{env: e, req: holdem.DefaultNashRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return runHoldemNash(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s (csv: a row per class)", "text", "json", "csv")
	return cmd
}

func runHoldemNash(ctx context.Context, o *holdemNashOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	rep := render.NewHoldemNashReport(res.Nash, res.OneClassGain)
	return o.print(o.format, report{text: rep.Text, json: jsonOf(rep), csv: rep.CSV})
}
