package solve

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"testing"
)

// ratUp is an independent exact evaluation in big.Rat of the finite-shoe
// model against one up card, written the plain way: the dealer by recursion
// over card sequences (not multisets), player hands by memoised recursion
// (not graphs), splits by recursion over (hands waiting, hands out) (not
// coefficients). It values W (restricted to no dealer blackjack under PEEK
// and OBO; unconditional under ENHC), as the float solver does.
type ratUp struct {
	r      Rules
	up     int
	shoe   [10]int // less the up card
	dealer map[[10]int][numOutcomes]*big.Rat
	best   map[[20]int]*big.Rat
}

func newRatUp(r Rules, shoe Shoe, up int) *ratUp {
	u := &ratUp{r: r, up: up, shoe: shoe.Counts, dealer: map[[10]int][numOutcomes]*big.Rat{}, best: map[[20]int]*big.Rat{}}
	u.shoe[up-1]--
	return u
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }

func ratMax(a, b *big.Rat) *big.Rat {
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

func (u *ratUp) left(gone [10]int) ([10]int, int) {
	var m [10]int
	t := 0
	for i := range m {
		m[i] = u.shoe[i] - gone[i]
		t += m[i]
	}
	return m, t
}

// dealerDist returns P(outcome, and no blackjack) (ENHC: P(outcome)).
func (u *ratUp) dealerDist(gone [10]int) [numOutcomes]*big.Rat {
	if d, ok := u.dealer[gone]; ok {
		return d
	}
	// Sequences of the same length share the denominator (t)_(length):
	// count their numerators exactly in int64 (at most 20^12 each here),
	// then divide once. A dealer who hits 16 or 17 with a probability
	// (DHIT16, DHIT17) weighs a sequence by its choices: counted apart by
	// how many times it stood or hit at each (a hand can pass 16 and 17
	// soft, then hard), and weighed at the end.
	type choices struct{ stood16, hit16, stood17, hit17 int }
	num := map[choices]*[numOutcomes][maxDraw + 1]int64{}
	m, t := u.left(gone)
	count := func(ch choices, o, cards int, q int64) {
		if num[ch] == nil {
			num[ch] = &[numOutcomes][maxDraw + 1]int64{}
		}
		num[ch][o][cards] += q
	}
	var draw func(m [10]int, sum int, ace bool, cards int, p int64, ch choices)
	draw = func(m [10]int, sum int, ace bool, cards int, p int64, ch choices) {
		for c := 1; c <= 10; c++ {
			if m[c-1] == 0 {
				continue
			}
			q := p * int64(m[c-1])
			s, a := sum+c, ace || c == 1
			if cards == 1 && s == 11 && a {
				if u.r.HoleCard == ENHC {
					count(ch, DealerBlackjack, cards, q)
				}
				continue
			}
			m2 := m
			m2[c-1]--
			total := s
			if a && s+10 <= 21 {
				total = s + 10
			}
			// A choice by chance at 16 or 17: both ways, each counted.
			stood, hit, chance := ch, ch, true
			switch {
			case total == 16 && u.r.DealerStand16 > 0:
				stood.stood16++
				hit.hit16++
			case total == 17 && u.r.DealerHit17 > 0:
				stood.stood17++
				hit.hit17++
			default:
				chance = false
			}
			o := dealerOutcome(s, a)
			if s == 22 && u.r.Push22 {
				o = Dealer22
			}
			switch {
			case chance:
				count(stood, o, cards, q)
				draw(m2, s, a, cards+1, q, hit)
			case dealerStands(s, a, u.r.H17):
				count(ch, o, cards, q)
			default:
				draw(m2, s, a, cards+1, q, ch)
			}
		}
	}
	draw(m, u.up, u.up == 1, 1, 1, choices{})
	pow := func(x *big.Rat, n int) *big.Rat {
		y := rat(1, 1)
		for range n {
			y = mul(y, x)
		}
		return y
	}
	stand16 := new(big.Rat).SetFloat64(u.r.DealerStand16)
	hit17 := new(big.Rat).SetFloat64(u.r.DealerHit17)
	var d [numOutcomes]*big.Rat
	for o := range d {
		d[o] = new(big.Rat)
	}
	for ch, n := range num {
		w := mul(mul(pow(stand16, ch.stood16), pow(sub(rat(1, 1), stand16), ch.hit16)),
			mul(pow(sub(rat(1, 1), hit17), ch.stood17), pow(hit17, ch.hit17)))
		for o := range d {
			den := big.NewInt(1)
			for k := 1; k <= maxDraw; k++ {
				den.Mul(den, big.NewInt(int64(t-k+1)))
				if n[o][k] != 0 {
					d[o].Add(d[o], mul(w, new(big.Rat).SetFrac(big.NewInt(n[o][k]), new(big.Int).Set(den))))
				}
				if t-k+1 <= 1 {
					break
				}
			}
		}
	}
	u.dealer[gone] = d
	return d
}

func (u *ratUp) bj(gone [10]int) *big.Rat {
	m, t := u.left(gone)
	switch u.up {
	case 1:
		return rat(int64(m[9]), int64(t))
	case 10:
		return rat(int64(m[0]), int64(t))
	}
	return new(big.Rat)
}

func (u *ratUp) noBJ(gone [10]int) *big.Rat {
	if u.r.HoleCard == ENHC {
		return rat(1, 1)
	}
	return sub(rat(1, 1), u.bj(gone))
}

func plus(a, b [10]int) [10]int {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

func sumAce(hand [10]int) (int, bool) {
	s := 0
	for i, n := range hand {
		s += (i + 1) * n
	}
	return s, hand[0] > 0
}

// stand returns W of standing (a bust loses the bet).
func (u *ratUp) stand(hand, extra [10]int) *big.Rat {
	gone := plus(hand, extra)
	var key [20]int
	copy(key[:10], hand[:])
	copy(key[10:], extra[:])
	key[0] += 200 // apart from the other keys in the shared memo
	if v, ok := u.best[key]; ok {
		return v
	}
	v := u.standOnce(hand, gone)
	u.best[key] = v
	return v
}

// charlie says whether a hand is a Charlie under the rules.
func (u *ratUp) charlie(hand [10]int) bool {
	n := 0
	for _, k := range hand {
		n += k
	}
	sum, _ := sumAce(hand)
	return u.r.Charlie > 0 && n >= u.r.Charlie && sum <= 21
}

// done says whether a hand may draw no more.
func (u *ratUp) done(hand [10]int) bool {
	sum, _ := sumAce(hand)
	return sum >= 21 || u.charlie(hand)
}

func (u *ratUp) standOnce(hand, gone [10]int) *big.Rat {
	sum, ace := sumAce(hand)
	total := effective(sum, ace)
	if total > 21 {
		return new(big.Rat).Neg(u.noBJ(gone))
	}
	d := u.dealerDist(gone)
	cards := 0
	for _, k := range hand {
		cards += k
	}
	win := rat(1, 1) // what a win pays: a Charlie's payout, or a bonus 21's if larger
	if p := u.r.CharliePays; p.Den != 0 && u.charlie(hand) {
		win = rat(int64(p.Num), int64(p.Den))
	}
	for n := min(cards, MaxBonusCards); n >= 4 && total == 21; n-- {
		if p := u.r.Bonus21[n]; p.Den != 0 {
			win = ratMax(win, rat(int64(p.Num), int64(p.Den)))
			break
		}
	}
	if u.charlie(hand) { // won, unless (ENHC) the dealer has a blackjack
		w := new(big.Rat).Neg(d[DealerBlackjack])
		for o := Dealer17; o < DealerBlackjack; o++ {
			w = add(w, mul(win, d[o]))
		}
		return w
	}
	w := sub(mul(win, d[DealerBust]), d[DealerBlackjack])
	for _, o := range []int{Dealer16, Dealer17, Dealer18, Dealer19, Dealer20, Dealer21} {
		dealer := 17 + o
		if o == Dealer16 {
			dealer = 16
		}
		switch {
		case dealer < total, total == 21 && u.r.P21Wins:
			w = add(w, mul(win, d[o]))
		case dealer > total:
			w = sub(w, d[o])
		case u.r.TiesLose: // a tie
			w = sub(w, d[o])
		}
	}
	return w
}

// draw sums p(c) * f(hand + c) over the ranks left.
func (u *ratUp) draw(hand, extra [10]int, f func([10]int) *big.Rat) *big.Rat {
	m, t := u.left(plus(hand, extra))
	w := new(big.Rat)
	for c := range m {
		if m[c] == 0 {
			continue
		}
		h := hand
		h[c]++
		w = add(w, mul(rat(int64(m[c]), int64(t)), f(h)))
	}
	return w
}

// cdBest returns W of the best of hit and stand, hitting only below 21.
func (u *ratUp) cdBest(hand, extra [10]int) *big.Rat {
	var key [20]int
	copy(key[:10], hand[:])
	copy(key[10:], extra[:])
	if v, ok := u.best[key]; ok {
		return v
	}
	v := u.stand(hand, extra)
	if !u.done(hand) {
		v = ratMax(v, u.cdHit(hand, extra))
		if u.multiDouble(hand) {
			v = ratMax(v, u.cdDouble(hand, extra))
		}
	}
	u.best[key] = v
	return v
}

// multiDouble says whether a hand of three or more cards may double (DANY).
func (u *ratUp) multiDouble(hand [10]int) bool {
	n := 0
	for _, k := range hand {
		n += k
	}
	sum, ace := sumAce(hand)
	return u.r.DoubleAny && n >= 3 && !u.done(hand) && u.r.Double.Allows(effective(sum, ace), ace && sum+10 <= 21)
}

// cdDouble returns W of doubling under the best play: under RESCUE a
// doubled hand that has not busted gives up its original bet (one unit of
// two: W -1/2 a unit when the hand is played) where that beats standing.
func (u *ratUp) cdDouble(hand, extra [10]int) *big.Rat {
	if !u.r.Rescue {
		return u.double(hand, extra)
	}
	return mul(rat(2, 1), u.draw(hand, extra, func(h [10]int) *big.Rat {
		v := u.stand(h, extra)
		if s, _ := sumAce(h); s <= 21 {
			v = ratMax(v, mul(rat(-1, 2), u.noBJ(plus(h, extra))))
		}
		return v
	}))
}

func (u *ratUp) cdHit(hand, extra [10]int) *big.Rat {
	var key [20]int
	copy(key[:10], hand[:])
	copy(key[10:], extra[:])
	key[0] += 100 // apart from cdBest's keys in the shared memo
	if v, ok := u.best[key]; ok {
		return v
	}
	v := u.draw(hand, extra, func(h [10]int) *big.Rat {
		if s, _ := sumAce(h); s > 21 {
			return u.stand(h, extra)
		}
		return u.cdBest(h, extra)
	})
	u.best[key] = v
	return v
}

func (u *ratUp) double(hand, extra [10]int) *big.Rat {
	return mul(rat(2, 1), u.draw(hand, extra, func(h [10]int) *big.Rat { return u.stand(h, extra) }))
}

// player is a strategy for hands of three or more cards, with its values:
// it hits where hit says, and (DANY) doubles where double says, rescuing
// as the best play does if rescue is set.
type player struct {
	hit    func(hand [10]int) bool
	double func(hand [10]int) bool // nil: never
	rescue bool
	memo   map[[20]int]*big.Rat
}

func newPlayer(hit func(hand [10]int) bool) *player {
	return &player{hit: hit, memo: map[[20]int]*big.Rat{}}
}

// play returns W of a hand of three or more cards played by p.
func (u *ratUp) play(hand, extra [10]int, p *player) *big.Rat {
	var key [20]int
	copy(key[:10], hand[:])
	copy(key[10:], extra[:])
	if v, ok := p.memo[key]; ok {
		return v
	}
	var v *big.Rat
	switch {
	case p.double != nil && u.multiDouble(hand) && p.double(hand):
		v = u.double(hand, extra)
		if p.rescue {
			v = u.cdDouble(hand, extra)
		}
	case u.done(hand) || !p.hit(hand):
		v = u.stand(hand, extra)
	default:
		v = u.draw(hand, extra, func(h [10]int) *big.Rat { return u.play(h, extra, p) })
	}
	p.memo[key] = v
	return v
}

// pairCardSplit returns W of splitting pair c in the pair-card model that
// bjchart used before its splits were exact: a split hand dealt while h
// hands are on the table draws, and the dealer draws against it, from the
// shoe less the up card and the h pair cards, by recursion over (hands
// waiting for a card, hands out). Exact without resplits; kept to show
// that the brute force (split_brute_test.go) rejects it with them.
func (u *ratUp) pairCardSplit(c int, play splitPlay) *big.Rat {
	limit := splitLimit(u.r, c)
	player := newPlayer(play.hit)
	player.double, player.rescue = play.double, play.rescue
	first := func(hand, extra [10]int) *big.Rat {
		act := Stand
		if sum, _ := sumAce(hand); sum < 21 && (c != 1 || u.r.HSA) {
			act = play.first(hand)
		}
		switch act {
		case Double:
			if play.rescue {
				return u.cdDouble(hand, extra)
			}
			return u.double(hand, extra)
		case Hit:
			return u.draw(hand, extra, func(h [10]int) *big.Rat { return u.play(h, extra, player) })
		}
		return u.stand(hand, extra)
	}
	memo := map[[2]int]*big.Rat{}
	var f func(pending, hands int) *big.Rat
	f = func(pending, hands int) *big.Rat {
		if pending == 0 {
			return new(big.Rat)
		}
		if v, ok := memo[[2]int{pending, hands}]; ok {
			return v
		}
		var one, extra [10]int
		one[c-1] = 1
		extra[c-1] = hands - 1
		m, t := u.left(plus(one, extra))
		w := new(big.Rat)
		for x := 1; x <= 10; x++ {
			if m[x-1] == 0 {
				continue
			}
			p := rat(int64(m[x-1]), int64(t))
			if x == c && hands < limit {
				w = add(w, mul(p, f(pending+1, hands+1)))
				continue
			}
			hand := one
			hand[x-1]++
			w = add(w, mul(p, add(first(hand, extra), f(pending-1, hands))))
		}
		memo[[2]int{pending, hands}] = w
		return w
	}
	return f(2, 2)
}

// splitExact returns the exact W of splitting pair c where no resplit can
// happen: there the pair-card model is exact (the brute force agrees,
// TestBruteForceRejectsPairCardModel) and cheap. Where a third pair card
// can be dealt it returns nil: those splits are TestSplitBruteForce's, on
// shoes the brute force can enumerate quickly.
func (u *ratUp) splitExact(c int, play splitPlay) *big.Rat {
	if splitLimit(u.r, c) > 2 && u.shoe[c-1] > 2 { // u.shoe is less the up card
		return nil
	}
	return u.pairCardSplit(c, play)
}

// ratFloat converts for comparison.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// smallShoe is a 20-card shoe with every rank.
var smallShoe = Shoe{Counts: [10]int{2, 2, 2, 2, 2, 2, 1, 1, 1, 5}}

// TestExactSmallShoe checks the float solver against the big.Rat
// evaluation for every two-card start against every up card on a 20-card
// shoe, every action, splits under both strategies included, to 1e-12.
// someUps are the up cards the variant rules are checked against: an ace
// and a ten (blackjacks), a 2 and a 6 (the dealer's long draws).
var someUps = []Rank{1, 2, 6, 10}

// quickUps are the up cards checked without -long: an ace (peek and
// no-hole-card conditioning) and a ten.
var quickUps = []Rank{1, 10}

func TestExactSmallShoe(t *testing.T) {
	for i, tc := range []struct {
		rules string
		ups   []Rank
	}{
		{"S17 DOA DAS SPL3 LS PEEK", UpCards[:]},
		{"H17 D10 NDAS SPL2 RSA HSA ES ENHC", UpCards[:]},
		{"S17 DOA DAS SPL1 LS OBO", UpCards[:]},
		{"H17 DOA DAS SPL3 LS PEEK TIESLOSE", someUps},
		{"S17 DOA NDAS SPL2 NS ENHC TIESLOSE", someUps},
		{"S17 DOA DAS SPL3 LS PEEK 5CC", someUps},
		{"H17 DOA DAS SPL2 HSA NS ENHC 5CC", someUps},
		{"S17 DOA NDAS SPL1 LS OBO 6CC", someUps},
		{"H17 DOA DAS SPL3 LS PEEK TIESLOSE P21WINS", someUps},
		{"S17 DOA DAS SPL2 NS ENHC P21WINS 5CC", someUps},
		{"H17 DOA DAS SPL3 LS PEEK 4C21=2:1 5C21=3:1 6CC", someUps},
		{"DOA DAS SPL3 LS PEEK TIESLOSE DHIT16=0.4 DHIT17=0.2", someUps},
		{"H17 DOA NDAS SPL2 NS ENHC DHIT16=0.7", someUps},
		{"S17 DOA DAS SPL3 LS PEEK PUSH22 5CC", someUps},
		{"H17 DOA DAS SPL2 NS ENHC PUSH22 TIESLOSE", someUps},
		{"S17 DOA DAS SPL3 LS PEEK DANY RESCUE", someUps},
		{"H17 D10 NDAS SPL2 NS ENHC DANY", someUps},
		{"S17 DOA DAS SPL1 NS OBO RESCUE 5CC=2:1 4C21=3:2 5C21=3:2", someUps},
	} {
		if !*long && i%6 != 0 {
			continue // every sixth rule set without -long
		}
		rules := tc.rules
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		ups := tc.ups
		if !*long && rules != "S17 DOA DAS SPL3 LS PEEK" {
			ups = quickUps // the rest with -long
		}
		for _, up := range ups {
			f := newFiniteUp(r, newLayout(r, smallShoe), up)
			td := newTDUp(f)
			u := newRatUp(r, smallShoe, int(up))
			for si := range td.starts {
				s := &td.starts[si]
				var hand [10]int
				hand[s.a-1]++
				hand[s.b-1]++
				var none [10]int
				check := func(what string, got float64, want *big.Rat) {
					t.Helper()
					if w := ratFloat(want); math.Abs(got-w) > 1e-12 {
						t.Errorf("%s: %d,%d v %v %s = %.15f, exact %.15f", rules, s.a, s.b, up, what, got, w)
					}
				}
				check("stand", td.base.stand[s.node], u.stand(hand, none))
				check("hit", td.base.hitValue(s.node, td.base.best), u.cdHit(hand, none))
				if s.legal[Double] {
					check("double", td.base.doubleValue(s.node), u.double(hand, none))
					check("best play's double", td.base.cdDouble(s.node), u.cdDouble(hand, none))
				}
				if s.legal[Split] {
					for _, strat := range []SplitStrategy{CDZMinus, CDP1} {
						for _, das := range []bool{r.DAS, false} {
							if want := u.splitExact(s.a, u.cdPlay(s.a, strat, das)); want != nil {
								check(fmt.Sprintf("split %v das=%v", strat, das), f.cdSplit(td.plans[s.a], strat, das), want)
							}
						}
					}
				}
			}
		}
	}
}

// TestExactSmallShoeChart checks the chart's exact EV against the big.Rat
// evaluation of the same chart, action by action.
func TestExactSmallShoeChart(t *testing.T) {
	if !*long {
		t.Skip("the chart EVs of small shoes in exact rationals (TestExactSmallShoe keeps the brute force in the default run); -long runs it")
	}
	for i, rules := range []string{"S17 DOA DAS SPL3 LS PEEK", "H17 D10 NDAS SPL2 RSA HSA ES ENHC", "S17 DOA DAS SPL3 LS PEEK TIESLOSE", "H17 DOA DAS SPL3 LS ENHC 5CC"} {
		if !*long && i >= 2 {
			break // the first two without -long
		}
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, up := range UpCards {
			f := newFiniteUp(r, newLayout(r, smallShoe), up)
			td := newTDUp(f)
			ch, tv := td.bestChart()
			u := newRatUp(r, smallShoe, int(up))
			chart := chartPlayer(ch)
			for si := range td.starts {
				s := &td.starts[si]
				var hand, none [10]int
				hand[s.a-1]++
				hand[s.b-1]++
				hitW := u.draw(hand, none, func(h [10]int) *big.Rat { return u.play(h, none, chart) })
				if got, want := td.base.hitValue(s.node, tv.v[td.base]), ratFloat(hitW); math.Abs(got-want) > 1e-12 {
					t.Errorf("%s: %d,%d v %v: chart hit %.15f, exact %.15f", rules, s.a, s.b, up, got, want)
				}
				if s.legal[Split] {
					w := u.splitExact(s.a, chartSplitPlay(r, ch))
					if w == nil {
						continue
					}
					got := s.u[Split]
					want := ratFloat(w)
					if r.HoleCard != ENHC {
						want -= s.q
					}
					if math.Abs(got-want) > 1e-12 {
						t.Errorf("%s: %d,%d v %v: chart split %.15f, exact %.15f", rules, s.a, s.b, up, got, want)
					}
				}
			}
		}
	}
}

// bestChart returns the optimised chart against td's up card, as the
// solver finds it, and its values.
func (t *tdUp) bestChart() (*tdChart, *tdValues) {
	cdU := make([][Surrender + 1]float64, len(t.starts))
	for si := range t.starts {
		t.fixedValues(&t.starts[si])
		cdU[si] = t.starts[si].u
		cdU[si][Hit] = t.unconditional(&t.starts[si], t.base.hitValue(t.starts[si].node, t.base.best))
	}
	ch := t.initialChart(cdU)
	return ch, t.optimize(ch, t.f.r.DAS)
}

// chartPlayer hits hands of three or more cards as the chart does.
func chartPlayer(ch *tdChart) *player {
	return newPlayer(func(hand [10]int) bool {
		sum, ace := sumAce(hand)
		return ch.hit[classOf(&node{sum: int8(sum), ace: ace})]
	})
}

// chartSplitPlay plays split hands by the chart's cells.
func chartSplitPlay(r Rules, ch *tdChart) splitPlay {
	return splitPlay{
		first: func(h [10]int) Action {
			sum, ace := sumAce(h)
			nd := node{sum: int8(sum), ace: ace}
			row := splitRow(&nd)
			if h[0] == 2 {
				row = rowOf(Soft, 0)
			}
			canDouble := r.DAS && r.Double.Allows(effective(sum, ace), ace && sum+10 <= 21)
			return resolveAction(ch.act[row], ch.fallback[row], splitOptions{canDouble: canDouble})
		},
		hit: chartPlayer(ch).hit,
	}
}

// TestExactCompositions checks every hand of three or more cards in a
// small-shoe table against the big.Rat evaluation: its stand and hit EVs
// (converted to the table's conditioning), its CD play, and how often a
// player of the table's chart meets it, found by walking the chart's play
// over card sequences.
func TestExactCompositions(t *testing.T) {
	if !*long {
		t.Skip("every composition of small shoes in exact rationals (TestExactSmallShoe keeps the brute force in the default run); -long runs it")
	}
	for _, rules := range []string{"S17 DAS SPL3 LS PEEK", "H17 NDAS SPL1 ENHC"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		shoe := smallShoe
		tab, err := SolveWith(context.Background(), r, Options{Shoe: &shoe})
		if err != nil {
			t.Fatal(err)
		}
		byUp := map[Rank][]Composition{}
		for _, c := range tab.Compositions {
			byUp[c.Up] = append(byUp[c.Up], c)
		}
		for _, up := range UpCards {
			u := newRatUp(r, shoe, int(up))
			freq := u.chartReach(tab, up)
			pu := rat(int64(shoe.Counts[up-1]), int64(shoe.Total()))
			var none [10]int
			seen := 0
			for _, c := range byUp[up] {
				var hand [10]int
				for i, n := range c.Counts {
					hand[i] = int(n)
				}
				// Under a peek the table is conditioned on no dealer blackjack.
				cond := rat(1, 1)
				if r.HoleCard != ENHC {
					cond = u.noBJ(hand)
				}
				stand := new(big.Rat).Quo(u.stand(hand, none), cond)
				hit := new(big.Rat).Quo(u.cdHit(hand, none), cond)
				reach := freq[hand]
				if reach == nil {
					reach = new(big.Rat)
				}
				want := mul(mul(pu, cond), reach)
				name := fmt.Sprintf("%s: %v v %v", rules, c.Cards(), up)
				for _, chk := range []struct {
					what string
					got  float64
					want *big.Rat
				}{{"stand", c.EV[Stand], stand}, {"hit", c.EV[Hit], hit}, {"freq", c.Freq, want}} {
					if w := ratFloat(chk.want); math.Abs(chk.got-w) > 1e-12 {
						t.Errorf("%s %s = %.15f, exact %.15f", name, chk.what, chk.got, w)
					}
				}
				if d := ratFloat(sub(hit, stand)); (d > 1e-12 && c.Best != Hit) || (d < -1e-12 && c.Best != Stand) {
					t.Errorf("%s: CD play %v, but hit - stand = %.3g", name, c.Best, d)
				}
				if reach.Sign() > 0 {
					seen++
				}
			}
			if seen == 0 {
				t.Errorf("%s v %v: no composition is reached by the chart", rules, up)
			}
		}
	}
}

// chartReach returns, for each hand of three or more cards, the
// probability that a player of the table's chart reaches it and decides
// there, given the up card (dealer blackjacks not excluded): card
// sequences from every two-card start the chart hits, drawing while the
// chart's three-card play says hit.
func (u *ratUp) chartReach(tab *Table, up Rank) map[[10]int]*big.Rat {
	out := map[[10]int]*big.Rat{}
	var walk func(hand [10]int, p *big.Rat, cards int)
	walk = func(hand [10]int, p *big.Rat, cards int) {
		sum, ace := sumAce(hand)
		if sum >= 21 {
			return
		}
		if cards >= 3 {
			if out[hand] == nil {
				out[hand] = new(big.Rat)
			}
			out[hand] = add(out[hand], p)
			kind, row := Hard, effective(sum, ace)-4
			if ace && sum+10 <= 21 {
				kind, row = Soft, sum-2
			}
			if tab.Cells[cellIndex(kind, row, up)].MultiCard != Hit {
				return
			}
		}
		m, left := u.left(hand)
		for c := range m {
			if m[c] > 0 {
				h := hand
				h[c]++
				walk(h, mul(p, rat(int64(m[c]), int64(left))), cards+1)
			}
		}
	}
	m, left := u.left([10]int{})
	for a := 1; a <= 10; a++ {
		for b := a; b <= 10; b++ {
			kind, row := cellOf(a, b)
			if a == 1 && b == 10 || tab.Cells[cellIndex(kind, row, up)].Code.Best != Hit {
				continue
			}
			var hand [10]int
			hand[a-1]++
			hand[b-1]++
			pa := rat(int64(m[a-1]), int64(left))
			pb := rat(int64(m[b-1]-b2i(a == b)), int64(left-1))
			p := mul(pa, pb)
			if a != b {
				p = mul(p, rat(2, 1))
			}
			if p.Sign() > 0 {
				walk(hand, p, 2)
			}
		}
	}
	return out
}

// TestDeckRule: a custom deck is the shoe the solver deals from. One deck
// of smallShoe's composition (DECK=2-2-2-2-2-2-1-1-1-5) solves to the
// same table as smallShoe given as a remaining shoe, and its hands match
// the big.Rat evaluation; an infinite Spanish deck, and an infinite deck
// with the house game's dealer, agree with 20,000 decks to the finite shoe's
// effect (under 1e-5 of the EV).
func TestDeckRule(t *testing.T) {
	r, err := ParseRules("1D S17 DOA DAS SPL3 LS DECK=2-2-2-2-2-2-1-1-1-5")
	if err != nil {
		t.Fatal(err)
	}
	if r.FullShoe() != smallShoe {
		t.Fatalf("shoe %v, want %v", r.FullShoe(), smallShoe)
	}
	byDeck, err := Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	std := r
	std.Deck = [10]int{}
	byShoe, err := SolveWith(context.Background(), std, Options{Shoe: &smallShoe})
	if err != nil {
		t.Fatal(err)
	}
	if byDeck.EV != byShoe.EV || len(byDeck.Hands) != len(byShoe.Hands) {
		t.Errorf("EV by deck %v, by shoe %v", byDeck.EV, byShoe.EV)
	}
	for i, h := range byDeck.Hands {
		if h.EV != byShoe.Hands[i].EV {
			t.Errorf("%v v %v: by deck %v, by shoe %v", h.Cards, h.Up, h.EV, byShoe.Hands[i].EV)
		}
		if h.Up != 6 || h.Cards[0] != h.Cards[1] { // the big.Rat check on one up card's pairs is enough here
			continue
		}
		u := newRatUp(r, smallShoe, int(h.Up))
		var hand, none [10]int
		hand[h.Cards[0]-1] += 2
		if got, want := h.EV[Stand], ratFloat(u.stand(hand, none)); math.Abs(got-want) > 1e-12 {
			t.Errorf("%v v 6 stand %v, exact %v", h.Cards, got, want)
		}
	}
	for _, rules := range []string{"SPANISH", "DHIT16=0.4 DHIT17=0.2"} { // the infinite solver against the finite one
		inf, finite := mustSolve(t, "INF "+rules), mustSolve(t, "20000D "+rules)
		if d := inf.EV - finite.EV; math.Abs(d) > 1e-5 {
			t.Errorf("%s: infinite %v, 20000 decks %v", rules, inf.EV, finite.EV)
		}
	}
}
