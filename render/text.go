// Package render turns report values into what people and programs read:
// terminal charts and tables, JSON and CSV, and the laid-out values (a
// card's pages, a heatmap's grids, a count plot's points) that a Painter
// draws. It runs no job and solves nothing: the engines under solve/ and
// the composite requests of render/compose make the values it formats.
package render

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"bjchart/solve"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// TextOptions configures the terminal chart.
type TextOptions struct {
	// Color paints each action cell with the colours of printed charts
	// (ANSI 256-colour escapes). The code is printed either way.
	Color bool
	// EV prints the EV of every legal action under each cell's code.
	EV bool
}

// actionColor is the ANSI 256-colour background of each action: the colours
// of common printed charts (hit white, stand yellow, double green, split
// blue, surrender red), chosen apart in lightness as well as hue so they stay
// distinguishable for colour-blind readers.
var actionColor = map[solve.Action]string{
	solve.Hit:       "\x1b[30;48;5;255m",
	solve.Stand:     "\x1b[30;48;5;220m",
	solve.Double:    "\x1b[30;48;5;114m",
	solve.Split:     "\x1b[30;48;5;117m",
	solve.Surrender: "\x1b[97;48;5;160m",
}

const ansiReset = "\x1b[0m"

// chartRows are the rows printed in the text chart: hard 5-21, soft A2-A9
// and every pair, as printed charts show them. Every row is in the JSON.
var chartRows = map[solve.TableKind][]string{
	solve.Hard:  solve.Rows(solve.Hard)[1:],
	solve.Soft:  solve.Rows(solve.Soft)[1:9],
	solve.Pairs: solve.Rows(solve.Pairs),
}

// Text writes the three chart tables (hard, soft, pairs) with a header line
// giving the canonical rules and the house edge, and a legend.
func Text(w io.Writer, t *solve.Table, opt TextOptions) error {
	if _, err := fmt.Fprintf(w, "%s\nrules %s\n%s (player EV %+.4f%% per round)\n",
		"bjchart basic strategy", rulesText(t.Rules.String(), customShoe(t)), EdgeText(t.EV, 4), 100*t.EV); err != nil {
		return err
	}
	if line := BestPlayText(t); line != "" {
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if opt.EV {
		if _, err := fmt.Fprintf(w, "%s.\n", t.Conditioning.Describe()); err != nil {
			return err
		}
	}
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		if _, err := fmt.Fprintf(w, "\n%s\n", strings.ToUpper(kind.String())); err != nil {
			return err
		}
		if err := textTable(w, t, kind, opt); err != nil {
			return err
		}
	}
	if notes := multiCardNotes(t); len(notes) > 0 {
		if _, err := fmt.Fprintf(w, "\n* hands of three or more cards: %s\n", strings.Join(notes, "; ")); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(w, "\n"+legendFor(t.Rules)+"\n\n"+InsuranceText(t.Insurance()))
	return err
}

// InsuranceText says what insurance and even money are worth in the
// game, each for the cards it is decided on: insurance with only the
// dealer's ace seen, even money with the player's A,T seen too.
func InsuranceText(in solve.Insurance) string {
	verdict := "not worth taking without a count"
	if in.EV > 0 {
		verdict = "worth taking in this shoe"
	}
	text := fmt.Sprintf("Insurance (2:1 on a ten in the hole), with only the dealer's ace seen: a ten is in the hole %.2f%% of the time, so insurance returns %+.2f%% of the stake: %s.",
		100*in.TenChance, 100*in.EV, verdict)
	even := fmt.Sprintf(" With your blackjack (A,T) seen too, a ten is in the hole %.2f%% of the time and insurance returns %+.2f%%: even money (insuring it)",
		100*in.BlackjackTenChance, 100*(3*in.BlackjackTenChance-1))
	if in.EvenMoney < 0 {
		return text + even + fmt.Sprintf(" gives up %.4f of a bet.", -in.EvenMoney)
	}
	return text + even + fmt.Sprintf(" gains %.4f of a bet.", in.EvenMoney)
}

// Legend explains the chart codes.
const Legend = "H hit  S stand  Dh double else hit  Ds double else stand  P split\n" +
	splitLegend + "\n" +
	"Rh/Rs/Rp surrender else hit/stand/split"

// splitLegend is Legend's line for the splits that depend on DAS.
const splitLegend = "Ph/Pd/Ps split if DAS else hit/double/stand"

// legendFor is Legend for a chart of rules r: in a game that allows
// doubling after a split, whose chart prints no Ph, Pd or Ps, without
// their line.
func legendFor(r solve.Rules) string {
	if r.DAS {
		return strings.Replace(Legend, splitLegend+"\n", "", 1)
	}
	return Legend
}

// A Grid is a chart-shaped table for the terminal: rows of ten cells
// against the up cards 2..9, T, A.
type Grid struct {
	Rows []GridRow
	// Lines separates rows with rules (for multi-line cells).
	Lines bool
}

// A GridRow is a labelled row of a Grid.
type GridRow struct {
	Label string
	Cells [10]GridCell
}

// A GridCell is one cell: its text and the action whose colour it takes
// (NoAction: none).
type GridCell struct {
	Text   string
	Action solve.Action
}

// WriteText writes a grid as a table, colouring cells when color is set.
func (g Grid) WriteText(w io.Writer, color bool) error {
	header := []string{""}
	for _, up := range solve.UpCards {
		header = append(header, up.String())
	}
	rendition := tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)}
	if g.Lines {
		rendition.Settings.Separators.BetweenRows = tw.On
	}
	tab := gridTable(w, rendition, tw.AlignCenter)
	tab.Header(header)
	for _, r := range g.Rows {
		row := []string{fmt.Sprintf(" %-3s", r.Label)}
		for _, c := range r.Cells {
			text := c.Text
			if color && c.Action != solve.NoAction {
				first, rest, _ := strings.Cut(text, "\n")
				text = actionColor[c.Action] + first + ansiReset
				if rest != "" {
					text += "\n" + rest
				}
			}
			row = append(row, text)
		}
		if err := tab.Append(row); err != nil {
			return err
		}
	}
	return tab.Render()
}

