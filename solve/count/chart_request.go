package count

import (
	"bjchart/solve"
	"bjchart/solve/param"
)

// A ChartRequest asks for a game's chart (solve.Request), solved for the
// shoe a count typically leaves when Shoe asks for one ('bjchart chart
// --count hilo --tc +3'), else for the request's own shoe.
type ChartRequest struct {
	solve.Request
	Shoe ShoeRequest
}

// DefaultChartRequest is the default game's chart from full decks.
func DefaultChartRequest() ChartRequest {
	return ChartRequest{Request: solve.DefaultRequest(), Shoe: DefaultShoeRequest()}
}

// Params adds the request's fields to s: the solve's, then the count's
// shoe's.
func (q *ChartRequest) Params(s *param.Set) {
	q.Request.Params(s)
	q.Shoe.Params(s)
}

// A ChartJob is a checked ChartRequest: the solve (its Run), its shoe
// the count's where one was asked for.
type ChartJob struct {
	solve.Job
	// Note says which shoe the count left ("" when none was asked for).
	Note string
}

// Check reads and checks the request: the game and the solver's options,
// then the count's shoe, which replaces the rules' full decks.
func (q ChartRequest) Check() (ChartJob, error) {
	job, err := q.Request.Check()
	if err != nil || !q.Shoe.Asked() {
		return ChartJob{Job: job}, err
	}
	sh, note, err := q.Shoe.Shoe(job.Rules, job.Options.Shoe != nil)
	if err != nil {
		return ChartJob{Job: job}, err
	}
	job.Options.Shoe = &sh
	return ChartJob{Job: job, Note: note}, nil
}
