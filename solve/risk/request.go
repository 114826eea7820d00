package risk

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// A Request asks for a counter's game: the edge by count for the rules
// and a count (a balanced one's true count, an unbalanced one's running
// count from its initial count), the bet ramp a table allows, and what it wins and
// risks with a bankroll. 'bjchart risk' binds it to flags;
// DefaultRequest holds its defaults.
type Request struct {
	Game        solve.Game
	Count       string   // a built-in count or tags
	Penetration float64  // the share of the shoe dealt before the shuffle
	Spread      string   // the bets in units, "smallest-largest"
	Unit        float64  // one unit in money
	Chip        *float64 // the step between bets in money; nil is half a unit
	Bankroll    float64  // in money
	RoR         float64  // the risk of ruin to find the bankroll for
	WongOut     string   // sit out below this count (true or running); "" plays every round
	PerHour     float64  // rounds an hour
	TripBank    *float64 // money brought on a trip; nil is a fifth of the bankroll
	TripHours   float64
	Shoes       int   // shoes solved exactly for the edge
	Rounds      int64 // rounds simulated
	Seed        uint64
	Play        string // chart, or indices (the chart with Hi-Lo's I18 and Fab 4)
	// IndexScope is where the simulator plays the indices: card (wherever
	// the counter's card prints them) or first (the first play of an
	// unsplit two-card hand only); "" is card.
	IndexScope string `json:",omitempty"`
	// Shard, "i/n", makes the run the measurement's part i of n of a run
	// split across machines (Job.RunPart; part.go has the two stages); ""
	// is the whole run. Version, the program's, is a part's: parts of
	// other versions are not merged.
	Shard   string `json:",omitempty"`
	Version string `json:"-"`
}

// DefaultRequest is the request of 'bjchart risk' with no flags: Hi-Lo on
// the default game dealt to 75%, bets of 1 to 12 units of 10 in chips of
// 5, a bankroll of 10,000 and a 5% target risk, 100 rounds an hour, a
// trip of 10 hours, 300 exact shoes and 10M simulated rounds, seed 1,
// the chart played.
func DefaultRequest() Request {
	return Request{Count: "hilo", Penetration: 0.75, Spread: "1-12", Unit: 10, Bankroll: 10000, RoR: 0.05,
		PerHour: 100, TripHours: 10, Shoes: 300, Rounds: 10_000_000, Seed: 1, Play: "chart", IndexScope: "card"}
}

// Params adds the request's fields to s, the game's first.
func (q *Request) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Count, "count", "the count: hilo, hiopt1, hiopt2, omega2, zen, wong-halves (true count), ko, red7 (running count from the initial one) or tags \"A=-1,2=1,...\"")
	s.Percent(&q.Penetration, "penetration", "how much of the shoe is dealt before the shuffle")
	s.String(&q.Spread, "spread", "the bets, in units: smallest-largest")
	s.Float(&q.Unit, "unit", "one unit of the spread in money (the table minimum for a spread from 1)")
	s.OptFloat(&q.Chip, "chip", "the step between bets, in money (default half a unit)")
	s.Float(&q.Bankroll, "bankroll", "the bankroll, in money")
	s.Percent(&q.RoR, "ror", "the risk of ruin to find the bankroll for")
	s.String(&q.WongOut, "wong-out", "sit out (bet nothing) at counts below this (true count; running count for ko, red7), e.g. -1 (default: play every round)")
	s.Float(&q.PerHour, "rounds-per-hour", "rounds dealt an hour")
	s.OptFloat(&q.TripBank, "trip-bank", "the money brought on a trip (default a fifth of the bankroll)")
	s.Float(&q.TripHours, "trip-hours", "the hours played on a trip")
	s.Int(&q.Shoes, "shoes", "shoes solved exactly for the edge (six decks: about 0.05 s of CPU each)")
	s.Func("rounds", "rounds simulated for the frequencies and variances", "count",
		func() string { return sim.FormatRounds(q.Rounds) },
		func(v string) error {
			n, err := sim.ParseRounds(v)
			if err != nil || n < 100_000 || n > 1e10 {
				return fmt.Errorf("want 100k to 10G, e.g. 10M")
			}
			q.Rounds = n
			return nil
		})
	s.Uint64(&q.Seed, "seed", "seed of the shoes and the rounds")
	s.Enum(&q.Play, "play", "what the player plays: %s (indices: the chart with Hi-Lo's I18, and the Fab 4 with late surrender, at their published values)", "chart", "indices")
	s.Enum(&q.IndexScope, "index-scope", "where the simulated player takes the indices: %s (card: wherever the counter's card prints them, split hands, hands of three or more cards, pairs played by their total and the hand not surrendered included; first: only the first play of an unsplit two-card hand, as many published simulations)", "card", "first")
}

