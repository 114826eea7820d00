package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"

	"bjchart/solve/side"
)

// JSONSide is the JSON form of a side bet's value: its table line by line
// and its total return, a fraction of the bet (the house edge is minus
// it).
type JSONSide struct {
	Bet   string `json:"bet"`
	Rules string `json:"rules"` // the bet's rules in words
	Pays  string `json:"pays"`  // the pay table as --pays takes it
	// Table names the published table, "" for one the user wrote;
	// Source is where it is published.
	Table  string `json:"table,omitempty"`
	Source string `json:"source,omitempty"`
	Decks  int    `json:"decks"`
	Shoe   string `json:"shoe,omitempty"` // the shoe left, "" for the full shoe
	// Dealer is the soft-17 rule of a bet on the dealer's whole hand
	// (S17 or H17); absent for the others.
	Dealer string `json:"dealer,omitempty"`
	// SuitsKnown is false for a shoe given by rank: the removed cards'
	// suits unknown, every removal equally likely; its lines then have no
	// combinations.
	SuitsKnown bool             `json:"suits_known"`
	Outcomes   []jsonSideLine   `json:"outcomes"`
	Return     float64          `json:"return"`       // in bets
	ReturnRat  string           `json:"return_exact"` // the exact fraction
	HouseEdge  float64          `json:"house_edge"`   // -return
	Effects    *jsonSideEffects `json:"effects,omitempty"`
}

// jsonSideLine is one outcome of a side bet's table (or the loss).
type jsonSideLine struct {
	Outcome string `json:"outcome"`
	// Combinations are the deals that settle so, each run of cards
	// whose order does not matter counted unordered (an exact integer;
	// absent for a shoe given by rank).
	Combinations *big.Int `json:"combinations,omitempty"`
	Probability  float64  `json:"probability"`
	ProbRat      string   `json:"probability_exact"`
	Pays         float64  `json:"pays"` // to 1; -1 for the loss
	Return       float64  `json:"return"`
}

// jsonSideEffects are a bet's effects of removal and its count.
type jsonSideEffects struct {
	// EOR is by rank (A, 2..9, T): the change in the bet's return, in
	// bets, when one card of the rank leaves the full shoe.
	EOR         [10]float64 `json:"eor"`
	Tags        [10]int     `json:"tags"`
	Correlation float64     `json:"correlation"` // of the tags with the EORs
}

// A SideReport is a side bet's value: the report and the bet it values.
// Its methods write it as text, JSON and CSV and lay it out as the text
// and the page show it.
type SideReport struct {
	Report *side.Report
	Bet    *side.Bet
}

// json converts a side bet's report.
func (s SideReport) json() JSONSide {
	r, b := s.Report, s.Bet
	out := JSONSide{Bet: r.Bet, Rules: b.Rules, Pays: r.Table.String(), Table: r.Table.Name, Source: r.Table.Source,
		Decks: r.Decks, Shoe: r.Shoe, Dealer: r.Dealer, SuitsKnown: !r.RankOnly, Return: r.EV, ReturnRat: r.Return.RatString(), HouseEdge: r.HouseEdge()}
	for _, l := range r.Lines {
		pays, _ := l.Pays.Float64()
		out.Outcomes = append(out.Outcomes, jsonSideLine{Outcome: l.Outcome, Combinations: b.Combinations(l.Deals),
			Probability: l.P, ProbRat: l.Prob.RatString(), Pays: pays, Return: l.Return})
	}
	if e := r.Effects; e != nil {
		out.Effects = &jsonSideEffects{EOR: e.EOR, Tags: e.Tags, Correlation: e.Correlation}
	}
	return out
}

// JSON writes a side bet's value as indented JSON.
func (s SideReport) JSON(w io.Writer) error { return WriteJSON(w, s.json()) }

