package solve

import (
	"context"
	"math"
	"testing"
)

// TestDealersFrom: the batch contraction agrees with the direct sum over
// the dealer's multisets (DealerFrom) on compositions of one, two and
// three cards of a depleted shoe (so some have others below them in the
// trie, and the vectors they pass down are checked too), S17 and H17, and
// gives nothing for a hand the shoe lacks.
func TestDealersFrom(t *testing.T) {
	shoe := [10]int{13, 17, 9, 20, 11, 14, 19, 12, 16, 61}
	var gone [][10]uint8
	for a := 0; a < 10; a++ {
		var one [10]uint8 // compositions with longer ones below them in the trie too
		one[a]++
		gone = append(gone, one)
		for b := a; b < 10; b++ {
			two := one
			two[b]++
			gone = append(gone, two)
			for c := 0; c < 10; c += 3 {
				var g [10]uint8
				g[a]++
				g[b]++
				g[c]++
				gone = append(gone, g)
			}
		}
	}
	gone = append(gone, [10]uint8{}, [10]uint8{0, 0, 12})                            // nothing out; more 3s than the shoe holds
	for _, rule := range []DealerRule{{}, {H17: true}, {Stand16: 0.6, Hit17: 0.2}} { // S17, H17, the house game's dealer
		for _, up := range UpCards {
			got := DealersFrom(rule, up, shoe, gone)
			for i, g := range gone {
				var want DealerDist
				left, ok := shoe, true
				for c, k := range g {
					if left[c] -= int(k); left[c] < 0 {
						ok = false
					}
				}
				if ok {
					want = DealerFrom(rule, up, left)
				}
				for o := range want {
					if math.Abs(got[i][o]-want[o]) > 1e-13 {
						t.Fatalf("dealer %+v, up %v, out %v: %v, direct %v", rule, up, g, got[i], want)
					}
				}
			}
		}
	}
}

// TestPairPlaysMatchesTable: PairPlays, which builds the split graphs of
// one pair only, gives the whole solve's stand and split values (CDZ-) for
// that pair, on a depleted two-deck shoe, against up cards without a
// dealer blackjack (where the table's conditioning is unconditional).
func TestPairPlaysMatchesTable(t *testing.T) {
	r, _ := ParseRules("2D S17 DAS SPL3")
	shoe := Shoe{Counts: [10]int{6, 8, 7, 9, 6, 8, 7, 8, 6, 27}}
	tab, err := SolveWith(context.Background(), r, Options{Shoe: &shoe})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Rank{10, 8, 9, 2, 7} {
		for _, up := range []Rank{5, 6, 3} {
			stand, split, err := PairPlays(r, shoe, c, up)
			if err != nil {
				t.Fatal(err)
			}
			h := tab.Hand([2]Rank{c, c}, up)
			if math.Abs(stand-h.EV[Stand]) > 1e-12 || math.Abs(split-h.EV[Split]) > 1e-12 {
				t.Errorf("%v,%v v %v: stand %.15g split %.15g; table %.15g %.15g", c, c, up, stand, split, h.EV[Stand], h.EV[Split])
			}
		}
	}
}

// TestDealerPlanReusesArrays: plans of other sizes contracted in turn
// (each taking the arrays the one before gave back, contractions) give
// the distributions each gave first, to the bit.
func TestDealerPlanReusesArrays(t *testing.T) {
	r, _ := ParseRules("2D H17")
	small := NewDealerPlan(r.Dealer(), 6, [][10]uint8{{9: 1}, {1: 1, 9: 1}})
	big := NewHandPlan(r, 6, [10]uint8{1: 1, 7: 1}).dealer // 2,8 and every hand it reaches
	shoes := [][10]int{r.FullShoe().Counts, {6, 8, 5, 8, 3, 8, 8, 6, 8, 30}}
	var first [2][2][]DealerDist
	for round := range 3 {
		for i, shoe := range shoes {
			for j, p := range []*DealerPlan{big, small} {
				got := p.Dists(shoe)
				if round == 0 {
					first[i][j] = got
					continue
				}
				for k := range got {
					if got[k] != first[i][j][k] {
						t.Fatalf("round %d, shoe %d, plan %d: composition %v: %v, first %v", round, i, j, p.gone[k], got[k], first[i][j][k])
					}
				}
			}
		}
	}
}
