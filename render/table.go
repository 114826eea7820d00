package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"bjchart/solve"
	"bjchart/solve/drill"
)

// TableReport is a session at the table, as 'bjchart drill table
// --format json' writes it and the page shows it: the game, the balance,
// the round in play (or the last one), every round played, and each
// decision with its price against the exact best play for the cards
// left. Amounts are in units (the player's chips); EVs and costs in bets
// (fractions of the round's first bet), in the conditioning of 'chart
// --format json'.
type TableReport struct {
	Rules     string          `json:"rules"`
	Seed      uint64          `json:"seed"`
	Balance   float64         `json:"balance"`
	Start     float64         `json:"start"`
	Waiting   string          `json:"waiting"` // bet, insurance, play, count (a count check) or nothing (broke)
	Legal     []string        `json:"legal"`   // the moves taken now: "b10", "h", "s", "i", "n" ...
	Moves     string          `json:"moves"`   // the session's moves, as --moves reads them
	CardsLeft int             `json:"cards_left"`
	ToCut     int             `json:"to_cut"` // cards dealt before the cut card comes out
	Round     *TableRound     `json:"round"`  // in play, or the last played; null before the first
	Rounds    []TableRound    `json:"rounds"`
	Decisions []tableDecision `json:"decisions"`
	// CountChecks are the count checks answered (--count-checks): the
	// count of the cards seen, the answer, and whether it was right.
	CountChecks []drill.CountCheck `json:"count_checks,omitempty"`
	Summary     drill.TableSummary `json:"summary"`
	// SideBets price the side bets on the cards not seen, while the table
	// waits for a bet (drill.Table.SidePrices): their returns, fractions
	// of the bet, on their default tables; absent otherwise.
	SideBets []drill.SidePrice `json:"side_bets,omitempty"`
	// SidePlaced are the side bets placed for the next deal.
	SidePlaced []drill.SideMove `json:"side_placed,omitempty"`
}

// A TableRound is one round at the table.
type TableRound struct {
	Number int         `json:"number"`
	Bet    float64     `json:"bet"`
	Dealer []string    `json:"dealer"` // the cards shown; "?" for the hole card face down
	Total  string      `json:"dealer_total"`
	Hands  []tableHand `json:"hands"`
	Insure float64     `json:"insurance"`
	// Side are the side bets placed with the round: each settled, once
	// the round is done, on the cards it names, suits and all.
	Side  []tableSide `json:"side,omitempty"`
	Notes []string    `json:"notes"`
	Done  bool        `json:"done"`
	Net   float64     `json:"net"` // once done
}

// A tableSide is a side bet placed with a round.
type tableSide struct {
	Bet     string  `json:"bet"`
	Table   string  `json:"pays"` // its pay table's name
	Stake   float64 `json:"stake"`
	Cards   string  `json:"cards,omitempty"`   // once settled: the cards it read, with their suits
	Outcome string  `json:"outcome,omitempty"` // once settled: "flush", "loss"
	Net     float64 `json:"net"`
}

// A tableHand is one of the player's hands.
type tableHand struct {
	Cards  []string `json:"cards"`
	Total  string   `json:"total"` // "soft 17", "bust 24"
	Bet    float64  `json:"bet"`
	InPlay bool     `json:"in_play"`
	Result string   `json:"result,omitempty"`
	Net    float64  `json:"net"`
}

// A tableDecision is a play made, priced.
type tableDecision struct {
	Round int    `json:"round"`
	Hand  string `json:"hand"` // "8,3 v T"
	Split bool   `json:"split"`
	Play  string `json:"play"`
	Best  string `json:"best,omitempty"` // once priced
	// Cost is the best play's EV less the play's (null: not priced).
	Cost *float64 `json:"cost"`
	Shoe string   `json:"shoe,omitempty"` // the cards unseen with the hand and up card: 'hand --shoe'
}

