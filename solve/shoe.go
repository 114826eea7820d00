package solve

import (
	"fmt"
	"strings"
)

// A Rank is a card rank by blackjack value: 1 is the ace, 10 any ten-valued card.
type Rank int

// Ranks lists every rank from ace to ten.
var Ranks = [10]Rank{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}

// UpCards lists the dealer up cards in chart column order: 2..9, T, A.
var UpCards = [10]Rank{2, 3, 4, 5, 6, 7, 8, 9, 10, 1}

// String returns "A", "2".."9" or "T".
func (r Rank) String() string {
	switch r {
	case 1:
		return "A"
	case 10:
		return "T"
	}
	if r >= 2 && r <= 9 {
		return string(rune('0' + r))
	}
	return fmt.Sprintf("Rank(%d)", int(r))
}

// ParseRank reads "A", "2".."9", "T" (or "10", "J", "Q", "K"), case-insensitively.
func ParseRank(s string) (Rank, error) {
	switch strings.ToUpper(s) {
	case "A", "1":
		return 1, nil
	case "T", "10", "J", "Q", "K":
		return 10, nil
	}
	if len(s) == 1 && s[0] >= '2' && s[0] <= '9' {
		return Rank(s[0] - '0'), nil
	}
	return 0, fmt.Errorf("unknown card %q: want A, 2..9 or T", s)
}

// A Shoe is a composition of ranks: Counts[r-1] cards of rank r. An infinite
// shoe keeps the proportions of Counts but never runs out: drawing a card
// does not change the probabilities.
type Shoe struct {
	Counts   [10]int
	Infinite bool
}

// NewShoe returns a full shoe of the given number of decks; 0 means an
// infinite deck with the proportions of one deck.
func NewShoe(decks int) Shoe {
	n := max(decks, 1)
	s := Shoe{Infinite: decks == 0}
	for i := range s.Counts {
		s.Counts[i] = 4 * n
	}
	s.Counts[9] = 16 * n
	return s
}

// Total returns the number of cards in the shoe.
func (s Shoe) Total() int {
	t := 0
	for _, c := range s.Counts {
		t += c
	}
	return t
}

// P returns the probability that the next card drawn is of rank r.
func (s Shoe) P(r Rank) float64 {
	return float64(s.Counts[r-1]) / float64(s.Total())
}

// Probs returns the probability of each rank, indexed by rank-1.
func (s Shoe) Probs() [10]float64 {
	var p [10]float64
	t := float64(s.Total())
	for i, c := range s.Counts {
		p[i] = float64(c) / t
	}
	return p
}
