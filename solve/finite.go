package solve

import (
	"sync"
)

// The finite-deck solver. Cards are drawn without replacement from the shoe
// less the up card and every card the player holds.
//
// Dealer. For each up card, the dealer's possible draws (hole card first)
// are enumerated once, grouped by multiset D with the number of orderings
// that end in each outcome (dealerSeqs). Every ordering of D has the same
// probability from a shoe with counts m and size M:
//
//	prod over ranks c of (m_c)_(k_c) / (M)_(|D|)
//
// ((x)_(k) is the falling factorial), so the dealer's distribution for any
// remaining shoe is a sum over the multisets.
//
// Peek. Under a peek the player acts knowing the hole card does not make a
// blackjack. The solver works with W(R) = E[payoff; no dealer blackjack | R],
// the EV restricted to the event, not conditioned on it: a hit is then
// W(R) = sum over c of P(c | R) W(R+c) with the plain draw probabilities,
// the hole card being one more unseen card, and because every action at R
// shares the factor P(no blackjack | R), comparing W compares the
// conditional EVs V(R) = W(R) / P(no blackjack | R). Under ENHC W is the
// plain unconditional EV, a dealer blackjack costing every bet on the table.

// dealerSeq is one dealer draw multiset with its orderings per outcome.
type dealerSeq struct {
	k    [10]uint8 // cards of each rank drawn (rank-1), hole card included
	size int
	w    DealerDist // number of orderings ending in each outcome
	// ranks and counts list the nonzero entries of k, for the inner loop.
	ranks, counts []uint8
}

var (
	dealerSeqOnce  [2]sync.Once
	dealerSeqTable [2][10][]dealerSeq // [h17][up-1]
)

// dealerSeqs returns the dealer's draw multisets for an up card.
func dealerSeqs(h17 bool, up Rank) []dealerSeq {
	i := b2i(h17)
	dealerSeqOnce[i].Do(func() {
		for u := 1; u <= 10; u++ {
			dealerSeqTable[i][u-1] = enumerateDealer(h17, u)
		}
	})
	return dealerSeqTable[i][up-1]
}

func enumerateDealer(h17 bool, up int) []dealerSeq {
	index := map[[10]uint8]int{}
	var seqs []dealerSeq
	var k [10]uint8
	add := func(size, outcome int) {
		j, ok := index[k]
		if !ok {
			j = len(seqs)
			index[k] = j
			seqs = append(seqs, dealerSeq{k: k, size: size})
		}
		seqs[j].w[outcome]++
	}
	var draw func(sum int, hasAce bool, size int)
	draw = func(sum int, hasAce bool, size int) {
		for c := 1; c <= 10; c++ {
			k[c-1]++
			s, a := sum+c, hasAce || c == 1
			switch {
			case size == 0 && s == 11 && a:
				add(1, DealerBlackjack)
			case dealerStands(s, a, h17):
				add(size+1, dealerOutcome(s, a))
			default:
				draw(s, a, size+1)
			}
			k[c-1]--
		}
	}
	draw(up, up == 1, 0)
	for i := range seqs {
		for c, n := range seqs[i].k {
			if n != 0 {
				seqs[i].ranks = append(seqs[i].ranks, uint8(c))
				seqs[i].counts = append(seqs[i].counts, n)
			}
		}
	}
	return seqs
}

// fallingTable holds (x)_(k) for k = 0..maxDraw.
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

// finiteUp solves the hands against one up card. Its caches are keyed by
// the composition of every card removed from the shoe besides the up card.
type finiteUp struct {
	r      Rules
	up     Rank
	shoe   [10]int // the shoe less the up card
	seqs   []dealerSeq
	dealer map[[10]uint8]DealerDist // by removed cards: P(outcome and no blackjack) (ENHC: P(outcome))
	// solvers and policies cache hand values by the cards removed besides
	// the hand (see hands and policy).
	solvers  map[[10]uint8]*handSolver
	policies map[[2][10]uint8]*policyEval
	split    SplitStrategy
}

func newFiniteUp(r Rules, shoe Shoe, up Rank) *finiteUp {
	f := &finiteUp{r: r, up: up, shoe: shoe.Counts, seqs: dealerSeqs(r.H17, up),
		dealer:   map[[10]uint8]DealerDist{},
		solvers:  map[[10]uint8]*handSolver{},
		policies: map[[2][10]uint8]*policyEval{},
	}
	f.shoe[up-1]--
	return f
}

