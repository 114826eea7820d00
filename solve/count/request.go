package count

import (
	"context"
	"fmt"
	"math"
	"strings"

	"bjchart/solve"
	"bjchart/solve/param"
)

// An IndicesRequest asks for a count's index plays for a game: which
// decisions, how many depleted shoes to sample and how the crossings
// become integers. 'bjchart indices' binds it to flags, the page's
// /indices to query parameters; DefaultIndicesRequest holds the defaults
// of both.
type IndicesRequest struct {
	// Version, the program's, is a split run's part's (RunPart): parts of
	// other versions are not merged.
	Version string `json:"-"`
	Game    solve.Game
	Count   string // a built-in count (Systems); "" is Hi-Lo unless Tags are given
	Tags    string // a custom count's tags instead of Count ("A=-1,2=1,...")
	// Set is the decisions: i18, fab4, i18,fab4 or all (every cell); ""
	// is DefaultSet of the rules.
	Set         string
	Shoes       int     // depleted shoes sampled; 0 is DefaultShoes(Set)
	Penetration float64 // shoes are dealt to a random depth below this share
	Seed        uint64
	// Oversample keeps each dealt shoe with a chance that grows with the
	// size of its true count, exp(Oversample x (|tc| - 6)) up to 1, and weighs it
	// back by one over that chance (Options.Oversample): crossings far from
	// zero get more shoes near them, and the fit is the dealt shoes' in
	// expectation. 0 keeps every dealt shoe; nil is DefaultOversample; a
	// running count (an unbalanced one) is never oversampled.
	Oversample *float64 `json:",omitempty"`
	Round      string   // nearest, floor or truncate (Roundings)
	CountAt    string   // decision or round (Moments)
	// Shard, "i/n", makes the run part i of n of a run split across
	// machines (RunPart; 'bjchart indices merge' joins the parts); "" is
	// the whole run.
	Shard string `json:",omitempty"`
}

// DefaultIndicesRequest is the request of 'bjchart indices' with no
// flags: Hi-Lo on the default game, the I18 (and the Fab 4 with late
// surrender), 600 shoes dealt to below 80% and oversampled by their
// counts (0.5), seed 1, rounded to the nearest integer, the count read at the
// decision.
func DefaultIndicesRequest() IndicesRequest {
	return IndicesRequest{Penetration: 0.8, Seed: 1, Round: "nearest", CountAt: "decision"}
}

// DefaultOversample is how a request's shoes are oversampled by their
// counts when it names none: 0.5 at 600 shoes or more. Shoes near the
// count of zero are then kept about one time in twenty, those beyond +-6
// always, so that dealt shoes' counts, which thin out about as
// exp(-0.55 |tc|) at six decks, are kept about evenly over -6..+6. Fewer
// shoes are oversampled less (to the nearest 0.05): most crossings lie
// near zero, and a fit there needs its shoes before any can be spared for
// the far ones (it takes the control variates with 10 shoes a column).
// For the published sets, in proportion (50 shoes: 0.05). For every
// cell, 0.3 at 200 shoes (at 0.5 its 200 shoes leave too few near zero
// for the variates of the many crossings there), in proportion below,
// rising evenly to 0.5 at 600 (where 0.5 against 0.3 gave the same
// integer from two seeds in 87.5% of the plays both index, against
// 82%).
func DefaultOversample(set string, shoes int) float64 {
	n := float64(shoes)
	over := 0.5 * min(1, n/600)
	if set == "all" {
		over = 0.3 * min(1, n/200)
		if n > 200 {
			over = min(0.5, 0.3+0.2*(n-200)/400)
		}
	}
	return math.Round(20*over) / 20
}

// MaxOversample bounds the oversampling: at 1 a shoe at count zero is kept once in
// 400 deals.
const MaxOversample = 1

// DefaultShoes is the shoes sampled when a request names none: 600 for
// the published sets (about 5 s on two cores at 6 decks), 200 for every
// cell (the whole table is solved on each shoe: about 28 s).
func DefaultShoes(set string) int {
	if set == "all" {
		return 200
	}
	return 600
}

// MaxShoes bounds a request's shoes by the time they take (a run holds
// its first 1,000 shoes' points, then sums: its memory does not grow
// with more). MaxShoesAll bounds those of a split run of every cell by
// the memory of its points: a part holds its shoes' points, and a merge
// every part's, about 0.2 MB a shoe (some 0.35 MB of peak memory), so
// 10,000 shoes are about 4 GB.
const (
	MaxShoes    = 100_000
	MaxShoesAll = 10_000
)

