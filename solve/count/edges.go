package count

import (
	"context"
	"math"

	"bjchart/solve"
)

// A ShoeEdge is one sampled shoe: its count before the round (the count a
// bet goes by) and the exact EV of a round dealt from it, played by the
// full shoe's chart (Chart) and by the shoe's own best chart (Best: every
// index of every cell taken at its exact crossing; 0 where not asked for).
type ShoeEdge struct {
	Shoe  int     `json:"shoe"`  // its number in the run: with the seed it deals the shoe again
	Count float64 `json:"count"` // the count before the round
	Chart float64 `json:"chart"`
	Best  float64 `json:"best"`
}

// Edges deals opt.Shoes shoes as the indices do (each to a random depth
// below opt.Penetration) and solves each exactly: the round's EV with the
// full shoe's chart (basic, the rules' table) and with the shoe's own. Shoes the solver cannot take
// (a rank dealt out) are left out. opt.Moment is not used: a bet goes by
// the count before the round. With decisions, Chart is the chart with
// those index plays at the shoe's count (IndexStrategy). With opt.Shards
// above zero, only part opt.Shard's shoes are solved (k % Shards ==
// Shard-1), each with its number, so that the parts' shoes put in order
// are the whole run's. Best is solved only with best: without it a shoe's
// Chart is valued alone (solve.ChartEV, the same EV to the last bit), in
// about half the time.
func Edges(ctx context.Context, basic *solve.Table, sys System, opt Options, decisions []Decision, best bool) ([]ShoeEdge, error) {
	key := newRunKey(basic.Rules, sys, decisions, opt)
	key.Oversample, key.Moment, key.Best = 0, 0, best // not read: the edges are the dealt shoes', the count the round's
	key.Chart = basic.Strategy()
	if decisions == nil {
		key.Decisions = []decisionKey{} // the chart alone, not every cell
	}
	return remembered(ctx, "edges", key, opt, func() ([]ShoeEdge, error) {
		return edges(ctx, basic, sys, opt, decisions, best)
	})
}

// edges is Edges, computed.
func edges(ctx context.Context, basic *solve.Table, sys System, opt Options, decisions []Decision, best bool) ([]ShoeEdge, error) {
	r := basic.Rules
	if err := check(r, opt); err != nil {
		return nil, err
	}
	chart := basic.Strategy()
	opt.Oversample = 0 // the edges are the dealt shoes', each as likely as dealt
	samples, err := sampleShoes(ctx, r, sys, opt, func(left [10]int, c counter) [][]point {
		shoe := solve.Shoe{Counts: left}
		st := chart
		if decisions != nil {
			st = IndexStrategy(basic, decisions, c.with())
		}
		if !best {
			ev, err := solve.ChartEV(r, shoe, st)
			if err != nil {
				return nil
			}
			return [][]point{{{x: c.with(), y: ev, w: 1}, {x: c.with(), w: 1}}}
		}
		sv, err := solve.NewSolver(ctx, r, solve.Options{Shoe: &shoe})
		if err != nil {
			return nil
		}
		played, err := sv.Evaluate(st)
		if err != nil {
			return nil
		}
		return [][]point{{{x: c.with(), y: played.EV, w: 1}, {x: c.with(), y: sv.Table().EV, w: 1}}}
	})
	if err != nil {
		return nil, err
	}
	var out []ShoeEdge
	for i, s := range samples {
		if s.points != nil && !math.IsNaN(s.points[0][0].y) {
			out = append(out, ShoeEdge{Shoe: i, Count: s.tc, Chart: s.points[0][0].y, Best: s.points[0][1].y})
		}
	}
	return out, nil
}

// IndexStrategy is the chart with index decisions applied at a count, as
// the simulator plays them: the first decision of a cell that applies
// decides it; at or above its index (Decision.Published) the play, below
// it the base ("play": the chart's, but its fallback where the chart
// surrenders); a hit/stand index where the chart surrenders does not
// apply (it leaves the chart's surrender, or a surrender index after it,
// to decide the cell). Insurance has no cell and is left out.
func IndexStrategy(basic *solve.Table, decisions []Decision, count float64) solve.Strategy {
	st := basic.Strategy()
	decided := map[int]bool{}
	for _, d := range decisions {
		kind := solve.Hard
		hand := d.Hand
		switch d.Table {
		case "insurance":
			continue
		case "pair":
			kind = solve.Pairs
		}
		c := basic.Cell(kind, hand, d.Up)
		if c == nil {
			continue
		}
		i := cellOffset(basic, c)
		if decided[i] {
			continue
		}
		chart := c.Code
		play, _ := solve.ParseAction(d.Play)
		base, _ := solve.ParseAction(d.Base)
		if chart.Best == solve.Surrender && play != solve.Surrender {
			continue // the chart surrenders: a hit/stand index is for games without it (a surrender index may still decide the cell)
		}
		decided[i] = true
		act := base
		if count >= d.Published {
			act = play
		}
		switch act {
		case solve.Surrender:
			fb := chart.Best
			if fb == solve.Surrender {
				fb = chart.Fallback
			}
			if fb != solve.Hit && fb != solve.Stand {
				fb = solve.Hit
			}
			st[i].Code = solve.Code{Best: solve.Surrender, Fallback: fb}
		case solve.NoAction: // "play": the chart's, its fallback where it surrenders
			if chart.Best == solve.Surrender {
				st[i].Code = solve.Code{Best: chart.Fallback}
			}
		case solve.Double:
			st[i].Code = solve.Code{Best: solve.Double, Fallback: solve.Hit}
		default:
			st[i].Code = solve.Code{Best: act}
		}
	}
	return st
}

// cellOffset is a cell's place in the table's cells.
func cellOffset(t *solve.Table, c *solve.Cell) int {
	for i := range t.Cells {
		if &t.Cells[i] == c {
			return i
		}
	}
	return -1
}