// remaining returns the counts left after removing the cards in gone, and their total.
func (f *finiteUp) remaining(gone [10]uint8) (m [10]int, total int) {
	for i := range m {
		m[i] = f.shoe[i] - int(gone[i])
		total += m[i]
	}
	return m, total
}

// dealerDist returns the dealer's outcome distribution restricted to no
// dealer blackjack (under ENHC: unrestricted, blackjack included) when the
// cards in gone have left the shoe.
func (f *finiteUp) dealerDist(gone [10]uint8) DealerDist {
	if d, ok := f.dealer[gone]; ok {
		return d
	}
	m, total := f.remaining(gone)
	var ff [10][maxDraw + 1]float64
	var fM [maxDraw + 1]float64
	for i := range m {
		falling(m[i], &ff[i])
	}
	falling(total, &fM)
	keepBJ := f.r.HoleCard == ENHC
	var d DealerDist
	for i := range f.seqs {
		s := &f.seqs[i]
		p := 1 / fM[s.size]
		for j, c := range s.ranks {
			p *= ff[c][s.counts[j]]
		}
		if p == 0 {
			continue
		}
		for o := Dealer17; o <= DealerBust; o++ {
			d[o] += s.w[o] * p
		}
		if keepBJ {
			d[DealerBlackjack] += s.w[DealerBlackjack] * p
		}
	}
	f.dealer[gone] = d
	return d
}

// noBlackjack returns P(no dealer blackjack | the cards in gone are out);
// 1 under ENHC, whose frame is unconditional.
func (f *finiteUp) noBlackjack(gone [10]uint8) float64 {
	if f.r.HoleCard == ENHC || (f.up != 1 && f.up != 10) {
		return 1
	}
	m, total := f.remaining(gone)
	other := m[9] // under an ace, a ten makes blackjack
	if f.up == 10 {
		other = m[0]
	}
	return 1 - float64(other)/float64(total)
}

// handSolver values hands against one up card drawn from the shoe less
// extra (pair cards removed by a split) and the hand's own cards. Values
// are W: restricted to no dealer blackjack (see the file comment).
type handSolver struct {
	f     *finiteUp
	extra [10]uint8
	best  map[[10]uint8]float64 // max(stand, hit) for hands that may only hit or stand
}

func (f *finiteUp) hands(extra [10]uint8) *handSolver {
	if h, ok := f.solvers[extra]; ok {
		return h
	}
	h := &handSolver{f: f, extra: extra, best: map[[10]uint8]float64{}}
	f.solvers[extra] = h
	return h
}

func (h *handSolver) gone(hand [10]uint8) [10]uint8 {
	for i := range hand {
		hand[i] += h.extra[i]
	}
	return hand
}

func handSum(hand [10]uint8) (sum int, hasAce bool) {
	for i, n := range hand {
		sum += (i + 1) * int(n)
	}
	return sum, hand[0] > 0
}

// stand returns W of standing on hand (a bust loses the bet).
func (h *handSolver) stand(hand [10]uint8) float64 {
	g := h.gone(hand)
	sum, hasAce := handSum(hand)
	total := effective(sum, hasAce)
	if total > 21 {
		return -h.f.noBlackjack(g)
	}
	fr := frame{d: h.f.dealerDist(g)}
	return fr.standEV(total)
}

// draws calls visit for each rank c still in the shoe with its probability.
func (h *handSolver) draws(hand [10]uint8, visit func(c int, p float64)) {
	m, total := h.f.remaining(h.gone(hand))
	for i, n := range m {
		if n > 0 {
			visit(i, float64(n)/float64(total))
		}
	}
}

// hit returns W of hitting once and then playing hit/stand optimally.
func (h *handSolver) hit(hand [10]uint8) float64 {
	w := 0.0
	h.draws(hand, func(c int, p float64) {
		hand[c]++
		w += p * h.bestHitStand(hand)
		hand[c]--
	})
	return w
}

func (h *handSolver) bestHitStand(hand [10]uint8) float64 {
	if v, ok := h.best[hand]; ok {
		return v
	}
	v := h.stand(hand)
	if sum, _ := handSum(hand); sum < 21 {
		v = max(v, h.hit(hand))
	}
	h.best[hand] = v
	return v
}

