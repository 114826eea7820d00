package drill

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"bjchart/solve"
)

// A Decision is a play made at the table, with what it was made on.
type Decision struct {
	Round int          // 1 for the first round
	Cards []solve.Rank // the hand, low rank first
	Up    solve.Rank
	// Shoe is the cards the player had not seen, with the hand and the up
	// card put back: the shoe 'bjchart hand --shoe' values the hand on.
	// Empty for an infinite deck.
	Shoe  string
	left  [10]int // Shoe's counts
	Split bool    // a hand of a split pair
	Bet   float64 // the round's first bet: the unit of the EVs and Cost
	// Legal is what the table allowed; Play what was made.
	Legal [solve.Surrender + 1]bool
	Play  solve.Action
	// Rescue: the decision was to stand on a double or rescue it (R).
	Rescue bool
	// Insurance marks the insurance decision against an ace up (even
	// money, on a blackjack): Insured says whether it was taken and
	// InsureBest whether taking it was the better choice; Play is
	// NoAction. It is priced as it is made (Table.Insurance).
	Insurance, Insured, InsureBest bool
	// Side names a side bet placed before the deal (SideMove): Bet is
	// its stake, SideEV its return on the cards not seen (a fraction of
	// the stake) and Cost what it gave up against not betting it (-SideEV
	// where negative); Play is NoAction. It is priced as it is made.
	Side   string
	SideEV float64
	// Priced is true once Price has set Cost and Best.
	Priced bool
	Best   solve.Action
	Cost   float64 // the best play's EV less the play's, on this hand
}

// HandRequest is the hand request that values the decision's plays: the
// game, the shoe left and the cards ('bjchart hand CARDS v UP --rules R
// --shoe S').
func (d Decision) HandRequest(r solve.Rules) solve.HandRequest {
	q := solve.DefaultHandRequest()
	q.Game = solve.Game{Rules: r.String()}
	q.Shoe = d.Shoe
	q.Hand = CardList(d.Cards) + " v " + d.Up.String()
	return q
}

// Advice is the exact value of each play of a decision on the cards the
// player has not seen: every legal play the solver values (a resplit and
// a rescue it does not: Valued false), the best of them, and the chart's
// play for the hand.
type Advice struct {
	EV     [solve.Surrender + 1]float64
	Valued [solve.Surrender + 1]bool
	Best   solve.Action
	Chart  solve.Action
	// Unvalued names legal plays the values leave out ("resplit").
	Unvalued string
}

// Advise values a decision's plays on the cards left, as 'bjchart hand
// --shoe' values the hand there (HandRequest), with the table's own
// limits on what may be played (no surrender after a split, a double
// after a split only with DAS; a resplit not valued). In a peek game
// without early surrender it values the hand with solve.HandValues and
// solve.PairPlays, the solver's per-shoe values (equal to the table
// solve's to 1e-12, and in milliseconds, any shoe); otherwise it solves
// the shoe's table, which needs a card of every rank left. An infinite
// deck's values are its table's (chart). chart is the game's solved
// table, for the chart's play.
func Advise(ctx context.Context, r solve.Rules, d Decision, chart *solve.Table) (Advice, error) {
	var l solve.Lookup
	var err error
	switch {
	case r.Infinite():
		var q solve.HandQuery
		if q, err = solve.ParseHand(d.HandRequest(r).Hand); err == nil {
			l, err = chart.Lookup(q)
		}
	case r.HoleCard == solve.Peek && r.Surrender != solve.EarlySurrender:
		l, err = shoeValues(r, d)
	default:
		var job solve.HandJob
		var res solve.HandResult
		if job, err = d.HandRequest(r).Check(); err == nil {
			res, err = job.Run(ctx, nil)
			l = res.Lookup
		}
	}
	if err != nil {
		return Advice{}, err
	}
	return adviceFrom(l, d, chart), nil
}

