package sim

import (
	"fmt"
	"slices"
	"strconv"

	"bjchart/solve"
	"bjchart/solve/param"
)

// A Request asks for a simulation of a game: how many rounds, the seed,
// the shuffle, the players, and the count and bet ramp of a counter.
// 'bjchart sim' binds it to flags (beside the strategies, seats and
// presets only the command line has), the page's /sim to query
// parameters; DefaultRequest holds the defaults of both.
type Request struct {
	Game   solve.Game
	Rounds int64
	Seed   uint64
	// Penetration is the share of the shoe dealt before the shuffle; 0 is
	// DefaultPenetration (none with CSM or an infinite deck).
	Penetration float64
	CSM         bool // a continuous shuffler: every round from a fresh shoe
	Players     int
	Count       string // a built-in count or tags; "" plays no count
	Ramp        string // bets by count, "COUNT:BET,..."; "" bets one unit
	// TCDecks and TCRound are how the counter reads a balanced count's
	// true count: the decks left counted exactly or estimated to the half
	// or whole deck, and the quotient kept, floored or truncated.
	TCDecks string // exact, half or whole
	TCRound string // none, floor or truncate
}

// TCDecksValues and TCRoundValues are what TCDecks and TCRound take.
var (
	TCDecksValues = []string{"exact", "half", "whole"}
	TCRoundValues = []string{"none", "floor", "truncate"}
)

// DefaultPenetration is the share of the shoe dealt when a request names
// none.
const DefaultPenetration = 0.75

// MaxRounds bounds a request's rounds.
const MaxRounds = 1e15

// DefaultRequest is the request of 'bjchart sim' with no flags: the
// default game, 10M rounds, seed 1, the shoe dealt to 75%, one player,
// no count.
func DefaultRequest() Request {
	return Request{Rounds: 10_000_000, Seed: 1, Players: 1, TCDecks: "exact", TCRound: "none"}
}

// Params adds the request's fields to s, the game's first.
func (q *Request) Params(s *param.Set) {
	q.Game.Params(s)
	s.Func("rounds", "rounds to play: a count, with an optional k, M or G (10M = 10,000,000)", "count",
		func() string { return FormatRounds(q.Rounds) },
		func(v string) error {
			n, err := ParseRounds(v)
			if err != nil {
				return err
			}
			q.Rounds = n
			return nil
		})
	s.Uint64(&q.Seed, "seed", "seed of the shuffles; the same seed gives the same result on any machine")
	s.Func("penetration", "how much of the shoe is dealt before the shuffle, e.g. 75% (default 75%)", "percent",
		func() string {
			if q.Penetration == 0 {
				return ""
			}
			return param.FormatPercent(q.Penetration)
		},
		func(v string) error {
			x, err := param.ParsePercent(v)
			if err != nil {
				return fmt.Errorf("want a percentage above 0 and below 100, e.g. 75%%")
			}
			q.Penetration = x
			return nil
		})
	s.Bool(&q.CSM, "csm", "a continuous shuffler: every round from a freshly shuffled full shoe")
	s.Int(&q.Players, "players", "players at the table, 1 to 7, all playing alike (see {seat})")
	s.String(&q.Count, "count", "count cards: a built-in count (hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3) or tags \"A=-1,2=1,...\" (balanced counts bet by true count, others by running count)")
	s.String(&q.Ramp, "ramp", "bets by count with {count}: \"COUNT:BET,...\", e.g. \"-100:1,2:2,3:4,4:8\" (bet BET from COUNT up)")
	s.Enum(&q.TCDecks, "tc-decks", "with a balanced {count}: the decks left as the player reads them: %s (to the half or whole deck, as from the discard tray)", TCDecksValues...)
	s.Enum(&q.TCRound, "tc-round", "with a balanced {count}: the true count as the player uses it: %s (floor: +2.7 is +2, -2.3 is -3; truncate: toward zero)", TCRoundValues...)
}

// ParseRounds reads a number of rounds: 10M, 2.5k, 1G or 12345.
func ParseRounds(s string) (int64, error) {
	n, err := param.ParseCount(s)
	if err != nil {
		return 0, fmt.Errorf("want a whole number of rounds from 1 to 1e15, e.g. 1000000, 10M or 2.5k")
	}
	return n, nil
}

