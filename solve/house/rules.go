// Package house solves hit-or-stand house games exactly: games scored by
// the number of cards in a hand as well as its total, with multiplied
// payouts, a bet declared after the first card, and a dealer who may
// decide by chance or by what it sees of the player's hand. The house game's document's
// game is the one it was written for (AsBuilt).
//
// The pipeline, for one rule set:
//  1. the dealer's final hands, for each up card and dealer policy: draw
//     multisets with weights that do not depend on the shoe, then weighed
//     by what is left in a finite shoe or by an infinite deck's chances
//     (dealer.go);
//  2. the player's best hit-or-stand play for every hand, by recursion over
//     the player's cards (solve.go), where standing is weighed against the
//     dealer's final hands (hand.go: who wins, and what it pays);
//  3. the value of each first card, the bet it deserves, and the game's
//     value per round and per point bet.
//
// The package is apart from package solve because its hands need their
// card count and order (the ladder, the multipliers, a dealer who reads the
// player's visible cards) where solve's need only a total.
package house

import (
	"fmt"
	"strconv"
	"strings"

	"bjchart/solve"
)

// Ranks: A..9 are 0..8, a ten (T, J, Q, K) is 9, and a joker is 10. A joker
// counts as a ten, but a 21 holding one pays more in the house game.
const (
	Ace    = 0
	Ten    = 9
	Joker  = 10
	NRanks = 11
)

// value returns the points a card of rank r counts (an ace as 1).
func value(r int) int {
	if r >= Ten {
		return 10
	}
	return r + 1
}

// RankName is the one-character name of rank r: A, 2..9, T, and * for a joker.
func RankName(r int) string { return "A23456789T*"[r : r+1] }

// DealerKind says how the dealer decides to hit.
type DealerKind int

const (
	// Built is the dealer the house game's authors programmed: it looks at its own total
	// only, hits 15 or less, hits 16 and 17 with probabilities Hit16 and
	// Hit17, and stands on 18 or more. A soft total counts as its higher
	// value.
	Built DealerKind = iota
	// Designed is the dealer the house game's authors designed and did not build: it reads
	// the player's visible cards (all but the second) and its own first card
	// (designed.go).
	Designed
)

// MaxBet is the largest bet (or multiplier) the rules accept.
const MaxBet = 1000

// Rules is a house game. The zero value is not useful; start from Plain or
// AsBuilt.
type Rules struct {
	Decks  int // decks in the shoe, 1..MaxDecks; 0 is an infinite deck
	Jokers int // jokers added to each deck, each counted as a ten

	TiesLose bool // the dealer wins every tie (the house game); else a tie pushes
	Ladder   bool // a hand of 5+ cards beats any hand of fewer cards, 6+ beats 5, and so on (the house game)

	// Multipliers of the stake, paid by the winning hand whoever holds it;
	// a hand takes the largest that applies, 1 if none does.
	Mult21      int // any 21 (the house game's "blackjack (exactly 21)": x2)
	MultJoker21 int // a 21 holding a joker (x3)
	Mult5       int // five cards without busting (x5)
	Mult6       int // six or more cards without busting (x10)

	BetMin, BetMax int // the bet, in points, declared after the player's first card

	Dealer       DealerKind
	Hit16, Hit17 float64 // the built dealer's chance of hitting 16 and 17
}

// MaxDecks is the most decks a finite shoe may have.
const MaxDecks = 8

// Plain is a hit-or-stand game with a dealer who stands on 17, ties pushed,
// no ladder, no multipliers and a flat one-point bet.
var Plain = Rules{Decks: 1, Mult21: 1, MultJoker21: 1, Mult5: 1, Mult6: 1, BetMin: 1, BetMax: 1, Hit16: 1}

// AsBuilt is the house game as its authors built it (the project's document on it): one deck with two
// jokers (a pack's usual two; its document says only that jokers count as
// tens), ties to the dealer, the card-count ladder, 21 pays x2 (x3 with a
// joker), five cards x5, six or more x10, a bet of 1-5 points declared
// after the first card, and the dealer that hits 16 with probability 0.4
// and 17 with 0.2.
var AsBuilt = Rules{Decks: 1, Jokers: 2, TiesLose: true, Ladder: true,
	Mult21: 2, MultJoker21: 3, Mult5: 5, Mult6: 10, BetMin: 1, BetMax: 5,
	Hit16: 0.4, Hit17: 0.2}

// Counts returns the cards of each rank in one deck.
func (r Rules) Counts() [NRanks]int {
	var c [NRanks]int
	for i := range Ten {
		c[i] = 4
	}
	c[Ten] = 16
	c[Joker] = r.Jokers
	return c
}

