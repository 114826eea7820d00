package side

import (
	"math/big"

	"bjchart/solve"
)

// Rules are the rules of the game that a bet on the dealer's whole hand
// depends on.
type Rules struct {
	H17 bool // the dealer hits soft 17 (S17 when false)
}

// buster is Buster Blackjack: a bet that the dealer busts, paid by the
// cards of the busted hand. Its classes are the bit of the bust's
// outcome, 0 when the dealer does not bust.
var buster = &Bet{
	Name: "buster",
	Rules: "the dealer busts, paid by the cards in the busted hand (3 to 8 or more); " +
		"the dealer draws to hard 17 (soft 17: by the h17 rule) from the shoe as the bet finds it, the players' cards not removed",
	Cards:    []string{"the dealer's whole hand"},
	Outcomes: []string{"bust-8-plus", "bust-7", "bust-6", "bust-5", "bust-4", "bust-3"},
	dealer:   true,
}

// addBusterTables reads Buster Blackjack's pay tables (addTables).
func addBusterTables() {
	buster.Tables = []Table{
		// The page lists 15 for six cards but its analysis, and every
		// house edge it prints, pays 12.
		table(buster, "250-50-12-4-2-2", wizard+"buster-blackjack (version 1, as its analysis pays it)",
			"bust-8-plus:250,bust-7:50,bust-6:12,bust-5:4,bust-4:2,bust-3:2"),
		table(buster, "250-50-15-4-2-2", wizard+"buster-blackjack (version 1, as its pay table lists it)",
			"bust-8-plus:250,bust-7:50,bust-6:15,bust-5:4,bust-4:2,bust-3:2"),
	}
}

// bustClass is the class of a dealer's bust of so many cards:
// bust-8-plus is bit 0, bust-3 bit 5.
func bustClass(cards int) int { return 1 << (8 - min(cards, 8)) }

// dealerClasses returns the probability of each of the buster classes
// as num[class]/den: the dealer's up card, hole card and draws come from
// the shoe's ranks (suits do not matter to the dealer, so the rank counts
// are all a rank-only shoe needs). A sequence of L cards drawn from n has
// chance Π(cards of its rank left)/n^(L); over the common denominator
// n^(M), M the most cards a dealer hand can take, it weighs
// Π(...)·(n-L)^(M-L).
//
// The dealer's hand is taken as the first cards out of the shoe: exact
// when the players' cards are unseen and no player draws (their draws
// depend on the up card, and are left out).
func dealerClasses(b *Bet, s Shoe, r Rules) (num []*big.Int, den *big.Int) {
	ranks := s.Ranks
	n := s.Total()
	// Every card adds at least 1 to the hard total, and the dealer stands
	// on a hard 17: no hand is longer than 17 cards.
	const maxCards = 17
	m := min(maxCards, n)
	num = make([]*big.Int, b.classes())
	for i := range num {
		num[i] = new(big.Int)
	}
	den = new(big.Int).SetUint64(1)
	for i := range m {
		den.Mul(den, big.NewInt(int64(n-i)))
	}
	// prod[d] is the numerator of the first d cards.
	prod := make([]*big.Int, m+1)
	for i := range prod {
		prod[i] = new(big.Int)
	}
	prod[0].SetInt64(1)
	tail := new(big.Int)
	dealer := solve.DealerRule{H17: r.H17}
	var rec func(cards, hard int, ace bool)
	rec = func(cards, hard int, ace bool) {
		var class int
		switch {
		case hard > 21:
			class = bustClass(cards)
		case cards >= 2 && dealer.StandP(hard, ace) == 1: // the solver's and the table's dealer
			class = 0
		case cards == m:
			class = 0 // the shoe ran out: not a bust (Request refuses a shoe that can: fewer than 17 cards)
		default:
			for g := range 10 {
				if ranks[g] == 0 {
					continue
				}
				prod[cards+1].Mul(prod[cards], big.NewInt(int64(ranks[g])))
				ranks[g]--
				rec(cards+1, hard+g+1, ace || g == 0)
				ranks[g]++
			}
			return
		}
		// Finished with cards cards: weigh by the draws of the rest.
		tail.SetInt64(1)
		for i := cards; i < m; i++ {
			tail.Mul(tail, big.NewInt(int64(n-i)))
		}
		num[class].Add(num[class], tail.Mul(tail, prod[cards]))
	}
	rec(0, 0, false)
	return num, den
}
