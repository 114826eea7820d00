package draw

import (
	"bjchart/render"
	"fmt"
	"io"
	"strings"

	"bjchart/solve"
	"bjchart/solve/house"
)

// HouseCard writes a printable card for a house game (one page, letter or
// a4 in opt.Size): its rules, the bet for each first card, and the best
// play by card count, each table cut to the totals where the play changes.
func HouseCard(w io.Writer, s *house.Solution, opt render.CardOptions) error {
	date := opt.Date
	if date.IsZero() {
		date = render.CardEpoch
	}
	format := pageFormat(opt.Size)
	if format == "" {
		return fmt.Errorf("house card: unknown size %q; want letter or a4", opt.Size)
	}
	pdf := newPDF(format, "House game strategy: "+s.Rules.String(), opt.Version, date)
	c := &cardPDF{Fpdf: pdf, opt: opt, date: date}
	c.housePage(s)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("house card: %w", err)
	}
	return pdf.Output(w)
}

func (c *cardPDF) housePage(s *house.Solution) {
	c.AddPage()
	pw, _ := c.GetPageSize()
	r := &s.Rules
	c.heading(12, 12, "House Game Strategy", 18)
	c.fitFont("B", 11, pw-24, r.String())
	c.SetXY(12, 22)
	c.CellFormat(pw-24, 5, r.String(), "", 0, "L", false, 0, "")
	c.SetFont(cardFont, "", 8.5)
	c.SetXY(12, 27.5)
	c.MultiCell(pw-24, 4, describeHouse(r), "", "L", false)
	y := c.GetY() + 1
	c.SetFont(cardFont, "", 10)
	c.SetXY(12, y)
	value := fmt.Sprintf("At a flat bet: %+.2f%% per point.", 100*s.Flat.EV)
	if r.BetMin != r.BetMax {
		value += fmt.Sprintf(" Betting %d-%d by the first card as below: %+.3f points a round, %+.2f%% per point bet.",
			r.BetMin, r.BetMax, s.Points, 100*s.PerPoint)
	}
	c.CellFormat(pw-24, 5, value, "", 0, "L", false, 0, "")
	y += 8

	ups := render.HouseUps(s)
	cols := make([]string, len(ups))
	for i, up := range ups {
		cols[i] = house.RankName(up)
	}
	const labelW, gap = 16.0, 8.0
	colW := (pw - 24 - gap) / 2
	cellW := (colW - labelW) / float64(len(ups))
	if r.BetMin != r.BetMax {
		c.heading(12, y, "YOUR BET, BY YOUR FIRST CARD", 11)
		c.table(12, y+6, labelW, cellW, 6, 9, 9*0.7, "first card", cols, []gridRow{betRow(s, ups)})
		y += 6 + 12 + 5
	}
	// The play: two columns of tables by card count.
	x := [2]float64{12, 12 + colW + gap}
	top := [2]float64{y, y}
	for i, n := range []int{2, 3, 4, 5, 6} {
		col := 0
		if i >= 2 {
			col = 1
		}
		title := fmt.Sprintf("%d CARDS", n)
		if n == 6 {
			title = "6 OR MORE CARDS"
		}
		rows := playRows(s, n, ups)
		if len(rows) == 0 {
			continue
		}
		c.heading(x[col], top[col], title, 10)
		top[col] = c.table(x[col], top[col]+5, labelW, cellW, 4.6, 8, 8*0.7, "Dealer's up card", cols, rows) + 5
	}
	y = max(top[0], top[1])
	c.SetFont(cardFont, "", 7.5)
	c.SetXY(12, y)
	c.MultiCell(pw-24, 3.5, "S stand, H hit. Lower case (s, h): the best play of such hands varies with their cards "+
		"(or with what the dealer sees) and most of them, by how often they arise, take this play. "+
		"Rows above and below those shown keep the play of the row next to them. * is a joker; "+noHand+": no such hand can be dealt against that up card. "+
		"The values are exact for the best play by your cards and the up card.", "", "L", false)
	c.footer()
}

// betRow is the bet for each first card: the high bet filled as a double
// is (a raised stake), the low one white.
func betRow(s *house.Solution, ups []int) gridRow {
	row := gridRow{label: "bet"}
	for _, x := range ups {
		f := s.First[x]
		a := solve.Hit
		if f.Bet == s.Rules.BetMax {
			a = solve.Double
		}
		row.cells = append(row.cells, render.CardCell{Code: fmt.Sprint(f.Bet), Action: a})
	}
	return row
}