// Shoe returns the full shoe's counts (a deck's, for an infinite deck:
// only their proportions matter then).
func (r Rules) Shoe() [NRanks]int {
	c := r.Counts()
	for i := range c {
		c[i] *= max(r.Decks, 1)
	}
	return c
}

// Validate reports rules that cannot be played.
func (r Rules) Validate() error {
	switch {
	case r.Decks < 0 || r.Decks > MaxDecks:
		return fmt.Errorf("%d decks: want 1 to %d, or INF", r.Decks, MaxDecks)
	case r.Jokers < 0 || r.Jokers > 8:
		return fmt.Errorf("%d jokers a deck: want 0 to 8", r.Jokers)
	case r.BetMin < 1 || r.BetMin > r.BetMax || r.BetMax > MaxBet:
		return fmt.Errorf("bet %d-%d: want 1 <= low <= high <= %d", r.BetMin, r.BetMax, MaxBet)
	}
	for _, m := range r.Multipliers() {
		if m.X < 1 || m.X > MaxBet {
			return fmt.Errorf("multiplier %s=%d: want 1 to %d", m.Token, m.X, MaxBet)
		}
	}
	for _, p := range []float64{r.Hit16, r.Hit17} {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("hit probability %v: want 0 to 1", p)
		}
	}
	return nil
}

// A Multiplier is one of the rules' multipliers of the stake: its token,
// the hand it pays for, and its value (1: none).
type Multiplier struct {
	Token string // 21X, J21X, 5CX, 6CX
	Hand  string // in words: "any 21", "5 cards", ...
	X     int
}

// Multipliers lists the rules' multipliers in canonical order.
func (r Rules) Multipliers() []Multiplier {
	return []Multiplier{
		{"21X", "any 21", r.Mult21},
		{"J21X", "a 21 with a joker", r.MultJoker21},
		{"5CX", "5 cards", r.Mult5},
		{"6CX", "6 or more cards", r.Mult6},
	}
}

// String prints the rules canonically; ParseRules reads it back.
func (r Rules) String() string {
	var t []string
	if r.Decks == 0 {
		t = append(t, "INF")
	} else {
		t = append(t, fmt.Sprintf("%dD", r.Decks))
	}
	if r.Jokers > 0 {
		t = append(t, fmt.Sprintf("JOKERS=%d", r.Jokers))
	}
	if r.TiesLose {
		t = append(t, "TIESLOSE")
	}
	if r.Ladder {
		t = append(t, "LADDER")
	}
	for _, m := range r.Multipliers() {
		if m.X != 1 {
			t = append(t, fmt.Sprintf("%s=%d", m.Token, m.X))
		}
	}
	if r.BetMin != 1 || r.BetMax != 1 {
		t = append(t, fmt.Sprintf("BET=%d-%d", r.BetMin, r.BetMax))
	}
	if r.Dealer == Designed {
		t = append(t, "DESIGNED")
	} else {
		if r.Hit16 != 1 {
			t = append(t, "DHIT16="+strconv.FormatFloat(r.Hit16, 'g', -1, 64))
		}
		if r.Hit17 != 0 {
			t = append(t, "DHIT17="+strconv.FormatFloat(r.Hit17, 'g', -1, 64))
		}
	}
	return strings.Join(t, " ")
}

// RuleHelp lists the tokens ParseRules reads, one per line.
const RuleHelp = `HOUSE       the house game as built (first token only; later tokens change it;
            SEED002, its old name, is read as HOUSE):
            1D JOKERS=2 TIESLOSE LADDER 21X=2 J21X=3 5CX=5 6CX=10 BET=1-5 DHIT16=0.4 DHIT17=0.2
1D..8D, INF decks in the shoe (default 1D)
JOKERS=N    jokers added to each deck, counted as tens (default 0)
TIESLOSE    the dealer wins ties (PUSH: ties push, the default)
LADDER      5+ cards without busting beat any hand of fewer cards, 6+ beat 5, ... (NOLADDER)
21X=N       any 21 pays (and costs) N times the bet (default 1)
J21X=N      a 21 holding a joker pays N times
5CX=N       five cards without busting pay N times
6CX=N       six or more cards without busting pay N times
BET=A-B     bet A to B points, declared after the first card (default 1-1)
DHIT16=P    the dealer hits 16 with probability P (default 1), 15 or less always
DHIT17=P    the dealer hits 17 with probability P (default 0), 18 or more never
DESIGNED    the house game's designed dealer, who reads the player's visible cards (BUILT: the dealer
            by its own total, as DHIT16 and DHIT17 say; the default)`

// RuleError is a rule string that does not parse, with the offending
// token's byte offset.
type RuleError struct {
	Input  string
	Token  string
	Offset int
	Msg    string
}

