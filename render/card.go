package render

import (
	"fmt"
	"strings"
	"time"

	"bjchart/solve"
)

// CardSizes are the sizes a card prints at: a page of letter or A4, or
// credit-card-size wallet cards; Papers the sheets wallet cards print on.
// The command line's --size and --paper and the page's size= and paper=
// take these.
var (
	CardSizes = []string{"letter", "a4", "wallet"}
	Papers    = []string{"letter", "a4"}
)

// DefaultPaper is the sheet a card is printed on where none is given: a
// card's size, and the sheet wallet cards are laid out on.
const DefaultPaper = "letter"

// Tables are the tables a heatmap draws by name (plot --table, the
// page's table=): one of the chart's, or all three.
var Tables = map[string][]solve.TableKind{
	"hard": {solve.Hard}, "soft": {solve.Soft}, "pairs": {solve.Pairs},
	"all": {solve.Hard, solve.Soft, solve.Pairs},
}

// TableNames are Tables' names, in the order help lists them.
var TableNames = []string{"hard", "soft", "pairs", "all"}

// CardOptions configure a printable strategy card.
type CardOptions struct {
	// Size is letter or a4 (one page) or wallet (credit-card size, front
	// and back, eight cards to a sheet of Paper with crop marks).
	Size string
	// Paper is the sheet for wallet cards: letter or a4.
	Paper string
	// EV adds pages with every action's EV in every cell and the dealer's
	// outcome probabilities.
	EV bool
	// Diff adds a page comparing the chart with a published one.
	Diff *DiffPage
	// Indices adds a count's index plays: a back page (letter, a4), or a
	// second wallet card.
	Indices *IndexPage
	// FullRows prints every hard total on its own row; by default
	// identical rows at the ends (5-8, 17+) share one.
	FullRows bool
	// Version is printed in the footer.
	Version string
	// Date is the PDF's creation date and the footer's date; the zero
	// value means cardEpoch (PrintDate), so output is reproducible.
	Date time.Time
}

// cardEpoch is the default creation date of cards: fixed, so the same
// input gives byte-identical PDFs.
var cardEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// PrintDate is the date a card prints: Date, or a fixed date when none
// was given.
func (o CardOptions) PrintDate() time.Time {
	if o.Date.IsZero() {
		return cardEpoch
	}
	return o.Date
}

// A DiffPage is a comparison with a published chart, as a card page shows it.
type DiffPage struct {
	Title   string
	Summary []string
	// Marks holds, for each differing cell (cellKey), the published code
	// and a marker: "!" beyond a near-tie, "~" a near-tie.
	Marks  map[CellKey]string
	Header []string   // the difference list's columns, where a narrow page may break them marked (PlainHeader)
	Rows   [][]string // one per difference
}

// An IndexPage is a count's index plays, as the counter's card prints
// them: each cell with an index shows it and the play taken at or above
// it, coloured as that play; the other cells show the basic play, faint.
type IndexPage struct {
	Title string // e.g. "Hi-Lo index plays"
	// Count names the count the indices are read on, as "true count" or
	// "running count" (unbalanced counts).
	Count string
	// Insurance states the insurance index, e.g. "Insurance: take it at
	// +3 or more"; empty if there is none.
	Insurance string
	// Ramp states the bet by count (RampText), empty if none was given.
	Ramp  string
	Notes []string // conventions and provenance, for the full page
	Marks map[CellKey][]IndexMark
	List  []string // one line per index, for the full page
	// Multi names the indices of hands of three or more cards in short
	// ("16 v T +0S"), for the wallet card, which has no list.
	Multi []string
}

// An IndexMark is one index of a cell: Play at or above Index, Base below.
type IndexMark struct {
	Index int
	Play  solve.Action
	Base  solve.Action // NoAction where the base is the chart's hit or stand
	// NotSurrendering marks a hit/stand index of a cell the chart
	// surrenders: it decides the hands not surrendered (after a split, or
	// of three or more cards), so the cell shows it beside its code.
	NotSurrendering bool
	// Published is set where the index differs from the published one.
	Published *float64
	// Unsettled marks an integer the shoes do not settle: the crossing's
	// 95% interval rounds to Between, more than one integer, and another
	// seed may print another of them. The cell prints it "~+4S".
	Unsettled bool
	Between   [2]int
	// Detail says the index in full, as the card's list does: the plays,
	// the crossing ± its SE, the integers it could round to.
	Detail string
}

// CellKey names a chart cell.
type CellKey struct {
	Table solve.TableKind
	Hand  string
	Up    solve.Rank
}

