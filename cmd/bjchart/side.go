package main

import (
	"bytes"
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
				if cmd.Flags().NFlag() > 0 && !cmd.Flags().Changed("format") {
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
			if stop, err := e.checked(req, err); stop {
				return err
			}
			var progress func(done, total int64)
			if job.Effects {
				bar := newProgress(e, 11, "valuing the shoes", "shoes", progressbar.OptionShowCount())
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
	return cmd
}
