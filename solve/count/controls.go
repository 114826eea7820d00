package count

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"

	"bjchart/solve"
)

// Control variates for index crossings.
//
// At a given true count, shoes still differ in the ranks the count does
// not see (a +2 shoe rich in nines against one rich in eights), and that
// scatter of the gain is most of an index's standard error. The
// composition of the unseen cards is known on every shoe, and so is how
// it goes with the count: its mean at each count is measured, to any
// precision, on shoes that are only dealt and never solved (ControlShoes
// for each solved one). A crossing's fit then takes, beside the count,
// each rank's share less its mean at that count (the variates): they
// have mean zero at every count, so the line's crossing is unchanged in
// expectation, while the part of the gain they explain (nearly all of
// what a count leaves, since a gain is close to linear in the
// composition) leaves its error. For insurance, whose gain is the tens'
// share, the error is left to the control shoes alone.
//
// The variates' means are fitted as quadratics in the count over the
// crossing's window, weighed as the solved points are (each composition
// of the decision's cards by its chance on its shoe). Their error, from
// the control shoes' finite number, is measured by a grouped jackknife
// over the control shoes and added to the fit's own in the SE; the
// seed-to-seed spread checks the sum (seed_test.go).
//
// A running count's fit (an unbalanced count) takes no variates: it holds
// the depth fixed (the crossing for a shoe dealt to the median depth), and
// at one running count the composition's mean moves with the depth, so
// variates centred on a mean in the count alone would take part of the
// depth's effect and move the crossing (KO's insurance from -1.2 to +3.0
// in a first try). Means in the count and the depth would do; not yet.
//
// At the defaults (600 shoes, 6D S17 DAS LS, the I18 and Fab 4) the SEs
// fall from 0.09-0.73 to 0.007-0.10 for 15% more time. The whole table
// (AllCells) takes variates for its two-card plays and insurance only:
// its hands of three or more cards are weighed by the chart each shoe's
// solve plays, which a shoe that is only dealt does not have.

// ControlShoes is the shoes dealt, not solved, for each solved shoe to
// measure the variates' means.
const ControlShoes = 200

// controlStream offsets the control shoes' random streams from the solved
// shoes' (stream i of the seed).
const controlStream = 1 << 62

// composition is the shares of the cards unseen at the point's count on
// a shoe with left cards (those left less the point's seen ones), each
// less a full 52-card deck's share.
func (p point) composition(left *[10]int) [10]float64 {
	l := *left
	n := -int(p.nseen)
	for _, k := range l {
		n += k
	}
	for _, c := range p.seen[:p.nseen] {
		l[c-1]--
	}
	var d [10]float64
	inv := 1 / float64(n)
	for r, k := range l {
		d[r] = float64(k)*inv - fullShare[r]
	}
	return d
}

// unseen is a shoe's compositions (point.composition) made ready for the
// points that see three cards (a decision's: the player's two and the up
// card): each rank's share less its full deck's for each number of it
// seen. The control shoes' points, millions of them, take theirs from it
// without a division, to the same bits.
type unseen struct {
	left  *[10]int
	three [10][4]float64 // [rank][cards of it seen]
}

func newUnseen(left *[10]int) *unseen {
	u := &unseen{left: left}
	n := -3
	for _, k := range left {
		n += k
	}
	inv := 1 / float64(n)
	for r, k := range left {
		for j := range u.three[r] {
			u.three[r][j] = float64(k-j)*inv - fullShare[r]
		}
	}
	return u
}

// of is p's composition on the shoe.
func (u *unseen) of(p point) [10]float64 {
	if p.nseen != 3 {
		return p.composition(u.left)
	}
	var seen [10]uint8
	for _, c := range p.seen {
		seen[c-1]++
	}
	var d [10]float64
	for r := range d {
		d[r] = u.three[r][seen[r]]
	}
	return d
}

