package solve

import (
	"bjchart/solve/panics"
	"context"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"bjchart/solve/param"
)

// A GridRequest asks for the EVs of a grid of games: every deck count of
// Decks x S17/H17 x DAS/NDAS x no/late surrender on top of the game's
// other rules ('bjchart grid').
type GridRequest struct {
	Game  Game
	Decks string // deck counts, comma-separated ("inf" allowed)
	Jobs  int    // games solved at once
}

// DefaultGridRequest is the default game at 1, 2, 4, 6 and 8 decks, on
// every core.
func DefaultGridRequest() GridRequest {
	return GridRequest{Decks: "1,2,4,6,8", Jobs: runtime.GOMAXPROCS(0)}
}

// Params adds the request's fields to s, the game's first.
func (q *GridRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Decks, "decks-list", "deck counts to solve, comma-separated (inf allowed)")
	s.Int(&q.Jobs, "jobs", "rule sets solved at once")
}

// A GridJob is a checked grid request: its games, grouped by the shoe
// they are dealt from.
type GridJob struct {
	Games  []Rules
	groups [][]int // games dealt from the same shoe, which share a cache
	jobs   int
}

// Check reads and checks the request.
func (q GridRequest) Check() (GridJob, error) {
	var job GridJob
	base, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	if q.Jobs < 1 {
		return job, param.NumberErrorf("jobs", q.Jobs, "want at least 1")
	}
	job.jobs = q.Jobs
	var seen []int
	for _, d := range strings.Split(q.Decks, ",") {
		decks := 0
		if !strings.EqualFold(strings.TrimSpace(d), "inf") {
			n, err := strconv.Atoi(strings.TrimSpace(d))
			if err != nil || n < 1 || n > MaxDecks {
				return job, &param.Error{Name: "decks-list", Problem: strconv.Quote(d) + " is not a deck count (1 to " + strconv.Itoa(MaxDecks) + ", or inf)"}
			}
			decks = n
		}
		if slices.Contains(seen, decks) { // 1,1,2 is 1,2
			continue
		}
		seen = append(seen, decks)
		var group []int
		for _, h17 := range []bool{false, true} {
			for _, das := range []bool{true, false} {
				for _, sur := range []SurrenderRule{NoSurrender, LateSurrender} {
					r := base
					r.Decks, r.H17, r.DAS, r.Surrender = decks, h17, das, sur
					group = append(group, len(job.Games))
					job.Games = append(job.Games, r)
				}
			}
		}
		job.groups = append(job.groups, group)
	}
	return job, nil
}

// A GridResult is one game of a grid: its chart's EV and its
// composition-dependent EVs (as Table.CDEV).
type GridResult struct {
	Rules Rules
	EV    float64
	CDEV  [2]float64
}

// Run solves the job's games, each deck count's together (its hand
// graphs and dealer distributions are solved once), Jobs at once;
// progress (nil: none) is told the games solved of all after each. When
// ctx ends the solves stop (between up cards) and Run returns its error.
func (j GridJob) Run(ctx context.Context, progress func(done, total int64)) ([]GridResult, error) {
	if progress == nil {
		progress = func(done, total int64) {}
	}
	var solved atomic.Int64
	rows := make([]GridResult, len(j.Games))
	errs := make([]error, len(j.Games))
	work := make(chan []int)
	var wg panics.Group                    // a worker's panic raised again by Wait
	for range min(j.jobs, len(j.groups)) { // no more workers than groups of work
		wg.Go(func() {
			for group := range work {
				opt := Options{Cache: NewCache()}
				opt.Cache.keepValues = true // the games with the first's dealer stand alike
				for _, i := range group {
					if errs[i] = ctx.Err(); errs[i] != nil {
						continue
					}
					t, err := SolveWith(ctx, j.Games[i], opt)
					if err != nil {
						errs[i] = err
					} else {
						rows[i] = GridResult{t.Rules, t.EV, t.CDEV}
					}
					progress(solved.Add(1), int64(len(j.Games)))
				}
			}
		})
	}
	for _, group := range j.groups {
		work <- group
	}
	close(work)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return rows, nil
}
