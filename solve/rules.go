package solve

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Rules is a casino rule set. The zero value is not a valid rule set; start
// from Default (or ParseRules) and change single fields.
type Rules struct {
	// Decks is the number of decks in the shoe; 0 means an infinite deck.
	Decks int
	// H17 reports whether the dealer hits soft 17 (false: dealer stands on all 17s, S17).
	H17 bool
	// Double says which first two cards may be doubled.
	Double Doubling
	// DAS allows doubling after a split (subject to Double).
	DAS bool
	// MaxSplitHands is the largest number of hands a pair may be split into: 2 (one split), 3 or 4.
	MaxSplitHands int
	// RSA allows resplitting aces.
	RSA bool
	// HSA allows hitting (and, with DAS, doubling) split aces; without it each split ace gets exactly one card.
	HSA bool
	// Surrender is the surrender rule.
	Surrender SurrenderRule
	// BlackjackPays is the payout of a player blackjack, as a ratio (3:2, 6:5, ...).
	BlackjackPays Payout
	// HoleCard says when the dealer looks for blackjack and what a dealer blackjack takes.
	HoleCard HoleCard
	// TiesLose gives the dealer every tie (TIESLOSE): equal totals, 21
	// against 21 and blackjack against blackjack included (the house game's
	// house game). Without it ties push.
	TiesLose bool
	// Charlie, if not 0, is the number of cards (5, 6 or 7) with which a
	// hand that has not busted wins at once (5CC, 6CC, 7CC), paid even
	// money, split hands included. A dealer blackjack still beats it: under
	// a peek the hand is never played then; without a hole card it loses
	// what ENHC or OBO takes.
	Charlie int
	// CharliePays, if set, is what a Charlie pays instead of even money
	// (5CC=2:1), or a bonus 21's payout when that is larger.
	CharliePays Payout
	// P21Wins: a player's 21 of any number of cards always wins, even
	// money, against any dealer total, a dealer's 21 included (P21WINS, as
	// in Spanish 21). A dealer blackjack still beats it; a player blackjack
	// is paid as a blackjack.
	P21Wins bool
	// Deck is one deck's cards by rank (A, 2..9, ten-valued), if not the
	// standard 52 (the zero value): SPANISH (48 cards, the four 10s out),
	// jokers counted as tens, or any composition (DECK=...). An infinite
	// deck draws with its proportions.
	Deck [10]int
	// Bonus21 pays a 21 of n or more cards Bonus21[n] when it wins (the
	// largest n that applies; zero: even money): 5C21=3:2 6C21=2:1
	// 7C21=3:1 are Spanish 21's. For n from 4 to 8, so that a doubled hand
	// (three cards) is never paid one; split hands are.
	Bonus21 [MaxBonusCards + 1]Payout
	// DealerStand16 is the probability that the dealer stands on a 16
	// (DHIT16=P hits it with probability P; default: always hits), and
	// DealerHit17, if not 0, the probability that it hits any 17, hard
	// or soft (DHIT17=P, instead of S17 or H17). The house game's dealer as
	// built: DHIT16=0.4 DHIT17=0.2. Below 16 the dealer always hits, on 18
	// or more it always stands.
	DealerStand16, DealerHit17 float64
	// Push22: a dealer's 22 pushes every hand still standing (PUSH22, as
	// in Free Bet blackjack); a blackjack and a Charlie have already won.
	Push22 bool
	// DoubleAny lets a hand of any number of cards double (DANY, as in
	// Spanish 21), within the doubling rule's totals; split hands only
	// with DAS.
	DoubleAny bool
	// Rescue lets a doubled hand that has not busted surrender, taking
	// back the double and forfeiting the original bet (RESCUE, Spanish
	// 21's double-down rescue): it loses one unit of its two.
	Rescue bool
}

// MaxBonusCards is the most cards a bonus 21 is named by (NC21=A:B).
const MaxBonusCards = 8

// impossibleBonus returns the smallest number of cards a bonus 21 is
// named by that a Charlie makes impossible, or 0.
func (r Rules) impossibleBonus() int {
	for n := r.Charlie + 1; r.Charlie > 0 && n <= MaxBonusCards; n++ {
		if r.Bonus21[n].Den != 0 {
			return n
		}
	}
	return 0
}

