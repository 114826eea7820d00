package main

import (
	"context"
	"io"

	"bjchart/charts"
	"bjchart/render"

	"github.com/spf13/cobra"
)

type diffOptions struct {
	env
	req      charts.CompareRequest // its Chart the command's argument
	exitCode bool
	format   string
	color    string
}

func newDiffCmd(e env) *cobra.Command {
	o := &diffOptions{env: e, req: charts.DefaultCompareRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			o.req.Chart = args[0]
			return runDiff(cmd.Context(), o)
		},
	}
	bindRequest(cmd, &o.req, "chart") // the command's argument
	fl := cmd.Flags()
	fl.BoolVar(&o.exitCode, "exit-code", false, "exit 3 when the chart differs beyond near-ties (like git diff --exit-code)")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	enumVar(fl, &o.color, "color", "auto", "colour the chart: %s", "auto", "always", "never")
	return cmd
}

func runDiff(ctx context.Context, o *diffOptions) error {
	color, err := colorMode(o.color, o.env)
	if err != nil {
		return err
	}
	if o.req.Published, err = chartFile(o.req.Chart); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	d, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	rep := render.DiffReport{Diff: d, From: o.req.RulesFrom()}
	if err := o.print(o.format, report{
		text: func(w io.Writer) error { return rep.Text(w, color) },
		json: rep.JSON,
	}); err != nil {
		return err
	}
	if o.exitCode && d.Beyond() > 0 {
		return errDiffFound
	}
	return nil
}
