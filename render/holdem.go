package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/olekukonko/tablewriter/tw"

	"bjchart/solve/holdem"
)

// holdemClass is one starting hand's line of the Hold'em chart: its exact
// heads-up equity against a random hand and its push-or-fold number.
type holdemClass struct {
	Class  string `json:"class"` // AA, AKs, 72o
	Combos int    `json:"combos"`
	// Equity is the share of the pot against one random hand, ties
	// split, over every opponent hand and board; EquityExact is the same
	// as a fraction in lowest terms.
	Equity      float64 `json:"equity"`
	EquityExact string  `json:"equity_exact"`
	Win         float64 `json:"win"` // the share of showdowns won
	Tie         float64 `json:"tie"` // and split
	Showdowns   int64   `json:"showdowns"`
	// PushBB is the push-or-fold number in big blinds (the whole stack,
	// the posted small blind included); nil where pushing never does
	// worse than folding, whatever the stack (aces). SklanskyChubukov is
	// the same number in the published table's convention: the stack
	// behind the posted small blind, in small blinds (2 PushBB - 1).
	PushBB           *float64 `json:"push_fold_bb"`
	SklanskyChubukov *float64 `json:"sklansky_chubukov"`
}

// HoldemReport is 'bjchart holdem”s chart: every class in the grid's
// order (row by row, aces first: pairs on the diagonal, suited above,
// offsuit below), with the models its numbers are of.
type HoldemReport struct {
	Game          string        `json:"game"`
	EquityModel   string        `json:"equity_model"`
	PushFoldModel string        `json:"push_fold_model"`
	Classes       []holdemClass `json:"classes"`
}

// The models, in words, for every output.
const (
	holdemEquityModel = "heads up against one random hand: every opponent hand and every board enumerated " +
		"(exact; ties split the pot)"
	holdemPushFoldModel = "heads-up push or fold (Sklansky-Chubukov): the small blind (0.5 big blinds posted) moves all in " +
		"or folds; the big blind (1 posted) sees the pusher's hand class and calls exactly when calling loses him less " +
		"than folding; no antes. The number is the largest stack from which pushing does at least as well as folding, " +
		"in the published table's convention: the stack behind the posted small blind, counted in small blinds " +
		"(twice the whole stack in big blinds, less 1; JSON has both); equities exact, class against class"
)

// NewHoldemReport lays out the chart: the exact tallies against a random
// hand and the push-or-fold numbers, by class.
func NewHoldemReport(vs [holdem.Classes]holdem.Tally, pf [holdem.Classes]holdem.PushFold) HoldemReport {
	rep := HoldemReport{Game: "Texas Hold'em, preflop", EquityModel: holdemEquityModel, PushFoldModel: holdemPushFoldModel}
	for c := range holdem.Class(holdem.Classes) {
		t := vs[c]
		x := holdemClass{Class: c.String(), Combos: c.Combos(), Equity: t.Equity(), EquityExact: t.Fraction().String(),
			Win: float64(t.Wins) / float64(t.Total), Tie: float64(t.Ties) / float64(t.Total), Showdowns: t.Total}
		if s := pf[c].Stack; !math.IsInf(s, 1) {
			sc := pf[c].SklanskyChubukov()
			x.PushBB, x.SklanskyChubukov = &s, &sc
		}
		rep.Classes = append(rep.Classes, x)
	}
	return rep
}

// HoldemRanks label the grid's rows and columns, aces first.
var HoldemRanks = strings.Split("A K Q J T 9 8 7 6 5 4 3 2", " ")

// HoldemMetrics are what a Hold'em grid shows: equity against a random
// hand (in %), or the push-or-fold number (big blinds).
var HoldemMetrics = []string{"equity", "pushfold"}

// Cell is what one class's cell of a metric's grid prints: its equity
// in %, or its push-or-fold number (PushText).
func (x holdemClass) Cell(metric string) string {
	if metric == "equity" {
		return strconv.FormatFloat(100*x.Equity, 'f', 1, 64)
	}
	return x.PushText()
}

// PushText prints the class's Sklansky-Chubukov number as the published
// table does, to the nearest: whole small blinds from 10 up, tenths
// below; "any" where pushing never does worse.
func (x holdemClass) PushText() string {
	sb := x.SklanskyChubukov
	switch {
	case sb == nil:
		return "any"
	case *sb >= 9.5:
		return strconv.FormatFloat(*sb, 'f', 0, 64)
	}
	return strconv.FormatFloat(*sb, 'f', 1, 64)
}

