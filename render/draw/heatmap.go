package draw

//go:generate go run ../internal/heatcss ../web/assets/heat.css

import (
	"bjchart/render"
	"bjchart/solve"
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// colourGrid presents a grid's values as colourValue sees them.
type colourGrid struct {
	*render.EVGrid
	opt render.HeatmapOptions
}

func (g colourGrid) Z(c, r int) float64 { return g.opt.ColourValue(g.EVGrid.Z(c, r)) }

// heatmapDPI fixes the PNG resolution, so output does not depend on the machine.
const heatmapDPI = 150

// Heatmap draws grids side by side with one shared colour scale and writes
// the figure in format (png, svg or pdf). Fonts are the embedded Liberation
// fonts of gonum/plot; the PDF carries a fixed creation date.
// An EVGrid is what gonum draws as a heat map.
var _ plotter.GridXYZ = (*render.EVGrid)(nil)

func Heatmap(w io.Writer, format string, grids []*render.EVGrid, opt render.HeatmapOptions) error {
	if len(grids) == 0 {
		return fmt.Errorf("heatmap: no tables")
	}
	sc := opt.ColourScale(grids)
	lo, hi := sc.Lo, sc.Hi
	var pal palette.Palette
	switch {
	case opt.Log:
		cm := moreland.ExtendedBlackBody() // dark for small: close calls stand out
		cm.SetMin(lo)
		cm.SetMax(hi)
		pal = cm.Palette(255)
	case opt.Sequential:
		cm := moreland.ExtendedBlackBody()
		cm.SetMin(lo)
		cm.SetMax(hi)
		pal = reversed{cm.Palette(255)}
	default: // a loss red, a gain blue: players read red as losing
		cm := moreland.SmoothBlueRed()
		cm.SetMin(lo)
		cm.SetMax(hi)
		pal = reversed{cm.Palette(255)}
	}

	// Layout: each table is as wide as ten cells and as tall as its rows,
	// plus room for its title and axes. Tables go in columns, a column
	// holding as many as fit beside the tallest (the hard table beside
	// soft totals above pairs), so the figure has no empty half.
	cell := vg.Length(0.42) * vg.Inch
	const frame = 0.95 * vg.Inch // a table's title and axes
	cols := layoutColumns(grids)
	colH := func(col []*render.EVGrid) vg.Length {
		h := vg.Length(0)
		for _, g := range col {
			h += vg.Length(len(g.Rows))*cell + frame
		}
		return h
	}
	bodyH := vg.Length(0)
	for _, col := range cols {
		bodyH = max(bodyH, colH(col))
	}
	ncols := 0
	for _, g := range grids {
		c, _ := g.Dims()
		ncols = max(ncols, c)
	}
	plotW := vg.Length(ncols)*cell + 1.1*vg.Inch
	barW := 1.1 * vg.Inch
	width := vg.Length(len(cols))*plotW + barW
	noteStyle := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, 10), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
	var noteLines []string
	for _, n := range opt.Notes {
		noteLines = append(noteLines, wrapText(n, func(s string) vg.Length { return noteStyle.Width(s) }, width-0.5*vg.Inch)...)
	}
	lineH := noteStyle.Height("Xg") * 1.25
	notesH := vg.Length(len(noteLines)) * lineH
	if len(noteLines) > 0 {
		notesH += 0.15 * vg.Inch
	}
	height := bodyH + 0.65*vg.Inch + notesH

	canvas, err := figureCanvas(format, width, height)
	if err != nil {
		return fmt.Errorf("heatmap: %v", err)
	}
	dc := draw.New(canvas)
	if format == "pdf" {
		dc = fitPDFPage(canvas, width, height)
	}
	// White background (PNG is transparent otherwise).
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	titleStyle := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, 14), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
	for titleStyle.Width(opt.Title) > width-0.3*vg.Inch && titleStyle.Font.Size > 7 { // never clipped
		titleStyle.Font.Size -= 0.5
	}
	dc.FillText(titleStyle, vg.Point{X: width / 2, Y: height - 0.15*vg.Inch}, opt.Title)

	for i, l := range noteLines {
		dc.FillText(noteStyle, vg.Point{X: 0.25 * vg.Inch, Y: notesH - 0.05*vg.Inch - vg.Length(i)*lineH}, l)
	}
	top := height - 0.5*vg.Inch
	for i, col := range cols {
		y := top
		for _, g := range col {
			p, err := gridPlot(g, pal, sc, opt)
			if err != nil {
				return err
			}
			h := vg.Length(len(g.Rows))*cell + frame
			p.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: vg.Length(i) * plotW, Y: y - h},
				Max: vg.Point{X: vg.Length(i+1) * plotW, Y: y},
			}})
			y -= h
		}
	}
	bar := plot.New()
	bar.HideX()
	bar.Y.Padding = 0
	bar.Y.Label.Text = opt.Scale
	bar.Add(&colorBar{cm: colorMapOf(opt, lo, hi), lo: lo, hi: hi})
	if opt.Log { // ticks at powers of ten, labelled as values
		var ticks []plot.Tick
		for e := math.Ceil(lo); e <= hi; e++ {
			ticks = append(ticks, plot.Tick{Value: e, Label: strconv.FormatFloat(math.Pow(10, e), 'f', -1, 64)})
		}
		bar.Y.Tick.Marker = plot.ConstantTicks(ticks)
	}
	bar.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: width - barW + 0.15*vg.Inch, Y: top - bodyH + 0.5*vg.Inch},
		Max: vg.Point{X: width - 0.1*vg.Inch, Y: top - 0.3*vg.Inch},
	}})
	return writeFigure(w, format, canvas)
}

