package render

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"bjchart/solve/side"
)

// SideCard is a game's side-bet card laid out for a reader: its title,
// the game, one row a bet and the notes that say what the figures are.
// The text, the JSON and the printed card are written from it.
type SideCard struct {
	Title, Game string
	Table       ReportTable
	Notes       []string
	card        *side.BetsCard // for the JSON
}

// NewSideCard lays a game's side bets out: each bet on its usual pay
// table, its house edge at the game's decks, and where it has a count of
// its own, the count's tags, its trigger with its error bar, and how
// often the shoes sampled were at or above it, at what edge.
func NewSideCard(c *side.BetsCard) SideCard {
	sc := SideCard{card: c, Title: "Side bets", Game: fmt.Sprintf("%s (%d decks)", c.Rules, c.Rules.Decks)}
	sc.Table = ReportTable{Header: []string{"bet", "pays", "house edge", "tags A,2..9,T", "trigger", "shoes there", "edge there"}}
	for _, r := range c.Rows {
		row := []string{r.Bet.Name, r.Table.Name, signedFixed(-100*r.EV, 2) + "%", "-", "-", "-", "-"}
		if r.Count != nil {
			row[3] = tagsText(r.Count.Tags)
			if !math.IsNaN(r.TC) {
				row[4] = fmt.Sprintf("%+.2f ± %.2f", r.TC, r.SE)
				row[5] = fmt.Sprintf("%.2f%%", 100*r.Above)
				row[6] = signedFixed(100*r.Edge, 2) + "%"
			} else {
				row[4] = "none"
			}
		}
		sc.Table.Rows = append(sc.Table.Rows, row)
	}
	sc.Notes = []string{
		"House edge: what the casino keeps of a bet on a full shoe, exact (a negative edge is the player's).",
		fmt.Sprintf("Count: the bet's own tags, its effects of removal by rank rounded; add a card's tag as it is seen. "+
			"Trigger: bet from this true count of the tags (the running count less the tags' mean for the cards dealt, over the decks left), "+
			"where the bet's exact edge on the cards left turns positive, ± its standard error, from %s shoes dealt to below %s, seed %d. "+
			"Shoes there: the share of those shoes at or above the trigger; edge there: their mean edge.",
			Thousands(int64(c.Shoes)), strconv.FormatFloat(100*c.Penetration, 'f', -1, 64)+"%", c.Seed),
		"A dash: the bet has no count of its own (removing a card of any rank, its suit unknown, leaves its edge as it was), or is settled on the dealer's whole hand (buster). " +
			"Pay tables and their sources: 'bjchart side'.",
	}
	return sc
}

// tagsText writes a count's tags, A first: "2 2 -1 -1 -1 -1 -1 -1 -1 0".
func tagsText(tags [10]float64) string {
	s := ""
	for i, x := range tags {
		if i > 0 {
			s += " "
		}
		s += strconv.FormatFloat(x, 'f', -1, 64)
	}
	return s
}

// Text writes a game's side-bet card as text.
func (sc SideCard) Text(w io.Writer) error {
	fmt.Fprintf(w, "bjchart side card: %s\n\n", sc.Game)
	if err := lightTable(w, sc.Table.Header, sc.Table.Rows); err != nil {
		return err
	}
	for _, n := range sc.Notes {
		if _, err := fmt.Fprintf(w, "\n%s\n", n); err != nil {
			return err
		}
	}
	return nil
}

// JSON writes a game's side-bet card (from NewSideCard) as indented JSON.
func (sc SideCard) JSON(w io.Writer) error { return WriteJSON(w, newJSONSideCard(sc.card)) }

// jsonSideCard is the JSON form of a game's side-bet card: returns and
// edges in bets (fractions of the bet); a figure a bet does not have is
// null.
type jsonSideCard struct {
	Rules       string            `json:"rules"`
	Decks       int               `json:"decks"`
	Penetration float64           `json:"penetration"`
	Shoes       int               `json:"shoes"` // sampled for each trigger
	Seed        uint64            `json:"seed"`
	Bets        []jsonSideCardBet `json:"bets"`
}

// jsonSideCardBet is one bet of a side-bet card.
type jsonSideCardBet struct {
	Bet       string       `json:"bet"`
	Pays      string       `json:"pays"`
	Table     string       `json:"pays_name"`
	EV        float64      `json:"ev"`
	HouseEdge float64      `json:"house_edge"`
	Tags      *[10]float64 `json:"tags"` // A, 2..9, T
	Trigger   *float64     `json:"trigger"`
	TriggerSE *float64     `json:"trigger_se"`
	Above     *float64     `json:"share_at_or_above"`
	AboveEdge *float64     `json:"edge_at_or_above"`
}

// newJSONSideCard converts a side-bet card.
func newJSONSideCard(c *side.BetsCard) jsonSideCard {
	out := jsonSideCard{Rules: c.Rules.String(), Decks: c.Rules.Decks, Penetration: c.Penetration, Shoes: c.Shoes, Seed: c.Seed}
	for _, r := range c.Rows {
		b := jsonSideCardBet{Bet: r.Bet.Name, Pays: r.Table.String(), Table: r.Table.Name, EV: r.EV, HouseEdge: -r.EV}
		if r.Count != nil {
			tags := r.Count.Tags
			b.Tags = &tags
			if !math.IsNaN(r.TC) {
				above, edge := r.Above, r.Edge
				b.Trigger, b.TriggerSE, b.Above, b.AboveEdge = number(r.TC), number(r.SE), &above, &edge
			}
		}
		out.Bets = append(out.Bets, b)
	}
	return out
}
