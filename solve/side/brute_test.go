package side

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// This file is an independent brute force of the bets: it deals every
// ordered hand of physical cards from an explicit list of cards and sorts
// it with its own classifier, written from the rules in words, sharing no
// code with the package but the 52-count order of a suited shoe
// (Card((rank-1)*4 + suit)) and the report it checks.

// phys is a physical card: rank 1 (ace) to 13 (king), suit 0 ♠, 1 ♥, 2 ♦, 3 ♣.
type phys struct{ rank, suit int }

func (c phys) points() int { // blackjack points, an ace as 1
	if c.rank > 10 {
		return 10
	}
	return c.rank
}
func (c phys) red() bool { return c.suit == 1 || c.suit == 2 }

// bjTotal is the best blackjack total of cards: one ace may count 11.
func bjTotal(cs ...phys) int {
	sum, aces := 0, 0
	for _, c := range cs {
		sum += c.points()
		if c.rank == 1 {
			aces++
		}
	}
	if aces > 0 && sum <= 11 {
		return sum + 10
	}
	return sum
}

// A bruteBet is a bet as the brute force reads it: a table with pays that
// rank its lines strictly (the lines best first, then "loss"), and a
// classifier that returns the index of a deal's line.
type bruteBet struct {
	bet, table string
	lines      []string
	cards      int
	line       func(h []phys) int
}

var bruteBets = []bruteBet{
	{"21+3", "100-40-30-10-5", []string{"suited-trips", "straight-flush", "trips", "straight", "flush", "loss"}, 3,
		func(h []phys) int {
			a, b, c := h[0], h[1], h[2]
			sameSuit := a.suit == b.suit && b.suit == c.suit
			sameRank := a.rank == b.rank && b.rank == c.rank
			// The twelve straights: A-2-3 up to J-Q-K, and Q-K-A.
			straight := false
			ranks := []int{a.rank, b.rank, c.rank}
			for low := 1; low <= 12; low++ {
				want := []int{low, low + 1, low + 2}
				if low == 12 {
					want = []int{12, 13, 1}
				}
				if slices.Contains(ranks, want[0]) && slices.Contains(ranks, want[1]) && slices.Contains(ranks, want[2]) {
					straight = true
				}
			}
			switch {
			case sameRank && sameSuit:
				return 0
			case straight && sameSuit:
				return 1
			case sameRank:
				return 2
			case straight:
				return 3
			case sameSuit:
				return 4
			}
			return 5
		}},
	{"perfect-pairs", "25-12-6", []string{"perfect-pair", "coloured-pair", "mixed-pair", "loss"}, 2,
		func(h []phys) int {
			a, b := h[0], h[1]
			switch {
			case a.rank != b.rank:
				return 3
			case a.suit == b.suit:
				return 0
			case a.red() == b.red():
				return 1
			}
			return 2
		}},
	{"lucky-ladies", "1000-125-19-9-4", []string{"queen-hearts-pair-blackjack", "queen-hearts-pair", "matched-20", "suited-20", "any-20", "loss"}, 4,
		func(h []phys) int {
			p1, p2, up, hole := h[0], h[1], h[2], h[3]
			twenty := p1.points()+p2.points() == 20 || (p1.rank == 1 || p2.rank == 1) && p1.points()+p2.points() == 10
			queens := p1 == phys{12, 1} && p2 == phys{12, 1}
			dealerBJ := up.rank == 1 && hole.points() == 10 || hole.rank == 1 && up.points() == 10
			switch {
			case queens && dealerBJ:
				return 0
			case queens:
				return 1
			case twenty && p1 == p2:
				return 2
			case twenty && p1.suit == p2.suit:
				return 3
			case twenty:
				return 4
			}
			return 5
		}},
	{"royal-match", "25-2.5", []string{"royal-match", "easy-match", "loss"}, 2,
		func(h []phys) int {
			a, b := h[0], h[1]
			switch {
			case a.suit != b.suit:
				return 2
			case a.rank == 12 && b.rank == 13, a.rank == 13 && b.rank == 12:
				return 0
			}
			return 1
		}},
	{"match-the-dealer", "11-4", []string{"two-suited-matches", "suited-and-unsuited-match", "suited-match", "two-unsuited-matches", "unsuited-match", "loss"}, 3,
		func(h []phys) int {
			up := h[2]
			suited, unsuited := 0, 0
			for _, c := range h[:2] {
				if c == up {
					suited++
				} else if c.rank == up.rank {
					unsuited++
				}
			}
			switch {
			case suited == 2:
				return 0
			case suited == 1 && unsuited == 1:
				return 1
			case suited == 1:
				return 2
			case unsuited == 2:
				return 3
			case unsuited == 1:
				return 4
			}
			return 5
		}},
	// Bust It: the dealer's up and hole cards a hard 12 to 16 (no ace
	// among them) and the first draw over 21; its value says the line,
	// three 8s of a suit or a colour pay more.
	{"bust-it", "200-50-15-10-8-6-3", []string{"suited-8-8-8", "coloured-8-8-8", "third-6", "third-7", "third-8", "third-9", "third-ten", "loss"}, 3,
		func(h []phys) int {
			two := h[0].points() + h[1].points()
			if h[0].rank == 1 || h[1].rank == 1 || two < 12 || two > 16 || two+h[2].points() <= 21 {
				return 7
			}
			if h[0].rank == 8 && h[1].rank == 8 && h[2].rank == 8 {
				switch {
				case h[0].suit == h[1].suit && h[1].suit == h[2].suit:
					return 0
				case h[0].red() == h[1].red() && h[1].red() == h[2].red():
					return 1
				}
			}
			return map[int]int{6: 2, 7: 3, 8: 4, 9: 5, 10: 6}[h[2].points()]
		}},
	{"over-under-13", "over-13:1,under-13:1", []string{"over-13", "under-13", "loss"}, 2,
		func(h []phys) int {
			switch sum := h[0].points() + h[1].points(); {
			case sum > 13:
				return 0
			case sum < 13:
				return 1
			}
			return 2
		}},
	{"lucky-lucky", "200-100-50-30-15-3-2-2", []string{"suited-777", "suited-678", "777", "678", "suited-21", "21", "20", "19", "loss"}, 3,
		func(h []phys) int {
			ranks := []int{h[0].rank, h[1].rank, h[2].rank}
			slices.Sort(ranks)
			suited := h[0].suit == h[1].suit && h[1].suit == h[2].suit
			sevens := slices.Equal(ranks, []int{7, 7, 7})
			run := slices.Equal(ranks, []int{6, 7, 8})
			t := bjTotal(h...)
			switch {
			case sevens && suited:
				return 0
			case run && suited:
				return 1
			case sevens:
				return 2
			case run:
				return 3
			case t == 21 && suited:
				return 4
			case t == 21:
				return 5
			case t == 20:
				return 6
			case t == 19:
				return 7
			}
			return 8
		}},
}