// writeFigure writes a drawn canvas, an SVG with its fonts' fallbacks.
func writeFigure(w io.Writer, format string, canvas vg.CanvasWriterTo) error {
	if format != "svg" {
		_, err := canvas.WriteTo(w)
		return err
	}
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return err
	}
	_, err := w.Write(svgFontFallbacks(buf.Bytes()))
	return err
}

// pdfDefaults sets fpdf's process-wide defaults for vgpdf's documents, a
// fixed date and sorted catalog (the same bytes from build to build),
// once: set on every heatmap they were a data race when a server drew two
// at once.
var pdfDefaults = sync.OnceFunc(func() {
	fpdf.SetDefaultCreationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	fpdf.SetDefaultModificationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	fpdf.SetDefaultCatalogSort(true)
})

// figureCanvas returns a canvas for a figure of width by height: PNG at
// heatmapDPI, SVG with fonts by name (an embedded font is the whole font
// file, some 550 KB, in every figure), or a PDF page of US letter,
// landscape, with a fixed date (the caller scales the figure to it).
func figureCanvas(format string, width, height vg.Length) (vg.CanvasWriterTo, error) {
	switch format {
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(heatmapDPI))}, nil
	case "svg":
		return vgsvg.NewWith(vgsvg.UseWH(width, height)), nil
	case "pdf":
		pdfDefaults()
		return vgpdf.New(pdfPageW, pdfPageH), nil
	}
	return nil, fmt.Errorf("unknown format %q; want png, svg or pdf", format)
}

// fitPDFPage scales and centres a figure of width by height on a PDF
// canvas's letter page and returns the canvas to draw the figure on.
func fitPDFPage(canvas vg.Canvas, width, height vg.Length) draw.Canvas {
	scale := min(1, (pdfPageW-pdfMargin)/width, (pdfPageH-pdfMargin)/height)
	canvas.Translate(vg.Point{X: (pdfPageW - scale*width) / 2, Y: (pdfPageH - scale*height) / 2})
	canvas.Scale(float64(scale), float64(scale))
	return draw.Canvas{Canvas: canvas, Rectangle: vg.Rectangle{Max: vg.Point{X: width, Y: height}}}
}

// A heatmap's PDF page: US letter, landscape, with a margin.
const (
	pdfPageW  = 11 * vg.Inch
	pdfPageH  = 8.5 * vg.Inch
	pdfMargin = 0.5 * vg.Inch
)

