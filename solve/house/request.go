package house

import "bjchart/solve/param"

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

// Check reads the request's rules.
func (q Request) Check() (Rules, error) {
	r, err := ParseRules(q.Rules)
	if err != nil {
		return r, &param.Error{Name: "rules", Problem: err.Error()}
	}
	return r, nil
}

// Validate reports what is wrong with the request, or nil.
func (q Request) Validate() error {
	_, err := q.Check()
	return err
}
