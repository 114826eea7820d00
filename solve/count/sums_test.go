package count

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"bjchart/solve"
)

// directFit is the fit of sums.regress computed the plain way, from each
// observation's columns: X'WX and X'Wy summed point by point, and the
// clustered covariance from each shoe's sum of w e r with e the final
// line's residual, or the classical one from the residuals' squares. It
// shares nothing with the sums but invert.
func directFit(obs []observation, lo, hi float64, g design, b basis, clustered bool) (beta []float64, cov [][]float64) {
	cols := func(o observation) []float64 { // the design's columns, written out
		r := []float64{1, o.x}
		if g.depth {
			r = append(r, o.z-g.z0)
		}
		if g.ctl != nil {
			d := o.composition()
			for _, k := range g.ctl.kept {
				m := g.ctl.mean[k]
				r = append(r, (d[k]-m[0]-m[1]*o.x-m[2]*o.x*o.x)/g.ctl.scale[k])
			}
		}
		return r
	}
	var in []observation
	for _, o := range obs {
		if o.x >= lo && o.x <= hi {
			in = append(in, o)
		}
	}
	k := len(cols(in[0]))
	xtx, xty := square(k), make([]float64, k)
	for _, o := range in {
		r := cols(o)
		for p := range k {
			xty[p] += o.w * r[p] * o.y
			for q := range k {
				xtx[p][q] += o.w * r[p] * r[q]
			}
		}
	}
	inv, _ := invert(xtx)
	beta = make([]float64, k)
	for p := range k {
		for q := range k {
			beta[p] += inv[p][q] * xty[q]
		}
	}
	resid := func(o observation) float64 {
		e := o.y
		for p, v := range cols(o) {
			e -= beta[p] * v
		}
		return e
	}
	shoes := map[int][]float64{}
	var rss float64
	for _, o := range in {
		e := resid(o)
		rss += o.w * e * e
		if shoes[o.shoe] == nil {
			shoes[o.shoe] = make([]float64, k)
		}
		for p, v := range cols(o) {
			shoes[o.shoe][p] += o.w * e * v
		}
	}
	cov = square(k)
	if !clustered {
		for p := range k {
			for q := range k {
				cov[p][q] = rss / float64(len(in)-k) * inv[p][q]
			}
		}
		return beta, cov
	}
	meat := square(k)
	for _, s := range shoes {
		for p := range k {
			for q := range k {
				meat[p][q] += s[p] * s[q]
			}
		}
	}
	f := float64(len(shoes)) / float64(len(shoes)-k)
	for p := range k {
		for q := range k {
			for a := range k {
				for c := range k {
					cov[p][q] += f * inv[p][a] * meat[a][c] * inv[c][q]
				}
			}
		}
	}
	return beta, cov
}

// TestSumsMatchPoints: a fit from the sums, whose SE clustered by shoe is
// assembled from sums of products of each shoe's sums (sums.go), equals
// the same fit computed point by point, for each basis and design, with
// the observations' window cutting some shoes' points. Shoes of one to
// six points at counts near the shoe's, a gain linear in the count and a
// share, plus noise.
func TestSumsMatchPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var obs []observation
	lefts := make([][10]int, 400)
	for i := range lefts {
		for r := range 10 {
			lefts[i][r] = 8 + rng.IntN(17)
		}
		lefts[i][9] = 40 + rng.IntN(60)
		tc, z := 6*rng.NormFloat64(), rng.Float64()
		for range 1 + rng.IntN(6) {
			a, b, up := 1+rng.IntN(10), 1+rng.IntN(10), 1+rng.IntN(10)
			p := point{x: tc + rng.NormFloat64()/2, w: rng.Float64()}.seeing(a, b, up)
			o := observation{point: p, z: z, shoe: i, left: &lefts[i]}
			o.y = 0.01*(o.x-1) + 0.3*o.composition()[4] + 0.02*rng.NormFloat64()
			obs = append(obs, o)
		}
	}
	ctl := &control{kept: []int{0, 4, 7}}
	for _, k := range ctl.kept {
		ctl.mean[k] = [3]float64{0.001 * float64(k), -0.002, 0.0001}
		ctl.scale[k] = 0.01
	}
	for _, c := range []struct {
		name string
		b    basis
		g    design
	}{
		{"count", countBasis, design{}},
		{"count in the shares' basis", sharesBasis, design{}},
		{"depth held", depthBasis, design{depth: true, z0: 0.4}},
		{"variates", sharesBasis, design{ctl: ctl}},
	} {
		for _, clustered := range []bool{true, false} {
			s := sumsOf(obs, c.b, -5, 7, 0)
			beta, cov, _ := s.regress(c.g, clustered, true)
			wantBeta, wantCov := directFit(obs, -5, 7, c.g, c.b, clustered)
			for p := range beta {
				if d := math.Abs(beta[p] - wantBeta[p]); d > 1e-9*math.Abs(wantBeta[p])+1e-15 {
					t.Errorf("%s, clustered %v: coefficient %d %.15g, point by point %.15g", c.name, clustered, p, beta[p], wantBeta[p])
				}
				for q := range beta {
					if d := math.Abs(cov[p][q] - wantCov[p][q]); d > 1e-7*math.Sqrt(wantCov[p][p]*wantCov[q][q]) {
						t.Errorf("%s, clustered %v: covariance %d,%d %.15g, point by point %.15g", c.name, clustered, p, q, cov[p][q], wantCov[p][q])
					}
				}
			}
		}
	}
}