// Card colours: the Okabe-Ito palette, built to stay apart for colour-blind
// readers, mapped to the colours printed charts use (hit white, stand
// yellow, double green, split blue, surrender red). Every fill keeps its
// text at a WCAG AA contrast of 4.5:1 or more; double, darkened to carry
// white text, and surrender, with black text, differ in grey too.
var cardColor = map[solve.Action][3]int{
	solve.Hit:       {255, 255, 255},
	solve.Stand:     {240, 228, 66},  // yellow
	solve.Double:    {0, 120, 86},    // bluish green, darkened
	solve.Split:     {86, 180, 233},  // sky blue
	solve.Surrender: {213, 94, 0},    // vermillion
	solve.NoAction:  {230, 230, 230}, // unknown
}

// darkFill says which fills carry white text.
func darkFill(a solve.Action) bool { return a == solve.Double }

// DescribeRules says the rules in words, as the cards print them.
func DescribeRules(r solve.Rules) string { return describeRules(r) }

// CardCode is a cell's code as the card prints it for the rules (a DAS
// code only where the rules allow doubling after a split).
func CardCode(r solve.Rules, c solve.Code) string { return cardCode(r, c) }

// CardRow is one printed row: a label and ten cells.
type CardRow struct {
	Label string
	Cells [10]CardCell
}

// A CardCell is one printed cell: its code, the play it is coloured as,
// its marks.
type CardCell struct {
	Code   string
	Action solve.Action
	Mark   string // "*", or a diff marker
	Faint  bool   // printed grey on white: a basic play beside index plays
	// Second is a second line: a cell's other indices (indexCardRows), whose
	// row is drawn tall enough for two lines.
	Second string
	// Fill and Ink are the colours (RGB) of the cell's play, its
	// background and text; a Faint cell prints white with grey text.
	Fill, Ink [3]int
}

// cardCode is a cell's code as the card prints it, resolved for the
// card's rules: in a game that allows doubling after a split, a split
// needs no fallback (Ph, Pd, Ps print as P).
func cardCode(r solve.Rules, c solve.Code) string {
	if c.Best == solve.Split && r.DAS {
		c.Fallback = solve.NoAction
	}
	return c.String()
}

// cardRows returns the printed rows of a table: hard totals with 5-8 and
// 17-21 collapsed into one row each when their cells agree, as printed
// charts do.
func cardRows(t *solve.Table, kind solve.TableKind, marks map[CellKey]string, full bool) []CardRow {
	var rows []CardRow
	for _, hand := range chartRows[kind] {
		r := CardRow{Label: hand}
		for i, up := range solve.UpCards {
			c := t.Cell(kind, hand, up)
			cell := CardCell{Code: cardCode(t.Rules, c.Code), Action: c.Code.Best}
			if c.Impossible { // the shoe cannot deal it
				cell = CardCell{Code: "-", Action: solve.NoAction}
			}
			if c.Marked() {
				cell.Mark = "*"
			}
			if m, ok := marks[CellKey{kind, hand, up}]; ok {
				cell.Mark += m
			}
			r.Cells[i] = cell
		}
		rows = append(rows, r)
	}
	colorRows(rows)
	if kind != solve.Hard || full {
		return rows
	}
	return mergeEnds(rows)
}

// indexCardRows returns the printed rows of a table on an index card: a cell
// with indices shows the one nearest zero (rounded, signed) with the
// letter of the play at or above it, coloured as that play, and the
// others on a second line; the other cells show the basic play, faint.
func indexCardRows(t *solve.Table, kind solve.TableKind, ip *IndexPage, full bool) []CardRow {
	rows := cardRows(t, kind, nil, true)
	for ri := range rows {
		for i, up := range solve.UpCards {
			cell := &rows[ri].Cells[i]
			m, ok := ip.nearest(CellKey{kind, rows[ri].Label, up})
			if !ok {
				cell.Faint, cell.Mark = true, ""
				continue
			}
			var others []string
			for _, o := range ip.Marks[CellKey{kind, rows[ri].Label, up}] {
				if o != m {
					others = append(others, o.code())
				}
			}
			second := strings.Join(others, " ")
			if m.NotSurrendering && second == "" { // the surrender stays the cell's play: R, and the index of a hand not surrendered
				*cell = CardCell{Code: "R" + m.code(), Action: cell.Action}
				if m.Unsettled { // "R~+0S" is too wide for a wallet card's cell at 7 pt: the index goes below
					*cell = CardCell{Code: "R", Action: cell.Action, Second: m.code()}
				}
				continue
			}
			*cell = CardCell{Code: m.code(), Action: m.Play, Second: second}
		}
	}
	colorRows(rows)
	if kind != solve.Hard || full {
		return rows
	}
	return mergeEnds(rows)
}

