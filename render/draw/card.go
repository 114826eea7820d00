package draw

import (
	"bjchart/render"
	"bjchart/solve"
	"cmp"
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"
)

// pageFormat is fpdf's name of a sheet ("" for one it does not know), the
// default sheet for "".
func pageFormat(page string) string {
	return map[string]string{"letter": "Letter", "a4": "A4", "": "Letter"}[cmp.Or(page, render.DefaultPaper)]
}

// twoLines is the height of a row whose cells hold two lines of a size
// (in points), with a little leading; in mm.
func twoLines(size float64) float64 { return 2 * size * 0.3528 * 1.15 }

// Card writes a printable strategy card as a PDF: the card of t laid out
// by render (NewCardLayout), painted.
func Card(w io.Writer, t *solve.Table, opt render.CardOptions) error {
	l := render.NewCardLayout(t, opt)
	format := pageFormat(l.Sheet)
	if l.Sheet == "" || format == "" {
		return fmt.Errorf("card: unknown size %q; want letter, a4 or wallet", l.Size)
	}
	pdf := newPDF(format, l.Title, l.Version, l.Date)
	c := &cardPDF{Fpdf: pdf, l: l, version: l.Version, date: l.Date}
	if l.Wallet {
		c.wallet()
	} else {
		c.page()
		if l.Index != nil {
			c.indexPage()
		}
	}
	for _, e := range l.EV {
		c.evPage(e)
	}
	if l.Dealer != nil {
		c.dealerPage(l.Dealer)
	}
	if l.Diff != nil {
		c.diffPage()
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("card: %w", err)
	}
	return pdf.Output(w)
}

// newPDF starts a portrait PDF in mm on paper format ("Letter", "A4")
// whose bytes depend only on what is drawn and on date: fixed dates,
// sorted catalog, compressed streams.
func newPDF(format, title, version string, date time.Time) *fpdf.Fpdf {
	pdf := fpdf.New("P", "mm", format, "")
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetTitle(title, false)
	pdf.SetCreator("bjchart "+version, false)
	pdf.SetProducer("bjchart", false)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(12, 12, 12)
	// Embed the font: with PDF's unembedded Helvetica a viewer drew
	// another font at Helvetica's widths ("Rh" read as "R h"). Liberation
	// Sans has Helvetica's metrics, so the layout is unchanged.
	pdf.AddUTF8FontFromBytes(cardFont, "", liberationsansregular.TTF)
	pdf.AddUTF8FontFromBytes(cardFont, "B", liberationsansbold.TTF)
	return pdf
}

// cardFont is the family every PDF page is set in, embedded by newPDF.
const cardFont = "LiberationSans"

// cardPDF paints a card: l, the strategy card's layout (nil on the house
// and Hold'em cards), with version and date in its footer.
type cardPDF struct {
	*fpdf.Fpdf
	l       *render.CardLayout
	version string
	date    time.Time
	corner  string // the next grid's corner label (axisLabels)
}

// fill sets a cell's colours.
func (c *cardPDF) fill(cell render.CardCell) {
	c.SetFillColor(cell.Fill[0], cell.Fill[1], cell.Fill[2])
	c.SetTextColor(cell.Ink[0], cell.Ink[1], cell.Ink[2])
}

// grid draws a table of rows at (x, y) with the given label and cell
// widths and row height, its up-card header first; returns the bottom y.
func (c *cardPDF) grid(x, y, labelW, cellW, rowH, fontSize float64, rows []render.CardRow) float64 {
	cols := make([]string, len(solve.UpCards))
	for i, up := range solve.UpCards {
		cols[i] = up.String()
	}
	body := make([]gridRow, len(rows))
	for i := range rows {
		body[i] = gridRow{rows[i].Label, rows[i].Cells[:]}
	}
	corner := c.corner
	c.corner = ""
	return c.table(x, y, labelW, cellW, rowH, fontSize, 7, corner, cols, body) // 7 pt: the smallest a card prints
}

// gridRow is a printed row of any width: a label and its cells.
type gridRow struct {
	label string
	cells []render.CardCell
}

// tall says whether a row has a cell of two lines.
func (r gridRow) tall() bool {
	for _, c := range r.cells {
		if c.Second != "" {
			return true
		}
	}
	return false
}

