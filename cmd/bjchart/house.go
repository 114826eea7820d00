package main

import (
	"bytes"
	"context"
	"fmt"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/house"

	"github.com/spf13/cobra"
)

// houseOptions are the house command's: the game (and the paper of
// --card), what to write and where.
type houseOptions struct {
	env
	req    compose.HouseCardRequest
	format string
	card   *outputFile
	plot   *outputFile
	date   string
}

func newHouseCmd(e env) *cobra.Command {
	o := &houseOptions{env: e, req: compose.DefaultHouseCardRequest(), card: cardFile("--card"), plot: plotFile("--plot")}
	cmd := &cobra.Command{
		Use:   "house",
		Short: "Solve a hit-or-stand house game (the house game by default)",
		Long: `Solve a hit-or-stand house game exactly: scored by card count as well as
total, with multiplied payouts, a bet declared after the player's first
card, and a dealer who decides by chance or by the player's visible
cards. It prints the value per point at a flat bet and with the best bet
for each first card, and the best play by card count and total.

More: 'bjchart help house-game'.

Rules (default HOUSE, the house game with the dealer it built):
` + house.RuleHelp,
		Example: `  bjchart house
  bjchart house --rules "HOUSE INF DESIGNED"
  bjchart house --rules "6D LADDER 5CX=2 BET=1-10" --format json
  bjchart house --card house.pdf
  bjchart house --plot house.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runHouse(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	fl.Var(o.card, "card", "write a printable card (PDF) to this file instead (- for stdout)")
	fl.Var(o.plot, "plot", "write a heatmap of the EV per point by first card and up card to this file instead (.png, .svg or .pdf)")
	fl.StringVar(&o.date, "date", "", "date printed on the card, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	needs(cmd, "paper", "card")
	needs(cmd, "date", "card")
	return cmd
}

func runHouse(ctx context.Context, o *houseOptions) error {
	switch err := oneOutput(o.card, o.plot); {
	case err != nil:
		return err
	case o.card.given():
		return houseCard(ctx, o)
	case o.plot.given():
		return housePlot(ctx, o)
	}
	req := o.req.House
	job, err := req.Check()
	if stop, err := o.checked(req, err); stop {
		return err
	}
	sol, err := job.Run(ctx, nil)
	if err != nil {
		return fmt.Errorf("solving %s: %w", job.Rules, err)
	}
	rep := render.HouseReport{Solution: sol}
	return o.print(o.format, report{text: rep.Text, json: rep.JSON})
}

// houseCard writes the house game's card (compose.HouseCardRequest).
func houseCard(ctx context.Context, o *houseOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	if _, err := o.card.check(o.env, ""); err != nil {
		return err
	}
	printed, err := printDate(o.env, o.date)
	if err != nil {
		return err
	}
	c, err := job.Run(ctx, nil)
	if err != nil {
		return fmt.Errorf("solving %s: %w", job.Rules(), err)
	}
	c.Options.Version, c.Options.Date = version, printed
	return o.writeOutput(o.card, func(b *bytes.Buffer) error { return draw.HouseCard(b, c.Solution, c.Options) })
}

// housePlot writes the house game's heatmap (compose.HousePlotRequest) in
// the format of its file's extension.
func housePlot(ctx context.Context, o *houseOptions) error {
	req := compose.HousePlotRequest{House: o.req.House}
	job, err := req.Check()
	if stop, err := o.checked(req, err); stop {
		return err
	}
	format, err := o.plot.check(o.env, "")
	if err != nil {
		return err
	}
	h, err := job.Run(ctx, nil)
	if err != nil {
		return fmt.Errorf("solving %s: %w", job.Rules(), err)
	}
	return o.writeOutput(o.plot, func(b *bytes.Buffer) error { return draw.Heatmap(b, format, h.Grids, h.Options) })
}
