package render

import (
	"fmt"
	"math"
	"strings"

	"bjchart/solve"
	"bjchart/solve/param"
)

// A Metric is the number a heatmap shows in each cell.
type Metric string

const (
	MetricBest      Metric = "best"      // EV of the chart's action
	MetricStand     Metric = "stand"     // EV of standing
	MetricHit       Metric = "hit"       // EV of hitting
	MetricDouble    Metric = "double"    // EV of doubling
	MetricSplit     Metric = "split"     // EV of splitting
	MetricSurrender Metric = "surrender" // EV of surrendering
	MetricMargin    Metric = "margin"    // EV per occurrence the best other action would cost
	MetricGain      Metric = "gain"      // EV of the chart's action minus EV of standing
)

// Metrics lists every metric, in the order help texts show them.
var Metrics = []Metric{MetricBest, MetricStand, MetricHit, MetricDouble, MetricSplit, MetricSurrender, MetricMargin, MetricGain}

// Sequential reports whether the metric is never negative (a one-sided
// colour scale); the others diverge around zero.
func (m Metric) Sequential() bool { return m == MetricMargin }

// An EVGrid is one chart table as a grid of values (its methods are gonum's plotter.GridXYZ, which render/draw paints): columns are the up
// cards 2..9, T, A (x = 0..9), rows the table's rows with the first chart
// row at the top (y = rows-1 .. 0). Cells with no value are NaN.
type EVGrid struct {
	Kind   solve.TableKind
	Rows   []string    // labels, top to bottom
	Values [][]float64 // [row][column], top to bottom
	Codes  [][]string  // the chart action in each cell, for annotation ("" for none)

	// Cols labels the columns when they are not the up cards 2..9, T, A;
	// Title, XLabel and YLabel, when set, replace the chart table's.
	Cols                  []string
	Title, XLabel, YLabel string
}

// Dims returns the number of columns (10 up cards, or Cols) and rows.
func (g *EVGrid) Dims() (c, r int) {
	if g.Cols != nil {
		return len(g.Cols), len(g.Rows)
	}
	return len(solve.UpCards), len(g.Rows)
}

// Z returns the value of column c, row r counted from the bottom.
func (g *EVGrid) Z(c, r int) float64 { return g.Values[len(g.Rows)-1-r][c] }

// X returns the coordinate of column c.
func (g *EVGrid) X(c int) float64 { return float64(c) }

// Y returns the coordinate of row r counted from the bottom.
func (g *EVGrid) Y(r int) float64 { return float64(r) }

// newGrid builds a grid of a table's chart rows with value giving each
// cell's number (NaN for none) and the table's codes for annotation.
func newGrid(t *solve.Table, kind solve.TableKind, value func(c *solve.Cell) float64) *EVGrid {
	g := &EVGrid{Kind: kind, Rows: chartRows[kind]}
	for _, hand := range g.Rows {
		vals := make([]float64, len(solve.UpCards))
		codes := make([]string, len(solve.UpCards))
		for i, up := range solve.UpCards {
			c := t.Cell(kind, hand, up)
			vals[i], codes[i] = value(c), c.Code.String()
			if c.Impossible { // the shoe cannot deal it: no value, no play
				vals[i], codes[i] = math.NaN(), ""
			}
		}
		g.Values = append(g.Values, vals)
		g.Codes = append(g.Codes, codes)
	}
	return g
}