// fullShare is each rank's share of a 52-card deck.
var fullShare = [10]float64{1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 1.0 / 13, 4.0 / 13}

// meanDegree is the degree of the polynomial in the count that a rank's
// mean share is fitted to over a window.
const meanDegree = 2

// A control is one decision's variates: the ranks kept (a rank whose
// share is fixed by the others and the count is left out), and each
// rank's mean share at count x, a polynomial in x over the fit's window.
type control struct {
	kept  []int
	mean  [10][meanDegree + 1]float64 // coefficients of 1, x, x²
	scale [10]float64                 // each kept variate's SD, so that the fit's columns are alike in size
}

// at is rank k's mean share at count x.
func (c *control) at(k int, x float64) float64 {
	v, xj := 0.0, 1.0
	for _, a := range c.mean[k] {
		v += a * xj
		xj *= x
	}
	return v
}

// moments are a decision's weighed sums over control shoes' points within
// its window: of the powers of x, and each rank's share d times them.
type moments struct {
	lo, hi float64
	xp     [2*meanDegree + 1]float64   // Σ w x^j
	xd     [meanDegree + 1][10]float64 // Σ w x^j d
	points int
}

// add adds a point on a shoe, if within the window.
func (m *moments) add(p point, u *unseen) {
	if p.x < m.lo || p.x > m.hi || p.w <= 0 {
		return
	}
	d := u.of(p)
	m.points++
	xj := p.w
	for j := range m.xp {
		m.xp[j] += xj
		if j <= meanDegree {
			for r := range 10 {
				m.xd[j][r] += xj * d[r]
			}
		}
		xj *= p.x
	}
}

// merge adds o's sums to m's (sign 1) or takes them away (-1).
func (m *moments) merge(o *moments, sign float64) {
	m.points += int(sign) * o.points
	for j := range m.xp {
		m.xp[j] += sign * o.xp[j]
	}
	for j := range m.xd {
		for r := range 10 {
			m.xd[j][r] += sign * o.xd[j][r]
		}
	}
}

// means returns each rank's mean share fitted as a polynomial in the
// count from the moments; false if the window holds too few points.
func (m *moments) means() (mean [10][meanDegree + 1]float64, ok bool) {
	if m.points < 100 || m.xp[0] <= 0 {
		return mean, false
	}
	const n = meanDegree + 1
	xtx := square(n)
	for i := range n {
		for j := range n {
			xtx[i][j] = m.xp[i+j]
		}
	}
	inv, ok := invert(xtx)
	if !ok {
		return mean, false
	}
	for r := range 10 {
		for i := range n {
			for j := range n {
				mean[r][i] += inv[i][j] * m.xd[j][r]
			}
		}
	}
	return mean, true
}

// keep sets the variates a fit takes: the ranks whose shares, less their
// means, are not fixed by the count and the ranks kept before them (a
// sweep of their covariance over the observations of the sums, in the
// shares' basis: the shares sum to one, and a balanced count's true count
// is itself a sum of them), each scaled to its SD.
func (c *control) keep(s *sums) {
	xx := full(s.xx, s.basis.size())
	w := xx[0][0]
	c.kept = nil
	if w <= 0 {
		return
	}
	var less [10][]float64 // rank r's share less its mean, in the basis
	for r := range 10 {
		v := make([]float64, len(xx))
		v[3+r] = 1
		for j, a := range c.mean[r] {
			v[j] -= a
		}
		less[r] = v
	}
	var cov [10][10]float64
	for r := range 10 {
		for t := range 10 {
			for a, va := range less[r] {
				for b, vb := range less[t] {
					cov[r][t] += va * xx[a][b] * vb
				}
			}
		}
	}
	orig := cov
	for r := range 10 {
		if orig[r][r] <= 0 || cov[r][r] <= 1e-9*orig[r][r] {
			continue // fixed by the ranks kept and the count
		}
		c.kept = append(c.kept, r)
		c.scale[r] = math.Sqrt(orig[r][r] / w)
		p := cov[r][r]
		for i := range 10 { // sweep r out of the others
			for j := range 10 {
				if i != r && j != r {
					cov[i][j] -= cov[i][r] * cov[r][j] / p
				}
			}
		}
		for i := range 10 {
			cov[i][r], cov[r][i] = 0, 0
		}
	}
}