// An IndexGrid is one of the chart's tables with the index plays in
// their cells, as the counter's card prints it (indexRows): a cell with
// an index shows the index nearest zero and the letter of the play at or
// above it ("+3S"; "R+0S" where the chart surrenders and the index is for
// a hand not surrendered; * where it differs from the published one),
// coloured as that play; the others show the chart's play, faint.
type IndexGrid struct {
	Table string // hard, soft, pairs
	Rows  []indexGridRow
}

// An indexGridRow is a row of an IndexGrid.
type indexGridRow struct {
	Hand  string
	Cells [10]indexGridCell // up cards 2..9, T, A
}

// An indexGridCell is one cell: its code, the play whose colour it
// takes (a letter: H S D P R), faint for a chart play without an index,
// and every index of the cell in full.
type indexGridCell struct {
	Code, Play string
	Second     string // the cell's other indices, a second line
	Faint      bool
	Detail     string
}

// Grids lays the index page out on the chart of t, as the card's
// full page does.
func (ip *IndexPage) Grids(t *solve.Table) []IndexGrid {
	var out []IndexGrid
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		g := IndexGrid{Table: kind.String()}
		for _, r := range indexCardRows(t, kind, ip, true) {
			row := indexGridRow{Hand: r.Label}
			for i, c := range r.Cells {
				var details []string
				for _, m := range ip.Marks[CellKey{kind, r.Label, solve.UpCards[i]}] {
					details = append(details, m.Detail)
				}
				row.Cells[i] = indexGridCell{Code: c.Code, Second: c.Second, Play: c.Action.Letter(), Faint: c.Faint, Detail: strings.Join(details, "; ")}
			}
			g.Rows = append(g.Rows, row)
		}
		out = append(out, g)
	}
	return out
}

// code is an index as a cell prints it: "+3S", "-1H*" where it differs
// from the published one, "~+4S" where the shoes do not settle it.
func (m IndexMark) code() string {
	code := fmt.Sprintf("%+d%s", m.Index, m.Play.Letter())
	if m.Unsettled {
		code = "~" + code
	}
	if m.Published != nil {
		code += "*"
	}
	return code
}

// nearest returns a cell's index nearest zero.
func (ip *IndexPage) nearest(k CellKey) (IndexMark, bool) {
	marks := ip.Marks[k]
	if len(marks) == 0 {
		return IndexMark{}, false
	}
	best := marks[0]
	for _, m := range marks[1:] {
		if abs(m.Index) < abs(best.Index) {
			best = m
		}
	}
	return best, true
}

// NotSurrendering returns the first index, in chart order, that a cell
// shows beside its surrender: the index of a hand not surrendered
// ("R+5S").
func (ip *IndexPage) NotSurrendering() (IndexMark, bool) {
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		for _, hand := range solve.Rows(kind) {
			for _, up := range solve.UpCards {
				if m, ok := ip.nearest(CellKey{kind, hand, up}); ok && m.NotSurrendering {
					return m, true
				}
			}
		}
	}
	return IndexMark{}, false
}

// unsettled lists the indices whose integers the shoes do not settle (a
// ~ in their cells) with the integers they could round to, as "16 v T
// (+0/+1)", in chart order.
func (ip *IndexPage) unsettled() []string {
	return ip.listed(func(m IndexMark) (string, bool) {
		return betweenLabel(m.Between[0], m.Between[1]), m.Unsettled
	})
}

// listed lists the cells' indices that say (ok) something of themselves,
// as "hand v up (what)", in chart order.
func (ip *IndexPage) listed(say func(m IndexMark) (what string, ok bool)) []string {
	var out []string
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		for _, hand := range solve.Rows(kind) {
			for _, up := range solve.UpCards {
				for _, m := range ip.Marks[CellKey{kind, hand, up}] {
					if what, ok := say(m); ok {
						out = append(out, fmt.Sprintf("%s v %s (%s)", hand, up, what))
					}
				}
			}
		}
	}
	return out
}

// AnyUnsettled says whether a cell's integer is not settled by the shoes
// (a ~ in its cell).
func (ip *IndexPage) AnyUnsettled() bool { return len(ip.unsettled()) > 0 }

// UnsettledNote says what a ~ in a cell means, naming the cells, or "".
func (ip *IndexPage) UnsettledNote() string {
	u := ip.unsettled()
	if len(u) == 0 {
		return ""
	}
	return "~ These shoes do not settle the integer (its 95% interval rounds to more than one; another seed may print another): " + strings.Join(u, ", ") + "."
}

// AnyStarred says whether a cell's index differs from the published one
// (a * in its cell).
func (ip *IndexPage) AnyStarred() bool { return len(ip.Starred()) > 0 }

