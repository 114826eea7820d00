package render

import (
	"fmt"
	"strings"
	"time"

	"bjchart/solve"
	"bjchart/solve/house"
)

// A HouseCardLayout is the house game's card laid out for a painter
// (Painter.HouseCard): its strings and tables, every cell coloured.
// HouseReport.CardLayout makes one.
type HouseCardLayout struct {
	Sheet      string    // letter or a4 (CardOptions.Size)
	Title      string    // the PDF's title
	Version    string    // printed in the footer
	Date       time.Time // the PDF's date and the footer's: a fixed date if none was given
	Rules      string    // the rule tokens
	RulesWords string    // the rules in words, a sentence
	Value      string    // the game's value at a flat bet (and as the card bets)
	Cols       []string  // the up cards (and first cards) the shoe holds
	// Bet is the bet for each first card, nil where the bet is fixed.
	Bet []CardCell
	// Play is the best play by the number of cards: two, three (the
	// first column), four, five, six or more (the second).
	Play []houseTable
	Note string // under the tables: how to read them
}

// A houseTable is a table of the house card: a title, and rows of a label
// and a cell per column.
type houseTable struct {
	Title  string
	Column int // 0 or 1, the card's column it prints in
	Labels []string
	Cells  [][]CardCell
}

// CardLayout lays out the card of a house game's solution.
func (h HouseReport) CardLayout(opt CardOptions) *HouseCardLayout {
	s := h.Solution
	r := &s.Rules
	l := &HouseCardLayout{
		Sheet:      opt.Size,
		Title:      "House game strategy: " + r.String(),
		Version:    opt.Version,
		Date:       opt.Date,
		Rules:      r.String(),
		RulesWords: describeHouse(r),
		Value:      fmt.Sprintf("At a flat bet: %+.2f%% per point.", 100*s.Flat.EV),
		Note: "S stand, H hit. Lower case (s, h): the best play of such hands varies with their cards " +
			"(or with what the dealer sees) and most of them, by how often they arise, take this play. " +
			"Rows above and below those shown keep the play of the row next to them. * is a joker; " + noHand + ": no such hand can be dealt against that up card. " +
			"The values are exact for the best play by your cards and the up card.",
	}
	if l.Date.IsZero() {
		l.Date = cardEpoch
	}
	ups := houseUps(s)
	for _, up := range ups {
		l.Cols = append(l.Cols, house.RankName(up))
	}
	if r.BetMin != r.BetMax {
		l.Value += fmt.Sprintf(" Betting %d-%d by the first card as below: %+.3f points a round, %+.2f%% per point bet.",
			r.BetMin, r.BetMax, s.Points, 100*s.PerPoint)
		for _, x := range ups {
			// the high bet filled as a double is (a raised stake), the low one white
			a := solve.Hit
			if s.First[x].Bet == r.BetMax {
				a = solve.Double
			}
			l.Bet = append(l.Bet, newCardCell(fmt.Sprint(s.First[x].Bet), a))
		}
	}
	for i, n := range []int{2, 3, 4, 5, 6} {
		t := houseTable{Title: fmt.Sprintf("%d CARDS", n)}
		if n == 6 {
			t.Title = "6 OR MORE CARDS"
		}
		if i >= 2 {
			t.Column = 1
		}
		for _, row := range houseRows(s, n, ups) {
			t.Labels, t.Cells = append(t.Labels, row.label), append(t.Cells, row.cells)
		}
		if len(t.Labels) > 0 {
			l.Play = append(l.Play, t)
		}
	}
	return l
}

// houseRow is a row of a house card's table.
type houseRow struct {
	label string
	cells []CardCell
}

// noHand marks a cell no hand reaches (six cards of soft 18 against an ace
// from one deck).
const noHand = "-"

// houseRows returns the play of hands of n cards (6: six or more), hard
// totals then soft, cut to the rows where the play changes: a run of
// rows that hit everywhere at the low end merges into one, as does a run
// that stands everywhere at the high end.
func houseRows(s *house.Solution, n int, ups []int) []houseRow {
	var out []houseRow
	for _, soft := range []bool{false, true} {
		var rows []houseRow
		var totals []int
		for total := 2; total <= 21; total++ {
			row := houseRow{label: fmt.Sprintf("%s%d", map[bool]string{false: "", true: "soft "}[soft], total)}
			any := false
			for _, up := range ups {
				p := s.Chart.Play(n, soft, total, up)
				cell := newCardCell(noHand, solve.NoAction)
				switch p {
				case 'S', 's':
					cell = newCardCell(string(p), solve.Stand)
				case 'H', 'h':
					cell = newCardCell(string(p), solve.Hit)
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
func mergeHouseEnds(rows []houseRow, totals []int, soft bool) []houseRow {
	all := func(r houseRow, code string) bool {
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
	out := append([]houseRow(nil), rows[lo:hi]...)
	if lo > 0 {
		out[0].label = fmt.Sprintf("%s%d-%d", prefix, totals[0], totals[lo])
	}
	if hi < len(rows) {
		out[len(out)-1].label = fmt.Sprintf("%s%d-%d", prefix, totals[hi-1], totals[len(rows)-1])
	}
	return out
}

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