// A fitted crossing: its count, SE, the line's slope and the shoes
// behind it (NaN where there is none); crosses, with a sign window, tells
// whether the gains themselves change sign there (crossesInData).
type fitted struct {
	idx, se, slope float64
	shoes          int
	crosses        bool
}

// controlledFits samples opt.Shoes shoes with their points' gains, then
// the control shoes without, and fits each of the n decisions' crossings
// with control variates; it returns the fits and the counts of the shoes
// solved. points gives a shoe's points for each decision (with valued
// their gains, else zero; nil for a shoe left out), in buf's room (nil:
// new). The windows are chosen on the first pilotShoes shoes, whose
// points are held until then; every shoe is then added to each
// decision's sums in the shoes' order and its points dropped (sums.go).
// A decision whose control shoes give no points is fitted without
// variates. With signWindow above zero each fit's gains are checked to
// change sign within it of the crossing (crossesInData), the variates'
// part taken out of them. A part of a split run (opt.Shards) gives its
// solved shoes to opt.Solved and returns no fits; a merge (opt.From)
// solves none, and adds the parts' shoes in the same order as one run.
func controlledFits(ctx context.Context, r solve.Rules, sys System, opt Options, n int, points func(left [10]int, c counter, buf [][]point, valued bool) [][]point, signWindow float64) ([]fitted, []float64, error) {
	valued := func(left [10]int, c counter) [][]point { return points(left, c, nil, true) }
	if opt.Shards > 0 {
		samples, err := sampleShoes(ctx, r, sys, opt, valued)
		if err != nil {
			return nil, nil, err
		}
		opt.Solved(solvedOf(samples))
		return nil, nil, nil
	}
	var merged []sample // a merge's shoes, every part's
	var pilot []sample
	var done atomic.Int64
	pilotN := min(opt.Shoes, pilotShoes)
	var err error
	if opt.From != nil {
		if merged, err = samplesFrom(r, sys, opt, opt.From, n); err != nil {
			return nil, nil, err
		}
		pilot = merged[:pilotN]
	} else if err = dealShoes(ctx, r, sys, opt, 0, pilotN, &done, valued, func(_ int, s sample) { pilot = append(pilot, s) }); err != nil {
		return nil, nil, err
	}
	depth, scale := !sys.Balanced(), fitScale(r, sys)
	windows := make([]fitWindow, n)
	onCores(nil, n, func(k int) { // one decision's observations at a time: all of them at once are large
		windows[k] = pilotWindow(observations(pilot, k), depth, scale, pilotN < opt.Shoes)
	})
	var ctlSums [][]moments // none for a running count: its fit is at a fixed depth, and the variates' means are not
	if !depth {
		ms := make([]moments, n)
		for k, w := range windows {
			if w.ok {
				ms[k].lo, ms[k].hi = w.lo, w.hi
			}
		}
		ctlSums, err = controls(ctx, r, sys, opt, ms, func(left [10]int, c counter, buf [][]point) [][]point { return points(left, c, buf, false) })
		if err != nil {
			return nil, nil, err
		}
	}
	all := decisionSums(windows, depth, ctlSums, signWindow)
	var tcs []float64 // of the shoes solved
	for _, s := range pilot {
		if s.points != nil {
			tcs = append(tcs, s.tc)
		}
	}
	onCores(nil, n, func(k int) { // each decision's sums on their own, its shoes in order
		if all[k] == nil {
			return
		}
		var obs []observation
		for i := range pilot {
			if pilot[i].points != nil {
				all[k].addShoe(pilot[i].observations(obs[:0], i, k))
			}
		}
	})
	pilot = nil
	var obs []observation
	add := func(i int, s sample) {
		if s.points == nil {
			return
		}
		tcs = append(tcs, s.tc)
		for k, sk := range all {
			if sk != nil {
				obs = s.observations(obs[:0], i, k)
				sk.addShoe(obs)
			}
		}
	}
	switch {
	case merged != nil:
		for i := pilotN; i < len(merged); i++ {
			add(i, merged[i])
		}
	default:
		if err := dealShoes(ctx, r, sys, opt, pilotN, opt.Shoes, &done, valued, add); err != nil {
			return nil, nil, err
		}
	}
	out := make([]fitted, n)
	for k, sk := range all {
		out[k] = fitted{idx: math.NaN(), se: math.NaN()}
		if sk != nil {
			out[k] = controlledLine(sk, windows[k], depth, opt.Moment == AtDecision, ctlSums, k, signWindow)
		}
	}
	return out, tcs, nil
}

