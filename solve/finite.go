package solve

import (
	"bjchart/solve/panics"
	"context"
	"math"
	"runtime"
	"sync/atomic"
)

// A Hand is a two-card start against an up card with its
// composition-dependent (CD) EVs: every later decision is the best for the
// exact cards, splits valued under Table.Split.
type Hand struct {
	Cards [2]Rank // low rank first (ace lowest)
	Up    Rank
	Prob  float64 // P(dealt these cards | up card)
	// Freq is the probability per round that these are the first two cards
	// against this up card and the player decides on them (under a peek:
	// the dealer has no blackjack).
	Freq float64
	// EV holds each legal action's EV in the table's conditioning.
	EV    [Surrender + 1]float64
	Legal [Surrender + 1]bool
	Best  Action // the CD best first action
	Chart Action // the chart's first action for these cards
}

// Total returns the hand's total and whether it is soft.
func (h *Hand) Total() (total int, soft bool) {
	sum, ace := int(h.Cards[0]+h.Cards[1]), h.Cards[0] == 1
	return effective(sum, ace), ace && sum+10 <= 21
}

// A Composition is an unsplit hand of three or more cards, which may still
// draw, against an up card: its composition-dependent EVs (hit: draw, then
// the best play for the exact cards) and how often a player of the chart
// meets it.
type Composition struct {
	Counts [10]uint8 // cards of each rank, ace first (index rank-1)
	Up     Rank
	Total  int
	Soft   bool
	// Freq is the probability per round that a player following the chart
	// reaches these cards and decides here (under a peek: with the dealer
	// holding no blackjack).
	Freq float64
	// EV holds the EVs of Stand, Hit and (CanDouble) Double in the
	// table's conditioning.
	EV        [Double + 1]float64
	CanDouble bool   // DANY: the hand may double
	Best      Action // the CD play: Stand, Hit or Double
	Chart     Action // the chart's play for hands of this total with three or more cards
}

// Cards returns the composition's cards, low rank first (ace lowest).
func (c *Composition) Cards() []Rank {
	var out []Rank
	for i, n := range c.Counts {
		for range n {
			out = append(out, Rank(i+1))
		}
	}
	return out
}

// Hand returns the two-card start with these cards (low rank first, ace
// lowest) against up, or nil.
func (t *Table) Hand(cards [2]Rank, up Rank) *Hand {
	for i := range t.Hands {
		if h := &t.Hands[i]; h.Cards == cards && h.Up == up {
			return h
		}
	}
	return nil
}

// upResult is what one up card adds to a finite table.
type upResult struct {
	ev    float64    // the chart's round EV given the up card
	cd    [2]float64 // CD round EV given the up card, by split strategy
	nat   float64    // the chance of a player blackjack the dealer does not match, given the up card (Table.naturals)
	hands []Hand
	comps []Composition
	td    *tdUp // kept for valuing other strategies
}

