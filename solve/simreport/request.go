package simreport

import (
	"context"
	"errors"
	"time"

	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/risk"
	"bjchart/solve/sim"
)

// A Request asks for a simulation's report ('bjchart sim', the page's
// /sim): the game, rounds, shoe and count of the simulation (sim.Request)
// and, for a counter, the bankroll its risk of ruin is of. The solved
// chart is played; a face that plays another strategy (the command
// line's) sets it on the job's Plan.
type Request struct {
	Sim sim.Request
	// Bankroll, with a count, is the bankroll in units (a bet of 1 in
	// the ramp) the report's risk of ruin is of; 0 for none.
	Bankroll float64
}

// DefaultRequest is sim.DefaultRequest with no bankroll.
func DefaultRequest() Request { return Request{Sim: sim.DefaultRequest()} }

// Params adds the request's fields to s: the simulation's, then the
// bankroll.
func (q *Request) Params(s *param.Set) {
	q.Sim.Params(s)
	s.Float(&q.Bankroll, "bankroll", "with --count: the bankroll, in units (a bet of 1 in the ramp), for the risk of ruin")
}

// MaxBankroll bounds a bankroll, in units.
const MaxBankroll = 1e12

// A Job is a checked request.
type Job struct {
	Sim      sim.Job
	Bankroll float64
	ramp     string // the ramp as given, for the report
}

// Check reads and checks the request (sim.Request.Check, and the
// bankroll).
func (q Request) Check() (Job, error) {
	job, err := q.Sim.Check()
	if err != nil {
		return Job{Sim: job}, err
	}
	switch {
	case q.Bankroll == 0:
	case !(q.Bankroll > 0 && q.Bankroll <= MaxBankroll):
		return Job{Sim: job}, param.NumberErrorf("bankroll", q.Bankroll, "want more than 0 units, at most 10^12")
	case job.Count == nil:
		return Job{Sim: job}, param.Fieldf("bankroll", "{bankroll} needs {count}: the risk of ruin is a counter's")
	}
	return Job{Sim: job, Bankroll: q.Bankroll, ramp: q.Sim.Ramp}, nil
}

// A Plan is a simulation ready to deal: its configuration, the strategy
// played and what the report says of them. Job.Plan makes one that plays
// the solved chart; a face may change it (another strategy, seats, a
// part of a split run) before Run.
type Plan struct {
	Config   sim.Config
	Strategy sim.Strategy
	// Head describes the run in the report (Head): the game, the
	// strategy's name, the seed, the shuffle, the count and ramp.
	Head Report
	// Exact is the value beside the simulated one: the strategy's exact
	// EV with a fresh shoe every round (Head.ExactOf says what it is of
	// when it is not the strategy's own).
	Exact float64
	// Bankroll, with a count, is what the counter's risk of ruin is of.
	Bankroll float64
}

// Plan lays out the job's simulation of the solved chart of t, a table of
// its rules.
func (j Job) Plan(t *solve.Table) (Plan, error) {
	ch, err := sim.NewChart(t)
	if err != nil {
		return Plan{}, err
	}
	cfg := j.Sim.Config(nil)
	return Plan{Config: cfg, Strategy: ch, Head: Head(t.Rules.String(), "", "solved", j.Sim.Seed, cfg, j.ramp),
		Exact: t.EV, Bankroll: j.Bankroll}, nil
}

// Run solves the job's rules and plays the solved chart (Plan, then
// Plan.Run).
func (j Job) Run(ctx context.Context, progress func(done, total int64)) (Report, error) {
	t, err := solve.Job{Rules: j.Sim.Rules, Options: solve.Options{TableOnly: true}}.Run(ctx, nil)
	if err != nil {
		return Report{}, err
	}
	p, err := j.Plan(t)
	if err != nil {
		return Report{}, err
	}
	return p.Run(ctx, progress)
}

// Run deals the plan's rounds on every core, telling progress the rounds
// dealt of all, and reports them: the figures with their error bars, the
// exact value beside them and, with a count, the counter's. It stops
// when ctx ends, with ctx's error.
func (p Plan) Run(ctx context.Context, progress func(done, total int64)) (Report, error) {
	cfg := p.Config
	cfg.Stop = ctx.Done()
	var dealt func(int64)
	if progress != nil {
		dealt = func(n int64) { progress(n, cfg.Rounds) }
	}
	start := time.Now()
	res, err := sim.Run(cfg, p.Strategy, dealt)
	if errors.Is(err, sim.ErrStopped) && ctx.Err() != nil {
		return Report{}, ctx.Err()
	}
	if err != nil {
		return Report{}, err
	}
	rep := p.Head.WithResult(res, p.Exact, time.Since(start))
	rep.Sums = &res
	if cfg.Count != nil && cfg.Count.Name != sim.FlatItoh {
		rep.Counter, rep.ByCount = risk.NewCounter(res, p.Bankroll)
	}
	return rep, nil
}
