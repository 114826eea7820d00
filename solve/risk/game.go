package risk

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/sim"
)

// A Measured bin is a Bin with what its edge and variance were had from:
// the simulator's rounds at a flat bet (its frequency, variance and an
// edge with its SE) and the exact shoes whose count fell in it (their
// mean edge with its SE, and the line through all the shoes at the bin).
//
// Bin.Edge, the edge the ramp is decided on, is the simulator's, made to
// rise with the count (monotoneEdges): it is measured at the count as
// dealt, with the index plays made at the decision as 'bjchart sim
// --indices' makes them, and it follows the edge where a straight line
// does not (the edge flattens above +3, where the largest bet goes). The exact shoes play the index plays at the count
// before the round, which undervalues them, and their line overstates the
// highest counts' edge; both are shown beside it.
type Measured struct {
	Bin
	Rounds           int64 // the simulator's
	SimEdge, SimSE   float64
	Shoes            int // the exact ones
	ShoeEdge, ShoeSE float64
	ShoeCount        float64 // the shoes' mean count
	LineEdge         float64 // the exact shoes' line at the bin
}

// A Game is a counting game measured: its bins, lowest count first, and
// the line edge = A + B count fitted to the exact shoes (SEs beside).
type Game struct {
	Bins          []Measured
	A, B          float64
	SEA, SEB      float64
	Shoes         int
	Rounds        int64
	MinFreq       float64 // the ends hold the counts dealt less often than this
	Count         string
	Running       bool // an unbalanced count: the bins are running counts from its initial count, not true counts
	Penetration   float64
	Seed          uint64
	ChartEV       float64        // the chart's exact EV from a full shoe
	Indices       bool           // the I18 (and Fab 4) played with the chart
	IndexScope    sim.IndexScope // where the simulator plays them
	ShoesSkipped  int
	ShoesPerCount [2]int // the shoes' lowest and highest floored count

	play  sim.Config // the simulator's game (rules, count, index plays) for Play
	chart *sim.Chart
}

// Setup is what Measure is given.
type Setup struct {
	Rules       solve.Rules
	Count       string // a built-in count or tags (count.ParseSystem)
	Penetration float64
	Shoes       int   // exact shoes
	Rounds      int64 // simulated rounds
	Seed        uint64
	// Indices, if set, are played with the chart (Hi-Lo's I18, and the
	// Fab 4 with late surrender, at their published values): by the
	// exact shoes at their count before the round (count.IndexStrategy),
	// by the simulator at the count when the player decides; insurance is
	// not taken.
	Indices bool
	// IndexScope is where the simulator plays the indices (by default
	// wherever the counter's card prints them).
	IndexScope sim.IndexScope
	Progress   func(done, total int64) // the shoes then the rounds, if not nil; never called twice at once
}

// minFreq bounds the bins: counts dealt in fewer than this share of
// rounds join the end bins.
const minFreq = 0.005

// Measure measures a count's game for s.Rules played by the chart: the
// frequency and variance of each floored count the bet goes by (a
// balanced count's true count, an unbalanced one's running count from its
// initial count) from the simulator (a flat bet of 1, s.Rounds rounds
// dealt to s.Penetration), and the edge from s.Shoes shoes solved exactly
// (count.Edges), a line fitted to them and each bin's own mean beside it.
func Measure(s Setup) (*Game, error) {
	m, err := newMeasurer(s)
	if err != nil {
		return nil, err
	}
	edges, res, err := m.measure(context.Background(), 1, 1, false)
	if err != nil {
		return nil, err
	}
	return m.game(edges, res), nil
}

// A measurer measures one game, whole or a part of a run split across
// machines: the chart, the index plays and the simulator's game it is
// measured with.
type measurer struct {
	s         Setup
	sys       count.System
	basic     *solve.Table
	chart     *sim.Chart
	decisions []count.Decision
	flat      sim.Config // the simulator's game at a flat bet of 1
}

