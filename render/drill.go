package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"bjchart/solve"
	"bjchart/solve/drill"
)

// DrillReport is a drill's graded hands and its summary, as 'bjchart
// drill --format json' writes it.
type DrillReport struct {
	Rules   string       `json:"rules"`
	Focus   string       `json:"focus"`
	Seed    uint64       `json:"seed"`
	Hands   []drillHand  `json:"hands"`
	Summary drillSummary `json:"summary"`
}

// A drillHand is one graded answer. Costs are in the units and
// conditioning of 'chart --format json'.
type drillHand struct {
	Cards  string `json:"cards"` // "6,T"
	Up     string `json:"up"`
	Cell   string `json:"cell"`
	Split  bool   `json:"split"` // a hand of a split pair
	Answer string `json:"answer"`
	Play   string `json:"play"` // the chart's
	Best   string `json:"best"` // the exact best for these cards
	// Cost is the chart's play's EV less the answer's (null for a play
	// the rules do not allow here, and where a resplit, not valued, is
	// the chart's play or the answer); Per100 the same per 100 rounds at
	// the hand's frequency (null for a split hand).
	Cost    *float64 `json:"cost"`
	Per100  *float64 `json:"per_100"`
	Correct bool     `json:"correct"`
	Allowed bool     `json:"allowed"`
}

// drillSummary is a drill's results.
type drillSummary struct {
	Hands   int         `json:"hands"`
	Correct int         `json:"correct"`
	Cost    float64     `json:"cost"`    // on the hands dealt
	Per100  float64     `json:"per_100"` // per 100 rounds, each missed cell's worst answer at its frequency
	Missed  []drillMiss `json:"missed"`
}

// A drillMiss is a cell answered wrongly.
type drillMiss struct {
	Cell   string   `json:"cell"`
	Times  int      `json:"times"`
	Per100 *float64 `json:"per_100"` // null where every wrong answer was a play not allowed
}

// NewDrillReport lays a session's graded hands out.
func NewDrillReport(s *drill.Session, seed uint64) DrillReport {
	rep := DrillReport{Rules: s.Rules.String(), Focus: s.Focus, Seed: seed, Hands: []drillHand{}}
	for _, g := range s.Graded {
		h := drillHand{Cards: drill.CardList(g.Cards), Up: g.Up.String(), Cell: g.Cell, Split: g.Split,
			Answer: g.Answer.String(), Play: g.Chart.String(), Best: g.Best.String(), Correct: g.Correct, Allowed: g.Allowed}
		if cost := g.Cost; g.Allowed && !math.IsNaN(cost) {
			h.Cost = &cost
		}
		if per := g.Per100; g.Allowed && !math.IsNaN(per) {
			h.Per100 = &per
		}
		rep.Hands = append(rep.Hands, h)
	}
	sum := s.Summary()
	rep.Summary = drillSummary{Hands: sum.Hands, Correct: sum.Correct, Cost: sum.Cost, Per100: sum.Per100, Missed: []drillMiss{}}
	for _, m := range sum.Missed {
		miss := drillMiss{Cell: m.Cell, Times: m.Times}
		if m.Priced {
			per := m.Per100
			miss.Per100 = &per
		}
		rep.Summary.Missed = append(rep.Summary.Missed, miss)
	}
	return rep
}

// WriteJSON writes a drill's report as JSON.
func (rep DrillReport) WriteJSON(w io.Writer) error { return WriteJSON(w, rep) }

// GradeText says how an answer went, in a line or two: right, or what
// the chart plays and what the answer gives up.
func GradeText(g drill.Grade) string {
	var b strings.Builder
	switch {
	case !g.Allowed:
		fmt.Fprintf(&b, "Not allowed here: %s. The chart plays %s.", g.Answer, g.Chart)
	case g.Correct:
		fmt.Fprintf(&b, "Right: %s.", g.Chart)
	case math.IsNaN(g.Cost):
		fmt.Fprintf(&b, "Wrong: the chart plays %s (not priced: a resplit's value depends on the hands already split).", g.Chart)
	case math.IsNaN(g.Per100):
		fmt.Fprintf(&b, "Wrong: the chart plays %s; %s gives up %.4f of a bet on this hand (a split hand: not priced per 100 rounds).",
			g.Chart, g.Answer, g.Cost)
	default:
		fmt.Fprintf(&b, "Wrong: the chart plays %s; %s gives up %.4f of a bet on this hand (%.4f per 100 rounds at its frequency).",
			g.Chart, g.Answer, g.Cost, g.Per100)
	}
	if g.Best != g.Chart {
		fmt.Fprintf(&b, " For these exact cards %s is better still, by %.4f.", g.Best, g.BestGain)
	}
	return b.String()
}

