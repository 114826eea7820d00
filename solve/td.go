package solve

// The best total-dependent (TD) chart for a finite shoe.
//
// A chart decides by totals, as printed charts do: each row (hard 4..21,
// soft 12..21, each pair) holds a two-card action with the play to fall back
// on where it is not allowed (after a split: no surrender, doubling only
// with DAS), and each total holds a hit/stand play for hands of three or
// more cards. Split hands take their first decision from the row of their
// two cards (a pair at the hand limit from the hard row of its total, as
// the published charts say) and hit or stand by the three-card play after.
//
// The chart maximises the round's EV when the whole chart is played
// exactly, splits and multi-card hands included, not a per-cell average.
// Against each up card separately (the up cards share no decision):
//
//  1. Start from the per-cell best of the composition-dependent averages.
//  2. Value the chart exactly: one pass over each hand graph (tdUp.eval).
//  3. Compute, for every single change of one decision, its exact effect on
//     the round's EV (tdUp.changes): a hand meets each total's three-card
//     decision at most once (hard totals only rise, soft totals rise or turn
//     hard), so the effect of flipping one total is the sum over the hands
//     that reach it of P(reach) times the difference in value there; the
//     effect of changing a row is the sum over the two-card hands that use
//     it, split hands included.
//  4. Apply the best improving change and repeat until none improves the EV.
//
// The result is a chart no single decision change improves (a local
// optimum over single changes, checked by TestChartLocallyOptimal against
// brute-force re-evaluation).

const numRows = numHardRows + numSoftRows + numPairRows

// softTwentyOne is the node class of a soft 21. A chart stands on it: its
// soft rows end at A9 (A,T is a blackjack), so it has no row to say hit,
// though under a Charlie paying more than a 21 the best play may hit a
// four-card soft 21.
const softTwentyOne = 32 + 21

// rowOf returns the global row number (0..numRows-1) of a table row.
func rowOf(kind TableKind, row int) int { return cellIndex(kind, row, 2) / len(UpCards) }

// tdChart is a total-dependent strategy against one up card.
type tdChart struct {
	act      [numRows]Action // two-card action per row
	fallback [numRows]Action // Hit or Stand where act is not allowed (double, surrender)
	hit      [64]bool        // three or more cards: hit, by node class
}

// start is a two-card hand against the up card.
type start struct {
	a, b  int
	node  int32
	p     float64 // P(dealt this hand | up card)
	q     float64 // P(dealer blackjack | this hand)
	row   int
	bj    bool
	legal [Surrender + 1]bool
	u     [Surrender + 1]float64 // unconditional EV of each action under the chart being valued
}

// tdUp values and optimises charts against one up card.
type tdUp struct {
	f      *finiteUp
	base   *valuedShape
	starts []start
	plans  [11]*splitPlan // by pair rank; nil for a pair the one chart valued does not split (newTDUpFor)
	pairs  [11]int        // index in starts of the pair, by rank; -1 if none
	rowUse [numRows][]int // starts by row
	legal  [numRows][Surrender + 1]bool
}

func newTDUp(f *finiteUp) *tdUp { return newTDUpFor(f, nil) }

// newTDUpFor is newTDUp for valuing chart alone if it is not nil: the
// plans of the pairs it splits only, and no composition-dependent plays.
func newTDUpFor(f *finiteUp, chart *tdChart) *tdUp {
	t := &tdUp{f: f, base: f.valued(f.lay.base)}
	for row := range t.legal {
		for _, a := range Actions {
			t.legal[row][a] = rowLegal(f.r, row, a)
		}
	}
	m, total := f.remaining([10]uint8{})
	for i := range t.pairs {
		t.pairs[i] = -1
	}
	for a := 1; a <= 10; a++ {
		for b := a; b <= 10; b++ {
			var p float64
			if a == b {
				p = float64(m[a-1]) * float64(m[a-1]-1) / float64(total) / float64(total-1)
			} else {
				p = 2 * float64(m[a-1]) * float64(m[b-1]) / float64(total) / float64(total-1)
			}
			if p <= 0 {
				continue
			}
			var hand [10]uint8
			hand[a-1]++
			hand[b-1]++
			kind, row := cellOf(a, b)
			s := start{a: a, b: b, p: p, q: f.bjProb(hand), row: rowOf(kind, row), bj: a == 1 && b == 10}
			s.node = t.base.find(hand)
			n := &t.base.nodes[s.node]
			s.legal[Stand], s.legal[Hit] = true, true
			s.legal[Double] = f.r.Double.Allows(n.total(), n.soft())
			s.legal[Surrender] = f.r.Surrender != NoSurrender
			if a == b {
				s.legal[Split] = true
				t.pairs[a] = len(t.starts)
				if chart == nil || chart.act[s.row] == Split {
					t.plans[a] = f.splitPlan(a)
				}
			}
			t.rowUse[s.row] = append(t.rowUse[s.row], len(t.starts))
			t.starts = append(t.starts, s)
		}
	}
	if chart == nil {
		t.base.cd()
	}
	return t
}

