package render

import (
	"bjchart/solve"
	"fmt"
	"io"
	"math"
	"strings"

	"bjchart/solve/drill"
)

// An IndexDrillReport is an index drill's session: each drill's hand and
// true count, the card's play there, the answer given and the verdict.
type IndexDrillReport struct {
	Rules  string           `json:"rules"`
	Seed   uint64           `json:"seed"`
	Source string           `json:"indices"` // whose indices the drills grade by
	Drills []indexDrillJSON `json:"drills"`
	Right  int              `json:"right"`
	// MissCost is the misses' cost per hand on average, in initial bets,
	// over the Priced misses (the others are neither the index's play
	// nor its base).
	MissCost float64 `json:"miss_cost"`
	Priced   int     `json:"misses_priced"`
	Note     string  `json:"note"`
}

type indexDrillJSON struct {
	Hand      string `json:"hand"`
	TrueCount int    `json:"true_count"`
	Index     string `json:"index"` // the decision's index, as the card prints it
	Want      string `json:"play"`  // H S D P R, or I and N for insurance
	Answer    string `json:"answer"`
	Right     bool   `json:"right"`
	// Cost is what the answer gives up per hand, in initial bets, on a
	// shoe at the drill's true count (drill.CountShoe); null where a miss
	// is not priced (neither the index's play nor its base).
	Cost *float64 `json:"cost"`
}

// indexDrillNote says what the drills ask, by whose indices.
func indexDrillNote(key drill.IndexKey) string {
	note := "Each drill is a decision of the Hi-Lo index plays (the I18, and the Fab 4 with late surrender) at a true count " +
		"within 3 of its index; the play is what the counter's card says there: the chart's, changed by every index at or below the count " +
		"(a surrender index before a hit/stand one; where the chart surrenders, a two-card hand surrenders). Insurance: I insure, N not. " +
		"The indices: " + key.Source + "."
	if len(key.Unsettled) > 0 {
		note += " Where the shoes leave an index between two integers, no drill is dealt at a count between them."
	}
	if len(key.Skipped) > 0 {
		note += " Left out, with no index these shoes can place: " + strings.Join(key.Skipped, ", ") + "."
	}
	return note
}

// indexText is a decision's index as the grade says it: "double at +1".
func indexText(d drill.IndexDrill) string {
	r := d.Reason
	if r.Hand == "" {
		r = d.Decision
	}
	letter := func(play string) string {
		a, _ := solve.ParseAction(play)
		return strings.ToUpper(a.Letter())
	}
	if r == d.Decision && d.Want != letter(r.Play) && d.Want != letter(r.Base) && r.Table != "insurance" {
		// The chart's play at every count, which the index does not
		// change: a surrender the card keeps (R+5S), its index for a
		// hand not surrendered.
		return fmt.Sprintf("%s at every count, the chart's; %s at %+g is for a hand that cannot %s", d.Play, r.Play, r.Published, d.Play)
	}
	if math.IsInf(r.Published, 1) {
		return r.Base + " at every count"
	}
	return fmt.Sprintf("%s at %+g", r.Play, r.Published)
}

// NewIndexDrillReport lays out a graded session.
func NewIndexDrillReport(job drill.IndexJob, key drill.IndexKey, grades []drill.IndexGrade) IndexDrillReport {
	rep := IndexDrillReport{Rules: job.Rules.String(), Seed: job.Seed, Source: key.Source, Note: indexDrillNote(key)}
	for _, g := range grades {
		d := g.Drill
		x := indexDrillJSON{Hand: d.Hand, TrueCount: d.TrueCount, Index: indexText(d), Want: d.Want, Answer: g.Answer, Right: g.Right}
		if cost := g.Cost; !math.IsNaN(cost) {
			x.Cost = &cost
			if !g.Right {
				rep.MissCost += cost
				rep.Priced++
			}
		}
		rep.Drills = append(rep.Drills, x)
		if g.Right {
			rep.Right++
		}
	}
	return rep
}

// IndexGradeText is one drill's grade, as the terminal says it after an
// answer.
func IndexGradeText(g drill.IndexGrade) string {
	d := g.Drill
	verdict := "Right"
	if !g.Right {
		verdict = "Wrong"
	}
	if r := d.Reason; math.IsInf(d.Decision.Published, 1) || r.Hand != "" && r.Published > float64(d.TrueCount) {
		return fmt.Sprintf("%s: %s at %+d: %s (%s).", verdict, d.Hand, d.TrueCount, d.Play, indexText(d))
	}
	return fmt.Sprintf("%s: %s at %+d: %s (%s or more).", verdict, d.Hand, d.TrueCount, d.Play, indexText(d))
}

// WriteText writes a graded session.
func (rep IndexDrillReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "bjchart drill index: %s, seed %d\n\n", rep.Rules, rep.Seed)
	for i, d := range rep.Drills {
		verdict := "right"
		if !d.Right {
			verdict = "wrong"
		}
		fmt.Fprintf(&b, "%d. %s at %+d: %s (you: %s; %s): %s\n", i+1, d.Hand, d.TrueCount, d.Want, d.Answer, d.Index, verdict)
	}
	b.WriteString("\n" + rep.SummaryText())
	_, err := io.WriteString(w, b.String())
	return err
}

// Table is a session's drills, one a row: the hand, the true
// count, the card's play there and its index, the answer, the verdict.
func (rep IndexDrillReport) Table() ReportTable {
	t := ReportTable{Caption: "This session's drills", Header: []string{"hand", "true count", "play", "index", "yours", "verdict"}}
	for _, d := range rep.Drills {
		verdict := "right"
		if !d.Right {
			verdict = "wrong"
		}
		t.Rows = append(t.Rows, []string{d.Hand, fmt.Sprintf("%+d", d.TrueCount), d.Want, d.Index, d.Answer, verdict})
	}
	return t
}

// SummaryText is a session's summary and what it asked.
func (rep IndexDrillReport) SummaryText() string {
	return rep.Score() + "\n\n" + rep.Note + "\n"
}

// Score is a session's score in a sentence, with what the
// misses cost.
func (rep IndexDrillReport) Score() string {
	score := fmt.Sprintf("%d of %d right.", rep.Right, len(rep.Drills))
	if rep.Priced > 0 {
		score += fmt.Sprintf(" A miss cost %.2f%% of a bet on average, each on a shoe at its true count (half dealt, the count's cards taken out evenly; %d of %d misses priced).",
			100*rep.MissCost/float64(rep.Priced), rep.Priced, len(rep.Drills)-rep.Right)
	}
	return score
}
