// Package holdem is Texas Hold'em's preflop side of bjchart: a seven-card
// hand evaluator, the exact heads-up equity of every starting hand
// against a random hand and against every other class, the equity
// against several random opponents by simulation, and the heads-up
// push-or-fold chart built on them. It uses only the standard library.
//
// Hands are ranked by the standard rules: an ace plays high or low (A-2-3-
// 4-5, the wheel, is the lowest straight) and straights do not wrap around
// (Q-K-A-2-3 is no straight), and every kicker counts.
package holdem

import (
	"fmt"
	"strings"
)

// A Card is rank*4 + suit: rank 0 is a deuce, 12 an ace; suits 0..3 are
// spades, hearts, diamonds, clubs.
type Card uint8

// Rank is the card's rank, 0 (deuce) to 12 (ace).
func (c Card) Rank() int { return int(c) >> 2 }

// Suit is the card's suit, 0 to 3.
func (c Card) Suit() int { return int(c) & 3 }

const (
	rankChars = "23456789TJQKA"
	suitChars = "shdc"
)

func (c Card) String() string { return string(rankChars[c.Rank()]) + string(suitChars[c.Suit()]) }

// NewCard is the card of a rank (0..12) and suit (0..3).
func NewCard(rank, suit int) Card { return Card(rank*4 + suit) }

// ParseCard reads a card: a rank 2..9, T, J, Q, K or A and a suit s, h, d
// or c ("As", "Td"), case aside.
func ParseCard(s string) (Card, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("card %q: want a rank and a suit, e.g. As or Td", s)
	}
	r := strings.IndexByte(rankChars, upper(s[0]))
	u := strings.IndexByte(suitChars, lower(s[1]))
	if r < 0 || u < 0 {
		return 0, fmt.Errorf("card %q: want a rank of 23456789TJQKA and a suit of s, h, d, c", s)
	}
	return NewCard(r, u), nil
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b - 'A' + 'a'
	}
	return b
}

// A Hand is a player's two hole cards, the higher card first.
type Hand [2]Card

// NewHand orders two cards as a Hand.
func NewHand(a, b Card) Hand {
	if a < b {
		a, b = b, a
	}
	return Hand{a, b}
}

func (h Hand) String() string { return h[0].String() + h[1].String() }

// mask is the hand's cards as bits.
func (h Hand) mask() uint64 { return 1<<h[0] | 1<<h[1] }

// Class is the hand's class: its two ranks and whether it is suited.
func (h Hand) Class() Class {
	return NewClass(h[0].Rank(), h[1].Rank(), h[0].Suit() == h[1].Suit())
}

// A Class is a starting hand up to suits, one of 169: a pair (13), two
// ranks suited (78) or offsuit (78). Its value is its place in the 13x13
// grid read row by row, aces first: pairs on the diagonal, suited hands
// above it (row: the higher rank), offsuit below it (column: the higher
// rank).
type Class uint8

// Classes is the number of classes.
const Classes = 169

// NewClass is the class of two ranks (0..12, in either order); suited is
// ignored for a pair.
func NewClass(r1, r2 int, suited bool) Class {
	hi, lo := max(r1, r2), min(r1, r2)
	row, col := 12-hi, 12-lo // aces first
	if !suited || hi == lo {
		row, col = col, row
	}
	return Class(row*13 + col)
}

// Cell is the class's row and column in the grid.
func (c Class) Cell() (row, col int) { return int(c) / 13, int(c) % 13 }

// Ranks are the class's higher and lower rank (0..12) and whether it is
// suited.
func (c Class) Ranks() (hi, lo int, suited bool) {
	row, col := c.Cell()
	hi, lo = 12-min(row, col), 12-max(row, col)
	return hi, lo, row < col
}

// Pair reports whether the class is a pair.
func (c Class) Pair() bool { hi, lo, _ := c.Ranks(); return hi == lo }

func (c Class) String() string {
	hi, lo, suited := c.Ranks()
	s := string(rankChars[hi]) + string(rankChars[lo])
	switch {
	case hi == lo:
		return s
	case suited:
		return s + "s"
	}
	return s + "o"
}

// Combos is how many hands the class has: 6 for a pair, 4 suited, 12
// offsuit.
func (c Class) Combos() int {
	hi, lo, suited := c.Ranks()
	switch {
	case hi == lo:
		return 6
	case suited:
		return 4
	}
	return 12
}

// Hands are the class's hands.
func (c Class) Hands() []Hand {
	hi, lo, suited := c.Ranks()
	var out []Hand
	for s1 := range 4 {
		for s2 := range 4 {
			switch {
			case hi == lo && s2 <= s1, suited && s1 != s2, !suited && hi != lo && s1 == s2:
				continue
			}
			out = append(out, NewHand(NewCard(hi, s1), NewCard(lo, s2)))
		}
	}
	return out
}

// AllHands are the 1,326 hands.
func AllHands() []Hand {
	var out []Hand
	for a := Card(0); a < 52; a++ {
		for b := Card(0); b < a; b++ {
			out = append(out, Hand{a, b})
		}
	}
	return out
}

// ParseHands reads a class ("AKs", "QQ", "72o") or a hand ("AsKd") as its
// hands.
func ParseHands(s string) ([]Hand, string, error) {
	s = strings.TrimSpace(s)
	if len(s) == 4 { // two cards
		a, err1 := ParseCard(s[:2])
		b, err2 := ParseCard(s[2:])
		if err1 == nil && err2 == nil {
			if a == b {
				return nil, "", fmt.Errorf("hand %q: the same card twice", s)
			}
			h := NewHand(a, b)
			return []Hand{h}, h.String(), nil
		}
	}
	c, err := ParseClass(s)
	if err != nil {
		return nil, "", err
	}
	return c.Hands(), c.String(), nil
}

// ParseClass reads a class: two ranks, then s (suited) or o (offsuit)
// unless they are a pair ("AKs", "T9o", "QQ"), case aside.
func ParseClass(s string) (Class, error) {
	const want = "want two ranks of 23456789TJQKA and s or o unless a pair, e.g. AKs, T9o, QQ, or two cards, e.g. AsKd"
	if len(s) < 2 || len(s) > 3 {
		return 0, fmt.Errorf("hand %q: %s", quote(s), want)
	}
	r1 := strings.IndexByte(rankChars, upper(s[0]))
	r2 := strings.IndexByte(rankChars, upper(s[1]))
	if r1 < 0 || r2 < 0 {
		return 0, fmt.Errorf("hand %q: %s", quote(s), want)
	}
	switch {
	case r1 == r2 && len(s) == 2:
		return NewClass(r1, r2, false), nil
	case r1 == r2:
		return 0, fmt.Errorf("hand %q: a pair is neither suited nor offsuit; write %c%c", quote(s), rankChars[r1], rankChars[r1])
	case len(s) == 2:
		return 0, fmt.Errorf("hand %q: say suited or offsuit: %ss or %so", quote(s), strings.ToUpper(s), strings.ToUpper(s))
	}
	switch lower(s[2]) {
	case 's':
		return NewClass(r1, r2, true), nil
	case 'o':
		return NewClass(r1, r2, false), nil
	}
	return 0, fmt.Errorf("hand %q: %s", quote(s), want)
}

// quote bounds what a message repeats of an input.
func quote(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
