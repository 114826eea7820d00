package side

import (
	"bjchart/solve"
	"context"
	"fmt"
	"io"
	"strings"

	"bjchart/solve/param"
)

// A Request asks for a side bet's exact value: the bet, its pay table,
// and the shoe it is dealt from. 'bjchart side' binds it to flags;
// DefaultRequest holds its defaults.
type Request struct {
	Bet     string // a bet's name (Bets), e.g. "21+3"
	Pays    string // one of the bet's tables by name, or "outcome:pays,..."; "" is its first table
	Decks   int    // decks of the full shoe, 1 to MaxDecks
	Shoe    string // the shoe left: 10 counts of A..T (suits unknown) or 52 of As..Kc; "" is the full shoe
	Effects bool   // also the effects of removal and a count's tags (the field "count")
	H17     bool   // the dealer hits soft 17: buster only
	// Rules is a game's rule string ("6D H17 DAS LS"), if given: its deck
	// count is the full shoe's and its soft-17 rule the dealer's, in place
	// of Decks and H17.
	Rules string
}

// DefaultRequest is 21+3 on its first table (100-40-30-10-5) from six
// full decks.
func DefaultRequest() Request { return Request{Bet: "21+3", Decks: 6} }

// Params adds the request's fields to s.
func (q *Request) Params(s *param.Set) {
	var names []string
	for _, b := range betList {
		names = append(names, b.Name)
	}
	s.Enum(&q.Bet, "bet", "the side bet: %s", names...)
	s.String(&q.Pays, "pays", "the pay table: one of the bet's by name (see the list), or outcome:pays,... e.g. \"perfect-pair:25,coloured-pair:12,mixed-pair:6\" (pays to 1)")
	s.Int(&q.Decks, "decks", fmt.Sprintf("decks of the full shoe, 1 to %d", MaxDecks))
	s.String(&q.Shoe, "shoe", "deal from this shoe left of the full decks: ten counts of A,2..9,T (the removed cards' suits unknown, every removal equally likely) or 52 counts of As,Ah,Ad,Ac,2s,...,Kc")
	s.Bool(&q.Effects, "count", "also the effects of removal of each rank and a count's tags")
	s.Bool(&q.H17, "h17", "the dealer hits soft 17 (buster: the bet on the dealer's whole hand)")
	s.String(&q.Rules, "rules", "the game's rules, e.g. \"6D H17 DAS LS\": its deck count and soft-17 rule instead of decks and h17")
}

// A Job is a checked request.
type Job struct {
	Bet     *Bet
	Table   Table
	Shoe    Shoe
	Rules   Rules
	Effects bool
}

// Check reads the request's bet, table and shoe.
func (q Request) Check() (Job, error) {
	b, err := LookupBet(q.Bet)
	if err != nil {
		return Job{}, param.Errorf("bet", q.Bet, "want %s", betNames())
	}
	t, err := ParseTable(b, q.Pays)
	if err == nil {
		err = oneBet(b, t)
	}
	if err != nil {
		return Job{}, &param.Error{Name: "pays", Input: err.Error()}
	}
	h17 := q.H17
	if q.Rules != "" {
		r, err := solve.ParseRules(q.Rules)
		switch {
		case err != nil:
			return Job{}, &param.Error{Name: "rules", Input: err.Error()} // as the game's rules say it (solve.Game)
		case r.Infinite():
			return Job{}, param.Errorf("rules", q.Rules, "an infinite deck has no shoe to deal a side bet from; give a deck count (1D to %dD)", MaxDecks)
		case r.Decks > MaxDecks:
			return Job{}, param.Errorf("rules", q.Rules, "%d decks; side bets are valued for 1 to %d", r.Decks, MaxDecks)
		case q.Decks != DefaultRequest().Decks && q.Decks != r.Decks:
			return Job{}, param.Fieldf("decks", "{decks} %d and the %d decks of {rules} disagree; give one", q.Decks, r.Decks)
		case q.H17 && !r.H17:
			return Job{}, param.Fieldf("h17", "{h17} and {rules}' S17 disagree; give one")
		}
		q.Decks, h17 = r.Decks, r.H17 && b.dealer
	}
	if q.Decks < 1 || q.Decks > MaxDecks {
		return Job{}, param.NumberErrorf("decks", q.Decks, "want 1 to %d", MaxDecks)
	}
	sh, err := ParseShoe(q.Decks, q.Shoe)
	if err != nil {
		return Job{}, &param.Error{Name: "shoe", Input: err.Error()}
	}
	if n := sh.Total(); b.dealer && n < 17 {
		return Job{}, param.Fieldf("shoe", "{shoe} holds %d cards; %s needs 17 or more, so that the dealer's hand cannot run out of cards", n, b.Name)
	}
	if n := sh.Total(); n < b.size() {
		return Job{}, param.Fieldf("shoe", "{shoe} holds %d cards; %s deals %d", n, b.Name, b.size())
	}
	if q.Effects && !sh.Full() {
		return Job{}, param.Fieldf("count", "{count} is worked out on the full shoe (its effects of removal); leave out {shoe}")
	}
	if q.H17 && !b.dealer {
		return Job{}, param.Fieldf("h17", "{h17} is a rule of the dealer's draw, which only buster is settled on; %s is settled on the first cards", b.Name)
	}
	return Job{Bet: b, Table: t, Shoe: sh, Rules: Rules{H17: h17}, Effects: q.Effects}, nil
}

// Validate reports what is wrong with the request, or nil.
func (q Request) Validate() error {
	_, err := q.Check()
	return err
}

// Steps is the total Run's progress counts to: the shoe valued, then
// with Effects the full shoe and each rank's removal.
func (j Job) Steps() int64 {
	if j.Effects {
		return 11
	}
	return 1
}

// Run values the bet (milliseconds; Lucky Ladies on a suited shoe, a
// tenth of a second), and its effects of removal when asked for; progress,
// when not nil, is called as each shoe is valued.
func (j Job) Run(ctx context.Context, progress func(done, total int64)) (*Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	total := j.Steps()
	r, err := Evaluate(j.Bet, j.Table, j.Shoe, j.Rules)
	if err != nil {
		return nil, err
	}
	if progress != nil {
		progress(1, total)
	}
	if j.Effects {
		e, err := RemovalEffects(ctx, j.Bet, j.Table, j.Shoe.Decks, j.Rules, func(done int) {
			if progress != nil {
				progress(1+int64(done), total)
			}
		})
		if err != nil {
			return nil, err
		}
		r.Effects = e
	}
	return r, nil
}

// WriteList writes the bets, their rules, outcomes and pay tables with
// their sources: what 'bjchart side' shows with no bet.
func WriteList(w io.Writer) error {
	var b strings.Builder
	for i, bet := range bets() {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s: %s.\n", bet.Name, bet.Rules)
		fmt.Fprintf(&b, "  cards: %s\n", strings.Join(bet.Cards, ", "))
		fmt.Fprintf(&b, "  outcomes: %s\n", strings.Join(bet.Outcomes, ", "))
		for j, t := range bet.Tables {
			def := ""
			if j == 0 {
				def = " (default)"
			}
			fmt.Fprintf(&b, "  table %s%s: %s\n    source: %s\n", t.Name, def, t, t.Source)
			if t.Checked != "" {
				fmt.Fprintf(&b, "    checked: %s\n", t.Checked)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
