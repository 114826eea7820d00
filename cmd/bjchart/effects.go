package main

import (
	"bytes"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

func newEffectsCmd(e env) *cobra.Command {
	req := solve.DefaultEffectsRequest()
	var format string
	cmd := &cobra.Command{
		Use:   "effects",
		Short: "The exact effect of each rule on a game, one rule changed at a time",
		Long: `Solve the game and the game with each rule changed alone (the deck count,
soft 17, doubling, doubling after splits, splits, resplitting and hitting
split aces, surrender, the blackjack payout, the hole card, a Charlie,
ties, a dealer 22 that pushes, a player 21 that wins), and list what each
change does to the player's EV, largest gain first: the Wizard of Odds'
rule-variation table, exact, for any game. Each changed game is played
with its own best chart; the best play's change is beside it.`,
		Example: `  bjchart effects --rules "6D H17 DAS LS"
  bjchart effects --rules "2D S17" --format csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			write := map[string]func(*bytes.Buffer, *solve.Table, []solve.Effect) error{
				"text": func(b *bytes.Buffer, t *solve.Table, x []solve.Effect) error { return render.EffectsText(b, t, x) },
				"json": func(b *bytes.Buffer, t *solve.Table, x []solve.Effect) error { return render.EffectsJSON(b, t, x) },
				"csv":  func(b *bytes.Buffer, t *solve.Table, x []solve.Effect) error { return render.EffectsCSV(b, t, x) },
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
			return writeStdout(e, format, func(b *bytes.Buffer) error { return write(b, res.Table, res.Effects) })
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}
