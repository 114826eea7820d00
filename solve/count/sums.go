package count

import (
	"math"
	"slices"
)

// Fits from sums, so that a run's memory does not grow with its shoes.
//
// A crossing's fit needs, over the observations in its window, the
// weighted sums of its columns' products (X'WX and X'Wy) and, for its SE
// clustered by shoe, the sum over shoes of s sᵀ, s the shoe's sum of
// w e r with e the residual of the final line, known only once every shoe
// is in. In a basis b of the columns (the fit's columns are a matrix M
// times b: design.matrix) a shoe's s is M (c - D γ), with c = Σ w b y and
// D = Σ w b bᵀ over the shoe's observations and γ = Mᵀβ the line in the
// basis. So Σ s sᵀ = M (Σ c cᵀ - Σ c (Dγ)ᵀ - Σ (Dγ) cᵀ + Σ (Dγ)(Dγ)ᵀ) Mᵀ,
// and Σ c cᵀ, Σ c ⊗ D and Σ D ⊗ D are added shoe by shoe: a decision
// holds a few thousand numbers whatever the shoes (sums), and each
// shoe's points are dropped once added. The control variates' means and
// the jackknife's refits are other matrices M on the same sums.
//
// The sums must know the fit's window before the first shoe is added,
// and a window is chosen by a first fit (window): the run's first
// pilotShoes shoes are held, as points, until the windows are chosen on
// them; every shoe, those first ones too, is then added. A run of no more
// shoes chooses its windows on all of them.
//
// A fit whose gains' sign is tested (crossesInData) also keeps, on a grid
// of bins around its window, each bin's sums of w y and w b, and how many
// shoes have their first point in it and how many their last.

// pilotShoes is how many of a run's first shoes choose the fits'
// windows: held until then, about 0.2 MB each for every cell.
const pilotShoes = 1000

// A basis is the columns a fit's sums keep for each observation: the
// fit's own columns, whatever the variates' means turn out to be, are
// combinations of them (design.matrix).
type basis int

const (
	countBasis  basis = iota // 1, x: a balanced count's fit without variates
	depthBasis               // 1, x, z: a running count's, the depth held
	sharesBasis              // 1, x, x², and each rank's unseen share d less a full deck's: a fit with control variates
)

// size is the basis's columns.
func (b basis) size() int { return [...]int{2, 3, 13}[b] }

// row appends an observation's basis columns to r[:0].
func (b basis) row(o observation, r []float64) []float64 {
	r = append(r[:0], 1, o.x)
	switch b {
	case depthBasis:
		r = append(r, o.z)
	case sharesBasis:
		d := o.composition()
		r = append(append(r, o.x*o.x), d[:]...)
	}
	return r
}

// tri is the place of (a, b) in a symmetric matrix stored as its lower
// triangle, row by row; tri(a, b) = tri(b, a).
func tri(a, b int) int {
	if a > b {
		a, b = b, a
	}
	return b*(b+1)/2 + a
}

// triSize is the numbers a symmetric n x n matrix is stored in.
func triSize(n int) int { return n * (n + 1) / 2 }

// sums are one decision's sums over the observations in its window
// lo..hi, shoe by shoe (the package comment above).
type sums struct {
	basis  basis
	lo, hi float64
	xx     []float64 // Σ w b bᵀ (tri)
	xy     []float64 // Σ w b y
	yy     float64   // Σ w y²
	cc     []float64 // Σ over shoes of c cᵀ (tri)
	cd     []float64 // Σ over shoes of c ⊗ D: cd[a*triSize(n)+tri(p, q)] = Σ c_a D_pq
	dd     []float64 // Σ over shoes of D ⊗ D, a tri of tris
	shoes  int       // shoes with observations in the window
	points int       // observations in the window
	bins   *signBins // nil: the gains' sign is not tested

	c, d, r []float64 // a shoe's c and D, an observation's basis row: room for addShoe
}

// newSums returns empty sums of a window; with signWindow above zero,
// with bins for a sign test that far either side of a crossing.
func newSums(b basis, lo, hi, signWindow float64) *sums {
	n := b.size()
	m := triSize(n)
	s := &sums{basis: b, lo: lo, hi: hi,
		xx: make([]float64, m), xy: make([]float64, n), cc: make([]float64, m),
		cd: make([]float64, n*m), dd: make([]float64, triSize(m)),
		c: make([]float64, n), d: make([]float64, m)}
	if signWindow > 0 {
		s.bins = newSignBins(lo-2*signWindow, hi+2*signWindow, signWindow, n)
	}
	return s
}

