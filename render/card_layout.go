package render

import (
	"fmt"
	"strings"
	"time"

	"bjchart/solve"
)

// A CardLayout is a strategy card laid out for a painter (Painter.Card):
// every string, row, cell colour and legend its pages print, decided
// here, so that the painter only places them. NewCardLayout makes one.
type CardLayout struct {
	// Size is the size asked for (CardOptions.Size); Sheet the paper its
	// pages are: Size, or for wallet cards Paper (DefaultPaper if none).
	Size, Sheet string
	Wallet      bool      // Size is wallet: eight cards to a sheet
	Title       string    // the PDF's title
	Version     string    // printed in the footer
	Date        time.Time // the PDF's date and the footer's: a fixed date if none was given
	Rules       string    // the rule tokens, under each page's title
	RulesWords  string    // the rules in words, a sentence
	Edge        string    // the edge playing the chart ("house edge 0.512%"), as a wallet card prints it
	EdgeLine    string    // the page's sentence of it
	// Chart is the chart's tables as printed: hard totals, soft totals,
	// pairs.
	Chart [3][]CardRow
	// Multi lists the cells whose hands of three or more cards play
	// otherwise (a * in the cell), as "16 v T: stand".
	Multi        []string
	Legend       []cardLegend // the page's colour key: H, S and every other code printed
	WalletLegend string       // the wallet card's key: the codes printed, grouped

	// Index is the counter's page, nil without a count; IndexRows its
	// tables and IndexWallet the notes of its wallet card.
	Index       *IndexPage
	IndexRows   [3][]CardRow
	IndexWallet string

	// Diff is the comparison with a published chart, nil without one;
	// DiffRows its tables, marked, and DiffHard its hard table's title.
	Diff     *DiffPage
	DiffRows [3][]CardRow
	DiffHard string

	// EV holds, with CardOptions.EV, the pages of every action's EV (hard,
	// soft, pairs) and Dealer the dealer's outcome probabilities (Caption:
	// the page's note).
	EV     []CardEVTable
	Dealer *ReportTable
}

// A cardLegend is a line of a card's colour key: a code in its cell's
// colours and what it means.
type cardLegend struct {
	Cell CardCell
	Text string
}

// A CardEVTable is a page of every action's EV in every cell of a table.
type CardEVTable struct {
	Title string
	Note  string
	Lines int // the most lines a cell holds
	Rows  []cardEVRow
}

// A cardEVRow is a row of a CardEVTable: a hand and, per up card, the cell's
// fill (a light tint of its play's) and its lines, the chart's play first
// (printed bold).
type cardEVRow struct {
	Label string
	Fill  [10][3]int
	Lines [10][]string
}

// cardTables are the chart's tables in a card's order.
var cardTables = [3]solve.TableKind{solve.Hard, solve.Soft, solve.Pairs}

// NewCardLayout lays out the strategy card of t with opt.
func NewCardLayout(t *solve.Table, opt CardOptions) *CardLayout {
	l := &CardLayout{
		Size:       opt.Size,
		Sheet:      opt.Size,
		Wallet:     opt.Size == "wallet",
		Title:      "Blackjack basic strategy: " + t.Rules.String(),
		Version:    opt.Version,
		Date:       opt.Date,
		Rules:      t.Rules.String(),
		RulesWords: describeRules(t.Rules) + ".",
		Edge:       EdgeText(t.EV, 3),
		EdgeLine:   capitalize(EdgeText(t.EV, 3)) + " playing this chart, of the initial bet per round.",
		Multi:      multiCardNotes(t),
		Index:      opt.Indices,
		Diff:       opt.Diff,
	}
	if l.Date.IsZero() {
		l.Date = cardEpoch
	}
	if l.Wallet {
		l.Sheet = opt.Paper
		if l.Sheet == "" {
			l.Sheet = DefaultPaper
		}
	}
	used := map[string]bool{}
	for i := range t.Cells {
		used[cardCode(t.Rules, t.Cells[i].Code)] = true
	}
	for _, it := range legendItems {
		if used[it.code] || it.code == "H" || it.code == "S" {
			l.Legend = append(l.Legend, cardLegend{Cell: newCardCell(it.code, it.a), Text: it.text})
		}
	}
	l.WalletLegend = walletLegend(used)
	for i, kind := range cardTables {
		l.Chart[i] = cardRows(t, kind, nil, opt.FullRows)
	}
	if ip := opt.Indices; ip != nil {
		for i, kind := range cardTables {
			l.IndexRows[i] = indexCardRows(t, kind, ip, opt.FullRows)
		}
		l.IndexWallet = ip.walletNotes()
	}
	if d := opt.Diff; d != nil {
		for i, kind := range cardTables {
			l.DiffRows[i] = cardRows(t, kind, d.Marks, opt.FullRows)
		}
		l.DiffHard = "HARD (solution; published code after ! or ~)"
		for _, m := range d.Marks {
			if m == "?" {
				l.DiffHard = "HARD (solution; published code after ! or ~; ? not printed)"
				break
			}
		}
	}
	if opt.EV {
		for _, kind := range cardTables {
			l.EV = append(l.EV, evTable(t, kind))
		}
		l.Dealer = dealerTable(t)
	}
	return l
}

// newCardCell is a cell of code coloured as play a.
func newCardCell(code string, a solve.Action) CardCell {
	return CardCell{Code: code, Action: a}.colored()
}

// colored returns c with its play's colours.
func (c CardCell) colored() CardCell {
	c.Fill, c.Ink = cardColor[c.Action], [3]int{0, 0, 0}
	if darkFill(c.Action) {
		c.Ink = [3]int{255, 255, 255}
	}
	return c
}