func newMeasurer(s Setup) (*measurer, error) {
	sys, err := count.ParseSystem(s.Count)
	if err != nil {
		return nil, err
	}
	if err := count.CheckGame(s.Rules); err != nil {
		return nil, err
	}
	basic, err := solve.Solve(s.Rules)
	if err != nil {
		return nil, err
	}
	m := &measurer{s: s, sys: sys, basic: basic}
	if s.Indices {
		if sys.Name != "hilo" {
			return nil, fmt.Errorf("the index plays are Hi-Lo's: give the count hilo")
		}
		if s.Rules.Surrender == solve.LateSurrender {
			m.decisions = append(m.decisions, count.Fab4...) // before the I18: a surrender index outranks a hit/stand one
		}
		m.decisions = append(m.decisions, count.I18...)
	}
	if m.chart, err = sim.NewChart(basic); err != nil {
		return nil, err
	}
	cnt, err := sim.ParseCount(s.Count, s.Rules.Decks)
	if err != nil {
		return nil, err
	}
	m.flat = sim.Config{Rules: s.Rules, Rounds: s.Rounds, Seed: s.Seed, Penetration: s.Penetration, Players: 1, Count: cnt,
		Ramp: []sim.Step{{From: -sim.MaxRampCount, Bet: 1}}}
	if m.decisions != nil {
		at := make([]float64, len(m.decisions))
		for i, d := range m.decisions {
			at[i] = d.Published
		}
		m.flat.Indices, _ = sim.IndexPlays(m.decisions, at) // no insurance
		m.flat.IndexScope = s.IndexScope
	}
	return m, nil
}

// measure solves part i of n of the exact shoes (those k with k % n ==
// i-1; 1 of 1: all) and simulates its share of the flat-bet rounds (part i
// of n on streams of its own, as 'bjchart sim --shard' splits a run).
// With best each shoe's own best chart is solved too (ShoeEdge.Best, which
// a part's file holds); the game reads only the chart's.
func (m *measurer) measure(ctx context.Context, i, n int, best bool) ([]count.ShoeEdge, sim.Result, error) {
	s := m.s
	var done atomic.Int64
	var mu sync.Mutex // Progress is called from the shoes' goroutines, one at a time
	shoes := int64((s.Shoes-i)/n + 1)
	flat := m.flat.Part(i, n)
	// Progress weighs the phases by their time: a shoe valued exactly
	// takes about as long as half a million rounds dealt (50 ms against
	// 0.1 µs a round), so at the defaults the shoes fill nine tenths of
	// the bar.
	perShoe := max(1, 9*flat.Rounds/shoes)
	total := shoes*perShoe + flat.Rounds
	opt := count.Options{Shoes: s.Shoes, Penetration: s.Penetration, Seed: s.Seed, Moment: count.BeforeRound}
	if n > 1 {
		opt.Shard, opt.Shards = i, n
	}
	if s.Progress != nil {
		opt.Progress = func(int64, int64) {
			n := done.Add(1)
			mu.Lock()
			defer mu.Unlock()
			s.Progress(n*perShoe, total)
		}
	}
	edges, err := count.Edges(ctx, m.basic, m.sys, opt, m.decisions, best)
	if err != nil {
		return nil, sim.Result{}, err
	}
	var report func(done, total int64)
	if s.Progress != nil {
		report = func(k, _ int64) { s.Progress(shoes*perShoe+k, total) }
	}
	res, err := sim.Run(ctx, flat, m.chart, report)
	if err != nil {
		return nil, sim.Result{}, err
	}
	return edges, res, nil
}

// game is the game measured on the exact shoes edges (in the order of
// their numbers) and the flat-bet rounds res.
func (m *measurer) game(edges []count.ShoeEdge, res sim.Result) *Game {
	s := m.s
	g := &Game{Indices: s.Indices, IndexScope: s.IndexScope, Shoes: len(edges), Rounds: res.Rounds, MinFreq: minFreq, Count: m.sys.Name, Running: !m.sys.Balanced(), Penetration: s.Penetration, Seed: s.Seed,
		ChartEV: m.basic.EV, ShoesSkipped: s.Shoes - len(edges), play: m.flat, chart: m.chart}
	g.fitLine(edges)
	g.bin(res, edges)
	return g
}

// fitLine fits edge = A + B count to the exact shoes by least squares.
func (g *Game) fitLine(edges []count.ShoeEdge) {
	var n, sx, sy, sxx, sxy float64
	for _, e := range edges {
		n++
		sx += e.Count
		sy += e.Chart
		sxx += e.Count * e.Count
		sxy += e.Count * e.Chart
	}
	d := n*sxx - sx*sx
	g.B = (n*sxy - sx*sy) / d
	g.A = (sy - g.B*sx) / n
	var rss float64
	for _, e := range edges {
		r := e.Chart - g.A - g.B*e.Count
		rss += r * r
	}
	s2 := rss / (n - 2)
	g.SEB = math.Sqrt(s2 * n / d)
	g.SEA = math.Sqrt(s2 * sxx / d)
}