// table draws rows under a header of column labels, with corner (in at
// most cornerSize points, less if it must fit) over the row labels;
// returns the bottom y.
func (c *cardPDF) table(x, y, labelW, cellW, rowH, fontSize, cornerSize float64, corner string, cols []string, rows []gridRow) float64 {
	c.SetDrawColor(90, 90, 90)
	c.SetLineWidth(0.15)
	c.SetFont(cardFont, "B", fontSize)
	c.SetFillColor(60, 60, 60)
	c.SetTextColor(255, 255, 255)
	c.SetXY(x, y)
	if corner != "" {
		c.fitFont("", cornerSize, labelW-1, corner)
	}
	c.CellFormat(labelW, rowH, corner, "1", 0, "C", true, 0, "")
	c.SetFont(cardFont, "B", fontSize)
	for _, col := range cols {
		c.CellFormat(cellW, rowH, col, "1", 0, "C", true, 0, "")
	}
	y += rowH
	for _, r := range rows {
		rh := rowH
		if r.tall() {
			rh = max(rowH, twoLines(fontSize))
		}
		c.SetXY(x, y)
		c.SetFillColor(60, 60, 60)
		c.SetTextColor(255, 255, 255)
		c.CellFormat(labelW, rh, r.label, "1", 0, "C", true, 0, "")
		for _, cell := range r.cells {
			c.fill(cell)
			if cell.Faint {
				c.SetFillColor(255, 255, 255)
				c.SetTextColor(150, 150, 150)
				c.SetFont(cardFont, "", fontSize)
			}
			style := "B"
			if cell.Faint {
				style = ""
			}
			if cell.Second != "" { // two lines, each fitted
				cx := c.GetX()
				c.CellFormat(cellW, rh, "", "1", 0, "C", true, 0, "")
				for i, line := range []string{cell.Code + cell.Mark, cell.Second} {
					c.fitFont(style, min(fontSize, rh/2/0.3528/1.15), cellW-0.8, line)
					c.SetXY(cx, y+float64(i)*rh/2)
					c.CellFormat(cellW, rh/2, line, "", 0, "C", false, 0, "")
				}
				c.SetXY(cx+cellW, y)
				c.SetFont(cardFont, "B", fontSize)
				continue
			}
			c.fitFont(style, fontSize, cellW-0.8, cell.Code+cell.Mark) // a cell of two plays (R+5S) shrinks to fit
			c.CellFormat(cellW, rh, cell.Code+cell.Mark, "1", 0, "C", true, 0, "")
			c.SetFont(cardFont, "B", fontSize)
		}
		y += rh
	}
	c.SetTextColor(0, 0, 0)
	return y
}

func (c *cardPDF) heading(x, y float64, text string, size float64) {
	c.SetFont(cardFont, "B", size)
	c.SetTextColor(0, 0, 0)
	c.SetXY(x, y)
	c.CellFormat(0, size*0.45, text, "", 0, "L", false, 0, "")
}

// fitFont sets Helvetica in style at size, or smaller (down to half of
// it, never below 7 pt, the smallest a card prints) until text fits in
// width.
func (c *cardPDF) fitFont(style string, size, width float64, text string) {
	smallest := max(size/2, min(size, 7))
	c.SetFont(cardFont, style, size)
	for c.GetStringWidth(text) > width && size-0.25 >= smallest {
		size -= 0.25
		c.SetFont(cardFont, style, size)
	}
}

func (c *cardPDF) header(title string) float64 {
	pw, _ := c.GetPageSize()
	c.heading(12, 12, title, 18)
	c.fitFont("B", 11, pw-24, c.l.Rules) // a long rule string shrinks to the line
	c.SetXY(12, 22)
	c.CellFormat(pw-24, 5, c.l.Rules, "", 0, "L", false, 0, "")
	c.SetFont(cardFont, "", 8.5)
	c.SetXY(12, 27.5)
	c.MultiCell(pw-24, 4, c.l.RulesWords, "", "L", false)
	return c.GetY()
}

