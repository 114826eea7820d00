package main

import (
	"context"
	"io"

	"bjchart/render"
	"bjchart/solve/count"

	"github.com/spf13/cobra"
)

// chartOptions are the options of the chart command (and of bjchart with
// no command): the chart's request (the game, and the shoe a count
// leaves), and how to write the table.
type chartOptions struct {
	env
	req    count.ChartRequest
	ev     bool
	cd     bool
	format string
	color  string
}

// newChartOptions are the chart command's defaults, as its flags have
// them.
func newChartOptions(e env) *chartOptions {
	return &chartOptions{env: e, req: count.DefaultChartRequest(), format: "text", color: "auto"}
}

func (o *chartOptions) bind(cmd *cobra.Command) {
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	fl.BoolVar(&o.ev, "ev", false, "show the EV of every legal action in each cell (text format)")
	fl.BoolVar(&o.cd, "cd", false, "composition-dependent play: list the hands whose best play differs from the chart (text); with json or csv, the CD values of every two-card hand and every hand of three or more cards")
	enumVar(fl, &o.format, "format", o.format, "output format: %s", "text", "json", "csv")
	enumVar(fl, &o.color, "color", o.color, "colour the text chart: %s (auto: on a terminal, unless NO_COLOR is set)", "auto", "always", "never")
	needs(cmd, "dealt", "tc", "rc")
}

func newChartCmd(e env) *cobra.Command {
	o := newChartOptions(e)
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
		RunE: func(cmd *cobra.Command, args []string) error { return runChart(cmd.Context(), o) },
	}
	o.bind(cmd)
	return cmd
}

func runChart(ctx context.Context, o *chartOptions) error {
	job, err := o.req.Check()
	// the page binds the game's request; the count's shoe is the command line's
	if stop, err := o.checked(o.req.Request, err); stop {
		return err
	}
	color, err := colorMode(o.color, o.env)
	if err != nil {
		return err
	}
	if o.cd && o.format != "text" && job.Rules.Infinite() {
		return usagef("--cd with --format %s needs a finite deck count: in an infinite deck only totals matter", o.format)
	}
	t, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	data := render.DataOptions{CD: o.cd}
	return o.print(o.format, report{
		text: func(w io.Writer) error {
			if job.Note != "" {
				if _, err := io.WriteString(w, job.Note+"\n"); err != nil {
					return err
				}
			}
			if err := render.Text(w, t, render.TextOptions{Color: color, EV: o.ev}); err != nil {
				return err
			}
			if o.cd {
				return render.Exceptions(w, t)
			}
			return nil
		},
		json: func(w io.Writer) error { return render.JSON(w, t, data) },
		csv:  func(w io.Writer) error { return render.CSV(w, t, data) },
	})
}
