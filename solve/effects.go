package solve

import (
	"context"
	"slices"
	"strings"
)

// A Variation is the game with one rule changed.
type Variation struct {
	Group string // the rule changed, as RuleTokens groups them ("dealer soft 17")
	Token string // the token that changes it ("H17")
	Rules Rules
}

// variationTokens are the tokens each rule is changed to, by group; a
// variation that is the game's own value, or that the rules refuse
// (INF 5CC's bonus, RSA with SPL1), is left out.
var variationTokens = []struct {
	group  string
	tokens []string
}{
	{"decks", []string{"1D", "2D", "4D", "6D", "8D", "INF"}},
	{"dealer soft 17", []string{"S17", "H17"}},
	{"doubling", []string{"DOA", "D9", "D10", "NDD"}},
	{"double after split", []string{"DAS", "NDAS"}},
	{"splits", []string{"SPL1", "SPL2", "SPL3"}},
	{"resplit aces", []string{"RSA"}},
	{"hit split aces", []string{"HSA"}},
	{"surrender", []string{"NS", "LS", "ES"}},
	{"blackjack pays", []string{"3:2", "6:5", "1:1", "2:1"}},
	{"hole card", []string{"PEEK", "ENHC", "OBO"}},
	{"charlie", []string{"5CC", "6CC"}},
	{"ties", []string{"TIESLOSE"}},
	{"dealer 22", []string{"PUSH22"}},
	{"player 21", []string{"P21WINS"}},
}

// Variations lists the game with each rule changed to each other value
// it commonly takes, one at a time: the Wizard of Odds' rule-variation
// table, for any game. A token that toggles a rule (RSA, TIESLOSE) turns it
// off where the game has it.
func Variations(r Rules) []Variation {
	base := strings.Fields(r.String())
	var out []Variation
	for _, g := range variationTokens {
		for _, tok := range g.tokens {
			var next []string
			had := false
			for _, t := range base {
				if tokenGroup(t) == g.group {
					had = had || t == tok
					continue
				}
				next = append(next, t)
			}
			if had && len(g.tokens) > 1 {
				continue // the game's own value
			}
			if !had {
				next = append(next, tok)
			}
			v, err := ParseRules(strings.Join(next, " "))
			if err != nil || v == r {
				continue
			}
			name := tok
			if had {
				name = "no " + tok
			}
			out = append(out, Variation{Group: g.group, Token: name, Rules: v})
		}
	}
	return out
}

// tokenGroup returns the rule group of a canonical token.
func tokenGroup(t string) string {
	group, _, ok := lookupToken(t)
	if !ok {
		return ""
	}
	if strings.HasPrefix(group, "charlie") {
		return "charlie"
	}
	return group
}

// An Effect is a variation's worth: its EVs less the game's, as fractions
// of the initial bet.
type Effect struct {
	Variation
	EV, BestPlay float64 // the variation's chart EV and best play's (CDZ- in finite shoes)
	// Change and BestPlayChange are the variation's EVs less the game's.
	Change, BestPlayChange float64
}

// Effects solves the game and each of its variations (on every core, the
// variations dealt from the game's shoe sharing its work; another deck
// count has nothing to share, and keeping its work would only hold memory;
// a variation's cells, which an effect does not read, are not filled:
// Options.HandsOnly; a payout's variation is not solved: a blackjack's
// payout changes no play, so its effect is the change of payout times the
// chance of a blackjack it pays) and returns the game's table and the
// effects, the largest gain first.
func Effects(r Rules) (*Table, []Effect, error) { return effects(context.Background(), r) }

// effects is Effects, stopped with ctx's error when ctx ends.
func effects(ctx context.Context, r Rules) (*Table, []Effect, error) {
	shared := Options{Cache: NewCache()} // safe for concurrent use
	shared.Cache.keepValues = true       // most variations play the same hands
	base, err := SolveWith(ctx, r, shared)
	if err != nil {
		return nil, nil, err
	}
	vs := Variations(r)
	out := make([]Effect, len(vs))
	errs := make([]error, len(vs))
	parallel(len(vs), func(_, i int) {
		if vs[i].Group == "blackjack pays" {
			d := payoutChange(base, vs[i].Rules)
			out[i] = Effect{Variation: vs[i], EV: base.EV + d, BestPlay: base.CDEV[CDZMinus] + d, Change: d, BestPlayChange: d}
			return
		}
		opt := shared
		if vs[i].Rules.FullShoe() != r.FullShoe() {
			opt = Options{}
		}
		opt.HandsOnly = true // an effect reads the EVs alone
		t, err := SolveWith(ctx, vs[i].Rules, opt)
		if err != nil {
			errs[i] = err
			return
		}
		out[i] = Effect{Variation: vs[i], EV: t.EV, BestPlay: t.CDEV[CDZMinus],
			Change: t.EV - base.EV, BestPlayChange: t.CDEV[CDZMinus] - base.CDEV[CDZMinus]}
	})
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b Effect) int {
		switch {
		case a.Change > b.Change:
			return -1
		case a.Change < b.Change:
			return 1
		}
		return 0
	})
	return base, out, nil
}

// payoutChange returns the change of a game's EV, with its chart and with
// its best play alike, when a blackjack pays v's payout instead: no play
// changes, so it is the change of payout times the chance of a blackjack
// the dealer does not match (Table.naturals).
func payoutChange(base *Table, v Rules) float64 {
	return (v.BlackjackPays.Float() - base.Rules.BlackjackPays.Float()) * base.naturals
}
