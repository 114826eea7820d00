package drill

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// An IndexRequest asks for an index drill: a decision of the published
// Hi-Lo index plays (the I18, and the Fab 4 with late surrender) and a
// true count near its index, and the play the counter's card says at
// that count: the chart's, changed by every index at or below the count
// (count.IndexStrategy). 'bjchart drill index' binds it to flags;
// DefaultIndexRequest holds its defaults.
type IndexRequest struct {
	Game   solve.Game
	Set    string // i18, fab4 or i18,fab4; "" is count.DefaultSet of the rules
	Drills int
	Seed   uint64
}

// DefaultIndexRequest is 20 drills of the default game's set, seed 1.
func DefaultIndexRequest() IndexRequest { return IndexRequest{Drills: 20, Seed: 1} }

// Params adds the request's fields to s, the game's first.
func (q *IndexRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Set, "set", "which index plays: i18, fab4 or i18,fab4 (default: i18, and fab4 with it where the rules have late surrender)")
	s.Int(&q.Drills, "drills", "drills in the session")
	s.Uint64(&q.Seed, "seed", "seed of the drills")
}

// An IndexJob is a checked IndexRequest.
type IndexJob struct {
	Rules     solve.Rules
	Decisions []count.Decision
	Drills    int
	Seed      uint64
}

// Check reads and checks the request.
func (q IndexRequest) Check() (IndexJob, error) {
	var job IndexJob
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	if err := count.CheckGame(r); err != nil {
		return job, err
	}
	set := q.Set
	if set == "" {
		set = count.DefaultSet(r)
	}
	sets, decisions, err := count.ParseSet(set)
	if err != nil || decisions == nil {
		return job, param.Errorf("set", set, "want i18, fab4 or i18,fab4")
	}
	if err := count.CheckSets(r, sets); err != nil {
		return job, param.Errorf("set", set, "%v", err)
	}
	if q.Drills < 1 || q.Drills > MaxDrills {
		return job, param.NumberErrorf("drills", q.Drills, "want 1 to %d", MaxDrills)
	}
	return IndexJob{Rules: r, Decisions: decisions, Drills: q.Drills, Seed: q.Seed}, nil
}

// Validate reports what is wrong with the request, or nil.
func (q IndexRequest) Validate() error {
	_, err := q.Check()
	return err
}

// An IndexDrill is one drill: a decision, a true count, and the play the
// card says there.
type IndexDrill struct {
	Decision  count.Decision
	TrueCount int
	Hand      string // "16 v T", "T,T v 5", "insurance (ace up)"
	Want      string // the answer: H S D P R, or I (insure) and N (not)
	Play      string // the answer in words
}

// Insurance reports whether the drill is the insurance decision.
func (d IndexDrill) Insurance() bool { return d.Decision.Table == "insurance" }

// spread is how far from a decision's index the drills' true counts go,
// either side.
const spread = 3

// Deal solves the game's chart (the card's base) and deals the drills:
// drill i's decision and true count (an integer within spread of the
// index, either side) from stream i of the seed.
func (job IndexJob) Deal(ctx context.Context) ([]IndexDrill, error) {
	basic, err := solve.SolveWith(job.Rules, solve.Options{Stop: ctx.Done()})
	if err != nil {
		return nil, err
	}
	out := make([]IndexDrill, job.Drills)
	for i := range out {
		rng := rand.New(rand.NewPCG(job.Seed, uint64(i)))
		d := job.Decisions[rng.IntN(len(job.Decisions))]
		tc := int(d.Published) - spread + rng.IntN(2*spread+1)
		out[i] = indexDrill(basic, job.Decisions, d, tc)
	}
	return out, nil
}

// indexDrill is decision d's drill at true count tc: the card's play
// there, the chart with every index applied (count.IndexStrategy).
func indexDrill(basic *solve.Table, decisions []count.Decision, d count.Decision, tc int) IndexDrill {
	x := IndexDrill{Decision: d, TrueCount: tc}
	if d.Table == "insurance" {
		x.Hand = "insurance (ace up)"
		x.Want, x.Play = "N", "no insurance"
		if float64(tc) >= d.Published {
			x.Want, x.Play = "I", "insure"
		}
		return x
	}
	kind, hand := solve.Hard, d.Hand
	x.Hand = fmt.Sprintf("%s v %v", d.Hand, d.Up)
	if d.Table == "pair" {
		kind = solve.Pairs
		x.Hand = fmt.Sprintf("%c,%c v %v", d.Hand[0], d.Hand[1], d.Up)
	}
	st := count.IndexStrategy(basic, decisions, float64(tc))
	for i := range basic.Cells {
		if c := &basic.Cells[i]; c.Table == kind && c.Hand == hand && c.Up == d.Up {
			a := st[i].Code.Best
			x.Want, x.Play = strings.ToUpper(a.Letter()), a.String()
		}
	}
	return x
}

// ParseIndexAnswer reads an answer: H S D P or R for a hand, I (insure)
// or N (not) for insurance.
func ParseIndexAnswer(s string, insurance bool) (string, error) {
	a := strings.ToUpper(strings.TrimSpace(s))
	if insurance {
		if a == "I" || a == "N" {
			return a, nil
		}
		return "", fmt.Errorf("answer %s: want I (insure) or N (no insurance)", param.Quote(s, 20))
	}
	if _, err := ParseAnswer(strings.TrimSpace(s)); err != nil {
		return "", err
	}
	return a, nil
}

// An IndexGrade is a drill graded.
type IndexGrade struct {
	Drill  IndexDrill
	Answer string
	Right  bool
}

// Grade grades an answer (as ParseIndexAnswer reads it).
func (d IndexDrill) Grade(answer string) IndexGrade {
	return IndexGrade{Drill: d, Answer: answer, Right: answer == d.Want}
}