// unconditional converts W of a start's action to its unconditional EV:
// under PEEK and OBO a dealer blackjack takes the original bet whatever the
// player does; under ENHC W already counts it.
func (t *tdUp) unconditional(s *start, w float64) float64 {
	if t.f.r.HoleCard == ENHC {
		return w
	}
	return w - s.q
}

// surrenderEV is the unconditional EV of surrendering a start: early
// surrender always returns half the bet, late only if the dealer has no
// blackjack.
func (t *tdUp) surrenderEV(s *start) float64 {
	if t.f.r.Surrender == EarlySurrender {
		return -0.5
	}
	return -0.5*(1-s.q) - s.q
}

// fixedValues fills the actions whose value does not depend on later play.
func (t *tdUp) fixedValues(s *start) {
	s.u[Stand] = t.unconditional(s, t.base.stand[s.node])
	if s.legal[Double] {
		s.u[Double] = t.unconditional(s, t.base.doubleValue(s.node))
	}
	if s.legal[Surrender] {
		s.u[Surrender] = t.surrenderEV(s)
	}
}

// splitRow returns the row a split hand takes its first decision from.
func splitRow(n *node) int {
	switch {
	case n.soft() || n.ace:
		if n.hand[0] == 2 {
			return rowOf(Soft, 0) // A,A at the limit: soft 12
		}
		return rowOf(Soft, int(n.sum)-2)
	}
	return rowOf(Hard, int(n.sum)-4)
}

// resolveAction returns what a split hand does under a chart action.
func resolveAction(a, fallback Action, o splitOptions) Action {
	switch {
	case o.mustStand:
		return Stand
	case a == Double && o.canDouble:
		return Double
	case a == Double || a == Surrender || a == Split:
		return fallback
	}
	return a
}

// resolve returns the value of a chart action for a split hand.
func resolve(a, fallback Action, o splitOptions) float64 {
	switch resolveAction(a, fallback, o) {
	case Double:
		return o.double
	case Hit:
		return o.hit
	}
	return o.stand
}

// splitHand is a split hand valued under a chart.
type splitHand struct {
	ctx    *valuedShape
	node   int32
	row    int
	weight float64 // P(the pair) * its weight in the split
	opt    splitOptions
	hits   bool // the chart's first decision is to hit
}

// tdValues is a chart valued against one up card.
type tdValues struct {
	ev     float64 // the round's EV given the up card
	v      map[*valuedShape][]float64
	hitAt  map[*valuedShape][]bool
	splits []splitHand                // split hands of the pairs the chart splits
	reach  map[*valuedShape][]float64 // tdUp.reach, once computed
}

// spares keeps arrays of node values that their users are done with, by
// valuedShape, for the next to need one: the optimisation's charts, the
// post-split plays, and (through upScratch) the next up card's.
type spares struct {
	floats map[*valuedShape][][]float64
	bools  map[*valuedShape][][]bool
}

func newSpares() *spares {
	return &spares{floats: map[*valuedShape][][]float64{}, bools: map[*valuedShape][][]bool{}}
}

// take returns an emptied array of a valuedShape's length from pool, or a new one.
func take[T any](pool map[*valuedShape][][]T, x *valuedShape) []T {
	if l := pool[x]; len(l) > 0 {
		s := l[len(l)-1]
		pool[x] = l[:len(l)-1]
		clear(s)
		return s
	}
	return make([]T, len(x.nodes))
}

// release keeps the arrays of a chart's values for the next to need
// them: tv must not be used again.
func (t *tdUp) release(tv *tdValues) {
	sp := t.f.spares
	for x, v := range tv.v {
		sp.floats[x] = append(sp.floats[x], v)
	}
	for x, r := range tv.reach {
		sp.floats[x] = append(sp.floats[x], r)
	}
	for x, h := range tv.hitAt {
		sp.bools[x] = append(sp.bools[x], h)
	}
}