// Shade is a cell's shade, 0 (weakest) to 4 (strongest), for the
// terminal's, the card's and the page's colours.
func (x holdemClass) Shade(metric string) int {
	if metric == "equity" {
		switch e := x.Equity; {
		case e >= 0.65:
			return 4
		case e >= 0.55:
			return 3
		case e >= 0.45:
			return 2
		case e >= 0.40:
			return 1
		}
		return 0
	}
	switch bb := x.PushBB; {
	case bb == nil || *bb >= 50:
		return 4
	case *bb >= 20:
		return 3
	case *bb >= 10:
		return 2
	case *bb >= 5:
		return 1
	}
	return 0
}

// holdemColor is the terminal's background by shade: white to dark green.
var holdemColor = [5]string{"\x1b[30;48;5;255m", "\x1b[30;48;5;194m", "\x1b[30;48;5;151m", "\x1b[30;48;5;114m", "\x1b[97;48;5;28m"}

// Title names a metric's grid (of HoldemMetrics).
func (HoldemReport) Title(metric string) string { return holdemTitle[metric] }

// holdemTitle names a metric's grid.
var holdemTitle = map[string]string{
	"equity":   "Equity against one random hand, % of the pot (exact)",
	"pushfold": "Push or fold (Sklansky-Chubukov, as published), in small blinds",
}

// holdemTitleNote says, below a grid's title in text, how to read its
// numbers (the card says it in its footnote).
var holdemTitleNote = map[string]string{
	"pushfold": "The largest stack behind the posted small blind from which to push, to the nearest (whole numbers from 10, tenths below); JSON has the exact figure and the stack in big blinds.",
}

// Text writes the grids of metrics (equity, pushfold) with the models and
// a legend; color shades the cells on a terminal.
func (r HoldemReport) Text(w io.Writer, metrics []string, color bool) error {
	fmt.Fprintf(w, "bjchart holdem: %s\n", r.Game)
	for _, m := range metrics {
		fmt.Fprintf(w, "\n%s\n", holdemTitle[m])
		if note := holdemTitleNote[m]; note != "" {
			fmt.Fprintln(w, note)
		}
		tab := gridTable(w, tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)}, tw.AlignRight)
		tab.Header(append([]string{""}, HoldemRanks...))
		for row := range 13 {
			line := []string{" " + HoldemRanks[row] + " "}
			for col := range 13 {
				x := r.Classes[row*13+col]
				text := fmt.Sprintf("%5s", x.Cell(m))
				if color {
					text = holdemColor[x.Shade(m)] + text + ansiReset
				}
				line = append(line, text)
			}
			if err := tab.Append(line); err != nil {
				return err
			}
		}
		if err := tab.Render(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Pairs on the diagonal; suited hands above it, the row their higher card (AKs: row A, column K); offsuit hands below it, the column their higher card (AKo: row K, column A).")
	for _, m := range metrics {
		if m == "equity" {
			fmt.Fprintf(w, "Equity: %s. JSON has every class's exact fraction.\n", r.EquityModel)
		} else {
			fmt.Fprintf(w, "Push or fold: %s. \"any\": pushing never does worse, however deep.\n", r.PushFoldModel)
		}
	}
	return nil
}

// JSON writes the report, one object per class.
func (r HoldemReport) JSON(w io.Writer) error {
	return WriteJSON(w, r)
}

// CSV writes a row per class: its counts, equity and push-or-fold number
// ("" for any stack).
func (r HoldemReport) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"class", "combos", "equity", "equity_exact", "win", "tie", "showdowns", "push_fold_bb", "sklansky_chubukov"})
	for _, x := range r.Classes {
		push, sc := "", ""
		if x.PushBB != nil {
			push = strconv.FormatFloat(*x.PushBB, 'f', 4, 64)
			sc = strconv.FormatFloat(*x.SklanskyChubukov, 'f', 4, 64)
		}
		cw.Write([]string{x.Class, strconv.Itoa(x.Combos), strconv.FormatFloat(x.Equity, 'f', 9, 64), x.EquityExact,
			strconv.FormatFloat(x.Win, 'f', 9, 64), strconv.FormatFloat(x.Tie, 'f', 9, 64), strconv.FormatInt(x.Showdowns, 10), push, sc})
	}
	cw.Flush()
	return cw.Error()
}