func (c *cardPDF) footer() {
	pw, ph := c.GetPageSize()
	c.SetFont(cardFont, "", 7)
	c.SetTextColor(90, 90, 90)
	c.SetXY(12, ph-12)
	c.CellFormat(pw-24, 4, fmt.Sprintf("bjchart %s - exact combinatorial solution - %s", c.version, c.date.Format("2006-01-02")), "", 0, "C", false, 0, "")
	c.SetTextColor(0, 0, 0)
}

// page draws the one-page card: hard totals left, soft totals and pairs
// right, the legend and notes below.
func (c *cardPDF) page() {
	c.AddPage()
	pw, _ := c.GetPageSize()
	y := c.header("Blackjack Basic Strategy")
	c.SetFont(cardFont, "", 10)
	c.SetXY(12, y+1)
	c.CellFormat(pw-24, 5, c.l.EdgeLine, "", 0, "L", false, 0, "")
	y = c.tables(y+10, tableStyle{labelW: 12, rowH: 7, font: 10, heading: 11, gap: 6,
		titles: [3]string{"HARD TOTALS", "SOFT TOTALS", "PAIRS"}}, c.l.Chart) + 6
	y = c.legend(12, y, pw-24)
	if notes := c.l.Multi; len(notes) > 0 {
		c.SetFont(cardFont, "", 8.5)
		c.SetXY(12, y+2)
		c.MultiCell(pw-24, 4, "* Hands of three or more cards: "+strings.Join(notes, "; ")+".", "", "L", false)
		y = c.GetY()
	}
	c.SetFont(cardFont, "", 7.5)
	c.SetXY(12, y+2)
	c.MultiCell(pw-24, 3.5, "Split hands play by this chart too. A pair you may not split again plays as its hard total. "+
		"The edge is exact for this chart played as printed (every hand, split and multi-card hand included), insurance never taken.", "", "L", false)
	c.footer()
}

// tableStyle sizes the chart tables of a page, in millimetres and points.
type tableStyle struct {
	labelW, rowH  float64 // label column width, row height
	font, heading float64 // cell and heading font sizes
	gap           float64 // from a heading to its table
	titles        [3]string
}

// tables draws hard totals in the left column and soft totals above pairs
// in the right one, from top; returns the bottom of the taller column.
// rows are the hard, soft and pairs tables.
func (c *cardPDF) tables(top float64, st tableStyle, rows [3][]render.CardRow) float64 {
	pw, _ := c.GetPageSize()
	colW := (pw - 24 - 8) / 2
	cellW := (colW - st.labelW) / 10
	x2 := 12 + colW + 8
	table := func(x, y float64, i int) float64 {
		c.heading(x, y, st.titles[i], st.heading)
		c.SetFont(cardFont, "B", st.heading)
		c.axisLabels(x, y+st.gap, st.labelW, cellW, x+c.GetStringWidth(st.titles[i]))
		return c.grid(x, y+st.gap, st.labelW, cellW, st.rowH, st.font, rows[i])
	}
	left := table(12, top, 0)
	y := table(x2, top, 1)
	right := table(x2, y+st.gap-2, 2)
	return max(left, right)
}

// axisLabels names a table's axes: the dealer's up card above its
// columns (centred, else right-aligned, else left out when the table's
// heading, ending at headingEnd, leaves no room), the player's hand in
// its corner (drawn by grid, after its header fill).
func (c *cardPDF) axisLabels(x, y, labelW, cellW, headingEnd float64) {
	const caption = "Dealer's up card"
	c.SetFont(cardFont, "", 7)
	w := c.GetStringWidth(caption)
	left, right := x+labelW, x+labelW+10*cellW
	align := "C"
	if (left+right-w)/2 < headingEnd+2 {
		align = "R"
	}
	if right-w >= headingEnd+2 {
		c.SetTextColor(90, 90, 90)
		c.SetXY(left, y-3.2)
		c.CellFormat(right-left, 3, caption, "", 0, align, false, 0, "")
		c.SetTextColor(0, 0, 0)
	}
	c.corner = "Hand"
}

