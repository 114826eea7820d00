package house

import (
	"bjchart/solve/param"
	"context"
)

// A Request asks for a house game's solution: its rules in the house
// rule language. 'bjchart house' binds it to flags, the page's /house to
// query parameters; DefaultRequest holds the default of both.
type Request struct {
	Rules string // the house rule language (RuleHelp)
}

// DefaultRequest is the request of 'bjchart house' with no flags: the
// house game with the dealer it built (HOUSE).
func DefaultRequest() Request { return Request{Rules: "HOUSE"} }

// Params adds the request's fields to s.
func (q *Request) Params(s *param.Set) {
	s.String(&q.Rules, "rules", "the house rules (see above)")
}

// A Job is a checked request: the game's rules.
type Job struct{ Rules Rules }

// Check reads the request's rules.
func (q Request) Check() (Job, error) {
	r, err := ParseRules(q.Rules)
	if err != nil {
		return Job{Rules: r}, &param.Error{Name: "rules", Problem: err.Error()}
	}
	return Job{Rules: r}, nil
}

// Run solves the game (Solve: seconds at most, not stopped midway);
// progress is not called.
func (j Job) Run(ctx context.Context, progress func(done, total int64)) (*Solution, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return Solve(j.Rules)
}

// Validate reports what is wrong with the request, or nil.
func (q Request) Validate() error {
	_, err := q.Check()
	return err
}
