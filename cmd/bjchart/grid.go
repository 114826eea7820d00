package main

import (
	"bytes"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type gridOptions struct {
	req    solve.GridRequest
	format string
}

func newGridCmd(e env) *cobra.Command {
	o := &gridOptions{req: solve.DefaultGridRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func (o *gridOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	bar := newProgress(e, int64(len(job.Games)), "solving", "rule sets", progressbar.OptionShowCount())
	results, err := job.Run(cmd.Context(), bar.SetOf)
	bar.Finish()
	if err != nil {
		return err
	}
	write := map[string]func(*bytes.Buffer) error{
		"json": func(b *bytes.Buffer) error { return render.GamesJSON(b, results) },
		"csv":  func(b *bytes.Buffer) error { return render.GamesCSV(b, results) },
		"text": func(b *bytes.Buffer) error { return render.GamesText(b, results) },
	}[o.format]
	return writeStdout(e, o.format, write)
}