// CSV writes one line per outcome, the loss and the total last.
func (s SideReport) CSV(w io.Writer) error {
	j := s.json()
	cw := csv.NewWriter(w)
	cw.Write([]string{"bet", "decks", "shoe", "outcome", "combinations", "probability", "pays", "return"})
	for _, l := range j.Outcomes {
		combos := ""
		if l.Combinations != nil {
			combos = l.Combinations.String()
		}
		cw.Write([]string{j.Bet, strconv.Itoa(j.Decks), j.Shoe, l.Outcome, combos, csvNum(l.Probability), csvNum(l.Pays), csvNum(l.Return)})
	}
	cw.Write([]string{j.Bet, strconv.Itoa(j.Decks), j.Shoe, "total", "", "1", "", csvNum(j.Return)})
	cw.Flush()
	return cw.Error()
}

// Rows are a side bet's table as the text and the page lay it out:
// outcome, combinations, probability, pays, return.
func (s SideReport) Rows() ReportTable {
	r, b := s.Report, s.Bet
	t := ReportTable{Header: []string{"outcome", "combinations", "probability", "pays", "return"}}
	total := new(big.Int)
	for _, l := range r.Lines {
		combos := "-"
		if c := b.Combinations(l.Deals); c != nil {
			combos = Thousands(c.Int64())
			if !c.IsInt64() {
				combos = c.String()
			}
			total.Add(total, c)
		}
		t.Rows = append(t.Rows, []string{l.Outcome, combos, strconv.FormatFloat(l.P, 'f', 8, 64),
			l.Pays.RatString(), signedFixed(l.Return, 6)})
	}
	combos := "-"
	if !r.RankOnly && r.Deals != nil {
		combos = Thousands(total.Int64())
	}
	t.Rows = append(t.Rows, []string{"total", combos, "1", "", signedFixed(r.EV, 6)})
	return t
}

// signedFixed prints x with digits decimals and its sign, never -0.
func signedFixed(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	if x > 0 {
		s = "+" + s
	}
	return s
}

// Text writes a side bet's value: what it is, its table line by line and
// its house edge, then its count if asked for.
func (s SideReport) Text(w io.Writer) error {
	r, b := s.Report, s.Bet
	shoe := s.Shoe()
	table := r.Table.Name
	if table == "" {
		table = "yours"
	}
	fmt.Fprintf(w, "bjchart side: %s from %s\npay table %s: %s\n", r.Bet, shoe, table, r.Table.String())
	fmt.Fprintf(w, "%s: %s.\n", r.Bet, b.Rules)
	if r.Table.Source != "" {
		fmt.Fprintf(w, "The table: %s.\n", r.Table.Source)
	}
	fmt.Fprintln(w)
	rt := s.Rows()
	if err := lightTable(w, rt.Header, rt.Rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s per bet; exact", EdgeText(r.EV, 4))
	if r.RankOnly && r.Shoe != "" {
		fmt.Fprint(w, " over the suits the removed cards may have had")
	}
	fmt.Fprintf(w, " (the return is %s of a bet).\n", r.Return.RatString())
	fmt.Fprintln(w, "Pays are to 1: a winning bet is paid that many times the bet besides the bet; a hand is paid once, at the best pay among the outcomes it makes. Combinations count each run of cards whose order does not matter unordered.")
	if r.Effects != nil {
		fmt.Fprintln(w, "\n"+s.EffectsNote())
		et := s.EffectsRows()
		if err := lightTable(w, et.Header, et.Rows); err != nil {
			return err
		}
		fmt.Fprintln(w, s.CountText())
	}
	return nil
}

// Shoe says the shoe a side bet's report was dealt from: "6 full decks",
// or the shoe left and how it is read.
func (s SideReport) Shoe() string {
	r := s.Report
	dealer := map[string]string{"S17": ", the dealer standing on soft 17 (S17)", "H17": ", the dealer hitting soft 17 (H17)"}[r.Dealer]
	if r.Shoe == "" {
		if r.Decks == 1 {
			return "one full deck" + dealer
		}
		return fmt.Sprintf("%d full decks", r.Decks) + dealer
	}
	shoe := fmt.Sprintf("the shoe left of %d decks, %s", r.Decks, r.Shoe)
	if r.RankOnly {
		shoe += " (by rank: the removed cards' suits unknown, every removal equally likely)"
	}
	return shoe + dealer
}

// EffectsNote says what a side bet's effects of removal and tags are.
func (SideReport) EffectsNote() string { return sideEffectsNote }

// sideEffectsNote says what a side bet's effects of removal and tags are.
const sideEffectsNote = "Effects of removal: the change in the bet's return, in percentage points of the bet, when one card of the rank leaves the full shoe; and a count's tags, scaled from them."

// EffectsRows are a side bet's effects of removal (the report's Effects,
// not nil) as the text and the page lay them out: rank, effect
// (percentage points of the bet), tag.
func (s SideReport) EffectsRows() ReportTable {
	e := s.Report.Effects
	t := ReportTable{Header: []string{"rank", "effect", "tag"}}
	for i, name := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "T"} {
		t.Rows = append(t.Rows, []string{name, signedFixed(100*e.EOR[i], 4), strconv.Itoa(e.Tags[i])})
	}
	return t
}

