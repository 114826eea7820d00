package side

import (
	"math/big"
	"sync"
)

// This file counts deals. A bet looking at k cards is settled on an
// ordered deal of k cards; the count of deals of each class is found in
// two steps:
//
//  1. tally: from a suited shoe, every deal of kinds of card, counted as
//     the number of ordered deals of physical cards it stands for
//     (c(c-1)... for c cards of a kind), filed by class and by the
//     multiset of blackjack ranks (A..T) of its cards. Cards whose order
//     the outcome does not depend on (a bet's parts) are enumerated as
//     multisets and counted with their orderings.
//  2. For a suited shoe, the deals of a class are its tally's sum; for a
//     rank-only shoe, the full shoe's tally is weighed, rank multiset by
//     rank multiset, by the chance that the removed cards left its cards
//     in the shoe (rankOnly).

// keyspace numbers the multisets of k blackjack ranks.
type keyspace struct {
	sets  [][10]int // cards of each rank in the multiset
	index []int     // a multiset's number, by the code of its ranks sorted
}

// keyspaces returns the multisets of 1 to 4 ranks, built at the first
// call (not at start: a process that values no side bet never needs them).
var keyspaces = sync.OnceValue(func() [5]*keyspace {
	var ks [5]*keyspace
	for k := 1; k <= 4; k++ {
		s := &keyspace{index: make([]int, pow10(k))}
		g := make([]int, k)
		var rec func(pos, lo int)
		rec = func(pos, lo int) {
			if pos == k {
				var set [10]int
				for _, x := range g {
					set[x]++
				}
				s.index[code(g)] = len(s.sets)
				s.sets = append(s.sets, set)
				return
			}
			for x := lo; x < 10; x++ {
				g[pos] = x
				rec(pos+1, x)
			}
		}
		rec(0, 0)
		ks[k] = s
	}
	return ks
})

func pow10(k int) int {
	p := 1
	for range k {
		p *= 10
	}
	return p
}

// code returns the digits of sorted ranks as a number.
func code(sorted []int) int {
	c := 0
	for _, x := range sorted {
		c = 10*c + x
	}
	return c
}

// A tally is the ordered deals of a bet's cards from a shoe, by rank
// multiset and class: cells[key*classes+class].
type tally struct {
	classes int
	cells   []uint64
}

// count tallies the deals of b's cards from a suited shoe.
func count(b *Bet, counts [NumKinds]int) *tally {
	k, nc := b.size(), b.classes()
	ks := keyspaces()[k]
	t := &tally{classes: nc, cells: make([]uint64, len(ks.sets)*nc)}
	// start[i]: card i begins a part, so its kind is not bounded by the
	// card before it.
	start := make([]bool, k)
	for i, at := 0, 0; i < len(b.parts); at, i = at+b.parts[i], i+1 {
		start[at] = true
	}
	h := make([]Card, k)
	g := make([]int, k)
	var rec func(pos int, w uint64)
	rec = func(pos int, w uint64) {
		if pos == k {
			for i, c := range h {
				g[i] = c.group()
			}
			sortSmall(g)
			key := ks.index[code(g)]
			t.cells[key*nc+int(b.classify(h))] += w * orderings(h, start)
			return
		}
		lo := 0
		if !start[pos] {
			lo = int(h[pos-1])
		}
		for x := lo; x < NumKinds; x++ {
			n := counts[x]
			if n == 0 {
				continue
			}
			h[pos] = Card(x)
			counts[x]--
			rec(pos+1, w*uint64(n))
			counts[x]++
		}
	}
	rec(0, 1)
	return t
}

