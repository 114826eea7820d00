package holdem

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

var long = flag.Bool("long", false, "run the slow checks too")

// simpleRank is a deliberately simple five-card evaluator, written apart
// from Eval and sharing nothing with it: sort the ranks, count them,
// classify, and list the ranks in the order that breaks ties (by count,
// then by rank). Two hands compare as their slices do.
func simpleRank(cards []Card) []int {
	counts := map[int]int{}
	suits := map[int]int{}
	for _, c := range cards {
		counts[int(c)/4+2]++ // 2..14
		suits[int(c)%4]++
	}
	var ranks []int
	for r := range counts {
		ranks = append(ranks, r)
	}
	// By count, then by rank, highest first.
	slices.SortFunc(ranks, func(a, b int) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return b - a
	})
	flush := len(suits) == 1
	straight, top := false, 0
	if len(ranks) == 5 {
		if ranks[0]-ranks[4] == 4 {
			straight, top = true, ranks[0]
		}
		if ranks[0] == 14 && ranks[1] == 5 && ranks[4] == 2 { // A-2-3-4-5
			straight, top = true, 5
		}
	}
	var cat int
	switch {
	case straight && flush:
		return []int{8, top}
	case counts[ranks[0]] == 4:
		cat = 7
	case counts[ranks[0]] == 3 && counts[ranks[1]] == 2:
		cat = 6
	case flush:
		cat = 5
	case straight:
		return []int{4, top}
	case counts[ranks[0]] == 3:
		cat = 3
	case counts[ranks[0]] == 2 && counts[ranks[1]] == 2:
		cat = 2
	case counts[ranks[0]] == 2:
		cat = 1
	}
	return append([]int{cat}, ranks...)
}

// simpleBest is the best five of seven cards by simpleRank: all 21 tried.
func simpleBest(cards []Card) []int {
	var best []int
	for i := range cards {
		for j := i + 1; j < len(cards); j++ {
			var five []Card
			for k, c := range cards {
				if k != i && k != j {
					five = append(five, c)
				}
			}
			if r := simpleRank(five); best == nil || slices.Compare(r, best) > 0 {
				best = r
			}
		}
	}
	return best
}

// fiveCounts and sevenCounts are the well-known numbers of hands of each
// category (high card first) among the 2,598,960 five-card and
// 133,784,560 seven-card hands.
var (
	fiveCounts  = [9]int{1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40}
	sevenCounts = [9]int{23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584}
)

// TestFiveCardHands: over every five-card hand, Eval's categories have the
// well-known counts, it gives 7,462 distinct ranks, and it orders the
// hands exactly as the simple evaluator does.
func TestFiveCardHands(t *testing.T) {
	var counts [9]int
	simple := map[Rank][]int{}
	var cards [5]Card
	for cards[0] = 0; cards[0] < 52; cards[0]++ {
		for cards[1] = 0; cards[1] < cards[0]; cards[1]++ {
			for cards[2] = 0; cards[2] < cards[1]; cards[2]++ {
				for cards[3] = 0; cards[3] < cards[2]; cards[3]++ {
					for cards[4] = 0; cards[4] < cards[3]; cards[4]++ {
						r := Eval7(cards[:]...)
						counts[r.Category()]++
						if _, ok := simple[r]; !ok {
							simple[r] = simpleRank(cards[:])
						} else if s := simpleRank(cards[:]); slices.Compare(s, simple[r]) != 0 {
							t.Fatalf("%v: Eval %x ties hands the simple evaluator ranks %v and %v", cards, r, s, simple[r])
						}
					}
				}
			}
		}
	}
	if counts != fiveCounts {
		t.Errorf("categories %v, want %v", counts, fiveCounts)
	}
	if len(simple) != 7462 {
		t.Errorf("%d distinct five-card ranks, want 7462", len(simple))
	}
	ranks := make([]Rank, 0, len(simple))
	for r := range simple {
		ranks = append(ranks, r)
	}
	slices.Sort(ranks)
	for i := 1; i < len(ranks); i++ {
		if slices.Compare(simple[ranks[i-1]], simple[ranks[i]]) >= 0 {
			t.Errorf("Eval orders %v below %v; the simple evaluator does not", simple[ranks[i-1]], simple[ranks[i]])
		}
	}
}