// IndexFields are the names of the fields that size or shape an index
// computation (beyond the count): a face that only sometimes counts
// refuses them without a count rather than ignore them.
var IndexFields = []string{"set", "shoes", "penetration", "seed", "oversample", "round", "count-at"}

// Params adds the request's fields to s, the game's first.
func (q *IndicesRequest) Params(s *param.Set) {
	q.Game.Params(s)
	q.CountParams(s)
}

// CountParams adds the count's fields and the index fields to s.
func (q *IndicesRequest) CountParams(s *param.Set) {
	s.String(&q.Count, "count", "the count: hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3 or tags \"A=-1,2=1,...,T=-1\" (indices: hilo unless {count} or {tags} names one)")
	s.String(&q.Tags, "tags", "a custom count instead of {count}: tags \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\" (ranks left out tag 0)")
	s.String(&q.Set, "set", "which decisions: i18, fab4, i18,fab4 or all (every cell) (default: i18, and fab4 with it where the rules have late surrender)")
	s.Int(&q.Shoes, "shoes", "depleted shoes sampled, 50 or more (more: smaller errors, longer); 0, the default: 600, or 200 with {set} all")
	s.Percent(&q.Penetration, "penetration", "shoes are dealt to a random depth below this")
	s.Uint64(&q.Seed, "seed", "seed of the sampled shoes")
	s.OptFloat(&q.Oversample, "oversample", "keep dealt shoes by their count: each with chance exp(oversample x (|true count| - 6)) up to 1, weighed back, so that indices far from 0 have more shoes near them (0: every dealt shoe; a running count is not oversampled) (default 0.5 at 600 shoes or more; less with fewer shoes, and with {set} all 0.3 at 200)")
	s.Enum(&q.Round, "round", "how a crossing becomes the integer index: %s (toward zero)", Roundings...)
	s.Enum(&q.CountAt, "count-at", "when the count is read: %s (decision: the player's two cards and the up card seen, as published tables; round: before the round is dealt)", Moments...)
}

// ShardParams adds the field that splits a run across machines: a face
// that writes the parts binds it (the command line), one that shows
// indices does not.
func (q *IndicesRequest) ShardParams(s *param.Set) {
	s.String(&q.Shard, "shard", "solve part i of n (\"i/n\", i from 1) of a run split across machines, written as JSON; join the parts with 'bjchart indices merge'")
}

// Counting reports whether the request names a count (Count or Tags): a
// face where counting is optional (the card) counts only then.
func (q IndicesRequest) Counting() bool { return q.Count != "" || q.Tags != "" }

// An IndicesJob is a checked request: everything Run needs, read.
type IndicesJob struct {
	Rules       solve.Rules
	System      System
	Sets        []string   // the sets named (ParseSet)
	Decisions   []Decision // nil for every cell
	Shoes       int
	Penetration float64
	Seed        uint64
	Oversample  float64 // 0 for a running count
	Rounding    Rounding
	Moment      Moment
	// Shard of Shards is the part of a split run (Shards 0: the whole);
	// Version is the program's, which a part carries.
	Shard, Shards int
	Version       string

	from []SolvedShoe // a merge's shoes, every part's (IndicesMergeRequest)
	// Merged, for a merge, is how many shoes its parts hold: the run's
	// shoes but those a part could not solve (or dropped, by an edit).
	Merged int
}