// MetricGrid returns a table's cells under a metric.
func MetricGrid(t *solve.Table, kind solve.TableKind, m Metric) (*EVGrid, error) {
	action := map[Metric]solve.Action{MetricStand: solve.Stand, MetricHit: solve.Hit, MetricDouble: solve.Double,
		MetricSplit: solve.Split, MetricSurrender: solve.Surrender}
	var value func(c *solve.Cell) float64
	switch m {
	case MetricBest:
		value = func(c *solve.Cell) float64 { return c.EV[c.Code.Best] }
	case MetricMargin:
		value = func(c *solve.Cell) float64 {
			if m := CellMargin(c); m != nil {
				return *m
			}
			return math.NaN() // no hand decides here: drawn as no value
		}
	case MetricGain:
		value = func(c *solve.Cell) float64 { return c.EV[c.Code.Best] - c.EV[solve.Stand] }
	default:
		a, ok := action[m]
		if !ok {
			return nil, fmt.Errorf("unknown metric %q; want one of %s", m, metricNames())
		}
		value = func(c *solve.Cell) float64 {
			if !c.Legal[a] {
				return math.NaN()
			}
			return c.EV[a]
		}
	}
	return newGrid(t, kind, value), nil
}

// MetricTitle names what a metric's heatmap shows.
func MetricTitle(m Metric) string {
	return map[Metric]string{
		MetricBest: "EV of the best play", MetricStand: "EV of standing", MetricHit: "EV of hitting",
		MetricDouble: "EV of doubling", MetricSplit: "EV of splitting", MetricSurrender: "EV of surrendering",
		MetricMargin: "margin (EV the next best play would cost)", MetricGain: "gain over standing",
	}[m]
}

// chartHeatmap returns the grids of a table's kinds under a metric and the
// figure's options (title, scale, notes on the values' conditioning, the
// grey cells and, with codes, the codes): what 'bjchart plot' draws.
func chartHeatmap(t *solve.Table, kinds []solve.TableKind, m Metric, codes bool) ([]*EVGrid, HeatmapOptions, error) {
	opt := HeatmapOptions{Codes: codes, Scale: "EV (fraction of the initial bet)", Sequential: m.Sequential(),
		Title: fmt.Sprintf("%s: %s", t.Rules, MetricTitle(m))}
	if m == MetricMargin {
		opt.Log, opt.Scale = true, "margin (EV per occurrence, log scale)"
	}
	grey := "Grey: no value (the action is not allowed there by these rules)."
	if m == MetricMargin {
		grey = "Grey: no hand is decided at that cell."
	}
	opt.Notes = []string{t.Conditioning.Describe() + ". " + grey}
	if codes {
		opt.Notes = append(opt.Notes, "Each cell: the value, then the chart's play. "+codesNote)
	}
	var grids []*EVGrid
	for _, k := range kinds {
		g, err := MetricGrid(t, k, m)
		if err != nil {
			return nil, opt, err
		}
		grids = append(grids, g)
	}
	for _, g := range grids {
		for _, row := range g.Values {
			for _, v := range row {
				if !math.IsNaN(v) {
					return grids, opt, nil
				}
			}
		}
	}
	return nil, opt, &param.Error{Name: "metric", Input: string(m),
		Problem: fmt.Sprintf("no cell of the tables asked for has a value under %s (is the action allowed by these rules?)", t.Rules)}
}

func metricNames() string {
	var s []string
	for _, m := range Metrics {
		s = append(s, string(m))
	}
	return strings.Join(s, ", ")
}

// HeatmapOptions configure a heatmap figure.
type HeatmapOptions struct {
	Title string // figure title
	Scale string // colour bar label
	// Sequential uses a one-sided colour scale from zero; otherwise the
	// scale diverges around zero (losses and gains apart).
	Sequential bool
	// Codes prints each cell's chart action under its value.
	Codes bool
	// Log colours by the logarithm of the value, from logFloor up, dark
	// for small values: for margins, where the close calls (0.003, 0.008)
	// are what a reader looks for and 1.3 would wash them out.
	Log bool
	// Center, on a diverging scale, is the value it diverges from (0 by
	// default: an EV); where it is not 0 the values are shown as they are,
	// unsigned (an equity around 1/2).
	Center float64
	// Notes are printed under the tables, one paragraph each: what the
	// codes, the grey cells and the numbers in a cell mean, and what the
	// values are conditioned on.
	Notes []string
}

