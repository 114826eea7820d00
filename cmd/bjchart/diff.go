package main

import (
	"bytes"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

type diffOptions struct {
	req      charts.CompareRequest
	exitCode bool
	format   string
	color    string
}

func newDiffCmd(e env) *cobra.Command {
	o := &diffOptions{req: charts.DefaultCompareRequest()}
	cmd := &cobra.Command{
		Use:               "diff NAME|FILE",
		ValidArgsFunction: chartNames,
		Short:             "Compare a published chart with the exact solution",
		Long: `Solve a rule set (by default the chart's own rules: the most common
reading of its rules header), resolve the chart's codes for it, and show
where the published chart and the solution disagree: the solved chart with
every differing cell marked (solution≠published; ≈ for a near-tie), the
list of differences with the EV of each play and the EV given up per
occurrence, and the total cost: the round EV of playing the published
chart exactly minus that of the solution, in percentage points.

More: 'bjchart help chart-files'.`,
		Example: `  bjchart diff wizard-4to8d-s17-das-ls
  bjchart diff thorp-1966-1deck --rules "6D H17 DAS 3:2"
  bjchart diff my-chart.txt --exit-code --format json`,
		Args: exactlyOne("a chart name or file"),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, args[0], e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields, "chart") // the command's argument
	fl := cmd.Flags()
	fl.BoolVar(&o.exitCode, "exit-code", false, "exit 3 when the chart differs beyond near-ties (like git diff --exit-code)")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	enumVar(fl, &o.color, "color", "auto", "colour the chart: %s", "auto", "always", "never")
	return cmd
}

func (o *diffOptions) run(cmd *cobra.Command, chart string, e env) error {
	color, err := colorMode(o.color, e)
	if err != nil {
		return err
	}
	o.req.Chart = chart
	if o.req.Published, err = chartFile(chart); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	d, err := job.Run(cmd.Context(), nil)
	if err != nil {
		return err
	}
	from := o.req.RulesFrom()
	var buf bytes.Buffer
	if o.format == "json" {
		err = render.DiffJSON(&buf, d, from)
	} else {
		err = render.DiffText(&buf, d, from, color)
	}
	if err != nil {
		return err
	}
	out := buf.Bytes()
	if o.format != "json" {
		out = []byte(render.WrapProse(buf.String(), e.width()))
	}
	if _, err := e.stdout.Write(out); err != nil {
		return err
	}
	if o.exitCode && d.Beyond() > 0 {
		return errDiffFound
	}
	return nil
}
