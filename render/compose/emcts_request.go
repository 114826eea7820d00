package compose

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// An EMCTSCheckRequest asks how Itoh 2023's tree search decides every
// two-card hand of a game against the exact best play, for one setting
// or several (lists: "1,2,3,4", "winlose,table7", "actions,cards").
// 'bjchart emcts-check' binds it.
type EMCTSCheckRequest struct {
	Game      solve.Game
	C         string // constants, "3" or "1,2,3,4"
	Rewards   string // "table7", "winlose" or both
	Playouts  int
	Threshold int
	// PlayoutChart is the basic strategy the playouts play: solved, or a
	// published chart's name or file (the face loads it).
	PlayoutChart string
	Runs         int // searches a position; the majority decides
	Seed         uint64
	Trees        string // "actions", "cards" or both
	Backups      string // "mean", "max" or both
	Chances      string // "visits", "exact" or both
}

// DefaultEMCTSCheckRequest: Itoh 2023's search (sim.DefaultSearch) playing
// the solved chart in its playouts, five searches a position, seed 1.
func DefaultEMCTSCheckRequest() EMCTSCheckRequest {
	d := sim.DefaultSearch()
	return EMCTSCheckRequest{C: "3", Rewards: d.Reward, Playouts: d.Playouts, Threshold: d.Threshold, PlayoutChart: "solved",
		Runs: 5, Seed: 1, Trees: d.Tree, Backups: d.Backup, Chances: d.Chance}
}

// Params adds the request's fields to s, the game's first.
func (q *EMCTSCheckRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.C, "c", "UCB's exploration constant C, or several: 1,2,3,4")
	s.String(&q.Rewards, "reward", "the playouts' reward, winlose or table7, or both: winlose,table7")
	s.Int(&q.Playouts, "playouts", "playouts per decision")
	s.Int(&q.Threshold, "threshold", "playouts a leaf takes before it is expanded")
	s.String(&q.PlayoutChart, "playout-chart", "the basic strategy the playouts play: solved or a published chart's name or file")
	s.Int(&q.Runs, "runs", "searches per position; the majority decides")
	s.Uint64(&q.Seed, "seed", "seed of the searches' random numbers")
	s.String(&q.Trees, "tree", "the tree's arcs: actions (Itoh 2023's), cards (a chance node per rank drawn), or both: actions,cards")
	s.String(&q.Backups, "backup", "a node's value: mean, max, or both: mean,max")
	s.String(&q.Chances, "chance", "with {tree} cards {backup} max, a chance node's weights: visits, exact, or both: visits,exact")
}

// An EMCTSCheckJob is a checked request: the rules and every setting to
// search, each a full set of the search's parameters.
type EMCTSCheckJob struct {
	Rules        solve.Rules
	Settings     []EMCTSCheckSetting
	PlayoutChart string
	Runs         int
	Seed         uint64
}

// An EMCTSCheckSetting is one setting of a check.
type EMCTSCheckSetting struct {
	C      float64
	Reward string
	Params sim.EMCTSParams
}