// solveFiniteWith fills a Table for a finite shoe, the up cards in
// parallel (each owns the cells of its column). It returns each up card's
// hand graphs only if keep is set: otherwise an up card's graphs are
// garbage once its column is filled, which bounds a solve's memory by the
// up cards in progress rather than all ten.
func solveFiniteWith(ctx context.Context, r Rules, shoe Shoe, opt Options, keep bool) (*Table, [10]*tdUp) {
	t := &Table{Rules: r, Conditioning: conditioning(r), Split: opt.Split, Shoe: shoe}
	t.Cells = newCells()
	lay := opt.Cache.layout(r, shoe)
	var results [10]upResult
	var scratch [10]*upScratch // by worker, when the up cards' graphs are not kept
	eachUp(func(worker int, up Rank) {
		if ctx.Err() != nil {
			return // the table is thrown away (newSolver: the context's error)
		}
		if keep {
			results[up-1] = solveFiniteUp(t, lay, up, nil, opt.HandsOnly)
			return
		}
		if scratch[worker] == nil {
			scratch[worker] = &upScratch{ctxs: map[*shape]*valuedShape{}, spares: newSpares()}
		}
		res := solveFiniteUp(t, lay, up, scratch[worker], opt.HandsOnly)
		res.td = nil
		results[up-1] = res
	})
	var hands, comps int
	for _, res := range results {
		hands, comps = hands+len(res.hands), comps+len(res.comps)
	}
	t.Hands, t.Compositions = make([]Hand, 0, hands), make([]Composition, 0, comps)
	total := float64(shoe.Total())
	for _, up := range UpCards {
		pu := float64(shoe.Counts[up-1]) / total
		res := &results[up-1]
		t.EV += pu * res.ev
		t.naturals += pu * res.nat
		for s := range t.CDEV {
			t.CDEV[s] += pu * res.cd[s]
		}
		t.Hands = append(t.Hands, res.hands...)
		t.Compositions = append(t.Compositions, res.comps...)
	}
	var tds [10]*tdUp // nil unless kept
	for i := range tds {
		tds[i] = results[i].td
	}
	return t, tds
}

// eachUp calls f for every up card (in parallel) and waits for them all.
// The up cards share no state: each f owns its up card's cells and
// graphs. Running no more up cards than there are processors keeps only
// those up cards' work in memory.
func eachUp(f func(worker int, up Rank)) {
	parallel(len(upOrder), func(worker, i int) { f(worker, upOrder[i]) })
}

// parallel calls f(worker, i) for every i from 0 to n-1, in order, on as
// many goroutines as the process may run at once (worker numbers them
// from 0, and no two calls with the same worker overlap), and waits for
// them all.
func parallel(n int, f func(worker, i int)) {
	var next atomic.Int64
	var wg panics.Group // a worker's panic raised again by Wait
	for worker := range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(worker, i)
			}
		})
	}
	wg.Wait()
}

// upOrder is the order eachUp takes the up cards in: the longest solves
// first (the dealer draws most behind a small card), so that the last to
// finish is a short one.
var upOrder = [...]Rank{2, 3, 4, 5, 6, 7, 8, 9, 1, 10}

// newCells returns the empty cells of a table, in Table.Cells order.
func newCells() []Cell {
	var cells []Cell
	for _, kind := range []TableKind{Hard, Soft, Pairs} {
		for _, hand := range rowNames[kind] {
			for _, up := range UpCards {
				cells = append(cells, Cell{Table: kind, Hand: hand, Up: up})
			}
		}
	}
	return cells
}

// upScratch holds the arrays of an up card's solve that the next up card
// on the same goroutine can fill again instead of allocating: the
// contexts by shape and the contraction's. A solve with the memory of a
// few up cards rather than ten touches fewer fresh pages, which is much
// of a whole process's time.
type upScratch struct {
	ctxs   map[*shape]*valuedShape
	work   contraction
	spares *spares
}

