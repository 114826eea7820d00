package count

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"

	"bjchart/solve"
	"bjchart/solve/param"
)

// EffectsOfRemoval returns, by rank (index rank-1: ace first, ten last),
// how much removing one card of that rank from the rules' full shoe
// changes the round's EV of the full shoe's best chart played unchanged:
// the effects of removal a count's betting correlation is measured
// against (Griffin, The Theory of Blackjack, ch. 4). Exact: each is the
// difference of two exact EVs. It also returns the full shoe's table.
func EffectsOfRemoval(ctx context.Context, r solve.Rules) ([10]float64, *solve.Table, error) {
	eor, base, _, err := effectsOfRemoval(ctx, r)
	return eor, base, err
}

// effectsOfRemoval is EffectsOfRemoval with the ten depleted shoes' own
// tables (each solved for its best play), ace first.
func effectsOfRemoval(ctx context.Context, r solve.Rules) ([10]float64, *solve.Table, [10]*solve.Table, error) {
	var eor [10]float64
	var depleted [10]*solve.Table
	if r.Infinite() {
		return eor, nil, depleted, fmt.Errorf("effects of removal with an infinite deck: removing a card changes nothing; give a deck count")
	}
	base, err := solve.NewSolver(ctx, r, solve.Options{})
	if err != nil {
		return eor, nil, depleted, err
	}
	chart := base.Table().Strategy()
	cache := solve.NewCache() // the ten shoes share the hand graphs
	for c := range eor {
		if err := ctx.Err(); err != nil {
			return eor, nil, depleted, err
		}
		shoe := r.FullShoe()
		shoe.Counts[c]--
		s, err := solve.NewSolver(ctx, r, solve.Options{Shoe: &shoe, Cache: cache})
		if err != nil {
			return eor, nil, depleted, err
		}
		t, err := s.Evaluate(chart)
		if err != nil {
			return eor, nil, depleted, err
		}
		eor[c] = t.EV - base.Table().EV
		depleted[c] = s.Table()
	}
	return eor, base.Table(), depleted, nil
}

// A strategyDecision is one choice of the basic chart against another
// play, for playing efficiency: how often it comes (its cell's
// frequency), the other play's gain on the full shoe (negative: the chart
// plays the best) and the effects of removal of that gain, ace first.
type strategyDecision struct {
	freq, gain float64
	effects    [10]float64
}

// strategyDecisions lists every cell's basic play against each other
// legal play (a split in the pairs table only), from the full shoe's
// table and the ten depleted shoes' (effectsOfRemoval).
func strategyDecisions(base *solve.Table, depleted [10]*solve.Table) []strategyDecision {
	var out []strategyDecision
	for i := range base.Cells {
		c := &base.Cells[i]
		if c.Freq == 0 || (c.Table == solve.Hard && c.Hand == "21") || (c.Table == solve.Soft && c.Hand == "AA") {
			continue // no two-card hand decides here, or the pairs table decides it
		}
		best := c.Code.Best
		for _, a := range solve.Actions {
			if a == best || !c.Legal[a] || (a == solve.Split && c.Table != solve.Pairs) {
				continue
			}
			d := strategyDecision{freq: c.Freq, gain: c.EV[a] - c.EV[best]}
			for k, t := range depleted {
				dc := t.Cell(c.Table, c.Hand, c.Up)
				d.effects[k] = dc.EV[a] - dc.EV[best] - d.gain
			}
			out = append(out, d)
		}
	}
	return out
}

// playingEfficiency is how much of the gain from varying the chart with
// perfect knowledge of the cards left a count's variations get, by
// Griffin's normal approximation (The Theory of Blackjack): each
// decision's gain with half the shoe dealt is normal, its mean the full
// shoe's gain and its SD that of the sum of the dealt cards' effects of
// removal; a player who knew the cards left would take the other play
// whenever it gains, E[max(0, G)]; a count sees the part of G its tags
// correlate with (rho, over the cards of a deck), E[max(0, mean + |rho|
// SD Z)]. The efficiency is the count's gain over the perfect one, summed
// over every decision (strategyDecisions) weighed by how often it comes.
func playingEfficiency(sys System, decisions []strategyDecision, perDeck [10]int, cards int) float64 {
	var n float64
	for _, k := range perDeck {
		n += float64(k)
	}
	dealt := float64(cards) / 2
	var count, perfect float64
	for _, d := range decisions {
		var mean, v float64
		for c, e := range d.effects {
			mean += float64(perDeck[c]) * e / n
		}
		for c, e := range d.effects {
			v += float64(perDeck[c]) * (e - mean) * (e - mean) / n
		}
		sd := math.Sqrt(v * dealt * (float64(cards) - dealt) / float64(cards-1))
		rho := math.Abs(Correlation(sys, d.effects, perDeck))
		count += d.freq * expectedPositive(d.gain, rho*sd)
		perfect += d.freq * expectedPositive(d.gain, sd)
	}
	return count / perfect
}

