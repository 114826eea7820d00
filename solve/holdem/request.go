package holdem

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"bjchart/solve/param"
)

// An EquityRequest asks for hand ranges' equities against each other,
// with a board and dead cards. 'bjchart holdem equity' binds it (the
// ranges are its arguments); DefaultEquityRequest holds its defaults.
type EquityRequest struct {
	Ranges []string // 2 to 9 ranges, e.g. "AKs,QQ+"
	Board  string   // 3, 4 or 5 cards, e.g. "Kh7d2c"; "" before the flop
	Dead   string   // cards out of play
	Trials int64    // random deals where the equity is simulated
	Seed   uint64
}

// DefaultEquityRequest: no board, no dead cards, 1M deals where
// simulated, seed 1.
func DefaultEquityRequest() EquityRequest { return EquityRequest{Trials: 1_000_000, Seed: 1} }

// MaxTrials bounds a simulated equity's deals.
const MaxTrials = 100_000_000

// Params adds the request's fields but the ranges to s.
func (q *EquityRequest) Params(s *param.Set) {
	s.String(&q.Board, "board", "the board: 3, 4 or 5 cards, e.g. Kh7d2c or \"Kh 7d 2c\"")
	s.String(&q.Dead, "dead", "cards out of play: no player holds them and no board shows them, e.g. Th or \"Th 9c\"")
	s.Func("trials", "random deals where the equity is simulated: a count, with an optional k or M (at most 100M)", "count",
		func() string { return strconv.FormatInt(q.Trials, 10) },
		func(v string) error {
			n, err := param.ParseCount(v)
			if err != nil || n < 1000 || n > MaxTrials {
				return fmt.Errorf("want 1k to 100M")
			}
			q.Trials = n
			return nil
		})
	s.Uint64(&q.Seed, "seed", "seed of a simulated equity; the same seed gives the same figures on any machine")
}

// ParseCards reads cards written together or apart: "Kh7d2c", "Kh 7d 2c".
func ParseCards(s string) ([]Card, error) {
	t := strings.NewReplacer(" ", "", ",", "").Replace(s)
	if len(t)%2 != 0 || len(t) > 2*7 {
		return nil, fmt.Errorf("want cards of a rank and a suit, e.g. Kh7d2c")
	}
	var out []Card
	for i := 0; i < len(t); i += 2 {
		c, err := ParseCard(t[i : i+2])
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// An EquityJob is a checked equity request.
type EquityJob struct {
	Ranges      []Range
	Board, Dead []Card
	Trials      int64
	Seed        uint64
}

// Check reads the request's ranges and cards.
func (q EquityRequest) Check() (EquityJob, error) {
	job := EquityJob{Trials: q.Trials, Seed: q.Seed}
	if len(q.Ranges) < 2 || len(q.Ranges) > 9 {
		return job, fmt.Errorf("2 to 9 ranges, e.g. \"AKs,QQ+\" \"22+,ATs+\"; got %d", len(q.Ranges))
	}
	for _, a := range q.Ranges {
		r, err := ParseRange(a)
		if err != nil {
			return job, err
		}
		job.Ranges = append(job.Ranges, r)
	}
	var err error
	if job.Board, err = ParseCards(q.Board); err != nil {
		return job, param.Errorf("board", q.Board, "%v", err)
	}
	if job.Dead, err = ParseCards(q.Dead); err != nil {
		return job, param.Errorf("dead", q.Dead, "%v", err)
	}
	if q.Trials < 1000 || q.Trials > MaxTrials {
		return job, param.NumberErrorf("trials", q.Trials, "want 1k to 100M")
	}
	return job, nil
}

// Run computes a checked request's equities (exact where the enumeration
// is small enough, else simulated), calling progress (nil: none) with the
// deals done of the whole; it stops with ctx's error when ctx ends.
func (job EquityJob) Run(ctx context.Context, progress func(done, total int64)) (EquityResult, error) {
	return Equity(ctx, job.Ranges, job.Board, job.Dead, job.Trials, job.Seed, progress)
}

// A NashRequest asks for the heads-up push-or-fold equilibrium at a
// stack and ante. 'bjchart holdem nash' binds it.
type NashRequest struct {
	Stack float64 // the effective stack before posting, in big blinds
	Ante  float64 // each player's ante, in big blinds
}

// DefaultNashRequest: 10 big blinds, no ante.
func DefaultNashRequest() NashRequest { return NashRequest{Stack: 10} }

// Params adds the request's fields to s.
func (q *NashRequest) Params(s *param.Set) {
	s.Float(&q.Stack, "stack", "the effective stack, in big blinds, before posting")
	s.Float(&q.Ante, "ante", "each player's ante, in big blinds")
}

// A NashJob is a checked equilibrium request.
type NashJob struct{ stack, ante float64 }

// Check reads the stack and the ante.
func (q NashRequest) Check() (NashJob, error) {
	if !(q.Stack >= 1 && q.Stack <= 1000) {
		return NashJob{}, param.NumberErrorf("stack", q.Stack, "want 1 to 1000 big blinds")
	}
	if !(q.Ante >= 0 && q.Ante <= 10) {
		return NashJob{}, param.NumberErrorf("ante", q.Ante, "want 0 to 10 big blinds")
	}
	return NashJob{stack: q.Stack, ante: q.Ante}, nil
}

// Validate reports what is wrong with the request, or nil.
func (q NashRequest) Validate() error {
	_, err := q.Check()
	return err
}

// A NashResult is an equilibrium and the most a change of one class's
// play alone gains against it.
type NashResult struct {
	Nash         Nash
	OneClassGain float64
}

// Run solves the equilibrium on the shipped class matrix until its
// exploitability is below a millionth of a big blind (at most 100,000
// iterations, well under a second); progress is not called.
func (j NashJob) Run(ctx context.Context, progress func(done, total int64)) (NashResult, error) {
	if err := ctx.Err(); err != nil {
		return NashResult{}, err
	}
	m, err := LoadMatrix()
	if err != nil {
		return NashResult{}, err
	}
	n := PushFoldNash(m, j.stack, j.ante, 1e-6, 100_000)
	return NashResult{Nash: n, OneClassGain: n.OneClassGain(m)}, nil
}
