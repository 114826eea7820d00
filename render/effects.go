package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"bjchart/solve"
)

// jsonEffects is the JSON form of a game's rule effects.
type jsonEffects struct {
	Rules    string       `json:"rules"`
	EV       float64      `json:"ev"`        // the game's chart EV, a fraction of the initial bet
	BestPlay float64      `json:"best_play"` // its best play's (CDZ- in finite shoes)
	Effects  []jsonEffect `json:"effects"`   // the largest gain first
}

// jsonEffect is one rule changed and what it does to the game.
type jsonEffect struct {
	Group          string  `json:"group"`
	Change         string  `json:"change"` // the token: H17, 6:5, no RSA
	Rules          string  `json:"rules"`
	EV             float64 `json:"ev"`
	Effect         float64 `json:"effect"` // ev less the game's, a fraction of the initial bet
	BestPlay       float64 `json:"best_play"`
	BestPlayEffect float64 `json:"best_play_effect"`
}

// newJSONEffects converts a game's table and its effects.
func newJSONEffects(t *solve.Table, effects []solve.Effect) jsonEffects {
	out := jsonEffects{Rules: t.Rules.String(), EV: t.EV, BestPlay: t.CDEV[solve.CDZMinus], Effects: []jsonEffect{}}
	for _, e := range effects {
		out.Effects = append(out.Effects, jsonEffect{Group: e.Group, Change: e.Token, Rules: e.Rules.String(), EV: e.EV,
			Effect: e.Change, BestPlay: e.BestPlay, BestPlayEffect: e.BestPlayChange})
	}
	return out
}

// An EffectsReport is a game's rule effects: its table, and each rule
// changed alone; its methods write it as text, JSON and CSV and lay it out
// for a page.
type EffectsReport struct {
	Table   *solve.Table
	Effects []solve.Effect
}

// JSON writes the effects as indented JSON.
func (r EffectsReport) JSON(w io.Writer) error {
	return WriteJSON(w, newJSONEffects(r.Table, r.Effects))
}

// CSV writes one line per effect.
func (r EffectsReport) CSV(w io.Writer) error {
	t, effects := r.Table, r.Effects
	cw := csv.NewWriter(w)
	cw.Write([]string{"rules", "group", "change", "variation", "ev", "effect", "best_play", "best_play_effect"})
	for _, e := range newJSONEffects(t, effects).Effects {
		cw.Write([]string{t.Rules.String(), e.Group, e.Change, e.Rules, csvNum(e.EV), csvNum(e.Effect), csvNum(e.BestPlay), csvNum(e.BestPlayEffect)})
	}
	cw.Flush()
	return cw.Error()
}

// Text writes the effects as a table, in percentage points of the initial
// bet per round.
func (r EffectsReport) Text(w io.Writer) error {
	t, effects := r.Table, r.Effects
	fmt.Fprintf(w, "bjchart effects: %s\nplayer EV %+.4f%% with its chart, %+.4f%% with its best play\n\n", t.Rules, 100*t.EV, 100*t.CDEV[solve.CDZMinus])
	fmt.Fprintln(w, "Each rule changed alone: the change in the player's EV per round, in")
	fmt.Fprintln(w, "percentage points of the initial bet, with the best chart for the changed")
	fmt.Fprintln(w, "game (and its best play, where that differs); exact, not simulated.")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rule\tchange\tchart\tbest play\t")
	for _, e := range effects {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", e.Group, e.Token, signedPct(e.Change), signedPct(e.BestPlayChange))
	}
	return tw.Flush()
}

// Rows are the effects as a table's rows, in the text's columns (the
// rule, its change, the change with the chart and with the best play, in
// percentage points), for a page to lay out.
func (r EffectsReport) Rows() (header []string, rows [][]string) {
	header = []string{"rule", "change", "chart", "best play"}
	for _, e := range r.Effects {
		rows = append(rows, []string{e.Group, e.Token, signedPct(e.Change), signedPct(e.BestPlayChange)})
	}
	return header, rows
}

// signedPct prints a fraction as signed percentage points, never -0.0000.
func signedPct(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 4, 64)
	if s == "-0.0000" {
		s = "0.0000"
	}
	if x > 0 && s != "0.0000" {
		s = "+" + s
	}
	return s
}
