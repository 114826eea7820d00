package holdem

import "math/bits"

// A Rank orders poker hands: the larger, the better; equal Ranks tie. Its
// top bits are the hand's Category, the rest the ranks that break ties
// within it.
type Rank uint32

// A Category is a poker hand's kind, HighCard (lowest) to StraightFlush.
type Category int

const (
	HighCard Category = iota
	OnePair
	TwoPair
	Trips
	Straight
	Flush
	FullHouse
	Quads
	StraightFlush
)

var categoryNames = [...]string{"high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush"}

func (c Category) String() string { return categoryNames[c] }

const categoryShift = 26

// Category is the kind of hand the rank is.
func (r Rank) Category() Category { return Category(r >> categoryShift) }

func rank(c Category, v uint32) Rank { return Rank(uint32(c)<<categoryShift | v) }

// Tables over the 8,192 sets of ranks (bit r for rank r): straightTop is
// the top rank of the highest straight a set holds, +1 (0: none), the
// wheel A-2-3-4-5 topping at 5 (rank 3); top5 keeps a set's five highest
// ranks (all of them if fewer). They are literals in tables.go, which
// TestTables writes from newTables with -update: built at start-up they
// were a fifth of a bare bjchart's instructions.

// newTables computes straightTop and top5.
func newTables() (straight *[1 << 13]uint8, top *[1 << 13]uint16) {
	straight, top = new([1 << 13]uint8), new([1 << 13]uint16)
	for m := range 1 << 13 {
		for t := 12; t >= 3; t-- {
			run := uint(0xf | 1<<12) // 5-4-3-2 and the ace
			if t > 3 {
				run = 0x1f << (t - 4)
			}
			if uint(m)&run == run {
				straight[m] = uint8(t + 1)
				break
			}
		}
		k := uint16(m)
		for bits.OnesCount16(k) > 5 {
			k &= k - 1 // the lowest rank goes
		}
		top[m] = k
	}
	return straight, top
}

// A set is cards held as a 13-bit rank set per suit, and the sum of their
// keys (cardKeys): the evaluator's input, built up card by card (a board
// once, then each hand on it).
type set struct {
	suits [4]uint16
	key   uint64
}

// add adds card c; a card held already is not added again.
func (s *set) add(c Card) {
	bit := uint16(1) << (c >> 2)
	if s.suits[c&3]&bit == 0 {
		s.suits[c&3] |= bit
		s.key += cardKeys[c]
	}
}

// with is the set and a hand's two cards.
func (s set) with(h Hand) set {
	s.add(h[0])
	s.add(h[1])
	return s
}

// evalWith ranks the set's cards with a hand's two: board.with(h).Eval()
// without building the set, when the seven cards are a lookup.
func (s set) evalWith(h Hand) Rank {
	a, b := h[0]&63, h[1]&63
	key := s.key + cardKeys[a] + cardKeys[b]
	if key>>countShift == 7 && noFlush(key) && a != b && s.suits[a&3]&(1<<(a>>2)) == 0 && s.suits[b&3]&(1<<(b>>2)) == 0 {
		return rankTables().lookup(key)
	}
	return s.with(h).Eval()
}

// highBit is the highest rank in a non-empty set, as a one-bit set.
func highBit(m uint16) uint16 { return 1 << (bits.Len16(m) - 1) }

// Eval ranks the best five-card hand of the set's cards (five to seven of
// them). Seven cards without five of a suit, most hands dealt, are a
// lookup of their ranks (rankTables); the others are worked out from the
// suits' rank sets (bitEval).
func (s set) Eval() Rank {
	if k := s.key; k>>countShift == 7 && noFlush(k) {
		return rankTables().lookup(k)
	}
	return s.bitEval()
}

// bitEval ranks the best five-card hand of the set's cards from the suits'
// rank sets.
func (s set) bitEval() Rank {
	s0, s1, s2, s3 := s.suits[0], s.suits[1], s.suits[2], s.suits[3]
	for _, f := range s.suits {
		if bits.OnesCount16(f) >= 5 { // no other suit can have five as well
			if t := straightTop[f]; t != 0 {
				return rank(StraightFlush, uint32(t))
			}
			return rank(Flush, uint32(top5[f]))
		}
	}
	any := s0 | s1 | s2 | s3
	two := (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3)) // ranks held twice or more
	three := (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)) // three times or more
	if four := s0 & s1 & s2 & s3; four != 0 {
		q := highBit(four)
		return rank(Quads, uint32(q)<<13|uint32(highBit(any&^q)))
	}
	if three != 0 {
		t := highBit(three)
		if pairs := two &^ t; pairs != 0 { // another pair, or second trips
			return rank(FullHouse, uint32(t)<<13|uint32(highBit(pairs)))
		}
	}
	if t := straightTop[any]; t != 0 {
		return rank(Straight, uint32(t))
	}
	switch {
	case three != 0:
		t := highBit(three)
		return rank(Trips, uint32(t)<<13|uint32(top2(any&^t)))
	case bits.OnesCount16(two) >= 2:
		p := highBit(two)
		p |= highBit(two &^ p)
		return rank(TwoPair, uint32(p)<<13|uint32(highBit(any&^p)))
	case two != 0:
		return rank(OnePair, uint32(two)<<13|uint32(top3(any&^two)))
	}
	return rank(HighCard, uint32(top5[any]))
}

// top2 and top3 keep a set's two or three highest ranks.
func top2(m uint16) uint16 {
	h := highBit(m)
	return h | highBit(m&^h)
}

func top3(m uint16) uint16 {
	t := top2(m)
	return t | highBit(m&^t)
}

// Eval7 ranks seven cards (or five or six): the best five of them.
func Eval7(cards ...Card) Rank {
	if len(cards) == 7 { // the keys alone, unless a suit may have five
		c := cards[:7]
		k := &cardKeys
		key := k[c[0]&63] + k[c[1]&63] + k[c[2]&63] + k[c[3]&63] + k[c[4]&63] + k[c[5]&63] + k[c[6]&63]
		held := 1<<(c[0]&63) | 1<<(c[1]&63) | 1<<(c[2]&63) | 1<<(c[3]&63) | 1<<(c[4]&63) | 1<<(c[5]&63) | uint64(1)<<(c[6]&63)
		if noFlush(key) && bits.OnesCount64(held) == 7 {
			return rankTables().lookup(key)
		}
	}
	var s set
	for _, c := range cards {
		s.add(c)
	}
	return s.Eval()
}