// EquityHeatmap is the equity grid for Heatmap, on a scale diverging
// from an even share.
func (r HoldemReport) EquityHeatmap() ([]*EVGrid, HeatmapOptions) {
	g := &EVGrid{Rows: HoldemRanks, Cols: HoldemRanks, Title: "the 169 starting hands, heads up",
		XLabel: "rank (AKs: row A, column K; AKo: row K, column A)", YLabel: "rank (suited above the diagonal, offsuit below)"}
	for row := range 13 {
		vals := make([]float64, 13)
		codes := make([]string, 13)
		for col := range 13 {
			x := r.Classes[row*13+col]
			vals[col], codes[col] = x.Equity, x.Class
		}
		g.Values = append(g.Values, vals)
		g.Codes = append(g.Codes, codes)
	}
	return []*EVGrid{g}, HeatmapOptions{Title: "Texas Hold'em, preflop: equity against one random hand, a fraction of the pot (exact)", Codes: true,
		Center: 0.5, Scale: "equity against one random hand (0.5: an even share)",
		Notes: []string{"Each cell: the class's exact share of the pot against one random hand, ties split, over every opponent hand and board " +
			"(a fraction of the pot). Above the diagonal suited hands, below it offsuit, pairs on it."}}
}

// HoldemVersus is one holding or class against another, exact.
type HoldemVersus struct {
	Hand    string `json:"hand"`
	Against string `json:"against"`
	// Deals counts every pair of their hands that share no card, times
	// every board of the 48 cards left.
	Deals       int64   `json:"deals"`
	Win         float64 `json:"win"`
	Tie         float64 `json:"tie"`
	Equity      float64 `json:"equity"`
	EquityExact string  `json:"equity_exact"`
}

// NewHoldemVersus reports a tally of hand against against.
func NewHoldemVersus(hand, against string, t holdem.Tally) HoldemVersus {
	return HoldemVersus{Hand: hand, Against: against, Deals: t.Total, Win: float64(t.Wins) / float64(t.Total),
		Tie: float64(t.Ties) / float64(t.Total), Equity: t.Equity(), EquityExact: t.Fraction().String()}
}

// Text writes the matchup in words.
func (v HoldemVersus) Text(w io.Writer) error {
	_, err := fmt.Fprintf(w, "bjchart holdem: %s v %s, heads up, all in before the flop (exact: every deal of their hands and every board, %d in all)\n\n"+
		"%s wins %.4f%%, ties %.4f%%, loses %.4f%%\nequity %.6f (%s of the pot; ties split)\n",
		v.Hand, v.Against, v.Deals, v.Hand, 100*v.Win, 100*v.Tie, 100*(1-v.Win-v.Tie), v.Equity, v.EquityExact)
	return err
}

// HoldemSim is a hand's simulated equity against several random hands.
type HoldemSim struct {
	Hand      string  `json:"hand"`
	Opponents int     `json:"opponents"`
	Deals     int64   `json:"deals"`
	Seed      uint64  `json:"seed"`
	Equity    float64 `json:"equity"` // the share of the pot, split pots shared
	SE        float64 `json:"se"`
	Win       float64 `json:"win"` // the share of deals won alone
	Tie       float64 `json:"tie"` // and split
}

// Text writes the estimate with its error bar.
func (s HoldemSim) Text(w io.Writer) error {
	_, err := fmt.Fprintf(w, "bjchart holdem: %s against %d random hand(s), all in before the flop (simulated: %d deals, seed %d)\n\n"+
		"equity %.4f ± %.4f (SE; 95%% CI [%.4f, %.4f]) of the pot, split pots shared\nwins alone %.2f%%, splits %.2f%%\n",
		s.Hand, s.Opponents, s.Deals, s.Seed, s.Equity, s.SE, s.Equity-1.96*s.SE, s.Equity+1.96*s.SE, 100*s.Win, 100*s.Tie)
	return err
}

// HoldemEquityReport is 'bjchart holdem equity”s report: each range's
// share of the pot against the others with the board and dead cards.
type HoldemEquityReport struct {
	Board   string           `json:"board"`
	Dead    string           `json:"dead"`
	Exact   bool             `json:"exact"` // every deal and board enumerated; else simulated
	Deals   int64            `json:"deals"` // deals of the hands (exact), or trials (simulated)
	Boards  int64            `json:"boards_per_deal,omitempty"`
	Seed    *uint64          `json:"seed,omitempty"` // simulated only
	Players []holdemEquityOf `json:"players"`
	Model   string           `json:"model"`
}

// holdemEquityOf is one player's range and shares: equity (the pot's
// share, ties split), win and tie (the deals won alone and split), with
// the equity's SE where simulated.
type holdemEquityOf struct {
	Range  string   `json:"range"`
	Combos int      `json:"combos"` // hands in the range, before the board and dead cards
	Equity float64  `json:"equity"`
	Win    float64  `json:"win"`
	Tie    float64  `json:"tie"`
	SE     *float64 `json:"se,omitempty"`
	Exact  bool     `json:"exact"`
}

