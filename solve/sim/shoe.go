// Package sim plays blackjack rounds card by card from a shuffled shoe, by
// the rules the solver assumes (solve.Rules), and reports every figure with
// its standard error. With a fresh shoe every round (a continuous shuffler,
// the solver's assumption) the simulated EV of a chart converges to the
// chart's exact EV, which is how the engine is checked.
package sim

import (
	"math/rand/v2"

	"bjchart/solve"
)

// shoe deals cards. Three modes: a continuous shuffler (every card back in
// the shoe before each round: the solver's assumption), a shoe dealt to a
// cut card and then reshuffled, or an infinite deck (every card drawn with
// the full shoe's probabilities).
type shoe struct {
	rng        *rand.Rand
	cards      []uint8 // ranks 1..10; cards[:pos] are dealt
	pos        int
	cut        int  // reshuffle when pos reaches it, between rounds; 0: continuous shuffler
	infinite   bool // draw with replacement
	below      int  // reshuffle between rounds once fewer cards are left (overrides cut)
	reshuffles int64
	count      *Count  // counted on every card dealt, if not nil
	rc         float64 // running count
}

// countNow is the count the bet goes by: the true count for a balanced
// count, else the running count.
func (s *shoe) countNow() float64 {
	if !s.count.Balanced {
		return s.rc
	}
	left := len(s.cards) - s.pos
	if left <= 0 {
		return 0
	}
	return s.rc * 52 / float64(left)
}

func newShoe(sh solve.Shoe, infinite bool, penetration float64, rng *rand.Rand) *shoe {
	s := &shoe{rng: rng, infinite: infinite}
	for r, n := range sh.Counts {
		for range n {
			s.cards = append(s.cards, uint8(r+1))
		}
	}
	if penetration > 0 && !infinite {
		s.cut = max(1, int(penetration*float64(len(s.cards))))
		s.shuffle()
	}
	return s
}

// shuffle shuffles the whole shoe and burns one card.
func (s *shoe) shuffle() {
	s.rng.Shuffle(len(s.cards), func(i, j int) { s.cards[i], s.cards[j] = s.cards[j], s.cards[i] })
	s.pos = 1 // the burn card
	s.reshuffles++
	if s.count != nil {
		s.rc = s.count.IRC
	}
}

// startRound makes the shoe ready for a round: every card back under a
// continuous shuffler, a reshuffle once the cut card has come out.
func (s *shoe) startRound() {
	switch {
	case s.infinite:
	case s.below > 0:
		if len(s.cards)-s.pos < s.below {
			s.shuffle()
		}
	case s.cut == 0:
		s.pos = 0 // the cards stay in their order: draw picks at random
		if s.count != nil {
			s.rc = s.count.IRC
		}
	case s.pos >= s.cut:
		s.shuffle()
	}
}

// draw deals one card.
func (s *shoe) draw() uint8 {
	n := len(s.cards)
	switch {
	case s.infinite:
		return s.cards[s.rng.IntN(n)]
	case s.cut == 0 && s.below == 0:
		// A uniformly random card of those left: one step of a
		// Fisher-Yates shuffle, so a round costs only its own cards.
		if s.pos == n {
			s.pos = 0 // out of cards mid-round (tiny shoes): all back
		}
		j := s.pos + s.rng.IntN(n-s.pos)
		s.cards[s.pos], s.cards[j] = s.cards[j], s.cards[s.pos]
	case s.pos == n:
		s.shuffle() // the shoe ran out mid-round
	}
	c := s.cards[s.pos]
	s.pos++
	if s.count != nil {
		s.rc += s.count.Tags[c]
	}
	return c
}
