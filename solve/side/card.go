package side

import (
	"fmt"
	"strconv"
	"strings"

	"bjchart/solve/param"
)

// A Suit is one of the four suits, in the order ♠ ♥ ♦ ♣.
type Suit uint8

// The suits: spades and clubs are black, hearts and diamonds red.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// Red reports whether the suit is hearts or diamonds.
func (s Suit) Red() bool { return s == Hearts || s == Diamonds }

// String returns "s", "h", "d" or "c".
func (s Suit) String() string { return string("shdc"[s&3]) }

// A Card is one of the 52 kinds of card: Card((rank-1)*4 + suit) for a
// rank from 1 (ace) to 13 (king) and a suit. A shoe of several decks holds
// several cards of each kind.
type Card uint8

// NumKinds is the number of kinds of card: 13 ranks times 4 suits.
const NumKinds = 52

// NewCard returns the card of a rank from 1 (ace) to 13 (king) and a suit.
func NewCard(rank int, s Suit) Card { return Card((rank-1)*4 + int(s)) }

// Rank returns 1 for an ace, 2..10 for the pips, 11 for a jack, 12 for a
// queen and 13 for a king.
func (c Card) Rank() int { return int(c)/4 + 1 }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c % 4) }

// Value returns the card's blackjack value: 1 for an ace, 10 for a ten,
// jack, queen or king.
func (c Card) Value() int { return min(c.Rank(), 10) }

// group returns the card's rank as blackjack counts it, 0 (ace) to 9 (any
// ten-valued card): the index of its count in a rank-only shoe.
func (c Card) group() int { return c.Value() - 1 }

// String returns the card as "As", "Th", "Qd", "9c".
func (c Card) String() string { return rankNames[c.Rank()-1:c.Rank()] + c.Suit().String() }

// rankNames are the thirteen ranks' letters, ace first.
const rankNames = "A23456789TJQK"

// groupNames are the ten blackjack ranks' letters, ace first.
var groupNames = [10]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "T"}

// MaxDecks bounds the decks of a shoe: the counts of its ordered deals of
// four cards then fit in a uint64.
const MaxDecks = 100

// A Shoe is the cards left to deal, in one of two forms.
//
// A suited shoe knows how many cards of each kind it holds (Counts).
//
// A rank-only shoe knows only how many of each blackjack rank it holds
// (Ranks: A, 2..9, T, a ten being any ten-valued card), as a card counter
// does: it is a full shoe of Decks decks from which cards were removed, every
// removal leaving these rank counts equally likely. Its probabilities are
// exact over the suits and ten-valued ranks (T, J, Q, K) that the removed
// cards may have had; they do not assume the suits left are evenly spread.
type Shoe struct {
	Decks    int           // decks in the full shoe, 1..MaxDecks
	RankOnly bool          // only Ranks is known
	Counts   [NumKinds]int // cards of each kind; zero when RankOnly
	Ranks    [10]int       // cards of each blackjack rank, A to T
}

// NewShoe returns a full shoe of decks decks, suited.
func NewShoe(decks int) Shoe {
	s := Shoe{Decks: decks}
	for c := range s.Counts {
		s.Counts[c] = decks
	}
	s.Ranks = groupCounts(&s.Counts)
	return s
}

// groupCounts returns the cards of each blackjack rank of suited counts.
func groupCounts(counts *[NumKinds]int) [10]int {
	var g [10]int
	for c, n := range counts {
		g[Card(c).group()] += n
	}
	return g
}

// fullGroup returns the cards of blackjack rank g (0 for the ace, 9 for
// the tens) in a full shoe of decks decks.
func fullGroup(g, decks int) int {
	if g == 9 {
		return 16 * decks
	}
	return 4 * decks
}