// WinPays returns what a winning hand of total and cards pays per unit
// bet: a bonus 21's payout or a Charlie's (the larger), else 1.
func (r Rules) WinPays(total, cards int) float64 {
	win := 1.0
	if r.CharliePays.Den != 0 && r.Charlie > 0 && cards >= r.Charlie && total <= 21 {
		win = r.CharliePays.Float()
	}
	if total != 21 {
		return win
	}
	for n := min(cards, MaxBonusCards); n >= 4; n-- {
		if p := r.Bonus21[n]; p.Den != 0 {
			return max(win, p.Float())
		}
	}
	return win
}

// standardDeck is the 52-card deck by rank.
var standardDeck = [10]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 16}

// spanishDeck is the 48-card Spanish deck: no 10s, J, Q and K left.
var spanishDeck = [10]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 12}

// PerDeck returns one deck's cards by rank, rank-1 indexed.
func (r Rules) PerDeck() [10]int {
	if r.Deck == [10]int{} {
		return standardDeck
	}
	return r.Deck
}

// FullShoe returns the shoe the rules deal from: Decks decks (an
// infinite deck: one deck's proportions).
func (r Rules) FullShoe() Shoe {
	s := Shoe{Counts: r.PerDeck(), Infinite: r.Decks == 0}
	for i := range s.Counts {
		s.Counts[i] *= max(r.Decks, 1)
	}
	return s
}

// Doubling is a doubling rule: which first two cards may be doubled.
type Doubling int

const (
	DoubleAny    Doubling = iota // DOA: any first two cards
	Double9to11                  // D9: hard 9, 10 and 11
	Double10to11                 // D10: hard 10 and 11
	DoubleNone                   // NDD: no doubling
)

// Allows reports whether a two-card hand with this total may be doubled.
// Restricted rules (D9, D10) apply to hard totals only.
func (d Doubling) Allows(total int, soft bool) bool {
	switch d {
	case DoubleAny:
		return true
	case Double9to11:
		return !soft && total >= 9 && total <= 11
	case Double10to11:
		return !soft && total >= 10 && total <= 11
	}
	return false
}

// SurrenderRule is a surrender rule.
type SurrenderRule int

const (
	NoSurrender    SurrenderRule = iota // NS: no surrender
	LateSurrender                       // LS: surrender after the dealer checks for blackjack
	EarlySurrender                      // ES: surrender before the dealer checks for blackjack
)

// HoleCard says how a dealer blackjack is handled.
type HoleCard int

const (
	// Peek: US hole card; the dealer checks for blackjack under an ace or ten
	// before the player acts, so a dealer blackjack takes only the original bet.
	Peek HoleCard = iota
	// ENHC: European no hole card; a dealer blackjack found after the player
	// acted takes every bet, doubled and split ones too.
	ENHC
	// OBO: no hole card, but a dealer blackjack takes only the original bet.
	OBO
)

// Payout is a blackjack payout ratio Num:Den, kept in lowest terms.
type Payout struct{ Num, Den int }

// Float returns the payout as a multiple of the bet (1.5 for 3:2).
func (p Payout) Float() float64 { return float64(p.Num) / float64(p.Den) }

func (p Payout) String() string { return fmt.Sprintf("%d:%d", p.Num, p.Den) }

// Default is the most common US shoe game: 6D S17 DOA DAS SPL3 NS 3:2 PEEK.
var Default = Rules{
	Decks:         6,
	Double:        DoubleAny,
	DAS:           true,
	MaxSplitHands: 4,
	BlackjackPays: Payout{3, 2},
	HoleCard:      Peek,
}

// Infinite reports whether the rules deal from an infinite deck.
func (r Rules) Infinite() bool { return r.Decks == 0 }

