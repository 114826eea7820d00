package draw

import (
	"bjchart/render"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CountPlot writes the plot in format (png at 150 dpi, svg, or pdf on a
// letter page), 10 x 6 inches, its x axis reaching a count beyond the first and last so that
// no interval is cut at the edge.
func CountPlot(w io.Writer, format string, cp render.CountPlot) error {
	return CountPlots(w, format, cp)
}

// CountPlots writes plots one above the other on a shared count axis
// (each with its own y axis and unit), 10 inches wide and 6 a plot but
// the first 4 for each further one.
func CountPlots(w io.Writer, format string, cps ...render.CountPlot) error {
	var plots [][]*plot.Plot
	lo, hi := math.Inf(1), math.Inf(-1) // the counts of every plot: one axis for all
	for _, cp := range cps {
		p, err := countPlot(cp)
		if err != nil {
			return err
		}
		plots = append(plots, []*plot.Plot{p})
		lo, hi = min(lo, p.X.Min), max(hi, p.X.Max)
	}
	for _, row := range plots {
		countAxis(row[0], lo, hi)
	}
	width, height := 10*vg.Inch, 6*vg.Inch+vg.Length(len(cps)-1)*4*vg.Inch
	canvas, err := figureCanvas(format, width, height)
	if err != nil {
		return fmt.Errorf("count plot: %v", err)
	}
	dc := draw.New(canvas)
	if format == "pdf" {
		dc = fitPDFPage(canvas, width, height)
	}
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	dc = draw.Crop(dc, 0.15*vg.Inch, -0.25*vg.Inch, 0.1*vg.Inch, -0.15*vg.Inch) // a margin all round
	if len(plots) == 1 {
		plots[0][0].Draw(dc)
		return writeFigure(w, format, canvas)
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadY: 0.3 * vg.Inch}
	for i, row := range plot.Align(plots, tiles, dc) {
		plots[i][0].Draw(row[0])
	}
	return writeFigure(w, format, canvas)
}

// countPlot lays one plot out: its points with their intervals, a line at
// zero, every count ticked.
func countPlot(cp render.CountPlot) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = cp.Title, cp.XLabel, cp.YLabel
	var pts plotter.XYs
	var errs plotter.YErrors
	lo, hi := 0.0, 0.0
	for _, pt := range cp.Points {
		pts = append(pts, plotter.XY{X: float64(pt.Count), Y: pt.Value})
		errs = append(errs, struct{ Low, High float64 }{pt.HalfWidth, pt.HalfWidth})
		lo, hi = min(lo, pt.Value-pt.HalfWidth), max(hi, pt.Value+pt.HalfWidth)
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("count plot: no points")
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color = color.Gray{Y: 0x99}
	p.Add(plotter.NewGrid(), zero, eb, sc)
	first, last := slices.MinFunc(pts, byX), slices.MaxFunc(pts, byX)
	countAxis(p, first.X-1, last.X+1)
	pad := (hi - lo) * 0.05
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	return p, nil
}

// countAxis sets a plot's count axis from lo to hi, every count ticked.
func countAxis(p *plot.Plot, lo, hi float64) {
	p.X.Min, p.X.Max = lo, hi
	var ticks []plot.Tick
	for c := int(lo); c <= int(hi); c++ {
		ticks = append(ticks, plot.Tick{Value: float64(c), Label: fmt.Sprintf("%+d", c)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
}

func byX(a, b plotter.XY) int {
	switch {
	case a.X < b.X:
		return -1
	case a.X > b.X:
		return 1
	}
	return 0
}
