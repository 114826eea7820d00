package holdem

import (
	"bjchart/solve/panics"
	"math/big"
	"runtime"
	"slices"
	"sync"
)

// A Tally counts showdowns: how many of Total a hand wins and ties
// (a tie splits the pot). Its counts are exact.
type Tally struct {
	Wins, Ties, Total int64
}

// Equity is the hand's share of the pot, ties split: (Wins + Ties/2) /
// Total.
func (t Tally) Equity() float64 { return (float64(t.Wins) + float64(t.Ties)/2) / float64(t.Total) }

// Fraction is the equity as an exact fraction in lowest terms.
func (t Tally) Fraction() *big.Rat {
	return big.NewRat(2*t.Wins+t.Ties, 2*t.Total)
}

// Add adds u's counts to t's.
func (t *Tally) Add(u Tally) {
	t.Wins += u.Wins
	t.Ties += u.Ties
	t.Total += u.Total
}

// boardsOf5 is C(52,5), boardsAfter is C(50,5) and boardsBetween
// C(48,5): the boards of a full deck, of a deck less one hand, and less
// two.
const (
	boardsOf5     = 2598960
	boardsAfter   = 2118760
	boardsBetween = 1712304
)

// suitPerms are the 24 permutations of the four suits.
var suitPerms = func() [][4]int {
	var out [][4]int
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				for d := range 4 {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						out = append(out, [4]int{a, b, c, d})
					}
				}
			}
		}
	}
	return out
}()

// permute maps a set of cards (bit c for card c) through a suit
// permutation.
func permute(m uint64, p [4]int) uint64 {
	var out uint64
	for m != 0 {
		c := trailing(m)
		m &= m - 1
		out |= 1 << (c&^3 | p[c&3])
	}
	return out
}

func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// A canonBoard is a board standing for its class under the suits'
// permutations: the smallest of them as a card set, and how many boards
// the class has.
type canonBoard struct {
	mask   uint64
	weight int64
}

var (
	canonOnce   sync.Once
	canonBoards []canonBoard
)

// canonicalBoards lists the five-card boards up to the suits (134,459 of
// them), each with the number of boards it stands for (24 divided by the
// permutations that leave it as it is); the weights add up to C(52,5).
func canonicalBoards() []canonBoard {
	canonOnce.Do(func() {
		var c [5]uint
		for c[0] = 4; c[0] < 52; c[0]++ {
			for c[1] = 3; c[1] < c[0]; c[1]++ {
				for c[2] = 2; c[2] < c[1]; c[2]++ {
					for c[3] = 1; c[3] < c[2]; c[3]++ {
						for c[4] = 0; c[4] < c[3]; c[4]++ {
							m := uint64(1)<<c[0] | 1<<c[1] | 1<<c[2] | 1<<c[3] | 1<<c[4]
							if w := canonWeight(m); w > 0 {
								canonBoards = append(canonBoards, canonBoard{m, w})
							}
						}
					}
				}
			}
		}
	})
	return canonBoards
}

// canonWeight is how many sets of cards m stands for if it is the
// smallest of its class under the suits' permutations, else 0.
func canonWeight(m uint64) int64 {
	fixed := int64(0)
	for _, p := range suitPerms {
		switch q := permute(m, p); {
		case q < m:
			return 0
		case q == m:
			fixed++
		}
	}
	return 24 / fixed
}

// handInfo is a hand with what the engines read of it.
type handInfo struct {
	hand  Hand
	mask  uint64
	class Class
}

// allHands returns every hand with what the engines read of it, built at
// the first call.
var allHands = sync.OnceValue(func() []handInfo {
	var out []handInfo
	for _, h := range AllHands() {
		out = append(out, handInfo{h, h.mask(), h.Class()})
	}
	return out
})

// forBoards runs visit on every canonical board, spread over the cores:
// worker w of n visits boards w, w+n, ... with its own state, made by
// start; the states come back in worker order.
func forBoards[S any](start func() S, visit func(s S, b canonBoard)) []S {
	boards := canonicalBoards()
	n := runtime.GOMAXPROCS(0)
	states := make([]S, n)
	var wg panics.Group // a worker's panic raised again by Wait
	for w := range n {
		states[w] = start()
		wg.Go(func() {
			for i := w; i < len(boards); i += n {
				visit(states[w], boards[i])
			}
		})
	}
	wg.Wait()
	return states
}

// rankHands lists one board's hands sorted by their rank there: each entry is
// rank<<11 | the hand's index in allHands.
func rankHands(b canonBoard, keys []uint64) []uint64 {
	var board set
	for m := b.mask; m != 0; m &= m - 1 {
		board.add(Card(trailing(m)))
	}
	keys = keys[:0]
	for i, h := range allHands() {
		if h.mask&b.mask == 0 {
			keys = append(keys, uint64(board.evalWith(h.hand))<<11|uint64(i))
		}
	}
	slices.Sort(keys)
	return keys
}

// sameRank reports whether two entries of rankHands tie.
func sameRank(a, b uint64) bool { return a>>11 == b>>11 }

// vsRandomState is a worker's counts for VsRandom.
type vsRandomState struct {
	wins, ties [Classes]int64
	keys       []uint64
}

// VsRandom is every class's exact heads-up tally against a random hand:
// every opponent hand and every board, each hand of the class counted
// (Total is the class's hands x C(50,5) boards x C(45,2) opponents).
// Boards are taken up to the suits, which leaves every class's sums as
// they are: a class holds every suit permutation of its hands.
func VsRandom() [Classes]Tally {
	vsRandomOnce.Do(func() { vsRandom = computeVsRandom() })
	return vsRandom
}

// VsRandom's table, computed once (about 4 s on two cores).
var (
	vsRandomOnce sync.Once
	vsRandom     [Classes]Tally
)

func computeVsRandom() [Classes]Tally {
	hands := allHands()
	states := forBoards(func() *vsRandomState { return &vsRandomState{} }, func(s *vsRandomState, b canonBoard) {
		s.keys = rankHands(b, s.keys)
		var below int64                    // hands ranked lower than this group
		var belowCard, groupCard [52]int64 // of those, and of this group, the hands holding each card
		keys := s.keys
		for start := 0; start < len(keys); {
			end := start + 1
			for end < len(keys) && sameRank(keys[end], keys[start]) {
				end++
			}
			var total int64
			for _, k := range keys[start:end] {
				h := hands[k&0x7ff].hand
				groupCard[h[0]]++
				groupCard[h[1]]++
				total++
			}
			for _, k := range keys[start:end] {
				hi := hands[k&0x7ff]
				a, c := hi.hand[0], hi.hand[1]
				// Hands sharing a card with this one are no opponents; of
				// those tied, the hand itself is counted under both cards.
				less := below - belowCard[a] - belowCard[c]
				tied := total - groupCard[a] - groupCard[c] + 1
				s.wins[hi.class] += b.weight * less
				s.ties[hi.class] += b.weight * tied
			}
			for _, k := range keys[start:end] {
				h := hands[k&0x7ff].hand
				belowCard[h[0]]++
				belowCard[h[1]]++
				groupCard[h[0]], groupCard[h[1]] = 0, 0
			}
			below += total
			start = end
		}
	})
	var out [Classes]Tally
	for c := range Class(Classes) {
		out[c].Total = int64(c.Combos()) * boardsAfter * 990
		for _, s := range states {
			out[c].Wins += s.wins[c]
			out[c].Ties += s.ties[c]
		}
	}
	return out
}
