package render

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"bjchart/solve"
)

// HandReport is what bjchart knows about one hand against one up card.
type HandReport struct {
	Rules        string `json:"rules"`
	Shoe         string `json:"shoe,omitempty"`
	Conditioning string `json:"conditioning"` // what the EVs are conditioned on
	// Cards are the exact cards asked about ("6,T"); empty for a total.
	Cards string `json:"cards,omitempty"`
	Up    string `json:"up"`
	Total int    `json:"total"`
	Soft  bool   `json:"soft"`
	// Kind says what the EVs are: "cards" (composition-dependent, for
	// exactly these cards; in an infinite deck under a Charlie or a bonus
	// 21, by total and card count), "cell" (the chart cell: an average over
	// its two-card hands; every hand of the total in an infinite deck).
	Kind string             `json:"kind"`
	EV   map[string]float64 `json:"ev"` // every legal action
	Best string             `json:"best"`
	// Margin is what the best play gains over the next best, per hand.
	Margin *float64 `json:"margin"`
	// Chart is the chart's play for this hand, and Gain what the best play
	// gains over it (0 when they agree).
	Chart string     `json:"chart"`
	Gain  float64    `json:"gain"`
	Cell  JSONCell   `json:"cell"`            // the chart cell that decides the hand
	Hands []handJSON `json:"hands,omitempty"` // a total in a finite shoe: its two-card hands
	Note  string     `json:"note,omitempty"`  // what is special: a blackjack, 21, three or more cards
	// NoDecision marks a hand nothing is decided on (a blackjack): the
	// text stops at its note, where a chart cell's margins would be zeros
	// that price nothing.
	NoDecision bool `json:"no_decision,omitempty"`
}

// NewHandReport lays out what the solved table says of one hand
// (solve.Table.Lookup) as 'bjchart hand' reports it.
func NewHandReport(t *solve.Table, l solve.Lookup) HandReport {
	q := l.Query
	rep := HandReport{Rules: rulesWithShoe(t.Rules.String(), customShoe(t)), Shoe: customShoe(t), Conditioning: t.Conditioning.String(),
		Up: q.Up.String(), Total: q.Total, Soft: q.Soft, Cards: cardList(q.Cards), Cell: jsonCell(l.Cell)}
	rep.Kind = map[solve.LookupKind]string{solve.ForCards: "cards", solve.ForCell: "cell"}[l.Kind]
	switch l.Note {
	case solve.Blackjack:
		rep.Note = fmt.Sprintf("blackjack: paid %v, no decision", t.Rules.BlackjackPays)
		rep.NoDecision = true
	case solve.Stands21:
		rep.Note = "21: the hand stands"
	case solve.MultiCard:
		rep.Note = "three or more cards: stand or hit only; the chart's play is its row's play for three or more cards"
		if t.Rules.DoubleAny {
			rep.Note = "three or more cards: stand, hit or (DANY) double; the chart's play is its row's play for three or more cards (it doubles two cards only)"
		}
	}
	rep.EV = evMap(l.EV[:], l.Legal[:])
	if l.Best == solve.NoAction { // no decision
		return rep
	}
	rep.Best, rep.Chart, rep.Gain = l.Best.String(), l.Chart.String(), l.Gain
	if l.HasMargin {
		m := l.Margin
		rep.Margin = &m
	}
	for _, h := range l.Hands {
		rep.Hands = append(rep.Hands, jsonHand(h))
	}
	return rep
}

func jsonCell(c *solve.Cell) JSONCell {
	jc := JSONCell{Table: c.Table.String(), Hand: c.Hand, Up: c.Up.String(), Action: c.Code.String(),
		EV: evMap(c.EV[:], c.Legal[:]), Margin: CellMargin(c), Impossible: c.Impossible}
	if c.Freq > 0 {
		jc.Cost = map[string]float64{}
		for _, a := range solve.Actions {
			if c.Legal[a] && a != c.Code.Best {
				jc.Cost[a.String()] = c.Cost[a] + 0 // -0 + 0 is +0
			}
		}
	}
	if c.MultiCard != solve.NoAction {
		jc.Multi = c.MultiCard.Letter()
	}
	return jc
}

func jsonHand(h solve.Hand) handJSON {
	total, soft := h.Total()
	return handJSON{Cards: cardList(h.Cards[:]), Up: h.Up.String(), Total: total, Soft: soft, Freq: h.Freq,
		EV: evMap(h.EV[:], h.Legal[:]), Best: h.Best.String(), Chart: h.Chart.String()}
}

// WriteJSON writes the report as indented JSON.
func (rep HandReport) WriteJSON(w io.Writer) error {
	return WriteJSON(w, rep)
}