// NewTableReport lays a table out.
func NewTableReport(t *drill.Table, seed uint64) TableReport {
	rep := TableReport{Rules: t.Rules.String(), Seed: seed, Balance: t.Balance, Start: t.Start,
		Waiting: [...]string{"bet", "insurance", "play", "nothing", "count"}[t.Phase], Moves: drill.MovesText(t.Moves),
		CountChecks: t.CountChecks,
		Legal:       []string{}, Rounds: []TableRound{}, Decisions: []tableDecision{}, Summary: t.Summary()}
	rep.CardsLeft, rep.ToCut = t.CardsLeft()
	if t.Phase == drill.Betting && t.Round != nil {
		rep.SideBets = t.SidePrices()
	}
	rep.SidePlaced = t.SidePlaced()
	for _, m := range t.Legal() {
		rep.Legal = append(rep.Legal, m.String())
	}
	for i, rd := range t.Played {
		rep.Rounds = append(rep.Rounds, tableRound(rd, i+1))
	}
	if t.Round != nil {
		rd := tableRound(t.Round, t.Rounds)
		if !t.Round.Done {
			rd = tableRound(t.Round, t.Rounds+1)
		}
		rep.Round = &rd
	}
	for _, d := range t.Decisions {
		td := tableDecision{Round: d.Round, Hand: drill.CardList(d.Cards) + " v " + d.Up.String(), Split: d.Split, Play: d.Play.String(), Shoe: d.Shoe}
		if d.Rescue && d.Play == solve.Surrender {
			td.Play = "rescue"
		}
		if d.Priced {
			cost := d.Cost
			td.Best, td.Cost = d.Best.String(), &cost
		}
		if d.Insurance {
			td.Play, td.Best = insuranceChoice(d, d.Insured), insuranceChoice(d, d.InsureBest)
		}
		if d.Side != "" { // a side bet placed: worth it where its return on the cards not seen is positive
			td.Hand, td.Play, td.Best = fmt.Sprintf("%s, %s units (%s)", d.Side, drill.Units(d.Bet), EdgeText(d.SideEV, 2)), "bet", "no bet"
			if d.SideEV > 0 {
				td.Best = "bet"
			}
		}
		rep.Decisions = append(rep.Decisions, td)
	}
	return rep
}

func tableRound(rd *drill.Round, n int) TableRound {
	out := TableRound{Number: n, Bet: rd.Bet, Insure: rd.Insure, Notes: append([]string{}, rd.Notes...), Done: rd.Done, Net: rd.Net}
	for _, sb := range rd.Side {
		out.Side = append(out.Side, tableSide{Bet: sb.Bet, Table: sb.Table, Stake: sb.Stake, Cards: sb.Cards, Outcome: sb.Outcome, Net: sb.Net})
	}
	for _, c := range rd.Dealer {
		out.Dealer = append(out.Dealer, c.String())
	}
	if rd.HoleDown() {
		out.Dealer = append(out.Dealer, "?")
	} else {
		out.Total = handTotal(rd.Dealer)
	}
	for i, h := range rd.Hands {
		th := tableHand{Total: handTotal(h.Cards), Bet: h.Bet, InPlay: !rd.Done && i == rd.At, Result: h.Result, Net: h.Net}
		for _, c := range h.Cards {
			th.Cards = append(th.Cards, c.String())
		}
		out.Hands = append(out.Hands, th)
	}
	return out
}

// handTotal writes a hand's total: "17", "soft 17", "bust 24",
// "blackjack".
func handTotal(cards []solve.Rank) string {
	sum, ace := 0, false
	for _, c := range cards {
		sum += int(c)
		ace = ace || c == 1
	}
	switch {
	case len(cards) == 2 && ace && sum == 11:
		return "21 (two cards)"
	case sum > 21:
		return fmt.Sprintf("bust %d", sum)
	case ace && sum+10 <= 21:
		return fmt.Sprintf("soft %d", sum+10)
	}
	return fmt.Sprint(sum)
}