// solveFiniteUp computes the CD values, optimises the chart and fills the
// cells against one up card (handsOnly: not the cells, and splits under
// the table's split strategy alone; Options.HandsOnly). If scratch is not nil the up card's graphs
// are filled into its arrays and left there for the next: the result's td
// must not be kept.
func solveFiniteUp(t *Table, lay *layout, up Rank, scratch *upScratch, handsOnly bool) upResult {
	r := t.Rules
	f := newFiniteUpIn(r, lay, up, scratch)
	t.Dealer[up-1] = f.unconditionalDealer()
	td := newTDUp(f)
	base := td.base

	// Composition-dependent values of every start.
	var res upResult
	cdU := make([][Surrender + 1]float64, len(td.starts))
	cdSplit := make([][2]float64, len(td.starts))
	for si := range td.starts {
		s := &td.starts[si]
		td.fixedValues(s)
		u := s.u
		u[Hit] = td.unconditional(s, base.hitValue(s.node, base.best))
		if s.legal[Double] && r.Rescue {
			u[Double] = td.unconditional(s, base.cdDouble(s.node)) // the best play rescues; the chart does not
		}
		if s.legal[Split] {
			for strat := range cdSplit[si] {
				if !handsOnly || SplitStrategy(strat) == t.Split {
					cdSplit[si][strat] = td.unconditional(s, f.cdSplit(td.plans[s.a], SplitStrategy(strat), r.DAS))
				}
			}
			u[Split] = cdSplit[si][t.Split]
		}
		cdU[si] = u
		if s.bj {
			res.nat += s.p * (1 - s.q)
		}
		for strat := range res.cd {
			if s.bj {
				res.cd[strat] += s.p * r.blackjackEV(s.q)
				continue
			}
			v := u
			v[Split] = cdSplit[si][strat]
			res.cd[strat] += s.p * v[bestAction(v, s.legal)]
		}
	}

	if handsOnly { // its splits were not valued: no number rather than a wrong one
		res.cd[1-t.Split] = math.NaN()
	}

	ch := td.initialChart(cdU)
	tv := td.optimize(ch, r.DAS)
	res.ev = tv.ev
	res.td = td
	if !handsOnly {
		td.fillCells(t, up, ch, tv)
	}

	for si := range td.starts {
		s := &td.starts[si]
		if s.bj {
			continue
		}
		h := Hand{Cards: [2]Rank{Rank(s.a), Rank(s.b)}, Up: up, Prob: s.p, Legal: s.legal, Chart: ch.act[s.row],
			Freq: pUp(t.Shoe, up) * s.p * td.base.noBlackjack(s.node)}
		h.Best = bestAction(cdU[si], s.legal)
		for _, a := range Actions {
			if s.legal[a] {
				h.EV[a] = td.display(t.Conditioning, s, cdU[si][a])
			}
		}
		res.hands = append(res.hands, h)
	}
	res.comps = td.compositions(t.Conditioning, ch, tv, pUp(t.Shoe, up))
	if scratch != nil { // for the next up card
		td.release(tv)
	}
	return res
}

// pUp returns the probability of an up card.
func pUp(shoe Shoe, up Rank) float64 {
	return float64(shoe.Counts[up-1]) / float64(shoe.Total())
}

// compositions lists the unsplit hands of three or more cards that may
// draw, with their CD values and their frequency under the chart; pu is
// the up card's probability. They are in the layout's order: by total,
// hard before soft, then by cards (aces first).
func (t *tdUp) compositions(cond Conditioning, ch *tdChart, tv *tdValues, pu float64) []Composition {
	x := t.base
	reach := t.reach(ch, tv)[x]
	out := make([]Composition, 0, len(t.f.lay.multi))
	for _, i := range t.f.lay.multi {
		n := &x.nodes[i]
		if !x.dealt[i] {
			continue
		}
		s := &start{q: t.f.bjProb(n.hand)}
		c := Composition{Counts: n.hand, Up: t.f.up, Total: n.total(), Soft: n.soft(),
			Best: Stand, Chart: Stand}
		c.EV[Stand] = t.display(cond, s, t.unconditional(s, x.stand[i]))
		c.EV[Hit] = t.display(cond, s, t.unconditional(s, x.hitValue(i, x.best)))
		if x.cdHit[i] {
			c.Best = Hit
		}
		if x.canDoubleMulti(int(i)) {
			c.CanDouble = true
			c.EV[Double] = t.display(cond, s, t.unconditional(s, x.cdDouble(i)))
			if x.cdDbl[i] {
				c.Best = Double
			}
		}
		if ch.hit[n.class()] {
			c.Chart = Hit
		}
		if reach != nil {
			c.Freq = pu * reach[i] * x.noBlackjack(i)
		}
		out = append(out, c)
	}
	return out
}

// bestAction returns the legal action with the highest value.
func bestAction(u [Surrender + 1]float64, legal [Surrender + 1]bool) Action {
	best := NoAction
	for _, a := range Actions {
		if legal[a] && (best == NoAction || u[a] > u[best]) {
			best = a
		}
	}
	return best
}