// NewHoldemEquityReport lays out an equity computation.
func NewHoldemEquityReport(ranges []holdem.Range, board, dead []holdem.Card, res holdem.EquityResult) HoldemEquityReport {
	cards := func(cs []holdem.Card) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.String())
		}
		return strings.Join(s, " ")
	}
	likely := "equally likely"
	for _, r := range ranges {
		if slices.ContainsFunc(r.Weights, func(w float64) bool { return w != 1 }) {
			likely = "as likely as its hands' weights multiplied (a hand without one at 1)"
			break
		}
	}
	rep := HoldemEquityReport{Board: cards(board), Dead: cards(dead), Exact: res.Exact, Deals: res.Deals, Boards: res.Boards,
		Model: "every way to deal each player one hand of its range, no card shared with another player, the board or the dead cards, " +
			likely + "; the board completed from the cards left; ties split the pot"}
	if !res.Exact {
		seed := res.Seed
		rep.Seed = &seed
	}
	for i, r := range ranges {
		p := res.Players[i]
		x := holdemEquityOf{Range: r.Text, Combos: len(r.Hands), Equity: p.Equity, Win: p.Win, Tie: p.Tie, Exact: res.Exact}
		if !res.Exact {
			se := p.SE
			x.SE = &se
		}
		rep.Players = append(rep.Players, x)
	}
	return rep
}

// Text writes the report for a reader.
func (r HoldemEquityReport) Text(w io.Writer) error {
	board := r.Board
	if board == "" {
		board = "none (before the flop)"
	}
	fmt.Fprintf(w, "bjchart holdem equity: board %s", board)
	if r.Dead != "" {
		fmt.Fprintf(w, ", dead %s", r.Dead)
	}
	if r.Exact {
		fmt.Fprintf(w, "\nexact: %d deal(s) of the hands x %d boards each, every one enumerated\n\n", r.Deals, r.Boards)
	} else {
		fmt.Fprintf(w, "\nsimulated: %d random deals (seed %d); ± one standard error\n\n", r.Deals, *r.Seed)
	}
	tab := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tab, "range\thands\tequity\twin\ttie")
	for _, p := range r.Players {
		eq := fmt.Sprintf("%.4f%%", 100*p.Equity)
		if p.SE != nil {
			eq += fmt.Sprintf(" ± %.4f%%", 100**p.SE)
		}
		fmt.Fprintf(tab, "%s\t%d\t%s\t%.4f%%\t%.4f%%\n", p.Range, p.Combos, eq, 100*p.Win, 100*p.Tie)
	}
	if err := tab.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nEquity: the share of the pot, ties split; win and tie: the deals won alone and split. Model: %s.\n", r.Model)
	return err
}

// HoldemNashReport is 'bjchart holdem nash”s report: the push-or-fold
// equilibrium at one stack, each class's chance to push (small blind) and
// to call (big blind), in the grid's order.
type HoldemNashReport struct {
	Stack          float64           `json:"stack_bb"`
	Ante           float64           `json:"ante_bb"`
	Value          float64           `json:"sb_value_bb"` // the small blind's result a hand, blinds included
	Exploitability float64           `json:"exploitability_bb"`
	OneClassGain   float64           `json:"one_class_gain_bb"`
	Iterations     int               `json:"iterations"`
	PushShare      float64           `json:"push_share"` // of all hands
	CallShare      float64           `json:"call_share"`
	Classes        []HoldemNashClass `json:"classes"`
	Model          string            `json:"model"`
}

// HoldemNashClass is one class's play at the equilibrium.
type HoldemNashClass struct {
	Class string  `json:"class"`
	Push  float64 `json:"push"`
	Call  float64 `json:"call"`
}

// CSV writes a row per player: the range, its hands, equity, win, tie,
// whether exact, and the equity's SE where simulated ("" where exact).
func (r HoldemEquityReport) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"player", "range", "combos", "equity", "win", "tie", "exact", "se", "board", "dead"})
	for i, p := range r.Players {
		se := ""
		if p.SE != nil {
			se = strconv.FormatFloat(*p.SE, 'g', -1, 64)
		}
		cw.Write([]string{strconv.Itoa(i + 1), p.Range, strconv.Itoa(p.Combos), strconv.FormatFloat(p.Equity, 'g', -1, 64),
			strconv.FormatFloat(p.Win, 'g', -1, 64), strconv.FormatFloat(p.Tie, 'g', -1, 64), strconv.FormatBool(p.Exact), se, r.Board, r.Dead})
	}
	cw.Flush()
	return cw.Error()
}