// double returns W of doubling: one card, twice the bet.
func (h *handSolver) double(hand [10]uint8) float64 {
	w := 0.0
	h.draws(hand, func(c int, p float64) {
		hand[c]++
		w += p * h.stand(hand)
		hand[c]--
	})
	return 2 * w
}

// twoCard is a two-card start against an up card.
type twoCard struct {
	a, b int     // ranks, a <= b
	p    float64 // probability of being dealt it, given the up card
}

func (f *finiteUp) starts() []twoCard {
	var out []twoCard
	m, total := f.remaining([10]uint8{})
	for a := 1; a <= 10; a++ {
		for b := a; b <= 10; b++ {
			var p float64
			if a == b {
				p = float64(m[a-1]) * float64(m[a-1]-1) / float64(total) / float64(total-1)
			} else {
				p = 2 * float64(m[a-1]) * float64(m[b-1]) / float64(total) / float64(total-1)
			}
			if p > 0 {
				out = append(out, twoCard{a, b, p})
			}
		}
	}
	return out
}

// bjProb returns P(dealer blackjack | the cards in gone are out).
func (f *finiteUp) bjProb(gone [10]uint8) float64 {
	if f.up != 1 && f.up != 10 {
		return 0
	}
	m, total := f.remaining(gone)
	if f.up == 1 {
		return float64(m[9]) / float64(total)
	}
	return float64(m[0]) / float64(total)
}

// unconditionalDealer returns the dealer's distribution, blackjack
// included, from the shoe less the up card.
func (f *finiteUp) unconditionalDealer() DealerDist {
	g := *f
	g.r.HoleCard = ENHC
	g.dealer = map[[10]uint8]DealerDist{}
	return g.dealerDist([10]uint8{})
}

// handValues returns the EV of each action for a starting hand (two
// cards, or more for a row no two cards make), in the table's conditioning,
// and the weight the hand carries in its cell: its probability given the up
// card, times P(no dealer blackjack) when the table is conditioned on it.
// pair is the rank of a splittable pair, 0 otherwise; splitNDAS is the split
// EV without doubling after splits (only computed under DAS).
func (f *finiteUp) handValues(h *handSolver, hand [10]uint8, p float64, pair int, cond Conditioning) (c Cell, weight, splitNDAS float64) {
	r := f.r
	sum, hasAce := handSum(hand)
	total := effective(sum, hasAce)
	cards := 0
	for _, n := range hand {
		cards += int(n)
	}
	c.Legal[Stand], c.EV[Stand] = true, h.stand(hand)
	c.Legal[Hit], c.EV[Hit] = true, h.hit(hand)
	if cards == 2 && r.Double.Allows(total, hasAce && sum+10 <= 21) {
		c.Legal[Double], c.EV[Double] = true, h.double(hand)
	}
	if pair != 0 {
		c.Legal[Split], c.EV[Split] = true, f.splitEV(pair, r.DAS)
		if r.DAS {
			splitNDAS = f.splitEV(pair, false)
		}
	}
	q := f.bjProb(hand)
	noBJ := f.noBlackjack(hand)
	// From W (restricted to no dealer blackjack, or unconditional under
	// ENHC) to the table's conditioning.
	convert := func(w float64) float64 {
		switch {
		case r.HoleCard == ENHC:
			return w
		case cond == NoDealerBlackjack:
			return w / noBJ
		}
		return w - q // a dealer blackjack takes the original bet
	}
	for _, a := range Actions {
		if c.Legal[a] {
			c.EV[a] = convert(c.EV[a])
		}
	}
	splitNDAS = convert(splitNDAS)
	switch r.Surrender {
	case LateSurrender:
		c.Legal[Surrender], c.EV[Surrender] = true, -0.5
		if cond == Unconditional {
			c.EV[Surrender] = -0.5*(1-q) - q
		}
	case EarlySurrender:
		c.Legal[Surrender], c.EV[Surrender] = true, -0.5
	}
	weight = p
	if cond == NoDealerBlackjack {
		weight *= noBJ
	}
	return c, weight, splitNDAS
}

// cellOf returns the chart cell a two-card start is played from.
func cellOf(a, b int) (TableKind, int) {
	switch {
	case a == b:
		return Pairs, (a + 8) % 10
	case a == 1 || b == 1:
		return Soft, a + b - 2
	}
	return Hard, a + b - 4
}

