package draw

import (
	"bjchart/render"
	"fmt"
	"io"
)

// holdemFill are the card's cell colours by shade, white to dark green;
// the darkest takes white text.
var holdemFill = [5][3]int{{255, 255, 255}, {214, 239, 214}, {168, 218, 168}, {104, 186, 112}, {28, 112, 52}}

// HoldemCard writes the Hold'em chart as a printable PDF: opt.Size letter
// or a4 is one page with both grids, the legend and the models; wallet is
// a card of 85.6 x 54 mm, equity in front and push or fold behind, the two
// faces side by side on a sheet of opt.Paper, to cut out and fold.
func HoldemCard(w io.Writer, r render.HoldemReport, opt render.CardOptions) error {
	date := opt.PrintDate()
	page := opt.Size
	if page == "wallet" {
		page = opt.Paper
	}
	format := pageFormat(page)
	if format == "" {
		return fmt.Errorf("holdem card: unknown size %q; want letter, a4 or wallet", opt.Size)
	}
	pdf := newPDF(format, "Texas Hold'em preflop chart", opt.Version, date)
	c := &cardPDF{Fpdf: pdf, version: opt.Version, date: date}
	c.AddPage()
	if opt.Size == "wallet" {
		c.holdemWallet(r)
	} else {
		c.holdemPage(r)
	}
	c.footer()
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("holdem card: %w", err)
	}
	return pdf.Output(w)
}

// holdemGrid draws a metric's 13x13 grid at (x, y), each cell cellW by
// rowH; returns the bottom y.
func (c *cardPDF) holdemGrid(x, y, cellW, rowH, fontSize float64, r render.HoldemReport, metric string) float64 {
	c.SetDrawColor(90, 90, 90)
	c.SetLineWidth(0.1)
	c.SetFont(cardFont, "B", fontSize)
	c.SetFillColor(60, 60, 60)
	c.SetTextColor(255, 255, 255)
	c.SetXY(x, y)
	c.CellFormat(cellW, rowH, "", "1", 0, "C", true, 0, "")
	for _, rank := range render.HoldemRanks {
		c.CellFormat(cellW, rowH, rank, "1", 0, "C", true, 0, "")
	}
	for row := range 13 {
		y += rowH
		c.SetXY(x, y)
		c.SetFont(cardFont, "B", fontSize)
		c.SetFillColor(60, 60, 60)
		c.SetTextColor(255, 255, 255)
		c.CellFormat(cellW, rowH, render.HoldemRanks[row], "1", 0, "C", true, 0, "")
		c.SetFont(cardFont, "", fontSize)
		for col := range 13 {
			cl := r.Classes[row*13+col]
			shade := cl.Shade(metric)
			f := holdemFill[shade]
			c.SetFillColor(f[0], f[1], f[2])
			if shade == 4 {
				c.SetTextColor(255, 255, 255)
			} else {
				c.SetTextColor(0, 0, 0)
			}
			c.CellFormat(cellW, rowH, cl.Cell(metric), "1", 0, "C", true, 0, "")
		}
	}
	c.SetTextColor(0, 0, 0)
	return y + rowH
}

// holdemPage is the one-page card: both grids, one above the other.
func (c *cardPDF) holdemPage(r render.HoldemReport) {
	pw, _ := c.GetPageSize()
	c.heading(12, 12, "Texas Hold'em Preflop Chart", 18)
	c.SetFont(cardFont, "", 9)
	c.SetXY(12, 21)
	c.MultiCell(pw-24, 4, "Pairs on the diagonal; suited hands above it, the row their higher card (AKs: row A, column K); "+
		"offsuit hands below it, the column their higher card (AKo: row K, column A). Darker cells are stronger.", "", "L", false)
	cellW := (pw - 24) / 14
	y := c.GetY() + 2
	for _, m := range []string{"equity", "pushfold"} {
		c.heading(12, y, r.Title(m), 10.5)
		y = c.holdemGrid(12, y+5.5, cellW, 5.6, 8, r, m) + 3
		c.SetFont(cardFont, "", 7.5)
		c.SetXY(12, y)
		text := "Equity: " + r.EquityModel + "."
		if m == "pushfold" {
			text = "Push or fold: " + r.PushFoldModel + ". \"any\": pushing never does worse, however deep."
		}
		c.MultiCell(pw-24, 3.4, text, "", "L", false)
		y = c.GetY() + 4
	}
}

// holdemWallet draws the wallet card's two faces side by side, with the
// instructions and the models below them.
func (c *cardPDF) holdemWallet(r render.HoldemReport) {
	pw, _ := c.GetPageSize()
	x0, y0 := 12.0, 14.0
	c.SetDrawColor(0, 0, 0)
	c.SetLineWidth(0.2)
	c.Rect(x0, y0, 2*walletW, walletH, "D")
	c.SetDashPattern([]float64{1, 1}, 0)
	c.Line(x0+walletW, y0, x0+walletW, y0+walletH) // the fold
	c.SetDashPattern(nil, 0)
	for i, m := range []string{"equity", "pushfold"} {
		x := x0 + float64(i)*walletW
		title := map[string]string{"equity": "Hold'em: equity v one random hand, %", "pushfold": "Push or fold from the SB: max stack, BB"}[m]
		c.SetFont(cardFont, "B", 6.5)
		c.SetXY(x+2, y0+1.5)
		c.CellFormat(walletW-4, 3, title, "", 0, "L", false, 0, "")
		cellW := (walletW - 4) / 14
		c.holdemGrid(x+2, y0+5, cellW, (walletH-7)/14, 5, r, m)
	}
	c.SetFont(cardFont, "", 8)
	c.SetXY(12, y0+walletH+4)
	c.MultiCell(pw-24, 3.8, "Cut along the outline and fold along the dashed line: equity in front, push or fold behind. "+
		"Print at 100% (no scaling): the card is 85.6 x 54 mm. Pairs on the diagonal, suited hands above it "+
		"(AKs: row A, column K), offsuit below (AKo: row K, column A). Equity: "+r.EquityModel+". Push or fold: "+r.PushFoldModel+
		". \"any\": pushing never does worse, however deep.", "", "L", false)
}
