package compose

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"bjchart/render"
	"bjchart/solve/holdem"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// A HoldemHandRequest asks how one Hold'em hand fares before the flop
// ('bjchart holdem HAND [v HAND]'): against another hand, exactly; against
// one random hand, exactly (the chart's line); or against several random
// hands, dealt.
type HoldemHandRequest struct {
	// Hands is the hand, or two hands separated by v (or vs): a class
	// (AKs, QQ, T9o) or two cards (AsAh).
	Hands     string
	Opponents int    // random opponents, 1 (exact) to holdem.MaxOpponents (dealt)
	Deals     string // deals with two or more opponents: a count, with an optional k, M or G
	Seed      uint64 // the deals' seed
	// Compute computes the equities against a random hand from scratch
	// (as HoldemChartRequest.Compute).
	Compute bool
}

// DefaultHoldemHandRequest deals a million times from seed 1 where it
// deals; Hands is the face's.
func DefaultHoldemHandRequest() HoldemHandRequest {
	return HoldemHandRequest{Opponents: 1, Deals: "1M", Seed: 1}
}

// A HoldemHandJob is a checked hand request.
type HoldemHandJob struct {
	a, b         []holdem.Hand
	nameA, nameB string
	versus       bool
	opponents    int
	deals        int64
	seed         uint64
	compute      bool
}

// A HoldemHandsError is what is wrong with the hands (a positional
// argument on the command line, not a field): a hand that does not
// parse, three hands, cards two hands share (found when the job runs).
// Problem may name fields as {field}, which each face names its own way
// (Render).
type HoldemHandsError struct{ Problem string }

// Error says the error with the fields by their names.
func (e *HoldemHandsError) Error() string { return e.Render(func(f string) string { return f }) }

// Render says the error with each field named by name.
func (e *HoldemHandsError) Render(name func(field string) string) string {
	return (&param.Error{Name: "hands", Problem: "{hands}" + e.Problem}).Render(func(f string) string {
		if f == "hands" {
			return ""
		}
		return name(f)
	})
}

// ErrNoHand is Check's error for a request without a hand, once the
// other fields are checked: the face shows the chart instead.
var ErrNoHand = errors.New("no hand: want HAND or HAND v HAND")

// Check reads the opponents and the deals (their errors name the field),
// then the hands (a *HoldemHandsError, or ErrNoHand without one): one
// hand against one (HAND v HAND), or one against random hands.
func (q HoldemHandRequest) Check() (HoldemHandJob, error) {
	job := HoldemHandJob{opponents: q.Opponents, seed: q.Seed, compute: q.Compute}
	if q.Opponents < 1 || q.Opponents > holdem.MaxOpponents {
		return job, &param.Error{Name: "opponents", Input: fmt.Sprint(q.Opponents), Problem: fmt.Sprintf("want 1 to %d", holdem.MaxOpponents)}
	}
	deals, err := sim.ParseRounds(q.Deals)
	if err != nil || deals > 1e10 {
		return job, param.Errorf("deals", q.Deals, "want a whole number from 1 to 10G, e.g. 1M")
	}
	job.deals = deals
	if q.Hands == "" {
		return job, ErrNoHand
	}
	versus := strings.ReplaceAll(" "+q.Hands+" ", " vs ", " v ")
	if strings.Count(versus, " v ") > 1 {
		return job, &HoldemHandsError{fmt.Sprintf("%q: one hand against one (HAND v HAND); for more players give one hand and {opponents}", q.Hands)}
	}
	a, b, vs := strings.Cut(versus, " v ")
	if job.a, job.nameA, err = holdem.ParseHands(a); err != nil {
		return job, &HoldemHandsError{err.Error()}
	}
	if job.versus = vs; vs {
		if job.b, job.nameB, err = holdem.ParseHands(b); err != nil {
			return job, &HoldemHandsError{err.Error()}
		}
	}
	return job, nil
}

// Versus reports whether the job is one hand against another.
func (j HoldemHandJob) Versus() bool { return j.versus }

// Run counts or deals the hand's matchup: a render.HoldemVersus (exact)
// or a render.HoldemSim (dealt, with two or more opponents). Hands that
// share a card fail with a *HoldemHandsError. progress is not called.
func (j HoldemHandJob) Run(ctx context.Context, progress func(done, total int64)) (interface{ Text(io.Writer) error }, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	switch {
	case j.versus:
		t, err := holdem.Versus(j.a, j.b)
		if err != nil {
			return nil, &HoldemHandsError{fmt.Sprintf("%s v %s: %v", j.nameA, j.nameB, err)}
		}
		return render.NewHoldemVersus(j.nameA, j.nameB, t), nil
	case j.opponents == 1: // a class's table line; a holding's is its class's over its hands (the suits do not matter)
		table, err := HoldemVsRandom(j.compute)
		if err != nil {
			return nil, err
		}
		c := j.a[0].Class()
		t := table[c]
		n := int64(len(j.a))
		t.Wins, t.Ties, t.Total = t.Wins*n/int64(c.Combos()), t.Ties*n/int64(c.Combos()), t.Total*n/int64(c.Combos())
		return render.NewHoldemVersus(j.nameA, "a random hand", t), nil
	}
	est, err := holdem.Simulate(j.a, j.opponents, j.deals, j.seed)
	if err != nil {
		return nil, &HoldemHandsError{err.Error()}
	}
	return render.HoldemSim{Hand: j.nameA, Opponents: j.opponents, Deals: j.deals, Seed: j.seed,
		Equity: est.Equity, SE: est.SE, Win: est.Win, Tie: est.Tie}, nil
}