func (t *tdUp) hitSlice(x *valuedShape, ch *tdChart) []bool {
	hit := take(t.f.spares.bools, x)
	for i := range x.nodes {
		hit[i] = ch.hit[x.nodes[i].class()]
	}
	return hit
}

// eval values a chart: every start's actions (in s.u), the round's EV, and
// what changes needs.
func (t *tdUp) eval(ch *tdChart, das bool) *tdValues {
	r := t.f.r
	tv := &tdValues{v: map[*valuedShape][]float64{}, hitAt: map[*valuedShape][]bool{}}
	play := func(x *valuedShape) []float64 {
		if v, ok := tv.v[x]; ok {
			return v
		}
		tv.hitAt[x] = t.hitSlice(x, ch)
		v := take(t.f.spares.floats, x)
		x.play(tv.hitAt[x], v)
		tv.v[x] = v
		return v
	}
	vb := play(t.base)
	for si := range t.starts {
		s := &t.starts[si]
		t.fixedValues(s)
		s.u[Hit] = t.unconditional(s, t.base.hitValue(s.node, vb))
		if s.legal[Split] && t.plans[s.a] != nil {
			plan := t.plans[s.a]
			w := 0.0
			splits := ch.act[s.row] == Split
			plan.hands(func(h int, x *valuedShape, i int32, weight float64) {
				o := t.f.splitOptions(x, i, das, play(x), x.doubleValue)
				row := splitRow(&x.nodes[i])
				w += weight * resolve(ch.act[row], ch.fallback[row], o)
				if splits {
					hits := resolveAction(ch.act[row], ch.fallback[row], o) == Hit
					tv.splits = append(tv.splits, splitHand{x, i, row, s.p * weight, o, hits})
				}
			})
			s.u[Split] = t.unconditional(s, w)
		}
		if s.bj {
			tv.ev += s.p * r.blackjackEV(s.q)
		} else {
			tv.ev += s.p * s.u[ch.act[s.row]]
		}
	}
	return tv
}

// reach returns, for every node of every valuedShape the chart plays, the
// probability (given the up card) that a hand reaches it and decides there
// by its three-card play. tv must value ch; the result is kept in tv.
func (t *tdUp) reach(ch *tdChart, tv *tdValues) map[*valuedShape][]float64 {
	if tv.reach != nil {
		return tv.reach
	}
	reach := map[*valuedShape][]float64{}
	get := func(x *valuedShape) []float64 {
		if r, ok := reach[x]; ok {
			return r
		}
		r := take(t.f.spares.floats, x)
		reach[x] = r
		return r
	}
	seed := map[*valuedShape][]float64{} // two-card hands that hit first
	add := func(x *valuedShape, i int32, p float64) {
		if seed[x] == nil {
			seed[x] = take(t.f.spares.floats, x)
		}
		seed[x][i] += p
	}
	for _, s := range t.starts {
		if !s.bj && ch.act[s.row] == Hit {
			add(t.base, s.node, s.p)
		}
	}
	for _, sh := range tv.splits {
		if sh.hits {
			add(sh.ctx, sh.node, sh.weight)
		}
	}
	for x, sd := range seed {
		r := get(x)
		hit := tv.hitAt[x]
		for i := len(x.nodes) - 1; i >= 0; i-- { // parents first
			n := &x.nodes[i]
			first := sd[i]
			total := r[i] + first
			if total == 0 || !n.canHit() {
				continue
			}
			if first == 0 && !hit[i] {
				continue // reached by a hit, but the chart stands here
			}
			// A seeded two-card hand hits by its row; a three-card hand by the chart.
			flow := first
			if hit[i] {
				flow += r[i]
			}
			for c, j := range n.next {
				if j >= 0 {
					r[j] += flow * x.chance(int32(i), c)
				}
			}
		}
	}
	for x, sd := range seed {
		t.f.spares.floats[x] = append(t.f.spares.floats[x], sd)
	}
	tv.reach = reach
	return reach
}

// contexts lists every valuedShape the chart plays in, in a fixed order.
func (t *tdUp) contexts() []*valuedShape {
	xs := []*valuedShape{t.base}
	for _, p := range t.plans {
		if p != nil {
			xs = append(xs, p.ctx[2:p.contexts+1]...)
		}
	}
	return xs
}

// change is one decision change and its exact effect on the EV.
type change struct {
	delta float64
	kind  changeKind
	row   int    // the row changed (row actions and fallbacks); the class flipped (three-card plays)
	to    Action // the row's new action (row actions), or its new fallback (fallbacks)
}

