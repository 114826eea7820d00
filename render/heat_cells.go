package render

import (
	"fmt"
	"html/template"
	"math"
	"strings"

	"bjchart/solve"
)

// HeatBins is how many colours of its scale a page's heatmap cell takes:
// finer than two cells side by side can be told apart. The classes are
// heat.css's (HeatCSS), so that a page needs no inline style.
const HeatBins = 24

// A HeatPage is a chart's heatmap as a page draws it: the tables of
// cells, each shaded by the metric on the PNG's colour scale, the legend
// and the notes the PNG prints under it.
type HeatPage struct {
	Title  string
	Grids  []heatGrid
	Scale  string     // what the colours stand for
	Legend []heatCell // the scale's colours, low to high, each labelled
	Notes  []string
}

// A heatGrid is one table of a HeatPage: a row a chart row, a cell an
// up card.
type heatGrid struct {
	Caption string
	Cols    []string
	Rows    []string
	Cells   [][]heatCell // [row][column]
}

// BodyHTML returns the grid's rows as the page's table body has them:
// each cell's colour, its title (the cell and its value in full), the
// value long and short and the chart's play. Built here rather than by
// the page's template, whose reflection over every cell was most of a
// page's time in the browser's WebAssembly.
func (g heatGrid) BodyHTML() template.HTML {
	b := make([]byte, 0, 400*len(g.Cells)*len(g.Cols))
	for i, row := range g.Cells {
		b = append(b, "<tr><th>"...)
		b = AppendHTMLEscaped(b, g.Rows[i])
		b = append(b, "</th>"...)
		for j, c := range row {
			b = append(b, `<td class="`...)
			b = AppendHTMLEscaped(b, c.Class)
			if c.Dark {
				b = append(b, " hm-dark"...)
			}
			b = append(b, `" tabindex="0" title="`...)
			b = AppendHTMLEscaped(b, g.Caption)
			b = append(b, ' ')
			b = AppendHTMLEscaped(b, g.Rows[i])
			b = append(b, " v "...)
			b = AppendHTMLEscaped(b, g.Cols[j])
			b = append(b, ": "...)
			if c.Text != "" {
				b = AppendHTMLEscaped(b, c.Text)
			} else {
				b = append(b, "no value"...)
			}
			if c.Code != "" {
				b = append(b, ", the chart plays "...)
				b = AppendHTMLEscaped(b, c.Code)
			}
			b = append(b, `"><span class="v-long">`...)
			b = AppendHTMLEscaped(b, c.Text)
			b = append(b, `</span><span class="v-short">`...)
			b = AppendHTMLEscaped(b, c.Short)
			b = append(b, `</span><br><span class="code">`...)
			b = AppendHTMLEscaped(b, c.Code)
			b = append(b, "</span></td>"...)
		}
		b = append(b, "</tr>"...)
	}
	return template.HTML(b)
}

// A heatCell is one shaded cell: its value as the PNG prints it, a short
// form for a phone's narrow cell, the chart's play, and its colour.
type heatCell struct {
	Text  string // "+0.123" ("" where there is no value)
	Short string // "+.12"
	Code  string // the chart's play ("" for none)
	Class string // its colour, a class of HeatCSS: "hm-d7"; "hm-none" for no value
	Dark  bool   // white text
}

// NewHeatPage lays out a table's heatmap under a metric: the values and
// colours of 'bjchart plot --metric M --codes', every table.
func NewHeatPage(t *solve.Table, m Metric) (HeatPage, error) {
	grids, opt, err := chartHeatmap(t, []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs}, m, true)
	if err != nil {
		return HeatPage{}, err
	}
	sc := opt.ColourScale(grids)
	lo, hi, signed := sc.Lo, sc.Hi, sc.signed()
	page := HeatPage{Title: opt.Title, Scale: opt.Scale, Notes: opt.Notes}
	cell := func(v float64, code string) heatCell {
		c := heatCell{Code: code, Class: "hm-none"}
		if math.IsNaN(v) {
			return c
		}
		c.Text, c.Short, c.Dark = sc.Label(v), shortLabel(v, signed), sc.Dark(v)
		c.Class = heatClass(opt, opt.ColourValue(v), lo, hi)
		return c
	}
	for _, g := range grids {
		hg := heatGrid{Caption: strings.ToUpper(g.Kind.String()), Rows: g.Rows}
		for _, up := range solve.UpCards {
			hg.Cols = append(hg.Cols, up.String())
		}
		for r, row := range g.Values {
			cells := make([]heatCell, len(row))
			for c, v := range row {
				cells[c] = cell(v, g.Codes[r][c])
			}
			hg.Cells = append(hg.Cells, cells)
		}
		page.Grids = append(page.Grids, hg)
	}
	if opt.Log { // the powers of ten, as the PNG's bar labels them
		for e := math.Ceil(lo); e <= hi; e++ {
			v := math.Pow(10, e)
			page.Legend = append(page.Legend, heatCell{Text: fmt.Sprint(v), Short: fmt.Sprint(v),
				Class: heatClass(opt, e, lo, hi), Dark: sc.Dark(v)})
		}
		return page, nil
	}
	for i := range 5 {
		v := lo + (hi-lo)*float64(i)/4
		page.Legend = append(page.Legend, cell(v, ""))
	}
	return page, nil
}

// shortLabel is a value in the width of four or five characters: two
// decimals without the leading zero ("+.12", "-1.05").
func shortLabel(v float64, signed bool) string {
	s := fmt.Sprintf("%.2f", v)
	if signed {
		s = fmt.Sprintf("%+.2f", v)
	}
	if strings.Trim(s, "+-0.") == "" { // zero to the digits shown
		return ".00"
	}
	for _, lead := range []string{"+0.", "-0.", "0."} {
		if rest, ok := strings.CutPrefix(s, lead); ok {
			return strings.TrimSuffix(lead, "0.") + "." + rest
		}
	}
	return s
}

// heatClass is the class of a colour value v on the scale lo..hi.
func heatClass(opt HeatmapOptions, v, lo, hi float64) string {
	letter := "d"
	switch {
	case opt.Log:
		letter = "l"
	case opt.Sequential:
		letter = "s"
	}
	bin := 0
	if hi > lo {
		bin = int(math.Floor((v - lo) / (hi - lo) * HeatBins))
	}
	return fmt.Sprintf("hm-%s%d", letter, min(max(bin, 0), HeatBins-1))
}
