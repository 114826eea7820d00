package render

import (
	"fmt"
	"strconv"
	"strings"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/sim"
)

// roundingShort names a rounding convention on the card.
var roundingShort = map[string]string{
	"nearest":  "to the nearest integer",
	"floor":    "down",
	"truncate": "toward zero",
}

// cardConventions says how a card's indices read, in a player's words
// (no command-line flags): the tags, the count, when it is read.
func cardConventions(rep *IndicesReport) string {
	ranks := [10]string{"aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "tens"}
	var groups []string
	for _, tag := range []float64{3, 2, 1.5, 1, 0.5, -0.5, -1, -1.5, -2, -3} {
		var rs []string
		for i, t := range rep.Tags {
			if t == tag {
				rs = append(rs, ranks[i])
			}
		}
		if len(rs) > 0 {
			groups = append(groups, fmt.Sprintf("%s count %+g", strings.Join(rs, ", "), tag))
		}
	}
	s := fmt.Sprintf("%s: %s, the other cards 0.", rep.Count, strings.Join(groups, "; "))
	if rep.Balanced {
		s += " True count = running count ÷ decks left (cards left ÷ 52), not rounded."
	} else {
		s += " The running count, from the count's start at the shuffle."
	}
	if rep.CountAt == "decision" {
		s += " Read when you decide: your two cards and the dealer's up card counted."
	} else {
		s += " Read before the round is dealt."
	}
	return s + " Take the play at or above the index."
}

// NewIndexPage lays a report's indices out for the counter's card: each
// reliable two-card index in its cell, every index in the list.
func NewIndexPage(rep *IndicesReport, t *solve.Table) *IndexPage {
	reading := "true count"
	if !rep.Balanced {
		reading = "running count"
	}
	p := &IndexPage{
		Title: "Index plays: " + rep.Count,
		Count: reading,
		Marks: map[CellKey][]IndexMark{},
		Notes: []string{
			cardConventions(rep),
			fmt.Sprintf("Each index is the crossing rounded %s; the list gives the crossing ± its standard error, the integers it could round to where these shoes do not settle it (+3/+4), "+
				"and the published index where it differs (Schlesinger, Blackjack Attack, 3rd ed., multi-deck S17 DAS).", roundingShort[rep.Rounding]),
			fmt.Sprintf("Computed by bjchart for %s: each index is where the exact gain of its play, averaged over %d shoes "+
				"dealt to a random depth below %g%%%s (seed %d), crosses zero, the ranks the count does not see taken out of its scatter "+
				"(control variates); the list gives its standard error.",
				rep.Rules, rep.Shoes, 100*rep.Penetration, oversampleNote(rep.Oversample), rep.Seed),
		},
		Insurance: "Insurance: never within the counts sampled",
	}
	var unreliable []string
	for _, x := range rep.Indices {
		if x.Rounded == nil {
			continue
		}
		name := x.Hand + " v " + x.Up
		if x.Table == "insurance" {
			name = "insurance"
		}
		if x.MultiCard {
			name += " (3+ cards)"
		}
		if !x.Reliable { // listed apart, never in a cell
			unreliable = append(unreliable, fmt.Sprintf("%s %s→%s %s (SE %.2f)", name, x.Base, x.Play, formatIndex(*x.Index), *x.SE))
			continue
		}
		if x.Table == "insurance" {
			p.Insurance = fmt.Sprintf("Insurance: take it at %s %+d or more", reading, *x.Rounded)
			continue
		}
		up, _ := solve.ParseRank(x.Up)
		key := CellKey{Table: count.RowKind(x.Hand), Hand: x.Hand, Up: up}
		line := fmt.Sprintf("%s: %s at %+d or more, else %s (%s ± %.2f", name, x.Play, *x.Rounded, strings.Replace(x.Base, "hit or stand", "play", 1), formatIndex(*x.Index), *x.SE)
		if !x.Settled() {
			line += ", " + x.Label()
		}
		var differs *float64
		if x.Published != nil && float64(*x.Rounded) != *x.Published {
			differs = x.Published
			line += fmt.Sprintf(", published %+g", *x.Published)
		}
		line += ")"
		if x.MultiCard { // the lists only: a cell prints the two-card play
			p.List = append(p.List, line)
			p.Multi = append(p.Multi, fmt.Sprintf("%s v %s %+d%s", x.Hand, x.Up, *x.Rounded, playLetter(x.Play)))
			continue
		}
		play, _ := solve.ParseAction(x.Play)
		base, _ := solve.ParseAction(x.Base)
		mark := IndexMark{Index: *x.Rounded, Play: play, Base: base, Published: differs, Unsettled: !x.Settled()}
		if x.Between != nil {
			mark.Between = *x.Between
		}
		if c := t.Cell(key.Table, x.Hand, up); c != nil && c.Code.Best == solve.Surrender && x.Play != "surrender" && x.Base != "surrender" {
			// The chart surrenders here; a hit/stand index is for a hand
			// not surrendered (as the simulator plays it).
			mark.NotSurrendering, line = true, line+", if not surrendering"
		}
		mark.Detail = line
		p.Marks[key] = append(p.Marks[key], mark)
		p.List = append(p.List, line)
	}
	if len(unreliable) > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("Not shown, known only to within more than a point (more --shoes would place them): %s.", strings.Join(unreliable, "; ")))
	}
	return p
}