// legend draws the colour key: H and S, and every other code the card
// prints; returns the bottom y.
func (c *cardPDF) legend(x, y, width float64) float64 {
	c.SetFont(cardFont, "B", 8)
	col := 0
	colW := width / 3
	row := 0
	for _, it := range c.l.Legend {
		px, py := x+float64(col)*colW, y+float64(row)*6
		c.fill(it.Cell)
		c.SetXY(px, py)
		c.SetFont(cardFont, "B", 8)
		c.CellFormat(8, 5, it.Cell.Code, "1", 0, "C", true, 0, "")
		c.SetTextColor(0, 0, 0)
		c.SetFont(cardFont, "", 8)
		c.CellFormat(colW-9, 5, " "+it.Text, "", 0, "L", false, 0, "")
		col++
		if col == 3 {
			col, row = 0, row+1
		}
	}
	if col > 0 {
		row++
	}
	return y + float64(row)*6
}

// Wallet card geometry, millimetres.
const (
	walletW   = 85.6
	walletH   = 54.0
	walletGap = 8.0 // between cards, room for crop marks
)

// wallet draws the wallet cards, one sheet for each side of a card: the
// chart on two cards (hard totals in front and soft totals behind, then
// pairs in front and the codes behind) and, with indices, two more the
// same way with each cell's index. Every side is printed at walletPt: a
// credit card's width holds one table of ten up cards at that size, not
// two side by side. A back's sheet is mirrored for long-edge duplex
// printing, so that each back lands behind its front.
func (c *cardPDF) wallet() {
	type side struct {
		sheet string // what the sheet is, printed above the cards
		draw  func(x, y float64)
	}
	l := c.l
	rules := l.Rules
	multi := ""
	if m := l.Multi; len(m) > 0 {
		multi = "\n* Three or more cards: " + strings.Join(m, "; ") + "."
	}
	sides := []side{
		{"Card 1 fronts: print, then print the next page on the reverse (flip on the long edge), cut on the marks.", func(x, y float64) {
			c.walletTable(x, y, "HARD TOTALS", l.Edge, rules, l.Chart[0])
		}},
		{"Card 1 backs.", func(x, y float64) { c.walletTable(x, y, "SOFT TOTALS", "", rules, l.Chart[1]) }},
		{"Card 2 fronts: print, then the next page on the reverse.", func(x, y float64) { c.walletTable(x, y, "PAIRS", "", rules, l.Chart[2]) }},
		{"Card 2 backs.", func(x, y float64) {
			c.walletNotes(x, y, "THE CODES", rules+": "+l.RulesWords+"\n"+l.WalletLegend+multi)
		}},
	}
	if ip := l.Index; ip != nil {
		title, notes := strings.ToUpper(ip.Title), l.IndexWallet
		sides = append(sides,
			side{"Index card 1 fronts: print, then the next page on the reverse.", func(x, y float64) {
				c.walletTable(x, y, "HARD TOTALS", title, rules, l.IndexRows[0])
			}},
			side{"Index card 1 backs.", func(x, y float64) { c.walletTable(x, y, "SOFT TOTALS", title, rules, l.IndexRows[1]) }},
			side{"Index card 2 fronts: print, then the next page on the reverse.", func(x, y float64) {
				c.walletTable(x, y, "PAIRS", title, rules, l.IndexRows[2])
			}},
			side{"Index card 2 backs.", func(x, y float64) { c.walletNotes(x, y, title, notes) }},
		)
	}
	for i, sd := range sides {
		c.AddPage()
		pw, ph := c.GetPageSize()
		cols, rows := 2, 4
		gridW := float64(cols)*walletW + float64(cols-1)*walletGap
		gridH := float64(rows)*walletH + float64(rows-1)*walletGap
		x0, y0 := (pw-gridW)/2, (ph-gridH)/2
		c.SetFont(cardFont, "", walletPt)
		c.SetXY(12, 4)
		c.MultiCell(pw-24, 3, sd.sheet, "", "C", false)
		if i%2 == 0 { // the card has room for the rule tokens only: the sheet gives them in words
			c.SetXY(12, c.GetY())
			c.MultiCell(pw-24, 3, rules+": "+l.RulesWords, "", "C", false)
		}
		for r := 0; r < rows; r++ {
			for col := 0; col < cols; col++ {
				pos := col
				if i%2 == 1 {
					pos = cols - 1 - col // mirrored so each back lands behind its front
				}
				x := x0 + float64(pos)*(walletW+walletGap)
				y := y0 + float64(r)*(walletH+walletGap)
				c.cropMarks(x, y)
				sd.draw(x, y)
			}
		}
		c.footer()
	}
}

