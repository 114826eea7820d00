package casino

import (
	"math/rand/v2"

	"bjchart/solve"
)

// A Shoe deals cards. Three modes: a continuous shuffler (every card back
// in the shoe before each round: the solver's assumption), a shoe dealt
// to a cut card (or down to a number of cards) and then reshuffled, or an
// infinite deck (every card drawn with the full shoe's probabilities).
//
// The shoe is shuffled as it is dealt: each card is one step of a
// Fisher-Yates shuffle, a uniformly random card of those left, so a
// shuffle costs nothing and the cards behind the cut card are never
// shuffled at all.
type Shoe struct {
	rng        *rand.PCG
	bits       uint64 // random bits not yet used: two draws per rng.Uint64
	halves     int    // 32-bit halves left in bits
	cards      []Card // cards[:pos] are dealt
	pos        int
	cut        int  // reshuffle when pos reaches it, between rounds; 0: continuous shuffler
	infinite   bool // draw with replacement
	below      int  // reshuffle between rounds once fewer cards are left (overrides cut)
	reshuffles int64
	burn       int // the index of the card burned at the last shuffle, unseen; -1: none

	counted bool
	tags    [256]float64 // each card's tag, when counted (by Card: no bounds check)
	irc     float64      // the running count at a shuffle
	rc      float64      // the running count of the cards dealt

	// keepOut returns the cards on the table, which a shoe run out
	// mid-round leaves out of its reshuffle (nil: none).
	keepOut func() []Card
}

// NewShoe returns a shoe of the cards sh holds (a full shoe dealt to a
// penetration, 0 < penetration < 1, shuffled and a card burned; a
// continuous shuffler for 0), or an infinite deck drawing with sh's
// probabilities, its random numbers from rng.
func NewShoe(sh solve.Shoe, infinite bool, penetration float64, rng *rand.PCG) *Shoe {
	s := &Shoe{rng: rng, infinite: infinite, cards: shoeCards(sh), burn: -1}
	if penetration > 0 && !infinite {
		s.cut = max(1, int(penetration*float64(len(s.cards))))
		s.shuffle()
	}
	return s
}

// ReshuffleBelow reshuffles the shoe now and then between rounds once
// fewer than n cards are left, instead of at a cut card.
func (s *Shoe) ReshuffleBelow(n int) {
	s.below = n
	s.shuffle()
}

// Count keeps a running count of every card dealt with these tags (by
// value, 1 for an ace to 10), from irc at each shuffle.
func (s *Shoe) Count(tags [11]float64, irc float64) {
	s.counted, s.irc, s.rc = true, irc, irc
	for c := range 52 {
		s.tags[c] = tags[cardValues[c]]
	}
}

// RunningCount returns the running count of the cards dealt since the
// shuffle (Count).
func (s *Shoe) RunningCount() float64 { return s.rc }

// Left returns the cards not yet dealt (an infinite deck's: its one deck).
func (s *Shoe) Left() int { return len(s.cards) - s.pos }

// Reshuffles returns the shuffles so far, the first included.
func (s *Shoe) Reshuffles() int64 { return s.reshuffles }

// CutOut says whether the cut card has come out: the next round starts
// with a shuffle.
func (s *Shoe) CutOut() bool {
	if s.below > 0 {
		return len(s.cards)-s.pos < s.below
	}
	return s.cut > 0 && s.pos >= s.cut
}

// Unseen returns the cards a player has not seen, by value (index
// value-1): those left in the shoe and the burn card.
func (s *Shoe) Unseen() [10]int {
	var m [10]int
	for _, c := range s.cards[s.pos:] {
		m[cardValues[c]-1]++
	}
	if s.burn >= 0 {
		m[cardValues[s.cards[s.burn]]-1]++
	}
	return m
}

// shuffle gathers every card back and burns one.
func (s *Shoe) shuffle() {
	s.pos = 0
	s.step() // the burn card, unseen
	s.burn = 0
	s.reshuffles++
	s.rc = s.irc
}

// step deals the next card of the shoe: one step of the Fisher-Yates
// shuffle, a uniformly random card of those left, moved to the front.
func (s *Shoe) step() Card {
	i := s.pos
	j := i + s.RandN(len(s.cards)-i)
	c := s.cards[j]
	s.cards[j] = s.cards[i]
	s.cards[i] = c
	s.pos++
	return c
}

// StartRound makes the shoe ready for a round: every card back under a
// continuous shuffler, a reshuffle once the cut card has come out. It
// says whether the shoe was shuffled.
func (s *Shoe) StartRound() bool {
	switch {
	case s.infinite:
	case s.below > 0:
		if len(s.cards)-s.pos < s.below {
			s.shuffle()
			return true
		}
	case s.cut == 0:
		s.pos, s.burn = 0, -1 // the cards stay in their order: Draw picks at random
		s.rc = s.irc
	case s.pos >= s.cut:
		s.shuffle()
		return true
	}
	return false
}