// Starred lists the indices that differ from the published ones (a * in
// their cells) with the published value, as "10 v A (published +4)", in
// chart order.
func (ip *IndexPage) Starred() []string {
	return ip.listed(func(m IndexMark) (string, bool) {
		if m.Published == nil {
			return "", false
		}
		return fmt.Sprintf("published %+g", *m.Published), true
	})
}

func abs(n int) int { return max(n, -n) }

// mergeEnds merges identical rows at the two ends of the hard table, as
// printed charts do: the run of totals from 5 up that play alike ("5-8",
// or "5-7" when 8 differs) and the run down from 21 ("17+", or "18+").
// Rows in between are never merged: a reader looks up 12..16 directly.
func mergeEnds(rows []CardRow) []CardRow {
	lo := 0 // rows[0..lo] are 5..5+lo, alike
	for lo+1 <= 3 && rows[lo+1].Cells == rows[0].Cells {
		lo++
	}
	last := len(rows) - 1
	hi := last // rows[hi..last] are alike
	for hi-1 >= last-4 && rows[hi-1].Cells == rows[last].Cells {
		hi--
	}
	out := []CardRow{rows[0]}
	if lo > 0 {
		out[0].Label = fmt.Sprintf("5-%d", 5+lo)
	}
	out = append(out, rows[lo+1:hi]...)
	top := rows[hi]
	if hi < last {
		top.Label = fmt.Sprintf("%d+", 21-(last-hi))
	}
	return append(out, top)
}

// describeRules spells a rule set out for the card.
func describeRules(r solve.Rules) string {
	var parts []string
	if r.Infinite() {
		parts = append(parts, "infinite deck")
	} else if r.Decks == 1 {
		parts = append(parts, "1 deck")
	} else {
		parts = append(parts, fmt.Sprintf("%d decks", r.Decks))
	}
	parts = append(parts, map[bool]string{true: "dealer hits soft 17", false: "dealer stands on soft 17"}[r.H17])
	parts = append(parts, [...]string{"double any two cards", "double on 9-11", "double on 10-11", "no doubling"}[r.Double])
	if r.Double != solve.DoubleNone {
		parts = append(parts, map[bool]string{true: "double after split", false: "no double after split"}[r.DAS])
	}
	parts = append(parts, fmt.Sprintf("split to %d hands", r.MaxSplitHands))
	if r.RSA {
		parts = append(parts, "resplit aces")
	}
	if r.HSA {
		parts = append(parts, "hit split aces")
	}
	parts = append(parts, [...]string{"no surrender", "late surrender", "early surrender"}[r.Surrender])
	parts = append(parts, "blackjack pays "+r.BlackjackPays.String())
	parts = append(parts, [...]string{"dealer peeks for blackjack", "no hole card (all bets lost to blackjack)", "no hole card (original bet only)"}[r.HoleCard])
	if r.TiesLose {
		parts = append(parts, "dealer wins ties")
	}
	if r.Charlie > 0 {
		parts = append(parts, fmt.Sprintf("%d-card Charlie wins", r.Charlie))
	}
	if r.P21Wins {
		parts = append(parts, "player 21 always wins")
	}
	if r.DoubleAny {
		parts = append(parts, "double any number of cards (this card doubles two)")
	}
	if r.Rescue {
		parts = append(parts, "double-down rescue (this card never rescues)")
	}
	if r.DealerStand16 > 0 {
		parts = append(parts, fmt.Sprintf("dealer hits 16 with probability %g", 1-r.DealerStand16))
	}
	if r.Push22 {
		parts = append(parts, "a dealer 22 pushes")
	}
	if r.DealerHit17 > 0 {
		parts = append(parts, fmt.Sprintf("dealer hits 17 with probability %g", r.DealerHit17))
	}
	for n, p := range r.Bonus21 {
		if p.Den != 0 {
			parts = append(parts, fmt.Sprintf("%d-card 21 pays %v", n, p))
		}
	}
	if d := r.PerDeck(); d != solve.NewShoe(1).Counts {
		n := 0
		for _, k := range d {
			n += k
		}
		parts = append(parts, fmt.Sprintf("%d-card decks (A-T: %s)", n, strings.Trim(fmt.Sprint(d), "[]")))
	}
	return strings.Join(parts, ", ")
}

// capitalize returns s with its first letter in upper case (s is ASCII).
func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// PlainHeader is the difference list's columns without the soft hyphens
// and zero-width spaces that mark where a narrow page may break them (a
// page's table keeps them; a PDF's core fonts have neither).
func (d *DiffPage) PlainHeader() []string {
	out := make([]string, len(d.Header))
	for i, h := range d.Header {
		out[i] = breakMarks.Replace(h)
	}
	return out
}

// breakMarks removes the soft hyphens and zero-width spaces that mark
// where a heading may break.
var breakMarks = strings.NewReplacer("\u00ad", "", "\u200b", "")