func (e *RuleError) Error() string {
	if e.Token == "" {
		return fmt.Sprintf("rules %q: %s", e.Input, e.Msg)
	}
	return fmt.Sprintf("rules %q: %q at %d: %s", e.Input, e.Token, e.Offset, e.Msg)
}

// ParseRules reads a house rule string: tokens separated by spaces or
// commas, case-insensitive, changing Plain (or AsBuilt, when it begins
// with HOUSE; SEED002, the game's name in the project's first documents,
// is read as HOUSE). A token may appear twice only when it says the same.
func ParseRules(s string) (Rules, error) {
	r := Plain
	seen := map[string]string{} // group -> the token that set it
	for i, f := range solve.Tokenize(s) {
		tok := strings.ToUpper(f.Text)
		fail := func(format string, args ...any) (Rules, error) {
			return Rules{}, &RuleError{s, f.Text, f.Offset, fmt.Sprintf(format, args...)}
		}
		if tok == "HOUSE" || tok == "SEED002" { // SEED002: its name in the project's first documents
			if i != 0 {
				return fail("%s must come first (later tokens change it)", tok)
			}
			r = AsBuilt
			continue
		}
		group, err := apply(&r, tok)
		if err != nil {
			return fail("%v", err)
		}
		if prev, dup := seen[group]; dup && prev != tok {
			return fail("contradicts %q (%s given twice)", prev, group)
		}
		seen[group] = tok
	}
	if r.Dealer == Designed {
		for _, g := range []string{"DHIT16", "DHIT17"} {
			if tok, ok := seen[g]; ok {
				return Rules{}, &RuleError{Input: s, Msg: fmt.Sprintf("%s is the built dealer's; DESIGNED decides by the player's cards instead", tok)}
			}
		}
		r.Hit16, r.Hit17 = Plain.Hit16, Plain.Hit17 // the built dealer's, unused
	}
	if err := r.Validate(); err != nil {
		return Rules{}, &RuleError{Input: s, Msg: err.Error()}
	}
	return r, nil
}

// apply changes r by one upper-case token and returns the token's group.
func apply(r *Rules, tok string) (group string, err error) {
	name, arg, hasArg := strings.Cut(tok, "=")
	number := func(lo, hi int) (int, error) {
		n, err := strconv.Atoi(arg)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("want %s=N with N from %d to %d", name, lo, hi)
		}
		return n, nil
	}
	chance := func() (float64, error) {
		p, err := strconv.ParseFloat(arg, 64)
		if err != nil || !(p >= 0 && p <= 1) {
			return 0, fmt.Errorf("want %s=P with P a probability from 0 to 1", name)
		}
		return p, nil
	}
	switch {
	case tok == "INF":
		r.Decks = 0
		return "decks", nil
	case !hasArg && strings.HasSuffix(tok, "D") && len(tok) > 1 && tok[0] >= '0' && tok[0] <= '9':
		n, err := strconv.Atoi(tok[:len(tok)-1])
		if err != nil || n < 1 || n > MaxDecks {
			return "", fmt.Errorf("want 1D to %dD, or INF", MaxDecks)
		}
		r.Decks = n
		return "decks", nil
	case tok == "TIESLOSE" || tok == "PUSH":
		r.TiesLose = tok == "TIESLOSE"
		return "ties", nil
	case tok == "LADDER" || tok == "NOLADDER":
		r.Ladder = tok == "LADDER"
		return "ladder", nil
	case tok == "DESIGNED" || tok == "BUILT":
		r.Dealer = map[bool]DealerKind{true: Designed, false: Built}[tok == "DESIGNED"]
		return "dealer", nil
	case hasArg && name == "JOKERS":
		r.Jokers, err = number(0, 8)
		return "jokers", err
	case hasArg && (name == "21X" || name == "J21X" || name == "5CX" || name == "6CX"):
		m := map[string]*int{"21X": &r.Mult21, "J21X": &r.MultJoker21, "5CX": &r.Mult5, "6CX": &r.Mult6}[name]
		*m, err = number(1, MaxBet)
		return name, err
	case hasArg && name == "BET":
		lo, hi, ok := strings.Cut(arg, "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if !ok || err1 != nil || err2 != nil || a < 1 || a > b || b > MaxBet {
			return "", fmt.Errorf("want BET=A-B with 1 <= A <= B <= %d", MaxBet)
		}
		r.BetMin, r.BetMax = a, b
		return "bet", nil
	case hasArg && (name == "DHIT16" || name == "DHIT17"):
		p, err := chance()
		if name == "DHIT16" {
			r.Hit16 = p
		} else {
			r.Hit17 = p
		}
		return name, err
	}
	return "", fmt.Errorf("unknown rule (see 'bjchart house --help' for the tokens)")
}