// TestSevenCardHands: over every seven-card hand, Eval's categories have
// the well-known counts, and its lookup (rank_tables.go) equals the
// evaluator of the suits' rank sets.
func TestSevenCardHands(t *testing.T) {
	if !*long {
		t.Skip("every seven-card hand; -long runs it (TestSevenAgainstSimple checks Eval without it)")
	}
	var counts [9]int
	var c [7]Card
	var s [6]set // the sets of the first k cards
	for c[0] = 0; c[0] < 52; c[0]++ {
		s[0] = set{}
		s[0].add(c[0])
		for c[1] = 0; c[1] < c[0]; c[1]++ {
			s[1] = s[0]
			s[1].add(c[1])
			for c[2] = 0; c[2] < c[1]; c[2]++ {
				s[2] = s[1]
				s[2].add(c[2])
				for c[3] = 0; c[3] < c[2]; c[3]++ {
					s[3] = s[2]
					s[3].add(c[3])
					for c[4] = 0; c[4] < c[3]; c[4]++ {
						s[4] = s[3]
						s[4].add(c[4])
						for c[5] = 0; c[5] < c[4]; c[5]++ {
							s[5] = s[4]
							s[5].add(c[5])
							for c[6] = 0; c[6] < c[5]; c[6]++ {
								x := s[5]
								x.add(c[6])
								r := x.Eval()
								if r != x.bitEval() {
									t.Fatalf("%v: the lookup ranks %x, the suits' rank sets %x", c, r, x.bitEval())
								}
								counts[r.Category()]++
							}
						}
					}
				}
			}
		}
	}
	if counts != sevenCounts {
		t.Errorf("categories %v, want %v", counts, sevenCounts)
	}
}

// TestSevenAgainstSimple: on random pairs of seven-card hands Eval and the
// simple evaluator (best of 21 five-card hands) agree on which wins, and
// on each hand's category (20,000 pairs; 1M with -long, about 30 s).
func TestSevenAgainstSimple(t *testing.T) {
	n := 20_000
	if *long {
		n = 1_000_000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	deck := make([]Card, 52)
	for i := range deck {
		deck[i] = Card(i)
	}
	for range n {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		a, b := deck[:7], append(slices.Clone(deck[:5]), deck[7:9]...) // a shared board, as in a showdown
		ra, rb := Eval7(a...), Eval7(b...)
		sa, sb := simpleBest(a), simpleBest(b)
		if int(ra.Category()) != sa[0] || cmp3(ra, rb) != slices.Compare(sa, sb) {
			t.Fatalf("%v v %v: Eval %v (%x) v %v (%x); simple %v v %v", a, b, ra.Category(), ra, rb.Category(), rb, sa, sb)
		}
	}
}

// TestLookupEqualsBits: on random hands of five to seven cards, a card
// given twice among them, Eval7, set.Eval and evalWith (the lookup where
// seven cards make no flush) equal the evaluator of the suits' rank sets,
// and at least one hand in 100 is a flush (the lookup's other branch).
func TestLookupEqualsBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	deck := make([]Card, 52)
	for i := range deck {
		deck[i] = Card(i)
	}
	flushes := 0
	const n = 200_000
	for i := range n {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		cards := slices.Clone(deck[:5+i%3])
		if i%10 == 0 && len(cards) > 5 { // a card twice: one fewer distinct
			cards[len(cards)-1] = cards[0]
		}
		var s set
		for _, c := range cards {
			s.add(c)
		}
		want := s.bitEval()
		if c := want.Category(); c == Flush || c == StraightFlush {
			flushes++
		}
		if got := Eval7(cards...); got != want {
			t.Fatalf("%v: Eval7 %x, the rank sets %x", cards, got, want)
		}
		if got := s.Eval(); got != want {
			t.Fatalf("%v: Eval %x, the rank sets %x", cards, got, want)
		}
		if len(cards) == 7 {
			var board set
			for _, c := range cards[:5] {
				board.add(c)
			}
			if got := board.evalWith(NewHand(cards[5], cards[6])); got != want {
				t.Fatalf("%v: evalWith %x, the rank sets %x", cards, got, want)
			}
		}
	}
	if flushes*100 < n {
		t.Errorf("%d flushes in %d hands: the flush branch is barely tried", flushes, n)
	}
}

func cmp3(a, b Rank) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// BenchmarkEval ranks seven-card hands: in order (each board's cards
// added once, then the last two: the equity engine's pattern) and in a
// random order (every card added).
func BenchmarkEval(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	hands := make([][7]Card, 1<<16)
	deck := make([]Card, 52)
	for i := range deck {
		deck[i] = Card(i)
	}
	for i := range hands {
		rng.Shuffle(52, func(x, y int) { deck[x], deck[y] = deck[y], deck[x] })
		copy(hands[i][:], deck[:7])
	}
	var sink Rank
	b.Run("order=random", func(b *testing.B) {
		i := 0
		for b.Loop() {
			h := &hands[i&(len(hands)-1)]
			sink += Eval7(h[:]...)
			i++
		}
	})
	b.Run("order=board", func(b *testing.B) {
		var board set
		for _, c := range hands[0][:5] {
			board.add(c)
		}
		all := AllHands()
		i := 0
		for b.Loop() {
			sink += board.evalWith(all[i%len(all)])
			i++
		}
	})
	b.Run("eval=simple", func(b *testing.B) {
		i := 0
		for b.Loop() {
			h := &hands[i&(len(hands)-1)]
			sink += Rank(simpleBest(h[:])[0])
			i++
		}
	})
	_ = sink
}

// BenchmarkRankTables builds the tables of seven-card ranks by their
// ranks (rank_tables.go), which the first hand ranked builds.
func BenchmarkRankTables(b *testing.B) {
	for b.Loop() {
		newRankLookup()
	}
}