// String returns the canonical rule string, which ParseRules reads back to
// the same Rules: every rule is printed, in the order of RuleTokens.
func (r Rules) String() string {
	var b strings.Builder
	if r.Decks == 0 {
		b.WriteString("INF")
	} else {
		fmt.Fprintf(&b, "%dD", r.Decks)
	}
	if r.DealerHit17 == 0 { // DHIT17 decides every 17 instead
		b.WriteString(pick(r.H17, " H17", " S17"))
	}
	b.WriteString(" " + [...]string{"DOA", "D9", "D10", "NDD"}[r.Double])
	b.WriteString(pick(r.DAS, " DAS", " NDAS"))
	fmt.Fprintf(&b, " SPL%d", r.MaxSplitHands-1)
	b.WriteString(pick(r.RSA, " RSA", ""))
	b.WriteString(pick(r.HSA, " HSA", ""))
	b.WriteString(" " + [...]string{"NS", "LS", "ES"}[r.Surrender])
	b.WriteString(" " + r.BlackjackPays.String())
	b.WriteString(" " + [...]string{"PEEK", "ENHC", "OBO"}[r.HoleCard])
	b.WriteString(pick(r.TiesLose, " TIESLOSE", "")) // PUSH, the default, is left out
	if r.Charlie > 0 {
		fmt.Fprintf(&b, " %dCC", r.Charlie)
		if r.CharliePays.Den != 0 {
			b.WriteString("=" + r.CharliePays.String())
		}
	}
	if r.DealerStand16 != 0 {
		b.WriteString(" DHIT16=" + probabilityString(1-r.DealerStand16))
	}
	if r.DealerHit17 != 0 {
		b.WriteString(" DHIT17=" + probabilityString(r.DealerHit17))
	}
	b.WriteString(pick(r.Push22, " PUSH22", ""))
	b.WriteString(pick(r.P21Wins, " P21WINS", ""))
	b.WriteString(pick(r.DoubleAny, " DANY", ""))
	b.WriteString(pick(r.Rescue, " RESCUE", ""))
	for n, p := range r.Bonus21 {
		if p.Den != 0 {
			fmt.Fprintf(&b, " %dC21=%v", n, p)
		}
	}
	switch r.Deck {
	case [10]int{}, standardDeck: // the default, left out
	case spanishDeck:
		b.WriteString(" SPANISH")
	default:
		b.WriteString(" DECK=" + deckString(r.Deck))
	}
	return b.String()
}

// blackjackEV returns the EV of a player blackjack when the dealer holds
// one too with probability q: paid unless the dealer has one, which
// pushes, or under TIESLOSE wins.
func (r Rules) blackjackEV(q float64) float64 {
	v := (1 - q) * r.BlackjackPays.Float()
	if r.TiesLose {
		v -= q
	}
	return v
}

func pick(c bool, yes, no string) string {
	if c {
		return yes
	}
	return no
}

