package solve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A HandQuery is one hand against one up card: exact cards, or a total
// (hard or soft) that stands for its chart cell.
type HandQuery struct {
	Cards []Rank // low rank first; nil for a total
	Total int
	Soft  bool
	Up    Rank
}

// maxHandQuery bounds a query's text; a hand of more cards cannot stay
// under 22.
const maxHandQuery = 200

// ParseHand reads "T,6 v T", "16 v T", "soft 18 v 9", "A,7 vs 9" or
// "4,6,6 v T": cards separated by commas (A, 2..9, T, 10, J, Q, K), or a
// total with an optional "hard"/"soft", then "v" or "vs" and the up card.
func ParseHand(s string) (HandQuery, error) {
	var q HandQuery
	if len(s) > maxHandQuery {
		return q, fmt.Errorf("hand %s: %d characters; a hand is at most %d", QuoteInput(s, 40), len(s), maxHandQuery)
	}
	name := QuoteInput(s, 40)
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
	q.Total, q.Soft = cardsTotal(q.Cards)
	if q.Total > 21 {
		return q, fmt.Errorf("hand %s: %d: the hand has busted", name, q.Total)
	}
	return q, nil
}

// parseCard reads one card, naming a long token only by its start.
func parseCard(s string) (Rank, error) {
	if len(s) > 2 {
		return 0, fmt.Errorf("unknown card %s: want A, 2..9 or T", QuoteInput(s, 40))
	}
	return ParseRank(s)
}

// cardsTotal returns cards' best total and whether it is soft.
func cardsTotal(cards []Rank) (total int, soft bool) {
	for _, c := range cards {
		total += int(c)
	}
	if slices.Contains(cards, 1) && total+10 <= 21 {
		return total + 10, true
	}
	return total, false
}

// Cell returns the chart cell the query is played from: its table and
// row name ("pairs", "88"; "soft", "A7"; "hard", "16").
func (q HandQuery) Cell() (TableKind, string) {
	if len(q.Cards) == 2 && q.Cards[0] == q.Cards[1] {
		return Pairs, q.Cards[0].String() + q.Cards[1].String()
	}
	total, soft := q.Total, q.Soft
	if q.Cards != nil {
		total, soft = cardsTotal(q.Cards)
	}
	if soft {
		return Soft, "A" + Rank(total-11).String()
	}
	return Hard, strconv.Itoa(total)
}

// CellOf returns the chart cell two or more cards are played from.
func CellOf(cards []Rank) (TableKind, string) {
	c := slices.Clone(cards)
	slices.Sort(c)
	return HandQuery{Cards: c}.Cell()
}

// A HandValues' kind of values: for exactly the cards asked about, or
// the chart cell's (an average over its hands).
type LookupKind int

const (
	// ForCards: composition-dependent values of exactly these cards (in an
	// infinite deck under a Charlie or a bonus 21, by total and card
	// count).
	ForCards LookupKind = iota
	// ForCell: the chart cell's values, an average over its two-card
	// hands (every hand of the total in an infinite deck), later
	// decisions played by the chart.
	ForCell
)

// A LookupNote says what is special about a hand looked up.
type LookupNote int

const (
	NoNote    LookupNote = iota
	Blackjack            // two cards of 21: paid, no decision
	Stands21             // three or more cards of 21: the hand stands
	MultiCard            // three or more cards: stand or hit (or DANY double); the chart's play is its row's for three or more cards
)

// A Lookup is what a solved table says of one hand against one up card.
type Lookup struct {
	Query HandQuery
	Kind  LookupKind
	Note  LookupNote
	// EV holds each legal action's EV in the table's conditioning; none
	// for a blackjack or a 21 of three or more cards.
	EV    [Surrender + 1]float64
	Legal [Surrender + 1]bool
	Best  Action // the best of the values; NoAction where none
	// Margin is what the best play gains over the next best (HasMargin
	// false where there is one play).
	Margin    float64
	HasMargin bool
	// Chart is the chart's play for this hand, and Gain what Best gains
	// over it (0 when they agree or the chart's play is not legal here).
	Chart Action
	Gain  float64
	Cell  *Cell  // the chart cell that decides the hand
	Hands []Hand // a total in a finite shoe: the cell's two-card hands
}

