package render

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"

	"bjchart/solve"
)

// JSONTable is the JSON form of a solved table. Its fields are documented in
// the README and are stable: new fields may be added, none is renamed.
type JSONTable struct {
	Rules        string     `json:"rules"`          // canonical rule string
	EV           float64    `json:"ev"`             // round EV playing the chart, fraction of the initial bet, unconditional
	EVCD         JSONEVCD   `json:"ev_cd"`          // round EV under composition-dependent play, by split strategy
	HouseEdgePct float64    `json:"house_edge_pct"` // -100 * ev
	Conditioning string     `json:"conditioning"`   // what cell EVs are conditioned on
	Shoe         string     `json:"shoe,omitempty"` // the remaining shoe (counts of A,2..9,T), when not full decks
	Split        string     `json:"split_strategy"` // how cell split EVs play split hands: "chart" (finite shoes), "exact" (infinite deck)
	Cells        []JSONCell `json:"cells"`
}

// JSONCell is one (table, hand, up card) cell.
type JSONCell struct {
	Table  string             `json:"table"`           // hard, soft or pairs
	Hand   string             `json:"hand"`            // "16", "A7", "88", "TT", "AA"
	Up     string             `json:"up"`              // "2".."9", "T", "A"
	Action string             `json:"action"`          // chart code: H, S, Dh, Ds, P, Ph, Rh, ...
	EV     map[string]float64 `json:"ev"`              // legal actions only: stand, hit, double, split, surrender
	Margin float64            `json:"margin"`          // EV per occurrence the best other action would cost
	Multi  string             `json:"multi,omitempty"` // hard/soft cells: H or S for hands of three or more cards
}

// JSONEVCD holds composition-dependent round EVs by post-split strategy.
type JSONEVCD struct {
	CDZMinus float64 `json:"CDZ-"`
	CDP1     float64 `json:"CDP1"`
}

// NewJSONTable converts a table to its JSON form.
func NewJSONTable(t *solve.Table) JSONTable {
	out := JSONTable{
		Rules:        t.Rules.String(),
		EV:           t.EV,
		EVCD:         JSONEVCD{t.CDEV[solve.CDZMinus], t.CDEV[solve.CDP1]},
		HouseEdgePct: -100 * t.EV,
		Conditioning: t.Conditioning.String(),
		Shoe:         customShoe(t),
		Split:        splitName(t),
		Cells:        make([]JSONCell, 0, len(t.Cells)),
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		jc := JSONCell{
			Table:  c.Table.String(),
			Hand:   c.Hand,
			Up:     c.Up.String(),
			Action: c.Code.String(),
			EV:     map[string]float64{},
			Margin: c.Margin,
		}
		if c.MultiCard != solve.NoAction {
			jc.Multi = c.MultiCard.Letter()
		}
		for _, a := range solve.Actions {
			if c.Legal[a] {
				jc.EV[a.String()] = c.EV[a]
			}
		}
		out.Cells = append(out.Cells, jc)
	}
	return out
}

// JSON writes the table as indented JSON.
func JSON(w io.Writer, t *solve.Table) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(NewJSONTable(t))
}

// CSVHeader is the first line of the CSV form.
var CSVHeader = []string{"rules", "conditioning", "table", "hand", "up", "action", "stand", "hit", "double", "split", "surrender", "margin", "multi"}

// CSV writes one line per cell; EVs of illegal actions are empty.
func CSV(w io.Writer, t *solve.Table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', 9, 64) }
	for i := range t.Cells {
		c := &t.Cells[i]
		rec := []string{t.Rules.String(), t.Conditioning.String(), c.Table.String(), c.Hand, c.Up.String(), c.Code.String()}
		for _, a := range solve.Actions {
			v := ""
			if c.Legal[a] {
				v = num(c.EV[a])
			}
			rec = append(rec, v)
		}
		multi := ""
		if c.MultiCard != solve.NoAction {
			multi = c.MultiCard.Letter()
		}
		rec = append(rec, num(c.Margin), multi)
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func splitName(t *solve.Table) string {
	if t.Rules.Infinite() {
		return "exact"
	}
	return "chart"
}

// customShoe returns the shoe when it is not the rules' full shoe.
func customShoe(t *solve.Table) string {
	if t.Rules.Infinite() || t.Shoe == solve.NewShoe(t.Rules.Decks) {
		return ""
	}
	return t.Shoe.String()
}
