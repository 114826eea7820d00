package main

import (
	"bytes"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

func newDealerCmd(e env) *cobra.Command {
	req := solve.DefaultDealerRequest()
	var format string
	cmd := &cobra.Command{
		Use:   "dealer",
		Short: "Print how the dealer's hand ends, by up card",
		Long: `Print the probability of each final dealer hand (17, 18, 19, 20, 21, bust,
blackjack) for every up card, exactly, from the rules' decks or a remaining
shoe. Two distributions: unconditional (before any peek, blackjacks
included), and given no dealer blackjack (what the player faces after a
peek; only T and A differ). The dealer's rules that matter are the deck
count and S17/H17.`,
		Example: `  bjchart dealer
  bjchart dealer --rules "1D H17" --format csv
  bjchart dealer --rules 2D --shoe "8,8,8,8,8,8,8,8,8,20" --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			write := map[string]func(*bytes.Buffer, render.Dealer) error{
				"text": func(b *bytes.Buffer, d render.Dealer) error { return render.DealerText(b, d) },
				"json": func(b *bytes.Buffer, d render.Dealer) error { return render.DealerJSON(b, d) },
				"csv":  func(b *bytes.Buffer, d render.Dealer) error { return render.DealerCSV(b, d) },
			}[format]
			if write == nil {
				return usagef("--format %q: want text, json or csv", format)
			}
			job, err := req.Check()
			if stop, err := e.checked(req, err); stop {
				return err
			}
			res, err := job.Run(cmd.Context(), nil)
			if err != nil {
				return requestError(err)
			}
			d := render.NewDealer(res.Rules, res.Shoe, res.Outcomes)
			return writeStdout(e, format, func(b *bytes.Buffer) error { return write(b, d) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}