// expectedPositive is E[max(0, m + s Z)] for Z a standard normal.
func expectedPositive(m, s float64) float64 {
	if s <= 0 {
		return max(0, m)
	}
	z := m / s
	return m*0.5*math.Erfc(-z/math.Sqrt2) + s*math.Exp(-z*z/2)/math.Sqrt(2*math.Pi)
}

// Correlation is the correlation of a count's tags with per-rank values
// (ace first) over the cards of a deck: each rank weighed by its cards in
// perDeck (four, the tens sixteen).
func Correlation(sys System, values [10]float64, perDeck [10]int) float64 {
	var n, st, sv float64
	for c := range values {
		w := float64(perDeck[c])
		n += w
		st += w * sys.Tags[c+1]
		sv += w * values[c]
	}
	mt, mv := st/n, sv/n
	var cov, vt, vv float64
	for c := range values {
		w := float64(perDeck[c])
		dt, dv := sys.Tags[c+1]-mt, values[c]-mv
		cov += w * dt * dv
		vt += w * dt * dt
		vv += w * dv * dv
	}
	return cov / math.Sqrt(vt*vv)
}

// insuranceEffects are the effects of removal on the insurance bet, up to
// a positive factor: a ten removed lowers it, any other card raises it,
// in the proportion of the deck's other cards to its tens (9 to 4 in a
// standard deck), so that a whole deck removed changes nothing.
func insuranceEffects(perDeck [10]int) [10]float64 {
	tens := float64(perDeck[9])
	others := 0.0
	for c := 0; c < 9; c++ {
		others += float64(perDeck[c])
	}
	var e [10]float64
	for c := 0; c < 9; c++ {
		e[c] = tens
	}
	e[9] = -others
	return e
}

// A CorrelationRequest asks how well counts track a game: each count's
// betting correlation (with the effects of removal on the chart's EV),
// insurance correlation and playing efficiency ('bjchart counts').
type CorrelationRequest struct {
	Game  solve.Game
	Count string // a built-in count; "" and no Tags: every built-in count
	Tags  string // a custom count's tags, instead of Count
}

// DefaultCorrelationRequest is every built-in count in the default game.
func DefaultCorrelationRequest() CorrelationRequest { return CorrelationRequest{} }

// Params adds the request's fields to s, the game's first.
func (q *CorrelationRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Count, "count", "one count: hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1 or itoh-pm3 (default: every one)")
	s.String(&q.Tags, "tags", "a custom count's tags \"A=-1,2=1,...,T=-1\" (ranks left out tag 0)")
}

// A CorrelationJob is a checked correlation request: the rules and the
// counts.
type CorrelationJob struct {
	Rules   solve.Rules
	Systems []System
}

// Check reads the request: the rules and the counts.
func (q CorrelationRequest) Check() (CorrelationJob, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return CorrelationJob{Rules: r}, err
	}
	if r.Infinite() {
		return CorrelationJob{Rules: r}, fmt.Errorf("effects of removal with an infinite deck: removing a card changes nothing; give a deck count")
	}
	if q.Count == "" && q.Tags == "" {
		var all []System
		for _, name := range slices.Sorted(maps.Keys(Systems)) {
			all = append(all, Systems[name])
		}
		return CorrelationJob{Rules: r, Systems: all}, nil
	}
	sys, err := IndicesRequest{Count: q.Count, Tags: q.Tags}.System()
	if err == nil && sys.flat() {
		err = fmt.Errorf("count %s tags every rank alike: it correlates with nothing", sys.Name)
	}
	return CorrelationJob{Rules: r, Systems: []System{sys}}, err
}

// A CountCorrelation is one count's correlations with a game.
type CountCorrelation struct {
	System
	Betting   float64 // with the effects of removal on the chart's EV
	Insurance float64 // with the insurance bet's
	Playing   float64 // playing efficiency (playingEfficiency)
}

// Correlations is a CorrelationRequest's result.
type Correlations struct {
	Rules   solve.Rules
	EV      float64     // the chart's EV from the full shoe
	Effects [10]float64 // of removal, ace first
	Counts  []CountCorrelation
}

// Run computes the effects of removal (eleven exact solves), each
// count's correlations and its playing efficiency; progress is not
// called.
func (j CorrelationJob) Run(ctx context.Context, progress func(done, total int64)) (Correlations, error) {
	r, systems := j.Rules, j.Systems
	eor, t, depleted, err := effectsOfRemoval(ctx, r)
	if err != nil {
		return Correlations{}, err
	}
	out := Correlations{Rules: r, EV: t.EV, Effects: eor}
	perDeck := r.PerDeck()
	ins := insuranceEffects(perDeck)
	decisions := strategyDecisions(t, depleted)
	cards := r.FullShoe().Total()
	for _, sys := range systems {
		out.Counts = append(out.Counts, CountCorrelation{System: sys,
			Betting: Correlation(sys, eor, perDeck), Insurance: Correlation(sys, ins, perDeck),
			Playing: playingEfficiency(sys, decisions, perDeck, cards)})
	}
	return out, nil
}

// flat reports whether every rank has the same tag.
func (s System) flat() bool {
	for r := 2; r <= 10; r++ {
		if s.Tags[r] != s.Tags[1] {
			return false
		}
	}
	return true
}