// cellSum accumulates the weighted EVs of the hands a cell covers.
type cellSum struct {
	ev, weight [Surrender + 1]float64
	ndas       float64 // weighted split EV without DAS
}

func (s *cellSum) add(c *Cell, weight, splitNDAS float64) {
	for _, a := range Actions {
		if c.Legal[a] {
			s.ev[a] += weight * c.EV[a]
			s.weight[a] += weight
		}
	}
	s.ndas += weight * splitNDAS
}

// solveFinite fills a Table for a finite shoe, one goroutine per up card.
//
// Each cell's EVs average the two-card starts it covers (hard 16: T-6 and
// 9-7, not 8-8), weighted by their probability given the up card and the
// table's conditioning, every hand played composition-dependently after its
// first decision. Rows no non-pair two cards make use the pair played
// unsplit (hard 4: 2-2, hard 20: T-T, soft 12: A-A); hard 21 is valued as
// T-9-2 and soft 21 as A-T played as a non-blackjack 21. The round's EV lets
// every two-card start take its own best action (composition-dependent play).
func solveFiniteWith(r Rules, shoe Shoe, split SplitStrategy) *Table {
	t := &Table{Rules: r, Conditioning: conditioning(r), Split: split}
	for _, kind := range []TableKind{Hard, Soft, Pairs} {
		for _, hand := range Rows(kind) {
			for _, up := range UpCards {
				t.Cells = append(t.Cells, Cell{Table: kind, Hand: hand, Up: up})
			}
		}
	}
	sums := make([]cellSum, len(t.Cells))
	roundEV := make([]float64, 10)
	var wg sync.WaitGroup
	for _, up := range UpCards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			roundEV[up-1] = solveFiniteUp(t, sums, shoe, up)
		}()
	}
	wg.Wait()
	total := float64(shoe.Total())
	for _, up := range UpCards {
		t.EV += float64(shoe.Counts[up-1]) / total * roundEV[up-1]
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		s := &sums[i]
		for _, a := range Actions {
			if s.weight[a] > 0 {
				c.Legal[a], c.EV[a] = true, s.ev[a]/s.weight[a]
			}
		}
		ndasBest := NoAction
		if r.DAS && c.Legal[Split] {
			nc := *c
			nc.EV[Split] = s.ndas / s.weight[Split]
			nc.chooseCode(NoAction)
			ndasBest = nc.Code.Best
		}
		c.chooseCode(ndasBest)
	}
	return t
}

// solveFiniteUp fills the cells against one up card (each goroutine owns
// the cells of its column) and returns the round's EV given that up card.
func solveFiniteUp(t *Table, sums []cellSum, shoe Shoe, up Rank) float64 {
	r := t.Rules
	f := newFiniteUp(r, shoe, up)
	f.split = t.Split
	h := f.hands([10]uint8{})
	t.Dealer[up-1] = f.unconditionalDealer()
	bj := r.BlackjackPays.Float()
	ev := 0.0
	for _, s := range f.starts() {
		var hand [10]uint8
		hand[s.a-1]++
		hand[s.b-1]++
		q := f.bjProb(hand)
		pair := 0
		if s.a == s.b {
			pair = s.a
		}
		c, weight, ndas := f.handValues(h, hand, s.p, pair, t.Conditioning)
		kind, row := cellOf(s.a, s.b)
		sums[cellIndex(kind, row, up)].add(&c, weight, ndas)
		if s.a == 1 && s.b == 10 {
			ev += s.p * (1 - q) * bj // a dealer blackjack pushes
			continue
		}
		c.chooseCode(NoAction)
		best := c.Best()
		if t.Conditioning == NoDealerBlackjack {
			best = best*(1-q) - q
		}
		ev += s.p * best
		if pair == 2 || pair == 10 || pair == 1 {
			c.Legal[Split] = false
			kind, row := Hard, 2*pair-4
			if pair == 1 {
				kind, row = Soft, 0
			}
			sums[cellIndex(kind, row, up)].add(&c, weight, 0)
		}
	}
	hard21 := [10]uint8{1: 1, 8: 1, 9: 1}
	c, _, _ := f.handValues(h, hard21, 1, 0, t.Conditioning)
	sums[cellIndex(Hard, 17, up)].add(&c, 1, 0)
	return ev
}
