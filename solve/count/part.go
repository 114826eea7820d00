package count

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"bjchart/solve"
	"bjchart/solve/param"
)

// An index run split across machines. Shard i of n solves the shoes k
// with k % n == i-1 and writes their points (IndicesPart: each decision's
// points on each shoe, a few kilobytes a shoe for the I18 and Fab 4, some
// 100 kB for every cell); the merge deals every shoe again from the seed
// (dealing is cheap, solving is not), takes the parts' points for it and
// fits as one run does, control variates included: the merged table is
// the unsplit run's, to the last bit.

// A SolvedShoe is one solved shoe of a run: its number, which with the
// seed deals it again, and each decision's points on it.
type SolvedShoe struct {
	Shoe   int
	Points [][]point
}

// solvedJSON is a SolvedShoe as JSON: each point [x, y, w, seen], seen
// the cards seen beyond the shoe's dealt ones in base 11, first card
// lowest (0: none).
type solvedJSON struct {
	Shoe   int            `json:"shoe"`
	Points [][][4]float64 `json:"points"`
}

// MarshalJSON writes the shoe's points; a float64 prints as the shortest
// decimal that reads back the same, so that a merge is exact.
func (s SolvedShoe) MarshalJSON() ([]byte, error) {
	out := solvedJSON{Shoe: s.Shoe, Points: make([][][4]float64, len(s.Points))}
	for k, ps := range s.Points {
		out.Points[k] = make([][4]float64, len(ps))
		for j, p := range ps {
			code := 0
			for i := int(p.nseen) - 1; i >= 0; i-- {
				code = code*11 + int(p.seen[i])
			}
			out.Points[k][j] = [4]float64{p.x, p.y, p.w, float64(code)}
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a shoe's points, refusing a value a run cannot
// have written: a count or gain not finite or beyond any shoe's, a
// weight outside 0..1, seen cards that are not up to three ranks.
func (s *SolvedShoe) UnmarshalJSON(data []byte) error {
	var in solvedJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	s.Shoe, s.Points = in.Shoe, make([][]point, len(in.Points))
	for k, ps := range in.Points {
		s.Points[k] = make([]point, len(ps))
		for j, v := range ps {
			p := point{x: v[0], y: v[1], w: v[2]}
			if !(math.Abs(p.x) <= 1e4 && math.Abs(p.y) <= 100 && p.w >= 0 && p.w <= 1) {
				return fmt.Errorf("shoe %d: point %v", in.Shoe, v)
			}
			code := v[3]
			if code != math.Trunc(code) || code < 0 || code >= 11*11*11 {
				return fmt.Errorf("shoe %d: seen cards %v", in.Shoe, code)
			}
			for c := int(code); c > 0; c /= 11 {
				if c%11 == 0 {
					return fmt.Errorf("shoe %d: seen cards %v", in.Shoe, code)
				}
				p.seen[p.nseen] = uint8(c % 11)
				p.nseen++
			}
			s.Points[k][j] = p
		}
	}
	return nil
}

// solvedOf are the sampled shoes that were solved (a shoe of another
// shard, or one left out, has no points).
func solvedOf(samples []sample) []SolvedShoe {
	var out []SolvedShoe
	for i, s := range samples {
		if s.points != nil {
			out = append(out, SolvedShoe{Shoe: i, Points: s.points})
		}
	}
	return out
}

// samplesFrom deals every shoe of a run again and gives each the solved
// points of from; a shoe without them is left out, as an unsplit run
// leaves out a shoe it cannot solve.
func samplesFrom(r solve.Rules, sys System, opt Options, from []SolvedShoe, decisions int) ([]sample, error) {
	full := r.FullShoe()
	total := float64(full.Total())
	samples := make([]sample, opt.Shoes)
	for _, s := range from {
		if s.Shoe < 0 || s.Shoe >= opt.Shoes || samples[s.Shoe].points != nil {
			return nil, fmt.Errorf("shoe %d: outside the run's %d shoes, or given twice", s.Shoe, opt.Shoes)
		}
		if len(s.Points) != decisions {
			return nil, fmt.Errorf("shoe %d: points for %d decisions, the run has %d", s.Shoe, len(s.Points), decisions)
		}
		left, c, weight := dealShoe(r, sys, full.Counts, opt, s.Shoe)
		samples[s.Shoe] = sample{tc: c.with(), dealt: 1 - float64(c.n)/total, weight: weight, left: left, points: s.Points}
	}
	return samples, nil
}

// An IndicesPart is one part of an index run split across machines
// ('bjchart indices --shard i/n'): the run's request (its rules, sets and
// shoes resolved), the program's version, the fingerprint that every part
// of the run shares, the shoes this part solved, and a seal over all of
// it that the merge checks.
type IndicesPart struct {
	Request     IndicesRequest `json:"request"`
	Version     string         `json:"version"`
	Fingerprint string         `json:"fingerprint"`
	Shoes       []SolvedShoe   `json:"shoes"`
	Seal        string         `json:"seal"`
}

// RunPart solves a split run's part (job.Shard of job.Shards) and returns
// it sealed, the request's version in its fingerprint.
func (job IndicesJob) RunPart(ctx context.Context, progress func(done, total int64)) (IndicesPart, error) {
	version := job.Version
	if job.Shards == 0 {
		return IndicesPart{}, fmt.Errorf("not a part of a split run: give --shard i/n")
	}
	var solved []SolvedShoe
	opt := job.options(progress)
	opt.Solved = func(s []SolvedShoe) { solved = s }
	var err error
	if job.Decisions == nil {
		_, err = AllCells(ctx, job.Rules, job.System, opt)
	} else {
		_, err = Compute(ctx, job.Rules, job.System, job.Decisions, opt)
	}
	if err != nil {
		return IndicesPart{}, err
	}
	part := IndicesPart{Request: job.request(), Version: version, Shoes: solved}
	part.Request.Shard = fmt.Sprintf("%d/%d", job.Shard, job.Shards)
	part.Fingerprint = fingerprint(part.Request, version)
	part.Seal = part.seal()
	return part, nil
}

// request is the job as a request with everything resolved: the rules as
// one string, the sets, the shoes; no shard.
func (job IndicesJob) request() IndicesRequest {
	q := IndicesRequest{Game: solve.Game{Rules: job.Rules.String()}, Set: strings.Join(job.Sets, ","), Shoes: job.Shoes,
		Penetration: job.Penetration, Seed: job.Seed, Oversample: &job.Oversample, Round: job.Rounding.String(), CountAt: job.Moment.String()}
	if _, builtin := Systems[job.System.Name]; builtin {
		q.Count = job.System.Name
	} else {
		q.Tags = job.System.Name
	}
	return q
}

// fingerprint identifies a split run: its request without the shard, and
// the program's version.
func fingerprint(q IndicesRequest, version string) string {
	q.Shard = ""
	return param.Fingerprint(q, version)
}

// seal is the SHA-256 of the part's JSON with the seal left out: a merge
// refuses a part edited since it was written (a check against mistakes,
// not a signature).
func (p IndicesPart) seal() string {
	p.Seal = ""
	return param.Digest(p)
}

// ReadIndicesPart reads one part ('bjchart indices --shard i/n'), checks
// its seal and its request, and returns it with which part it is of how
// many.
func ReadIndicesPart(data []byte) (part IndicesPart, i, n int, err error) {
	var kind struct {
		Kind string `json:"kind"` // the risk's files say what they are; an index part does not
	}
	if json.Unmarshal(data, &kind) == nil && kind.Kind != "" {
		return part, 0, 0, fmt.Errorf("a %q file, not a part of 'bjchart indices --shard i/n'", kind.Kind)
	}
	if err := param.DecodePart(data, &part); errors.Is(err, param.ErrJoinedParts) {
		return part, 0, 0, err
	} else if err != nil || part.Fingerprint == "" || part.Request.Shard == "" {
		return part, 0, 0, fmt.Errorf("not the output of 'bjchart indices --shard i/n'")
	}
	if i, n, err = param.ParseShard(part.Request.Shard); err != nil {
		return part, 0, 0, fmt.Errorf("shard %q: %v", part.Request.Shard, err)
	}
	if part.Seal == "" || part.seal() != part.Seal {
		return part, 0, 0, fmt.Errorf("part %s has been edited since 'bjchart indices' wrote it (its seal does not match)", part.Request.Shard)
	}
	if fingerprint(part.Request, part.Version) != part.Fingerprint {
		return part, 0, 0, fmt.Errorf("part %s: its fingerprint is not its request's", part.Request.Shard)
	}
	if part.Request.Oversample == nil { // a part states how its shoes were kept; one that does not dealt them all
		return part, 0, 0, fmt.Errorf("part %s was written by a bjchart that kept every dealt shoe (before --oversample); merge it with that version, or solve the parts again", part.Request.Shard)
	}
	return part, i, n, nil
}

// An IndicesMergeRequest asks for the parts of a split index run as one
// run ('bjchart indices merge').
type IndicesMergeRequest struct {
	Parts []string // the parts' files, each the output of 'bjchart indices --shard i/n'
	// Read, if not nil, reads a part's file (a test's, from memory);
	// nil reads the file, at most MaxIndicesPart bytes (param.PartReader).
	Read func(name string) ([]byte, error)
}

// MaxIndicesPart bounds a part's file: 4 GiB, some 40,000 shoes of every
// decision (--set all).
const MaxIndicesPart = 4 << 30

// Check reads each part and checks that they are every part of one run
// once; the job it returns fits the run's indices on all their shoes
// (IndicesJob.Run).
func (q IndicesMergeRequest) Check() (IndicesJob, error) {
	read := q.Read
	if read == nil {
		read = param.PartReader(MaxIndicesPart, "a part holds a few kilobytes a shoe (some 100 kB with --set all)")
	}
	if len(q.Parts) == 0 {
		return IndicesJob{}, fmt.Errorf("no parts to merge: give the files of the parts")
	}
	parts, files := map[int]IndicesPart{}, map[int]string{}
	labels := make([]param.PartLabel, len(q.Parts))
	for k, f := range q.Parts {
		data, err := read(f)
		if err != nil {
			return IndicesJob{}, err
		}
		part, i, pn, err := ReadIndicesPart(data)
		if err != nil {
			return IndicesJob{}, fmt.Errorf("%s: %v", f, err)
		}
		labels[k] = param.PartLabel{File: f, I: i, N: pn, Run: part.Fingerprint}
		parts[i], files[i] = part, f
	}
	if err := param.CheckParts(labels); err != nil {
		return IndicesJob{}, err
	}
	n := labels[0].N
	var all []SolvedShoe
	for i := 1; i <= n; i++ {
		for _, s := range parts[i].Shoes {
			if s.Shoe%n != i-1 {
				return IndicesJob{}, fmt.Errorf("%s: shoe %d is not part %d/%d's", files[i], s.Shoe, i, n)
			}
		}
		all = append(all, parts[i].Shoes...)
	}
	first := parts[labels[0].I]
	req := first.Request
	req.Shard = ""
	job, err := req.Check()
	if err != nil {
		return IndicesJob{}, fmt.Errorf("%s: its request: %v", q.Parts[0], err)
	}
	job.from, job.Merged = all, len(all)
	return job, nil
}