// RandN returns a uniform random integer in [0, n), for 0 < n < 2^32:
// Lemire's multiply-shift on 32 random bits, with the rejection that
// makes it exact (D. Lemire, "Fast random integer generation in an
// interval", 2019). Each of the generator's 64-bit outputs serves two
// draws. Small enough to be inlined; the rare cases are in randSlow.
func (s *Shoe) RandN(n int) int {
	m := s.product(n)
	if uint32(m) < uint32(n) {
		return s.randSlow(n, m)
	}
	return int(m >> 32)
}

// product returns 32 fresh random bits times n: its high half is RandN's
// result unless its low half is below n.
func (s *Shoe) product(n int) uint64 {
	if s.halves == 0 {
		s.refill()
	}
	m := (s.bits & (1<<32 - 1)) * uint64(uint32(n))
	s.bits >>= 32
	s.halves--
	return m
}

// refill is kept out of line: the hot path in Draw stays short.
//
//go:noinline
func (s *Shoe) refill() { s.bits, s.halves = s.rng.Uint64(), 2 }

// randSlow finishes RandN when the low half of the product m is below n:
// the result stands unless it is one of the 2^32 mod n values that would
// bias it, which are drawn again.
func (s *Shoe) randSlow(n int, m uint64) int {
	bound := uint32(n)
	for uint32(m) < -bound%bound {
		m = s.product(n)
	}
	return int(m >> 32)
}

// coin returns a uniform number in [0, 1) (30 bits), for a dealer who
// hits a 16 or a 17 by chance.
func (s *Shoe) coin() float64 { return float64(s.RandN(1<<30)) / (1 << 30) }

// Draw deals one card.
func (s *Shoe) Draw() Card {
	if s.infinite || s.pos == len(s.cards) {
		return s.drawSlow()
	}
	// step, with RandN's common case written out: this is the
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
	if s.counted {
		s.rc += s.tags[c]
	}
	return c
}

// drawSlow deals one card from an infinite deck, or when the shoe has run
// out mid-round: then the cards not on the table are gathered and
// shuffled (a continuous shuffler's put back), one burned but for a
// continuous shuffler's.
func (s *Shoe) drawSlow() Card {
	var c Card
	if s.infinite {
		c = s.cards[s.RandN(len(s.cards))]
	} else {
		s.gatherDiscards()
		c = s.step()
	}
	if s.counted {
		s.rc += s.tags[c]
	}
	return c
}

// gatherDiscards makes every card but those on the table the shoe's again,
// shuffled (one burned, but under a continuous shuffler).
func (s *Shoe) gatherDiscards() {
	kept := 0
	if s.keepOut != nil {
		for _, c := range s.keepOut() { // moved to the front, dealt
			for j := kept; j < len(s.cards); j++ {
				if s.cards[j] == c {
					s.cards[j], s.cards[kept] = s.cards[kept], c
					kept++
					break
				}
			}
		}
	}
	s.pos, s.burn = kept, -1
	// The count starts again with the shoe's new cards: the cards kept
	// out, on the table, are seen (a face-down hole card among them, as
	// every card drawn is counted: a player's count takes it off).
	s.rc = s.irc
	if s.counted {
		for _, c := range s.cards[:kept] {
			s.rc += s.tags[c]
		}
	}
	if s.cut == 0 && s.below == 0 {
		return
	}
	s.step() // the burn card, unseen
	s.burn = kept
	s.reshuffles++
}

// NewDeck returns a continuous shuffler of no cards, for a search that
// samples the cards a player has not seen (SetCards, Rewind).
func NewDeck(rng *rand.PCG) *Shoe { return &Shoe{rng: rng, burn: -1} }

// SetCards makes the shoe hold these cards, by value-1, none dealt.
func (s *Shoe) SetCards(counts [10]int) {
	s.cards = s.cards[:0]
	for v, n := range counts {
		for range n {
			s.cards = append(s.cards, NewCard(v+1, 0))
		}
	}
	s.pos, s.burn = 0, -1
}

// Dealt returns how many cards have been dealt since the shuffle: a mark
// Rewind goes back to.
func (s *Shoe) Dealt() int { return s.pos }

// Rewind puts back every card dealt since the mark, which the next draws
// deal again at random: a continuous shuffler's cards before a round, a
// search's before another playout.
func (s *Shoe) Rewind(mark int) { s.pos = mark }

// Reseeded forgets the random bits the shoe holds: after its generator
// is seeded again, every draw is the new seed's.
func (s *Shoe) Reseeded() { s.halves = 0 }

// ToCut returns the cards still to be dealt before the cut card (0 once
// it is out, or for a shoe without one).
func (s *Shoe) ToCut() int {
	if s.below > 0 {
		return max(0, len(s.cards)-s.pos-s.below)
	}
	return max(0, s.cut-s.pos)
}

// DealtSince returns the cards dealt since the mark (Dealt), in the
// order dealt; the caller does not keep or change them.
func (s *Shoe) DealtSince(mark int) []Card { return s.cards[mark:s.pos] }