// addShoe adds one shoe's observations (each with w above zero).
func (s *sums) addShoe(obs []observation) {
	n, m := s.basis.size(), len(s.xx)
	c, d := s.c, s.d
	clear(c)
	clear(d)
	in := false
	first, last := -1, -1 // the bins of the shoe's points
	for _, o := range obs {
		inWindow := o.x >= s.lo && o.x <= s.hi
		inBins := s.bins != nil && s.bins.holds(o.x)
		if !inWindow && !inBins {
			continue
		}
		s.r = s.basis.row(o, s.r)
		if inWindow {
			in = true
			s.points++
			s.yy += o.w * o.y * o.y
			for a := range n {
				wa := o.w * s.r[a]
				c[a] += wa * o.y
				for b := 0; b <= a; b++ {
					d[tri(b, a)] += wa * s.r[b]
				}
			}
		}
		if inBins {
			i := s.bins.add(o, s.r)
			if first < 0 || i < first {
				first = i
			}
			last = max(last, i)
		}
	}
	if first >= 0 {
		s.bins.addShoe(first, last)
	}
	if !in {
		return
	}
	s.shoes++
	for p := range m {
		s.xx[p] += d[p]
	}
	for a := range n {
		s.xy[a] += c[a]
		for b := 0; b <= a; b++ {
			s.cc[tri(b, a)] += c[a] * c[b]
		}
		row := s.cd[a*m : (a+1)*m]
		for p, dp := range d {
			row[p] += c[a] * dp
		}
	}
	for p, dp := range d {
		row := s.dd[tri(0, p) : tri(0, p)+p+1] // tri(q, p) for q <= p
		for q := range row {
			row[q] += dp * d[q]
		}
	}
}

// full returns a tri-stored matrix of n x n in full.
func full(t []float64, n int) [][]float64 {
	out := square(n)
	for a := range n {
		for b := range n {
			out[a][b] = t[tri(a, b)]
		}
	}
	return out
}

// A design is the columns of a fit: 1 and the count; with depth, the
// fraction of the shoe dealt less z0 (a running count means different
// shoes at different depths, so the fit holds the depth fixed and -a/b is
// the crossing for a shoe dealt z0 far); with controls, their variates
// (controls.go).
type design struct {
	depth bool
	z0    float64
	ctl   *control
}

// matrix returns the design's columns as combinations of the basis's:
// one row for each column.
func (g design) matrix(b basis) [][]float64 {
	n := b.size()
	unit := func(i int) []float64 {
		v := make([]float64, n)
		v[i] = 1
		return v
	}
	m := [][]float64{unit(0), unit(1)}
	if g.depth {
		z := unit(2)
		z[0] = -g.z0
		m = append(m, z)
	}
	if g.ctl != nil {
		for _, k := range g.ctl.kept {
			v := unit(3 + k) // the share; less its mean, a polynomial in x over 1, x, x²
			for j, a := range g.ctl.mean[k] {
				v[j] -= a
			}
			for i := range v {
				v[i] /= g.ctl.scale[k]
			}
			m = append(m, v)
		}
	}
	return m
}

// regress fits the sums to the design by weighted least squares and
// returns the coefficients, with withCov their covariance, and the shoes
// in the window; nil coefficients if fewer than 10 shoes or a singular
// fit. With clustered set (several observations a shoe, at the decision)
// the covariance is the sandwich estimator clustered by shoe, since the
// observations of one shoe share its cards; otherwise (one a shoe, w 1)
// the classical one, scaled by n/(n-k) for n shoes and k columns.
func (s *sums) regress(g design, clustered, withCov bool) (beta []float64, cov [][]float64, shoes int) {
	m := g.matrix(s.basis)
	k, n := len(m), s.basis.size()
	if s.shoes < 10 || s.points <= k {
		return nil, nil, s.shoes
	}
	xx := full(s.xx, n)
	mx := times(m, xx) // M xx
	xtx := square(k)
	xty := make([]float64, k)
	for p := range k {
		for q := range k {
			for a := range n {
				xtx[p][q] += mx[p][a] * m[q][a]
			}
		}
		for a := range n {
			xty[p] += m[p][a] * s.xy[a]
		}
	}
	inv, ok := invert(xtx)
	if !ok {
		return nil, nil, s.shoes
	}
	beta = make([]float64, k)
	for p := range k {
		for q := range k {
			beta[p] += inv[p][q] * xty[q]
		}
	}
	if !withCov {
		return beta, nil, s.shoes
	}
	gamma := make([]float64, n) // the line in the basis: Mᵀβ
	for p := range k {
		for a := range n {
			gamma[a] += m[p][a] * beta[p]
		}
	}
	cov = square(k)
	if !clustered {
		rss := s.yy
		for a := range n {
			rss -= 2 * gamma[a] * s.xy[a]
			for b := range n {
				rss += gamma[a] * xx[a][b] * gamma[b]
			}
		}
		s2 := max(0, rss) / float64(s.points-k)
		for p := range k {
			for q := range k {
				cov[p][q] = s2 * inv[p][q]
			}
		}
		return beta, cov, s.shoes
	}
	meat := times(times(m, s.residualProducts(gamma)), transpose(m))
	f := float64(s.shoes) / float64(max(1, s.shoes-k)) // the shoes' degrees of freedom: n/(n-1) understates with many columns
	for p := range k {
		for q := range k {
			for a := range k {
				for b := range k {
					cov[p][q] += f * inv[p][a] * meat[a][b] * inv[b][q]
				}
			}
		}
	}
	return beta, cov, s.shoes
}

