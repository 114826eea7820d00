package main

import (
	"bytes"
	"errors"
	"io"

	"bjchart/render"
	"bjchart/solve/param"
	"bjchart/solve/side"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

func newSideCmd(e env) *cobra.Command {
	req := side.DefaultRequest()
	var format string
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
			if len(args) == 0 {
				if format != "text" {
					return usagef("--format %s: the list of bets is text; name a bet (bjchart side BET --format %s) for its table as %s", format, format, format)
				}
				if cmd.Flags().NFlag() > 0 {
					return usagef("side: name the bet (bjchart side BET ...); with no bet it lists them")
				}
				return writeStdout(e, "text", func(b *bytes.Buffer) error { return render.SideList(b) })
			}
			req.Bet = args[0]
			write := map[string]func(io.Writer, *side.Report, *side.Bet) error{
				"text": render.SideText, "json": render.SideJSON, "csv": render.SideCSV,
			}[format]
			if write == nil {
				return usagef("--format %q: want text, json or csv", format)
			}
			job, err := req.Check()
			if stop, err := e.checked(req, argumentError(err, "bet", "BET")); stop {
				return err
			}
			if job.Effects && format == "csv" {
				return usagef("--count with --format csv: the CSV holds the outcome table, a line an outcome; the effects and tags are in the text and the JSON")
			}
			var progress func(done, total int64)
			if job.Effects {
				bar := newProgress(e, job.Steps(), "valuing the shoes", "shoes", progressbar.OptionShowCount())
				defer bar.Finish()
				progress = bar.SetOf
			}
			rep, err := job.Run(cmd.Context(), progress)
			if err != nil {
				return requestError(err)
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error { return write(b, rep, job.Bet) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields, "bet")
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json", "csv")
	cmd.AddCommand(newSideTriggerCmd(e), newSideSimCmd(e))
	return cmd
}

func newSideTriggerCmd(e env) *cobra.Command {
	req := side.DefaultTriggerRequest()
	var format string
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
  bjchart side trigger lucky-ladies --decks 6 --tags hilo --shoes 200000`,
		Args: argsBetween(1, 1, "the bet, e.g. 21+3"),
		RunE: func(cmd *cobra.Command, args []string) error {
			req.Bet = args[0]
			job, err := req.Check()
			if stop, err := e.checked(req, argumentError(err, "bet", "BET")); stop {
				return err
			}
			bar := newProgress(e, int64(job.Shoes), "sampling shoes", "shoes")
			t, err := job.Run(cmd.Context(), bar.SetOf)
			bar.Finish()
			if err != nil {
				return requestError(err)
			}
			if format == "json" {
				return writeStdout(e, format, func(b *bytes.Buffer) error { return render.WriteJSON(b, render.NewJSONSideTrigger(t)) })
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error { return render.SideTriggerText(b, t) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields, "bet")
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func newSideSimCmd(e env) *cobra.Command {
	req := side.DefaultSimRequest()
	var format string
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
			req.Bet = args[0]
			job, err := req.Check()
			if stop, err := e.checked(req, argumentError(err, "bet", "BET")); stop {
				return err
			}
			bar := newProgress(e, job.Steps(), "the trigger's shoes, then the counter's", "shoes")
			s, err := job.Run(cmd.Context(), bar.SetOf)
			bar.Finish()
			if err != nil {
				return requestError(err)
			}
			if format == "json" {
				return writeStdout(e, format, func(b *bytes.Buffer) error { return render.WriteJSON(b, render.NewJSONSideSim(s)) })
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error { return render.SideSimText(b, s) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields, "bet")
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	return cmd
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
