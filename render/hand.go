package render

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"bjchart/solve"
)

// A HandQuery is one hand against one up card: exact cards, or a total
// (hard or soft) that stands for its chart cell.
type HandQuery struct {
	Cards []solve.Rank // low rank first; nil for a total
	Total int
	Soft  bool
	Up    solve.Rank
}

// maxQueryLen bounds a query; a hand of more cards cannot stay under 22.
const maxQueryLen = 200

// ParseHandQuery reads "T,6 v T", "16 v T", "soft 18 v 9", "A,7 vs 9" or
// "4,6,6 v T": cards separated by commas (A, 2..9, T, 10, J, Q, K), or a
// total with an optional "hard"/"soft", then "v" or "vs" and the up card.
func ParseHandQuery(s string) (HandQuery, error) {
	var q HandQuery
	if len(s) > maxQueryLen {
		return q, fmt.Errorf("hand %s: %d characters; a hand is at most %d", solve.QuoteInput(s, 40), len(s), maxQueryLen)
	}
	name := solve.QuoteInput(s, 40)
	fields := strings.Fields(strings.ToLower(s))
	at := slices.IndexFunc(fields, func(f string) bool { return f == "v" || f == "vs" })
	if at < 1 || at != len(fields)-2 {
		return q, fmt.Errorf("hand %s: want HAND v UP, e.g. \"T,6 v T\", \"16 v T\", \"soft 18 v 9\"", name)
	}
	up, err := parseCard(fields[at+1])
	if err != nil {
		return q, fmt.Errorf("hand %s: up card: %v", name, err)
	}
	q.Up = up
	hand := fields[:at]
	if len(hand) == 2 && (hand[0] == "hard" || hand[0] == "soft") {
		q.Soft = hand[0] == "soft"
		hand = hand[1:]
	} else if len(hand) != 1 {
		return q, fmt.Errorf("hand %s: want cards separated by commas (T,6) or a total (16, soft 18)", name)
	}
	if n, err := strconv.Atoi(hand[0]); err == nil {
		lo := 4
		if q.Soft {
			lo = 12
		}
		if n < lo || n > 21 {
			hint := ""
			if t := hand[0]; len(t) == 2 && !q.Soft { // 22, 88: a pair written without its comma
				hint = fmt.Sprintf(" (cards are separated by commas: %c,%c)", t[0], t[1])
			}
			return q, fmt.Errorf("hand %s: total %d: want %d..21%s", name, n, lo, hint)
		}
		q.Total = n
		return q, nil
	}
	if q.Soft || fields[0] == "hard" {
		return q, fmt.Errorf("hand %s: %s takes a total, not cards", name, fields[0])
	}
	for _, c := range strings.Split(hand[0], ",") {
		r, err := parseCard(c)
		if err != nil {
			return q, fmt.Errorf("hand %s: %v", name, err)
		}
		q.Cards = append(q.Cards, r)
	}
	if len(q.Cards) < 2 {
		return q, fmt.Errorf("hand %s: one card; give two or more (T,6) or a total (16)", name)
	}
	slices.Sort(q.Cards)
	sum := 0
	for _, c := range q.Cards {
		sum += int(c)
	}
	q.Total, q.Soft = sum, false
	if q.Cards[0] == 1 && sum+10 <= 21 {
		q.Total, q.Soft = sum+10, true
	}
	if q.Total > 21 {
		return q, fmt.Errorf("hand %s: %d: the hand has busted", name, q.Total)
	}
	return q, nil
}

// parseCard reads one card, naming a long token only by its start.
func parseCard(s string) (solve.Rank, error) {
	if len(s) > 2 {
		return 0, fmt.Errorf("unknown card %s: want A, 2..9 or T", solve.QuoteInput(s, 40))
	}
	return solve.ParseRank(s)
}

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
	Hands []JSONHand `json:"hands,omitempty"` // a total in a finite shoe: its two-card hands
	Note  string     `json:"note,omitempty"`  // what is special: a blackjack, 21, three or more cards
}