// Lookup answers a query from the solved table: the values of exactly
// the cards asked about where the table holds them, else the chart
// cell's.
func (t *Table) Lookup(q HandQuery) (Lookup, error) {
	l := Lookup{Query: q, Best: NoAction, Chart: NoAction}
	if !t.Rules.Infinite() && t.Shoe.Counts[q.Up-1] == 0 {
		return l, fmt.Errorf("the shoe holds no %v to be the up card", q.Up)
	}
	kind, row := q.Cell()
	cell := t.Cell(kind, row, q.Up)
	if cell == nil {
		return l, fmt.Errorf("no chart cell for %s v %v", row, q.Up)
	}
	l.Cell = cell
	if cell.Impossible && len(q.Cards) == 0 {
		return l, fmt.Errorf("no %s v %v can be dealt from this shoe", row, q.Up)
	}
	cards := cardList(q.Cards)
	switch {
	case len(q.Cards) == 2 && q.Total == 21:
		l.Kind, l.Note = ForCards, Blackjack
		return l, nil
	case len(q.Cards) == 2 && !t.Rules.Infinite():
		i := slices.IndexFunc(t.Hands, func(h Hand) bool {
			return h.Up == q.Up && h.Cards[0] == q.Cards[0] && h.Cards[1] == q.Cards[1]
		})
		if i < 0 {
			return l, fmt.Errorf("%s v %v cannot be dealt from this shoe", cards, q.Up)
		}
		h := &t.Hands[i]
		l.Kind = ForCards
		l.fill(h.EV, h.Legal, h.Best, h.Chart)
	case len(q.Cards) > 2:
		l.Note = MultiCard
		if q.Total == 21 {
			l.Kind, l.Note = ForCards, Stands21
			return l, nil
		}
		var legal [Surrender + 1]bool
		legal[Stand], legal[Hit] = true, true
		switch {
		case t.Rules.Infinite() && !t.Rules.ChartIsBestPlay(): // a Charlie, a bonus 21, DANY, RESCUE: not by total alone
			ev, legal, _ := t.InfiniteHand(q.Cards, q.Up)
			l.Kind = ForCards
			l.fill(ev, legal, bestOf(ev, legal), cell.MultiCard)
		case t.Rules.Infinite(): // only the total matters
			l.Kind = ForCell
			l.fill(cell.EV, legal, bestOf(cell.EV, legal), cell.MultiCard)
		default:
			var counts [10]uint8
			for _, c := range q.Cards {
				counts[c-1]++
			}
			i := slices.IndexFunc(t.Compositions, func(c Composition) bool { return c.Up == q.Up && c.Counts == counts })
			if i < 0 {
				return l, fmt.Errorf("%s v %v cannot be dealt from this shoe", cards, q.Up)
			}
			c := &t.Compositions[i]
			var ev [Surrender + 1]float64
			copy(ev[:], c.EV[:])
			legal[Double] = c.CanDouble
			l.Kind = ForCards
			l.fill(ev, legal, c.Best, c.Chart)
		}
	default: // a total, or two cards in an infinite deck
		// The best of the values shown; the chart's choice is made over
		// every hand the cell decides (Cell.Cost) and may differ.
		l.Kind = ForCell
		l.fill(cell.EV, cell.Legal, bestOf(cell.EV, cell.Legal), cell.Code.Best)
		if len(q.Cards) == 0 && !t.Rules.Infinite() {
			for _, h := range t.Hands {
				if h.Up != q.Up {
					continue
				}
				if k, r := (HandQuery{Cards: h.Cards[:]}).Cell(); k == kind && r == row {
					l.Hands = append(l.Hands, h)
				}
			}
		}
	}
	return l, nil
}

// fill sets the values, the best play, its margin and the chart's play.
func (l *Lookup) fill(ev [Surrender + 1]float64, legal [Surrender + 1]bool, best, chart Action) {
	l.EV, l.Legal, l.Best, l.Chart = ev, legal, best, chart
	second, ok := 0.0, false
	for a, v := range ev {
		if legal[a] && Action(a) != best && (!ok || v > second) {
			second, ok = v, true
		}
	}
	if ok {
		l.Margin, l.HasMargin = ev[best]-second, true
	}
	if legal[chart] {
		l.Gain = ev[best] - ev[chart]
	}
}

func bestOf(ev [Surrender + 1]float64, legal [Surrender + 1]bool) Action {
	best := NoAction
	for a, v := range ev {
		if legal[a] && (best == NoAction || v > ev[best]) {
			best = Action(a)
		}
	}
	return best
}

// cardList names cards as "6,T".
func cardList(cards []Rank) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.String()
	}
	return strings.Join(names, ",")
}