// residualProducts returns Σ over shoes of (c - Dγ)(c - Dγ)ᵀ, each
// shoe's sum of w e b with e the residual of the line γ, in the basis.
func (s *sums) residualProducts(gamma []float64) [][]float64 {
	n := s.basis.size()
	m := triSize(n)
	g := square(n)
	for a := range n {
		for b := range n {
			v := s.cc[tri(a, b)]
			for r := range n {
				v -= (s.cd[a*m+tri(b, r)] + s.cd[b*m+tri(a, r)]) * gamma[r]
				for t := range n {
					v += s.dd[tri(tri(a, r), tri(b, t))] * gamma[r] * gamma[t]
				}
			}
			g[a][b] = v
		}
	}
	return g
}

// times returns the product of two matrices.
func times(a, b [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for j := range b[0] {
			for k := range b {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

// transpose returns a matrix's transpose.
func transpose(a [][]float64) [][]float64 {
	out := make([][]float64, len(a[0]))
	for j := range out {
		out[j] = make([]float64, len(a))
		for i := range a {
			out[j][i] = a[i][j]
		}
	}
	return out
}

// line fits the sums to the design and returns the crossing -a/b, its
// standard error, the slope b and the shoes, and the coefficients (nil
// where the fit has none, the crossing NaN).
func (s *sums) line(g design, clustered bool) (f fitted, beta []float64) {
	beta, cov, n := s.regress(g, clustered, true)
	if beta == nil || beta[1] == 0 {
		return fitted{idx: math.NaN(), se: math.NaN(), shoes: n}, nil
	}
	a, b := beta[0], beta[1]
	idx := -a / b
	v := (cov[0][0] + idx*idx*cov[1][1] + 2*idx*cov[0][1]) / (b * b)
	return fitted{idx: idx, se: math.Sqrt(max(0, v)), slope: b, shoes: n}, beta
}

// crossingOf returns only the crossing of the sums' fit to the design
// (the jackknife's refits), NaN if none.
func (s *sums) crossingOf(g design, clustered bool) float64 {
	beta, _, _ := s.regress(g, clustered, false)
	if beta == nil || beta[1] == 0 {
		return math.NaN()
	}
	return -beta[0] / beta[1]
}

// signBins hold a fit's observations around its window by count, for the
// sign test: each bin's Σ w y and Σ w b, and the shoes by the first and
// by the last bin of their points.
type signBins struct {
	lo, width   float64
	n           int // the basis's columns
	wy          []float64
	wb          []float64 // bin i's at [i*n : (i+1)*n]
	first, last []int32   // shoes whose points start (end) in each bin
}

// binsPerWindow is the sign test's bins within its window on either side
// of a crossing (a count's eighths for a true count).
const binsPerWindow = 32

// newSignBins returns empty bins over lo..hi, of window/binsPerWindow.
func newSignBins(lo, hi, window float64, n int) *signBins {
	width := window / binsPerWindow
	bins := int(math.Ceil((hi - lo) / width))
	return &signBins{lo: lo, width: width, n: n,
		wy: make([]float64, bins), wb: make([]float64, bins*n), first: make([]int32, bins), last: make([]int32, bins)}
}

func (b *signBins) holds(x float64) bool { return x >= b.lo && x < b.lo+b.width*float64(len(b.wy)) }

// of is the bin of count x, the nearest end's if outside.
func (b *signBins) of(x float64) int {
	return max(0, min(len(b.wy)-1, int((x-b.lo)/b.width)))
}

// addShoe counts a shoe whose points are in bins first to last.
func (b *signBins) addShoe(first, last int) {
	b.first[first]++
	b.last[last]++
}

// shoesIn returns the shoes with points in bins from to to, a shoe's
// points taken to fill the bins from its first to its last: those that
// start at or before to, less those of them that end before from.
func (b *signBins) shoesIn(from, to int) int {
	n := 0
	for i := 0; i <= to; i++ {
		n += int(b.first[i])
	}
	for i := 0; i < from; i++ {
		n -= int(b.last[i])
	}
	return n
}

// add adds an observation with its basis row r and returns its bin.
func (b *signBins) add(o observation, r []float64) int {
	i := b.of(o.x)
	b.wy[i] += o.w * o.y
	wb := b.wb[i*b.n : (i+1)*b.n]
	for a, v := range r {
		wb[a] += o.w * v
	}
	return i
}

// crossesInData reports whether the sampled gains themselves change sign
// at the index: within window of it, the bins above (their middle at or
// above the index) sum to a gain of the slope's sign and those below to
// the other, each side from at least 5 shoes. A line can cross zero where
// the gains only approach it (a play that is always worse, on hands that
// grow rare at high counts: standing on 2,2,2), which is no index. With
// part, a line in the basis, the gains are taken less it: the control
// variates' part of the fit (controlledLine).
func (s *sums) crossesInData(idx, slope, window float64, part []float64) bool {
	b := s.bins
	var above, below float64
	aFrom, aTo, bFrom, bTo := -1, -1, -1, -1 // the bins of each side
	for i := range b.wy {
		mid := b.lo + (float64(i)+0.5)*b.width
		if math.Abs(mid-idx) > window {
			continue
		}
		g := b.wy[i]
		for a, v := range part {
			g -= v * b.wb[i*b.n+a]
		}
		if mid >= idx {
			above += g
			if aFrom < 0 {
				aFrom = i
			}
			aTo = i
		} else {
			below += g
			if bFrom < 0 {
				bFrom = i
			}
			bTo = i
		}
	}
	if aFrom < 0 || bFrom < 0 || b.shoesIn(aFrom, aTo) < 5 || b.shoesIn(bFrom, bTo) < 5 {
		return false
	}
	if slope < 0 {
		above, below = -above, -below
	}
	return above > 0 && below < 0
}

// A fitWindow is where a decision's crossing is fitted, chosen on the
// pilot shoes: lo..hi, 4 either side (times scale) of where a first fit
// over -8..+8 (a running count: around its median) crosses zero, and z0,
// the depth a running count's fit holds; ok false if the first fit has no
// crossing (lo..hi are then its counts, where it had observations).
type fitWindow struct {
	lo, hi, z0 float64
	ok         bool
}

// window chooses a decision's window on its observations.
func window(obs []observation, depth bool, scale float64) fitWindow {
	if len(obs) == 0 {
		return fitWindow{}
	}
	w := fitWindow{lo: -8 * scale, hi: 8 * scale}
	if scale != 1 { // a running count: around its own middle
		xs := make([]float64, len(obs))
		for i, o := range obs {
			xs[i] = o.x
		}
		mid := median(xs)
		w.lo, w.hi = mid-8*scale, mid+8*scale
	}
	b := countBasis
	if depth {
		zs := make([]float64, len(obs))
		for i, o := range obs {
			zs[i] = o.z
		}
		w.z0, b = median(zs), depthBasis
	}
	beta, _, _ := sumsOf(obs, b, w.lo, w.hi, 0).regress(design{depth: depth, z0: w.z0}, false, false)
	if beta == nil || beta[1] == 0 {
		return w // the first fit's counts, not ok
	}
	c0 := max(w.lo, min(w.hi, -beta[0]/beta[1]))
	w.lo, w.hi, w.ok = c0-4*scale, c0+4*scale, true
	return w
}

// pilotWindow is a decision's window chosen on the pilot's observations
// (window). Where they are too few for a first fit but the run has more
// shoes than the pilot (more), it is the first fit's own counts: the
// run's shoes may yet place a crossing there, which a window left out
// would report as none.
func pilotWindow(obs []observation, depth bool, scale float64, more bool) fitWindow {
	w := window(obs, depth, scale)
	if !w.ok && more && w.hi > w.lo {
		w.ok = true
	}
	return w
}

// sumsOf returns the sums of observations that come shoe by shoe.
func sumsOf(obs []observation, b basis, lo, hi, signWindow float64) *sums {
	s := newSums(b, lo, hi, signWindow)
	for len(obs) > 0 {
		i := 1
		for i < len(obs) && obs[i].shoe == obs[0].shoe {
			i++
		}
		s.addShoe(obs[:i])
		obs = obs[i:]
	}
	return s
}

// crossing fits a decision's crossing on its observations without
// variates: its window, then the line there (the count's alone; with
// depth, the depth held at its median).
func crossing(obs []observation, depth, clustered bool, scale float64) (idx, se, slope float64, shoes int) {
	w := window(obs, depth, scale)
	if !w.ok {
		return math.NaN(), math.NaN(), 0, 0
	}
	b := countBasis
	if depth {
		b = depthBasis
	}
	f, _ := sumsOf(obs, b, w.lo, w.hi, 0).line(design{depth: depth, z0: w.z0}, clustered)
	return f.idx, f.se, f.slope, f.shoes
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
