package risk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"

	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// A risk run split across machines. A run is two stages: the game is
// measured (the exact shoes and the flat-bet rounds), then the ramp is
// decided on all of the measurement and played (its rounds and its
// trips). Each stage splits:
//
//	bjchart risk --shard i/n > measure-i.json         part i of the measurement
//	bjchart risk merge measure-*.json > measured.json  the whole measurement
//	bjchart risk play measured.json --shard i/n > play-i.json
//	bjchart risk merge measured.json play-*.json      the report
//
// or 'bjchart risk play measured.json' plays the whole ramp on one
// machine. A merge checks that its parts are every part of one run once
// (their fingerprints: the request without the shard, and the version of
// bjchart) and adds their sums in the parts' order. The exact shoes are
// the whole run's, shoe by shoe (part i solves the shoes k with k % n ==
// i-1); each part's rounds are on 64 streams of its own, as 'bjchart sim
// --shard' plays them, so that a run in n parts is another sample of the
// same game than the unsplit run (in one part, the same to the last
// digit).

// The kinds of file a split run writes.
const (
	kindMeasurePart = "bjchart risk measurement part"
	kindMeasured    = "bjchart risk measured game"
	kindPlayPart    = "bjchart risk play part"
)

// A MeasurePart is part i of n of a run's measurement ('bjchart risk
// --shard i/n'): the run's request (its game as one rule string, its
// shard), the program's version, the fingerprint every part of the run
// shares, the exact shoes it solved and the sums of its flat-bet rounds,
// and a seal over all of it that the merge checks.
type MeasurePart struct {
	Kind        string           `json:"kind"`
	Request     Request          `json:"request"`
	Version     string           `json:"version"`
	Fingerprint string           `json:"fingerprint"`
	Shoes       []count.ShoeEdge `json:"shoes"`
	Rounds      sim.Result       `json:"rounds"`
	Seal        string           `json:"seal"`
}

// A MeasuredGame is every part of a measurement merged ('bjchart risk
// merge'): what 'bjchart risk play' decides the ramp on and plays.
type MeasuredGame struct {
	Kind        string           `json:"kind"`
	Request     Request          `json:"request"` // no shard
	Version     string           `json:"version"`
	Fingerprint string           `json:"fingerprint"`
	Parts       int              `json:"parts"`
	Shoes       []count.ShoeEdge `json:"shoes"` // in the order of their numbers
	Rounds      sim.Result       `json:"rounds"`
	Seal        string           `json:"seal"`
}

// A PlayPart is part i of n of a measured game's ramp played ('bjchart
// risk play measured.json --shard i/n'): the measured game's seal, which
// part, the version, its sums, and its own seal.
type PlayPart struct {
	Kind     string     `json:"kind"`
	Measured string     `json:"measured"`
	Shard    string     `json:"shard"`
	Version  string     `json:"version"`
	Played   PlayedPart `json:"played"`
	Seal     string     `json:"seal"`
}

// RunPart measures a split run's part (job.Shard of job.Shards) and
// returns it sealed, the request's version in its fingerprint. progress,
// if not nil, is called with the part's shoes and rounds done of its
// total.
func (job Job) RunPart(ctx context.Context, progress func(done, total int64)) (MeasurePart, error) {
	version := job.version
	if job.Shards == 0 {
		return MeasurePart{}, fmt.Errorf("not a part of a split run: give --shard i/n")
	}
	setup := job.Setup
	setup.Progress = progress
	m, err := newMeasurer(setup)
	if err != nil {
		return MeasurePart{}, err
	}
	edges, flat, err := m.measure(ctx, job.Shard, job.Shards, true)
	if err != nil {
		return MeasurePart{}, err
	}
	p := MeasurePart{Kind: kindMeasurePart, Request: job.req, Version: version, Shoes: edges, Rounds: flat}
	p.Request.Shard = fmt.Sprintf("%d/%d", job.Shard, job.Shards)
	p.Fingerprint = fingerprint(job.req, version)
	p.Seal = sealOf(p, func(p *MeasurePart) { p.Seal = "" })
	return p, nil
}

// fingerprint identifies a split run: its request without the shard, and
// the program's version.
func fingerprint(q Request, version string) string {
	q.Shard = ""
	return param.Fingerprint(q, version)
}

// sealOf is v's seal: the digest of v with its seal cleared (by clear),
// which a merge checks (param.Digest).
func sealOf[T any](v T, clear func(*T)) string {
	clear(&v)
	return param.Digest(v)
}