// WriteText writes a drill's report for a reader: each hand, then the
// summary and the cells missed, most costly first.
func (rep DrillReport) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "bjchart drill: %s, %s hands, seed %d\n\n", rep.Rules, rep.Focus, rep.Seed); err != nil {
		return err
	}
	return rep.WriteResults(w)
}

// WriteResults writes a drill's hands and summary, without the heading
// (a session that asked aloud has shown its game already).
func (rep DrillReport) WriteResults(w io.Writer) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	table := rep.Table()
	fmt.Fprintln(tw, strings.Join(table.Header, "\t"))
	for _, row := range table.Rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	b.WriteString("\n")
	for _, line := range rep.SummaryLines() {
		fmt.Fprintln(&b, line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Table is a session's hands, one a row: the cards, the cell, the
// answer, the chart's play and what the answer cost.
func (rep DrillReport) Table() ReportTable {
	t := ReportTable{Caption: "This session's hands", Header: []string{"hand", "cell", "answer", "chart", "cost", "per 100 rounds"}}
	for _, h := range rep.Hands {
		cost, per := "not allowed", ""
		switch {
		case h.Cost != nil && h.Per100 != nil:
			cost, per = fmt.Sprintf("%.4f", *h.Cost), fmt.Sprintf("%.4f", *h.Per100)
		case h.Cost != nil:
			cost, per = fmt.Sprintf("%.4f", *h.Cost), "not priced"
		case h.Allowed:
			cost = "not priced"
		}
		if h.Correct {
			cost, per = "right", ""
		}
		cell := h.Cell
		if h.Split {
			cell += " (split)"
		}
		t.Rows = append(t.Rows, []string{h.Cards + " v " + h.Up, cell, h.Answer, h.Play, cost, per})
	}
	return t
}

// SummaryLines is a session's summary, a sentence or two a line:
// the score, the cells missed, most costly first, and the units.
func (rep DrillReport) SummaryLines() []string {
	s := rep.Summary
	pct := 0.0
	if s.Hands > 0 {
		pct = 100 * float64(s.Correct) / float64(s.Hands)
	}
	lines := []string{fmt.Sprintf("%d of %d right (%.0f%%). The answers gave up %.4f bets on these hands; played every time their hands come up, the mistakes cost %.4f bets per 100 rounds.",
		s.Correct, s.Hands, pct, s.Cost, s.Per100)}
	if len(s.Missed) > 0 {
		var missed []string
		for _, m := range s.Missed {
			cost := "a play not allowed"
			if m.Per100 != nil {
				cost = fmt.Sprintf("%.4f per 100 rounds", *m.Per100)
			}
			missed = append(missed, fmt.Sprintf("%s (%s%s)", m.Cell, times(m.Times), cost))
		}
		lines = append(lines, fmt.Sprintf("Missed, most costly first: %s.", strings.Join(missed, ", ")))
	}
	return append(lines, "Costs are in bets (fractions of the initial bet), in the conditioning of 'chart --format json'; the chart is the game's, the best play the exact one for the cards.")
}

func times(n int) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf("%d times, ", n)
}

// DrillGrid names a drill's cells: the chart's rows as drill cells name
// them ("hard 16", "soft A7", "pairs 88"), in the chart's order, and the
// up cards in its column order (2..9, T, A).
func DrillGrid() (rows, ups []string) {
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		for _, row := range ChartRows(kind) {
			rows = append(rows, kind.String()+" "+row)
		}
	}
	return rows, upCardNames()
}

// upCardNames names the up cards in the chart's column order: 2..9, T, A.
func upCardNames() []string {
	names := make([]string, len(solve.UpCards))
	for i, up := range solve.UpCards {
		names[i] = up.String()
	}
	return names
}

// MissedChart draws a player's missed cells on the chart: a row for each
// chart row with a miss, a column for each up card (2..9, T, A), each
// cell its misses ("." for none). Misses are by cell, "hard 16 v T".
func MissedChart(misses map[string]int) string {
	ups := upCardNames()
	var b strings.Builder
	fmt.Fprintf(&b, "%-9s", "")
	for _, up := range ups {
		fmt.Fprintf(&b, "%3s", up)
	}
	b.WriteByte('\n')
	rows := 0
	cells, _ := DrillGrid()
	for _, row := range cells {
		var line strings.Builder
		any := false
		for _, up := range ups {
			cell := "."
			if n := misses[row+" v "+up]; n > 0 {
				cell, any = fmt.Sprint(n), true
			}
			fmt.Fprintf(&line, "%3s", cell)
		}
		if any {
			fmt.Fprintf(&b, "%-9s%s\n", row, line.String())
			rows++
		}
	}
	if rows == 0 {
		return ""
	}
	return b.String()
}