// Check reads and checks the request: every setting (each tree with each
// backup, the chance weights only where they apply: cards and max; then
// each reward, then each C), found before anything is solved.
func (q EMCTSCheckRequest) Check() (EMCTSCheckJob, error) {
	job := EMCTSCheckJob{PlayoutChart: q.PlayoutChart, Runs: q.Runs, Seed: q.Seed}
	var cs []float64
	for _, f := range strings.Split(q.C, ",") {
		c, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(c >= 0) || math.IsInf(c, 0) || slices.Contains(cs, c) {
			return job, param.Errorf("c", q.C, "want constants of 0 or more, each once, e.g. 3 or 1,2,3,4")
		}
		cs = append(cs, c)
	}
	rewards := strings.Split(q.Rewards, ",")
	for i, rw := range rewards {
		rewards[i] = strings.TrimSpace(rw)
		if rewards[i] != "winlose" && rewards[i] != "table7" || slices.Contains(rewards[:i], rewards[i]) {
			return job, param.Errorf("reward", q.Rewards, "want winlose, table7 or winlose,table7, each once")
		}
	}
	if q.Runs < 1 || q.Runs > 1000 {
		return job, param.NumberErrorf("runs", q.Runs, "want 1 to 1000")
	}
	var shapes []sim.EMCTSParams
	for _, tree := range strings.Split(q.Trees, ",") {
		for _, backup := range strings.Split(q.Backups, ",") {
			for i, chance := range strings.Split(q.Chances, ",") {
				t, b, c, err := sim.TreeSettings(strings.TrimSpace(tree), strings.TrimSpace(backup), strings.TrimSpace(chance))
				if err != nil {
					return job, err
				}
				if i > 0 && (t != sim.CardTree || b != sim.MaxBackup) {
					continue // the weights of a chance node under a max backup only
				}
				if t != sim.CardTree || b != sim.MaxBackup {
					c = sim.VisitWeights
				}
				p := sim.EMCTSParams{Tree: t, Backup: b, Chance: c}
				if slices.Contains(shapes, p) {
					return job, param.Fieldf("tree", "{tree} %q, {backup} %q, {chance} %q: a setting given twice; give each once", q.Trees, q.Backups, q.Chances)
				}
				shapes = append(shapes, p)
			}
		}
	}
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	if r.Infinite() {
		return job, param.Fieldf("decks", "emcts-check searches a finite shoe's unseen cards; give {decks}")
	}
	job.Rules = r
	for _, shape := range shapes {
		for _, rw := range rewards {
			for _, c := range cs {
				s := sim.DefaultSearch()
				s.Playouts, s.C, s.Reward, s.Threshold = q.Playouts, c, rw, q.Threshold
				p, err := s.Params()
				if err != nil {
					return job, err
				}
				p.Tree, p.Backup, p.Chance = shape.Tree, shape.Backup, shape.Chance
				job.Settings = append(job.Settings, EMCTSCheckSetting{C: c, Reward: rw, Params: p})
			}
		}
	}
	return job, nil
}

// Validate reports what is wrong with the request, or nil.
func (q EMCTSCheckRequest) Validate() error {
	_, err := q.Check()
	return err
}

// An EMCTSCheck is a check's result: the game solved, the chart the
// playouts played (with how its cells printed ? are played, if any), and
// each setting's positions.
type EMCTSCheck struct {
	Table    *solve.Table
	Playout  string
	Settings []EMCTSCheckResult
}

// An EMCTSCheckResult is one setting's search of every position.
type EMCTSCheckResult struct {
	EMCTSCheckSetting
	Positions []sim.Position
}

// Run solves the game, then searches every two-card hand against every
// up card at each setting, telling progress the positions searched of
// all. It stops when ctx ends, with ctx's error.
func (j EMCTSCheckJob) Run(ctx context.Context, progress func(done, total int64)) (EMCTSCheck, error) {
	c, err := publishedChart(j.PlayoutChart) // before the solve: a bad name shows at once
	if err != nil {
		return EMCTSCheck{}, err
	}
	charted := c != nil // a published chart is valued against the solve
	solver, err := solve.NewSolver(ctx, j.Rules, solve.Options{TableOnly: !charted})
	if err != nil {
		return EMCTSCheck{}, err
	}
	s := &strategies{table: solver.Table(), loaded: map[string]*charts.Chart{j.PlayoutChart: c}}
	if charted {
		s.solver = solver
	}
	strat, _, err := s.chart("playout-chart", j.PlayoutChart)
	if err != nil {
		return EMCTSCheck{}, err
	}
	chart, ok := strat.(*sim.Chart)
	if !ok {
		return EMCTSCheck{}, param.Errorf("playout-chart", j.PlayoutChart, "want solved or a chart's name or file")
	}
	out := EMCTSCheck{Table: s.table, Playout: s.withNote(j.PlayoutChart)}
	positions := int64(len(s.table.Hands))
	total := int64(len(j.Settings)) * positions
	for k, setting := range j.Settings {
		base := int64(k) * positions
		ps, err := sim.CheckEMCTS(ctx, s.table, chart, setting.Params, j.Runs, j.Seed, func(done, _ int64) {
			if progress != nil {
				progress(base+done, total)
			}
		})
		if err != nil {
			return EMCTSCheck{}, err
		}
		out.Settings = append(out.Settings, EMCTSCheckResult{setting, ps})
	}
	return out, nil
}