// decisionSums returns each decision's empty sums over its window (nil
// where it has none), in the basis its fit needs: with the depth for a
// running count, with the unseen shares where the control shoes give the
// variates' means, else the count's alone.
func decisionSums(windows []fitWindow, depth bool, ctlSums [][]moments, signWindow float64) []*sums {
	all := make([]*sums, len(windows))
	for k, w := range windows {
		if !w.ok {
			continue
		}
		b := countBasis
		switch {
		case depth:
			b = depthBasis
		case controlMeans(ctlSums, k, w) != nil:
			b = sharesBasis
		}
		all[k] = newSums(b, w.lo, w.hi, signWindow)
	}
	return all
}

// controlMeans returns the control shoes' sums for decision k over its
// window, or nil if they are too few to fit the variates' means.
func controlMeans(ctlSums [][]moments, k int, w fitWindow) *moments {
	if ctlSums == nil {
		return nil
	}
	total := &moments{lo: w.lo, hi: w.hi}
	for _, s := range ctlSums {
		total.merge(&s[k], 1)
	}
	if _, ok := total.means(); !ok {
		return nil
	}
	return total
}

// controlChunks is how the control shoes are divided among the cores:
// each chunk's sums are its own and are added in order, so that the
// result does not depend on how many cores there are.
const controlChunks = 64

// controls deals the control shoes (ControlShoes for each of opt.Shoes, on
// every core, none solved) and returns each chunk's sums for each
// decision over its window; the context's error if ctx ends
// first. points
// gives a shoe's points for each decision, their gains left zero, in buf's
// room.
func controls(ctx context.Context, r solve.Rules, sys System, opt Options, windows []moments, points func(left [10]int, c counter, buf [][]point) [][]point) ([][]moments, error) {
	full := r.FullShoe().Counts
	shoes := ControlShoes * opt.Shoes
	sums := make([][]moments, controlChunks)
	err := onCores(ctx, controlChunks, func(chunk int) {
		m := append([]moments(nil), windows...)
		deck := sortedDeck(full)
		var buf [][]point
		for i := chunk * shoes / controlChunks; i < (chunk+1)*shoes/controlChunks; i++ {
			rng := rand.New(rand.NewPCG(opt.Seed, controlStream+uint64(i)))
			left, c := deal(deck, rng, full, sys, r.Decks, opt.Penetration)
			buf = points(left, c, buf)
			u := newUnseen(&left)
			for k, ps := range buf {
				for _, p := range ps {
					m[k].add(p, u)
				}
			}
		}
		sums[chunk] = m
	})
	if err != nil {
		return nil, err
	}
	return sums, nil
}

// minShoesPerColumn is the fewest shoes in a crossing's window for each
// column of its fit (the count's two and the variates) for the fit to
// take the variates: fewer, and their coefficients fit the shoes' noise.
const minShoesPerColumn = 10

