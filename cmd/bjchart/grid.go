package main

import (
	"context"

	"bjchart/render"
	"bjchart/solve"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type gridOptions struct {
	env
	req    solve.GridRequest
	format string
}

func newGridCmd(e env) *cobra.Command {
	o := &gridOptions{env: e, req: solve.DefaultGridRequest()}
	cmd := &cobra.Command{
		Use:   "grid",
		Short: "Solve a grid of rule sets and tabulate their EVs",
		Long: `Solve every combination of deck count x S17/H17 x DAS/NDAS x no/late
surrender on top of the base rules (--rules and the rule flags), on every
core, and print one line per rule set: the chart's EV and the
composition-dependent EVs. A progress bar shows on a terminal.`,
		Example: `  bjchart grid
  bjchart grid --decks-list 1,2,6 --rules "6:5" --format csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGrid(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func runGrid(ctx context.Context, o *gridOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	results, err := runJob(ctx, o.env, bar{"solving", "rule sets", []progressbar.Option{progressbar.OptionShowCount()}}, job.Run)
	if err != nil {
		return err
	}
	games := render.Games(results)
	return o.print(o.format, report{text: games.Text, json: games.JSON, csv: games.CSV})
}