// bin groups the simulator's rounds and the exact shoes by the floored
// count the bet goes by, the rare counts at either end joined to the end
// bins.
func (g *Game) bin(res sim.Result, edges []count.ShoeEdge) {
	lo, hi := sim.MaxCount, -sim.MaxCount
	for i, t := range res.ByCount {
		if float64(t.Rounds) >= minFreq*float64(res.Rounds) {
			lo, hi = min(lo, i-sim.MaxCount), max(hi, i-sim.MaxCount)
		}
	}
	clamp := func(c int) int { return min(hi, max(lo, c)) }
	g.Bins = make([]Measured, hi-lo+1)
	var net, net2 = make([]float64, len(g.Bins)), make([]float64, len(g.Bins))
	for i, t := range res.ByCount {
		k := clamp(i-sim.MaxCount) - lo
		g.Bins[k].Rounds += t.Rounds
		net[k] += t.Net
		net2[k] += t.Net2
	}
	var sum, sum2, cs = make([]float64, len(g.Bins)), make([]float64, len(g.Bins)), make([]float64, len(g.Bins))
	for _, e := range edges {
		k := clamp(int(math.Floor(e.Count))) - lo
		g.Bins[k].Shoes++
		sum[k] += e.Chart
		sum2[k] += e.Chart * e.Chart
		cs[k] += e.Count
	}
	for k := range g.Bins {
		b := &g.Bins[k]
		b.Count = lo + k
		n := float64(b.Rounds)
		b.Freq = n / float64(res.Rounds)
		b.SimEdge = net[k] / n
		b.Var = net2[k]/n - b.SimEdge*b.SimEdge
		b.SimSE = math.Sqrt(b.Var / n)
		mid := float64(b.Count) + 0.5 // the line at the bin's middle; the ends at their shoes' mean count
		if m := float64(b.Shoes); m > 0 {
			b.ShoeEdge = sum[k] / m
			b.ShoeCount = cs[k] / m
			if m > 1 {
				b.ShoeSE = math.Sqrt(math.Max(0, sum2[k]/m-b.ShoeEdge*b.ShoeEdge) / (m - 1))
			}
			if k == 0 || k == len(g.Bins)-1 {
				mid = b.ShoeCount
			}
		}
		b.LineEdge = g.A + g.B*mid
	}
	// A count no round was played at has no edge to bet by: at one deck
	// the true count (running count x 52 / cards left) never falls in
	// [-1, 0), so that bin is always empty. It goes; the bin below it
	// takes its counts in the ramp (Ramp), as it would take any count
	// the simulation never met.
	g.Bins = slices.DeleteFunc(g.Bins, func(b Measured) bool { return b.Rounds == 0 })
	g.monotoneEdges()
}

// monotoneEdges sets each bin's Edge, what the ramp goes by, to the
// simulator's edges made to rise with the count: the isotonic regression
// of the bins' SimEdge on the count, weighted by their rounds over their
// variance (pool adjacent violators: neighbouring bins out of order are
// merged into their weighted mean until none is). The edge rises with the
// count; the bins' noise, which would make a ramp fall and rise
// again (most at the rare high counts), does not survive, and where the
// edge flattens the fit does too.
func (g *Game) monotoneEdges() {
	type block struct {
		mean, weight float64
		n            int
	}
	var blocks []block
	for _, b := range g.Bins {
		w := 0.0
		if b.SimSE > 0 {
			w = 1 / (b.SimSE * b.SimSE)
		}
		blocks = append(blocks, block{b.SimEdge, w, 1})
		for len(blocks) > 1 {
			k := len(blocks) - 1
			lo, hi := blocks[k-1], blocks[k]
			if lo.mean <= hi.mean {
				break
			}
			w := lo.weight + hi.weight
			m := (lo.mean + hi.mean) / 2
			if w > 0 {
				m = (lo.mean*lo.weight + hi.mean*hi.weight) / w
			}
			blocks = append(blocks[:k-1], block{m, w, lo.n + hi.n})
		}
	}
	i := 0
	for _, bl := range blocks {
		for range bl.n {
			g.Bins[i].Edge = bl.mean
			i++
		}
	}
}

