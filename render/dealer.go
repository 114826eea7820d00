package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"

	"bjchart/solve"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Dealer is the distribution of the dealer's final hand for every up card
// of a game.
type Dealer struct {
	Rules solve.Rules
	Shoe  *solve.Shoe          // the shoe dealt from when not the rules' full decks
	Dist  [10]solve.DealerDist // unconditional, by rank-1
	PUp   [10]float64          // each up card's probability, by rank-1
}

// NewDealer lays out the dealer's distributions (solve.DealerRequest's)
// for rules and an optional remaining shoe.
func NewDealer(r solve.Rules, shoe *solve.Shoe, dist [10]solve.DealerDist) Dealer {
	return Dealer{Rules: r, Shoe: shoe, Dist: dist, PUp: upProbs(r, shoe)}
}

// dealerOf returns the dealer's distributions of a solved table.
func dealerOf(t *solve.Table) Dealer {
	d := Dealer{Rules: t.Rules, Dist: t.Dealer}
	if !t.Rules.Infinite() {
		d.Shoe = &t.Shoe
	}
	d.PUp = upProbs(t.Rules, d.Shoe)
	return d
}

func upProbs(r solve.Rules, shoe *solve.Shoe) [10]float64 {
	switch {
	case shoe != nil:
		return shoe.Probs()
	}
	return r.FullShoe().Probs()
}

// dealerUps is the order of up cards in every dealer output: 2..9, T, A.
var dealerUps = []solve.Rank{2, 3, 4, 5, 6, 7, 8, 9, 10, 1}

// dealerOutcomeNames names the outcomes in the order outputs show them.
var dealerOutcomeNames = []string{"17", "18", "19", "20", "21", "bust", "blackjack"}

// shownOutcomes are the DealerDist indices of dealerOutcomeNames.
var shownOutcomes = []int{solve.Dealer17, solve.Dealer18, solve.Dealer19, solve.Dealer20, solve.Dealer21, solve.DealerBust, solve.DealerBlackjack}

// outcomeColumns returns the outcomes an output shows for the rules and
// their names: a dealer who may stand on 16 (DHIT16) adds a column "16",
// and under PUSH22 a column "22" (bust is then 23 or more), at the end,
// so that the usual columns keep their places.
func outcomeColumns(r solve.Rules) ([]int, []string) {
	outcomes := slices.Clone(shownOutcomes)
	names := slices.Clone(dealerOutcomeNames)
	if r.DealerStand16 > 0 {
		outcomes, names = append(outcomes, solve.Dealer16), append(names, "16")
	}
	if r.Push22 { // "bust" is then 23 or more
		names[slices.Index(names, "bust")] = "bust 23+"
		outcomes, names = append(outcomes, solve.Dealer22), append(names, "22")
	}
	return outcomes, names
}

// dealerNote says what the two distributions are.
const dealerNote = "unconditional: before any peek, blackjacks included; " +
	"no_blackjack: given that the dealer does not have blackjack, what the player faces after a peek"

// jsonDealer is the dealer block of the JSON forms.
type jsonDealer struct {
	Note    string         `json:"note"`
	UpCards []jsonDealerUp `json:"up_cards"`
}

// jsonDealerUp is one up card's distributions.
type jsonDealerUp struct {
	Up            string         `json:"up"`
	PUp           float64        `json:"p_up"` // the up card's probability
	Unconditional dealerDistJSON `json:"unconditional"`
	NoBlackjack   dealerDistJSON `json:"no_blackjack"`
}

// dealerDistJSON is a distribution of the dealer's final hand.
type dealerDistJSON struct {
	P17       float64 `json:"17"`
	P18       float64 `json:"18"`
	P19       float64 `json:"19"`
	P20       float64 `json:"20"`
	P21       float64 `json:"21"`
	Bust      float64 `json:"bust"`
	Blackjack float64 `json:"blackjack"`
	// P16 is the dealer standing on 16, only for a dealer who may (DHIT16).
	P16 *float64 `json:"16,omitempty"`
	// P22 is the dealer busting with 22, only under PUSH22 (Bust is then
	// 23 or more).
	P22 *float64 `json:"22,omitempty"`
}

func jsonDealerDist(r solve.Rules, d solve.DealerDist) dealerDistJSON {
	j := dealerDistJSON{d[solve.Dealer17], d[solve.Dealer18], d[solve.Dealer19], d[solve.Dealer20],
		d[solve.Dealer21], d[solve.DealerBust], d[solve.DealerBlackjack], nil, nil}
	if r.DealerStand16 > 0 {
		p := d[solve.Dealer16]
		j.P16 = &p
	}
	if r.Push22 {
		p := d[solve.Dealer22]
		j.P22 = &p
	}
	return j
}

// JSON returns the dealer block.
func (d Dealer) JSON() jsonDealer {
	out := jsonDealer{Note: dealerNote}
	for _, up := range dealerUps {
		dist := d.Dist[up-1]
		out.UpCards = append(out.UpCards, jsonDealerUp{
			Up: up.String(), PUp: d.PUp[up-1],
			Unconditional: jsonDealerDist(d.Rules, dist), NoBlackjack: jsonDealerDist(d.Rules, dist.NoBlackjack()),
		})
	}
	return out
}

// customShoe returns the shoe dealt from when not the rules' full decks.
func (d Dealer) customShoe() string {
	if d.Shoe == nil {
		return ""
	}
	return shoeIfCustom(d.Rules, *d.Shoe)
}

