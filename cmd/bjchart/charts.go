package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"

	"github.com/spf13/cobra"
)

// chartsOptions are the charts command's: it lists the library.
type chartsOptions struct{ env }

func newChartsCmd(e env) *cobra.Command {
	o := &chartsOptions{env: e}
	cmd := &cobra.Command{
		Use:   "charts",
		Short: "List the published charts bjchart carries",
		Long: `List the published basic-strategy charts embedded in bjchart: name,
the rules they were published for, source and confidence. 'charts show
NAME' prints one; any command that takes a chart name also takes a chart
file in the same format ('bjchart help chart-files').`,
		Example: `  bjchart charts
  bjchart charts show thorp-1966-1deck`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCharts(cmd.Context(), o) },
	}
	cmd.AddCommand(newChartsShowCmd(e))
	return cmd
}

// runCharts lists the library: one block a chart, its fields as label
// and value, so that a long source wraps within the terminal rather than
// being cut.
func runCharts(_ context.Context, o *chartsOptions) error {
	return o.print("text", report{text: func(w io.Writer) error {
		for i, name := range charts.Names() {
			c, err := charts.Library(name)
			if err != nil {
				return err
			}
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "%s\n  rules:       %s\n  source:      %s\n  confidence:  %s\n",
				name, c.RulesLine(), charts.Publication[name], charts.Confidence[name])
		}
		return nil
	}})
}

// chartsShowOptions are 'bjchart charts show”s: the chart, and how to
// print it.
type chartsShowOptions struct {
	env
	chart         string // a library name or a file
	color, format string
}

func newChartsShowCmd(e env) *cobra.Command {
	o := &chartsShowOptions{env: e}
	cmd := &cobra.Command{
		Use:               "show NAME|FILE",
		ValidArgsFunction: chartNames,
		Short:             "Print a published chart, as a table or as a chart file",
		Long: `Print a published chart (or a chart file) as a coloured table, or with
--format chart in the chart file format: the file a diff or the page's
upload reads, to copy and edit ('bjchart help chart-files').`,
		Example: `  bjchart charts show wizard-4to8d-s17-das-ls
  bjchart charts show wizard-4to8d-h17-das-ls --format chart > my-chart.txt
  bjchart charts show my-chart.txt --color never`,
		Args: exactlyOne("a chart name or file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.chart = args[0]
			return runChartsShow(cmd.Context(), o)
		},
	}
	enumVar(cmd.Flags(), &o.color, "color", "auto", "colour the chart: %s", "auto", "always", "never")
	enumVar(cmd.Flags(), &o.format, "format", "table", "output format: %s (the chart file format, which diff and the page read)", "table", "chart")
	return cmd
}

func runChartsShow(_ context.Context, o *chartsShowOptions) error {
	useColor, err := colorMode(o.color, o.env)
	if err != nil {
		return err
	}
	c, err := charts.Load(o.chart)
	if err != nil {
		return chartError(err)
	}
	if o.format == "chart" { // as the file reads, never wrapped to the terminal
		return o.write(o.format, false, func(w io.Writer) error { return charts.Format(w, c) })
	}
	// The table: its header wrapped to the terminal, the grids as drawn.
	return o.write(o.format, false, func(w io.Writer) error {
		source := charts.Publication[c.Name]
		if source == "" { // a chart file: its own header
			source = c.Source()
		}
		io.WriteString(w, render.WrapProse(fmt.Sprintf("%s\nrules: %s\nsource: %s\n", c.Title(), c.RulesLine(), source), o.width()))
		for i, kind := range charts.Sections {
			fmt.Fprintf(w, "\n%s\n", strings.ToUpper(kind.String()))
			g := render.Grid{}
			for row, label := range charts.Rows(kind) {
				r := render.GridRow{Label: label}
				for col, code := range c.Cells[i][row] {
					r.Cells[col] = render.GridCell{Text: fmt.Sprintf(" %-3s", code), Action: codeAction(code)}
				}
				g.Rows = append(g.Rows, r)
			}
			if err := g.WriteText(w, useColor); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintln(w, "\n"+render.WrapProse(render.Legend+"\nRpn surrender if late surrender and no DAS, else split  ? not established", o.width()))
		return err
	})
}

// codeAction is the action a printed code leads with, for colouring.
func codeAction(c charts.Code) solve.Action {
	switch c {
	case charts.H:
		return solve.Hit
	case charts.S:
		return solve.Stand
	case charts.Dh, charts.Ds:
		return solve.Double
	case charts.P, charts.Ph, charts.Pd, charts.Ps:
		return solve.Split
	case charts.Rh, charts.Rs, charts.Rp, charts.Rpn:
		return solve.Surrender
	}
	return solve.NoAction
}

// chartFile reads the chart a flag names when it is a file (the command
// line reads files; a request reads the library's names itself): nil for
// "" and the library's names.
func chartFile(name string) (*charts.Chart, error) {
	if name == "" || slices.Contains(charts.Names(), name) {
		return nil, nil
	}
	c, err := charts.Load(name)
	if err != nil {
		return nil, chartError(err)
	}
	return c, nil
}

// chartError marks a chart that cannot be found or read as a usage error.
func chartError(err error) error {
	var re *charts.ReadError
	if errors.As(err, &re) {
		return err // a file that cannot be read: an error (exit 1), not a bad chart
	}
	return usageError{err}
}

// exactlyOne requires one positional argument.
func exactlyOne(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usagef("%s takes %s; got %d arguments", cmd.CommandPath(), what, len(args))
		}
		return nil
	}
}

// colorMode reads a --color value.
func colorMode(mode string, e env) (bool, error) {
	switch mode {
	case "auto":
		return e.colorAuto(e.stdout), nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usagef("--color %q: want auto, always or never", mode)
}