// Validate reports whether the rules are within the ranges ParseRules accepts.
func (r Rules) Validate() error {
	switch {
	case r.Decks < 0:
		return fmt.Errorf("decks %d: want a positive count or 0 for infinite", r.Decks)
	case r.Decks > MaxDecks:
		return fmt.Errorf("decks %d: want at most %d", r.Decks, MaxDecks)
	case r.Double < DoubleAny || r.Double > DoubleNone:
		return fmt.Errorf("unknown doubling rule %d", r.Double)
	case r.MaxSplitHands < 2 || r.MaxSplitHands > 4:
		return fmt.Errorf("split hands %d: want 2, 3 or 4", r.MaxSplitHands)
	case r.Surrender < NoSurrender || r.Surrender > EarlySurrender:
		return fmt.Errorf("unknown surrender rule %d", r.Surrender)
	case r.HoleCard < Peek || r.HoleCard > OBO:
		return fmt.Errorf("unknown hole-card rule %d", r.HoleCard)
	case r.Charlie != 0 && (r.Charlie < 5 || r.Charlie > 7):
		return fmt.Errorf("charlie %d: want 5, 6 or 7 cards (5CC, 6CC, 7CC) or 0 for none", r.Charlie)
	case !(r.DealerStand16 >= 0 && r.DealerStand16 <= 1):
		return fmt.Errorf("the dealer's chance of standing on 16 is %v; want a probability from 0 to 1", r.DealerStand16)
	case !(r.DealerHit17 >= 0 && r.DealerHit17 < 1):
		return fmt.Errorf("DHIT17=%v: want a probability above 0 and below 1 (S17 never hits 17, H17 hits soft ones)", r.DealerHit17)
	case r.DealerHit17 != 0 && r.H17:
		return fmt.Errorf("DHIT17 decides every 17, hard and soft: drop H17")
	case (r.DoubleAny || r.Rescue) && r.Double == DoubleNone:
		return fmt.Errorf("%s with NDD: DANY and RESCUE need doubling (DOA, D9 or D10)", pick(r.DoubleAny, "DANY", "RESCUE"))
	case r.Charlie != 0 && r.impossibleBonus() != 0:
		return fmt.Errorf("a bonus for a %d-card 21 with %dCC: no hand gets past %d cards (a Charlie has won)", r.impossibleBonus(), r.Charlie, r.Charlie)
	case r.Deck != [10]int{} && !validDeck(r.Deck):
		return fmt.Errorf("deck %s: want a count from 1 to %d of each rank A..T", deckString(r.Deck), maxPerDeck)
	case r.BlackjackPays.Num <= 0 || r.BlackjackPays.Den <= 0:
		return fmt.Errorf("blackjack payout %v: want a positive ratio", r.BlackjackPays)
	}
	if r.Decks > 0 {
		// The decks and the deck together: no shoe bigger than --shoe
		// takes, none too small to deal a round from.
		if err := r.FullShoe().Validate(); err != nil {
			return fmt.Errorf("%dD of %d cards: %v", r.Decks, r.FullShoe().Total(), strings.TrimPrefix(err.Error(), "shoe: "))
		}
	}
	return nil
}

// MaxDecks bounds the deck count so that card counts stay small integers.
const MaxDecks = 100000

// A RuleToken documents one token of the rule language.
type RuleToken struct {
	Group   string // the rule the token sets, e.g. "dealer soft 17"
	Token   string // the token as written canonically, e.g. "H17"
	Meaning string
}

// RuleTokens lists every token of the rule language, grouped and in canonical order.
var RuleTokens = []RuleToken{
	{"decks", "1D..100000D", "number of decks (any count up to 100000, e.g. 6D)"},
	{"decks", "INF", "infinite deck"},
	{"dealer soft 17", "S17", "dealer stands on all 17s"},
	{"dealer soft 17", "H17", "dealer hits soft 17"},
	{"doubling", "DOA", "double on any first two cards"},
	{"doubling", "D9", "double on hard 9, 10 and 11 only"},
	{"doubling", "D10", "double on hard 10 and 11 only"},
	{"doubling", "NDD", "no doubling"},
	{"double after split", "DAS", "doubling allowed after a split"},
	{"double after split", "NDAS", "no doubling after a split"},
	{"splits", "SPL1", "one split (2 hands)"},
	{"splits", "SPL2", "split to at most 3 hands"},
	{"splits", "SPL3", "split to at most 4 hands"},
	{"resplit aces", "RSA", "aces may be resplit (default: not)"},
	{"hit split aces", "HSA", "split aces may be hit (default: one card each)"},
	{"surrender", "NS", "no surrender"},
	{"surrender", "LS", "late surrender (after the dealer checks for blackjack)"},
	{"surrender", "ES", "early surrender (before the dealer checks for blackjack)"},
	{"blackjack pays", "3:2", "blackjack pays 3 to 2 (any ratio N:M is accepted: 6:5, 1:1, 2:1, ...)"},
	{"hole card", "PEEK", "US hole card: the dealer checks for blackjack under an ace or ten"},
	{"hole card", "ENHC", "no hole card: a dealer blackjack takes every bet, doubled and split ones too"},
	{"hole card", "OBO", "no hole card: a dealer blackjack takes only the original bet"},
	{"ties", "PUSH", "ties push (the default)"},
	{"ties", "TIESLOSE", "the dealer wins every tie: equal totals, 21 against 21, blackjack against blackjack"},
	{"charlie", "5CC", "five-card Charlie: a hand of five cards that has not busted wins even money at once (split hands too; a dealer blackjack still beats it)"},
	{"charlie", "6CC", "six-card Charlie"},
	{"charlie", "7CC", "seven-card Charlie"},
	{"charlie", "5CC=2:1", "a Charlie that pays 2:1 (any A:B, for 5CC, 6CC or 7CC); a bonus 21's payout when that is larger"},
	{"deck", "SPANISH", "48-card Spanish decks: the four 10s out of each deck, J, Q and K left (default: 52-card decks)"},
	{"deck", "DECK=A-2-...-T", "any deck: its count of each rank A, 2..9 and ten-valued, e.g. DECK=4-4-4-4-4-4-4-4-4-18 for two jokers counted as tens"},
	{"bonus 21", "5C21=3:2", "a 21 of 5 or more cards pays 3:2 when it wins (any N from 4 to 8, any A:B; the largest N that applies pays; e.g. 5C21=3:2 6C21=2:1 7C21=3:1)"},
	{"dealer 16", "DHIT16=P", "the dealer hits 16 with probability P and stands on it otherwise (default: 1, always hits); the house game's dealer: DHIT16=0.4"},
	{"dealer 17", "DHIT17=P", "the dealer hits every 17, hard or soft, with probability P (0 < P < 1) instead of S17/H17; the house game's dealer: DHIT17=0.2"},
	{"dealer 22", "PUSH22", "a dealer 22 pushes every hand still standing (Free Bet blackjack); a blackjack and a Charlie have already won"},
	{"player 21", "P21WINS", "a player 21 always wins, against a dealer 21 too (not against a dealer blackjack; default: it ties a dealer 21)"},
	{"double any cards", "DANY", "double on any number of cards, within the doubling rule's totals (split hands with DAS); the best play uses it, the chart doubles two cards only"},
	{"rescue", "RESCUE", "a doubled hand that has not busted may surrender its original bet and take back the double; the best play uses it, the chart never rescues"},
}

