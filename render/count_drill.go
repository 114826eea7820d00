package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"bjchart/solve/drill"
)

// A CountDrillReport is a counting drill's session: each drill's cards,
// what they count to and the answer given, graded.
type CountDrillReport struct {
	Rules  string           `json:"rules"`
	Count  string           `json:"count"`
	Seed   uint64           `json:"seed"`
	Drills []countDrillJSON `json:"drills"`
	Right  int              `json:"right"`
	// MeanRunningOff is the mean of the running counts' absolute errors.
	MeanRunningOff float64 `json:"mean_running_off"`
	Note           string  `json:"note"`
}

type countDrillJSON struct {
	Cards      string   `json:"cards"`
	Running    float64  `json:"running_count"`
	Left       int      `json:"cards_left"`
	Decks      float64  `json:"decks_left"` // to the half deck
	True       *float64 `json:"true_count,omitempty"`
	Answer     float64  `json:"answer_running"`
	AnswerTrue *float64 `json:"answer_true,omitempty"`
	Right      bool     `json:"right"`
}

// countDrillNote says how the drills are graded.
const countDrillNote = "Each drill shuffles the shoe and shows its first cards; the running count is theirs from the count's start after a shuffle " +
	"(0, or an unbalanced count's initial count); the true count is the running count x 52 / cards left (balanced counts only). " +
	"Right: the running count exact and the true count within 0.5 (a player divides by the decks left to the half deck)."

// NewCountDrillReport lays out a graded session.
func NewCountDrillReport(job drill.CountJob, grades []drill.CountGrade) CountDrillReport {
	rep := CountDrillReport{Rules: job.Rules.String(), Count: job.System.Name, Seed: job.Seed, Note: countDrillNote}
	off := 0.0
	for _, g := range grades {
		d := g.Drill
		j := countDrillJSON{Cards: drill.CardList(d.Cards), Running: d.Running, Left: d.Left, Decks: d.Decks(), Answer: g.Answer.Running, Right: g.Right}
		if !math.IsNaN(d.True) {
			t := d.True
			j.True = &t
		}
		if !math.IsNaN(g.Answer.True) {
			t := g.Answer.True
			j.AnswerTrue = &t
		}
		if g.Right {
			rep.Right++
		}
		off += math.Abs(g.RunningOff)
		rep.Drills = append(rep.Drills, j)
	}
	if len(grades) > 0 {
		rep.MeanRunningOff = off / float64(len(grades))
	}
	return rep
}

// CountGradeText is one drill's grade in a line or two, as the terminal
// says it after an answer.
func CountGradeText(g drill.CountGrade) string {
	d := g.Drill
	var b strings.Builder
	verdict := "Right"
	if !g.Right {
		verdict = "Wrong"
	}
	fmt.Fprintf(&b, "%s: running count %+g", verdict, d.Running)
	if g.RunningOff != 0 {
		fmt.Fprintf(&b, " (you said %+g)", g.Answer.Running)
	}
	if !math.IsNaN(d.True) {
		fmt.Fprintf(&b, "; %d cards left (%g decks): true count %+.2f", d.Left, d.Decks(), d.True)
		if !math.IsNaN(g.Answer.True) && math.Abs(g.TrueOff) > drill.TrueTolerance {
			fmt.Fprintf(&b, " (you said %+g)", g.Answer.True)
		}
	}
	b.WriteString(".")
	return b.String()
}

// WriteText writes a graded session: each drill and the summary.
func (rep CountDrillReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "bjchart drill count: %s, %s, seed %d\n\n", rep.Rules, rep.Count, rep.Seed)
	for i, d := range rep.Drills {
		fmt.Fprintf(&b, "%d. %s\n   running count %+g, your %+g", i+1, d.Cards, d.Running, d.Answer)
		if d.True != nil {
			fmt.Fprintf(&b, "; %d cards left (%g decks): true count %+.2f", d.Left, d.Decks, *d.True)
			if d.AnswerTrue != nil {
				fmt.Fprintf(&b, ", your %+g", *d.AnswerTrue)
			}
		}
		verdict := "right"
		if !d.Right {
			verdict = "wrong"
		}
		fmt.Fprintf(&b, ": %s\n", verdict)
	}
	fmt.Fprintf(&b, "\n")
	b.WriteString(rep.SummaryText())
	_, err := io.WriteString(w, b.String())
	return err
}

// Table is a session's drills, one a row: the running count
// and the answer, the true count and the answer (balanced counts), the
// verdict. The cards are the text report's.
func (rep CountDrillReport) Table() ReportTable {
	t := ReportTable{Caption: "This session's drills", Header: []string{"drill", "running count", "yours", "true count", "yours", "verdict"}}
	for i, d := range rep.Drills {
		row := []string{fmt.Sprint(i + 1), fmt.Sprintf("%+g", d.Running), fmt.Sprintf("%+g", d.Answer), "", "", "right"}
		if d.True != nil {
			row[3] = fmt.Sprintf("%+.2f", *d.True)
		}
		if d.AnswerTrue != nil {
			row[4] = fmt.Sprintf("%+g", *d.AnswerTrue)
		}
		if !d.Right {
			row[5] = "wrong"
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// SummaryText is a session's summary and how it was graded.
func (rep CountDrillReport) SummaryText() string {
	return rep.Score() + "\n\n" + rep.Note + "\n"
}

// Score is a session's score in a sentence.
func (rep CountDrillReport) Score() string {
	return fmt.Sprintf("%d of %d right; running counts off by %.2f on average.", rep.Right, len(rep.Drills), rep.MeanRunningOff)
}
