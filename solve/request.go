package solve

import (
	"context"
	"strings"

	"bjchart/solve/param"
)

// A Request asks for a solved table: a game, the shoe it is dealt from
// (full decks unless Shoe names one) and how split hands are played in
// the composition-dependent values. 'bjchart chart' binds it to flags.
type Request struct {
	Game  Game
	Shoe  string // ten counts of A,2..9,T; "" is the rules' full shoe
	Split string // cdz- or cdp1
}

// DefaultRequest is the default game from full decks, split hands played
// by CDZ-.
func DefaultRequest() Request { return Request{Split: "cdz-"} }

// Params adds the request's fields to s, the game's first.
func (q *Request) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Shoe, "shoe", shoeUsage)
	s.String(&q.Split, "split", "post-split strategy of composition-dependent split EVs: cdz- or cdp1")
}

// shoeUsage is the help of a request's shoe field.
const shoeUsage = "deal from this remaining shoe instead of full decks: ten counts of A,2..9,T (e.g. \"4,4,4,4,4,4,4,4,4,16\")"

// Options reads the request's shoe and split play for the rules.
func (q Request) Options(r Rules) (Options, error) {
	var opt Options
	switch strings.ToLower(q.Split) {
	case "cdz-", "cdz", "":
		opt.Split = CDZMinus
	case "cdp1":
		opt.Split = CDP1
	default:
		return opt, param.Errorf("split", q.Split, "want cdz- or cdp1")
	}
	if q.Shoe != "" {
		if r.Infinite() {
			return opt, param.Fieldf("shoe", "{shoe} needs a finite deck count: %q deals from an infinite deck", r)
		}
		sh, err := ParseShoe(q.Shoe)
		if err != nil {
			return opt, &param.Error{Name: "shoe", Input: strings.TrimPrefix(err.Error(), "shoe ")}
		}
		opt.Shoe = &sh
	}
	return opt, nil
}

// A Job is a checked Request: the rules and the solver's options.
type Job struct {
	Rules   Rules
	Options Options
}

// Check reads and checks the request: the rules and the solver's
// options.
func (q Request) Check() (Job, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return Job{Rules: r}, err
	}
	opt, err := q.Options(r)
	return Job{Rules: r, Options: opt}, err
}

// Run solves the job's table; progress is not called (a table takes a
// second at most). When ctx ends the solve stops between up cards and Run
// returns ctx's error.
func (j Job) Run(ctx context.Context, progress func(done, total int64)) (*Table, error) {
	return SolveWith(ctx, j.Rules, j.Options)
}

// A HandRequest asks what a game's solved table says of one hand
// ('bjchart hand', the page's hand lookup and /api/hand.json).
type HandRequest struct {
	Request
	Hand string // "T,6 v T", "16 v T", "soft 18 v 9" (ParseHand)
}

// DefaultHandRequest is DefaultRequest with no hand yet.
func DefaultHandRequest() HandRequest { return HandRequest{Request: DefaultRequest()} }

// Params adds the request's fields to s: the solve's, then the hand.
func (q *HandRequest) Params(s *param.Set) {
	q.Request.Params(s)
	s.String(&q.Hand, "hand", "the hand and up card: cards (\"T,6 v T\") or a total (\"16 v T\", \"soft 18 v 9\")")
}

// A HandJob is a checked HandRequest: the solve's job and the hand.
type HandJob struct {
	Job
	Hand HandQuery
}

// Check reads and checks the request: the rules, the solver's options
// and the hand.
func (q HandRequest) Check() (HandJob, error) {
	hq, err := ParseHand(q.Hand)
	if err != nil {
		return HandJob{Hand: hq}, err
	}
	job, err := q.Request.Check()
	return HandJob{Job: job, Hand: hq}, err
}

// A HandResult is a solved table and what it says of the hand.
type HandResult struct {
	Table  *Table
	Lookup Lookup
}

// Run solves the job's table and looks the hand up.
func (j HandJob) Run(ctx context.Context, progress func(done, total int64)) (HandResult, error) {
	t, err := j.Job.Run(ctx, progress)
	if err != nil {
		return HandResult{}, err
	}
	l, err := t.Lookup(j.Hand)
	return HandResult{Table: t, Lookup: l}, err
}

// A DealerRequest asks how the dealer's hand ends, by up card ('bjchart
// dealer' and the page's dealer table): a game and the shoe dealt from.
type DealerRequest struct {
	Game Game
	Shoe string // ten counts of A,2..9,T; "" is the rules' full shoe
}

// DefaultDealerRequest is the default game from full decks.
func DefaultDealerRequest() DealerRequest { return DealerRequest{} }

// Params adds the request's fields to s, the game's first.
func (q *DealerRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Shoe, "shoe", shoeUsage)
}

// A DealerJob is a checked DealerRequest: the rules and the shoe (nil
// for the rules' full shoe).
type DealerJob struct {
	Rules Rules
	Shoe  *Shoe
}

// Check reads and checks the request.
func (q DealerRequest) Check() (DealerJob, error) {
	job, err := Request{Game: q.Game, Shoe: q.Shoe}.Check()
	return DealerJob{Rules: job.Rules, Shoe: job.Options.Shoe}, err
}

// A DealerReport is the dealer's outcomes by up card (DealerOutcomes)
// with the rules and shoe they are of.
type DealerReport struct {
	Rules    Rules
	Shoe     *Shoe
	Outcomes [10]DealerDist
}

// Run works the dealer's outcomes out; progress is not called.
func (j DealerJob) Run(ctx context.Context, progress func(done, total int64)) (DealerReport, error) {
	if err := ctx.Err(); err != nil {
		return DealerReport{}, err
	}
	d, err := DealerOutcomes(j.Rules, Options{Shoe: j.Shoe})
	return DealerReport{Rules: j.Rules, Shoe: j.Shoe, Outcomes: d}, err
}

// An EffectsRequest asks what each rule does to a game, one rule changed
// at a time ('bjchart effects' and the page's rule effects).
type EffectsRequest struct {
	Game Game
}

// DefaultEffectsRequest is the default game.
func DefaultEffectsRequest() EffectsRequest { return EffectsRequest{} }

// Params adds the request's fields to s.
func (q *EffectsRequest) Params(s *param.Set) { q.Game.Params(s) }

// An EffectsJob is a checked EffectsRequest: the game's rules.
type EffectsJob struct{ Rules Rules }

// Check reads the rules.
func (q EffectsRequest) Check() (EffectsJob, error) {
	r, err := q.Game.Resolve()
	return EffectsJob{Rules: r}, err
}

// An EffectsReport is a game's solved table and each rule's effect on it.
type EffectsReport struct {
	Table   *Table
	Effects []Effect
}

// Run solves the game and its variations (Effects); progress is not
// called. When ctx ends the solves stop and Run returns ctx's error.
func (j EffectsJob) Run(ctx context.Context, progress func(done, total int64)) (EffectsReport, error) {
	t, effects, err := effects(ctx, j.Rules)
	return EffectsReport{Table: t, Effects: effects}, err
}