// deck returns decks decks of physical cards.
func deck(decks int) []phys {
	var cs []phys
	for range decks {
		for rank := 1; rank <= 13; rank++ {
			for suit := range 4 {
				cs = append(cs, phys{rank, suit})
			}
		}
	}
	return cs
}

// dealAll counts the ordered deals of k distinct cards of cs by line.
func dealAll(cs []phys, bb bruteBet, counts []int64) {
	h := make([]phys, bb.cards)
	used := make([]bool, len(cs))
	var rec func(pos int)
	rec = func(pos int) {
		if pos == bb.cards {
			counts[bb.line(h)]++
			return
		}
		for i, c := range cs {
			if used[i] {
				continue
			}
			used[i] = true
			h[pos] = c
			rec(pos + 1)
			used[i] = false
		}
	}
	rec(0)
}

// suitedOf returns the package's suited shoe of physical cards.
func suitedOf(t *testing.T, decks int, cs []phys) Shoe {
	var counts [NumKinds]int
	for _, c := range cs {
		counts[(c.rank-1)*4+c.suit]++
	}
	s, err := SuitedShoe(decks, counts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lineOf returns the report's line named name.
func lineOf(t *testing.T, r *Report, name string) Line {
	for _, l := range r.Lines {
		if l.Outcome == name {
			return l
		}
	}
	t.Fatalf("no line %s in the report", name)
	return Line{}
}

// depleted returns decks decks less removed cards chosen by seed.
func depleted(decks, removed int, seed uint64) []phys {
	cs := deck(decks)
	rng := rand.New(rand.NewPCG(seed, 1))
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs[removed:]
}

// TestBruteSuited compares every line's ordered deals with the brute
// force's, from one and two full decks and three depleted suited shoes.
func TestBruteSuited(t *testing.T) {
	shoes := []struct {
		name  string
		decks int
		cards []phys
	}{
		{"decks=1", 1, deck(1)},
		{"decks=2", 2, deck(2)},
		{"depleted/2-decks-less-40", 2, depleted(2, 40, 1)},
		{"depleted/2-decks-less-50", 2, depleted(2, 50, 2)},
		{"depleted/3-decks-less-100", 3, depleted(3, 100, 3)},
	}
	for _, bb := range bruteBets {
		for _, sh := range shoes {
			if bb.cards == 4 && len(sh.cards) > 70 && testing.Short() {
				continue // 110M deals
			}
			t.Run(bb.bet+"/"+sh.name, func(t *testing.T) {
				counts := make([]int64, len(bb.lines))
				dealAll(sh.cards, bb, counts)
				r := evaluate(t, bb.bet, bb.table, suitedOf(t, sh.decks, sh.cards))
				for i, name := range bb.lines {
					if got := lineOf(t, r, name).Deals; got.Cmp(big.NewInt(counts[i])) != 0 {
						t.Errorf("%s: %v deals, brute force %d", name, got, counts[i])
					}
				}
			})
		}
	}
}

// TestBruteRankOnly checks rank-only shoes against every removal: from one
// deck, every choice of the removed cards that leaves the rank counts is
// made in turn, the deals of what is left counted, and the average over
// the removals (all equally likely) compared exactly with the report's
// probabilities.
func TestBruteRankOnly(t *testing.T) {
	// Ranks left of one deck, A..T; small, so that removals times deals
	// stay near ten million.
	three := [10]int{4, 0, 0, 0, 0, 4, 3, 4, 0, 14}
	two := [10]int{2, 4, 4, 4, 3, 0, 0, 0, 0, 13}
	four := [10]int{3, 0, 0, 0, 0, 0, 0, 0, 3, 15}
	for _, bb := range bruteBets {
		left := map[int][10]int{2: two, 3: three, 4: four}[bb.cards]
		t.Run(bb.bet, func(t *testing.T) {
			counts := make([]int64, len(bb.lines))
			removals := int64(0)
			// Keep, rank by rank, every subset of the deck's cards of
			// that blackjack rank of the size left.
			byRank := make([][]phys, 10)
			for _, c := range deck(1) {
				g := c.points() - 1
				byRank[g] = append(byRank[g], c)
			}
			var kept []phys
			var rec func(g int)
			rec = func(g int) {
				if g == 10 {
					removals++
					dealAll(kept, bb, counts)
					return
				}
				for _, sub := range subsets(byRank[g], left[g]) {
					n := len(kept)
					kept = append(kept, sub...)
					rec(g + 1)
					kept = kept[:n]
				}
			}
			rec(0)
			s, err := RankShoe(1, left)
			if err != nil {
				t.Fatal(err)
			}
			r := evaluate(t, bb.bet, bb.table, s)
			n := int64(s.Total())
			deals := int64(1)
			for i := range int64(bb.cards) {
				deals *= n - i
			}
			for i, name := range bb.lines {
				want := big.NewRat(counts[i], removals*deals)
				if got := lineOf(t, r, name).Prob; got.Cmp(want) != 0 {
					t.Errorf("%s: probability %v, brute force %v (%d deals over %d removals)", name, got, want, counts[i], removals)
				}
			}
		})
	}
}

// subsets returns every subset of k of cs.
func subsets(cs []phys, k int) [][]phys {
	if k == 0 {
		return [][]phys{nil}
	}
	if len(cs) < k {
		return nil
	}
	var out [][]phys
	for _, rest := range subsets(cs[1:], k-1) {
		out = append(out, append([]phys{cs[0]}, rest...))
	}
	return append(out, subsets(cs[1:], k)...)
}

// TestRankOnlyByHand values Royal Match's royal match by hand on one
// deck less three ten-valued cards of unknown ranks and suits.
func TestRankOnlyByHand(t *testing.T) {
	left := [10]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 13}
	s, err := RankShoe(1, left)
	if err != nil {
		t.Fatal(err)
	}
	r := evaluate(t, "royal-match", "25-2.5", s)
	// By hand: the tens left are 13 of 16, every 13 alike. A royal match
	// is a queen and a king of one suit, in either order: 4 suits × 2
	// orders, each pair still in the shoe with chance 13·12/(16·15),
	// dealt with chance 1/(49·48).
	want := new(big.Rat).Mul(big.NewRat(4*2*13*12, 16*15), big.NewRat(1, 49*48))
	if got := lineOf(t, r, "royal-match").Prob; got.Cmp(want) != 0 {
		t.Errorf("royal match %v, want %v", got, want)
	}
}
