package solve

import (
	"math"
	"testing"
)

// TestContractExact checks the contraction's dealer distribution of every
// composition a small shoe's solve needs against the independent big.Rat
// dealer of exact_test.go, to 1e-15. Under a peek the contraction gives
// P(outcome and no blackjack), which is the exact dealer's outcome
// probability for every outcome but the blackjack. Every third
// composition is checked (all of them under -long).
func TestContractExact(t *testing.T) {
	stride := 3
	if *long {
		stride = 1
	}
	for _, rules := range []string{"S17", "H17 ENHC", "S17 DHIT16=0.5 ENHC"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		lay := newLayout(r, smallShoe)
		for up := 1; up <= 10; up++ {
			f := newFiniteUp(r, lay, Rank(up))
			u := newRatUp(r, smallShoe, up)
			checked := 0
			for ci, g := range lay.comps {
				if ci%stride != 0 {
					continue
				}
				var gone [10]int
				possible := true
				for c := range gone {
					gone[c] = int(g[c])
					possible = possible && gone[c] <= f.shoe[c]
				}
				got := f.dist[ci]
				if !possible {
					if got != (DealerDist{}) {
						t.Errorf("%s up %d %v: impossible composition has %v", rules, up, g, got)
					}
					continue
				}
				if gone == f.shoe {
					continue // the shoe is empty: no dealer hand
				}
				want := u.dealerDist(gone)
				for o := range want {
					w := ratFloat(want[o])
					if o == DealerBlackjack && r.HoleCard != ENHC {
						w = 0
					}
					if math.Abs(got[o]-w) > 1e-15 {
						t.Errorf("%s up %d %v outcome %d: %.17f, exact %.17f", rules, up, g, o, got[o], w)
					}
				}
				checked++
			}
			if checked < len(lay.comps)/stride/2 {
				t.Errorf("%s up %d: %d of %d compositions checked", rules, up, checked, len(lay.comps))
			}
		}
	}
}

// TestContractDirect checks the contraction on whole decks, where it has a
// dealer's bust as one minus the other outcomes, against the direct sum
// over the dealer's multisets (dealer_draws.go) of every 20th
// composition (every one under -long), to 1e-14.
func TestContractDirect(t *testing.T) {
	if !*long {
		t.Skip("the contraction against direct enumeration (TestContractExact keeps an exact check in the default run); -long runs it")
	}
	stride := 20
	if *long {
		stride = 1
	}
	for _, rules := range []string{"1D S17", "2D H17 ENHC", "1D S17 DHIT16=0.5"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		lay := newLayout(r, r.FullShoe())
		for up := 1; up <= 10; up++ {
			f := newFiniteUp(r, lay, Rank(up))
			if _, total := f.remaining([10]uint8{}); total-lay.maxCards < f.draws.maxSize {
				t.Fatalf("%s up %d: the contraction would not take the bust as the complement", rules, up)
			}
			for ci := 0; ci < len(lay.comps); ci += stride {
				want := directDist(f, lay.comps[ci])
				for o, w := range want {
					if got := f.dist[ci][o]; math.Abs(got-w) > 1e-14 {
						t.Errorf("%s up %d %v outcome %d: %.17f, direct %.17f", rules, up, lay.comps[ci], o, got, w)
					}
				}
			}
		}
	}
}

// directDist sums the probabilities of the dealer's multisets one by one
// for the shoe less the up card and the cards in gone: blackjacks only
// under ENHC.
func directDist(f *finiteUp, gone [10]uint8) DealerDist {
	m, total := f.remaining(gone)
	var d DealerDist
	for c := range m {
		if m[c] < 0 {
			return d
		}
	}
	t := f.draws
	for i := range t.outcome {
		if t.outcome[i] == DealerBlackjack && f.r.HoleCard != ENHC {
			continue
		}
		p := t.weight[i]
		for j := t.start[i]; j < t.start[i+1]; j++ {
			for k := range int(t.counts[j]) {
				p *= float64(m[t.ranks[j]] - k)
			}
		}
		for k := range int(t.size[i]) {
			p /= float64(total - k)
		}
		d[t.outcome[i]] += p
	}
	return d
}
