package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/count"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type plotOptions struct {
	req    compose.PlotRequest
	out    string
	format string
}

func newPlotCmd(e env) *cobra.Command {
	o := &plotOptions{req: compose.DefaultPlotRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	fl.StringVarP(&o.out, "output", "o", "heatmap.png", "output file; its extension picks the format: .png, .svg or .pdf; - for stdout")
	enumVar(fl, &o.format, "format", "", "%s (default: from the -o extension; png for -o -)", render.HeatmapFormats...)
	for _, f := range count.IndexFields {
		needs(cmd, f, "count", "tags")
	}
	return cmd
}

func (o *plotOptions) run(cmd *cobra.Command, e env) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.out)), ".")
	switch {
	case o.format != "":
		ext := format
		if format = strings.ToLower(o.format); !slices.Contains(render.HeatmapFormats, format) {
			return usagef("--format %q: want png, svg or pdf", o.format)
		}
		if o.out != "-" && slices.Contains(render.HeatmapFormats, ext) && ext != format {
			return usagef("--format %s and -o %q disagree: the file would hold %s under a .%s name; give one of them", format, o.out, strings.ToUpper(format), ext)
		}
	case o.out == "-":
		format = "png"
	case !slices.Contains(render.HeatmapFormats, format):
		return usagef("-o %q: unknown extension %q; want .png, .svg or .pdf", o.out, filepath.Ext(o.out))
	}
	if err := e.checkWritable(o.out); err != nil {
		return err
	}
	var err error
	if o.req.AgainstChart, err = chartFile(o.req.Against); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	var progress func(done, total int64)
	finish := func() {}
	if n := job.Shoes(); n > 0 {
		bar := newProgress(e, int64(n), "sampling shoes", "shoes", progressbar.OptionShowCount())
		progress, finish = bar.SetOf, bar.Finish
	}
	h, err := job.Run(cmd.Context(), progress)
	finish()
	if err != nil {
		return err
	}
	return renderTo(e, o.out, func(b *bytes.Buffer) error { return draw.Heatmap(b, format, h.Grids, h.Options) })
}
