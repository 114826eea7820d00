package draw

import (
	"fmt"
	"io"

	"bjchart/render"
	"bjchart/solve/house"
)

// HouseCard writes a printable card for a house game (one page, letter or
// a4 in opt.Size): its rules, the bet for each first card, and the best
// play by card count, each table cut to the totals where the play changes;
// the card laid out by render (HouseReport.CardLayout), painted.
func HouseCard(w io.Writer, s *house.Solution, opt render.CardOptions) error {
	l := render.HouseReport{Solution: s}.CardLayout(opt)
	format := pageFormat(l.Sheet)
	if format == "" {
		return fmt.Errorf("house card: unknown size %q; want letter or a4", l.Sheet)
	}
	pdf := newPDF(format, l.Title, l.Version, l.Date)
	c := &cardPDF{Fpdf: pdf, version: l.Version, date: l.Date}
	c.housePage(l)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("house card: %w", err)
	}
	return pdf.Output(w)
}

func (c *cardPDF) housePage(l *render.HouseCardLayout) {
	c.AddPage()
	pw, _ := c.GetPageSize()
	c.heading(12, 12, "House Game Strategy", 18)
	c.fitFont("B", 11, pw-24, l.Rules)
	c.SetXY(12, 22)
	c.CellFormat(pw-24, 5, l.Rules, "", 0, "L", false, 0, "")
	c.SetFont(cardFont, "", 8.5)
	c.SetXY(12, 27.5)
	c.MultiCell(pw-24, 4, l.RulesWords, "", "L", false)
	y := c.GetY() + 1
	c.SetFont(cardFont, "", 10)
	c.SetXY(12, y)
	c.CellFormat(pw-24, 5, l.Value, "", 0, "L", false, 0, "")
	y += 8

	const labelW, gap = 16.0, 8.0
	colW := (pw - 24 - gap) / 2
	cellW := (colW - labelW) / float64(len(l.Cols))
	if l.Bet != nil {
		c.heading(12, y, "YOUR BET, BY YOUR FIRST CARD", 11)
		c.table(12, y+6, labelW, cellW, 6, 9, 9*0.7, "first card", l.Cols, []gridRow{{"bet", l.Bet}})
		y += 6 + 12 + 5
	}
	// The play: two columns of tables by card count.
	x := [2]float64{12, 12 + colW + gap}
	top := [2]float64{y, y}
	for _, t := range l.Play {
		col := t.Column
		rows := make([]gridRow, len(t.Labels))
		for i := range rows {
			rows[i] = gridRow{t.Labels[i], t.Cells[i]}
		}
		c.heading(x[col], top[col], t.Title, 10)
		top[col] = c.table(x[col], top[col]+5, labelW, cellW, 4.6, 8, 8*0.7, "Dealer's up card", l.Cols, rows) + 5
	}
	y = max(top[0], top[1])
	c.SetFont(cardFont, "", 7.5)
	c.SetXY(12, y)
	c.MultiCell(pw-24, 3.5, l.Note, "", "L", false)
	c.footer()
}
