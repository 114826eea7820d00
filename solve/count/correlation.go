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
	var eor [10]float64
	if r.Infinite() {
		return eor, nil, fmt.Errorf("effects of removal with an infinite deck: removing a card changes nothing; give a deck count")
	}
	base, err := solve.NewSolver(r, solve.Options{})
	if err != nil {
		return eor, nil, err
	}
	chart := base.Table().Strategy()
	cache := solve.NewCache() // the ten shoes share the hand graphs
	for c := range eor {
		if err := ctx.Err(); err != nil {
			return eor, nil, err
		}
		shoe := r.FullShoe()
		shoe.Counts[c]--
		s, err := solve.NewSolver(r, solve.Options{Shoe: &shoe, Cache: cache})
		if err != nil {
			return eor, nil, err
		}
		t, err := s.Evaluate(chart)
		if err != nil {
			return eor, nil, err
		}
		eor[c] = t.EV - base.Table().EV
	}
	return eor, base.Table(), nil
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
// betting correlation (with the effects of removal on the chart's EV)
// and insurance correlation ('bjchart counts').
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

// Check reads the request: the rules and the counts.
func (q CorrelationRequest) Check() (solve.Rules, []System, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return r, nil, err
	}
	if r.Infinite() {
		return r, nil, fmt.Errorf("effects of removal with an infinite deck: removing a card changes nothing; give a deck count")
	}
	if q.Count == "" && q.Tags == "" {
		var all []System
		for _, name := range slices.Sorted(maps.Keys(Systems)) {
			all = append(all, Systems[name])
		}
		return r, all, nil
	}
	sys, err := IndicesRequest{Count: q.Count, Tags: q.Tags}.System()
	if err == nil && sys.flat() {
		err = fmt.Errorf("count %s tags every rank alike: it correlates with nothing", sys.Name)
	}
	return r, []System{sys}, err
}

// A CountCorrelation is one count's correlations with a game.
type CountCorrelation struct {
	System
	Betting   float64 // with the effects of removal on the chart's EV
	Insurance float64 // with the insurance bet's
}

// Correlations is a CorrelationRequest's result.
type Correlations struct {
	Rules   solve.Rules
	EV      float64     // the chart's EV from the full shoe
	Effects [10]float64 // of removal, ace first
	Counts  []CountCorrelation
}

// Run checks the request and computes the effects of removal (eleven
// exact solves) and each count's correlations.
func (q CorrelationRequest) Run(ctx context.Context) (Correlations, error) {
	r, systems, err := q.Check()
	if err != nil {
		return Correlations{}, err
	}
	eor, t, err := EffectsOfRemoval(ctx, r)
	if err != nil {
		return Correlations{}, err
	}
	out := Correlations{Rules: r, EV: t.EV, Effects: eor}
	perDeck := r.PerDeck()
	ins := insuranceEffects(perDeck)
	for _, sys := range systems {
		out.Counts = append(out.Counts, CountCorrelation{System: sys,
			Betting: Correlation(sys, eor, perDeck), Insurance: Correlation(sys, ins, perDeck)})
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
