package main

import (
	"bjchart/render/draw"
	"bytes"
	"context"
	"errors"

	"bjchart/render"
	"bjchart/solve/param"
	"bjchart/solve/side"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// sideOptions are the side command's: the bet (its argument; none lists
// the bets) and its request.
type sideOptions struct {
	env
	req    side.Request
	format string
	flags  int // the flags given: with no bet, none is
}

func newSideCmd(e env) *cobra.Command {
	o := &sideOptions{env: e, req: side.DefaultRequest()}
	cmd := &cobra.Command{
		Use:   "side [BET]",
		Short: "A side bet's exact house edge for any shoe, its count, and the bets listed",
		Long: `Value a side bet exactly: every deal of the cards it looks at, from a full
shoe of any number of decks or from the shoe left (--shoe), line by line
as the published analyses print it (outcome, combinations, probability,
pays, return), and its house edge. With no BET, list the bets, their
outcomes and their pay tables with their sources. --pays takes one of the
bet's tables by name or your own, written OUTCOME:PAYS,... with pays to
1; --count adds each rank's effect of removal and a count's tags.

More: 'bjchart help side-bets'.`,
		Example: `  bjchart side
  bjchart side 21+3 --rules "6D H17 DAS LS"
  bjchart side 21+3 --pays straight-flush:9,trips:9,straight:9,flush:9
  bjchart side perfect-pairs --decks 8 --pays 25-12-6 --format json
  bjchart side lucky-ladies --decks 6 --shoe 20,24,24,24,24,24,24,24,24,80
  bjchart side buster --rules "6D H17" --count`,
		Args: argsBetween(0, 1, "at most one bet, e.g. 21+3 (bjchart side lists them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Bet, o.flags = "", cmd.Flags().NFlag()
			if len(args) == 1 {
				o.req.Bet = args[0]
			}
			return runSide(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req, "bet")
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	cmd.AddCommand(newSideTriggerCmd(e), newSideSimCmd(e), newSideCardCmd(e))
	return cmd
}

func runSide(ctx context.Context, o *sideOptions) error {
	if o.req.Bet == "" {
		if o.format != "text" {
			return usagef("--format %s: the list of bets is text; name a bet (bjchart side BET --format %s) for its table as %s", o.format, o.format, o.format)
		}
		if o.flags > 0 {
			return usagef("side: name the bet (bjchart side BET ...); with no bet it lists them")
		}
		return o.print("text", report{text: side.WriteList})
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, argumentError(err, "bet", "BET")); stop {
		return err
	}
	if job.Effects && o.format == "csv" {
		return usagef("--count with --format csv: the CSV holds the outcome table, a line an outcome; the effects and tags are in the text and the JSON")
	}
	rep, err := runJob(ctx, o.env, bar{"valuing the shoes", "shoes", []progressbar.Option{progressbar.OptionShowCount()}}, job.Run)
	if err != nil {
		return requestError(err)
	}
	sr := render.SideReport{Report: rep, Bet: job.Bet}
	return o.print(o.format, report{text: sr.Text, json: sr.JSON, csv: sr.CSV})
}

// sideTriggerOptions are 'bjchart side trigger”s: the bet (its argument)
// and the request.
type sideTriggerOptions struct {
	env
	req    side.TriggerRequest
	plot   *outputFile // the heatmap of EV by true count and depth, if given
	format string
}

func newSideTriggerCmd(e env) *cobra.Command {
	o := &sideTriggerOptions{env: e, req: side.DefaultTriggerRequest(), plot: plotFile("--plot")}
	cmd := &cobra.Command{
		Use:   "trigger BET",
		Short: "The true count from which a side bet favours a counter, with its error bar",
		Long: `Find the true count at which a side bet turns in the player's favour:
shoes dealt to a random depth, the bet valued exactly on each (on the cards
left as a counter of ranks knows them), a line fitted to the values by the
true count of the count's tags (the bet's own, from its effects of
removal, unless --tags), and where it crosses zero, with its standard
error; and the shoes by true count.

More: 'bjchart help side-bets'.`,
		Example: `  bjchart side trigger 21+3 --decks 6
  bjchart side trigger lucky-ladies --decks 6 --tags hilo --shoes 200000
  bjchart side trigger 21+3 --decks 6 --plot 21+3-heat.png`,
		Args: argsBetween(1, 1, "the bet, e.g. 21+3"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Bet = args[0]
			return runSideTrigger(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req, "bet")
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json")
	cmd.Flags().Var(o.plot, "plot", "also draw the bet's EV by true count and depth dealt as a heatmap: .png, .svg or .pdf")
	return cmd
}

func runSideTrigger(ctx context.Context, o *sideTriggerOptions) error {
	var plotFormat string
	if o.plot.given() {
		var err error
		if plotFormat, err = o.plot.check(o.env, ""); err != nil {
			return err
		}
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, argumentError(err, "bet", "BET")); stop {
		return err
	}
	t, err := runJob(ctx, o.env, bar{"sampling shoes", "shoes", nil}, job.Run)
	if err != nil {
		return requestError(err)
	}
	st := render.SideTrigger{Trigger: t}
	if o.plot.given() {
		grids, opt := st.Heatmap()
		if err := o.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, opt) }); err != nil {
			return err
		}
	}
	return o.print(o.format, report{text: st.Text, json: st.JSON})
}

// sideSimOptions are 'bjchart side sim”s: the bet (its argument) and the
// request.
type sideSimOptions struct {
	env
	req    side.SimRequest
	format string
}

func newSideSimCmd(e env) *cobra.Command {
	o := &sideSimOptions{env: e, req: side.DefaultSimRequest()}
	cmd := &cobra.Command{
		Use:   "sim BET",
		Short: "Simulate a counter who bets a side bet from its trigger",
		Long: `Deal real shoes (suited, shuffled, cut at the penetration) to one player
who plays the main game by its chart and bets one unit on the side bet
each round whose true count is at least the trigger (found first unless
--trigger), settled on the round's own cards: how often it is bet, what
the bets win and their exact edge, units a hundred rounds, each with its
standard error by batch means over whole shoes (rounds of one shoe are
not independent), and a check that the simulation agrees with the exact
values within 3 SE.

More: 'bjchart help side-bets'.`,
		Example: `  bjchart side sim 21+3 --rules "6D H17 DAS LS"
  bjchart side sim over-under-13 --pays over --trigger 1 --shoes 20000`,
		Args: argsBetween(1, 1, "the bet, e.g. 21+3"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Bet = args[0]
			return runSideSim(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req, "bet")
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func runSideSim(ctx context.Context, o *sideSimOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, argumentError(err, "bet", "BET")); stop {
		return err
	}
	s, err := runJob(ctx, o.env, bar{"the trigger's shoes, then the counter's", "shoes", nil}, job.Run)
	if err != nil {
		return requestError(err)
	}
	ss := render.SideSim{Sim: s}
	return o.print(o.format, report{text: ss.Text, json: ss.JSON})
}

// argumentError is err with the request's field named as the command's
// positional argument (the bet is BET, not --bet).
func argumentError(err error, field, name string) error {
	var pe *param.Error
	if !errors.As(err, &pe) || pe.Name != field {
		return err
	}
	return usagef("%s", pe.Render(func(f string) string {
		if f == field {
			return name
		}
		return "--" + f
	}))
}

// sideCardOptions are 'bjchart side card”s: the request, the PDF (if
// any), its paper and date.
type sideCardOptions struct {
	env
	req    side.CardRequest
	out    *outputFile
	paper  string
	date   string
	format string
}

func newSideCardCmd(e env) *cobra.Command {
	o := &sideCardOptions{env: e, req: side.DefaultCardRequest(), out: cardFile("-o")}
	cmd := &cobra.Command{
		Use:   "card",
		Short: "Print a game's side-bet card: each bet's house edge, its count and trigger",
		Long: `Value every side bet on its usual pay table at the game's decks (Buster at
its dealer): the house edge, exact; and for a bet with a count of its own
(its effects of removal by rank), the count's tags, the true count from
which the bet turns positive with its error bar, and how often shoes are
there. Text by default; -o FILE.pdf prints the card.

More: 'bjchart help side-bets'.`,
		Example: `  bjchart side card --rules "6D H17 DAS LS"
  bjchart side card --rules "8D S17" -o side-card.pdf`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSideCard(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	fl.VarP(o.out, "output", "o", "the card as a PDF (a name ending in .pdf; - for stdout); without it, the text")
	enumVar(fl, &o.paper, "paper", render.DefaultPaper, "the sheet the PDF prints on: %s", render.Papers...)
	fl.StringVar(&o.date, "date", "", "date printed on the card and in the PDF, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	enumVar(fl, &o.format, "format", "text", "output format without -o: %s", "text", "json")
	return cmd
}

func runSideCard(ctx context.Context, o *sideCardOptions) error {
	if o.out.given() {
		if _, err := o.out.check(o.env, ""); err != nil {
			return err
		}
	}
	date, err := printDate(o.env, o.date)
	if err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	c, err := runJob(ctx, o.env, bar{"sampling each bet's shoes", "shoes", nil}, job.Run)
	if err != nil {
		return requestError(err)
	}
	sc := render.NewSideCard(c)
	if o.out.given() {
		return o.writeOutput(o.out, func(b *bytes.Buffer) error { return draw.SideCard(b, sc, o.paper, version, date) })
	}
	return o.print(o.format, report{text: sc.Text, json: sc.JSON})
}