// gridTable is a chart-shaped table: cells unpadded and unwrapped, as
// they are written (colour codes included), the rows aligned as align.
func gridTable(w io.Writer, rendition tw.Rendition, align tw.Align) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(rendition)),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignment(align),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithPadding(tw.PaddingNone),
	)
}

func textTable(w io.Writer, t *solve.Table, kind solve.TableKind, opt TextOptions) error {
	g := Grid{Lines: opt.EV}
	for _, hand := range chartRows[kind] {
		r := GridRow{Label: hand}
		for i, up := range solve.UpCards {
			c := t.Cell(kind, hand, up)
			r.Cells[i] = GridCell{cellText(c, t.Rules, opt), c.Code.Best}
		}
		g.Rows = append(g.Rows, r)
	}
	return g.WriteText(w, opt.Color)
}

// ChartRows returns the rows the text chart prints for a table: hard
// 5-21, soft A2-A9, every pair.
func ChartRows(kind solve.TableKind) []string { return chartRows[kind] }

// multiCardNotes lists the cells whose play for hands of three or more
// cards differs from the two-card play, as "16 v T: stand".
func multiCardNotes(t *solve.Table) []string {
	var notes []string
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft} {
		for _, hand := range chartRows[kind] {
			for _, up := range solve.UpCards {
				if c := t.Cell(kind, hand, up); c.Marked() {
					notes = append(notes, fmt.Sprintf("%s v %v: %s", hand, up, c.MultiCard))
				}
			}
		}
	}
	return notes
}

// cellText is a cell as the terminal chart prints it: its code as the
// card prints it for the rules (cardCode: in a DAS game a split is P).
func cellText(c *solve.Cell, r solve.Rules, opt TextOptions) string {
	if c.Impossible { // the shoe cannot deal the cell's hands
		if opt.EV {
			return "   --   "
		}
		return " -- "
	}
	mark := " "
	if c.Marked() {
		mark = "*"
	}
	code := fmt.Sprintf(" %-2s%s", cardCode(r, c.Code), mark)
	if opt.EV {
		code = fmt.Sprintf("   %-2s%s  ", cardCode(r, c.Code), mark) // as wide as an EV line
	}
	if !opt.EV {
		return code
	}
	lines := []string{code}
	for _, a := range solve.Actions {
		if c.Legal[a] {
			lines = append(lines, fmt.Sprintf(" %s%+.3f ", a.Letter(), c.EV[a]))
		}
	}
	return strings.Join(lines, "\n")
}

// bestPlayBeyondChart says what an infinite deck's best play does that its
// chart cannot.
// BestPlayText is the line that gives the best play's EV beside the
// chart's: a finite shoe's composition-dependent play, with both split
// conventions, or in an infinite deck what the best play does that the
// chart cannot (by total and card count, doubling three cards, a
// rescue); "" where the chart is the best play.
func BestPlayText(t *solve.Table) string {
	switch {
	case !t.Rules.Infinite():
		return fmt.Sprintf("composition-dependent play: EV %+.4f%% (splits %v), %+.4f%% (splits %v)",
			100*t.CDEV[solve.CDZMinus], solve.CDZMinus, 100*t.CDEV[solve.CDP1], solve.CDP1)
	case !t.Rules.ChartIsBestPlay():
		return fmt.Sprintf("best play: EV %+.4f%% (%s)", 100*t.CDEV[solve.CDZMinus], bestPlayBeyondChart(t.Rules))
	}
	return ""
}

