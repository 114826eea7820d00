package main

import (
	"bytes"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// chartOptions are the options of the chart command (and of bjchart with
// no command): the solve's request, the shoe a count leaves, and how to
// write the table.
type chartOptions struct {
	req    solve.Request
	shoe   count.ShoeRequest
	ev     bool
	cd     bool
	format string
	color  string
}

func newChartOptions() *chartOptions {
	return &chartOptions{req: solve.DefaultRequest(), shoe: count.DefaultShoeRequest()}
}

func (o *chartOptions) bind(cmd *cobra.Command) {
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	fl.BoolVar(&o.ev, "ev", false, "show the EV of every legal action in each cell (text format)")
	fl.BoolVar(&o.cd, "cd", false, "composition-dependent play: list the hands whose best play differs from the chart (text); with json or csv, the CD values of every two-card hand and every hand of three or more cards")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	var shoe param.Set
	o.shoe.Params(&shoe)
	bindParams(cmd, &shoe)
	enumVar(fl, &o.color, "color", "auto", "colour the text chart: %s (auto: on a terminal, unless NO_COLOR is set)", "auto", "always", "never")
	needs(cmd, "dealt", "tc", "rc")
}

func newChartCmd(e env) *cobra.Command {
	opts := newChartOptions()
	cmd := &cobra.Command{
		Use:   "chart",
		Short: "Print the basic-strategy chart for a rule set",
		Long: `Print the basic-strategy chart for a rule set: the hard, soft and pair
tables against every dealer up card, each cell holding the best play with
its fallback (Dh: double, else hit), and the house edge.`,
		Example: `  bjchart chart --rules "6D H17 DAS LS"
  bjchart chart --rules INF --ev
  bjchart chart --decks inf --surrender late --format csv
  bjchart chart --format json | jq '.cells[] | select(.hand == "16")'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return opts.run(cmd, e) },
	}
	opts.bind(cmd)
	return cmd
}

func (o *chartOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	r := job.Rules
	color, err := colorMode(o.color, e)
	if err != nil {
		return err
	}
	write := map[string]func(*bytes.Buffer, *solve.Table) error{
		"text": func(b *bytes.Buffer, t *solve.Table) error {
			if err := render.Text(b, t, render.TextOptions{Color: color, EV: o.ev}); err != nil {
				return err
			}
			if o.cd {
				return render.Exceptions(b, t)
			}
			return nil
		},
		"json": func(b *bytes.Buffer, t *solve.Table) error { return render.JSON(b, t, render.DataOptions{CD: o.cd}) },
		"csv":  func(b *bytes.Buffer, t *solve.Table) error { return render.CSV(b, t, render.DataOptions{CD: o.cd}) },
	}[o.format]
	if write == nil {
		return usagef("--format %q: want text, json or csv", o.format)
	}
	if o.cd && o.format != "text" && r.Infinite() {
		return usagef("--cd with --format %s needs a finite deck count: in an infinite deck only totals matter", o.format)
	}
	var header string
	if o.shoe.Asked() {
		sh, note, err := o.shoe.Shoe(r, job.Options.Shoe != nil)
		if err != nil {
			return requestError(err)
		}
		job.Options.Shoe, header = &sh, note
	}
	t, err := job.Run(cmd.Context(), nil)
	if err != nil {
		return err
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if header != "" && o.format == "text" {
			b.WriteString(header + "\n")
		}
		return write(b, t)
	})
}
