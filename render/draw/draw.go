// Package draw paints bjchart's reports: the printable PDF cards (the
// strategy card, the counter's, the house game's and Hold'em's), the EV
// heatmaps and the count plots. It is render.Painter on fpdf and
// gonum/plot; package render keeps what is shown and its text, JSON and
// CSV, and imports neither.
package draw

import (
	"io"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/house"
)

// Painter is the package's drawing as a render.Painter, for a face that
// is given its drawing (the page's server).
type Painter struct{}

var _ render.Painter = Painter{}

func (Painter) Card(w io.Writer, t *solve.Table, opt render.CardOptions) error {
	return Card(w, t, opt)
}

func (Painter) HouseCard(w io.Writer, s *house.Solution, opt render.CardOptions) error {
	return HouseCard(w, s, opt)
}

func (Painter) HoldemCard(w io.Writer, r render.HoldemReport, opt render.CardOptions) error {
	return HoldemCard(w, r, opt)
}

func (Painter) Heatmap(w io.Writer, format string, grids []*render.EVGrid, opt render.HeatmapOptions) error {
	return Heatmap(w, format, grids, opt)
}

func (Painter) CountPlots(w io.Writer, format string, plots ...render.CountPlot) error {
	return CountPlots(w, format, plots...)
}