// display converts a start's unconditional EV to the table's conditioning.
func (t *tdUp) display(cond Conditioning, s *start, u float64) float64 {
	if cond == NoDealerBlackjack {
		return (u + s.q) / (1 - s.q)
	}
	return u
}

// rowStarts returns the starts whose values a row's cell shows: its own
// two-card hands, or for rows no other two cards make the pair played
// unsplit (hard 4: 2-2, hard 20: T-T, soft 12: A-A) and A-T as a plain soft 21.
func (t *tdUp) rowStarts(row int) []int {
	var out []int
	for _, si := range t.rowUse[row] {
		if !t.starts[si].bj {
			out = append(out, si)
		}
	}
	if len(out) > 0 {
		return out
	}
	kind, i := rowKind(row)
	switch {
	case kind == Hard && i == 0 && t.pairs[2] >= 0:
		return []int{t.pairs[2]}
	case kind == Hard && i == 16 && t.pairs[10] >= 0:
		return []int{t.pairs[10]}
	case kind == Soft && i == 0 && t.pairs[1] >= 0:
		return []int{t.pairs[1]}
	case kind == Soft && i == 9:
		return t.rowUse[row] // A-T
	}
	return nil
}

// initialChart is the per-cell best of the CD averages, the start of the
// optimisation.
func (t *tdUp) initialChart(cdU [][Surrender + 1]float64) *tdChart {
	ch := &tdChart{}
	var hitBetter [numRows]bool
	for row := 0; row < numRows; row++ {
		var sum [Surrender + 1]float64
		for _, si := range t.rowStarts(row) {
			for _, a := range Actions {
				sum[a] += t.starts[si].p * cdU[si][a]
			}
		}
		ch.act[row] = Stand
		for _, a := range Actions {
			if t.rowLegal(row, a) && sum[a] > sum[ch.act[row]] {
				ch.act[row] = a
			}
		}
		hitBetter[row] = sum[Hit] > sum[Stand]
		ch.fallback[row] = Stand
		if hitBetter[row] {
			ch.fallback[row] = Hit
		}
	}
	for total := 4; total <= 21; total++ {
		ch.hit[total] = total <= 11 || (total < 17 && hitBetter[rowOf(Hard, total-4)])
	}
	for total := 12; total <= 21; total++ {
		ch.hit[32+total] = total <= 17 || (total < 19 && hitBetter[rowOf(Soft, total-12)])
	}
	return ch
}

