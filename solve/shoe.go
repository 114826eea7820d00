package solve

import (
	"fmt"
	"strconv"
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

// MinShoeCards is the smallest shoe a round can always be dealt from:
// four split hands of up to eleven cards each and a dealer hand need far
// fewer cards than this in practice, but below it some rounds would run
// out of cards.
const MinShoeCards = 20

// Validate reports whether a finite shoe can deal a round: no negative
// counts, at least MinShoeCards cards, and at least one card of each rank
// (the solver's tables assume every up card and first card can occur).
func (s Shoe) Validate() error {
	if s.Infinite {
		return fmt.Errorf("shoe: want a finite composition")
	}
	for i, c := range s.Counts {
		if c < 1 {
			return fmt.Errorf("shoe: %d cards of rank %v; want at least 1 of each rank", c, Rank(i+1))
		}
		if c > 16*MaxDecks {
			return fmt.Errorf("shoe: %d cards of rank %v; want at most %d", c, Rank(i+1), 16*MaxDecks)
		}
	}
	if t := s.Total(); t < MinShoeCards {
		return fmt.Errorf("shoe: %d cards; want at least %d", t, MinShoeCards)
	}
	return nil
}

// ParseShoe reads a shoe as ten counts of A, 2..9, T separated by commas or
// spaces, e.g. "4,4,4,4,4,4,4,4,4,16" for one deck.
func ParseShoe(s string) (Shoe, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(f) != 10 {
		return Shoe{}, fmt.Errorf("shoe %s: %d counts; want 10 (A,2,3,4,5,6,7,8,9,T)", QuoteInput(s, 40), len(f))
	}
	var sh Shoe
	for i, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			return Shoe{}, fmt.Errorf("shoe %s: count %s for rank %v is not a non-negative integer", QuoteInput(s, 40), QuoteInput(x, 20), Rank(i+1))
		}
		sh.Counts[i] = n
	}
	if err := sh.Validate(); err != nil {
		return Shoe{}, fmt.Errorf("shoe %s: %s", QuoteInput(s, 40), strings.TrimPrefix(err.Error(), "shoe: "))
	}
	return sh, nil
}

// String returns the counts as ParseShoe reads them.
func (s Shoe) String() string {
	parts := make([]string, 10)
	for i, c := range s.Counts {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, ",")
}
