package solve

import (
	"math"
	"math/big"
	"testing"
)

// TestInsuranceByEnumeration counts, in exact rationals, every way to
// deal the player two cards, the dealer an ace up and a hole card from
// a small shoe, and holds the share of holes that are tens (with any
// two player cards, and with an ace and a ten) to Table.Insurance, to
// 1e-15. It fails when the player's cards are left in the count: a
// blackjack's ten chance of 16/51 instead of 15/49 at one deck.
func TestInsuranceByEnumeration(t *testing.T) {
	for _, rules := range []string{"1D S17", "2D H17 SPANISH"} {
		r, _ := ParseRules(rules)
		tab, err := Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		counts := r.FullShoe().Counts
		all, tens := new(big.Rat), new(big.Rat)
		bjAll, bjTens := new(big.Rat), new(big.Rat)
		draw := func(c *[10]int, rank int) int64 { // ways to draw rank, taking it out
			n := int64(c[rank])
			c[rank]--
			return n
		}
		for a := range 10 {
			for b := range 10 {
				for h := range 10 {
					c := counts
					ways := draw(&c, a) // player, up, player, hole
					ways *= draw(&c, 0)
					ways *= draw(&c, b)
					ways *= draw(&c, h)
					if ways <= 0 {
						continue
					}
					w := new(big.Rat).SetInt64(ways)
					all.Add(all, w)
					if h == 9 {
						tens.Add(tens, w)
					}
					if a == 0 && b == 9 || a == 9 && b == 0 {
						bjAll.Add(bjAll, w)
						if h == 9 {
							bjTens.Add(bjTens, w)
						}
					}
				}
			}
		}
		p, _ := new(big.Rat).Quo(tens, all).Float64()
		q, _ := new(big.Rat).Quo(bjTens, bjAll).Float64()
		in := tab.Insurance()
		if math.Abs(in.TenChance-p) > 1e-15 || math.Abs(in.BlackjackTenChance-q) > 1e-15 {
			t.Errorf("%s: ten chance %v, blackjack's %v; enumerated %v, %v", rules, in.TenChance, in.BlackjackTenChance, p, q)
		}
		if math.Abs(in.EV-(3*p-1)) > 1e-15 || math.Abs(in.EvenMoney-0.5*(3*q-1)) > 1e-15 {
			t.Errorf("%s: EV %v, even money %v", rules, in.EV, in.EvenMoney)
		}
	}
	r, _ := ParseRules("INF")
	tab, _ := Solve(r)
	if in := tab.Insurance(); math.Abs(in.TenChance-4.0/13) > 1e-15 || math.Abs(in.EV-(12.0/13-1)) > 1e-15 {
		t.Errorf("infinite deck: %+v", in)
	}
}