// Ramp is the simulator's ramp that bets bets[i] at bin i's counts: from
// each bin's count up, the lowest bin from every count below it.
func (g *Game) Ramp(bets []float64) []sim.Step {
	ramp := make([]sim.Step, len(g.Bins))
	for i, b := range g.Bins {
		ramp[i] = sim.Step{From: float64(b.Count), Bet: bets[i]}
	}
	ramp[0].From = -sim.MaxRampCount
	return ramp
}

// A Played ramp is a ramp played by the simulator, on streams the
// measurement did not use, with the game's index plays: its results a
// round dealt (rounds sat out included, at 0), in units of the ramp, with
// standard errors; and, for a trip, the share of bankroll paths ruined.
type Played struct {
	Rounds   int64   // dealt, sat-out rounds included
	W, SEW   float64 // win a round dealt, and its SE
	V        float64 // variance of a round dealt
	SD, SESD float64 // SD a round dealt, and its SE
	// Cov is the covariance of the estimates of W and of the mean square
	// of a round, by batch means over the simulator's independent streams
	// (rounds of one shoe are not independent: the bet follows the
	// count); every figure's SE is carried from it (DeltaSE). Batches
	// counts the streams (0: too few, and the SEs treat rounds as
	// independent).
	Cov         [2][2]float64
	Batches     int
	Trips       int64 // bankroll paths of TripRounds rounds each
	TripRounds  int64
	TripBank    float64 // in units
	TripsRuined int64
}

// TripRuin is the share of the trips ruined and its SE.
func (p Played) TripRuin() (share, se float64) {
	if p.Trips == 0 {
		return math.NaN(), math.NaN()
	}
	share = float64(p.TripsRuined) / float64(p.Trips)
	return share, math.Sqrt(share * (1 - share) / float64(p.Trips))
}

// playRounds is how many times the measurement's rounds Play plays the
// ramp for: the win rate's SE, which every figure's follows, is half the
// flat-bet run's at the same bets.
const playRounds = 4

// maxTripRounds bounds the rounds Play spends on trips (about 10 s of two
// cores).
const maxTripRounds = 200_000_000

// Play plays a ramp (bets[i] units at bin i's counts; 0 sits out) for
// four times the game's rounds, then as bankroll paths: trips of
// tripRounds rounds starting with tripBank units, as many as tripsFor
// says, each on its own shoe and stream.
func (g *Game) Play(bets []float64, tripBank float64, tripRounds int64) (Played, error) {
	p, err := g.playPart(context.Background(), bets, tripBank, tripRounds, 1, 1)
	if err != nil {
		return Played{}, err
	}
	return p.played(), nil
}

// A PlayedPart is the sums of part of a ramp played: its rounds, and its
// trips, with how many trips of how many rounds from what bank the whole
// play has.
type PlayedPart struct {
	Rounds     sim.Result `json:"rounds"`
	Trips      sim.Result `json:"trips"`
	AllTrips   int64      `json:"all_trips"`
	TripRounds int64      `json:"trip_rounds"`
	TripBank   float64    `json:"trip_bank"`
}

// playPart plays part i of n of Play: its share of the rounds on streams
// of its own (as 'bjchart sim --shard i/n'), and the trips k with
// (i-1) x trips / n <= k < i x trips / n, each on the stream it has in the
// whole play; 1 of 1 is all of it.
func (g *Game) playPart(ctx context.Context, bets []float64, tripBank float64, tripRounds int64, i, n int) (PlayedPart, error) {
	cfg := g.play
	cfg.Ramp = g.Ramp(bets)
	cfg.Rounds *= playRounds
	cfg.Shards, cfg.StreamBase = 64, 1<<32 // streams the measurement (0..64 x parts) did not use
	cfg.Streams = true                     // each stream's sums, for the SEs by batch means
	var p PlayedPart
	var err error
	if p.Rounds, err = sim.Run(ctx, cfg.Part(i, n), g.chart, nil); err != nil {
		return p, err
	}
	trips := g.tripsFor(bets, tripBank, tripRounds)
	if trips == 0 {
		return p, nil
	}
	p.AllTrips, p.TripRounds, p.TripBank = trips, tripRounds, tripBank
	lo, hi := tripsOf(trips, i, n)
	if hi == lo {
		return p, nil // more parts than trips: this one has none
	}
	cfg.Rounds, cfg.Shards, cfg.StreamBase, cfg.RuinAt = (hi-lo)*tripRounds, int(hi-lo), 2<<32+uint64(lo), tripBank
	p.Trips, err = sim.Run(ctx, cfg, g.chart, nil)
	return p, err
}