// svgFontFallbacks gives the font an SVG names (by name: embedding would
// add the whole font file to every figure) its metric twins and a generic
// family, so that a viewer without Liberation fonts draws text of the same
// widths and never falls back to a wider default that collides.
func svgFontFallbacks(svg []byte) []byte {
	r := strings.NewReplacer(
		"font-family:Liberation Serif;", "font-family:'Liberation Serif','Times New Roman',Times,serif;",
		"font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;",
	)
	return []byte(r.Replace(string(svg)))
}

// wrapText breaks s into lines no wider than max by width.
func wrapText(s string, width func(string) vg.Length, max vg.Length) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if try := strings.TrimSpace(line + " " + word); line == "" || width(try) <= max {
			line = try
			continue
		}
		lines = append(lines, line)
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// colorBar draws a colour map as a column of filled rectangles from lo at
// the bottom to hi at the top. plotter.ColorBar draws an image instead,
// which vgpdf draws upside down and vgsvg labels with the wrong MIME type
// (most viewers then show nothing); rectangles are plain vector paths in
// every format.
type colorBar struct {
	cm     palette.ColorMap
	lo, hi float64
}

// colorBarSteps is how many bands the bar has: finer than the eye sees.
const colorBarSteps = 256

func (b *colorBar) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, x1 := trX(0), trX(1)
	for i := range colorBarSteps {
		v0 := b.lo + (b.hi-b.lo)*float64(i)/colorBarSteps
		v1 := b.lo + (b.hi-b.lo)*float64(i+1)/colorBarSteps
		col, err := b.cm.At((v0 + v1) / 2)
		if err != nil {
			continue
		}
		y0, y1 := trY(v0), trY(v1)
		c.SetColor(col)
		// A hair of overlap, so no seam shows between bands.
		r := vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x1, Y: min(y1+0.2, trY(b.hi))}}
		c.Fill(r.Path())
	}
}

// DataRange makes the bar span lo..hi.
func (b *colorBar) DataRange() (xmin, xmax, ymin, ymax float64) { return 0, 1, b.lo, b.hi }

// layoutColumns stacks tables into columns: the first (tallest) alone,
// then the others two to a column while two fit beside it.
func layoutColumns(grids []*render.EVGrid) [][]*render.EVGrid {
	var cols [][]*render.EVGrid
	tallest := 0
	for _, g := range grids {
		tallest = max(tallest, len(g.Rows))
	}
	for _, g := range grids {
		if n := len(cols); n > 0 && len(cols[n-1]) == 1 && len(cols[n-1][0].Rows)+len(g.Rows) <= tallest+2 {
			cols[n-1] = append(cols[n-1], g)
			continue
		}
		cols = append(cols, []*render.EVGrid{g})
	}
	return cols
}

// reversed runs a palette backwards (dark for large values).
type reversed struct{ p palette.Palette }

func (r reversed) Colors() []color.Color {
	c := r.p.Colors()
	out := make([]color.Color, len(c))
	for i := range c {
		out[i] = c[len(c)-1-i]
	}
	return out
}

func colorMapOf(opt render.HeatmapOptions, lo, hi float64) palette.ColorMap {
	var cm palette.ColorMap
	switch {
	case opt.Log:
		cm = moreland.ExtendedBlackBody()
	case opt.Sequential:
		cm = reversedMap{moreland.ExtendedBlackBody()}
	default: // a loss red, a gain blue
		cm = reversedMap{moreland.SmoothBlueRed()}
	}
	cm.SetMin(lo)
	cm.SetMax(hi)
	return cm
}

// reversedMap runs a colour map backwards, to match reversed.
type reversedMap struct{ palette.ColorMap }

func (r reversedMap) At(v float64) (color.Color, error) {
	return r.ColorMap.At(r.Max() - (v - r.Min()))
}