// chartWord names a compared chart: "the published chart" for one of the
// library's, "your chart" for a file of the player's own.
func chartWord(c *charts.Chart) string {
	if charts.Publication[c.Name] != "" {
		return "the published chart"
	}
	return "your chart"
}

// rulesStated is a chart's rules line, or says it states none.
func rulesStated(c *charts.Chart) string {
	if strings.TrimSpace(c.RulesLine()) == "" {
		return "not stated (no '# rules:' line)"
	}
	return c.RulesLine()
}

// capital is s with its first letter in capitals.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Page lays a diff out for the card.
func (r DiffReport) Page() *DiffPage {
	d := r.Diff
	which, column := chartWord(d.Chart), "pub\u00adlished"
	if which == "your chart" {
		column = "yours"
	}
	p := &DiffPage{
		Title: "Compared with " + d.Chart.Name,
		Summary: []string{
			d.Chart.Title(),
			fmt.Sprintf("Chart rules: %s. Solved: %s.", rulesStated(d.Chart), d.Solved.Rules),
			fmt.Sprintf("EV per round: "+which+" %+.4f%%, this chart %+.4f%%: "+which+" costs %.4f percentage points. "+
				"%d differences beyond near-ties (cost per decision below %g); three-card plays listed separately. "+
				"2-card EV: the cell's two-card hands; cost: EV given up per decision over every hand the cell decides, "+
				"split hands' first decisions included (+ where the two-card hands alone favour the published play).",
				100*d.Published.EV, 100*d.Solved.EV, 100*d.Cost, d.Beyond(), d.Tie),
		},
		Marks:  map[CellKey]string{},
		Header: []string{"hand", "up", column, "this chart", "2-card EV " + column, "2-card EV this chart", "cost/\u200bdeci\u00adsion"},
	}
	if note := d.UnknownNote(); note != "" {
		p.Summary = append(p.Summary, capital(which)+": "+note+"; marked ? on the chart.")
		for _, u := range d.Unknown {
			p.Marks[CellKey{Table: u.Table, Hand: u.Hand, Up: u.Up}] = "?"
		}
	}
	for _, x := range d.Differences {
		mark := "!" // beyond a near-tie
		if x.NearTie {
			mark = "~"
		}
		if x.ThreeCard {
			p.Rows = append(p.Rows, []string{x.Table.String() + " " + x.Hand + " (3+ cards)", x.Up.String(),
				x.Published.MultiCard.Letter(), x.Solver.MultiCard.Letter(), "", "", fmt.Sprintf("%.5f%s", x.Cost, tieMark(x.NearTie))})
			continue
		}
		p.Marks[CellKey{Table: x.Table, Hand: x.Hand, Up: x.Up}] = mark + x.Printed
		p.Rows = append(p.Rows, []string{x.Table.String() + " " + x.Hand, x.Up.String(), x.Printed, x.Solver.Code.String(),
			fmt.Sprintf("%+.5f%s", x.EVPublished, strings.ReplaceAll(twoCardMark(x), "†", "+")), fmt.Sprintf("%+.5f", x.EVSolver), fmt.Sprintf("%.5f%s", x.Cost, tieMark(x.NearTie))})
	}
	return p
}

// tieMark marks a near-tie on the card (core PDF fonts have no ≈).
func tieMark(nearTie bool) string {
	if nearTie {
		return "~"
	}
	return ""
}

// RampText states a bet ramp for the card: "Bet by true count: 1 below +1,
// 4 from +1, 8.5 from +2, 12 from +3" (units as the ramp gives them; 0:
// sit out).
func RampText(steps []sim.Step, count string) string {
	var parts []string
	for i, st := range steps {
		bet := strconv.FormatFloat(st.Bet, 'g', -1, 64)
		if st.Bet == 0 {
			bet = "sit out"
		}
		switch {
		case i == 0 && len(steps) > 1:
			parts = append(parts, fmt.Sprintf("%s below %+g", bet, steps[1].From))
		case i == 0:
			parts = append(parts, bet+" at every count")
		default:
			parts = append(parts, fmt.Sprintf("%s from %+g", bet, st.From))
		}
	}
	return "Bet by " + count + " (units): " + strings.Join(parts, ", ")
}

// oversampleNote says, for a card's notes, how shoes were kept by their count.
func oversampleNote(over float64) string {
	if over == 0 {
		return ""
	}
	return " and kept the more often the larger their count, each weighed back"
}