// apply makes the change to a chart.
func (c change) apply(ch *tdChart) {
	switch c.kind {
	case threeCardPlay:
		ch.hit[c.row] = !ch.hit[c.row]
	case rowAction:
		ch.act[c.row] = c.to
	case rowFallback:
		ch.fallback[c.row] = c.to
	}
}

type changeKind int

const (
	noChange changeKind = iota
	threeCardPlay
	rowAction
	rowFallback
)

// changes lists the effect of every single decision change.
func (t *tdUp) changes(ch *tdChart, tv *tdValues) []change {
	out := make([]change, 0, 64+numRows*(Surrender+1)) // at most a flip a class and a change an action a row
	// Three-card plays.
	var delta [64]float64
	var used [64]bool
	reach := t.reach(ch, tv)
	for _, x := range t.contexts() { // a fixed order keeps the sums, and so the chart, deterministic
		r := reach[x]
		if r == nil {
			continue
		}
		v, hit := tv.v[x], tv.hitAt[x]
		for i, ri := range r {
			n := &x.nodes[i]
			if ri == 0 || n.cards < 3 || !n.canHit() {
				continue
			}
			alt := x.stand[i]
			if !hit[i] {
				alt = x.hitValue(int32(i), v)
			}
			delta[n.class()] += ri * (alt - v[i])
			used[n.class()] = true
		}
	}
	for k := range delta {
		if used[k] && k != softTwentyOne {
			out = append(out, change{delta[k], threeCardPlay, k, NoAction})
		}
	}
	// Rows: two-card actions and fallbacks.
	var post [numRows][]int // split hands by row
	for i, sh := range tv.splits {
		post[sh.row] = append(post[sh.row], i)
	}
	for row := 0; row < numRows; row++ {
		cur := ch.act[row]
		for _, a := range Actions {
			if a == cur || !t.rowLegal(row, a) {
				continue
			}
			d := 0.0
			for _, si := range t.rowUse[row] {
				s := &t.starts[si]
				if !s.bj {
					d += s.p * (s.u[a] - s.u[cur])
				}
			}
			for _, i := range post[row] {
				sh := &tv.splits[i]
				d += sh.weight * (resolve(a, ch.fallback[row], sh.opt) - resolve(cur, ch.fallback[row], sh.opt))
			}
			out = append(out, change{d, rowAction, row, a})
		}
		if cur == Double || cur == Surrender {
			alt := Hit
			if ch.fallback[row] == Hit {
				alt = Stand
			}
			d := 0.0
			for _, i := range post[row] {
				sh := &tv.splits[i]
				d += sh.weight * (resolve(cur, alt, sh.opt) - resolve(cur, ch.fallback[row], sh.opt))
			}
			out = append(out, change{d, rowFallback, row, alt})
		}
	}
	return out
}

// rowLegal reports whether a row may hold an action.
func (t *tdUp) rowLegal(row int, a Action) bool { return t.legal[row][a] }

// rowLegal reports whether a row may hold an action under the rules: two-card
// hands of the row may take it (split only in pair rows).
func rowLegal(r Rules, row int, a Action) bool {
	kind, i := rowKind(row)
	sum, ace, pair := handCards(kind, rowNames[kind][i])
	total := effective(sum, ace)
	switch a {
	case Stand, Hit:
		return true
	case Double:
		return r.Double.Allows(total, ace && sum+10 <= 21)
	case Surrender:
		return r.Surrender != NoSurrender
	case Split:
		return pair != 0
	}
	return false
}

func rowKind(row int) (TableKind, int) {
	switch {
	case row >= numHardRows+numSoftRows:
		return Pairs, row - numHardRows - numSoftRows
	case row >= numHardRows:
		return Soft, row - numHardRows
	}
	return Hard, row
}

// optimize improves the chart by single changes until none helps, and
// returns its final values.
func (t *tdUp) optimize(ch *tdChart, das bool) *tdValues {
	const tolerance = 1e-14 // below float noise of an EV sum; stops cycling
	for iter := 0; ; iter++ {
		tv := t.eval(ch, das)
		best := change{delta: tolerance}
		for _, c := range t.changes(ch, tv) {
			if c.delta > best.delta {
				best = c
			}
		}
		if best.kind == noChange || iter > 10000 {
			return tv
		}
		best.apply(ch)
		t.release(tv)
	}
}

// cellOf returns the table and row a two-card start is played from.
func cellOf(a, b int) (TableKind, int) {
	switch {
	case a == b:
		return Pairs, (a + 8) % 10
	case a == 1 || b == 1:
		return Soft, a + b - 2
	}
	return Hard, a + b - 4
}