// A RuleError is a rule string that does not parse.
type RuleError struct {
	Input  string
	Token  string // the offending token
	Offset int    // byte offset of Token in Input
	Msg    string
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("%s: %s", QuoteInput(e.Input, 60), e.Msg)
}

// QuoteInput quotes user input for an error message, cut to max runes
// (and marked "..." when cut), so that a long input makes a short line.
func QuoteInput(s string, max int) string {
	if r := []rune(s); len(r) > max {
		return strconv.Quote(string(r[:max])) + "..."
	}
	return strconv.Quote(s)
}

// ParseRules parses a rule string such as "6D H17 DAS LS". Tokens are
// separated by spaces and read case-insensitively; rules not mentioned keep
// their Default value. Two tokens that set the same rule differently are an
// error, not last-wins.
func ParseRules(s string) (Rules, error) {
	r := Default
	seen := map[string]Token{} // group -> first token that set it
	for _, t := range Tokenize(s) {
		group, apply, ok := lookupToken(strings.ToUpper(t.Text))
		if !isASCII(t.Text) { // strings.ToUpper reads ſ17 as S17 and ınf as INF
			ok = false
		}
		if !ok {
			return Rules{}, &RuleError{s, t.Text, t.Offset, unknownMessage(t)}
		}
		before := r
		if err := apply(&r); err != nil {
			return Rules{}, &RuleError{s, t.Text, t.Offset, fmt.Sprintf("%s at %d: %v", QuoteInput(t.Text, 30), t.Offset, err)}
		}
		// The same rule twice is fine when it says the same (6D 06D, 3:2 6:4).
		if prev, dup := seen[group]; dup && r != before {
			return Rules{}, &RuleError{s, t.Text, t.Offset,
				fmt.Sprintf("%s at %d contradicts %s at %d (%s given twice)", QuoteInput(t.Text, 30), t.Offset, QuoteInput(prev.Text, 30), prev.Offset, group)}
		}
		seen[group] = t
	}
	if s17, ok := seen["dealer soft 17"]; ok && r.DealerHit17 != 0 {
		return Rules{}, &RuleError{s, s17.Text, s17.Offset, fmt.Sprintf("%s at %d and DHIT17: DHIT17 decides every 17, hard and soft; drop %s", QuoteInput(s17.Text, 30), s17.Offset, strings.ToUpper(s17.Text))}
	}
	if err := r.Validate(); err != nil { // tokens that parse but do not go together (INF 5CC)
		return Rules{}, &RuleError{s, "", 0, err.Error()}
	}
	return r, nil
}