// codesNote explains the chart codes a heatmap's cells print.
const codesNote = "Codes: H hit, S stand, Dh/Ds double, else hit/stand, P split, Ph/Pd/Ps split if doubling after a split " +
	"is allowed, else hit/double/stand, Rh/Rs/Rp surrender, else hit/stand/split."

// logFloor is the smallest value a log scale tells apart: margins below
// it take the darkest colour.
const logFloor = 1e-4

// ColourValue is what a cell's colour stands for.
func (o HeatmapOptions) ColourValue(v float64) float64 {
	if !o.Log || math.IsNaN(v) {
		return v
	}
	return math.Log10(max(v, logFloor))
}

// Heatmap formats, by extension.
var HeatmapFormats = []string{"png", "svg", "pdf"}

// A HeatScale is a heatmap's colour scale, laid out once for its grids
// (HeatmapOptions.ColourScale): the span of colour values it covers, and
// how a cell's value is printed and coloured on it. The page's cells and
// the drawn figure read their cells from it alike.
type HeatScale struct {
	Lo, Hi float64 // the colour values the scale spans
	opt    HeatmapOptions
}

// ColourScale lays out the colour scale of a figure of grids: its
// scaleRange, on a log scale in powers of ten from logFloor.
func (o HeatmapOptions) ColourScale(grids []*EVGrid) HeatScale {
	lo, hi := scaleRange(grids, o.Sequential, o.Center)
	if o.Log {
		lo, hi = math.Log10(logFloor), max(math.Log10(hi), math.Log10(logFloor)+1)
	}
	return HeatScale{Lo: lo, Hi: hi, opt: o}
}

// signed reports whether the scale's values print with their sign: on a
// diverging scale around 0.
func (s HeatScale) signed() bool { return !s.opt.Sequential && s.opt.Center == 0 }

// Label formats a cell's value as the scale prints it (cellLabel).
func (s HeatScale) Label(v float64) string { return cellLabel(v, s.signed()) }

// cellLabel formats a cell's value: signed on a diverging scale, with a
// fourth decimal where three would round a non-zero value to 0.000, and
// never as -0.000.
func cellLabel(v float64, signed bool) string {
	format := "%.3f"
	if math.Abs(v) < 0.0005 && v != 0 {
		format = "%.4f"
	}
	if signed {
		format = "%+" + format[1:]
	}
	s := fmt.Sprintf(format, v)
	if strings.Trim(s, "+-0.") == "" { // zero to the digits shown
		s = strings.TrimLeft(s, "+-")
	}
	return s
}

// scaleRange returns the colour scale: symmetric around center for a
// diverging scale, from zero for a sequential one.
func scaleRange(grids []*EVGrid, sequential bool, center float64) (lo, hi float64) {
	if sequential {
		center = 0
	}
	m := 0.0
	for _, g := range grids {
		for _, row := range g.Values {
			for _, v := range row {
				if !math.IsNaN(v) && !math.IsInf(v, 0) {
					m = max(m, math.Abs(v-center))
				}
			}
		}
	}
	if m == 0 {
		m = 1e-3
	}
	if sequential {
		return 0, m
	}
	return center - m, center + m
}

// Dark reports whether a cell of value raw is dark enough to take white
// text: both ends of a diverging scale, the top of a sequential one, the
// bottom of a log one; never the light grey of no value.
func (s HeatScale) Dark(raw float64) bool {
	if math.IsNaN(raw) {
		return false
	}
	opt, lo, hi := s.opt, s.Lo, s.Hi
	v := opt.ColourValue(raw)
	switch {
	case opt.Log: // dark at the bottom of the scale
		return v < lo+0.55*(hi-lo)
	case opt.Sequential:
		return v > lo+0.7*(hi-lo)
	}
	return math.Abs(v-(lo+hi)/2) > 0.6*(hi-lo)/2
}
