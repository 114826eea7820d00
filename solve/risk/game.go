package risk

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/sim"
)

// A Measured bin is a Bin with what its edge and variance were had from:
// the simulator's rounds at a flat bet (its frequency, variance and an
// edge with its SE) and the exact shoes whose count fell in it (their
// mean edge with its SE). Bin.Edge is the exact shoes' line at the bin.
type Measured struct {
	Bin
	Rounds           int64 // the simulator's
	SimEdge, SimSE   float64
	Shoes            int // the exact ones
	ShoeEdge, ShoeSE float64
	ShoeCount        float64 // the shoes' mean count
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
	Penetration   float64
	Seed          uint64
	ChartEV       float64 // the chart's exact EV from a full shoe
	Indices       bool    // the I18 (and Fab 4) played with the chart
	ShoesSkipped  int
	ShoesPerCount [2]int // the shoes' lowest and highest floored count
}

// Setup is what Measure is given.
type Setup struct {
	Rules       solve.Rules
	Count       string // a built-in count or tags (count.ParseSystem); balanced only
	Penetration float64
	Shoes       int   // exact shoes
	Rounds      int64 // simulated rounds
	Seed        uint64
	// Indices, if set, are played with the chart (Hi-Lo's I18, and the
	// Fab 4 with late surrender, at their published values): by the
	// exact shoes at their count before the round (count.IndexStrategy),
	// by the simulator at the count when the player decides; insurance is
	// not taken.
	Indices  bool
	Progress func(done, total int64) // the shoes then the rounds, if not nil; never called twice at once
}

// minFreq bounds the bins: counts dealt in fewer than this share of
// rounds join the end bins.
const minFreq = 0.005

// Measure measures a balanced count's game for s.Rules played by the
// chart: the frequency and variance of each floored true count from the
// simulator (a flat bet of 1, s.Rounds rounds dealt to s.Penetration), and
// the edge from s.Shoes shoes solved exactly (count.Edges), a line fitted to
// them and each bin's own mean beside it.
func Measure(s Setup) (*Game, error) {
	sys, err := count.ParseSystem(s.Count)
	if err != nil {
		return nil, err
	}
	if !sys.Balanced() {
		return nil, fmt.Errorf("count %s is unbalanced: the ramp goes by a true count; give a balanced count", s.Count)
	}
	if err := count.CheckGame(s.Rules); err != nil {
		return nil, err
	}
	basic, err := solve.Solve(s.Rules)
	if err != nil {
		return nil, err
	}
	var done atomic.Int64
	var mu sync.Mutex // Progress is called from the shoes' goroutines, one at a time
	total := int64(s.Shoes) + s.Rounds
	opt := count.Options{Shoes: s.Shoes, Penetration: s.Penetration, Seed: s.Seed, Moment: count.BeforeRound}
	if s.Progress != nil {
		opt.Progress = func() {
			n := done.Add(1)
			mu.Lock()
			defer mu.Unlock()
			s.Progress(n, total)
		}
	}
	var decisions []count.Decision
	if s.Indices {
		if sys.Name != "hilo" {
			return nil, fmt.Errorf("the index plays are Hi-Lo's: give the count hilo")
		}
		if s.Rules.Surrender == solve.LateSurrender {
			decisions = append(decisions, count.Fab4...) // before the I18: a surrender index outranks a hit/stand one
		}
		decisions = append(decisions, count.I18...)
	}
	edges, err := count.Edges(basic, sys, opt, decisions)
	if err != nil {
		return nil, err
	}
	chart, err := sim.NewChart(basic)
	if err != nil {
		return nil, err
	}
	cnt, err := sim.ParseCount(s.Count, s.Rules.Decks)
	if err != nil {
		return nil, err
	}
	cfg := sim.Config{Rules: s.Rules, Rounds: s.Rounds, Seed: s.Seed, Penetration: s.Penetration, Players: 1, Count: cnt,
		Ramp: []sim.Step{{From: -sim.MaxRampCount, Bet: 1}}}
	if decisions != nil {
		at := make([]float64, len(decisions))
		for i, d := range decisions {
			at[i] = d.Published
		}
		cfg.Indices, _ = sim.IndexPlays(decisions, at) // no insurance
	}
	var report func(int64)
	if s.Progress != nil {
		shoes := int64(s.Shoes)
		report = func(n int64) { s.Progress(shoes+n, total) }
	}
	res, err := sim.Run(cfg, chart, report)
	if err != nil {
		return nil, err
	}
	g := &Game{Indices: s.Indices, Shoes: len(edges), Rounds: res.Rounds, MinFreq: minFreq, Count: sys.Name, Penetration: s.Penetration, Seed: s.Seed,
		ChartEV: basic.EV, ShoesSkipped: s.Shoes - len(edges)}
	g.fitLine(edges)
	g.bin(res, edges)
	return g, nil
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

// bin groups the simulator's rounds and the exact shoes by floored true
// count, the rare counts at either end joined to the end bins.
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
		b.Edge = g.A + g.B*mid
	}
}

// Plain is the bins as the ramp reads them.
func (g *Game) Plain() []Bin {
	out := make([]Bin, len(g.Bins))
	for i, b := range g.Bins {
		out[i] = b.Bin
	}
	return out
}