// WriteJSON writes the rules, the shoe if not full decks, and the dealer block.
func (d Dealer) WriteJSON(w io.Writer) error {
	out := struct {
		Rules  string     `json:"rules"`
		Shoe   string     `json:"shoe,omitempty"`
		Dealer jsonDealer `json:"dealer"`
	}{Rules: rulesWithShoe(d.Rules.String(), d.customShoe()), Shoe: d.customShoe(), Dealer: d.JSON()}
	return WriteJSON(w, out)
}

// dealerCSVHeader is the first line of the dealer's CSV form (a dealer
// who may stand on 16 adds a last column "16").
var dealerCSVHeader = append([]string{"rules", "shoe", "up", "p_up", "conditioning"}, dealerOutcomeNames...)

// WriteCSV writes one line per up card and conditioning: unconditional,
// then no_blackjack.
func (d Dealer) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	outcomes, names := outcomeColumns(d.Rules)
	if err := cw.Write(append([]string{"rules", "shoe", "up", "p_up", "conditioning"}, names...)); err != nil {
		return err
	}
	shoe := d.customShoe()
	rules := rulesWithShoe(d.Rules.String(), shoe)
	for _, cond := range []string{"unconditional", "no_blackjack"} {
		for _, up := range dealerUps {
			dist := d.Dist[up-1]
			if cond == "no_blackjack" {
				dist = dist.NoBlackjack()
			}
			row := []string{rules, shoe, up.String(), csvNum(d.PUp[up-1]), cond}
			for _, o := range outcomes {
				row = append(row, csvNum(dist[o]))
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// A DealerTable is one of the dealer's tables: a title, the columns
// (the up card, its probability, then the outcomes) and a row an up card,
// every figure a probability (NaN where the shoe holds no such up card).
type DealerTable struct {
	Title  string // "Unconditional"
	Note   string // what it is: "before any peek; blackjacks included"
	Header []string
	Rows   []dealerTableRow
}

// A dealerTableRow is an up card's row.
type dealerTableRow struct {
	Up     string
	Values []float64 // P(up), then each outcome's probability
}

// Tables lays the distributions out as the text and the page show
// them: every up card unconditionally, then the up cards a peek changes
// (T and A) given no dealer blackjack, without the blackjack column.
func (d Dealer) Tables() []DealerTable {
	outcomes, names := outcomeColumns(d.Rules)
	header := append([]string{"up", "P(up)"}, names...)
	bj := slices.Index(outcomes, solve.DealerBlackjack) + 1 // the blackjack value, after P(up)
	all := DealerTable{Title: "Unconditional", Note: "before any peek; blackjacks included", Header: header}
	peeked := DealerTable{Title: "Given no dealer blackjack", Note: "what the player faces after a peek; other up cards as above",
		Header: slices.Delete(slices.Clone(header), bj+1, bj+2)}
	for _, up := range dealerUps {
		dist := d.Dist[up-1]
		all.Rows = append(all.Rows, dealerTableRow{up.String(), dealerValues(d.PUp[up-1], dist, outcomes)})
		if dist[solve.DealerBlackjack] > 0 {
			row := dealerValues(d.PUp[up-1], dist.NoBlackjack(), outcomes)
			peeked.Rows = append(peeked.Rows, dealerTableRow{up.String(), slices.Delete(row, bj, bj+1)})
		}
	}
	if len(peeked.Rows) == 0 {
		return []DealerTable{all} // the shoe holds no blackjack
	}
	return []DealerTable{all, peeked}
}

// dealerValues is an up card's row: its probability, then each outcome's
// (NaN where the up card cannot come).
func dealerValues(pUp float64, dist solve.DealerDist, outcomes []int) []float64 {
	row := []float64{pUp}
	for _, o := range outcomes {
		if pUp == 0 {
			row = append(row, math.NaN())
			continue
		}
		row = append(row, dist[o])
	}
	return row
}

// WriteText writes the distributions as two tables in percent
// (DealerTables).
func (d Dealer) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "bjchart dealer outcomes\nrules %s\n", rulesText(d.Rules.String(), d.customShoe())); err != nil {
		return err
	}
	for _, t := range d.Tables() {
		var rows [][]string
		for _, r := range t.Rows {
			row := []string{r.Up}
			for _, v := range r.Values {
				row = append(row, PercentCell(v, 4))
			}
			rows = append(rows, row)
		}
		if err := percentTable(w, "\n"+t.Title+", in percent ("+t.Note+"):", t.Header, rows); err != nil {
			return err
		}
	}
	return nil
}

// PercentCell writes a probability in percent to digits places, "-"
// for NaN (nothing to say).
func PercentCell(p float64, digits int) string {
	if math.IsNaN(p) {
		return "-"
	}
	return fmt.Sprintf("%.*f", digits, 100*p)
}

func percentTable(w io.Writer, title string, header []string, rows [][]string) error {
	if _, err := fmt.Fprintln(w, title); err != nil {
		return err
	}
	return lightTable(w, header, rows)
}

// lightTable writes a table in light box lines, cells aligned right.
func lightTable(w io.Writer, header []string, rows [][]string) error {
	tab := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignment(tw.AlignRight),
	)
	tab.Header(header)
	if err := tab.Bulk(rows); err != nil {
		return err
	}
	return tab.Render()
}
