package side

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"bjchart/solve/casino"
	"bjchart/solve/param"
)

// A Settler settles a bet at a pay table on the cards a table deals: a
// side bet as the round engine takes it (casino.SideBet), which the
// trainer's table and the simulator place beside the main bet.
type Settler struct {
	Bet    *Bet
	Table  Table
	pays   []float64 // by class: what a deal of the class returns, in bets
	names  []string  // the table's outcomes, LossOutcome last
	lineOf []int     // by class: its outcome in names
}

// NewSettler returns the settler of bet b paid by pay table t.
func NewSettler(b *Bet, t Table) *Settler {
	names, pays, lineOf := b.settlement(t)
	return &Settler{Bet: b, Table: t, pays: classPays(pays, lineOf), names: names, lineOf: lineOf}
}

// classPays returns what a deal of each class returns, in bets, from a
// settlement's lines' pays and each class's line (Bet.settlement).
func classPays(pays []*big.Rat, lineOf []int) []float64 {
	out := make([]float64, len(lineOf))
	for class, line := range lineOf {
		out[class], _ = pays[line].Float64()
	}
	return out
}

// Settle returns what the bet returns per unit staked (-1: lost) on the
// round's cards: the player's two cards, the dealer's up and hole cards,
// in the order Bet.Cards names them; for Buster Blackjack, the dealer's
// whole hand.
func (s *Settler) Settle(cards []casino.Card) float64 { return s.pays[s.class(cards)] }

// Outcome names the outcome the cards make on the table: "flush",
// "mixed-pair", or LossOutcome.
func (s *Settler) Outcome(cards []casino.Card) string { return s.names[s.lineOf[s.class(cards)]] }

// class returns the class of the cards Settle reads.
func (s *Settler) class(cards []casino.Card) int {
	if s.Bet.dealer {
		return dealerClass(cards)
	}
	if s.Bet.dealerDraws && len(cards) < 3 {
		return 0 // the dealer stood on two cards
	}
	h := casinoCards(cards)
	return int(s.Bet.classify(h[:min(len(h), len(s.Bet.Cards))]))
}

// OnDealerHand says whether the bet is settled on the dealer's hand (the
// whole hand, Buster; the first three cards, Bust It).
func (s *Settler) OnDealerHand() bool { return s.Bet.DealerHand() }

// casinoCards reads the round engine's cards as the side bets' (the same
// encoding: rank and suit), at most the four a first-card bet reads.
func casinoCards(cards []casino.Card) []Card {
	var out [4]Card
	n := 0
	for _, c := range cards[:min(len(cards), 4)] {
		out[n] = Card(c)
		n++
	}
	return out[:n]
}

// dealerClass returns Buster Blackjack's class of the dealer's final
// hand: the bit of its bust by the cards in it (8 or more, 7, ..., 3),
// 0 when it stands.
func dealerClass(cards []casino.Card) int {
	sum := 0
	for _, c := range cards {
		sum += c.Value()
	}
	if sum <= 21 {
		return 0
	}
	return bustClass(len(cards))
}

// A ValuedSettler is a Settler that also values its bet on the cards a
// player has not seen, by rank (sim.SideValuer): its return, a fraction
// of the stake, exact over the suits as Evaluate is.
type ValuedSettler struct {
	*Settler
	v *valuer
}

// NewValuedSettler returns the settler of bet b at table t, valued on
// shoes of decks decks; an error for a bet on the dealer's whole hand,
// which has no such value.
func NewValuedSettler(b *Bet, t Table, decks int) (*ValuedSettler, error) {
	v, err := newValuer(b, t, decks)
	if err != nil {
		return nil, err
	}
	return &ValuedSettler{Settler: NewSettler(b, t), v: v}, nil
}

// Value returns the bet's return on the unseen cards (by value-1).
func (s *ValuedSettler) Value(unseen [10]int) float64 { return s.v.value(unseen) }

// ParsePlay reads a side bet as the simulator takes it, BET[:PAYS][@TRIGGER]:
// a bet's name, a pay table (a name, or OUTCOME:PAYS,...; the bet's
// usual one when left out) and the true count at which it is placed (nil:
// every round), e.g. "21+3", "perfect-pairs:30-10-5", "21+3:9-to-1@3".
func ParsePlay(s string) (*Bet, Table, *float64, error) {
	var trigger *float64
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		x, err := strconv.ParseFloat(strings.TrimSpace(s[i+1:]), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, Table{}, nil, fmt.Errorf("trigger %s: want a true count, e.g. @3", param.Quote(s[i+1:], 20))
		}
		trigger, s = &x, s[:i]
	}
	name, pays, _ := strings.Cut(s, ":")
	b, err := LookupBet(strings.TrimSpace(name))
	if err != nil {
		return nil, Table{}, nil, err
	}
	t, err := ParseTable(b, pays)
	if err != nil {
		return nil, Table{}, nil, err
	}
	return b, t, trigger, nil
}

// OwnCount returns the bet's own count at pay table t on decks decks: its
// tags, the effects of removal by rank rounded (a bet with none, such as
// Perfect Pairs, has no count of its own: an error), and the true count
// a counter reads from the cards not seen (Count.FromUnseen).
func OwnCount(b *Bet, t Table, decks int) (Count, func(unseen [10]int) float64, error) {
	_, _, c, _, err := checkCount(b.Name, t.String(), decks, "")
	if err != nil {
		return Count{}, nil, err
	}
	return c, c.FromUnseen(decks), nil
}

// FromUnseen returns the true count a counter reads from the cards not
// seen of a full shoe of decks decks (by value-1; the burn card among
// them): the tags of the cards dealt, over the decks left (TrueCount).
func (c Count) FromUnseen(decks int) func(unseen [10]int) float64 {
	var full [10]int
	for g := range full {
		full[g] = fullGroup(g, decks)
	}
	return func(unseen [10]int) float64 {
		rc, dealt, left := 0.0, 0, 0
		for g := range full {
			rc += c.Tags[g] * float64(full[g]-unseen[g])
			dealt += full[g] - unseen[g]
			left += unseen[g]
		}
		return c.TrueCount(rc, dealt, max(left, 1))
	}
}