func (c *cardPDF) cropMarks(x, y float64) {
	c.SetDrawColor(0, 0, 0)
	c.SetLineWidth(0.1)
	const gap, l = 1.0, 3.0
	for _, cx := range []float64{x, x + walletW} {
		for _, cy := range []float64{y, y + walletH} {
			dx, dy := -1.0, -1.0
			if cx > x {
				dx = 1
			}
			if cy > y {
				dy = 1
			}
			c.Line(cx+dx*gap, cy, cx+dx*(gap+l), cy)
			c.Line(cx, cy+dy*gap, cx, cy+dy*(gap+l))
		}
	}
}

// walletSafe keeps everything printed this far inside the cut lines, so
// that a cut a little off never trims a table (millimetres).
const walletSafe = 3.0

// walletPt is the size of everything on a wallet card, in points: the
// smallest a card prints.
const walletPt = 7.0

// walletLine is the height of a line of walletPt text (millimetres).
const walletLine = 3.0

// walletTable draws one side of a card: the title at the left and corner
// text at the right, the rule string under them (wrapped if long), then
// the table's rows.
func (c *cardPDF) walletTable(x, y float64, title, corner, rules string, rows []render.CardRow) {
	x, y = x+walletSafe, y+walletSafe
	w, h := walletW-2*walletSafe, walletH-2*walletSafe
	c.SetTextColor(0, 0, 0)
	c.SetFont(cardFont, "", walletPt)
	cornerW := c.GetStringWidth(corner) + 1.5
	c.SetXY(x, y)
	c.CellFormat(w, walletLine, corner, "", 0, "R", false, 0, "")
	c.SetFont(cardFont, "B", walletPt)
	titles := c.SplitText(title, w-cornerW)
	for i, line := range titles {
		c.SetXY(x, y+float64(i)*walletLine)
		c.CellFormat(w-cornerW, walletLine, line, "", 0, "L", false, 0, "")
	}
	top := y + float64(len(titles))*walletLine
	c.SetFont(cardFont, "", walletPt)
	ruleLines := c.SplitText(rules, w)
	for i, line := range ruleLines {
		c.SetXY(x, top+float64(i)*walletLine)
		c.CellFormat(w, walletLine, line, "", 0, "L", false, 0, "")
	}
	top += float64(len(ruleLines))*walletLine + 0.5
	const labelW = 7.0
	tall := 0 // rows with a cell of two lines, twoLines(walletPt) high
	for _, r := range rows {
		if (gridRow{cells: r.Cells[:]}).tall() {
			tall++
		}
	}
	rowH := (y + h - top - float64(tall)*twoLines(walletPt)) / float64(len(rows)+1-tall)
	c.grid(x, top, labelW, (w-labelW)/10, rowH, walletPt, rows)
	c.SetTextColor(0, 0, 0)
}

// walletNotes draws a side of notes: a title and the text, at walletPt.
// Text beyond the card's room is cut at a line, with a word that says so.
func (c *cardPDF) walletNotes(x, y float64, title, text string) {
	x, y = x+walletSafe, y+walletSafe
	w, h := walletW-2*walletSafe, walletH-2*walletSafe
	c.SetTextColor(0, 0, 0)
	c.SetFont(cardFont, "B", walletPt)
	c.SetXY(x, y)
	c.CellFormat(w, walletLine, title, "", 0, "L", false, 0, "")
	c.SetFont(cardFont, "", walletPt)
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		lines = append(lines, c.SplitText(para, w)...)
	}
	room := int((h - walletLine - 0.5) / walletLine)
	if len(lines) > room {
		lines = append(lines[:room-1], "(more on the full-page card)")
	}
	for i, line := range lines {
		c.SetXY(x, y+walletLine+0.5+float64(i)*walletLine)
		c.CellFormat(w, walletLine, line, "", 0, "L", false, 0, "")
	}
}

