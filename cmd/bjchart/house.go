package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve/house"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

func newHouseCmd(e env) *cobra.Command {
	var format, card, paper, date, plotOut string
	req := house.DefaultRequest()
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
			r, err := req.Check()
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
			plotFormat := strings.TrimPrefix(strings.ToLower(filepath.Ext(plotOut)), ".")
			if plotOut != "" && !slices.Contains(render.HeatmapFormats, plotFormat) {
				return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", plotOut, filepath.Ext(plotOut))
			}
			if card != "" && plotOut != "" {
				return usagef("--card and --plot: give one of them")
			}
			if plotOut != "" {
				if err := checkWritable(plotOut); err != nil {
					return err
				}
			}
			var opt render.CardOptions
			if card != "" {
				if card != "-" && !strings.HasSuffix(strings.ToLower(card), ".pdf") {
					return usagef("--card %q: a card is a PDF; want a name ending in .pdf", card)
				}
				if opt.Date, err = printDate(e, date); err != nil {
					return err
				}
				opt.Size, opt.Version = paper, version
				if err := checkWritable(card); err != nil {
					return err
				}
			}
			sol, err := house.Solve(r)
			if err != nil {
				return fmt.Errorf("solving %s: %w", r, err)
			}
			if card != "" {
				return renderTo(e, card, func(b *bytes.Buffer) error { return draw.HouseCard(b, sol, opt) })
			}
			if plotOut != "" {
				return renderTo(e, plotOut, func(b *bytes.Buffer) error {
					return draw.Heatmap(b, plotFormat, []*render.EVGrid{render.HouseGrid(sol)},
						render.HeatmapOptions{Title: sol.Rules.String(), Scale: "EV per point bet", Codes: true})
				})
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error { return write(b, sol) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	cmd.Flags().StringVar(&card, "card", "", "write a printable card (PDF) to this file instead (- for stdout)")
	enumVar(cmd.Flags(), &paper, "paper", "letter", "the card's paper: %s", render.Papers...)
	cmd.Flags().StringVar(&plotOut, "plot", "", "write a heatmap of the EV per point by first card and up card to this file instead (.png, .svg or .pdf)")
	cmd.Flags().StringVar(&date, "date", "", "date printed on the card, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	needs(cmd, "paper", "card")
	needs(cmd, "date", "card")
	return cmd
}
