package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/house"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

func newHouseCmd(e env) *cobra.Command {
	var format, card, date, plotOut string
	cardReq := compose.DefaultHouseCardRequest() // the game, and the paper of --card
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
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case card != "" && plotOut != "":
				return usagef("--card and --plot: give one of them")
			case card != "":
				return houseCard(cmd.Context(), e, cardReq, card, date)
			case plotOut != "":
				return housePlot(cmd.Context(), e, compose.HousePlotRequest{House: cardReq.House}, plotOut)
			}
			req := cardReq.House
			job, err := req.Check()
			if stop, err := e.checked(req, err); stop {
				return err
			}
			write := map[string]func(*bytes.Buffer, *house.Solution) error{
				"text": func(b *bytes.Buffer, s *house.Solution) error { return render.HouseText(b, s) },
				"json": func(b *bytes.Buffer, s *house.Solution) error { return render.HouseJSON(b, s) },
			}[format]
			if write == nil {
				return usagef("--format %q: want text or json", format)
			}
			sol, err := job.Run(cmd.Context(), nil)
			if err != nil {
				return fmt.Errorf("solving %s: %w", job.Rules, err)
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error { return write(b, sol) })
		},
	}
	var fields param.Set
	cardReq.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	cmd.Flags().StringVar(&card, "card", "", "write a printable card (PDF) to this file instead (- for stdout)")
	cmd.Flags().StringVar(&plotOut, "plot", "", "write a heatmap of the EV per point by first card and up card to this file instead (.png, .svg or .pdf)")
	cmd.Flags().StringVar(&date, "date", "", "date printed on the card, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	needs(cmd, "paper", "card")
	needs(cmd, "date", "card")
	return cmd
}

// houseCard writes the house game's card (compose.HouseCardRequest).
func houseCard(ctx context.Context, e env, req compose.HouseCardRequest, out, date string) error {
	job, err := req.Check()
	if stop, err := e.checked(req, err); stop {
		return err
	}
	if out != "-" && !strings.HasSuffix(strings.ToLower(out), ".pdf") {
		return usagef("--card %q: a card is a PDF; want a name ending in .pdf", out)
	}
	printed, err := printDate(e, date)
	if err != nil {
		return err
	}
	if err := e.checkWritable(out); err != nil {
		return err
	}
	c, err := job.Run(ctx, nil)
	if err != nil {
		return fmt.Errorf("solving %s: %w", job.Rules(), err)
	}
	c.Options.Version, c.Options.Date = version, printed
	return renderTo(e, out, func(b *bytes.Buffer) error { return draw.HouseCard(b, c.Solution, c.Options) })
}

// housePlot writes the house game's heatmap (compose.HousePlotRequest) in
// the format of out's extension.
func housePlot(ctx context.Context, e env, req compose.HousePlotRequest, out string) error {
	job, err := req.Check()
	if stop, err := e.checked(req, err); stop {
		return err
	}
	format, err := e.plotFile(out)
	if err != nil {
		return err
	}
	h, err := job.Run(ctx, nil)
	if err != nil {
		return fmt.Errorf("solving %s: %w", job.Rules(), err)
	}
	return renderTo(e, out, func(b *bytes.Buffer) error { return draw.Heatmap(b, format, h.Grids, h.Options) })
}