// WriteText writes the report for a reader.
func (rep HandReport) WriteText(w io.Writer) error {
	name := rep.Cards
	kind := "hard"
	if rep.Soft {
		kind = "soft"
	}
	if name == "" {
		name = fmt.Sprintf("%s %d", kind, rep.Total)
	} else {
		name = fmt.Sprintf("%s (%s %d)", name, kind, rep.Total)
	}
	fmt.Fprintf(w, "%s v %s\nrules %s\n", name, rep.Up, rulesText(rep.Rules, rep.Shoe))
	if rep.Note != "" {
		fmt.Fprintf(w, "%s\n", rep.Note)
	}
	if rep.NoDecision {
		return nil
	}
	if len(rep.EV) > 0 {
		what := "for exactly these cards (composition-dependent)"
		if strings.HasPrefix(rep.Rules, "INF ") {
			what = "for these cards (an infinite deck: by total and card count)"
		}
		if rep.Kind == "cell" {
			what = "of the chart cell " + cellName(rep.Cell)
			if len(rep.Hands) > 0 {
				what += " (its two-card hands averaged)"
			}
			what += ",\nlater decisions played by the chart"
		}
		fmt.Fprintf(w, "\nEV per unit bet %s,\n%s:\n", what, conditioningText(rep.Conditioning))
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, a := range sortedActions(rep.EV, -1) {
			var marks []string
			if a == rep.Best {
				marks = append(marks, "best")
			}
			if a == rep.Chart && a != rep.Best {
				marks = append(marks, "chart")
			}
			mark := ""
			if len(marks) > 0 {
				mark = "\t" + strings.Join(marks, ", ")
			}
			fmt.Fprintf(tw, "  %s\t%+.6f%s\n", a, rep.EV[a], mark)
		}
		tw.Flush()
		if rep.Margin != nil {
			best := "best"
			if rep.Kind == "cell" && rep.Chart != rep.Best {
				best = "best of these values"
			}
			fmt.Fprintf(w, "\n%s: %s, by %.6f over the next best\n", best, rep.Best, *rep.Margin)
		}
		switch {
		case rep.Chart == rep.Best:
		case rep.Kind == "cell":
			fmt.Fprintf(w, "the chart plays %s: its choice counts every hand the cell decides, split\n", rep.Chart)
			fmt.Fprintf(w, "hands' first decisions too; there %s gives up %.6f per decision\n", rep.Best, rep.Cell.Cost[rep.Best])
		default:
			fmt.Fprintf(w, "the chart plays %s here: a composition-dependent exception worth %.6f per hand\n", rep.Chart, rep.Gain)
		}
	}
	fmt.Fprintf(w, "chart cell %s: %s", cellName(rep.Cell), rep.Cell.Action)
	if rep.Cell.Multi != "" {
		fmt.Fprintf(w, " (three or more cards: %s)", rep.Cell.Multi)
	}
	if rep.Cell.Margin == nil {
		fmt.Fprintln(w, ", no hand decides at this cell")
	} else {
		fmt.Fprintf(w, ", margin %.6f\n", *rep.Cell.Margin)
		fmt.Fprintln(w, "  EV per decision each other play gives up (every hand of the cell counted):")
		var costs []string
		for _, a := range sortedActions(rep.Cell.Cost, +1) {
			costs = append(costs, fmt.Sprintf("%s %.6f", a, rep.Cell.Cost[a]))
		}
		fmt.Fprintf(w, "  %s\n", strings.Join(costs, ", "))
	}
	if len(rep.Hands) > 0 {
		fmt.Fprintln(w, "\ntwo-card hands of the cell, exact:")
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  cards\tbest\tchart\tEV best\tfreq/round")
		for _, h := range rep.Hands {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%+.6f\t%.6f\n", h.Cards, h.Best, h.Chart, h.EV[h.Best], h.Freq)
		}
		tw.Flush()
	}
	return nil
}

func cellName(c JSONCell) string { return fmt.Sprintf("%s %s v %s", c.Table, c.Hand, c.Up) }

func conditioningText(c string) string {
	if c == solve.NoDealerBlackjack.String() {
		return "given the dealer has no blackjack (after the peek)"
	}
	return "unconditional (dealer blackjacks included)"
}

// sortedActions returns the actions of a map by value, ascending (order
// +1) or descending (-1), ties by name.
func sortedActions(m map[string]float64, order int) []string {
	var names []string
	for a := range m {
		names = append(names, a)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(order*cmp.Compare(m[a], m[b]), strings.Compare(a, b))
	})
	return names
}

// Rows are a hand's plays as a table's rows, best first: the play,
// its EV and what it gives up against the best, for a page to lay out;
// none for a hand nothing is decided on.
func (rep HandReport) Rows() (header []string, rows [][]string) {
	if rep.NoDecision {
		return nil, nil
	}
	plays := make([]string, 0, len(rep.EV))
	for p := range rep.EV {
		plays = append(plays, p)
	}
	sort.Slice(plays, func(i, j int) bool {
		if rep.EV[plays[i]] != rep.EV[plays[j]] {
			return rep.EV[plays[i]] > rep.EV[plays[j]]
		}
		return plays[i] < plays[j]
	})
	header = []string{"play", "EV", "behind the best"}
	best := rep.EV[rep.Best]
	for _, p := range plays {
		rows = append(rows, []string{p, fmt.Sprintf("%+.6f", rep.EV[p]), fmt.Sprintf("%.6f", best-rep.EV[p])})
	}
	return header, rows
}