// A Token is one token of a rule string and its byte offset there.
type Token struct {
	Text   string
	Offset int
}

// Tokenize splits a rule string into its tokens, separated by spaces,
// tabs, newlines or commas (package house reads its rules so too).
func Tokenize(s string) []Token {
	var toks []Token
	start := -1
	for i := 0; i <= len(s); i++ {
		sep := i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == ','
		switch {
		case sep && start >= 0:
			toks = append(toks, Token{s[start:i], start})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return toks
}

// lookupToken maps an upper-case token to its rule group and the change it makes.
func lookupToken(t string) (group string, apply func(*Rules) error, ok bool) {
	set := func(g string, f func(*Rules)) (string, func(*Rules) error, bool) {
		return g, func(r *Rules) error { f(r); return nil }, true
	}
	switch t {
	case "INF":
		return set("decks", func(r *Rules) { r.Decks = 0 })
	case "S17", "H17":
		return set("dealer soft 17", func(r *Rules) { r.H17 = t == "H17" })
	case "DOA", "D9", "D10", "NDD":
		d := map[string]Doubling{"DOA": DoubleAny, "D9": Double9to11, "D10": Double10to11, "NDD": DoubleNone}[t]
		return set("doubling", func(r *Rules) { r.Double = d })
	case "DAS", "NDAS":
		return set("double after split", func(r *Rules) { r.DAS = t == "DAS" })
	case "SPL1", "SPL2", "SPL3":
		n := int(t[3]-'0') + 1
		return set("splits", func(r *Rules) { r.MaxSplitHands = n })
	case "RSA":
		return set("resplit aces", func(r *Rules) { r.RSA = true })
	case "HSA":
		return set("hit split aces", func(r *Rules) { r.HSA = true })
	case "NS", "LS", "ES":
		s := map[string]SurrenderRule{"NS": NoSurrender, "LS": LateSurrender, "ES": EarlySurrender}[t]
		return set("surrender", func(r *Rules) { r.Surrender = s })
	case "SPANISH":
		return set("deck", func(r *Rules) { r.Deck = spanishDeck })
	case "PUSH22":
		return set("dealer 22", func(r *Rules) { r.Push22 = true })
	case "P21WINS":
		return set("player 21", func(r *Rules) { r.P21Wins = true })
	case "DANY":
		return set("double any cards", func(r *Rules) { r.DoubleAny = true })
	case "RESCUE":
		return set("rescue", func(r *Rules) { r.Rescue = true })
	case "5CC", "6CC", "7CC":
		n := int(t[0] - '0')
		return set("charlie", func(r *Rules) { r.Charlie, r.CharliePays = n, Payout{} })
	case "PUSH", "TIESLOSE":
		return set("ties", func(r *Rules) { r.TiesLose = t == "TIESLOSE" })
	case "PEEK", "ENHC", "OBO":
		h := map[string]HoleCard{"PEEK": Peek, "ENHC": ENHC, "OBO": OBO}[t]
		return set("hole card", func(r *Rules) { r.HoleCard = h })
	}
	if n, ok := strings.CutSuffix(t, "D"); ok && isDigits(n) {
		return "decks", func(r *Rules) error {
			d, err := strconv.Atoi(n)
			if err != nil || d < 1 || d > MaxDecks {
				return fmt.Errorf("want a deck count from 1D to %dD, or INF", MaxDecks)
			}
			r.Decks = d
			return nil
		}, true
	}
	if n, pay, ok := strings.Cut(t, "CC="); ok && (n == "5" || n == "6" || n == "7") {
		cards := int(n[0] - '0')
		return "charlie", func(r *Rules) error {
			p, err := parseRatio(pay, fmt.Sprintf("%dCC=2:1", cards))
			if err != nil {
				return err
			}
			r.Charlie, r.CharliePays = cards, p
			if p == (Payout{1, 1}) {
				r.CharliePays = Payout{} // even money, as 5CC says
			}
			return nil
		}, true
	}
	if n, pay, ok := strings.Cut(t, "C21="); ok && len(n) == 1 && n[0] >= '0' && n[0] <= '9' {
		cards := int(n[0] - '0')
		return fmt.Sprintf("bonus %d-card 21", cards), func(r *Rules) error {
			if cards < 4 || cards > MaxBonusCards {
				return fmt.Errorf("a bonus 21 of %d cards: want 4 to %d (a three-card 21 may be a double, which is never paid a bonus)", cards, MaxBonusCards)
			}
			p, err := parseRatio(pay, fmt.Sprintf("%dC21=3:2", cards))
			if err != nil {
				return err
			}
			r.Bonus21[cards] = p
			return nil
		}, true
	}
	if p, ok := strings.CutPrefix(t, "DHIT16="); ok {
		return "dealer 16", func(r *Rules) error {
			x, err := parseProbability(p)
			if err != nil {
				return err
			}
			r.DealerStand16 = 1 - x
			return nil
		}, true
	}
	if p, ok := strings.CutPrefix(t, "DHIT17="); ok {
		return "dealer 17", func(r *Rules) error {
			x, err := parseProbability(p)
			if err != nil || x == 0 || x == 1 {
				return fmt.Errorf("want a probability above 0 and below 1, e.g. DHIT17=0.2 (S17 never hits a 17; H17 hits soft 17s)")
			}
			r.DealerHit17 = x
			return nil
		}, true
	}
	if spec, ok := strings.CutPrefix(t, "DECK="); ok {
		return "deck", func(r *Rules) error {
			d, err := parseDeck(spec)
			if err != nil {
				return err
			}
			r.Deck = d
			if d == standardDeck {
				r.Deck = [10]int{}
			}
			return nil
		}, true
	}
	if a, b, ok := strings.Cut(t, ":"); ok && isDigits(a) && isDigits(b) {
		return "blackjack pays", func(r *Rules) error {
			p, err := parsePayout(a, b)
			if err != nil {
				return err
			}
			r.BlackjackPays = p
			return nil
		}, true
	}
	return "", nil, false
}

// parseProbability reads a probability from 0 to 1, e.g. 0.4.
// parseProbability reads a probability written as a decimal from 0 to 1
// with at most six decimals (0.4, 0.125, 1): no exponents, hex, signs or
// more digits, so that the canonical string prints it back as written.
func parseProbability(s string) (float64, error) {
	whole, frac, dot := strings.Cut(s, ".")
	ok := (whole == "0" || whole == "1" || whole == "" && dot) && len(frac) <= 6 && (!dot || frac != "") &&
		strings.Trim(frac, "0123456789") == ""
	x, err := strconv.ParseFloat(s, 64)
	if !ok || err != nil || !(x >= 0 && x <= 1) {
		return 0, fmt.Errorf("%s: want a probability from 0 to 1 as a decimal of at most six places, e.g. 0.4", QuoteInput(s, 20))
	}
	return x, nil
}

// probabilityString prints a probability parseProbability read, as written
// (the float's last bits, as in 1 - 0.9, do not show).
func probabilityString(x float64) string {
	return strconv.FormatFloat(math.Round(x*1e6)/1e6, 'f', -1, 64)
}

// maxPerDeck bounds a rank's count in one deck.
const maxPerDeck = 1000

// parseDeck reads a deck's ten counts, A to T, dash-separated.
func parseDeck(spec string) ([10]int, error) {
	var d [10]int
	parts := strings.Split(spec, "-")
	if len(parts) != 10 {
		return d, fmt.Errorf("want ten counts A-2-3-4-5-6-7-8-9-T, e.g. DECK=4-4-4-4-4-4-4-4-4-16; got %d", len(parts))
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || !isDigits(p) {
			return d, fmt.Errorf("count %q of rank %v: want a whole number", p, Rank(i+1))
		}
		d[i] = n
	}
	if !validDeck(d) {
		return d, fmt.Errorf("want a count from 1 to %d of each rank (every rank must be dealable)", maxPerDeck)
	}
	return d, nil
}

func validDeck(d [10]int) bool {
	for _, n := range d {
		if n < 1 || n > maxPerDeck {
			return false
		}
	}
	return true
}

func deckString(d [10]int) string {
	s := make([]string, len(d))
	for i, n := range d {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, "-")
}

// parseRatio reads a token's payout "A:B"; example shows the token's form
// in the error.
func parseRatio(pay, example string) (Payout, error) {
	a, b, ok := strings.Cut(pay, ":")
	if !ok || !isDigits(a) || !isDigits(b) {
		return Payout{}, fmt.Errorf("want a payout ratio such as %s", example)
	}
	return parsePayout(a, b)
}

func parsePayout(a, b string) (Payout, error) {
	num, err1 := strconv.Atoi(a)
	den, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || num < 1 || den < 1 || num > 1000 || den > 1000 {
		return Payout{}, fmt.Errorf("want a payout ratio N:M with 1 <= N, M <= 1000, such as 3:2 or 6:5")
	}
	g := gcd(num, den)
	return Payout{num / g, den / g}, nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// unknownMessage explains an unknown token: the values of the rule it most
// resembles, or the whole language when it resembles none.
func unknownMessage(t Token) string {
	if !isASCII(t.Text) {
		return fmt.Sprintf("unknown rule %s at %d: a rule token is ASCII letters, digits and = : . - (see 'bjchart rules')", QuoteInput(t.Text, 30), t.Offset)
	}
	up := strings.ToUpper(t.Text)
	var groups, nearest []string
	for _, rt := range RuleTokens {
		for _, candidate := range strings.Split(rt.Token, "..") {
			if len(up) > len(candidate)+1 || len(candidate) > len(up)+1 {
				continue // more than one edit apart: no need to measure (a long input stays linear)
			}
			if editDistance(up, candidate) <= 1 && !slices.Contains(groups, rt.Group) {
				groups = append(groups, rt.Group)
			}
			if editDistance(up, candidate) == 1 && !strings.ContainsAny(candidate, "=:") && !slices.Contains(nearest, candidate) {
				nearest = append(nearest, candidate)
			}
		}
	}
	msg := fmt.Sprintf("unknown rule %s at %d", QuoteInput(t.Text, 30), t.Offset)
	if len(nearest) == 1 { // one token a typo away
		msg += fmt.Sprintf(" (did you mean %s?)", nearest[0])
	}
	if up == "HOUSE" || up == "SEED002" || slices.Contains([]string{"LADDER", "JOKERS", "21X", "J21X", "5CX", "6CX", "BET", "DESIGNED"}, strings.Split(up, "=")[0]) {
		return msg + "; HOUSE and its tokens describe the house game (hit or stand only): see 'bjchart house --help'"
	}
	if len(groups) == 0 {
		return msg + "; see 'bjchart rules' for the rule language (e.g. \"6D H17 DAS LS 3:2\")"
	}
	var want []string
	for _, g := range groups {
		want = append(want, groupValues(g))
	}
	return msg + "; want " + strings.Join(want, ", or ")
}

func groupValues(group string) string {
	var vals []string
	for _, rt := range RuleTokens {
		if rt.Group == group {
			vals = append(vals, rt.Token)
		}
	}
	if len(vals) == 2 {
		return vals[0] + " or " + vals[1]
	}
	if len(vals) == 1 {
		return vals[0]
	}
	return strings.Join(vals[:len(vals)-1], ", ") + " or " + vals[len(vals)-1]
}

// editDistance is the edit distance between two short strings, a swap of
// two neighbouring letters counting as one edit (DSA is one from DAS).
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// DropDecks removes the leading deck token ("6D ") of a canonical rule
// string, if it has one: the rules of a game dealt from a shoe of its
// own.
func DropDecks(rules string) string {
	first, rest, _ := strings.Cut(rules, " ")
	if n := strings.TrimSuffix(first, "D"); n != first && strings.Trim(n, "0123456789") == "" {
		return rest
	}
	return rules
}