// CountText says how well the tags count the bet (the report's Effects,
// not nil), or that nothing does.
func (s SideReport) CountText() string {
	e := s.Report.Effects
	if e.Level == 0 {
		return "No count: removing a card of any rank, its suit unknown, leaves the bet's return as it was."
	}
	return fmt.Sprintf("The tags' correlation with the effects: %.3f. A counter adds a card's tag as it is seen; a high count favours the bet.", e.Correlation)
}

// A SideTrigger is a count's trigger for a side bet, found from sampled
// shoes; its methods write it as text and JSON and lay it out as a
// heatmap.
type SideTrigger struct{ Trigger *side.Trigger }

// Text writes a count's trigger for a side bet: the bins of sampled shoes
// by true count, the lines fitted, and the trigger with its error bar.
func (st SideTrigger) Text(w io.Writer) error {
	t := st.Trigger
	table := t.Table.Name
	if table == "" {
		table = t.Table.String()
	}
	fmt.Fprintf(w, "bjchart side trigger: %s, pay table %s, %d decks dealt to a depth below %s, count %s\n",
		t.Bet.Name, table, t.Decks, strconv.FormatFloat(100*t.Penetration, 'f', -1, 64)+"%", t.Count)
	fmt.Fprintf(w, "%s shoes sampled, seed %d; each valued exactly on the cards left, known by rank (the counter's knowledge).\n\n",
		Thousands(int64(t.Shoes)), t.Seed)
	var rows [][]string
	for _, b := range t.Bins {
		if b.Shoes == 0 {
			continue
		}
		se := fmt.Sprintf("%.3f%%", 100*b.SE)
		if b.Shoes < 2 {
			se = "-" // one shoe: no spread to measure
		}
		rows = append(rows, []string{fmt.Sprintf("%+g", b.Lo), Thousands(int64(b.Shoes)), signedFixed(100*b.Mean, 3) + "%", se})
	}
	if err := lightTable(w, []string{"true count", "shoes", "edge", "± SE"}, rows); err != nil {
		return err
	}
	at0, se0 := t.Line.At(0)
	fmt.Fprintf(w, "\nFull shoe: %s. The line over every shoe: %s at a true count of 0 (± %.3f%%), %+.3f%% a true count.\n",
		EdgeText(t.FullEV, 4), EdgeText(at0, 4), 100*se0, 100*t.Line.Slope)
	if t.TC != t.TC { // NaN
		_, err := fmt.Fprintln(w, "Trigger: none; the bet does not turn in the player's favour within the counts sampled.")
		return err
	}
	bin := fmt.Sprintf("%+g", t.BinTC)
	if t.BinTC != t.BinTC {
		bin = fmt.Sprintf("none of %d shoes or more", side.MinBinShoes)
	}
	fmt.Fprintf(w, "Trigger: bet at a true count of %+.2f ± %.2f or more (the line fitted near it, %+.1f to %+.1f); the first bin whose mean edge is above 0: %s.\n",
		t.TC, t.SE, t.Local.Lo, t.Local.Hi, bin)
	_, err := fmt.Fprintf(w, "At or above it: %.3f%% of the shoes sampled, their mean edge %+.3f%%.\n", 100*t.Above, 100*t.AboveEV)
	return err
}

