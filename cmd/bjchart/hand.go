package main

import (
	"context"
	"io"
	"strings"

	"bjchart/render"
	"bjchart/solve"

	"github.com/spf13/cobra"
)

type handOptions struct {
	env
	req    solve.HandRequest // its Hand the command's arguments
	format string
}

func newHandCmd(e env) *cobra.Command {
	o := &handOptions{env: e, req: solve.DefaultHandRequest()}
	cmd := &cobra.Command{
		Use:   "hand HAND v UP",
		Short: "Look up one hand: every action's EV, the best play and the chart's",
		Long: `Look up one hand against one up card: the EV of every legal action, the
best play and by how much, the chart's play when it differs (a
composition-dependent exception) and the chart cell behind it.

Give exact cards separated by commas (T,6; A,7; 8,8; 4,6,6) for their
composition-dependent values in a finite shoe, or a total (16, soft 18,
hard 12) for the chart cell, with its two-card hands listed. In an infinite
deck only totals matter.`,
		Example: `  bjchart hand T,6 v T --rules "6D H17 DAS LS"
  bjchart hand 16 v T
  bjchart hand A,7 v 9
  bjchart hand 8,8 v A --format json
  bjchart hand 4,6,6 v T --rules 1D
  bjchart hand "soft 18 v 2" --shoe 4,4,4,4,4,4,4,4,4,20`,
		Args: argsBetween(1, -1, "a hand, e.g. T,6 v T"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Hand = strings.Join(args, " ")
			return runHand(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req, "hand") // the command's arguments
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func runHand(ctx context.Context, o *handOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		return usageError{err}
	}
	rep := render.NewHandReport(res.Table, res.Lookup)
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.WriteText(w) },
		json: func(w io.Writer) error { return rep.WriteJSON(w) },
	})
}
