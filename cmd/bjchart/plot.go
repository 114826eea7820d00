package main

import (
	"bytes"
	"context"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/count"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type plotOptions struct {
	env
	req    compose.PlotRequest
	out    *outputFile
	format string // "": the extension's
}

func newPlotCmd(e env) *cobra.Command {
	o := &plotOptions{env: e, req: compose.DefaultPlotRequest(), out: plotFile("-o")}
	o.out.path, o.out.stdout = "heatmap.png", "png"
	cmd := &cobra.Command{
		Use:   "plot",
		Short: "Draw the EV tables as heatmaps (PNG, SVG or PDF)",
		Long: `Draw a chart's EVs as heatmaps: up cards across, the table's rows down,
one annotated cell per hand and up card, a colour scale centred on zero
(losses blue, gains red) with a colour bar.

More: 'bjchart help cards'.`,
		Example: `  bjchart plot -o heatmap.png
  bjchart plot --rules "6D H17 DAS LS" --table all --codes -o chart.svg
  bjchart plot --rules "6D H17 DAS" --vs "6D S17 DAS" -o h17-cost.png
  bjchart plot --metric margin --table hard -o margins.pdf
  bjchart plot --against thorp-1966-1deck -o thorp.png
  bjchart plot --metric index --count hilo --rules "6D S17 DAS" -o hilo-indices.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runPlot(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	fl.VarP(o.out, "output", "o", "output file; its extension picks the format: .png, .svg or .pdf; - for stdout")
	enumVar(fl, &o.format, "format", "", "%s (default: from the -o extension; png for -o -)", render.HeatmapFormats...)
	for _, f := range count.IndexFields {
		needs(cmd, f, "count", "tags")
	}
	return cmd
}

func runPlot(ctx context.Context, o *plotOptions) error {
	format, err := o.out.check(o.env, o.format)
	if err != nil {
		return err
	}
	if o.req.AgainstChart, err = chartFile(o.req.Against); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	h, err := runJob(ctx, o.env, bar{"sampling shoes", "shoes", []progressbar.Option{progressbar.OptionShowCount()}}, job.Run)
	if err != nil {
		return err
	}
	return o.writeOutput(o.out, func(b *bytes.Buffer) error { return draw.Heatmap(b, format, h.Grids, h.Options) })
}