// indexPage draws the counter's back page: the three tables with each
// cell's indices, the insurance index, the conventions and the list.
func (c *cardPDF) indexPage() {
	ip := c.l.Index
	c.AddPage()
	pw, _ := c.GetPageSize()
	y := c.header(ip.Title)
	if ip.Insurance != "" {
		c.SetFont(cardFont, "B", 10)
		c.SetXY(12, y+1)
		c.CellFormat(pw-24, 5, ip.Insurance+".", "", 0, "L", false, 0, "")
		y += 6
	}
	if ip.Ramp != "" {
		c.SetFont(cardFont, "B", 10)
		c.SetXY(12, y+1)
		c.MultiCell(pw-24, 4.6, ip.Ramp+".", "", "L", false)
		y = c.GetY() + 1
	}
	c.SetFont(cardFont, "", 8.5)
	c.SetXY(12, y+1)
	c.MultiCell(pw-24, 4, "Each cell holds its index and the play taken when the "+ip.Count+" is at or above it "+
		"(S stand, H hit, D double, P split, R surrender); below the index, the other play of that decision (the list). "+
		"Cells without an index play the basic chart (grey). A cell with two indices shows both, the one nearest 0 on top. "+
		"Where the chart surrenders, the cell also gives the index for a hand not surrendered "+
		"(after a split, or of three or more cards). * differs from the published index (the list gives both); "+
		"~ marks an integer these shoes do not settle (the list gives the integers it could round to).", "", "L", false)
	y = c.tables(c.GetY()+5, tableStyle{labelW: 12, rowH: 5.6, font: 9, heading: 11, gap: 6,
		titles: [3]string{"HARD TOTALS", "SOFT TOTALS", "PAIRS"}}, c.l.IndexRows) + 3
	c.SetFont(cardFont, "", 7)
	for _, n := range ip.Notes {
		c.SetXY(12, y)
		c.MultiCell(pw-24, 3.2, n, "", "L", false)
		y = c.GetY()
	}
	c.indexList(ip, y+2)
	c.footer()
}

// indexList prints an index page's list in columns from top, each entry
// wrapped to its column and never split across two, at 7 pt; a list too
// long for the page goes on overleaf.
func (c *cardPDF) indexList(ip *render.IndexPage, top float64) {
	pw, ph := c.GetPageSize()
	const cols, gap = 3, 3.0
	colW := (pw - 24 - gap*(cols-1)) / cols
	bottom := ph - 16 // clear of the footer, half an inch from the edge
	var lines [][]string
	var lineH float64
	const size = 7.0
	c.SetFont(cardFont, "", size)
	lineH = size * 0.45
	for _, e := range ip.List {
		lines = append(lines, c.SplitText(e, colW))
	}
	x, y := 12.0, top
	col := 0
	for _, entry := range lines {
		if y+float64(len(entry))*lineH > bottom {
			if col++; col == cols { // the list goes on overleaf
				c.footer()
				c.AddPage()
				c.heading(12, 12, ip.Title+" (continued)", 11)
				col, top = 0, 20
			}
			x, y = 12+float64(col)*(colW+gap), top
		}
		for _, l := range entry {
			c.SetXY(x, y)
			c.CellFormat(colW, lineH, l, "", 0, "L", false, 0, "")
			y += lineH
		}
	}
}