// decode reads one file of a split run of the kind want, and checks its
// seal.
func decode[T any](data []byte, want string, kind func(*T) string, seal func(*T) *string) (T, error) {
	var v T
	if err := param.DecodePart(data, &v); errors.Is(err, param.ErrJoinedParts) {
		return v, err
	} else if err != nil || kind(&v) != want {
		return v, fmt.Errorf("not a %s (the output of %s)", want, map[string]string{
			kindMeasurePart: "'bjchart risk --shard i/n'", kindMeasured: "'bjchart risk merge' of the measurement's parts", kindPlayPart: "'bjchart risk play --shard i/n'"}[want])
	}
	if s := *seal(&v); s == "" || sealOf(v, func(v *T) { *seal(v) = "" }) != s {
		return v, fmt.Errorf("it has been edited since bjchart wrote it (its seal does not match)")
	}
	return v, nil
}

// fileKind is the kind a split run's file says it is, or "".
func fileKind(data []byte) string {
	var head struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal(data, &head) != nil {
		return ""
	}
	return head.Kind
}

// ReadMeasurePart reads one part of a measurement, checks its seal, its
// request and its sums, and returns it with which part it is of how many.
func ReadMeasurePart(data []byte) (p MeasurePart, i, n int, err error) {
	if p, err = decode(data, kindMeasurePart, func(p *MeasurePart) string { return p.Kind }, func(p *MeasurePart) *string { return &p.Seal }); err != nil {
		return p, 0, 0, err
	}
	job, err := p.Request.Check()
	switch {
	case err != nil:
		return p, 0, 0, fmt.Errorf("its request: %v", err)
	case job.Shards == 0:
		return p, 0, 0, fmt.Errorf("its request names no part (--shard)")
	case fingerprint(p.Request, p.Version) != p.Fingerprint:
		return p, 0, 0, fmt.Errorf("its fingerprint is not its request's")
	}
	if err := checkShoes(p.Shoes, job, job.Shard, job.Shards); err != nil {
		return p, 0, 0, err
	}
	if err := checkRounds(p.Rounds, job, job.Shard, job.Shards); err != nil {
		return p, 0, 0, err
	}
	return p, job.Shard, job.Shards, nil
}

// checkShoes checks a part's exact shoes: each of the run's, of part i
// of n, in order, once, with finite figures a shoe can have.
func checkShoes(shoes []count.ShoeEdge, job Job, i, n int) error {
	last := -1
	for _, s := range shoes {
		switch {
		case s.Shoe <= last || s.Shoe >= job.Shoes || s.Shoe%n != i-1:
			return fmt.Errorf("shoe %d: not part %d/%d's of the run's %d shoes, or out of order", s.Shoe, i, n, job.Shoes)
		case !(math.Abs(s.Count) <= 1e4 && math.Abs(s.Chart) <= 10 && math.Abs(s.Best) <= 10):
			return fmt.Errorf("shoe %d: count %v, EVs %v and %v: not a shoe's", s.Shoe, s.Count, s.Chart, s.Best)
		}
		last = s.Shoe
	}
	return nil
}

// checkRounds checks a part's flat-bet sums: part i of n of the run's
// rounds, one player's.
func checkRounds(res sim.Result, job Job, i, n int) error {
	want := sim.Config{Rounds: job.Rounds}.Part(i, n).Rounds
	if res.Rounds != want || res.Players != 1 || res.Watched != 0 {
		return fmt.Errorf("%d rounds of %d players, %d watched: part %d/%d of the run plays %d of one player", res.Rounds, res.Players, res.Watched, i, n, want)
	}
	if err := res.Check(sim.MaxPays(job.Rules)); err != nil {
		return fmt.Errorf("its rounds: %v", err)
	}
	return nil
}