// jackknifeGroups is how many groups of chunks the control shoes' error
// is measured over: the crossing is refitted with each group's shoes
// left out.
const jackknifeGroups = 16

// controlledLine fits decision k's crossing on its sums with control
// variates from the chunks' sums and returns it with its standard error:
// the fit's own (the solved shoes', the variates' means held fixed) and,
// added in quadrature, the means' (a grouped jackknife over the control
// shoes). With signWindow above zero it checks that the gains change
// sign within it of the crossing (crossesInData), the variates' part
// taken out of them.
func controlledLine(s *sums, w fitWindow, depth, clustered bool, ctlSums [][]moments, k int, signWindow float64) fitted {
	plainDesign := design{depth: depth, z0: w.z0}
	plain, _ := s.line(plainDesign, clustered)
	if signWindow > 0 && !math.IsNaN(plain.idx) {
		plain.crosses = s.crossesInData(plain.idx, plain.slope, signWindow, nil)
	}
	total := controlMeans(ctlSums, k, w)
	if total == nil || s.basis != sharesBasis { // no control shoes (a running count), or too few
		return plain
	}
	var ctl control
	ctl.mean, _ = total.means()
	ctl.keep(s)
	if len(ctl.kept) == 0 || plain.shoes < minShoesPerColumn*(2+len(ctl.kept)) {
		return plain // too few shoes in the window to fit the variates too
	}
	g := design{ctl: &ctl}
	f, beta := s.line(g, clustered)
	if math.IsNaN(f.idx) {
		return plain
	}
	per := len(ctlSums) / jackknifeGroups
	var drops []float64
	for grp := range jackknifeGroups {
		m := *total
		for _, cs := range ctlSums[grp*per : (grp+1)*per] {
			m.merge(&cs[k], -1)
		}
		c := ctl // the same variates, the means without group grp
		var ok bool
		if c.mean, ok = m.means(); !ok {
			continue
		}
		if x := s.crossingOf(design{ctl: &c}, clustered); !math.IsNaN(x) {
			drops = append(drops, x)
		}
	}
	v := 0.0
	if len(drops) >= 2 {
		mean := 0.0
		for _, x := range drops {
			mean += x
		}
		mean /= float64(len(drops))
		for _, x := range drops {
			v += (x - mean) * (x - mean)
		}
		n := float64(len(drops))
		v *= (n - 1) / n
	}
	f.se = math.Sqrt(f.se*f.se + v)
	if signWindow > 0 {
		// The variates' part of the line, in the basis: the gains less it
		// are the count's line and the residual.
		m := g.matrix(s.basis)
		part := make([]float64, s.basis.size())
		for j := 2; j < len(m); j++ {
			for a, v := range m[j] {
				part[a] += beta[j] * v
			}
		}
		f.crosses = s.crossesInData(f.idx, f.slope, signWindow, part)
	}
	return f
}

// sortedDeck is the full shoe's cards, rank by rank.
func sortedDeck(full [10]int) []uint8 {
	var cards []uint8
	for rank, n := range full {
		for range n {
			cards = append(cards, uint8(rank+1))
		}
	}
	return cards
}

// deal deals a shoe to a random depth below the penetration, drawing its
// cards one by one from deck (reordered in place: any order of deck deals
// the same chances), and returns the cards left and the count of those
// dealt.
func deal(deck []uint8, rng *rand.Rand, full [10]int, sys System, decks int, penetration float64) (left [10]int, c counter) {
	depth := rng.IntN(int(penetration * float64(len(deck))))
	left = full
	rc := 0.0
	for i := range depth {
		j := i + rng.IntN(len(deck)-i)
		deck[i], deck[j] = deck[j], deck[i]
		left[deck[i]-1]--
		rc += sys.Tags[deck[i]]
	}
	return left, counter{sys: sys, balanced: sys.Balanced(), decks: decks, rc: rc, n: len(deck) - depth}
}