// noHand marks a cell no hand reaches (six cards of soft 18 against an ace
// from one deck).
const noHand = "-"

// playRows returns the play of hands of n cards (6: six or more), hard
// totals then soft, cut to the rows where the play changes: a run of
// rows that hit everywhere at the low end merges into one, as does a run
// that stands everywhere at the high end.
func playRows(s *house.Solution, n int, ups []int) []gridRow {
	var out []gridRow
	for _, soft := range []bool{false, true} {
		var rows []gridRow
		var totals []int
		for total := 2; total <= 21; total++ {
			row := gridRow{label: fmt.Sprintf("%s%d", map[bool]string{false: "", true: "soft "}[soft], total)}
			any := false
			for _, up := range ups {
				p := s.Chart.Play(n, soft, total, up)
				cell := render.CardCell{Code: noHand, Action: solve.NoAction}
				switch p {
				case 'S', 's':
					cell = render.CardCell{Code: string(p), Action: solve.Stand}
				case 'H', 'h':
					cell = render.CardCell{Code: string(p), Action: solve.Hit}
				}
				any = any || p != 0
				row.cells = append(row.cells, cell)
			}
			if any {
				rows = append(rows, row)
				totals = append(totals, total)
			}
		}
		out = append(out, mergeHouseEnds(rows, totals, soft)...)
	}
	return out
}

// mergeHouseEnds merges the leading rows whose every cell hits (or shows
// nothing) into one, and the trailing rows whose every cell stands.
func mergeHouseEnds(rows []gridRow, totals []int, soft bool) []gridRow {
	all := func(r gridRow, code string) bool {
		for _, c := range r.cells {
			if c.Code != code && c.Code != noHand {
				return false
			}
		}
		return true
	}
	lo, hi := 0, len(rows)
	for lo+1 < hi && all(rows[lo], "H") && all(rows[lo+1], "H") {
		lo++
	}
	for hi-1 > lo+1 && all(rows[hi-1], "S") && all(rows[hi-2], "S") {
		hi--
	}
	if len(rows) == 0 {
		return nil
	}
	prefix := map[bool]string{false: "", true: "soft "}[soft]
	out := slicesClone(rows[lo:hi])
	if lo > 0 {
		out[0].label = fmt.Sprintf("%s%d-%d", prefix, totals[0], totals[lo])
	}
	if hi < len(rows) {
		out[len(out)-1].label = fmt.Sprintf("%s%d-%d", prefix, totals[hi-1], totals[len(rows)-1])
	}
	return out
}

func slicesClone(r []gridRow) []gridRow { return append([]gridRow(nil), r...) }

// describeHouse spells out a house game's rules.
func describeHouse(r *house.Rules) string {
	var parts []string
	if r.Decks == 0 {
		parts = append(parts, "infinite deck")
	} else {
		parts = append(parts, fmt.Sprintf("%d deck%s", r.Decks, map[bool]string{true: "s", false: ""}[r.Decks > 1]))
	}
	if r.Jokers > 0 {
		parts = append(parts, fmt.Sprintf("%d joker%s a deck (tens)", r.Jokers, map[bool]string{true: "s", false: ""}[r.Jokers > 1]))
	}
	parts = append(parts, "hit or stand only, no peek")
	parts = append(parts, map[bool]string{true: "the dealer wins ties", false: "ties push"}[r.TiesLose])
	if r.Ladder {
		parts = append(parts, "5 cards unbusted beat any fewer, 6 beat 5, and so on")
	}
	multiplied := false
	for _, m := range r.Multipliers() {
		if m.X != 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", m.Hand, m.X))
			multiplied = true
		}
	}
	if multiplied {
		parts = append(parts, "paid or lost by the winning hand")
	}
	if r.BetMin != r.BetMax {
		parts = append(parts, fmt.Sprintf("bet %d-%d points after your first card", r.BetMin, r.BetMax))
	}
	if r.Dealer == house.Designed {
		parts = append(parts, "the designed dealer (reads your visible cards)")
	} else {
		parts = append(parts, fmt.Sprintf("the dealer hits 15 or less, 16 with probability %g, 17 with %g", r.Hit16, r.Hit17))
	}
	return strings.Join(parts, ", ") + "."
}
