package count

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"bjchart/solve"
)

// TestHiLoPublished computes the Hi-Lo Illustrious 18 and the Fab 4 for
// the published rules (multi-deck, S17, DAS, late surrender, 6 decks) and
// wants each rounded index within one point of the published value. The
// two split decisions solve one up card's whole hand graphs per shoe, so
// they get fewer shoes (200) than the rest (600). Without -long, every
// third of the rest only, and no splits: the cost is per decision and
// shoe, and at 300 shoes the rest no longer all round within a point (14
// v T surrender rounds to +6), so fewer decisions it is.
func TestHiLoPublished(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	start := time.Now()
	rest, splits := publishedBySolve()
	if !*long {
		var some []Decision
		for i, d := range rest {
			if i%3 == 0 {
				some = append(some, d)
			}
		}
		rest = some
	}
	got, err := Compute(context.Background(), r, HiLo, rest, Options{Shoes: 600, Penetration: 0.8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if *long { // the splits' hand graphs are most of the time
		s, err := Compute(context.Background(), r, HiLo, splits, Options{Shoes: 200, Penetration: 0.8, Seed: 1})
		got = append(got, s...)
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%v for %d decisions", time.Since(start), len(got))
	for _, x := range got {
		if x.Unsolved {
			continue
		}
		t.Logf("%-9s %-9s v %v: %+.2f ± %.2f (%d shoes), published %+g", x.Table, x.Hand, x.Up, x.Index, x.SE, x.Shoes, x.Published)
		if math.IsNaN(x.Index) || math.Abs(float64(x.Rounded)-x.Published) > 1 {
			t.Errorf("%s %s v %v: index %+.2f ± %.2f, rounded %+d, published %+g", x.Table, x.Hand, x.Up, x.Index, x.SE, x.Rounded, x.Published)
		}
	}
}

// publishedBySolve returns the I18's and Fab 4's decisions in two lists:
// those the hand-by-hand solver values, and the splits, which solve one
// up card's hand graphs.
func publishedBySolve() (hands, splits []Decision) {
	for _, d := range append(append([]Decision{}, I18...), Fab4...) {
		if d.Table == "pair" {
			splits = append(splits, d)
		} else {
			hands = append(hands, d)
		}
	}
	return hands, splits
}

// TestZeroTagsNoIndex: a count whose tags are all zero says nothing, so
// no decision has an index.
func TestZeroTagsNoIndex(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS LS")
	got, err := Compute(context.Background(), r, System{Name: "zero"}, I18[:4], Options{Shoes: 60, Penetration: 0.8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range got {
		if !math.IsNaN(x.Index) {
			t.Errorf("%s %s v %v: index %v from a count of zeros", x.Table, x.Hand, x.Up, x.Index)
		}
	}
}

// TestH17MovesIndices: when the dealer hits soft 17, doubling 11 v A pays
// more, so its index falls (the published tables: +1 under S17, a double
// at any count under H17).
func TestH17MovesIndices(t *testing.T) {
	if !*long {
		t.Skip("the indices of an S17 and an H17 game compared; -long runs it")
	}
	elevenA := []Decision{{"hard", "11", 1, "hit", "double", 1, false, false}}
	idx := map[string]float64{}
	for _, rules := range []string{"6D S17 DAS", "6D H17 DAS"} {
		r, _ := solve.ParseRules(rules)
		got, err := Compute(context.Background(), r, HiLo, elevenA, Options{Shoes: 300, Penetration: 0.8, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		idx[rules] = got[0].Index
	}
	if !(idx["6D H17 DAS"] < idx["6D S17 DAS"]) {
		t.Errorf("11 v A: %+.2f under H17, %+.2f under S17; want it lower under H17", idx["6D H17 DAS"], idx["6D S17 DAS"])
	}
	t.Logf("11 v A: S17 %+.2f, H17 %+.2f", idx["6D S17 DAS"], idx["6D H17 DAS"])
}

// TestUnbalancedCounts reads KO by its running count from 4 - 4 x decks.
// 16 v T, Hi-Lo 0, should come out near a KO running count of -8 for six
// decks: KO's count runs 4 - 4 x (decks left) above Hi-Lo's running count
// on average, -8 at mid-shoe, where the shoes sampled centre.
func TestUnbalancedCounts(t *testing.T) {
	ko := Systems["ko"]
	if ko.Balanced() || ko.IRC(6) != -20 || Systems["itoh-pm3"].IRC(6) != -20 || !Systems["wong-halves"].Balanced() || Systems["red7"].Balanced() {
		t.Fatalf("balance: ko %v (IRC %v), wong-halves %v, red7 %v", ko.Balanced(), ko.IRC(6), Systems["wong-halves"].Balanced(), Systems["red7"].Balanced())
	}
	r, _ := solve.ParseRules("6D S17 DAS")
	got, err := Compute(context.Background(), r, ko, I18[1:2], Options{Shoes: 300, Penetration: 0.8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if x := got[0].Index; math.IsNaN(x) || x < -14 || x > -2 {
		t.Errorf("KO 16 v T: running count %+.2f", x)
	}
	t.Logf("KO 16 v T: running count %+.2f ± %.2f", got[0].Index, got[0].SE)
}

// TestTypicalShoeAgrees checks the sampled indices' direction on
// deterministic shoes, TypicalShoe's for half the shoe dealt: at a true
// count 2 above a decision's index the play gains, at 2 below it loses.
func TestTypicalShoeAgrees(t *testing.T) {
	if !*long {
		t.Skip("typical shoes against sampled ones; -long runs it")
	}
	r, _ := solve.ParseRules("6D S17 DAS LS")
	decisions := []Decision{I18[0], I18[1], I18[5], I18[8], I18[15]} // insurance, 16 v T, 10 v T, 11 v A, 12 v 5
	got, err := Compute(context.Background(), r, HiLo, decisions, Options{Shoes: 400, Penetration: 0.8, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for k, d := range decisions {
		for _, side := range []float64{-2, 2} {
			tc := got[k].Index + side
			sh, err := TypicalShoe(6, HiLo, tc, 0.5)
			if err != nil {
				t.Fatal(err)
			}
			g := gain(r, d, sh.Counts, sh.Total(), valuesFor(r, sh.Counts, nil))
			if (g > 0) != (side > 0) {
				t.Errorf("%s %s v %v: index %+.2f, but at true count %+.2f the play's gain is %+.6f", d.Table, d.Hand, d.Up, got[k].Index, tc, g)
			}
		}
	}
}

// TestTypicalShoe: the shoe for a true count has that true count (within
// one card of running count: rounding to whole cards), and the chart for it plays as the indices say: 16 v
// T stands at +3 and hits at -3 (Hi-Lo index 0).
func TestTypicalShoe(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	for _, tc := range []float64{-3, 0, 3} {
		sh, err := TypicalShoe(6, HiLo, tc, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		if got := TrueCount(6, HiLo, sh); math.Abs(got-tc) > 52.0/156+1e-9 {
			t.Errorf("true count %+g: the shoe %v has %+.3f", tc, sh, got)
		}
		if tc == 0 {
			continue
		}
		tab, err := solve.SolveWith(context.Background(), r, solve.Options{Shoe: &sh})
		if err != nil {
			t.Fatal(err)
		}
		want := solve.Stand
		if tc < 0 {
			want = solve.Hit
		}
		if c := tab.Cell(solve.Hard, "16", 10); c.Code.Best != want {
			t.Errorf("true count %+g: 16 v T %v, want %v", tc, c.Code.Best, want)
		}
	}
	if _, err := TypicalShoe(6, Systems["ko"], 3, 0.5); err == nil {
		t.Error("an unbalanced count gave a true-count shoe")
	}
}

// TestTypicalShoeRC: the shoe for a running count has that running count
// (within a card's tag: whole cards), for an unbalanced count from its
// initial count and for a balanced one from 0; at KO's IRC + 12 (three of
// six decks dealt, their average drift) the shoe is about Hi-Lo's 0.
func TestTypicalShoeRC(t *testing.T) {
	for _, c := range []struct {
		sys System
		rc  float64
	}{{Systems["ko"], -8}, {Systems["ko"], 6}, {Systems["itoh-pm3"], -30}, {HiLo, 9}} {
		sh, err := TypicalShoeRC(6, c.sys, c.rc, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		if got := RunningCount(6, c.sys, sh); math.Abs(got-c.rc) > 3 {
			t.Errorf("%s running count %+g: the shoe %v has %+g", c.sys.Name, c.rc, sh, got)
		}
	}
	sh, _ := TypicalShoeRC(6, Systems["ko"], -8, 0.5)
	if tc := TrueCount(6, HiLo, sh); math.Abs(tc) > 0.5 {
		t.Errorf("KO -8 half way: Hi-Lo true count %+.2f, want about 0", tc)
	}
	if _, err := TypicalShoeRC(6, System{Name: "zero"}, 0, 0.5); err == nil {
		t.Error("a count of zeros gave a shoe")
	}
}

// TestInsuranceDirect holds the insurance gain to a direct computation
// that shares nothing with it: the solver's enumeration of the dealer's
// hands (solve.DealerOutcomes) gives P(blackjack | ace up) on each shoe,
// which is P(a ten in the hole); insurance pays 2 to 1 on half a bet, so
// its gain per round is P(ace up) x 1/2 x (3 P(ten) - 1). Then the index
// from Compute matches the crossing of those direct gains: Compute's fit
// takes control variates (controls.go) that the plain fit here does not,
// so the two agree within the plain fit's SE.
func TestInsuranceDirect(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	opt := Options{Shoes: 200, Penetration: 0.8, Seed: 7, Moment: BeforeRound}
	full := solve.NewShoe(r.Decks).Counts
	var xs, ys []float64
	for i := range opt.Shoes {
		left, c, _ := dealShoe(r, HiLo, full, opt, i)
		n, tc := c.n, c.with()
		shoe := solve.Shoe{Counts: left}
		d, err := solve.DealerOutcomes(r, solve.Options{Shoe: &shoe})
		if err != nil {
			t.Fatal(err)
		}
		pAce := float64(left[0]) / float64(n)
		direct := pAce * 0.5 * (3*d[0][solve.DealerBlackjack] - 1)
		if g := gain(r, I18[0], left, n, nil); math.Abs(g-direct) > 1e-15 {
			t.Fatalf("shoe %d: insurance gain %.17g, direct %.17g", i, g, direct)
		}
		xs, ys = append(xs, tc), append(ys, direct)
	}
	want, se, _, _ := crossing(fakeObservations(xs, ys, nil), false, false, 1)
	got, err := Compute(context.Background(), r, HiLo, I18[:1], opt)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got[0].Index-want) > 2*se || math.Abs(got[0].Index-3) > 0.5 {
		t.Errorf("insurance index %+.4f ± %.4f, direct %+.4f ± %.4f (published +3)", got[0].Index, got[0].SE, want, se)
	}
}

// TestCrossingHoldsDepth: when the count drifts with depth (an unbalanced
// count) and the gain depends on depth too, the fit that holds depth fixed
// finds the crossing at the median depth, and a fit on the count alone is
// pulled away from it. Synthetic shoes: count = -20 + 40 z + noise, gain =
// 0.01 (count + 8 - 30 (z - 0.4)) + noise with z uniform below 0.8, so at
// the median depth 0.4 the gain crosses zero at count -8.
func TestCrossingHoldsDepth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var xs, ys, zs []float64
	for range 4000 {
		z := 0.8 * rng.Float64()
		x := -20 + 40*z + 6*rng.NormFloat64()
		xs, ys, zs = append(xs, x), append(ys, 0.01*(x+8-30*(z-0.4))+0.002*rng.NormFloat64()), append(zs, z)
	}
	held, se, _, _ := crossing(fakeObservations(xs, ys, zs), true, false, 6)
	plain, _, _, _ := crossing(fakeObservations(xs, ys, zs), false, false, 6)
	if math.Abs(held+8) > 4*se+0.5 {
		t.Errorf("depth held: crossing %+.2f ± %.2f, want -8", held, se)
	}
	if math.Abs(plain+8) < 2 {
		t.Errorf("count alone: crossing %+.2f, want it pulled away from -8 (the test's premise)", plain)
	}
	t.Logf("depth held %+.2f ± %.2f; count alone %+.2f", held, se, plain)
}

// TestStop: a context that ends ends a computation with its error,
// having valued fewer shoes than asked.
func TestStop(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var valued atomic.Int64
	opt := Options{Shoes: 10000, Penetration: 0.8, Seed: 1, Progress: func(int64, int64) {
		if valued.Add(1) == 5 {
			cancel()
		}
	}}
	_, err := Compute(ctx, r, HiLo, I18[:2], opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if n := valued.Load(); n >= 100 {
		t.Errorf("%d shoes valued after the stop at 5", n)
	}
}

// observations are one shoe's point each, weighed 1 (zs nil: depth 0).
func fakeObservations(xs, ys, zs []float64) []observation {
	out := make([]observation, len(xs))
	for i := range xs {
		out[i] = observation{point: point{x: xs[i], y: ys[i], w: 1}, shoe: i}
		if zs != nil {
			out[i].z = zs[i]
		}
	}
	return out
}

// TestDecisionCountRecovered: on real sampled shoes, a synthetic decision
// (16 v T) whose gain per hand is exactly linear in the count at the
// decision (computed here from the cards left, apart from the engine's
// counter), crossing zero at +2, is fitted back to +2 from the decision's
// points at the engine's counts; fitted on the count before the round (one
// point a shoe, its gain per round) it lands elsewhere, by about the three
// cards' tags.
func TestDecisionCountRecovered(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	d := Decision{Table: "hard", Hand: "16", Up: 10, Base: "hit", Play: "stand"}
	const at = 2.0
	for _, m := range []Moment{AtDecision, BeforeRound} {
		opt := Options{Shoes: 400, Penetration: 0.8, Seed: 3, Moment: m}
		tag := func(rank int) float64 { // Hi-Lo, written out
			switch {
			case rank >= 2 && rank <= 6:
				return 1
			case rank == 1 || rank == 10:
				return -1
			}
			return 0
		}
		samples, err := sampleShoes(context.Background(), r, HiLo, opt, func(left [10]int, c counter) [][]point {
			rc, n := 0.0, 0
			for rank := 1; rank <= 10; rank++ {
				full := 24
				if rank == 10 {
					full = 96
				}
				rc += float64(full-left[rank-1]) * tag(rank)
				n += left[rank-1]
			}
			var pts []point
			for a := 6; a <= 7; a++ { // T,6 and 9,7 by chance, 8,8 is a pair
				b := 16 - a
				w := float64(left[9]) / float64(n) * 2 * float64(left[a-1]) * float64(left[b-1]) / float64(n-1) / float64(n-2)
				x := (rc + tag(a) + tag(b) + tag(10)) * 52 / float64(n-3)
				pts = append(pts, point{x: c.with(a, b, 10), y: 0.01 * (x - at), w: w})
			}
			if m == BeforeRound {
				g := 0.0
				for _, p := range pts {
					g += p.w * p.y
				}
				return [][]point{one(c, g)}
			}
			return [][]point{pts}
		})
		if err != nil {
			t.Fatal(err)
		}
		var x Index
		x.Decision = d
		x.fit(r, HiLo, samples, 0, m)
		switch {
		case m == AtDecision && math.Abs(x.Index-at) > 1e-9:
			t.Errorf("at the decision: %+.6f, want %+.1f exactly", x.Index, at)
		case m == BeforeRound && math.Abs(x.Index-at) < 0.1:
			t.Errorf("before the round: %+.4f, want it away from %+.1f (the test's premise)", x.Index, at)
		}
		t.Logf("%v: %+.4f ± %.4f", m, x.Index, x.SE)
	}
}

// TestControlVariates: on real dealt shoes, a synthetic 16 v T whose gain
// is linear in the count at the decision, crossing zero at +2, plus a term
// in the deuces' share less the threes' among the unseen cards: Hi-Lo
// tags both +1 and no hand of the decision holds either, so the term has
// mean zero at every count and the crossing is +2. The term's scatter
// makes the plain fit's SE large; the fit with control variates recovers
// +2 within 3 SE, with an SE a tenth of the plain one or less. A variate
// not centred on its mean at the count (the control shoes' means left
// out) must move the crossing away.
func TestControlVariates(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	opt := Options{Shoes: 300, Penetration: 0.8, Seed: 5}
	const at = 2.0
	points := func(left [10]int, c counter, buf [][]point, valued bool) [][]point {
		if buf == nil {
			buf = make([][]point, 1)
		}
		buf[0] = buf[0][:0]
		n := float64(c.n)
		for a := 6; a <= 7; a++ { // T,6 and 9,7
			b := 16 - a
			w := float64(left[9]) / n * 2 * float64(left[a-1]) * float64(left[b-1]) / (n - 1) / (n - 2)
			p := point{x: c.with(a, b, 10), w: w}.seeing(a, b, 10)
			if valued {
				d := p.composition(&left)
				p.y = 0.01*(p.x-at) + 0.5*(d[1]-d[2])
			}
			buf[0] = append(buf[0], p)
		}
		return buf
	}
	fits, _, err := controlledFits(context.Background(), r, HiLo, opt, 1, points, 0)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := sampleShoes(context.Background(), r, HiLo, opt, func(left [10]int, c counter) [][]point { return points(left, c, nil, true) })
	if err != nil {
		t.Fatal(err)
	}
	plain, plainSE, _, _ := crossing(observations(samples, 0), false, true, 1)
	got := fits[0]
	t.Logf("with variates %+.4f ± %.4f; plain %+.4f ± %.4f", got.idx, got.se, plain, plainSE)
	if math.Abs(got.idx-at) > 3*got.se || got.se > plainSE/10 {
		t.Errorf("with variates %+.4f ± %.4f, want %+.1f within 3 SE and an SE under a tenth of the plain fit's %.4f", got.idx, got.se, at, plainSE)
	}
	// Broken: the deuces' variate taken as its raw share, not less its
	// mean at the count; with a term that moves with the count it shifts
	// the crossing.
	obs := observations(samples, 0)
	w := window(obs, false, 1)
	ctl := control{kept: []int{1}}
	ctl.scale[1] = 1
	for i := range obs {
		obs[i].y += 0.5 * obs[i].composition()[1] // a term whose mean grows with the count (deuces tag +1)
	}
	s := sumsOf(obs, sharesBasis, w.lo, w.hi, 0)
	honest, _ := s.line(design{}, true)
	raw, _ := s.line(design{ctl: &ctl}, true)
	if math.Abs(raw.idx-honest.idx) < 0.2 {
		t.Errorf("a raw share as a variate moved the crossing from %+.3f to %+.3f only; the test's premise is that it moves it", honest.idx, raw.idx)
	}
}

// TestIndexStrategy: the chart with the Fab 4 and I18 at a count plays as
// the simulator's index plays do: the index play at or above the index,
// the base below, a surrender index first, the chart's surrender kept
// against a hit/stand index.
func TestIndexStrategy(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS LS")
	basic, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	decisions := append(append([]Decision{}, Fab4...), I18...)
	code := func(st solve.Strategy, kind solve.TableKind, hand string, up solve.Rank) string {
		return st[cellOffset(basic, basic.Cell(kind, hand, up))].Code.String()
	}
	for _, tc := range []struct {
		count      float64
		kind       solve.TableKind
		hand       string
		up         solve.Rank
		want, note string
	}{
		{5, solve.Hard, "16", 10, "Rh", "the chart surrenders: I18's stand is for games without it"},
		{1, solve.Hard, "15", 10, "Rh", "Fab 4: surrender at 0 or more"},
		{-1, solve.Hard, "15", 10, "H", "below: the chart's play, hit where it surrenders"},
		{4, solve.Hard, "10", 10, "Dh", "I18: double at +4"},
		{3, solve.Hard, "10", 10, "H", ""},
		{4, solve.Pairs, "TT", 6, "P", "I18: split at +4"},
		{3, solve.Pairs, "TT", 6, "S", ""},
		{-3, solve.Hard, "13", 3, "H", "I18: hit below -2"},
		{-2, solve.Hard, "13", 3, "S", ""},
		{0, solve.Hard, "14", 10, "H", "Fab 4: surrender at +3"},
		{3, solve.Hard, "14", 10, "Rh", ""},
	} {
		st := IndexStrategy(basic, decisions, tc.count)
		if got := code(st, tc.kind, tc.hand, tc.up); got != tc.want {
			t.Errorf("%s v %v at %+g: %s, want %s (%s)", tc.hand, tc.up, tc.count, got, tc.want, tc.note)
		}
	}
	if st := IndexStrategy(basic, nil, 0); code(st, solve.Hard, "16", 9) != basic.Cell(solve.Hard, "16", 9).Code.String() {
		t.Error("no decisions: not the chart")
	}
}

// TestRunningCountTakesNoVariates: a running count's crossing is the
// plain fit's at the median depth (crossing with the depth held), not one
// with control variates, whose means in the count alone would take part
// of the depth's effect (KO's insurance moved from -1.2 to +3.0 when they
// did).
func TestRunningCountTakesNoVariates(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS")
	ko := Systems["ko"]
	opt := Options{Shoes: 100, Penetration: 0.8, Seed: 2}
	points := func(left [10]int, c counter, buf [][]point, valued bool) [][]point {
		out := decisionPoints(nil, r, I18[0], left, c, nil, valued)
		return [][]point{out}
	}
	fits, _, err := controlledFits(context.Background(), r, ko, opt, 1, points, 0)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := sampleShoes(context.Background(), r, ko, opt, func(left [10]int, c counter) [][]point { return points(left, c, nil, true) })
	if err != nil {
		t.Fatal(err)
	}
	plain, se, _, _ := crossing(observations(samples, 0), true, true, fitScale(r, ko))
	if math.Abs(fits[0].idx-plain) > 1e-12 || math.Abs(fits[0].se-se) > 1e-12 {
		t.Errorf("KO insurance: %+.4f ± %.4f, the plain fit at the median depth %+.4f ± %.4f", fits[0].idx, fits[0].se, plain, se)
	}
}

// TestUnseenIsComposition: a shoe's ready compositions (unseen) are
// point.composition's to the bit, for every three cards a decision sees
// and for a point that sees none, on shoes dealt to random depths.
func TestUnseenIsComposition(t *testing.T) {
	full := solve.NewShoe(2).Counts
	deck := sortedDeck(full)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		left, _ := deal(deck, rng, full, HiLo, 2, 0.9)
		u := newUnseen(&left)
		for a := 1; a <= 10; a++ {
			for b := a; b <= 10; b++ {
				for up := 1; up <= 10; up++ {
					for _, p := range []point{point{}.seeing(a, b, up), {}} {
						if got, want := u.of(p), p.composition(&left); got != want {
							t.Fatalf("%v seeing %v: %v, want %v", left, p.seen[:p.nseen], got, want)
						}
					}
				}
			}
		}
	}
}