// ShardParams adds the field that splits a run across machines: a face
// that writes the parts binds it (the command line), the page does not.
func (q *Request) ShardParams(s *param.Set) {
	s.String(&q.Shard, "shard", "measure part i of n (\"i/n\", i from 1) of a run split across machines, written as JSON; 'bjchart risk merge' joins the parts, 'bjchart risk play' plays the ramp")
}

// ParseSpread reads "A-B": bets from A to B units, 1 <= A <= B <= 10000.
func ParseSpread(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseFloat(a, 64)
	hi, err2 := strconv.ParseFloat(b, 64)
	if !ok || err1 != nil || err2 != nil || !(lo >= 1 && hi >= lo && hi <= 10000) {
		return 0, 0, fmt.Errorf("want units smallest-largest from 1 to 10000, e.g. 1-12")
	}
	return lo, hi, nil
}

// A Job is a checked request.
type Job struct {
	Setup
	Table    Table
	Bankroll float64
	RoR      float64
	PerHour  float64
	TripBank float64 // in money
	TripHrs  float64
	// Shard of Shards is the measurement's part of a split run (Shards 0:
	// the whole run).
	Shard, Shards int

	req     Request // the request, its game as one rule string, no shard (part.go)
	version string  // the program's, a part's (Request.Version)
}

// Check reads and checks the request: what Run would refuse, found
// before anything is solved. Its errors name the field (*param.Error)
// where one is at fault.
func (q Request) Check() (Job, error) {
	var job Job
	sys, err := count.ParseSystem(q.Count)
	if err != nil {
		return job, param.Errorf("count", q.Count, "%v", err)
	}
	if q.Play == "indices" && q.Count != "hilo" {
		return job, param.Fieldf("play", "{play} indices needs {count} hilo: the I18 and Fab 4 are Hi-Lo's")
	}
	if !(q.Penetration > 0 && q.Penetration < 1) {
		return job, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 75%%")
	}
	if !(q.RoR > 0 && q.RoR < 1) {
		return job, param.NumberErrorf("ror", param.FormatPercent(q.RoR), "want a percentage above 0 and below 100, e.g. 5%%")
	}
	lo, hi, err := ParseSpread(q.Spread)
	if err != nil {
		return job, param.Errorf("spread", q.Spread, "%v", err)
	}
	if !(q.Unit > 0 && q.Unit <= 1e6) {
		return job, param.NumberErrorf("unit", q.Unit, "want more than 0, at most 1000000")
	}
	chip := q.Unit / 2
	if q.Chip != nil {
		if chip = *q.Chip; !(chip > 0) {
			return job, param.NumberErrorf("chip", chip, "want a step above 0, in money (or leave it out for half a unit)")
		}
	}
	t := Table{Min: lo * q.Unit, Max: hi * q.Unit, Chip: chip}
	if q.WongOut != "" {
		w, err := strconv.ParseFloat(q.WongOut, 64)
		switch {
		case sys.Balanced() && (err != nil || !(math.Abs(w) <= 20)):
			return job, param.Errorf("wong-out", q.WongOut, "want a true count from -20 to 20")
		case err != nil || !(math.Abs(w) <= sim.MaxCount):
			return job, param.Errorf("wong-out", q.WongOut, "want a running count from -%d to %d", sim.MaxCount, sim.MaxCount)
		}
		t.WongOut = &w
	}
	if err := t.Check(); err != nil {
		return job, param.Fieldf("spread", "{chip}, {unit} or {spread}: %v", err)
	}
	switch {
	case !(q.Bankroll > 0 && q.Bankroll <= 1e12):
		return job, param.NumberErrorf("bankroll", q.Bankroll, "want more than 0, at most 10^12")
	case !(q.PerHour >= 1 && q.PerHour <= 1000):
		return job, param.NumberErrorf("rounds-per-hour", q.PerHour, "want 1 to 1000")
	case !(q.TripHours > 0 && q.TripHours <= 10000):
		return job, param.NumberErrorf("trip-hours", q.TripHours, "want more than 0, at most 10000")
	case q.TripBank != nil && !(*q.TripBank > 0 && *q.TripBank <= 1e12):
		return job, param.NumberErrorf("trip-bank", *q.TripBank, "want more than 0, at most 10^12 (or leave it out for a fifth of the bankroll)")
	case q.Shoes < 20 || q.Shoes > 100000:
		return job, param.NumberErrorf("shoes", q.Shoes, "want 20 to 100000")
	case q.Rounds < 100_000 || q.Rounds > 1e10:
		return job, param.NumberErrorf("rounds", q.Rounds, "want 100k to 10G, e.g. 10M")
	}
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	if q.Shard != "" {
		if job.Shard, job.Shards, err = param.ParseShard(q.Shard); err != nil {
			return job, param.Errorf("shard", q.Shard, "%v", err)
		}
		if job.Shards > q.Shoes {
			return job, param.Errorf("shard", q.Shard, "more parts than the run's %d shoes", q.Shoes)
		}
	}
	job.req = q
	job.req.Game, job.req.Shard, job.req.Version = solve.Game{Rules: r.String()}, "", ""
	job.version = q.Version
	job.Setup = Setup{Rules: r, Count: q.Count, Penetration: q.Penetration, Shoes: q.Shoes, Rounds: q.Rounds, Seed: q.Seed, Indices: q.Play == "indices",
		IndexScope: sim.IndexScopes[cmp.Or(q.IndexScope, "card")]}
	job.Table, job.Bankroll, job.RoR, job.PerHour, job.TripHrs = t, q.Bankroll, q.RoR, q.PerHour, q.TripHours
	job.TripBank = q.Bankroll / 5
	if q.TripBank != nil {
		job.TripBank = *q.TripBank
	}
	return job, nil
}

