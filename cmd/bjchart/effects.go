package main

import (
	"context"

	"bjchart/render"
	"bjchart/solve"

	"github.com/spf13/cobra"
)

type effectsOptions struct {
	env
	req    solve.EffectsRequest
	format string
}

func newEffectsCmd(e env) *cobra.Command {
	o := &effectsOptions{env: e, req: solve.DefaultEffectsRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return runEffects(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func runEffects(ctx context.Context, o *effectsOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		return requestError(err)
	}
	rep := render.EffectsReport{Table: res.Table, Effects: res.Effects}
	return o.print(o.format, report{text: rep.Text, json: rep.JSON, csv: rep.CSV})
}