// RankShoe returns the shoe left of a full shoe of decks decks when the
// counts of A, 2..9, T are known and their suits are not. A shoe whose
// counts are those of the full shoe is the full shoe, suited.
func RankShoe(decks int, ranks [10]int) (Shoe, error) {
	if decks < 1 || decks > MaxDecks {
		return Shoe{}, fmt.Errorf("%d decks; want 1 to %d", decks, MaxDecks)
	}
	full := true
	for g, n := range ranks {
		if n < 0 || n > fullGroup(g, decks) {
			return Shoe{}, fmt.Errorf("%d cards of rank %s; want 0 to %d in %d decks", n, groupNames[g], fullGroup(g, decks), decks)
		}
		full = full && n == fullGroup(g, decks)
	}
	if full {
		return NewShoe(decks), nil
	}
	return Shoe{Decks: decks, RankOnly: true, Ranks: ranks}, nil
}

// SuitedShoe returns the shoe left of a full shoe of decks decks when the
// cards of each kind are known.
func SuitedShoe(decks int, counts [NumKinds]int) (Shoe, error) {
	if decks < 1 || decks > MaxDecks {
		return Shoe{}, fmt.Errorf("%d decks; want 1 to %d", decks, MaxDecks)
	}
	for c, n := range counts {
		if n < 0 || n > decks {
			return Shoe{}, fmt.Errorf("%d cards %s; want 0 to %d in %d decks", n, Card(c), decks, decks)
		}
	}
	return Shoe{Decks: decks, Counts: counts, Ranks: groupCounts(&counts)}, nil
}

// Total returns the number of cards in the shoe.
func (s Shoe) Total() int {
	t := 0
	for _, n := range s.Ranks {
		t += n
	}
	return t
}

// Full reports whether the shoe is the full shoe of its decks.
func (s Shoe) Full() bool { return !s.RankOnly && s == NewShoe(s.Decks) }

// ParseShoe reads the shoe left of a full shoe of decks decks: ten counts
// of A, 2..9, T (a rank-only shoe, as --shoe takes it), or 52 counts of
// the kinds A♠ A♥ A♦ A♣ 2♠ ... K♣ (a suited shoe), separated by commas or
// spaces. "" is the full shoe.
func ParseShoe(decks int, s string) (Shoe, error) {
	if strings.TrimSpace(s) == "" {
		if decks < 1 || decks > MaxDecks {
			return Shoe{}, fmt.Errorf("%d decks; want 1 to %d", decks, MaxDecks)
		}
		return NewShoe(decks), nil
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(f) != 10 && len(f) != NumKinds {
		return Shoe{}, fmt.Errorf("%s: %d counts; want 10 (A,2,3,4,5,6,7,8,9,T) or 52 (As,Ah,Ad,Ac,2s,...,Kc)", param.Quote(s, 40), len(f))
	}
	n := make([]int, len(f))
	for i, x := range f {
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 {
			what := groupNames[min(i, 9)]
			if len(f) == NumKinds {
				what = Card(i).String()
			}
			return Shoe{}, fmt.Errorf("%s: count %s for %s is not a whole number from 0", param.Quote(s, 40), param.Quote(x, 20), what)
		}
		n[i] = v
	}
	var sh Shoe
	var err error
	if len(f) == 10 {
		sh, err = RankShoe(decks, [10]int(n))
	} else {
		sh, err = SuitedShoe(decks, [NumKinds]int(n))
	}
	if err != nil {
		return Shoe{}, fmt.Errorf("%s: %v", param.Quote(s, 40), err)
	}
	return sh, nil
}

// String returns the shoe's counts as ParseShoe reads them: ten for a
// rank-only shoe, 52 for a suited one.
func (s Shoe) String() string {
	var parts []string
	if s.RankOnly {
		for _, n := range s.Ranks {
			parts = append(parts, strconv.Itoa(n))
		}
	} else {
		for _, n := range s.Counts {
			parts = append(parts, strconv.Itoa(n))
		}
	}
	return strings.Join(parts, ",")
}