// evPage draws every action's EV in every cell of a table, the chart's
// action first and in bold.
func (c *cardPDF) evPage(e render.CardEVTable) {
	c.AddPage()
	pw, _ := c.GetPageSize()
	y := c.header(e.Title)
	c.SetFont(cardFont, "", 8)
	c.SetXY(12, y+1)
	c.MultiCell(pw-24, 3.8, e.Note, "", "L", false)
	y = c.GetY() + 3
	labelW := 10.0
	cellW := (pw - 24 - labelW) / 10
	rowH := 2.9*float64(e.Lines) + 1
	c.SetFont(cardFont, "B", 8)
	c.SetFillColor(60, 60, 60)
	c.SetTextColor(255, 255, 255)
	c.SetXY(12, y)
	c.CellFormat(labelW, 5, "", "1", 0, "C", true, 0, "")
	for _, up := range solve.UpCards {
		c.CellFormat(cellW, 5, up.String(), "1", 0, "C", true, 0, "")
	}
	y += 5
	for _, row := range e.Rows {
		c.SetFillColor(60, 60, 60)
		c.SetTextColor(255, 255, 255)
		c.SetFont(cardFont, "B", 8)
		c.SetXY(12, y)
		c.CellFormat(labelW, rowH, row.Label, "1", 0, "C", true, 0, "")
		for i := range solve.UpCards {
			x := 12 + labelW + float64(i)*cellW
			f := row.Fill[i]
			c.SetFillColor(f[0], f[1], f[2])
			c.SetDrawColor(90, 90, 90)
			c.Rect(x, y, cellW, rowH, "FD")
			c.SetTextColor(0, 0, 0)
			ly := y + 0.6
			for k, line := range row.Lines[i] {
				style := ""
				if k == 0 { // the chart's play
					style = "B"
				}
				c.SetFont(cardFont, style, 6.5)
				c.SetXY(x, ly)
				c.CellFormat(cellW, 2.9, line, "", 0, "C", false, 0, "")
				ly += 2.9
			}
		}
		y += rowH
	}
	c.footer()
}

// dealerPage draws the dealer's final-hand probabilities per up card.
func (c *cardPDF) dealerPage(d *render.ReportTable) {
	c.AddPage()
	pw, _ := c.GetPageSize()
	y := c.header("Dealer outcome probabilities")
	c.SetFont(cardFont, "", 8.5)
	c.SetXY(12, y+1)
	c.MultiCell(pw-24, 4, d.Caption, "", "L", false)
	y = c.GetY() + 3
	w := (pw - 24) / float64(len(d.Header))
	c.SetFont(cardFont, "B", 9)
	c.SetFillColor(60, 60, 60)
	c.SetTextColor(255, 255, 255)
	c.SetXY(12, y)
	for _, h := range d.Header {
		c.CellFormat(w, 6, h, "1", 0, "C", true, 0, "")
	}
	y += 6
	c.SetTextColor(0, 0, 0)
	for _, row := range d.Rows {
		c.SetXY(12, y)
		c.SetFont(cardFont, "B", 9)
		c.CellFormat(w, 6, row[0], "1", 0, "C", false, 0, "")
		c.SetFont(cardFont, "", 9)
		for _, v := range row[1:] {
			c.CellFormat(w, 6, v, "1", 0, "C", false, 0, "")
		}
		y += 6
	}
	c.footer()
}

// diffPage draws the comparison with a published chart.
func (c *cardPDF) diffPage() {
	d := c.l.Diff
	c.AddPage()
	pw, _ := c.GetPageSize()
	y := c.header(d.Title)
	c.SetFont(cardFont, "", 8.5)
	for _, s := range d.Summary {
		c.SetXY(12, y+1)
		c.MultiCell(pw-24, 4, s, "", "L", false)
		y = c.GetY()
	}
	y = c.tables(y+4, tableStyle{labelW: 9, rowH: 5, font: 6.5, heading: 8, gap: 4,
		titles: [3]string{c.l.DiffHard, "SOFT", "PAIRS"}}, c.l.DiffRows) + 5
	if len(d.Rows) == 0 {
		c.heading(12, y, "No differences.", 9)
		c.footer()
		return
	}
	w := (pw - 24) / float64(len(d.Header))
	c.SetFont(cardFont, "B", 7)
	c.SetFillColor(60, 60, 60)
	c.SetTextColor(255, 255, 255)
	c.SetXY(12, y)
	for _, h := range d.PlainHeader() {
		c.CellFormat(w, 5, h, "1", 0, "C", true, 0, "")
	}
	y += 5
	c.SetTextColor(0, 0, 0)
	c.SetFont(cardFont, "", 7)
	_, ph := c.GetPageSize()
	for _, row := range d.Rows {
		if y > ph-20 {
			c.footer()
			c.AddPage()
			y = 12
		}
		c.SetXY(12, y)
		for _, cell := range row {
			c.CellFormat(w, 4.5, cell, "1", 0, "C", false, 0, "")
		}
		y += 4.5
	}
	c.footer()
}
