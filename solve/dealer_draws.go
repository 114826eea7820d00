package solve

import "sync"

// The finite-deck dealer. Cards are drawn without replacement from the shoe
// less the up card and every card the player holds.
//
// Draws. For each up card, the dealer's possible draws (hole card first)
// are enumerated once, grouped by multiset D with the number of orderings
// that end in each outcome (dealerDrawsFor). Every ordering of D has the same
// probability from a shoe with counts m and size M:
//
//	prod over ranks c of (m_c)_(k_c) / (M)_(|D|)
//
// ((x)_(k) is the falling factorial), so the dealer's distribution for any
// remaining shoe is a sum over the multisets; dealer_contract.go computes it for
// every composition of removed cards the hand graphs need at once.

// dealerDraws lists the dealer's draw multisets against one up card, as
// parallel arrays. A multiset's outcome
// is fixed (the dealer's final hand holds all of its cards); its weight is
// the number of orderings the dealer's rule produces. Blackjacks come last.
type dealerDraws struct {
	outcome []uint8
	weight  []float64
	size    []uint8
	start   []int32 // ranks[start[i]:start[i+1]] and counts[...] are multiset i's nonzero counts
	ranks   []uint8 // rank-1
	counts  []uint8
	maxK    [10]int // most cards of each rank in a multiset
	maxSize int     // most cards in a multiset
}

var (
	dealerDrawsMu   sync.Mutex
	dealerDrawsMap  = map[DealerRule]*[10]*dealerDraws{} // [up-1]
	dealerLevelsMu  sync.Mutex
	dealerLevelsMap = map[levelsKey]*dealerLevels{}
)

// levelsKey is what an up card's multiset classes depend on: the dealer's
// rule, the up card, and how many cards of each rank the shoe less the up
// card holds, up to the most any multiset needs. Six or more decks hold
// every multiset; a deck or two cannot deal some (five 2s), and leaving
// them out shortens the contraction's vectors (by 12.5% at one deck).
// Only full shoes of whole decks get classes of their own (see
// newFiniteUp), so that the table stays small.
type levelsKey struct {
	rule  DealerRule
	up    Rank
	holds [10]int
}

// anyShoe holds as many cards of each rank as any dealer multiset needs:
// the classes of every multiset.
var anyShoe = [10]int{maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw, maxDraw}

// dealerLevelsFor returns the multiset classes of an up card for the shoe
// m less the up card (dealer_contract.go), computed once per key.
func dealerLevelsFor(rule DealerRule, up Rank, m [10]int) *dealerLevels {
	d := dealerDrawsFor(rule, up)
	key := levelsKey{rule: rule, up: up}
	for c := range key.holds {
		key.holds[c] = max(0, min(m[c], d.maxK[c]))
	}
	dealerLevelsMu.Lock()
	defer dealerLevelsMu.Unlock()
	lv, ok := dealerLevelsMap[key]
	if !ok {
		lv = newDealerLevels(d, key.holds)
		dealerLevelsMap[key] = lv
	}
	return lv
}

// dealerDrawsFor returns the dealer's draw multisets for an up card.
func dealerDrawsFor(rule DealerRule, up Rank) *dealerDraws {
	dealerDrawsMu.Lock()
	defer dealerDrawsMu.Unlock()
	t, ok := dealerDrawsMap[rule]
	if !ok {
		t = &[10]*dealerDraws{}
		for u := 1; u <= 10; u++ {
			t[u-1] = enumerateDealer(rule, u)
		}
		dealerDrawsMap[rule] = t
	}
	return t[up-1]
}

// enumerateDealer lists the dealer's draw multisets against up card up. A
// multiset's weight is the sum over the orderings the dealer's rule
// produces of the probability that the rule draws them that way: the
// number of orderings for a rule that never hesitates.
//
// The orderings are not walked one by one: a hand still drawing is
// known by its multiset alone (its total and soft ace follow from it),
// so the hands of each size are merged by multiset, carrying the summed
// weight of the orderings that reach them, and each is drawn to once.
func enumerateDealer(rule DealerRule, up int) *dealerDraws {
	type multiset struct {
		k       [10]uint8
		size    int
		outcome int
		orders  float64
	}
	index := make(map[uint64]int, 2048) // by key(k); up to 2,037 multisets (up card 2)
	sets := make([]multiset, 0, 2048)
	add := func(k [10]uint8, size, outcome int, w float64) {
		j, ok := index[key(k)]
		if !ok {
			j = len(sets)
			index[key(k)] = j
			sets = append(sets, multiset{k: k, size: size, outcome: outcome})
		}
		sets[j].orders += w
	}
	type drawing struct {
		k   [10]uint8
		sum int
		ace bool
		w   float64
	}
	hands := []drawing{{sum: up, ace: up == 1, w: 1}} // the hands of size cards still drawing
	for size := 0; len(hands) > 0; size++ {
		var next []drawing
		at := map[uint64]int{} // next's hands by key(k)
		for _, h := range hands {
			for c := 1; c <= 10; c++ {
				k := h.k
				k[c-1]++
				s, a := h.sum+c, h.ace || c == 1
				if size == 0 && s == 11 && a {
					add(k, 1, DealerBlackjack, h.w)
					continue
				}
				stand := rule.StandP(s, a)
				if stand > 0 {
					add(k, size+1, rule.outcome(s, a), h.w*stand)
				}
				if stand < 1 {
					j, ok := at[key(k)]
					if !ok {
						j = len(next)
						at[key(k)] = j
						next = append(next, drawing{k: k, sum: s, ace: a})
					}
					next[j].w += h.w * (1 - stand)
				}
			}
		}
		hands = next
	}
	d := &dealerDraws{}
	for o := Dealer17; o <= DealerBlackjack; o++ { // grouped by outcome, blackjacks last
		for _, m := range sets {
			if m.outcome != o {
				continue
			}
			d.outcome = append(d.outcome, uint8(m.outcome))
			d.weight = append(d.weight, m.orders)
			d.size = append(d.size, uint8(m.size))
			d.start = append(d.start, int32(len(d.ranks)))
			d.maxSize = max(d.maxSize, m.size)
			for c, n := range m.k {
				d.maxK[c] = max(d.maxK[c], int(n))
				if n != 0 {
					d.ranks = append(d.ranks, uint8(c))
					d.counts = append(d.counts, n)
				}
			}
		}
	}
	d.start = append(d.start, int32(len(d.ranks)))
	return d
}

// maxDraw bounds the cards in a dealer's multiset.
const maxDraw = 24

func falling(x int, out *[maxDraw + 1]float64) {
	out[0] = 1
	for k := 1; k <= maxDraw; k++ {
		out[k] = out[k-1] * float64(x-k+1)
		if x-k+1 <= 0 {
			out[k] = 0
		}
	}
}