// CSV writes a row per class: how often the small blind pushes it and
// the big blind calls with it at the equilibrium, with the stack and ante.
func (r HoldemNashReport) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"class", "push", "call", "stack_bb", "ante_bb"})
	stack, ante := strconv.FormatFloat(r.Stack, 'g', -1, 64), strconv.FormatFloat(r.Ante, 'g', -1, 64)
	for _, c := range r.Classes {
		cw.Write([]string{c.Class, strconv.FormatFloat(c.Push, 'g', -1, 64), strconv.FormatFloat(c.Call, 'g', -1, 64), stack, ante})
	}
	cw.Flush()
	return cw.Error()
}

// NewHoldemNashReport lays out an equilibrium.
func NewHoldemNashReport(n holdem.Nash, oneClass float64) HoldemNashReport {
	rep := HoldemNashReport{Stack: n.Stack, Ante: n.Ante, Value: n.Value, Exploitability: n.Exploitability, OneClassGain: oneClass,
		Iterations: n.Iterations,
		Model: "heads-up push or fold: the small blind (0.5 big blinds and the ante posted) moves all in or folds; the big blind " +
			"(1 and the ante posted) calls or folds, neither seeing the other's cards; the stack counts everything a player had " +
			"before posting; equities exact, class against class, each pair of classes weighed by its deals; the equilibrium by CFR+ " +
			"(regret matching, regrets floored at zero, averages weighed by the iteration), stopped at an exploitability below a millionth " +
			"of a big blind a hand"}
	for row := range 13 {
		for col := range 13 {
			c := holdem.Class(row*13 + col) // the grid's order
			rep.Classes = append(rep.Classes, HoldemNashClass{Class: c.String(), Push: n.Push[c], Call: n.Call[c]})
			rep.PushShare += n.Push[c] * float64(c.Combos()) / 1326
			rep.CallShare += n.Call[c] * float64(c.Combos()) / 1326
		}
	}
	return rep
}

// Text writes the two grids: the small blind's pushes and the big blind's
// calls, each cell the class's chance in percent ("." for never, "<1" and
// ">99" where the rounding would say 0 or 100 of a mixed play).
func (r HoldemNashReport) Text(w io.Writer) error {
	fmt.Fprintf(w, "bjchart holdem nash: heads-up push or fold at %g big blinds", r.Stack)
	if r.Ante > 0 {
		fmt.Fprintf(w, ", ante %g", r.Ante)
	}
	fmt.Fprintf(w, "\nthe small blind pushes %.1f%% of hands, the big blind calls %.1f%%; the small blind's result %+.4f big blinds a hand\n",
		100*r.PushShare, 100*r.CallShare, r.Value)
	for _, g := range []struct {
		title string
		of    func(HoldemNashClass) float64
	}{{"Small blind: push, % of the time", func(x HoldemNashClass) float64 { return x.Push }},
		{"Big blind: call a push, % of the time", func(x HoldemNashClass) float64 { return x.Call }}} {
		fmt.Fprintf(w, "\n%s\n", g.title)
		tab := gridTable(w, tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)}, tw.AlignRight)
		tab.Header(append([]string{""}, HoldemRanks...))
		for row := range 13 {
			line := []string{" " + HoldemRanks[row] + " "}
			for col := range 13 {
				line = append(line, fmt.Sprintf("%4s", holdemPercent(g.of(r.Classes[row*13+col]))))
			}
			if err := tab.Append(line); err != nil {
				return err
			}
		}
		if err := tab.Render(); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "\nPairs on the diagonal; suited above it (AKs: row A, column K), offsuit below (AKo: row K, column A). "+
		"Checked: what a best answer to each side gains together (the exploitability) is %.2g big blinds a hand, and changing one "+
		"class's play gains at most %.2g, after %d iterations. Model: %s.\n", r.Exploitability, r.OneClassGain, r.Iterations, r.Model)
	return err
}

// PushText is how often the class pushes as the grids print it
// (holdemPercent).
func (x HoldemNashClass) PushText() string { return holdemPercent(x.Push) }

// CallText is how often the class calls a push as the grids print it
// (holdemPercent).
func (x HoldemNashClass) CallText() string { return holdemPercent(x.Call) }

// holdemPercent writes a chance to push or call as the grids print it: a
// percent, "." for never, "<1" and ">99" where the rounding would say 0
// or 100 of a mixed play.
func holdemPercent(p float64) string {
	switch {
	case p >= 0.9995:
		return "100"
	case p >= 0.995:
		return ">99"
	case p >= 0.005:
		return strconv.FormatFloat(100*p, 'f', 0, 64)
	case p >= 0.0005:
		return "<1"
	}
	return "."
}
