package solve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// splitW returns W of splitting pair c against up under CDZ- or CDP1.
func splitW(t *testing.T, rules string, c, up int, strat SplitStrategy) float64 {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	f := newFiniteUp(r, newLayout(r, NewShoe(r.Decks)), Rank(up))
	return f.cdSplit(newTDUp(f).plans[c], strat, r.DAS)
}

// TestSplitArrangementsSumToOne checks that the ways the second cards can
// arrive, early stops and the hand limit, carry probability one.
func TestSplitArrangementsSumToOne(t *testing.T) {
	for _, shoe := range [][10]int{
		{4, 4, 4, 4, 4, 4, 4, 4, 4, 16},
		{24, 24, 24, 24, 24, 24, 24, 24, 24, 96},
		{2, 2, 2, 2, 2, 2, 1, 1, 1, 5},
		{5, 1, 1, 1, 2, 2, 2, 2, 1, 6},
	} {
		for c := 1; c <= 10; c++ {
			for limit := 2; limit <= 4; limit++ {
				if shoe[c-1] < 2 {
					continue
				}
				if _, mass := newSplitWeights(shoe, c, limit); math.Abs(mass-1) > 1e-12 {
					t.Errorf("shoe %v, pair %d, %d hands: arrangements sum to %.15f", shoe, c, limit, mass)
				}
			}
		}
	}
}

// TestSplitReferenceTT5 checks T-T v 5 (every split hand stands) against
// the exact values of ../shared/design/exact-splits.md, computed there by
// full enumeration: split EV in percent of the initial bet, dealer stands
// on soft 17, to two, three and four hands.
func TestSplitReferenceTT5(t *testing.T) {
	want := map[string][3]float64{
		"1D": {49.672174651945, 39.347850396125, 32.661782031578},
		"2D": {50.486495120857, 41.243780154226, 35.403599268894},
		"6D": {51.001890413109, 42.447833937107, 37.171389347950},
	}
	for decks, w := range want {
		for i, spl := range []string{"SPL1", "SPL2", "SPL3"} {
			rules := fmt.Sprintf("%s S17 DAS %s", decks, spl)
			if got := 100 * splitW(t, rules, 10, 5, CDZMinus); math.Abs(got-w[i]) > 1e-9 {
				t.Errorf("%s: T-T v 5 split %.12f%%, want %.12f%%", rules, got, w[i])
			}
		}
	}
}

// TestSplitMoreHandsNeverWorse checks, for every pair and up card where
// splitting is the composition-dependent play, that allowing more hands
// does not lower the split's value under CDZ-: SPL3 >= SPL2 >= SPL1.
// Resplitting such a pair is worth at least playing it as a hand, so a
// model that mistreats the cards behind a resplit shows up here.
func TestSplitMoreHandsNeverWorse(t *testing.T) {
	for _, decks := range []string{"1D", "2D", "6D"} {
		if !*long && decks != "1D" {
			continue // one deck without -long
		}
		for up := 1; up <= 10; up++ {
			var tds [3]*tdUp
			for i, spl := range []string{"SPL1", "SPL2", "SPL3"} {
				r, _ := ParseRules(decks + " S17 DAS " + spl)
				tds[i] = newTDUp(newFiniteUp(r, newLayout(r, NewShoe(r.Decks)), Rank(up)))
			}
			for c := 2; c <= 10; c++ { // aces resplit only with RSA
				td := tds[2]
				s := &td.starts[td.pairs[c]]
				var w [3]float64
				for i, td := range tds {
					w[i] = td.f.cdSplit(td.plans[c], CDZMinus, true)
				}
				if w[2] <= max(td.base.stand[s.node], td.base.hitValue(s.node, td.base.best), td.base.doubleValue(s.node)) {
					continue // splitting is not the play
				}
				if w[0] > w[1]+1e-12 || w[1] > w[2]+1e-12 {
					t.Errorf("%s %d,%d v %d: split %.12f (SPL1), %.12f (SPL2), %.12f (SPL3)", decks, c, c, up, w[0], w[1], w[2])
				}
			}
		}
	}
}

// TestPairPlanEqualsPairPlays: a pair's plan, laid out once on the full
// shoe, values stand and split on depleted shoes as PairPlays does with
// the shoe's own layout, to 1e-12, for every pair against two up cards
// on shoes dealt deep (ranks nearly or wholly gone included) under rules
// that resplit aces, double after splits or not, and split once.
func TestPairPlanEqualsPairPlays(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, rules := range []string{"1D H17 DAS SPL3 RSA", "2D S17 NDAS SPL1", "6D S17 DAS SPL3 LS"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		full := r.FullShoe().Counts
		var cards []int
		for rank, k := range full {
			for range k {
				cards = append(cards, rank)
			}
		}
		for shoeNo := range 2 {
			rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
			left := full
			for _, c := range cards[:len(cards)*(5+2*shoeNo)/10] { // half and 70% dealt
				left[c]--
			}
			shoe := Shoe{Counts: left}
			for c := Rank(1); c <= 10; c++ {
				plan, err := NewPairPlan(r, c)
				if err != nil {
					t.Fatal(err)
				}
				for _, up := range []Rank{6, 10} {
					if left[up-1] == 0 {
						continue
					}
					s1, p1, err1 := PairPlays(r, shoe, c, up)
					s2, p2, err2 := plan.Plays(shoe, up)
					if (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s %v: %v,%v v %v: errors %v and %v", rules, left, c, c, up, err1, err2)
					}
					if err1 == nil && (math.Abs(s1-s2) > 1e-12 || math.Abs(p1-p2) > 1e-12) {
						t.Errorf("%s %v: %v,%v v %v: PairPlays stand %.15f split %.15f, the plan %.15f %.15f", rules, left, c, c, up, s1, p1, s2, p2)
					}
				}
			}
		}
	}
}

// TestPairReadMaskExact: a pair's layout walks only the compositions
// holding one of its cards (readMask), and its stand and split values
// are those of the whole walk to the last bit, for every pair against
// every up card, on the full shoe and one dealt deep.
func TestPairReadMaskExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, rules := range []string{"2D S17 NDAS SPL1", "5D H17 DAS SPL3 ES"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		full := r.FullShoe()
		dealt := full
		for range full.Total() * 6 / 10 {
			if c := rng.IntN(10); dealt.Counts[c] > 0 {
				dealt.Counts[c]--
			}
		}
		for _, shoe := range []Shoe{full, dealt} {
			for c := Rank(1); c <= 10; c++ {
				masked := newLayoutFor(r, shoe, c)
				whole := newLayoutFor(r, shoe, c)
				whole.read = nil
				for _, up := range UpCards {
					if shoe.Counts[up-1] == 0 || shoe.Counts[c-1] < 2 {
						continue
					}
					s1, p1, err1 := pairPlays(newFiniteUp(r, masked, up), c)
					s2, p2, err2 := pairPlays(newFiniteUp(r, whole, up), c)
					if (err1 == nil) != (err2 == nil) || s1 != s2 || p1 != p2 {
						t.Errorf("%s %v: %v,%v v %v: masked stand %v split %v (%v), whole %v %v (%v)", rules, shoe, c, c, up, s1, p1, err1, s2, p2, err2)
					}
				}
			}
		}
	}
}