func bestPlayBeyondChart(r solve.Rules) string {
	var does []string
	if r.CardCountMatters() {
		does = append(does, "plays three or more cards by total and card count")
	}
	if r.DoubleAny {
		does = append(does, "doubles hands of three or more cards")
	}
	if r.Rescue {
		does = append(does, "rescues doubles")
	}
	return "it " + strings.Join(does, ", ") + "; the chart cannot"
}

// Exceptions lists the hands whose best composition-dependent play differs
// from the chart's: two-card hands, then hands of three or more cards
// (most valuable first), with what each gains per occurrence and per round.
func Exceptions(w io.Writer, t *solve.Table) error {
	if t.Rules.Infinite() {
		_, err := fmt.Fprintln(w, "\nNo composition exceptions: in an infinite deck only totals matter.")
		return err
	}
	header := []string{"hand", "up", "chart", "CD best", "EV chart", "EV CD best", "gain", "gain %/round"}
	var rows [][]string
	row := func(cards, up string, chart, best solve.Action, evChart, evBest, freq float64) []string {
		return []string{cards, up, chart.String(), best.String(),
			fmt.Sprintf("%+.5f", evChart), fmt.Sprintf("%+.5f", evBest),
			fmt.Sprintf("%.5f", evBest-evChart), fmt.Sprintf("%.6f", 100*freq*(evBest-evChart))}
	}
	for _, h := range t.Hands {
		if h.Best != h.Chart && h.Legal[h.Chart] {
			rows = append(rows, row(cardList(h.Cards[:]), h.Up.String(),
				h.Chart, h.Best, h.EV[h.Chart], h.EV[h.Best], h.Freq))
		}
	}
	title := fmt.Sprintf("COMPOSITION EXCEPTIONS: two-card hands (splits valued %v)", t.Split)
	if err := exceptionTable(w, title, header, rows); err != nil {
		return err
	}

	var multi []solve.Composition
	for _, c := range t.Compositions {
		if c.Best != c.Chart {
			multi = append(multi, c)
		}
	}
	gain := func(c solve.Composition) float64 { return c.Freq * (c.EV[c.Best] - c.EV[c.Chart]) }
	slices.SortStableFunc(multi, func(a, b solve.Composition) int { return cmp.Compare(gain(b), gain(a)) })
	rows = nil
	for _, c := range multi {
		kind := "hard"
		if c.Soft {
			kind = "soft"
		}
		rows = append(rows, row(fmt.Sprintf("%s (%s %d)", cardList(c.Cards()), kind, c.Total), c.Up.String(),
			c.Chart, c.Best, c.EV[c.Chart], c.EV[c.Best], c.Freq))
	}
	return exceptionTable(w, "COMPOSITION EXCEPTIONS: hands of three or more cards (most valuable first)", header, rows)
}

func exceptionTable(w io.Writer, title string, header []string, rows [][]string) error {
	if _, err := fmt.Fprintf(w, "\n%s\n", title); err != nil {
		return err
	}
	if len(rows) == 0 {
		_, err := fmt.Fprintln(w, "none")
		return err
	}
	tab := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
	)
	tab.Header(header)
	if err := tab.Bulk(rows); err != nil {
		return err
	}
	return tab.Render()
}

// EdgeText names the side the game favours: "house edge 0.4043%", or
// "player edge 1.8310%" when the player's EV is positive.
func EdgeText(ev float64, digits int) string {
	if ev > 0 {
		return fmt.Sprintf("player edge %.*f%%", digits, 100*ev)
	}
	return fmt.Sprintf("house edge %.*f%%", digits, -100*ev)
}

// rulesText is the rule string for a reader: with a remaining shoe, the
// shoe (counts of A,2..9,T) takes the place of the deck count.
func rulesText(rules, shoe string) string {
	if shoe == "" {
		return rules
	}
	return fmt.Sprintf("%s, dealt from the shoe A,2..9,T = %s", solve.DropDecks(rules), shoe)
}

// rulesWithShoe is the rule string an output names: the rules' canonical
// string, without its deck count when a custom shoe (given beside it, as
// ParseShoe reads it) is dealt instead of full decks.
func rulesWithShoe(rules, shoe string) string {
	if shoe == "" {
		return rules
	}
	return solve.DropDecks(rules)
}