// ReadMeasured reads a measured game and checks it as ReadMeasurePart
// checks a part.
func ReadMeasured(data []byte) (MeasuredGame, Job, error) {
	m, err := decode(data, kindMeasured, func(m *MeasuredGame) string { return m.Kind }, func(m *MeasuredGame) *string { return &m.Seal })
	if err != nil {
		return m, Job{}, err
	}
	job, err := m.Request.Check()
	switch {
	case err != nil:
		return m, job, fmt.Errorf("its request: %v", err)
	case job.Shards != 0:
		return m, job, fmt.Errorf("its request names a part (--shard): a measured game is every part's")
	case fingerprint(m.Request, m.Version) != m.Fingerprint:
		return m, job, fmt.Errorf("its fingerprint is not its request's")
	case m.Parts < 1 || m.Parts > job.Shoes:
		return m, job, fmt.Errorf("%d parts: want 1 to the run's %d shoes", m.Parts, job.Shoes)
	}
	if err := checkShoes(m.Shoes, job, 1, 1); err != nil {
		return m, job, err
	}
	if m.Rounds.Rounds != job.Rounds || m.Rounds.Players != 1 {
		return m, job, fmt.Errorf("%d rounds of %d players: the run plays %d of one player", m.Rounds.Rounds, m.Rounds.Players, job.Rounds)
	}
	if err := m.Rounds.Check(sim.MaxPays(job.Rules)); err != nil {
		return m, job, fmt.Errorf("its rounds: %v", err)
	}
	return m, job, nil
}

// game is the measured game, as the unsplit run has it before its ramp.
func (m MeasuredGame) game(job Job) (*Game, error) {
	ms, err := newMeasurer(job.Setup)
	if err != nil {
		return nil, err
	}
	return ms.game(m.Shoes, m.Rounds), nil
}

// ReadPlayPart reads one part of a ramp played, checks its seal, and
// returns it with which part it is of how many.
func ReadPlayPart(data []byte) (p PlayPart, i, n int, err error) {
	if p, err = decode(data, kindPlayPart, func(p *PlayPart) string { return p.Kind }, func(p *PlayPart) *string { return &p.Seal }); err != nil {
		return p, 0, 0, err
	}
	if i, n, err = param.ParseShard(p.Shard); err != nil {
		return p, 0, 0, fmt.Errorf("shard %q: %v", p.Shard, err)
	}
	return p, i, n, nil
}

// A MergeRequest asks for the parts of a split risk run joined ('bjchart
// risk merge'): either every part of a measurement, which makes the
// measured game, or a measured game followed by every part of its ramp
// played, which makes the report.
type MergeRequest struct {
	Parts   []string
	Version string // the program's, which a play's parts must share with the measured game
	// Read, if not nil, reads a part's file (a test's, from memory);
	// nil reads the file, at most MaxPartFile bytes (param.PartReader).
	Read func(name string) ([]byte, error)
}

// MaxPartFile bounds a split risk run's file: a measured game holds some
// 100 bytes an exact shoe.
const MaxPartFile = 64 << 20

// readPart is a request's reader of parts: read, or the bounded file.
func readPart(read func(name string) ([]byte, error)) func(name string) ([]byte, error) {
	if read != nil {
		return read
	}
	return param.PartReader(MaxPartFile, "a part holds some 100 bytes an exact shoe")
}

// Merged is what a merge makes: the measured game, or the run's result.
type Merged struct {
	Measured *MeasuredGame
	Result   *Result
}

// A MergeJob is a merge's parts, read.
type MergeJob struct {
	req   MergeRequest
	files [][]byte
}

// Check reads each file.
func (q MergeRequest) Check() (MergeJob, error) {
	read := readPart(q.Read)
	if len(q.Parts) == 0 {
		return MergeJob{}, fmt.Errorf("no parts to merge: give the files of the parts")
	}
	job := MergeJob{req: q, files: make([][]byte, len(q.Parts))}
	for k, f := range q.Parts {
		data, err := read(f)
		if err != nil {
			return MergeJob{}, err
		}
		job.files[k] = data
	}
	return job, nil
}

// Run checks that the parts are every part of one run's stage once and
// joins them; progress is not called.
func (j MergeJob) Run(ctx context.Context, progress func(done, total int64)) (Merged, error) {
	if err := ctx.Err(); err != nil {
		return Merged{}, err
	}
	if err := j.inOrder(); err != nil {
		return Merged{}, err
	}
	if fileKind(j.files[0]) == kindMeasured {
		res, err := j.req.mergePlay(j.files, j.req.Version)
		return Merged{Result: res}, err
	}
	m, err := j.req.mergeMeasurement(j.files)
	return Merged{Measured: m}, err
}

// inOrder refuses parts given out of their order: a play's parts with
// their measured game anywhere but first.
func (j MergeJob) inOrder() error {
	order := "give the measured game first, then every part of its play: bjchart risk merge MEASURED.json PLAY1.json PLAY2.json ..."
	for k, data := range j.files {
		switch kind := fileKind(data); {
		case k > 0 && kind == kindMeasured:
			return fmt.Errorf("%s, argument %d, is a measured game: %s", j.req.Parts[k], k+1, order)
		case k == 0 && kind == kindPlayPart:
			return fmt.Errorf("%s is a part of a play ('bjchart risk play --shard i/n'): %s", j.req.Parts[0], order)
		}
	}
	return nil
}