// Check reads and checks the request: what Run would refuse, found before
// anything is solved. Its errors name the field (*param.Error) where one
// is at fault.
func (q IndicesRequest) Check() (IndicesJob, error) {
	job := IndicesJob{Version: q.Version}
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	job.Rules = r
	if job.System, err = q.System(); err != nil {
		return job, err
	}
	if job.Rounding, err = ParseRounding(q.Round); err != nil {
		return job, param.Errorf("round", q.Round, "want %s", param.OrList(Roundings))
	}
	if job.Moment, err = ParseMoment(q.CountAt); err != nil {
		return job, param.Errorf("count-at", q.CountAt, "want %s", param.OrList(Moments))
	}
	set := q.Set
	if set == "" {
		set = DefaultSet(r)
	}
	if job.Sets, job.Decisions, err = ParseSet(set); err != nil {
		return job, param.Errorf("set", set, "%v", err)
	}
	job.Shoes = q.Shoes
	if job.Shoes == 0 {
		job.Shoes = DefaultShoes(job.Sets[0])
	}
	if job.Shoes < 50 || job.Shoes > MaxShoes {
		return job, param.NumberErrorf("shoes", job.Shoes, "want 50 to %d (0: the default, %d)", MaxShoes, DefaultShoes(job.Sets[0]))
	}
	if !(q.Penetration > 0 && q.Penetration < 1) {
		return job, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 80%%")
	}
	job.Penetration, job.Seed = q.Penetration, q.Seed
	over := DefaultOversample(job.Sets[0], job.Shoes)
	if q.Oversample != nil {
		over = *q.Oversample
	}
	if !(over >= 0 && over <= MaxOversample) {
		return job, param.NumberErrorf("oversample", over, "want 0 (every dealt shoe kept) to %g", float64(MaxOversample))
	}
	if job.System.Balanced() {
		job.Oversample = over
	}
	if q.Shard != "" {
		if job.Shard, job.Shards, err = param.ParseShard(q.Shard); err != nil {
			return job, param.Errorf("shard", q.Shard, "%v", err)
		}
		if job.Shards > job.Shoes {
			return job, param.Errorf("shard", q.Shard, "more parts than the run's %d shoes", job.Shoes)
		}
		if job.Decisions == nil && job.Shoes > MaxShoesAll {
			return job, param.NumberErrorf("shoes", job.Shoes, "want 50 to %d in a split run of every cell ({shard} with {set} all): its parts and their merge hold every shoe's points, about 0.35 MB a shoe in memory", MaxShoesAll)
		}
	}
	if err := CheckGame(r); err != nil {
		return job, err
	}
	if err := CheckSets(r, job.Sets); err != nil {
		return job, &param.Error{Name: "set", Input: strings.Join(job.Sets, ","), Problem: err.Error()}
	}
	return job, nil
}

// Validate reports what is wrong with the request, or nil.
func (q IndicesRequest) Validate() error {
	_, err := q.Check()
	return err
}

// System returns the count the request names: Count, or Tags, or Hi-Lo.
func (q IndicesRequest) System() (System, error) {
	if q.Tags == "" {
		name := q.Count
		if name == "" {
			name = "hilo"
		}
		sys, err := ParseSystem(name)
		if err != nil {
			return sys, param.Errorf("count", name, "%v", err)
		}
		return sys, nil
	}
	if q.Count != "" {
		return System{}, param.Fieldf("count", "{count} and {tags} both name the count; give one")
	}
	if !strings.Contains(q.Tags, "=") {
		return System{}, param.Errorf("tags", q.Tags, "want tags such as \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\" (a built-in count goes to {count})")
	}
	sys, err := ParseSystem(q.Tags)
	if err != nil {
		return sys, param.Errorf("tags", q.Tags, "%v", err)
	}
	return sys, nil
}

// Indices is a run's result: the job as checked and the indices found,
// in the decisions' order (every cell's: by table, row and up card).
type Indices struct {
	IndicesJob
	Indices []Index
}

// Run computes a checked request's index plays; a part of a split run is
// RunPart's.
func (job IndicesJob) Run(ctx context.Context, progress func(done, total int64)) (Indices, error) {
	if job.Shards > 0 {
		return Indices{}, fmt.Errorf("part %d/%d of a split run: RunPart solves it, and a merge of every part gives the indices", job.Shard, job.Shards)
	}
	opt := job.options(progress)
	var got []Index
	var err error
	if job.Decisions == nil {
		got, err = AllCells(ctx, job.Rules, job.System, opt)
	} else {
		got, err = Compute(ctx, job.Rules, job.System, job.Decisions, opt)
	}
	if err != nil {
		return Indices{}, err
	}
	return Indices{job, got}, nil
}

// options are the sampling's options for the job.
func (job IndicesJob) options(progress func(done, total int64)) Options {
	return Options{Shoes: job.Shoes, Penetration: job.Penetration, Seed: job.Seed, Oversample: job.Oversample, Progress: progress, Moment: job.Moment,
		Shard: job.Shard, Shards: job.Shards, From: job.from}
}
