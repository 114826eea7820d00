package house

import (
	"math/big"
	"slices"
	"testing"
)

// brute values a house game on a small shoe in exact rationals, by
// recursion over the cards as they are dealt: the player's first card,
// the dealer's up card, the player's second, then the player's hits (the
// dealer's hole card is dealt face down before them; it is unseen, so it
// is drawn from what the player has not seen when the dealer turns it
// over), then the dealer's hits one card at a time with the rule's
// chances. It shares no code with the solver: its own totals, multipliers,
// ladder and settlement.
type brute struct {
	mult21, multJoker21, mult5, mult6 int64
	ladder, tiesLose                  bool
	hit16, hit17                      *big.Rat // the built dealer's chances
	designed                          bool     // the house game's designed dealer instead
	policies                          map[policyKey]policy
	rats                              map[float64]*big.Rat
	player                            map[string]*big.Rat
	dealer                            map[string]*big.Rat
}

func newBrute(r Rules) *brute {
	return &brute{
		mult21: int64(r.Mult21), multJoker21: int64(r.MultJoker21), mult5: int64(r.Mult5), mult6: int64(r.Mult6),
		ladder: r.Ladder, tiesLose: r.TiesLose,
		hit16: new(big.Rat).SetFloat64(r.Hit16), hit17: new(big.Rat).SetFloat64(r.Hit17),
		designed: r.Dealer == Designed, policies: map[policyKey]policy{}, rats: map[float64]*big.Rat{},
		player: map[string]*big.Rat{}, dealer: map[string]*big.Rat{},
	}
}

// points is a card's value, an ace 1 and a joker (10) 10.
func points(c int) int { return min(c, 10) }

// score returns a hand's best total, a soft ace counting 11.
func score(cards []int) int {
	t, ace := 0, false
	for _, c := range cards {
		t += points(c)
		ace = ace || c == 1
	}
	if ace && t <= 11 {
		t += 10
	}
	return t
}

// pays is the multiplier a winning hand takes.
func (b *brute) pays(cards []int) int64 {
	m := int64(1)
	if score(cards) == 21 {
		m = max(m, b.mult21)
		if slices.Contains(cards, 11) {
			m = max(m, b.multJoker21)
		}
	}
	if len(cards) == 5 {
		m = max(m, b.mult5)
	}
	if len(cards) >= 6 {
		m = max(m, b.mult6)
	}
	return m
}

// outcome settles a standing player against the dealer's final cards.
func (b *brute) outcome(player, dealer []int) int64 {
	p, d := score(player), score(dealer)
	if d > 21 {
		return b.pays(player)
	}
	np, nd := len(player), len(dealer)
	if !b.ladder || np < 5 {
		np = 0
	}
	if !b.ladder || nd < 5 {
		nd = 0
	}
	if np != nd {
		if np > nd {
			return b.pays(player)
		}
		return -b.pays(dealer)
	}
	switch {
	case p > d:
		return b.pays(player)
	case p < d || b.tiesLose:
		return -b.pays(dealer)
	}
	return 0
}

// key names a position by the cards in each hand. The order they came in
// does not change what follows, except for the designed dealer, who reads
// the player's cards in order: then what it reads of them is in the key.
func (b *brute) key(player, dealer []int) string {
	var k [29]byte
	for _, c := range dealer {
		k[12+c]++
	}
	for _, c := range player {
		k[c]++
	}
	if b.designed {
		var v visible
		for i, c := range player {
			v = v.see(points(c), i+1)
		}
		k[24], k[25], k[26], k[27], k[28] = byte(v.n), byte(v.x), byte(v.y), byte(v.z), byte(v.f)
	}
	return string(k[:])
}

// policyKey is what the designed dealer decides by.
type policyKey struct {
	v  visible
	up int
}

// rat returns x as an exact rational, made once.
func (b *brute) rat(x float64) *big.Rat {
	r, ok := b.rats[x]
	if !ok {
		r = new(big.Rat).SetFloat64(x)
		b.rats[x] = r
	}
	return r
}

// hitChance is the dealer's chance of hitting total t holding dealer
// against the player's cards.
func (b *brute) hitChance(player, dealer []int, t int) *big.Rat {
	if b.designed { // the house game's slides, as designed.go reads them
		var v visible
		for i, c := range player {
			v = v.see(points(c), i+1)
		}
		k := policyKey{v, points(dealer[0])}
		p, ok := b.policies[k]
		if !ok {
			p = designedPolicy(v, k.up)
			b.policies[k] = p
		}
		return b.rat(p.hitChance(t, len(dealer)))
	}
	switch {
	case t <= 15:
		return big.NewRat(1, 1)
	case t == 16:
		return b.hit16
	case t == 17:
		return b.hit17
	}
	return new(big.Rat)
}

// each calls f with every card left in unseen and its chance.
func each(unseen map[int]int, f func(c int, p *big.Rat)) {
	n := 0
	for _, k := range unseen {
		n += k
	}
	for c := 1; c <= 11; c++ {
		if k := unseen[c]; k > 0 {
			unseen[c]--
			f(c, big.NewRat(int64(k), int64(n)))
			unseen[c]++
		}
	}
}