// gridPlot draws one table: the heatmap, its values and up-card/row ticks.
func gridPlot(g *render.EVGrid, pal palette.Palette, sc render.HeatScale, opt render.HeatmapOptions) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = cmp.Or(g.Title, strings.ToUpper(g.Kind.String()))
	p.X.Label.Text = cmp.Or(g.XLabel, "dealer's up card")
	p.Y.Label.Text = cmp.Or(g.YLabel, map[solve.TableKind]string{solve.Hard: "hard total", solve.Soft: "soft hand", solve.Pairs: "pair"}[g.Kind])
	p.X.Padding, p.Y.Padding = 0, 0
	var xt, yt []plot.Tick
	cols := g.Cols
	if cols == nil {
		for _, up := range solve.UpCards {
			cols = append(cols, up.String())
		}
	}
	for i, label := range cols {
		xt = append(xt, plot.Tick{Value: float64(i), Label: label})
	}
	for i, label := range g.Rows {
		yt = append(yt, plot.Tick{Value: float64(len(g.Rows) - 1 - i), Label: label})
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	h := plotter.NewHeatMap(colourGrid{g, opt}, pal)
	h.Min, h.Max = sc.Lo, sc.Hi
	h.NaN = color.Gray{Y: 0xe6}
	h.Underflow, h.Overflow = pal.Colors()[0], pal.Colors()[len(pal.Colors())-1]
	p.Add(h)

	var xys plotter.XYs
	var labels []string
	for r, row := range g.Values {
		for c, v := range row {
			code := ""
			if opt.Codes && g.Codes != nil {
				code = g.Codes[r][c]
			}
			var label string
			switch {
			case math.IsNaN(v) && code == "":
				continue
			case math.IsNaN(v): // a grey cell that still says something: "?" not printed
				label = code
			case code != "":
				label = sc.Label(v) + "\n" + code
			default:
				label = sc.Label(v)
			}
			xys = append(xys, plotter.XY{X: float64(c), Y: float64(len(g.Rows) - 1 - r)})
			labels = append(labels, label)
		}
	}
	if len(xys) > 0 {
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Font = font.From(plot.DefaultFont, 7.5)
			l.TextStyle[i].XAlign = draw.XCenter
			l.TextStyle[i].YAlign = draw.YCenter
			l.TextStyle[i].Color = labelColor(g, xys[i], sc)
		}
		p.Add(l)
	}
	return p, nil
}

// labelColor keeps a label readable: white on dark cells, black
// elsewhere (HeatScale.Dark).
func labelColor(g *render.EVGrid, at plotter.XY, sc render.HeatScale) color.Color {
	if sc.Dark(g.Values[len(g.Rows)-1-int(at.Y)][int(at.X)]) {
		return color.White
	}
	return color.Black
}

// PixelsOff counts the pixels of two same-sized images whose channels
// differ by more than tol (of 255), for golden-image tests.
func PixelsOff(a, b image.Image, tol uint32) (n, total int) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			for _, d := range []uint32{absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2), absDiff(a1, a2)} {
				if d>>8 > tol {
					n++
					break
				}
			}
		}
	}
	return n, total
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// heatPalettes names the colour scales a page's cells are shaded on, by
// the class's letter: d diverging (a loss red, a gain blue), s
// sequential, l log (dark for small).
var heatPalettes = []struct {
	letter string
	opt    render.HeatmapOptions
}{{"d", render.HeatmapOptions{}}, {"s", render.HeatmapOptions{Sequential: true}}, {"l", render.HeatmapOptions{Log: true}}}

// HeatCSS is the stylesheet of the page's heatmap cells: a class a bin of
// each scale, its colour the PNG's at the bin's middle ('go generate'
// writes it to render/web/assets/heat.css).
func HeatCSS() string {
	var b strings.Builder
	b.WriteString("/* The heatmap's cells (draw.HeatCSS, written by go generate): the PNG's colour scales in " +
		fmt.Sprint(render.HeatBins) + " bins each. */\n")
	b.WriteString(".hm-none { background: #e6e6e6; }\n.hm-dark { color: #fff; }\n")
	for _, p := range heatPalettes {
		cm := colorMapOf(p.opt, 0, 1)
		for i := range render.HeatBins {
			c, err := cm.At((float64(i) + 0.5) / render.HeatBins)
			if err != nil {
				c = color.Gray{Y: 0xe6}
			}
			r, g, bl, _ := c.RGBA()
			fmt.Fprintf(&b, ".hm-%s%d { background: #%02x%02x%02x; }\n", p.letter, i, r>>8, g>>8, bl>>8)
		}
	}
	return b.String()
}