// TestRunPastThePilot: a run of more shoes than the pilot adds each shoe
// once, in order, with the pilot's windows: its fits equal those of the
// sums of every shoe's points with the windows the first pilotShoes
// choose; and split in parts and merged it equals the unsplit run to the
// last bit. Insurance's points, whose gains need no solve, on one deck
// (its control shoes are most of the test's time).
func TestRunPastThePilot(t *testing.T) {
	r, _ := solve.ParseRules("1D S17 DAS")
	opt := Options{Shoes: pilotShoes + 100, Penetration: 0.75, Seed: 9}
	points := func(left [10]int, c counter, buf [][]point, valued bool) [][]point {
		out := decisionPoints(nil, r, I18[0], left, c, nil, valued) // insurance's: its gain needs no solve
		return [][]point{out}
	}
	fits, tcs, err := controlledFits(context.Background(), r, HiLo, opt, 1, points, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(tcs) != opt.Shoes {
		t.Fatalf("%d shoes added, want %d", len(tcs), opt.Shoes)
	}
	samples, err := sampleShoes(context.Background(), r, HiLo, opt, func(left [10]int, c counter) [][]point { return points(left, c, nil, true) })
	if err != nil {
		t.Fatal(err)
	}
	w := window(observations(samples[:pilotShoes], 0), false, 1)
	whole := window(observations(samples, 0), false, 1)
	if w == whole {
		t.Fatalf("the pilot's window %+.3f..%+.3f is the whole run's: the test's premise is that they differ", w.lo, w.hi)
	}
	ctlSums, err := controls(context.Background(), r, HiLo, opt, []moments{{lo: w.lo, hi: w.hi}}, func(left [10]int, c counter, buf [][]point) [][]point { return points(left, c, buf, false) })
	if err != nil {
		t.Fatal(err)
	}
	b := countBasis
	if controlMeans(ctlSums, 0, w) != nil {
		b = sharesBasis
	}
	want := controlledLine(sumsOf(observations(samples, 0), b, w.lo, w.hi, 0), w, false, true, ctlSums, 0, 0)
	if fits[0] != want || math.IsNaN(want.idx) {
		t.Errorf("run %+v, every shoe's sums with the pilot's window %+v", fits[0], want)
	}

	var parts []SolvedShoe
	for shard := 1; shard <= 3; shard++ {
		o := opt
		o.Shard, o.Shards = shard, 3
		o.Solved = func(s []SolvedShoe) { parts = append(parts, s...) }
		if _, _, err := controlledFits(context.Background(), r, HiLo, o, 1, points, 0); err != nil {
			t.Fatal(err)
		}
	}
	o := opt
	o.From = parts
	merged, _, err := controlledFits(context.Background(), r, HiLo, o, 1, points, 0)
	if err != nil {
		t.Fatal(err)
	}
	if merged[0] != fits[0] {
		t.Errorf("merged %+v, unsplit %+v", merged[0], fits[0])
	}
}

// TestPilotWindowFallsBack: a decision the pilot's shoes hold too rarely
// for a first fit (5 shoes) gets no window from them; in a run of more
// shoes than the pilot it is fitted over the first fit's counts instead,
// so that the run's shoes may place its crossing, and in a run of no more
// it has none, as before.
func TestPilotWindowFallsBack(t *testing.T) {
	var left [10]int
	var obs []observation
	for i := range 5 {
		obs = append(obs, observation{point: point{x: float64(i - 2), y: 0.01 * float64(i-1), w: 1}, shoe: i, left: &left})
	}
	if w := window(obs, false, 1); w.ok {
		t.Fatalf("5 shoes gave a window %+v: the test's premise is that they are too few", w)
	}
	if w := pilotWindow(obs, false, 1, true); !w.ok || w.lo != -8 || w.hi != 8 {
		t.Errorf("a run past the pilot: window %+v, want -8..+8", w)
	}
	if w := pilotWindow(obs, false, 1, false); w.ok {
		t.Errorf("a run of the pilot alone: window %+v, want none", w)
	}
}