// LookupHand answers a query from a solved table.
func LookupHand(t *solve.Table, q HandQuery) (HandReport, error) {
	rep := HandReport{Rules: RulesWithShoe(t.Rules.String(), customShoe(t)), Shoe: customShoe(t), Conditioning: t.Conditioning.String(),
		Up: q.Up.String(), Total: q.Total, Soft: q.Soft, Cards: cardList(q.Cards)}
	if !t.Rules.Infinite() && t.Shoe.Counts[q.Up-1] == 0 {
		return rep, fmt.Errorf("the shoe holds no %v to be the up card", q.Up)
	}
	kind, row := cellRow(q)
	cell := t.Cell(kind, row, q.Up)
	if cell == nil {
		return rep, fmt.Errorf("no chart cell for %s v %v", row, q.Up)
	}
	rep.Cell = jsonCell(cell)
	if cell.Impossible && len(q.Cards) == 0 {
		return rep, fmt.Errorf("no %s v %v can be dealt from this shoe", row, q.Up)
	}
	switch {
	case len(q.Cards) == 2 && q.Total == 21:
		rep.Kind, rep.Note = "cards", fmt.Sprintf("blackjack: paid %v, no decision", t.Rules.BlackjackPays)
		rep.EV = map[string]float64{}
		return rep, nil
	case len(q.Cards) == 2 && !t.Rules.Infinite():
		i := slices.IndexFunc(t.Hands, func(h solve.Hand) bool {
			return h.Up == q.Up && h.Cards[0] == q.Cards[0] && h.Cards[1] == q.Cards[1]
		})
		if i < 0 {
			return rep, fmt.Errorf("%s v %v cannot be dealt from this shoe", rep.Cards, q.Up)
		}
		h := &t.Hands[i]
		rep.Kind = "cards"
		rep.fill(h.EV[:], h.Legal[:], h.Best, h.Chart)
	case len(q.Cards) > 2:
		rep.Note = "three or more cards: stand or hit only; the chart's play is its row's play for three or more cards"
		if t.Rules.DoubleAny {
			rep.Note = "three or more cards: stand, hit or (DANY) double; the chart's play is its row's play for three or more cards (it doubles two cards only)"
		}
		if q.Total == 21 {
			rep.Kind, rep.Note = "cards", "21: the hand stands"
			rep.EV = map[string]float64{}
			return rep, nil
		}
		chart := cell.MultiCard
		var legal [solve.Surrender + 1]bool
		legal[solve.Stand], legal[solve.Hit] = true, true
		if t.Rules.Infinite() && !t.Rules.ChartIsBestPlay() { // a Charlie, a bonus 21, DANY, RESCUE: not by total alone
			ev, legal, _ := t.InfiniteHand(q.Cards, q.Up)
			rep.Kind = "cards"
			rep.fill(ev[:], legal[:], bestOf(ev[:], legal[:]), chart)
			break
		}
		if t.Rules.Infinite() { // only the total matters
			rep.Kind = "cell"
			rep.fill(cell.EV[:], legal[:], bestOf(cell.EV[:], legal[:]), chart)
			break
		}
		var counts [10]uint8
		for _, c := range q.Cards {
			counts[c-1]++
		}
		i := slices.IndexFunc(t.Compositions, func(c solve.Composition) bool { return c.Up == q.Up && c.Counts == counts })
		if i < 0 {
			return rep, fmt.Errorf("%s v %v cannot be dealt from this shoe", rep.Cards, q.Up)
		}
		c := &t.Compositions[i]
		rep.Kind = "cards"
		var ev [solve.Surrender + 1]float64
		copy(ev[:], c.EV[:])
		legal[solve.Double] = c.CanDouble
		rep.fill(ev[:], legal[:], c.Best, c.Chart)
	default: // a total, or two cards in an infinite deck
		// The best of the values shown; the chart's choice is made over
		// every hand the cell decides (Cell.Cost) and may differ.
		rep.Kind = "cell"
		rep.fill(cell.EV[:], cell.Legal[:], bestOf(cell.EV[:], cell.Legal[:]), cell.Code.Best)
		if len(q.Cards) == 0 && !t.Rules.Infinite() {
			for _, h := range t.Hands {
				if h.Up == q.Up {
					if k, r := cellRow(HandQuery{Cards: h.Cards[:]}); k == kind && r == row {
						rep.Hands = append(rep.Hands, jsonHand(h))
					}
				}
			}
		}
	}
	return rep, nil
}

// fill sets the EVs, the best play, its margin and the chart's play.
func (rep *HandReport) fill(ev []float64, legal []bool, best, chart solve.Action) {
	rep.EV = evMap(ev, legal)
	rep.Best, rep.Chart = best.String(), chart.String()
	second, ok := 0.0, false
	for a, v := range ev {
		if legal[a] && solve.Action(a) != best && (!ok || v > second) {
			second, ok = v, true
		}
	}
	if ok {
		m := ev[best] - second
		rep.Margin = &m
	}
	if legal[chart] {
		rep.Gain = ev[best] - ev[chart]
	}
}

func bestOf(ev []float64, legal []bool) solve.Action {
	best := solve.NoAction
	for a, v := range ev {
		if legal[a] && (best == solve.NoAction || v > ev[best]) {
			best = solve.Action(a)
		}
	}
	return best
}

// HandCell returns the chart cell two or more cards are played from: its
// table and row name ("pairs", "88"; "soft", "A7"; "hard", "16").
func HandCell(cards []solve.Rank) (solve.TableKind, string) {
	c := slices.Clone(cards)
	slices.Sort(c)
	return cellRow(HandQuery{Cards: c})
}

// cellRow returns the chart cell of a query: its table and row name.
func cellRow(q HandQuery) (solve.TableKind, string) {
	if len(q.Cards) == 2 && q.Cards[0] == q.Cards[1] {
		return solve.Pairs, q.Cards[0].String() + q.Cards[1].String()
	}
	total, soft := q.Total, q.Soft
	if q.Cards != nil {
		sum := 0
		for _, c := range q.Cards {
			sum += int(c)
		}
		total, soft = sum, q.Cards[0] == 1 && sum+10 <= 21
		if soft {
			total += 10
		}
	}
	if soft {
		return solve.Soft, "A" + solve.Rank(total-11).String()
	}
	return solve.Hard, strconv.Itoa(total)
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

func jsonHand(h solve.Hand) JSONHand {
	total, soft := h.Total()
	return JSONHand{Cards: cardList(h.Cards[:]), Up: h.Up.String(), Total: total, Soft: soft, Freq: h.Freq,
		EV: evMap(h.EV[:], h.Legal[:]), Best: h.Best.String(), Chart: h.Chart.String()}
}

// HandJSON writes the report as indented JSON.
func HandJSON(w io.Writer, rep HandReport) error {
	return WriteJSON(w, rep)
}

// HandText writes the report for a reader.
func HandText(w io.Writer, rep HandReport) error {
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
	fmt.Fprintf(w, "%s v %s\nrules %s\n", name, rep.Up, RulesText(rep.Rules, rep.Shoe))
	if rep.Note != "" {
		fmt.Fprintf(w, "%s\n", rep.Note)
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
