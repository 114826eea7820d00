package render

import (
	"fmt"
	"math"
	"strings"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/count"
)

// A Heatmap is a figure laid out: its tables and options, for
// Painter.Heatmap.
type Heatmap struct {
	Grids   []*EVGrid
	Options HeatmapOptions
}

// NewMetricHeatmap lays out a metric of a solved table's kinds: the grids
// and the figure's options (title, scale, notes on the values'
// conditioning, the grey cells and, with codes, the codes), what
// 'bjchart plot' draws. It fails, naming the field metric, where no cell
// has a value.
func NewMetricHeatmap(t *solve.Table, kinds []solve.TableKind, m Metric, codes bool) (Heatmap, error) {
	grids, opt, err := chartHeatmap(t, kinds, m, codes)
	return Heatmap{grids, opt}, err
}

// NewAgainstHeatmap lays out what following a published chart costs: only the
// cells where it differs carry a value and a label, "published→solution"
// (two cards) or "3+: H→S" (the play of three or more cards); the rest
// stay quiet. A cell that differs both ways shows the sum of the two
// costs.
func NewAgainstHeatmap(d *charts.Diff, kinds []solve.TableKind) Heatmap {
	diffs := map[charts.CellRef][]charts.Difference{}
	for _, x := range d.Differences {
		ref := charts.CellRef{Table: x.Table, Hand: x.Hand, Up: x.Up}
		diffs[ref] = append(diffs[ref], x)
	}
	var grids []*EVGrid
	for _, k := range kinds {
		g := newGrid(d.Solved, k, func(c *solve.Cell) float64 {
			xs, ok := diffs[charts.CellRef{Table: c.Table, Hand: c.Hand, Up: c.Up}]
			if !ok {
				return math.NaN()
			}
			cost := 0.0
			for _, x := range xs {
				cost += math.Max(0, x.Cost)
			}
			return cost
		})
		for r, hand := range g.Rows {
			for i, up := range solve.UpCards {
				var labels []string
				for _, x := range diffs[charts.CellRef{Table: k, Hand: hand, Up: up}] {
					if x.ThreeCard {
						labels = append(labels, "3+: "+x.Published.MultiCard.Letter()+"→"+x.Solver.MultiCard.Letter())
					} else {
						labels = append(labels, x.Printed+"→"+x.Solver.Code.String())
					}
				}
				g.Codes[r][i] = strings.Join(labels, "\n")
				if d.IsUnknown(charts.CellRef{Table: k, Hand: hand, Up: up}) {
					g.Codes[r][i] = "?"
				}
			}
		}
		grids = append(grids, g)
	}
	opt := HeatmapOptions{Sequential: true, Codes: true,
		Scale: "EV given up per decision (fraction of the initial bet)",
		Title: fmt.Sprintf("Cost of following %s (%s): published→solution where they differ", d.Chart.Name, d.Solved.Rules),
		Notes: []string{
			"Each coloured cell: the EV the published play gives up per decision there, then published→solution; " +
				"3+: the play of hands of three or more cards (the chart's row play read for them). " +
				"Grey: the published chart plays as the solution does; grey with ?: the chart prints no play there (unknown). " + d.Solved.Conditioning.Describe() + ".",
			codesNote,
		}}
	return Heatmap{grids, opt}
}

// NewIndexHeatmap lays out a count's indices per table: each cell's index
// nearest zero, labelled with its rounding and the letter of the play
// taken at or above it.
func NewIndexHeatmap(t *solve.Table, rep *IndicesReport, kinds []solve.TableKind) Heatmap {
	type mark struct {
		index float64
		label string
	}
	marks := map[CellKey]mark{}
	insurance := ""
	for _, x := range rep.Indices {
		if x.Index == nil || x.MultiCard { // a cell shows the two-card play
			continue
		}
		if x.Table == "insurance" {
			insurance = fmt.Sprintf("; insure at %+d", *x.Rounded)
			continue
		}
		up, _ := solve.ParseRank(x.Up)
		k := CellKey{Table: count.RowKind(x.Hand), Hand: x.Hand, Up: up}
		if m, ok := marks[k]; !ok || math.Abs(*x.Index) < math.Abs(m.index) {
			label := fmt.Sprintf("%+d%s", *x.Rounded, playLetter(x.Play))
			if !x.Settled() { // as the card marks it
				label = "~" + label
			}
			marks[k] = mark{*x.Index, label}
		}
	}
	var grids []*EVGrid
	for _, k := range kinds {
		g := newGrid(t, k, func(c *solve.Cell) float64 {
			if m, ok := marks[CellKey{Table: c.Table, Hand: c.Hand, Up: c.Up}]; ok {
				return m.index
			}
			return math.NaN()
		})
		for r, hand := range g.Rows {
			for i, up := range solve.UpCards {
				g.Codes[r][i] = marks[CellKey{Table: k, Hand: hand, Up: up}].label
			}
		}
		grids = append(grids, g)
	}
	reading := "true count"
	if !rep.Balanced {
		reading = "running count"
	}
	opt := HeatmapOptions{Codes: true, Scale: "index (" + reading + ")",
		Title: fmt.Sprintf("%s, %s: index plays (play at or above the index%s)", t.Rules, rep.Count, insurance),
		Notes: []string{
			"Each cell: the exact crossing (the " + reading + " where the play's gain crosses zero, which the colour shows), " +
				"then the index as memorised (" + rep.Rounding + ") and the play taken at or above it: " +
				"S stand, H hit, D double, P split, R surrender. A cell with two indices shows the one nearest 0.",
			"Grey: no index; the basic chart's play at every count sampled.",
		}}
	for _, x := range rep.Indices {
		if x.Index != nil && !x.MultiCard && x.Table != "insurance" && !x.Settled() {
			opt.Notes = append(opt.Notes, "~: these shoes do not settle the integer (its 95% interval rounds to more than one; another seed may print another).")
			break
		}
	}
	return Heatmap{grids, opt}
}