// shoeValues values a decision's plays on its shoe with the per-shoe
// solver, conditioned on no dealer blackjack as the solver's tables are.
func shoeValues(r solve.Rules, d Decision) (solve.Lookup, error) {
	var l solve.Lookup
	v := solve.NewHandValues(r, d.left, d.Up)
	var hand [10]uint8
	for _, c := range d.Cards {
		hand[c-1]++
	}
	q := v.NoBlackjack(hand)
	if q <= 0 {
		return l, fmt.Errorf("no card left that is not a dealer blackjack")
	}
	var w [solve.Surrender + 1]float64
	w[solve.Stand], w[solve.Hit], w[solve.Double], w[solve.Surrender] = v.Plays(hand)
	for _, a := range []solve.Action{solve.Stand, solve.Hit, solve.Double, solve.Surrender} {
		l.EV[a], l.Legal[a] = w[a]/q, true
	}
	if len(d.Cards) == 2 && d.Cards[0] == d.Cards[1] && d.Legal[solve.Split] && !d.Split {
		_, split, err := solve.PairPlays(r, solve.Shoe{Counts: d.left}, d.Cards[0], d.Up)
		if err != nil {
			return l, err
		}
		l.EV[solve.Split], l.Legal[solve.Split] = split/q, true
	}
	return l, nil
}

// adviceFrom reads a lookup as the decision's advice.
func adviceFrom(l solve.Lookup, d Decision, chart *solve.Table) Advice {
	var a Advice
	a.Best, a.Chart = solve.NoAction, chartPlay(chart, d)
	if d.Rescue { // stand on the double, or rescue it: not a play the solver's tables hold
		a.Unvalued = "stand or rescue a double"
		return a
	}
	for act := solve.Stand; act <= solve.Surrender; act++ {
		switch {
		case !d.Legal[act]:
		case act == solve.Split && d.Split:
			a.Unvalued = "resplit"
		case l.Legal[act]:
			a.EV[act], a.Valued[act] = l.EV[act], true
			if a.Best == solve.NoAction || a.EV[act] > a.EV[a.Best] {
				a.Best = act
			}
		}
	}
	return a
}

// chartPlay is the chart's play for a decision, as the solver values a
// chart (and the simulator plays one): a pair's row for a pair not yet
// split, a split pair split again while the rules allow, else the hard
// or soft row of the cards (a split hand's first decision included), the
// row's play for three or more cards after a hit; a play the table does
// not allow here gives way to the chart's fallback. A double is never
// rescued.
func chartPlay(t *solve.Table, d Decision) solve.Action {
	switch {
	case d.Rescue:
		return solve.Stand // the chart never rescues
	case t == nil:
		return solve.NoAction
	}
	kind, row := solve.CellOf(d.Cards)
	if kind == solve.Pairs && d.Split {
		if !d.Legal[solve.Split] {
			kind, row = splitHandRow(d.Cards) // no resplit: the row of its total
		} else if c := t.Cell(kind, row, d.Up); c != nil && c.Code.Best == solve.Split {
			return solve.Split // split again while the rules allow, as the solver values a chart
		}
		// else the pair's own cell: a pair the chart does not split (T,T v
		// T after a split the chart would not make) plays as the chart
		// plays it
	}
	c := t.Cell(kind, row, d.Up)
	if c == nil {
		return solve.NoAction
	}
	if len(d.Cards) > 2 {
		if d.Legal[c.MultiCard] {
			return c.MultiCard
		}
		return solve.Stand
	}
	switch a := c.Code.Best; {
	case d.Legal[a]:
		return a
	case c.Code.Fallback != solve.NoAction && d.Legal[c.Code.Fallback]:
		return c.Code.Fallback
	}
	return solve.Stand
}

// splitHandRow is the chart row a split hand's cards are played from:
// the hard or soft row of their total, a pair's included.
func splitHandRow(cards []solve.Rank) (solve.TableKind, string) {
	tot, soft := total(cards)
	if soft {
		return solve.Soft, "A" + solve.Rank(tot-11).String()
	}
	return solve.Hard, strconv.Itoa(tot)
}

// Price sets the cost of each decision not yet priced for which advice
// gives values (false: none known); a play the values leave out (a
// resplit, a rescue) stays unpriced.
func (t *Table) Price(advice func(Decision) (Advice, bool)) {
	for i := range t.Decisions {
		d := &t.Decisions[i]
		if d.Priced || d.Insurance || d.Side != "" {
			continue
		}
		a, ok := advice(*d)
		if !ok || a.Best == solve.NoAction || !a.Valued[d.Play] {
			continue
		}
		d.Priced, d.Best, d.Cost = true, a.Best, a.EV[a.Best]-a.EV[d.Play]
	}
}

// A TableSummary is a session's results.
type TableSummary struct {
	Rounds    int
	Net       float64 // the balance less the balance sat down with (chips on the table counted as staked)
	Decisions int
	Priced    int     // decisions priced
	GivenUp   float64 // EV the priced decisions gave up against the best play, in units
	Mistakes  int     // priced decisions that were not the best play
}