// tripsFor is how many trips Play plays of a ramp (bets in units by
// bin): enough for the share of trips ruined to have a relative SE of
// tripRelSE where the formula, on the bins' model of the ramp, puts it at
// minTripShare or more (and for an SE of tripRelSE x minTripShare below
// it), at least minTrips, and at most maxTripRounds of rounds; none
// without a bank or rounds. It is the game's and the ramp's alone, so
// that every part of a split play finds the same number.
func (g *Game) tripsFor(bets []float64, tripBank float64, tripRounds int64) int64 {
	if tripRounds < 1 || !(tripBank > 0) {
		return 0
	}
	w, v := Moments(g.Plain(), bets)
	p := math.Min(TripRuin(w, v, tripBank, float64(tripRounds)), 0.999)
	se := tripRelSE * math.Max(p, minTripShare)
	need := int64(math.Ceil(p * (1 - p) / (se * se)))
	return max(1, min(max(minTrips, need), maxTripRounds/tripRounds))
}

// The trips' targets: a relative SE of 5% on a share of 0.1% or more,
// from 2,000 trips up.
const (
	tripRelSE    = 0.05
	minTripShare = 0.001
	minTrips     = 2000
)

// tripsOf is part i of n's trips: lo <= k < hi.
func tripsOf(trips int64, i, n int) (lo, hi int64) {
	return int64(i-1) * trips / int64(n), int64(i) * trips / int64(n)
}

// played is the figures of the whole play, p the sums of all its parts.
func (p PlayedPart) played() Played {
	res := p.Rounds
	n := float64(res.Rounds + res.Watched)
	out := Played{Rounds: res.Rounds + res.Watched, W: res.Net / n}
	m2 := res.Net2 / n
	out.V = math.Max(0, m2-out.W*out.W)
	out.SD = math.Sqrt(out.V)
	if _, _, cov, ok := res.Batches(true); ok {
		out.Cov, out.Batches = cov, len(res.Streams)
	} else { // rounds taken as independent, a round's fourth moment as a normal's
		out.Cov = [2][2]float64{{out.V / n, 0}, {0, 2 * out.V * out.V / n}}
	}
	out.SEW = math.Sqrt(out.Cov[0][0])
	out.SESD = out.DeltaSE(func(w, v float64) float64 { return math.Sqrt(v) })
	if p.AllTrips > 0 {
		out.Trips, out.TripRounds, out.TripBank, out.TripsRuined = p.AllTrips, p.TripRounds, p.TripBank, p.Trips.Ruined
	}
	return out
}

// DeltaSE is the standard error of a figure f(W, V) of the win rate and
// variance a round (in units), by the delta method: its slopes in W and
// in the mean square, numerically, with their estimates' covariance.
func (p Played) DeltaSE(f func(w, v float64) float64) float64 {
	return deltaSE(p.W, p.V+p.W*p.W, p.Cov, f)
}

// deltaSE is the standard error of f(w, v) where the mean w and the mean
// square m2 (v = m2 - w^2) are estimated with covariance cov: the delta
// method, its slopes taken numerically.
func deltaSE(w, m2 float64, cov [2][2]float64, f func(w, v float64) float64) float64 {
	hw, hm := math.Sqrt(cov[0][0])/10, math.Sqrt(cov[1][1])/10
	if !(hw > 0 && hm > 0) {
		return 0
	}
	at := func(w, m float64) float64 { return f(w, math.Max(0, m-w*w)) }
	gw := (at(w+hw, m2) - at(w-hw, m2)) / (2 * hw)
	gm := (at(w, m2+hm) - at(w, m2-hm)) / (2 * hm)
	return math.Sqrt(math.Max(0, gw*gw*cov[0][0]+2*gw*gm*cov[0][1]+gm*gm*cov[1][1]))
}

// merge adds another part's sums.
func (p *PlayedPart) merge(o PlayedPart) {
	p.Rounds.Merge(o.Rounds)
	p.Trips.Merge(o.Trips)
}

// Plain is the bins as the ramp reads them.
func (g *Game) Plain() []Bin {
	out := make([]Bin, len(g.Bins))
	for i, b := range g.Bins {
		out[i] = b.Bin
	}
	return out
}