// colorRows gives every cell of rows its colours.
func colorRows(rows []CardRow) []CardRow {
	for i := range rows {
		for k := range rows[i].Cells {
			rows[i].Cells[k] = rows[i].Cells[k].colored()
		}
	}
	return rows
}

// legendItems explains every code a card can print, in legend order.
var legendItems = []struct {
	a    solve.Action
	code string
	text string
}{
	{solve.Hit, "H", "Hit"}, {solve.Stand, "S", "Stand"},
	{solve.Double, "Dh", "Double, else hit"}, {solve.Double, "Ds", "Double, else stand"},
	{solve.Split, "P", "Split"}, {solve.Split, "Ph", "Split if DAS allowed, else hit"},
	{solve.Split, "Pd", "Split if DAS allowed, else double"},
	{solve.Split, "Ps", "Split if DAS allowed, else stand"},
	{solve.Surrender, "Rh", "Surrender, else hit"}, {solve.Surrender, "Rs", "Surrender, else stand"},
	{solve.Surrender, "Rp", "Surrender, else split"},
}

// walletLegend is the legend of a wallet card: the codes it prints.
func walletLegend(used map[string]bool) string {
	// One phrase per group of codes, their fallbacks joined: "Dh/Ds double,
	// else hit/stand", short enough for the card at a legible size.
	groups := []struct {
		codes []string
		what  string
		elses []string
	}{
		{[]string{"H"}, "hit", nil}, {[]string{"S"}, "stand", nil}, {[]string{"P"}, "split", nil},
		{[]string{"Dh", "Ds"}, "double, else", []string{"hit", "stand"}},
		{[]string{"Ph", "Pd", "Ps"}, "split if DAS, else", []string{"hit", "double", "stand"}},
		{[]string{"Rh", "Rs", "Rp"}, "surrender, else", []string{"hit", "stand", "split"}},
	}
	var parts []string
	for _, g := range groups {
		var codes, elses []string
		for i, code := range g.codes {
			if used[code] {
				codes = append(codes, code)
				if g.elses != nil {
					elses = append(elses, g.elses[i])
				}
			}
		}
		if len(codes) > 0 {
			parts = append(parts, strings.TrimSpace(strings.Join(codes, "/")+" "+g.what+" "+strings.Join(elses, "/")))
		}
	}
	return strings.Join(parts, "; ") + "."
}

// walletMulti is the most three-card indices a wallet card lists.
const walletMulti = 6

// walletNotes are the notes of an index wallet card: how a cell reads,
// the insurance index, the marks, the ramp, the three-card indices.
func (ip *IndexPage) walletNotes() string {
	notes := "Each index and the play at or above it (" + ip.Count + "); below it the other play. " + ip.Insurance + "."
	if m, ok := ip.NotSurrendering(); ok {
		notes += fmt.Sprintf("\nR%+d%s: surrender; a hand not surrendered (after a split, or of three or more cards): %s at %+d or more.", m.Index, m.Play.Letter(), m.Play, m.Index)
	}
	if st := ip.Starred(); len(st) > 0 {
		notes += "\n* Differs from the published index: " + strings.Join(st, ", ") + "."
	}
	if u := ip.UnsettledNote(); u != "" {
		notes += "\n" + u
	}
	if ip.Ramp != "" {
		notes += "\n" + ip.Ramp + "."
	}
	if m := ip.Multi; len(m) > 0 {
		more := ""
		if len(m) > walletMulti { // what the card has room for
			m, more = m[:walletMulti], fmt.Sprintf(" and %d more (on the full-page card)", len(m)-walletMulti)
		}
		notes += "\nIndices, three or more cards: " + strings.Join(m, ", ") + more + "."
	}
	return notes
}

// evTable lays out the EV page of a table: every legal action's EV in
// every cell, the chart's play first.
func evTable(t *solve.Table, kind solve.TableKind) CardEVTable {
	e := CardEVTable{
		Title: fmt.Sprintf("EVs behind the chart: %s", strings.ToUpper(kind.String())),
		Note:  t.Conditioning.Describe() + ". S stand, H hit, D double, P split, R surrender; the chart's play first, in bold.",
	}
	for _, hand := range chartRows[kind] {
		row := cardEVRow{Label: hand}
		for i, up := range solve.UpCards {
			cell := t.Cell(kind, hand, up)
			col := cardColor[cell.Code.Best]
			row.Fill[i] = [3]int{col[0]/2 + 128, col[1]/2 + 128, col[2]/2 + 128} // a lighter tint: numbers stay legible
			order := append([]solve.Action{cell.Code.Best}, solve.Actions[:]...)
			seen := map[solve.Action]bool{}
			for _, a := range order {
				if !cell.Legal[a] || seen[a] {
					continue
				}
				seen[a] = true
				row.Lines[i] = append(row.Lines[i], fmt.Sprintf("%s %+.4f", a.Letter(), cell.EV[a]))
			}
			e.Lines = max(e.Lines, len(row.Lines[i]))
		}
		e.Rows = append(e.Rows, row)
	}
	return e
}

// dealerTable lays out the dealer's final-hand probabilities per up
// card, for the card's page.
func dealerTable(t *solve.Table) *ReportTable {
	outcomes, names := outcomeColumns(t.Rules)
	d := &ReportTable{
		Caption: "The dealer's final hand for each up card, before any peek (unconditional), under this rule set's soft-17 rule" +
			map[bool]string{true: ", from the full shoe less the up card.", false: ", infinite deck."}[!t.Rules.Infinite()],
		Header: append([]string{"up card"}, names...),
	}
	for _, up := range solve.UpCards {
		row := []string{up.String()}
		for _, o := range outcomes {
			row = append(row, fmt.Sprintf("%.6f", t.Dealer[up-1][o]))
		}
		d.Rows = append(d.Rows, row)
	}
	return d
}
