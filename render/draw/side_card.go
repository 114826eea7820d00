package draw

import (
	"fmt"
	"io"
	"time"

	"bjchart/render"
)

// SideCard writes a game's side-bet card as a one-page PDF: the game,
// one row a bet (its pay table, house edge, count and trigger) and the
// notes, on paper (Letter or A4), dated date.
func SideCard(w io.Writer, sc render.SideCard, paper, version string, date time.Time) error {
	pdf := newPDF(pageFormat(paper), sc.Title+": "+sc.Game, version, date)
	pdf.AddPage()
	pw, ph := pdf.GetPageSize()
	pdf.SetFont(cardFont, "B", 18)
	pdf.SetXY(12, 12)
	pdf.CellFormat(0, 8, sc.Title, "", 0, "L", false, 0, "")
	pdf.SetFont(cardFont, "B", 11)
	pdf.SetXY(12, 22)
	pdf.CellFormat(pw-24, 5, sc.Game, "", 0, "L", false, 0, "")
	// The columns' widths, in mm: the bet, its pay table, the edge, the
	// tags, the trigger, the share and its edge.
	widths := []float64{28, 40, 18, 36, 22, 20, 20}
	total := 0.0
	for _, x := range widths {
		total += x
	}
	for i := range widths {
		widths[i] *= (pw - 24) / total
	}
	y := 32.0
	row := func(cells []string, bold, shade bool) {
		pdf.SetFont(cardFont, map[bool]string{true: "B", false: ""}[bold], 8.5)
		if shade {
			pdf.SetFillColor(238, 238, 238)
		}
		x := 12.0
		for i, c := range cells {
			pdf.SetXY(x, y)
			align := "L"
			if i >= 2 && i != 3 {
				align = "R"
			}
			pdf.CellFormat(widths[i], 6.5, c, "1", 0, align, shade, 0, "")
			x += widths[i]
		}
		y += 6.5
	}
	row(sc.Table.Header, true, true)
	for _, r := range sc.Table.Rows {
		row(r, false, false)
	}
	pdf.SetFont(cardFont, "", 8.5)
	y += 4
	for _, n := range sc.Notes {
		pdf.SetXY(12, y)
		pdf.MultiCell(pw-24, 4, n, "", "L", false)
		y = pdf.GetY() + 2
	}
	pdf.SetFont(cardFont, "", 7)
	pdf.SetTextColor(90, 90, 90)
	pdf.SetXY(12, ph-12)
	pdf.CellFormat(pw-24, 4, fmt.Sprintf("bjchart %s - exact side-bet values - %s", version, date.Format("2006-01-02")), "", 0, "C", false, 0, "")
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("side card: %w", err)
	}
	return pdf.Output(w)
}