// WriteText writes the table for a reader: the round (the dealer's
// cards, each hand with its total and bet, the hand in play marked), its
// notes and results once done, the balance and the shoe.
func (rep TableReport) WriteText(w io.Writer) error {
	var b strings.Builder
	if rd := rep.Round; rd != nil {
		fmt.Fprintf(&b, "Round %d, bet %s", rd.Number, drill.Units(rd.Bet))
		if rd.Insure > 0 {
			fmt.Fprintf(&b, ", insured for %s", drill.Units(rd.Insure))
		}
		for _, sb := range rd.Side {
			fmt.Fprintf(&b, ", %s %s", sb.Bet, drill.Units(sb.Stake))
		}
		fmt.Fprintln(&b, ".")
		for _, n := range rd.Notes {
			fmt.Fprintln(&b, n)
		}
		dealer := strings.Join(rd.Dealer, " ")
		if rd.Total != "" {
			dealer += "  (" + rd.Total + ")"
		}
		fmt.Fprintf(&b, "  Dealer  %s\n", dealer)
		for i, h := range rd.Hands {
			label := "  You   "
			if len(rd.Hands) > 1 {
				label = fmt.Sprintf("  Hand %d", i+1)
			}
			mark := ""
			if h.InPlay {
				mark = "  <- to play"
			}
			line := fmt.Sprintf("%s  %s  (%s), bet %s%s", label, strings.Join(h.Cards, " "), h.Total, drill.Units(h.Bet), mark)
			if rd.Done {
				line += fmt.Sprintf(": %s, %s", h.Result, signedUnits(h.Net))
			}
			fmt.Fprintln(&b, line)
		}
		if rd.Done {
			fmt.Fprintf(&b, "Round %d: %s.\n", rd.Number, signedUnits(rd.Net))
		}
	}
	if rd := rep.Round; rd != nil && !rd.Done {
		fmt.Fprintf(&b, "Balance %s, the rest on the table", drill.Units(rep.Balance))
	} else {
		fmt.Fprintf(&b, "Balance %s (%s since you sat down with %s)", drill.Units(rep.Balance), signedUnits(rep.Summary.Net), drill.Units(rep.Start))
	}
	if rep.Round != nil && rep.CardsLeft > 0 {
		fmt.Fprintf(&b, "; %d cards left in the shoe, %d before the cut card", rep.CardsLeft, rep.ToCut)
	}
	fmt.Fprintln(&b, ".")
	if len(rep.SidePlaced) > 0 {
		var placed []string
		for _, m := range rep.SidePlaced {
			placed = append(placed, m.Bet+" "+drill.Units(m.Stake))
		}
		fmt.Fprintf(&b, "Side bets placed for the next deal: %s.\n", strings.Join(placed, ", "))
	}
	if line := SidePricesText(rep.SideBets); line != "" {
		fmt.Fprintln(&b, line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// SidePricesText is the side bets' prices on the cards not seen, in a
// sentence ("" for none).
func SidePricesText(prices []drill.SidePrice) string {
	if len(prices) == 0 {
		return ""
	}
	var parts []string
	for _, p := range prices {
		parts = append(parts, fmt.Sprintf("%s %s", p.Bet, EdgeText(p.EV, 2)))
	}
	return "Side bets on the cards not seen (their usual tables; 'bjchart side BET --shoe' has the rest): " + strings.Join(parts, ", ") + "."
}

// signedUnits writes an amount of units with its sign: "+15", "-10", "0".
func signedUnits(x float64) string {
	if x > 0 {
		return "+" + drill.Units(x)
	}
	return drill.Units(x)
}

// An AdviceReport is the trainer's advice on a decision: the table's
// rules, the decision, and the exact values of its plays on the cards
// left (Advice, which Command does not need).
type AdviceReport struct {
	Rules    solve.Rules
	Decision drill.Decision
	Advice   drill.Advice
}

// Text says what the exact values of a decision's plays are on the cards
// left, best first, beside the chart's play; Command is the command that
// computes them.
func (rep AdviceReport) Text() string {
	a := rep.Advice
	var b strings.Builder
	if a.Best == solve.NoAction {
		fmt.Fprintf(&b, "No values for this decision (%s). The chart plays %s.", a.Unvalued, a.Chart)
		return b.String()
	}
	var parts []string
	for _, act := range rep.Plays() {
		p := fmt.Sprintf("%s %+.4f", act, a.EV[act])
		if act == a.Best {
			p += " (best)"
		}
		parts = append(parts, p)
	}
	fmt.Fprintf(&b, "Exact for the cards left: %s. The chart plays %s.", strings.Join(parts, ", "), a.Chart)
	if a.Unvalued != "" {
		fmt.Fprintf(&b, " Not valued here: %s.", a.Unvalued)
	}
	b.WriteString(" EVs in bets, as this command values the hand:")
	return b.String()
}

// Command is the command that values a decision's hand as its advice
// does: 'bjchart hand CARDS v UP --rules R --shoe S'.
func (rep AdviceReport) Command() string {
	r, d := rep.Rules, rep.Decision
	c := fmt.Sprintf("bjchart hand %s --rules %q", d.HandRequest(r).Hand, r.String())
	if d.Shoe != "" {
		c += " --shoe " + d.Shoe
	}
	return c
}

// Plays lists the plays the advice values, best first.
func (rep AdviceReport) Plays() []solve.Action {
	a := rep.Advice
	var out []solve.Action
	for act := solve.Stand; act <= solve.Surrender; act++ {
		if a.Valued[act] {
			out = append(out, act)
		}
	}
	for i := 1; i < len(out); i++ { // a few plays: insertion sort, best first
		for j := i; j > 0 && a.EV[out[j]] > a.EV[out[j-1]]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// insuranceChoice names an insurance choice as the casino says it: "even
// money" or "no even money" on a blackjack, else "insure" or "no
// insurance".
func insuranceChoice(d drill.Decision, take bool) string {
	bj := len(d.Cards) == 2 && d.Cards[0] == 1 && d.Cards[1] == 10
	switch {
	case bj && take:
		return "even money"
	case bj:
		return "no even money"
	case take:
		return "insure"
	}
	return "no insurance"
}

// InsuranceAdviceText says what insurance is worth on the cards left:
// each choice's value, the better first, and the chance behind them.
func InsuranceAdviceText(a drill.InsuranceAdvice) string {
	take, decline := "insure", "no insurance"
	unit := "the insurance bet's own value (the hand's is the same either way)"
	if a.EvenMoney {
		take, decline = "even money", "no even money"
		unit = "the round's value with your blackjack"
	}
	first, second := fmt.Sprintf("%s %+.4f", take, a.Take), fmt.Sprintf("%s %+.4f", decline, a.Decline)
	if !a.Best() {
		first, second = second, first
	}
	chance := fmt.Sprintf("the hole card is a ten with chance %.4f", a.TenChance)
	if a.Unseen > 0 {
		chance += fmt.Sprintf(" (%d tens among the %d cards you have not seen)", a.Tens, a.Unseen)
	}
	return fmt.Sprintf("Exact for the cards left: %s (best), %s, in bets: %s; %s.", first, second, unit, chance)
}

// PlayPriceText says what a decision just made cost against the best play
// for the cards left.
func PlayPriceText(d drill.Decision) string {
	switch {
	case !d.Priced:
		return ""
	case d.Insurance && d.Cost <= 1e-12:
		return fmt.Sprintf("%s on %s v %v: the better choice.", insuranceChoice(d, d.Insured), drill.CardList(d.Cards), d.Up)
	case d.Insurance:
		return fmt.Sprintf("%s on %s v %v gave up %.4f of a bet (%s units) against %s, the better choice for the cards left.",
			insuranceChoice(d, d.Insured), drill.CardList(d.Cards), d.Up, d.Cost, drill.Units(round4(d.Cost*d.Bet)), insuranceChoice(d, d.InsureBest))
	case d.Cost <= 1e-12:
		return fmt.Sprintf("%s on %s v %v: the best play.", d.Play, drill.CardList(d.Cards), d.Up)
	}
	return fmt.Sprintf("%s on %s v %v gave up %.4f of a bet (%s units) against %s, the best play for the cards left.",
		d.Play, drill.CardList(d.Cards), d.Up, d.Cost, drill.Units(round4(d.Cost*d.Bet)), d.Best)
}

func round4(x float64) float64 { return float64(int64(x*1e4+0.5)) / 1e4 }

// CountCheckText says how a count check was answered: "Count check:
// right: running count +4, true count +1.33 (yours: +4, 1.5)."
func CountCheckText(c drill.CountCheck) string {
	verdict := "right"
	if !c.Right {
		verdict = "wrong"
	}
	yours := fmt.Sprintf("%+g", c.Answer.Running)
	if !math.IsNaN(c.Answer.True) {
		yours += fmt.Sprintf(", %+g", c.Answer.True)
	}
	at := "Count check"
	if c.Shuffle {
		at = "Count check at the shuffle"
	}
	return fmt.Sprintf("%s: %s: running count %+g, true count %+.2f (yours: %s; the true count is right within %g).", at, verdict, c.Running, c.True, yours, drill.TrueTolerance)
}

// SummaryText sums a session up.
func (rep TableReport) SummaryText() string {
	s := rep.Summary
	text := fmt.Sprintf("%s, net %s units. Decisions priced against the exact best play for the cards left: %d of %d; %d fell short of it, giving up %.2f units of EV.",
		plural(s.Rounds, "round"), signedUnits(s.Net), s.Priced, s.Decisions, s.Mistakes, s.GivenUp)
	if s.Priced < s.Decisions {
		text += fmt.Sprintf(" %d were not priced (a resplit, a rescue, or values no longer held).", s.Decisions-s.Priced)
	}
	if n := len(rep.CountChecks); n > 0 {
		right := 0
		for _, c := range rep.CountChecks {
			if c.Right {
				right++
			}
		}
		text += fmt.Sprintf(" Count checks: %d of %d right.", right, n)
	}
	return text
}

// plural writes a count of things: "1 round", "2 rounds".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// TableCountText says the table's Hi-Lo count of the cards seen since
// the shuffle (drill.Table.HiLo), or that an infinite deck has none.
func TableCountText(t *drill.Table) string {
	rc, tc, decks, ok := t.HiLo()
	if !ok {
		return "An infinite deck has nothing to count: every card comes from a full deck."
	}
	return fmt.Sprintf("Hi-Lo over the cards you have seen since the shuffle: running count %+g, true count %+.1f (%.1f decks unseen).", rc, tc, decks)
}
