package holdem

import (
	"sync"
	"sync/atomic"
)

// Seven cards without five of a suit rank by their ranks alone: 49,205
// multisets of 13 ranks, at most four of each. A set carries the sum of
// its cards' keys (cardKeys), which holds
//
//   - the ranks 2..8 as a number in base 5, a digit a rank (17 bits):
//     how many of each the set holds, which a sum of one 5^r a card
//     builds up;
//   - the ranks 9..A likewise (14 bits);
//   - the cards of each suit (4 bits each, at most 7), and the cards in
//     all (3 bits).
//
// A lookup ranks the low digits among the low multisets of their size
// (low), offsets it by the high multiset's place (base: every high
// multiset before it, times the low ones that make seven cards with it)
// and reads the rank (rank). The tables take 576 KB and about 10 ms to
// build, at the first hand ranked (BenchmarkRankTables).

const (
	lowRanks   = 7 // 2..8
	highRanks  = 6 // 9..A
	lowKeys    = 78125
	highKeys   = 15625
	lowMask    = 1<<17 - 1
	highShift  = 17
	highMask   = 1<<14 - 1
	suitShift  = 32
	countShift = 48
)

// cardKeys is each card's key: 5^r in its half of the ranks, one in its
// suit's count and one in the cards'.
var cardKeys = func() (k [64]uint64) { // 64: a card masked to 6 bits needs no bounds check
	for c := range 52 {
		r, suit := c>>2, c&3
		if r < lowRanks {
			k[c] = pow5(r)
		} else {
			k[c] = pow5(r-lowRanks) << highShift
		}
		k[c] += 1<<(suitShift+4*suit) + 1<<countShift
	}
	return k
}()

func pow5(n int) uint64 {
	p := uint64(1)
	for range n {
		p *= 5
	}
	return p
}

// noFlush says whether a key's set holds fewer than five cards of every
// suit: each suit's count plus 3 stays below 8.
func noFlush(key uint64) bool {
	return (key>>suitShift+0x3333)&0x8888 == 0
}

// rankLookup holds the tables of seven-card ranks by their ranks.
type rankLookup struct {
	// The arrays are as long as their masked indices reach, so that a
	// lookup needs no bounds checks; the entries past the keys' and the
	// multisets' are never read, and never come into the cache.
	low  [lowMask + 1]uint16  // a low multiset's place among those of its size
	base [highMask + 1]uint32 // a high multiset's first place in rank
	rank [rankMask + 1]Rank
}

// rankMask masks a place in rank: 49,205 fit in 16 bits.
const rankMask = 1<<16 - 1

// lookup ranks the seven cards of a key, no five of them of a suit.
func (t *rankLookup) lookup(key uint64) Rank {
	return t.rank[(t.base[key>>highShift&highMask]+uint32(t.low[key&lowMask]))&rankMask]
}

// rankTables returns the tables, built at the first call.
func rankTables() *rankLookup {
	if t := builtRanks.Load(); t != nil {
		return t
	}
	buildRanks.Do(func() { builtRanks.Store(newRankLookup()) })
	return builtRanks.Load()
}

var (
	builtRanks atomic.Pointer[rankLookup]
	buildRanks sync.Once
)

// newRankLookup builds the tables.
func newRankLookup() *rankLookup {
	t := &rankLookup{}
	var lowOfSize [8][]int // the low multisets' keys by size, in order
	for key := range lowKeys {
		if n := digitSum(key, lowRanks); n <= 7 {
			t.low[key] = uint16(len(lowOfSize[n]))
			lowOfSize[n] = append(lowOfSize[n], key)
		}
	}
	total := uint32(0)
	for key := range highKeys {
		if n := digitSum(key, highRanks); n <= 7 {
			t.base[key] = total
			total += uint32(len(lowOfSize[7-n]))
		}
	}
	for hk := range highKeys {
		h := digitSum(hk, highRanks)
		if h > 7 {
			continue
		}
		for _, lk := range lowOfSize[7-h] {
			// The multiset's cards, suits dealt in turn: the copies of a
			// rank are of different suits, and no suit has five.
			var s set
			i := 0
			for r, key := 0, lk; r < lowRanks+highRanks; r++ {
				if r == lowRanks {
					key = hk
				}
				for range key % 5 {
					s.add(Card(r<<2 | i&3))
					i++
				}
				key /= 5
			}
			t.rank[t.base[hk]+uint32(t.low[lk])] = s.bitEval()
		}
	}
	return t
}

// digitSum is the sum of key's first n digits in base 5: the cards of a
// multiset.
func digitSum(key, n int) int {
	sum := 0
	for range n {
		sum += key % 5
		key /= 5
	}
	return sum
}