// A SideSim is a counter's simulation of a side bet; its methods write it
// as text and JSON.
type SideSim struct{ Sim *side.Sim }

// Text writes a counter's simulation of a side bet.
func (ss SideSim) Text(w io.Writer) error {
	s := ss.Sim
	if s.Trigger != nil {
		if err := (SideTrigger{s.Trigger}).Text(w); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	table := s.Table.Name
	if table == "" {
		table = s.Table.String()
	}
	fmt.Fprintf(w, "bjchart side sim: %s, pay table %s, on %s dealt to %s, count %s, bet from a true count of %+.2f\n",
		s.Bet.Name, table, s.Rules, strconv.FormatFloat(100*s.Penetration, 'f', -1, 64)+"%", s.Count, s.SimJob.Trigger)
	fmt.Fprintf(w, "%s shoes, %s rounds, seed %d; one player heads-up playing the main game by its chart; every SE by batch means over whole shoes.\n\n",
		Thousands(int64(s.Shoes)), Thousands(s.Rounds), s.Seed)
	rows := [][]string{
		{"rounds bet", fmt.Sprintf("%.3f%% ± %.3f%%", 100*s.Frequency.Value, 100*s.Frequency.SE), Thousands(s.Bets) + " bets"},
		{"result a bet", fmt.Sprintf("%+.2f%% ± %.2f%%", 100*s.Won.Value, 100*s.Won.SE), "simulated"},
		{"exact edge a bet", fmt.Sprintf("%+.3f%% ± %.3f%%", 100*s.EV.Value, 100*s.EV.SE), "the same bets, valued exactly"},
		{"units a 100 rounds", fmt.Sprintf("%+.4f ± %.4f", s.Per100.Value, s.Per100.SE), "simulated"},
		{"exact, a 100 rounds", fmt.Sprintf("%+.5f ± %.5f", s.ExactPer100.Value, s.ExactPer100.SE), "without the bets' luck"},
		{"main game a round", fmt.Sprintf("%+.4f%% ± %.4f%%", 100*s.Main.Value, 100*s.Main.SE), fmt.Sprintf("its chart off the top: %+.4f%%", 100*s.MainExact)},
	}
	if err := lightTable(w, []string{"figure", "value", "what"}, rows); err != nil {
		return err
	}
	verdict := "The simulated results agree with their exact EVs within 3 SE."
	if err := s.Check(); err != nil {
		verdict = "Check: " + err.Error()
	}
	_, err := fmt.Fprintln(w, "\n"+verdict)
	return err
}

// number is x for JSON, nil (null) where it is NaN or infinite.
func number(x float64) *float64 {
	if x != x || x > 1e308 || x < -1e308 {
		return nil
	}
	return &x
}

// jsonSideTrigger is the JSON form of a count's trigger for a side bet:
// EVs and edges in bets (a fraction of the bet), counts in true counts; a
// figure that does not exist (no crossing) is null.
type jsonSideTrigger struct {
	Bet         string            `json:"bet"`
	Pays        string            `json:"pays"`
	Decks       int               `json:"decks"`
	Penetration float64           `json:"penetration"`
	Shoes       int               `json:"shoes"`
	Seed        uint64            `json:"seed"`
	Count       string            `json:"count"`
	Tags        [10]float64       `json:"tags"` // A, 2..9, T
	FullEV      float64           `json:"full_shoe_ev"`
	Slope       float64           `json:"ev_per_true_count"` // of the line over every shoe
	EVAtZero    float64           `json:"ev_at_true_count_0"`
	Trigger     *float64          `json:"trigger"`
	TriggerSE   *float64          `json:"trigger_se"`
	FirstBin    *float64          `json:"first_positive_bin"`
	Above       float64           `json:"share_at_or_above"`
	AboveEV     float64           `json:"ev_at_or_above"`
	Bins        []jsonSideTrigBin `json:"bins"`
	// ByDepth are the bins again by how deep the shoes were dealt.
	ByDepth []jsonSideDepth `json:"by_depth"`
}

// jsonSideDepth is the shoes dealt from one depth to another (shares of
// the shoe), by true count.
type jsonSideDepth struct {
	From float64           `json:"dealt_from"`
	To   float64           `json:"dealt_to"`
	Bins []jsonSideTrigBin `json:"bins"`
}

// jsonSideTrigBin is the shoes of one true count.
type jsonSideTrigBin struct {
	From  float64  `json:"true_count_from"`
	Shoes int      `json:"shoes"`
	EV    float64  `json:"ev"`
	SE    *float64 `json:"se"` // null for one shoe
}

// JSON writes a count's trigger for a side bet as indented JSON.
func (st SideTrigger) JSON(w io.Writer) error { return WriteJSON(w, newJSONSideTrigger(st.Trigger)) }

// newJSONSideTrigger converts a trigger.
func newJSONSideTrigger(t *side.Trigger) jsonSideTrigger {
	at0, _ := t.Line.At(0)
	out := jsonSideTrigger{Bet: t.Bet.Name, Pays: t.Table.String(), Decks: t.Decks, Penetration: t.Penetration, Shoes: t.Shoes, Seed: t.Seed,
		Count: t.Count.String(), Tags: t.Count.Tags, FullEV: t.FullEV, Slope: t.Line.Slope, EVAtZero: at0,
		Trigger: number(t.TC), TriggerSE: number(t.SE), FirstBin: number(t.BinTC), Above: t.Above, AboveEV: t.AboveEV}
	out.Bins = jsonTrigBins(t.Bins)
	for _, d := range t.Depths {
		out.ByDepth = append(out.ByDepth, jsonSideDepth{From: d.From, To: d.To, Bins: jsonTrigBins(d.Bins)})
	}
	return out
}

// jsonTrigBins converts a trigger's bins.
func jsonTrigBins(bins []side.TriggerBin) []jsonSideTrigBin {
	out := []jsonSideTrigBin{}
	for _, b := range bins {
		x := jsonSideTrigBin{From: b.Lo, Shoes: b.Shoes, EV: b.Mean}
		if b.Shoes > 1 {
			x.SE = number(b.SE)
		}
		out = append(out, x)
	}
	return out
}

// countName names a side bet's count: "the bet's own count", "hilo".
func countName(c side.Count) string {
	if c.Name == "own" {
		return "the bet's own count"
	}
	return c.Name
}

// minHeatShoes is the fewest shoes a cell of a side bet's heatmap needs to
// be coloured (fewer: grey).
const minHeatShoes = 30

// Heatmap lays a trigger's shoes out as a heatmap of the bet's EV over
// the true count (across, the counts any band has minHeatShoes shoes at)
// and the depth dealt (down, the shallowest first); a cell with fewer
// shoes is grey.
func (st SideTrigger) Heatmap() ([]*EVGrid, HeatmapOptions) {
	t := st.Trigger
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, d := range t.Depths {
		for _, b := range d.Bins {
			if b.Shoes >= minHeatShoes {
				lo, hi = min(lo, b.Lo), max(hi, b.Lo)
			}
		}
	}
	g := &EVGrid{Title: fmt.Sprintf("%s (%s), %d decks", t.Bet.Name, t.Table.Name, t.Decks),
		XLabel: "true count of " + countName(t.Count) + " (" + t.Count.String() + ")", YLabel: "share of the shoe dealt"}
	if lo > hi {
		lo, hi = 0, 0
	}
	for c := lo; c <= hi; c++ {
		g.Cols = append(g.Cols, fmt.Sprintf("%+g", c))
	}
	for _, d := range t.Depths {
		g.Rows = append(g.Rows, fmt.Sprintf("%.0f-%.0f%%", 100*d.From, 100*d.To))
		row := make([]float64, len(g.Cols))
		codes := make([]string, len(g.Cols))
		for i := range row {
			row[i] = math.NaN()
		}
		for _, b := range d.Bins {
			if i := int(b.Lo - lo); b.Shoes >= minHeatShoes && i >= 0 && i < len(row) {
				row[i] = b.Mean
			}
		}
		g.Values, g.Codes = append(g.Values, row), append(g.Codes, codes)
	}
	opt := HeatmapOptions{Title: fmt.Sprintf("%s: EV by true count and depth", t.Bet.Name), Scale: "EV, a fraction of the bet",
		Notes: []string{fmt.Sprintf("Each cell: the bet's mean exact EV over the sampled shoes (%d in all, dealt to a depth uniform below %.0f%%) "+
			"of that true count (from the column's count to the next) and depth; grey: fewer than %d shoes. "+
			"Blue: the player's edge; red: the house's.", t.Shoes, 100*t.Penetration, minHeatShoes)}}
	return []*EVGrid{g}, opt
}

// jsonSideSim is the JSON form of a counter's simulation of a side bet:
// each figure with its SE (batch means over whole shoes); results and
// edges in bets, win rates in units a hundred rounds.
type jsonSideSim struct {
	Bet          string           `json:"bet"`
	Pays         string           `json:"pays"`
	Rules        string           `json:"rules"`
	Penetration  float64          `json:"penetration"`
	Shoes        int              `json:"shoes"`
	Seed         uint64           `json:"seed"`
	Count        string           `json:"count"`
	Tags         [10]float64      `json:"tags"`
	Trigger      float64          `json:"trigger"` // the true count bet from
	Rounds       int64            `json:"rounds"`
	Bets         int64            `json:"bets"`
	Frequency    side.Estimate    `json:"share_of_rounds_bet"`
	Won          side.Estimate    `json:"result_a_bet"`
	EV           side.Estimate    `json:"exact_ev_a_bet"`
	Per100       side.Estimate    `json:"units_per_100_rounds"`
	ExactPer100  side.Estimate    `json:"exact_units_per_100_rounds"`
	Main         side.Estimate    `json:"main_game_result_a_round"`
	MainExact    float64          `json:"main_game_chart_ev"`
	Agrees       bool             `json:"agrees_within_3_se"`
	FoundTrigger *jsonSideTrigger `json:"trigger_run,omitempty"`
}

// JSON writes a counter's simulation of a side bet as indented JSON.
func (ss SideSim) JSON(w io.Writer) error { return WriteJSON(w, newJSONSideSim(ss.Sim)) }

// newJSONSideSim converts a counter's simulation.
func newJSONSideSim(s *side.Sim) jsonSideSim {
	out := jsonSideSim{Bet: s.Bet.Name, Pays: s.Table.String(), Rules: s.Rules.String(), Penetration: s.Penetration, Shoes: s.Shoes, Seed: s.Seed,
		Count: s.Count.String(), Tags: s.Count.Tags, Trigger: s.SimJob.Trigger, Rounds: s.Rounds, Bets: s.Bets,
		Frequency: s.Frequency, Won: s.Won, EV: s.EV, Per100: s.Per100, ExactPer100: s.ExactPer100, Main: s.Main, MainExact: s.MainExact,
		Agrees: s.Check() == nil}
	if s.Trigger != nil {
		t := newJSONSideTrigger(s.Trigger)
		out.FoundTrigger = &t
	}
	return out
}
