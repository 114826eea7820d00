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
	rng        *rand.PCG
	bits       uint64  // random bits not yet used: two draws per rng.Uint64
	halves     int     // 32-bit halves left in bits
	cards      []uint8 // ranks 1..10; cards[:pos] are dealt
	pos        int
	cut        int  // reshuffle when pos reaches it, between rounds; 0: continuous shuffler
	infinite   bool // draw with replacement
	below      int  // reshuffle between rounds once fewer cards are left (overrides cut)
	reshuffles int64
	burned     bool    // cards[0] was burned at the last shuffle, unseen
	count      *Count  // counted on every card dealt, if not nil
	rc         float64 // running count
}

// countNow is the count the bet goes by: the true count for a balanced
// count, else the running count.
func (s *shoe) countNow() float64 {
	if !s.count.Balanced {
		return s.rc
	}
	return s.count.TrueCount(s.rc, len(s.cards)-s.pos)
}

func newShoe(sh solve.Shoe, infinite bool, penetration float64, rng *rand.PCG) *shoe {
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

// shuffle gathers every card back and burns one. The shoe is shuffled as
// it is dealt (draw), so a shuffle costs nothing here and the cards behind
// the cut card are never shuffled at all.
func (s *shoe) shuffle() {
	s.pos = 0
	s.step() // the burn card, unseen
	s.burned = true
	s.reshuffles++
	if s.count != nil {
		s.rc = s.count.IRC
	}
}

// step deals the next card of the shoe: one step of a Fisher-Yates
// shuffle, a uniformly random card of those left, moved to the front.
func (s *shoe) step() uint8 {
	i := s.pos
	j := i + s.randN(len(s.cards)-i)
	c := s.cards[j]
	s.cards[j] = s.cards[i]
	s.cards[i] = c
	s.pos++
	return c
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
		s.pos, s.burned = 0, false // the cards stay in their order: draw picks at random
		if s.count != nil {
			s.rc = s.count.IRC
		}
	case s.pos >= s.cut:
		s.shuffle()
	}
}

// randN returns a uniform random integer in [0, n), for 0 < n < 2^32:
// Lemire's multiply-shift on 32 random bits, with the rejection that
// makes it exact (D. Lemire, "Fast random integer generation in an
// interval", 2019). Each of the generator's 64-bit outputs serves two
// draws. Small enough to be inlined; the rare cases are in randSlow.
func (s *shoe) randN(n int) int {
	m := s.product(n)
	if uint32(m) < uint32(n) {
		return s.randSlow(n, m)
	}
	return int(m >> 32)
}

// product returns 32 fresh random bits times n: its high half is randN's
// result unless its low half is below n.
func (s *shoe) product(n int) uint64 {
	if s.halves == 0 {
		s.refill()
	}
	m := (s.bits & (1<<32 - 1)) * uint64(uint32(n))
	s.bits >>= 32
	s.halves--
	return m
}

// refill is kept out of line: the hot path in draw stays short.
//
//go:noinline
func (s *shoe) refill() { s.bits, s.halves = s.rng.Uint64(), 2 }

// randSlow finishes randN when the low half of the product m is below n:
// the result stands unless it is one of the 2^32 mod n values that would
// bias it, which are drawn again.
func (s *shoe) randSlow(n int, m uint64) int {
	bound := uint32(n)
	for uint32(m) < -bound%bound {
		m = s.product(n)
	}
	return int(m >> 32)
}

// draw deals one card.
func (s *shoe) draw() uint8 {
	if s.infinite || s.pos == len(s.cards) {
		return s.drawSlow()
	}
	// step, with randN's common case written out: this is the
	// simulator's hottest path.
	i := s.pos
	if s.halves == 0 {
		s.refill()
	}
	m := (s.bits & (1<<32 - 1)) * uint64(uint32(len(s.cards)-i))
	s.bits >>= 32
	s.halves--
	j := i + int(m>>32)
	if uint32(m) < uint32(len(s.cards)-i) {
		j = i + s.randSlow(len(s.cards)-i, m)
	}
	c := s.cards[j]
	s.cards[j] = s.cards[i]
	s.cards[i] = c
	s.pos = i + 1
	if s.count != nil {
		s.rc += s.count.Tags[c]
	}
	return c
}

// drawSlow deals one card from an infinite deck, or when the shoe has run
// out mid-round.
func (s *shoe) drawSlow() uint8 {
	var c uint8
	switch {
	case s.infinite:
		c = s.cards[s.randN(len(s.cards))]
	case s.cut == 0 && s.below == 0:
		s.pos, s.burned = 0, false // a continuous shuffler (tiny shoes): all back
		c = s.step()
	default:
		s.shuffle()
		c = s.step()
	}
	if s.count != nil {
		s.rc += s.count.Tags[c]
	}
	return c
}
