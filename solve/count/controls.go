package count

import (
	"math"
	"math/rand/v2"
	"slices"

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

// variates appends an observation's variates to r.
func (c *control) variates(o observation, r []float64) []float64 {
	d := o.composition()
	for _, k := range c.kept {
		r = append(r, (d[k]-c.at(k, o.x))/c.scale[k])
	}
	return r
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

// add adds a point on a shoe with left cards, if within the window.
func (m *moments) add(p point, left *[10]int) {
	if p.x < m.lo || p.x > m.hi || p.w <= 0 {
		return
	}
	d := p.composition(left)
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
// sweep of their covariance over the observations in lo..hi: the shares
// sum to one, and a balanced count's true count is itself a sum of
// them), each scaled to its SD.
func (c *control) keep(obs []observation, lo, hi float64) {
	var cov [10][10]float64
	w := 0.0
	for _, o := range obs {
		if o.x < lo || o.x > hi {
			continue
		}
		v := o.composition()
		for r := range 10 {
			v[r] -= c.at(r, o.x)
		}
		for r := range 10 {
			for s := range 10 {
				cov[r][s] += o.w * v[r] * v[s]
			}
		}
		w += o.w
	}
	c.kept = nil
	if w <= 0 {
		return
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
// with control variates; it returns the fits and the sampled shoes. points
// gives a shoe's points for each decision (with valued their gains, else
// zero; nil for a shoe left out), in buf's room (nil: new). A decision
// whose control shoes give no points is fitted without variates. With
// signWindow above zero each fit's gains are checked to change sign
// within it of the crossing (crossesInData), the variates' part taken
// out of them. A part of a split run (opt.Shards) gives its solved shoes
// to opt.Solved and returns no fits; a merge (opt.From) solves none.
func controlledFits(r solve.Rules, sys System, opt Options, n int, points func(left [10]int, c counter, buf [][]point, valued bool) [][]point, signWindow float64) ([]fitted, []sample, error) {
	var samples []sample
	var err error
	if opt.From != nil {
		samples, err = samplesFrom(r, sys, opt, opt.From, n)
	} else {
		samples, err = sampleShoes(r, sys, opt, func(left [10]int, c counter) [][]point { return points(left, c, nil, true) })
	}
	if err != nil {
		return nil, nil, err
	}
	if opt.Shards > 0 {
		opt.Solved(solvedOf(samples))
		return nil, nil, nil
	}
	depth, scale := !sys.Balanced(), fitScale(r, sys)
	windows := make([]moments, n)
	for k := range n { // one decision's observations at a time: all of them at once are large
		if lo, hi, ok := window(observations(samples, k), depth, scale); ok {
			windows[k].lo, windows[k].hi = lo, hi
		}
	}
	var sums [][]moments // none for a running count: its fit is at a fixed depth, and the variates' means are not
	if !depth {
		sums, err = controls(r, sys, opt, windows, func(left [10]int, c counter, buf [][]point) [][]point { return points(left, c, buf, false) })
		if err != nil {
			return nil, nil, err
		}
	}
	out := make([]fitted, n)
	for k := range n {
		out[k] = fitted{idx: math.NaN(), se: math.NaN()}
		if w := windows[k]; w.hi > w.lo {
			out[k] = controlledLine(observations(samples, k), w.lo, w.hi, depth, opt.Moment == AtDecision, sums, k, signWindow)
		}
	}
	return out, samples, nil
}

// controlChunks is how the control shoes are divided among the cores:
// each chunk's sums are its own and are added in order, so that the
// result does not depend on how many cores there are.
const controlChunks = 64

// controls deals the control shoes (ControlShoes for each of opt.Shoes, on
// every core, none solved) and returns each chunk's sums for each
// decision over its window; the context's error if opt.Context ends
// first. points
// gives a shoe's points for each decision, their gains left zero, in buf's
// room.
func controls(r solve.Rules, sys System, opt Options, windows []moments, points func(left [10]int, c counter, buf [][]point) [][]point) ([][]moments, error) {
	full := r.FullShoe().Counts
	shoes := ControlShoes * opt.Shoes
	sums := make([][]moments, controlChunks)
	err := onCores(opt.Context, controlChunks, func(chunk int) {
		m := append([]moments(nil), windows...)
		deck := sortedDeck(full)
		var buf [][]point
		for i := chunk * shoes / controlChunks; i < (chunk+1)*shoes/controlChunks; i++ {
			rng := rand.New(rand.NewPCG(opt.Seed, controlStream+uint64(i)))
			left, c := deal(deck, rng, full, sys, r.Decks, opt.Penetration)
			buf = points(left, c, buf)
			for k, ps := range buf {
				for _, p := range ps {
					m[k].add(p, &left)
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

// controlledLine fits decision k's crossing with control variates from
// the chunks' sums and returns it with its standard error: the fit's own
// (the solved shoes', the variates' means held fixed) and, added in
// quadrature, the means' (a grouped jackknife over the control shoes).
// With signWindow above zero it checks that the gains change sign within
// it of the crossing (crossesInData), the variates' part taken out of
// them.
func controlledLine(obs []observation, lo, hi float64, depth, clustered bool, sums [][]moments, k int, signWindow float64) fitted {
	if sums == nil { // no control shoes (a running count): the plain fit
		f := fitted{}
		f.idx, f.se, f.slope, f.shoes = line(obs, lo, hi, newDesign(obs, depth, nil), clustered)
		if signWindow > 0 && !math.IsNaN(f.idx) {
			f.crosses = crossesInData(obs, f.idx, f.slope, signWindow)
		}
		return f
	}
	var total moments
	total.lo, total.hi = lo, hi
	for _, s := range sums {
		total.merge(&s[k], 1)
	}
	var ctl control
	var ok bool
	if ctl.mean, ok = total.means(); ok {
		ctl.keep(obs, lo, hi)
	}
	var plain fitted
	plain.idx, plain.se, plain.slope, plain.shoes = line(obs, lo, hi, newDesign(obs, depth, nil), clustered)
	if signWindow > 0 && !math.IsNaN(plain.idx) {
		plain.crosses = crossesInData(obs, plain.idx, plain.slope, signWindow)
	}
	if len(ctl.kept) == 0 || plain.shoes < minShoesPerColumn*(2+len(ctl.kept)) {
		return plain // too few shoes in the window to fit the variates too
	}
	g := newDesign(obs, depth, &ctl)
	idx, se, slope, shoes := line(obs, lo, hi, g, clustered)
	if math.IsNaN(idx) {
		return plain
	}
	per := len(sums) / jackknifeGroups
	var drops []float64
	for grp := range jackknifeGroups {
		m := total
		for _, s := range sums[grp*per : (grp+1)*per] {
			m.merge(&s[k], -1)
		}
		c := ctl // the same variates, the means without group grp
		if c.mean, ok = m.means(); !ok {
			continue
		}
		x, _, _, _ := line(obs, lo, hi, newDesign(obs, depth, &c), clustered)
		if !math.IsNaN(x) {
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
	f := fitted{idx: idx, se: math.Sqrt(se*se + v), slope: slope, shoes: shoes}
	if signWindow > 0 {
		f.crosses = crossesInData(adjust(obs, lo, hi, g, clustered), idx, slope, signWindow)
	}
	return f
}

// adjust returns the observations with the variates' part of the fit
// within lo..hi taken out of their gains: what is left is the count's
// line and the residual.
func adjust(obs []observation, lo, hi float64, g design, clustered bool) []observation {
	beta, _, _ := regress(obs, lo, hi, g, clustered)
	if beta == nil {
		return obs
	}
	first := 2 // the count's columns
	if g.depth {
		first = 3
	}
	out := slices.Clone(obs)
	var r []float64
	for i := range out {
		r = g.row(out[i], r)
		for j := first; j < len(r); j++ {
			out[i].y -= beta[j] * r[j]
		}
	}
	return out
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