// fillCells writes the chart's cells for one up card: each action's EV
// under the chart (later decisions by the chart too), averaged over the
// cell's two-card hands; the chart's code; the three-card play; and the
// margin, the EV per occurrence that the best other action would cost.
func (t *tdUp) fillCells(tab *Table, up Rank, ch *tdChart, tv *tdValues) {
	r := t.f.r
	cond := tab.Conditioning
	// Where a pair is split, what would the chart do without DAS?
	var ndasBest [11]Action
	if r.DAS {
		t.release(t.eval(ch, false)) // only the starts' values, which it sets
		for c := 1; c <= 10; c++ {
			si := t.pairs[c]
			if si < 0 {
				continue
			}
			ndasBest[c] = bestAction(t.starts[si].u, t.starts[si].legal)
		}
		tv = t.eval(ch, r.DAS) // restore the starts' values
	}
	// The cost of the best alternative for each row, and how often the row
	// decides a hand (under a peek only when the dealer has no blackjack, so
	// that margins are per decision, like the cells' EVs).
	var cost, used [numRows]float64
	var costOf [numRows][Surrender + 1]float64 // round EV given up by each other action
	for row := range cost {
		cost[row] = -1
	}
	for _, c := range t.changes(ch, tv) {
		if c.kind != rowAction {
			continue
		}
		costOf[c.row][c.to] = -c.delta
		if cost[c.row] < 0 || -c.delta < cost[c.row] {
			cost[c.row] = -c.delta
		}
	}
	pu := pUp(tab.Shoe, up)
	for row := range used {
		for _, si := range t.rowUse[row] {
			if s := &t.starts[si]; !s.bj {
				used[row] += s.p * t.f.noBlackjack(t.base.nodes[s.node].hand)
			}
		}
	}
	for _, sh := range tv.splits {
		used[sh.row] += sh.weight * sh.ctx.noBlackjack(sh.node)
	}
	var reached [64]float64 // P(a hand of three or more cards decides at each class)
	reach := t.reach(ch, tv)
	for _, x := range t.contexts() {
		for i, ri := range reach[x] {
			if n := &x.nodes[i]; n.cards >= 3 && n.canHit() && ri != 0 {
				reached[n.class()] += ri * x.noBlackjack(int32(i))
			}
		}
	}
	for row := 0; row < numRows; row++ {
		kind, i := rowKind(row)
		c := &tab.Cells[cellIndex(kind, i, up)]
		var sum [Surrender + 1]float64
		weight := 0.0
		for _, si := range t.rowStarts(row) {
			s := &t.starts[si]
			w := s.p
			if cond == NoDealerBlackjack {
				w *= 1 - s.q
			}
			weight += w
			for _, a := range Actions {
				if s.legal[a] && (a != Split || kind == Pairs) {
					c.Legal[a] = true
					sum[a] += w * t.display(cond, s, s.u[a])
				}
			}
		}
		c.Impossible = weight == 0 && !(kind == Hard && c.Hand == "21")
		if weight == 0 && !c.Impossible { // hard 21: no two-card hand; value T-9-2
			hand := [10]uint8{1: 1, 8: 1, 9: 1}
			i := t.base.find(hand)
			c.Legal[Stand], c.Legal[Hit] = true, true
			s := &start{q: t.f.bjProb(hand)}
			sum[Stand] = t.display(cond, s, t.unconditional(s, t.base.stand[i]))
			sum[Hit] = t.display(cond, s, t.unconditional(s, t.base.hitValue(i, t.base.best)))
			weight = 1
		}
		for _, a := range Actions {
			if c.Legal[a] {
				c.EV[a] = sum[a] / weight
			}
		}
		if c.Impossible {
			c.Legal = [Surrender + 1]bool{}
		}
		c.Code = Code{Best: ch.act[row]}
		switch ch.act[row] {
		case Double:
			c.Code.Fallback = ch.fallback[row]
		case Surrender:
			c.Code.Fallback = ch.fallback[row]
			// A pair the shoe can no longer deal keeps the chart's
			// fallback: it has no start to take the best other action from.
			if si := t.pairs[pairRank(i)]; kind == Pairs && si >= 0 {
				s := &t.starts[si]
				legal := s.legal
				legal[Surrender] = false
				c.Code.Fallback = bestAction(s.u, legal)
			}
		case Split:
			if nb := ndasBest[pairRank(i)]; nb != NoAction && nb != Split {
				c.Code.Fallback = nb
			}
		}
		if kind != Pairs {
			c.MultiCard = Stand
			sum, ace, _ := handCards(kind, c.Hand)
			total := effective(sum, ace)
			class := total
			if kind == Soft {
				class = 32 + total
			}
			if ch.hit[class] && total < 21 {
				c.MultiCard = Hit
			}
			c.MultiFreq = pu * reached[class]
		}
		c.Margin = 0
		if cost[row] >= 0 && used[row] > 0 {
			c.Margin = cost[row] / used[row]
		}
		c.Cost = [Surrender + 1]float64{}
		if used[row] > 0 {
			for a := range costOf[row] {
				c.Cost[a] = costOf[row][a] / used[row]
			}
		}
		c.Freq = pu * used[row]
	}
}

// pairRank returns the rank of pair row i (22..TT, AA).
func pairRank(i int) int { return (i+1)%10 + 1 }