// dealerPlays is the player's result when standing on player while the
// dealer holds dealer and draws from unseen.
func (b *brute) dealerPlays(player, dealer []int, unseen map[int]int) *big.Rat {
	k := b.key(player, dealer)
	if v, ok := b.dealer[k]; ok {
		return v
	}
	t := score(dealer)
	var hit *big.Rat // nil: bust
	switch {
	case len(dealer) < 2:
		hit = big.NewRat(1, 1) // the hole card
	case t <= 21:
		hit = b.hitChance(player, dealer, t)
	}
	v := new(big.Rat)
	if hit == nil || hit.Sign() < 1 || hit.Cmp(big.NewRat(1, 1)) < 0 {
		stand := big.NewRat(b.outcome(player, dealer), 1)
		if hit != nil {
			stand.Mul(stand, new(big.Rat).Sub(big.NewRat(1, 1), hit))
		}
		v.Add(v, stand)
	}
	if hit != nil && hit.Sign() > 0 {
		each(unseen, func(c int, p *big.Rat) {
			w := new(big.Rat).Mul(p, hit)
			v.Add(v, w.Mul(w, b.dealerPlays(player, append(slices.Clone(dealer), c), unseen)))
		})
	}
	b.dealer[k] = v
	return v
}

// play is the player's best value holding player against up.
func (b *brute) play(player []int, up int, unseen map[int]int) *big.Rat {
	k := b.key(player, []int{up})
	if v, ok := b.player[k]; ok {
		return v
	}
	v := new(big.Rat)
	if score(player) > 21 { // the dealer wins with its two cards
		each(unseen, func(hole int, p *big.Rat) {
			v.Sub(v, new(big.Rat).Mul(p, big.NewRat(b.pays([]int{up, hole}), 1)))
		})
	} else {
		v = b.dealerPlays(player, []int{up}, unseen)
		hit := new(big.Rat)
		each(unseen, func(c int, p *big.Rat) {
			hit.Add(hit, new(big.Rat).Mul(p, b.play(append(slices.Clone(player), c), up, unseen)))
		})
		if hit.Cmp(v) > 0 {
			v = hit
		}
	}
	b.player[k] = v
	return v
}

// firstCard returns the value of each first card (per point, best play)
// and of the round, dealing from shoe.
func (b *brute) firstCard(shoe map[int]int) (map[int]*big.Rat, *big.Rat) {
	byFirst, round := map[int]*big.Rat{}, new(big.Rat)
	each(shoe, func(x int, px *big.Rat) {
		v := new(big.Rat)
		each(shoe, func(up int, pu *big.Rat) {
			each(shoe, func(y int, py *big.Rat) {
				w := new(big.Rat).Mul(pu, py)
				v.Add(v, w.Mul(w, b.play([]int{x, y}, up, shoe)))
			})
		})
		byFirst[x] = v
		round.Add(round, new(big.Rat).Mul(px, v))
	})
	return byFirst, round
}

// TestExactSmallShoe checks the solver against brute on a 12-card shoe
// whose 60 points the player and dealer cannot exhaust (the player stops
// by 21, the dealer draws its last card from 17 or less): every first
// card's value and the round's, to 1e-12.
func TestExactSmallShoe(t *testing.T) {
	// A A 2 2 3 4 5 6 7 9 T joker, as solver ranks
	small := [NRanks]int{Ace: 2, 1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 8: 1, Ten: 1, Joker: 1}
	for _, rules := range []string{
		"HOUSE",
		"HOUSE PUSH NOLADDER DHIT16=0.5 DHIT17=0",
		"1D LADDER 5CX=3 6CX=7 21X=2 DHIT17=1",
		"HOUSE DESIGNED",
	} {
		t.Run(rules, func(t *testing.T) {
			if !*long && rules != "HOUSE" {
				t.Skip("the house game as built only without -long (a brute force a rule set)")
			}
			t.Parallel()
			r, err := ParseRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			sol := solveShoe(r, small)
			b := newBrute(r)
			shoe := map[int]int{}
			for rank, k := range small {
				shoe[map[bool]int{true: 11, false: rank + 1}[rank == Joker]] = k
			}
			byFirst, round := b.firstCard(shoe)
			for rank := range NRanks {
				c := map[bool]int{true: 11, false: rank + 1}[rank == Joker]
				want, ok := byFirst[c]
				if !ok {
					continue
				}
				w, _ := want.Float64()
				if got := sol.First[rank].EV; abs(got-w) > 1e-12 {
					t.Errorf("first card %s: EV %.15f, brute force %.15f", RankName(rank), got, w)
				}
			}
			w, _ := round.Float64()
			if abs(sol.Flat.EV-w) > 1e-12 {
				t.Errorf("round: EV %.15f, brute force %.15f", sol.Flat.EV, w)
			}
		})
	}
}

func abs(x float64) float64 { return max(x, -x) }
