package main

import (
	"bjchart/render/draw"
	"bytes"
	"context"
	"errors"
	"io"

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
	cmd.AddCommand(newSideTriggerCmd(e), newSideSimCmd(e))
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
		return o.print("text", report{text: render.SideList})
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
	return o.print(o.format, report{
		text: func(w io.Writer) error { return render.SideText(w, rep, job.Bet) },
		json: func(w io.Writer) error { return render.SideJSON(w, rep, job.Bet) },
		csv:  func(w io.Writer) error { return render.SideCSV(w, rep, job.Bet) },
	})
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
	if o.plot.given() {
		grids, opt := render.SideHeatmap(t)
		if err := o.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, plotFormat, grids, opt) }); err != nil {
			return err
		}
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return render.SideTriggerText(w, t) },
		json: jsonOf(render.NewJSONSideTrigger(t)),
	})
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
	return o.print(o.format, report{
		text: func(w io.Writer) error { return render.SideSimText(w, s) },
		json: jsonOf(render.NewJSONSideSim(s)),
	})
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
