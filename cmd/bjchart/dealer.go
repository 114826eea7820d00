package main

import (
	"context"
	"io"

	"bjchart/render"
	"bjchart/solve"

	"github.com/spf13/cobra"
)

type dealerOptions struct {
	env
	req    solve.DealerRequest
	format string
}

func newDealerCmd(e env) *cobra.Command {
	o := &dealerOptions{env: e, req: solve.DefaultDealerRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return runDealer(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func runDealer(ctx context.Context, o *dealerOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		return requestError(err)
	}
	d := render.NewDealer(res.Rules, res.Shoe, res.Outcomes)
	return o.print(o.format, report{
		text: func(w io.Writer) error { return d.WriteText(w) },
		json: func(w io.Writer) error { return d.WriteJSON(w) },
		csv:  func(w io.Writer) error { return d.WriteCSV(w) },
	})
}