// mergeMeasurement joins every part of a measurement.
func (q MergeRequest) mergeMeasurement(files [][]byte) (*MeasuredGame, error) {
	parts := map[int]MeasurePart{}
	labels := make([]param.PartLabel, len(files))
	for k, data := range files {
		p, i, pn, err := ReadMeasurePart(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", q.Parts[k], err)
		}
		labels[k] = param.PartLabel{File: q.Parts[k], I: i, N: pn, Run: p.Fingerprint}
		parts[i] = p
	}
	if err := param.CheckParts(labels); err != nil {
		return nil, err
	}
	first, n := parts[labels[0].I], labels[0].N
	m := &MeasuredGame{Kind: kindMeasured, Request: first.Request, Version: first.Version, Fingerprint: first.Fingerprint, Parts: n}
	m.Request.Shard = ""
	for i := 1; i <= n; i++ { // in the parts' order: the sums are the same on any machine
		p := parts[i]
		m.Shoes = append(m.Shoes, p.Shoes...)
		if i == 1 {
			m.Rounds = p.Rounds
		} else {
			m.Rounds.Merge(p.Rounds)
		}
	}
	slices.SortFunc(m.Shoes, func(a, b count.ShoeEdge) int { return a.Shoe - b.Shoe })
	m.Seal = sealOf(*m, func(m *MeasuredGame) { m.Seal = "" })
	return m, nil
}