// sortSmall sorts a few ints in place.
func sortSmall(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// orderings returns the number of orders of the cards of h within each
// part (a run starting where start is true), h's kinds being
// nondecreasing within a part: s!/(m1!·m2!·...) for a part of s cards
// with multiplicities m1, m2, ....
func orderings(h []Card, start []bool) uint64 {
	f := uint64(1)
	size, run := 0, 0 // cards of the part so far, of its last kind so far
	for i := range h {
		if start[i] {
			size, run = 0, 0
		}
		size++
		if i > 0 && !start[i] && h[i] == h[i-1] {
			run++
		} else {
			run = 1
		}
		f = f * uint64(size) / uint64(run)
	}
	return f
}

// total returns the deals of each class, summed over rank multisets.
func (t *tally) total() []uint64 {
	sum := make([]uint64, t.classes)
	for i, n := range t.cells {
		sum[i%t.classes] += n
	}
	return sum
}

// fullTallies caches the tally of each bet's deals from a full shoe, by
// bet and decks: a rank-only shoe's counts weigh it.
var fullTallies sync.Map // tallyKey -> *tally

type tallyKey struct {
	bet   *Bet
	decks int
}

// fullTally returns the tally of b's deals from a full shoe of decks decks.
func fullTally(b *Bet, decks int) *tally {
	key := tallyKey{b, decks}
	if t, ok := fullTallies.Load(key); ok {
		return t.(*tally)
	}
	t, _ := fullTallies.LoadOrStore(key, count(b, NewShoe(decks).Counts))
	return t.(*tally)
}

// falling returns n(n-1)...(n-j+1), 0 when j > n.
func falling(n, j int) uint64 {
	f := uint64(1)
	for i := range j {
		if n-i <= 0 {
			return 0
		}
		f *= uint64(n - i)
	}
	return f
}

// classDeals returns, for each class of b, the probability of a deal of
// that class from s as num[class]/den, and for a suited shoe the ordered
// deals of the class (nil for a rank-only shoe).
//
// For a rank-only shoe of n cards, n_g of blackjack rank g, left of a full
// shoe with N_g of rank g: the removed cards are a uniformly random choice
// among those leaving these counts, so the cards of rank g left are a
// uniformly random n_g of the N_g (independently for each rank). A given
// set of j_g physical cards of rank g is still in the shoe with chance
// n_g^(j_g)/N_g^(j_g) (x^(j) the falling power x(x-1)...(x-j+1)), and an
// ordered deal of k given physical cards is then drawn with chance
// 1/n^(k). So a class's probability is
//
//	Σ over rank multisets G:  T(G, class) · Π_g n_g^(j_g)/N_g^(j_g) / n^(k)
//
// with T(G, class) the full shoe's ordered deals of rank multiset G and
// the class, j_g the cards of rank g in G. Over the common denominator
// n^(k)·Π_g N_g^(k), the weight of G is Π_g n_g^(j_g)·(N_g-j_g)^(k-j_g),
// a whole number, since N^(k) = N^(j)·(N-j)^(k-j).
func classDeals(b *Bet, s Shoe) (num []*big.Int, den *big.Int, deals []uint64) {
	k := b.size()
	n := s.Total()
	if !s.RankOnly {
		deals = count(b, s.Counts).total()
		num = make([]*big.Int, len(deals))
		for i, d := range deals {
			num[i] = new(big.Int).SetUint64(d)
		}
		return num, new(big.Int).SetUint64(falling(n, k)), deals
	}
	t := fullTally(b, s.Decks)
	num = make([]*big.Int, t.classes)
	for i := range num {
		num[i] = new(big.Int)
	}
	den = new(big.Int).SetUint64(falling(n, k))
	var full [10]int
	for g := range full {
		full[g] = fullGroup(g, s.Decks)
		den.Mul(den, new(big.Int).SetUint64(falling(full[g], k)))
	}
	w, x, y := new(big.Int), new(big.Int), new(big.Int)
	for key, set := range keyspaces()[k].sets {
		cells := t.cells[key*t.classes : (key+1)*t.classes]
		w.SetUint64(1)
		for g, j := range set {
			w.Mul(w, x.SetUint64(falling(s.Ranks[g], j)*falling(full[g]-j, k-j)))
		}
		if w.Sign() == 0 {
			continue
		}
		for class, c := range cells {
			if c != 0 {
				num[class].Add(num[class], y.Mul(w, x.SetUint64(c)))
			}
		}
	}
	return num, den, nil
}
