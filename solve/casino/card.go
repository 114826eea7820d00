package casino

import "bjchart/solve"

// A Card is one of the 52 kinds of card: Card((rank-1)*4 + suit), for a
// rank from 1 (ace) to 13 (king) and a suit 0 to 3 (spades, hearts,
// diamonds, clubs), the encoding the side bets read (side.Card). The main
// game reads only its value.
type Card uint8

// NewCard returns the card of a rank from 1 (ace) to 13 (king) and a suit
// from 0 to 3.
func NewCard(rank, suit int) Card { return Card((rank-1)*4 + suit) }

// Rank returns 1 for an ace, 2..10 for the pips, 11 to 13 for the jack,
// queen and king.
func (c Card) Rank() int { return int(c)/4 + 1 }

// Suit returns 0 to 3: spades, hearts, diamonds, clubs.
func (c Card) Suit() int { return int(c) % 4 }

// Value returns the card's blackjack value: 1 for an ace, 10 for a ten,
// jack, queen or king.
func (c Card) Value() int { return int(cardValues[c]) }

// String returns the card as "As", "Th", "Qd", "9c".
func (c Card) String() string {
	return "A23456789TJQK"[c.Rank()-1:c.Rank()] + "shdc"[c.Suit():c.Suit()+1]
}

// cardValues are the cards' blackjack values, by Card (256 of them, so
// that an index by a Card needs no bounds check; 0 past the 52 cards).
var cardValues = func() (v [256]uint8) {
	for c := range 52 {
		v[c] = uint8(min(c/4+1, 10))
	}
	return v
}()

// shoeCards returns the cards of a shoe given by value, ordered by value
// (aces first): the cards of each value spread over the suits in turn
// and, for the tens, over ten, jack, queen and king, so that a full shoe
// of n decks holds n cards of each of the 52 kinds.
func shoeCards(s solve.Shoe) []Card {
	var cards []Card
	for v, n := range s.Counts {
		for i := range n {
			rank := v + 1
			if rank == 10 {
				rank += i / 4 % 4
			}
			cards = append(cards, NewCard(rank, i%4))
		}
	}
	return cards
}