// FormatRounds writes rounds as ParseRounds reads them, in M or k when
// whole.
func FormatRounds(n int64) string {
	switch {
	case n >= 1e6 && n%1e6 == 0:
		return strconv.FormatInt(n/1e6, 10) + "M"
	case n >= 1e3 && n%1e3 == 0:
		return strconv.FormatInt(n/1e3, 10) + "k"
	}
	return strconv.FormatInt(n, 10)
}

// A Job is a checked request: what Run plays, read.
type Job struct {
	Rules       solve.Rules
	Rounds      int64
	Seed        uint64
	Penetration float64 // 0: a continuous shuffler (CSM, or an infinite deck)
	Players     int
	Count       *Count // nil: no count
	Ramp        []Step // nil: one unit a round
}

// Check reads and checks the request: what a simulation would refuse,
// found before anything is solved. Its errors name the field
// (*param.Error) where one is at fault.
func (q Request) Check() (Job, error) {
	job := Job{Rounds: q.Rounds, Seed: q.Seed, Players: q.Players}
	if q.Rounds < 1 || q.Rounds > MaxRounds {
		return job, param.NumberErrorf("rounds", q.Rounds, "want a whole number of rounds from 1 to 1e15")
	}
	switch {
	case q.CSM && q.Penetration != 0:
		return job, param.Fieldf("csm", "{csm} and {penetration}: a continuous shuffler has no penetration; give one")
	case q.CSM:
	case q.Penetration == 0:
		job.Penetration = DefaultPenetration
	case !(q.Penetration > 0 && q.Penetration < 1):
		return job, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 75%%")
	default:
		job.Penetration = q.Penetration
	}
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	job.Rules = r
	if q.Players < 1 || q.Players > MaxPlayers {
		return job, param.NumberErrorf("players", q.Players, "want 1 to %d", MaxPlayers)
	}
	if q.Count != "" {
		if job.Count, err = ParseCount(q.Count, r.Decks); err != nil {
			return job, param.Errorf("count", q.Count, "%v", err)
		}
		if r.Infinite() {
			return job, param.Fieldf("count", "{count} with an infinite deck: there is nothing to count")
		}
		if r.FullShoe() != solve.NewShoe(r.Decks) {
			return job, param.Fieldf("count", "{count}: counts and their true counts are defined on 52-card decks; %s deals others", r)
		}
	}
	est := Estimate{DeckStep: map[string]float64{"exact": 0, "half": 0.5, "whole": 1}[q.TCDecks]}
	if !slices.Contains(TCDecksValues, q.TCDecks) {
		return job, param.Errorf("tc-decks", q.TCDecks, "want %s", param.OrList(TCDecksValues))
	}
	if est.Round = TCRound(slices.Index(TCRoundValues, q.TCRound)); est.Round < 0 {
		return job, param.Errorf("tc-round", q.TCRound, "want %s", param.OrList(TCRoundValues))
	}
	if est != (Estimate{}) {
		if job.Count == nil || !job.Count.Balanced {
			return job, param.Fieldf("tc-decks", "{tc-decks} and {tc-round} read a true count: they need a balanced {count} (an unbalanced one bets by the running count)")
		}
		job.Count.Estimate = est
	}
	if q.Ramp != "" {
		if job.Count == nil {
			return job, param.Fieldf("ramp", "{ramp} needs {count}: a ramp bets by the count")
		}
		if job.Ramp, err = ParseRamp(q.Ramp); err != nil {
			return job, &param.Error{Name: "ramp", Input: err.Error()}
		}
		if slices.IndexFunc(job.Ramp, func(st Step) bool { return st.Bet > 0 }) < 0 {
			return job, param.Errorf("ramp", q.Ramp, "every bet is 0, so no round is ever played")
		}
	}
	if r.Infinite() && !q.CSM && q.Penetration != 0 {
		return job, param.Fieldf("penetration", "{penetration} with an infinite deck: it never runs out; drop it")
	}
	if r.Infinite() {
		job.Penetration = 0
	}
	return job, nil
}

// Validate reports what is wrong with the request, or nil.
func (q Request) Validate() error {
	_, err := q.Check()
	return err
}

// Config is the simulator's configuration of a checked request (no
// context: Run then runs to the end).
func (job Job) Config() Config {
	return Config{Rules: job.Rules, Rounds: job.Rounds, Seed: job.Seed, Penetration: job.Penetration, Players: job.Players,
		Count: job.Count, Ramp: job.Ramp}
}

// ParseShard reads a part of a split run, "i/n" with 1 <= i <= n <= 100000
// (param.ParseShard).
func ParseShard(s string) (int, int, error) { return param.ParseShard(s) }