// Validate reports what is wrong with the request, or nil.
func (q Request) Validate() error {
	_, err := q.Check()
	return err
}

// A Result is a counter's game worked out: the game measured, the ramp
// and its steps of improvement, and what it wins and risks.
type Result struct {
	Job
	Game    *Game
	Bets    []float64 // the bet by bin, in money
	Steps   int
	Figures Figures
}

// Run works a checked request out: it measures the game (progress, if
// not nil, is called with the shoes and rounds done of the total), finds
// the ramp, plays it and assesses it. ctx is not yet heeded mid-run.
func (job Job) Run(ctx context.Context, progress func(done, total int64)) (Result, error) {
	setup := job.Setup
	setup.Progress = progress
	m, err := newMeasurer(setup)
	if err != nil {
		return Result{Job: job}, err
	}
	edges, flat, err := m.measure(ctx, 1, 1, false)
	if err != nil {
		return Result{Job: job}, err
	}
	return job.play(ctx, m.game(edges, flat))
}

// ramp decides the ramp on a measured game: the bets in money by bin, the
// chip steps that bettered it, and the bets in units of the smallest (as
// sim --ramp takes them).
func (job Job) ramp(g *Game) (bets []float64, steps int, units []float64) {
	bets, steps = Optimize(g.Plain(), job.Table)
	units = make([]float64, len(bets))
	for i, b := range bets {
		units[i] = b / job.Table.Min
	}
	return bets, steps, units
}

// tripRounds is the rounds of a trip.
func (job Job) tripRounds() float64 { return job.TripHrs * job.PerHour }

// tripShape is a trip's bank in units of the smallest bet and its
// rounds.
func (job Job) tripShape() (bank float64, rounds int64) {
	return job.TripBank / job.Table.Min, int64(math.Round(job.tripRounds()))
}

// playPart plays part i of n of the ramp decided on g (1 of 1: all).
func (job Job) playPart(ctx context.Context, g *Game, i, n int) (PlayedPart, error) {
	_, _, units := job.ramp(g)
	bank, rounds := job.tripShape()
	return g.playPart(ctx, units, bank, rounds, i, n)
}

// play decides the ramp on g, plays it whole and assesses it.
func (job Job) play(ctx context.Context, g *Game) (Result, error) {
	p, err := job.playPart(ctx, g, 1, 1)
	if err != nil {
		return Result{Job: job}, err
	}
	return job.result(g, p), nil
}

// result assesses the ramp decided on g, played: p is the sums of every
// part of its play.
func (job Job) result(g *Game, p PlayedPart) Result {
	bets, steps, _ := job.ramp(g)
	res := Result{Job: job, Game: g, Bets: bets, Steps: steps}
	t := job.Table
	res.Figures = Assess(g.Plain(), bets, p.played(), t.Min, job.Bankroll, job.RoR, job.PerHour, job.TripBank, job.tripRounds())
	return res
}