// mergePlay joins a measured game (files[0]) and every part of its ramp
// played into the run's result.
func (q MergeRequest) mergePlay(files [][]byte, version string) (*Result, error) {
	m, job, err := ReadMeasured(files[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %v", q.Parts[0], err)
	}
	if m.Version != version {
		return nil, fmt.Errorf("%s: measured by bjchart %s; this is %s, which may decide another ramp: merge with that version", q.Parts[0], m.Version, version)
	}
	g, err := m.game(job)
	if err != nil {
		return nil, err
	}
	if len(files) == 1 {
		return nil, fmt.Errorf("%s is a measured game: give the parts of its play after it ('bjchart risk play %s --shard i/n'), or play it whole with 'bjchart risk play %s'", q.Parts[0], q.Parts[0], q.Parts[0])
	}
	parts, names := map[int]PlayPart{}, map[int]string{}
	labels := make([]param.PartLabel, len(files)-1)
	for k, data := range files[1:] {
		name := q.Parts[k+1]
		p, i, pn, err := ReadPlayPart(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if p.Measured != m.Seal || p.Version != m.Version {
			return nil, fmt.Errorf("%s: a part of another measured game's play than %s", name, q.Parts[0])
		}
		labels[k] = param.PartLabel{File: name, I: i, N: pn, Run: p.Measured}
		parts[i], names[i] = p, name
	}
	if err := param.CheckParts(labels); err != nil {
		return nil, err
	}
	n := labels[0].N
	for i := 1; i <= n; i++ {
		if err := checkPlayed(parts[i].Played, g, job, i, n); err != nil {
			return nil, fmt.Errorf("%s: %v", names[i], err)
		}
	}
	sum := parts[1].Played
	for i := 2; i <= n; i++ {
		sum.merge(parts[i].Played)
	}
	res := job.result(g, sum)
	return &res, nil
}

// checkPlayed checks part i of n of the ramp decided on g played: its
// share of the rounds and of the trips, the whole play's trips, sums a
// round can have.
func checkPlayed(p PlayedPart, g *Game, job Job, i, n int) error {
	bank, tripRounds := job.tripShape()
	rounds := sim.Config{Rounds: playRounds * g.play.Rounds}.Part(i, n).Rounds
	r := p.Rounds
	if r.Rounds+r.Watched != rounds || r.Players != 1 {
		return fmt.Errorf("%d rounds of %d players: part %d/%d of the play deals %d of one player", r.Rounds+r.Watched, r.Players, i, n, rounds)
	}
	if want := min(64, rounds); int64(len(r.Streams)) != want {
		return fmt.Errorf("%d streams' sums: part %d/%d of the play keeps %d", len(r.Streams), i, n, want)
	}
	if r.Rounds > 0 {
		if err := r.Check(sim.MaxPays(job.Rules)); err != nil {
			return fmt.Errorf("its rounds: %v", err)
		}
	}
	_, _, units := job.ramp(g)
	trips := g.tripsFor(units, bank, tripRounds)
	if p.AllTrips != trips || (trips > 0 && (p.TripRounds != tripRounds || p.TripBank != bank)) {
		return fmt.Errorf("trips: %d of %d rounds from %g units; the play has %d of %d from %g", p.AllTrips, p.TripRounds, p.TripBank, trips, tripRounds, bank)
	}
	lo, hi := tripsOf(trips, i, n)
	t := p.Trips
	if hi == lo {
		if !reflect.DeepEqual(t, sim.Result{}) {
			return fmt.Errorf("trips played by a part that has none")
		}
		return nil
	}
	if t.Rounds+t.Watched != (hi-lo)*tripRounds || t.Ruined < 0 || t.Ruined > hi-lo || t.Players != 1 {
		return fmt.Errorf("%d trips' rounds, %d ruined: part %d/%d plays %d trips of %d rounds", t.Rounds+t.Watched, t.Ruined, i, n, hi-lo, tripRounds)
	}
	if t.Rounds > 0 {
		if err := t.Check(sim.MaxPays(job.Rules)); err != nil {
			return fmt.Errorf("its trips: %v", err)
		}
	}
	return nil
}

// A PlayRequest asks for a measured game's ramp played ('bjchart risk
// play'): whole, for the run's result, or part Shard ("i/n") of a play
// split across machines.
type PlayRequest struct {
	Measured string // the file of the measured game ('bjchart risk merge')
	Shard    string
	Version  string // the program's, which must be the one that measured the game
	// Read, if not nil, reads the measured game's file (a test's, from
	// memory); nil reads the file, at most MaxPartFile bytes.
	Read func(name string) ([]byte, error)
}

// measured reads and checks the measured game, which this version of
// bjchart must have measured, and the part to play.
func (q PlayRequest) measured(read func(name string) ([]byte, error), version string) (g *Game, job Job, seal string, i, n int, err error) {
	i, n = 1, 1
	if q.Shard != "" {
		if i, n, err = param.ParseShard(q.Shard); err != nil {
			return nil, job, "", 0, 0, param.Errorf("shard", q.Shard, "%v", err)
		}
	}
	data, err := read(q.Measured)
	if err != nil {
		return nil, job, "", 0, 0, err
	}
	m, job, err := ReadMeasured(data)
	if err != nil {
		return nil, job, "", 0, 0, fmt.Errorf("%s: %v", q.Measured, err)
	}
	if m.Version != version {
		return nil, job, "", 0, 0, fmt.Errorf("%s: measured by bjchart %s; this is %s, which may decide another ramp: play it with that version", q.Measured, m.Version, version)
	}
	if n > int(playRounds*job.Rounds) {
		return nil, job, "", 0, 0, param.Errorf("shard", q.Shard, "more parts than the play's rounds")
	}
	g, err = m.game(job)
	return g, job, m.Seal, i, n, err
}

// A PlayJob is a checked play: the measured game read, and the part to
// play (1 of 1 for the whole).
type PlayJob struct {
	game     *Game
	job      Job
	seal     string
	part, of int
	split    bool
	version  string
}

// Check reads the measured game and checks it and the part to play.
func (q PlayRequest) Check() (PlayJob, error) {
	g, job, seal, i, n, err := q.measured(readPart(q.Read), q.Version)
	return PlayJob{game: g, job: job, seal: seal, part: i, of: n, split: q.Shard != "", version: q.Version}, err
}

// Run plays the whole ramp and returns the run's result, as the unsplit
// run has it; progress is not called.
func (j PlayJob) Run(ctx context.Context, progress func(done, total int64)) (Result, error) {
	if j.split {
		return Result{}, fmt.Errorf("a part of the play is written with RunPart")
	}
	return j.job.play(ctx, j.game)
}

// RunPart plays the part asked for of the ramp and returns it sealed.
func (j PlayJob) RunPart(ctx context.Context, progress func(done, total int64)) (PlayPart, error) {
	if !j.split {
		return PlayPart{}, fmt.Errorf("not a part of a split play: give --shard i/n")
	}
	played, err := j.job.playPart(ctx, j.game, j.part, j.of)
	if err != nil {
		return PlayPart{}, err
	}
	p := PlayPart{Kind: kindPlayPart, Measured: j.seal, Shard: fmt.Sprintf("%d/%d", j.part, j.of), Version: j.version, Played: played}
	p.Seal = sealOf(p, func(p *PlayPart) { p.Seal = "" })
	return p, nil
}