// Summary sums the session.
func (t *Table) Summary() TableSummary {
	s := TableSummary{Rounds: t.Rounds, Net: t.Balance + t.staked() - t.Start, Decisions: len(t.Decisions)}
	for _, d := range t.Decisions {
		if !d.Priced {
			continue
		}
		s.Priced++
		s.GivenUp += d.Cost * d.Bet
		if d.Cost > 1e-12 {
			s.Mistakes++
		}
	}
	return s
}

// An Advisor values the decisions of one game and keeps what it has
// valued (MaxAdvised at most; past that it starts afresh), so that a
// decision shown with its advice is priced without a second solve. It
// is safe for concurrent use.
type Advisor struct {
	rules solve.Rules
	chart *solve.Table
	mu    sync.Mutex
	memo  map[string]Advice
}

// MaxAdvised bounds the decisions an Advisor keeps.
const MaxAdvised = 4096

// NewAdvisor returns an advisor for the game of chart, its solved table.
func NewAdvisor(chart *solve.Table) *Advisor {
	return &Advisor{rules: chart.Rules, chart: chart, memo: map[string]Advice{}}
}

// AdviceKey names a decision's values: its shoe, cards, up card and what
// the table allowed (a face's key for keeping them).
func AdviceKey(d Decision) string {
	return fmt.Sprintf("%s|%s|%v|%v|%v|%v", d.Shoe, CardList(d.Cards), d.Up, d.Split, d.Rescue, d.Legal)
}

// Advise returns the decision's advice (Advise), valued once.
func (a *Advisor) Advise(ctx context.Context, d Decision) (Advice, error) {
	if v, ok := a.Known(d); ok {
		return v, nil
	}
	v, err := Advise(ctx, a.rules, d, a.chart)
	if err != nil {
		return v, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.memo) >= MaxAdvised {
		a.memo = map[string]Advice{}
	}
	a.memo[AdviceKey(d)] = v
	return v, nil
}

// Known returns the decision's advice if it was valued before.
func (a *Advisor) Known(d Decision) (Advice, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	v, ok := a.memo[AdviceKey(d)]
	return v, ok
}

// Chart returns the game's solved table.
func (a *Advisor) Chart() *solve.Table { return a.chart }

// InsuranceAdvice is the exact value of insurance against the dealer's
// ace, from the cards the player has not seen: the hole card is a ten
// with chance TenChance. Take and Decline are in units of the round's
// first bet: with a blackjack (EvenMoney: the casino calls taking it
// even money) the round's whole value either way; otherwise the
// insurance bet's own (half the bet, paid 2:1), the hand's value being
// the same either way.
type InsuranceAdvice struct {
	EvenMoney     bool
	TenChance     float64
	Tens, Unseen  int // the tens and the cards not seen that give TenChance (0, 0 in an infinite deck)
	Take, Decline float64
}

// Best reports whether taking insurance is the better choice.
func (a InsuranceAdvice) Best() bool { return a.Take > a.Decline }

// Insurance values the insurance the table waits for (false when it
// waits for none).
func (t *Table) Insurance() (InsuranceAdvice, bool) {
	if t.Phase != Insuring {
		return InsuranceAdvice{}, false
	}
	var a InsuranceAdvice
	if t.Rules.Infinite() {
		full := t.Rules.FullShoe().Counts
		n := 0
		for _, c := range full {
			n += c
		}
		a.TenChance = float64(full[9]) / float64(n)
	} else {
		unseen := t.unseen()
		for _, c := range unseen {
			a.Unseen += c
		}
		a.Tens = unseen[9]
		a.TenChance = float64(a.Tens) / float64(a.Unseen)
	}
	p := a.TenChance
	h := t.Round.Hands[0]
	if blackjack(h.Cards[0], h.Cards[1]) {
		pays := float64(t.Rules.BlackjackPays.Num) / float64(t.Rules.BlackjackPays.Den)
		a.EvenMoney = true
		a.Take = p*1 + (1-p)*(pays-0.5) // the blackjack pushes and the insurance pays 2:1, or it is paid and the insurance lost
		a.Decline = (1 - p) * pays
	} else {
		a.Take = 0.5 * (3*p - 1) // half the bet, paid 2:1 with chance p
	}
	return a, true
}
