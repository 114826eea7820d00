package render

import (
	"io"

	"bjchart/solve"
	"bjchart/solve/house"
)

// A Painter draws report values as pictures and printed pages: the PDF
// cards, the heatmaps (PNG, SVG or PDF) and the count plots. Package
// render/draw is bjchart's, on fpdf and gonum/plot; render itself draws
// nothing, so that a face given no painter (the page's core WebAssembly)
// links no drawing library.
type Painter interface {
	// Card writes the strategy card of t (a counter's card, with
	// opt.Indices).
	Card(w io.Writer, t *solve.Table, opt CardOptions) error
	// HouseCard writes the house game's card.
	HouseCard(w io.Writer, s *house.Solution, opt CardOptions) error
	// HoldemCard writes a Hold'em report's card.
	HoldemCard(w io.Writer, r HoldemReport, opt CardOptions) error
	// Heatmap writes grids side by side on one colour scale, in format
	// (one of HeatmapFormats).
	Heatmap(w io.Writer, format string, grids []*EVGrid, opt HeatmapOptions) error
	// CountPlots writes plots one above another on one count axis, in
	// format (one of HeatmapFormats).
	CountPlots(w io.Writer, format string, plots ...CountPlot) error
}
