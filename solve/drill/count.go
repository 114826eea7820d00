package drill

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// A CountRequest asks for a counting drill: cards of the game's shoe,
// freshly shuffled for each drill, shown one at a time; then the running
// count of the cards shown (from the count's start after a shuffle: 0,
// or an unbalanced count's initial count), and for a balanced count the
// true count with the cards left. 'bjchart drill count' binds it to flags;
// DefaultCountRequest holds its defaults.
type CountRequest struct {
	Game   solve.Game
	Count  string // a built-in count or tags (count.ParseSystem)
	Cards  int    // cards shown a drill
	Drills int
	Seed   uint64
	Speed  float64 // cards shown a second, above 0 to MaxSpeed
}

// DefaultCountRequest is Hi-Lo on the default game: five drills of 26
// cards shown two a second, a fresh seed each session.
func DefaultCountRequest() CountRequest {
	return CountRequest{Count: "hilo", Cards: 26, Drills: 5, Speed: 2}
}

// MaxSpeed bounds the cards shown a second.
const MaxSpeed = 20

// Params adds the request's fields to s, the game's first.
func (q *CountRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Count, "count", "the count: hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3 or tags \"A=-1,2=1,...\"")
	s.Int(&q.Cards, "cards", "cards shown a drill")
	s.Int(&q.Drills, "drills", "drills in the session")
	s.Uint64(&q.Seed, "seed", "seed of the shuffles; the same seed shows the same cards (0: a fresh one each session, which the session names)")
	s.Float(&q.Speed, "speed", "cards shown a second")
}

// MaxDrills bounds a session's drills.
const MaxDrills = 1000

// A CountJob is a checked CountRequest.
type CountJob struct {
	Rules  solve.Rules
	System count.System
	Cards  int
	Drills int
	Seed   uint64
	Speed  float64 // cards shown a second
}

// Check reads and checks the request.
func (q CountRequest) Check() (CountJob, error) {
	var job CountJob
	r, err := q.Game.Resolve()
	if err != nil {
		return job, err
	}
	if r.Infinite() {
		return job, fmt.Errorf("an infinite deck has nothing to count; give a number of decks")
	}
	sys, err := count.ParseSystem(q.Count)
	if err != nil {
		return job, param.Errorf("count", q.Count, "%v", err)
	}
	total := r.FullShoe().Total()
	if q.Cards < 1 || q.Cards >= total {
		return job, param.NumberErrorf("cards", q.Cards, "want 1 to %d (the shoe holds %d)", total-1, total)
	}
	if q.Drills < 1 || q.Drills > MaxDrills {
		return job, param.NumberErrorf("drills", q.Drills, "want 1 to %d", MaxDrills)
	}
	if !(q.Speed > 0 && q.Speed <= MaxSpeed) {
		return job, param.NumberErrorf("speed", q.Speed, "want cards a second from above 0 to %d", MaxSpeed)
	}
	seed := q.Seed
	if seed == 0 {
		seed = FreshSeed()
	}
	return CountJob{Rules: r, System: sys, Cards: q.Cards, Drills: q.Drills, Seed: seed, Speed: q.Speed}, nil
}

// Validate reports what is wrong with the request, or nil.
func (q CountRequest) Validate() error {
	_, err := q.Check()
	return err
}

// A CountDrill is one drill: the cards shown, in order, and what they
// count to.
type CountDrill struct {
	Cards   []solve.Rank
	Running float64 // from the count's start after a shuffle
	Left    int     // cards left in the shoe after these
	// True is the true count (running count x 52 / cards left) for a
	// balanced count; NaN for an unbalanced one, which goes by its
	// running count.
	True float64
}

// Start is where the job's running count starts after a shuffle: 0, or
// an unbalanced count's initial count.
func (job CountJob) Start() float64 {
	if job.System.Balanced() {
		return 0
	}
	return job.System.IRC(job.Rules.Decks)
}

// Decks is the cards left in decks, to the half deck, as a player reads
// them off the discard tray (never below half a deck).
func (d CountDrill) Decks() float64 { return max(0.5, math.Round(float64(d.Left)/26)/2) }

// Run deals the job's drills: drill i shuffles the full shoe with stream
// i of the seed and shows its first Cards cards (progress is not called;
// the deal takes no time).
func (job CountJob) Run(ctx context.Context, progress func(done, total int64)) ([]CountDrill, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	full := job.Rules.FullShoe().Counts
	var deck []solve.Rank
	for rank, n := range full {
		for range n {
			deck = append(deck, solve.Rank(rank+1))
		}
	}
	start := job.Start()
	out := make([]CountDrill, job.Drills)
	for i := range out {
		cards := append([]solve.Rank(nil), deck...)
		rng := rand.New(rand.NewPCG(job.Seed, uint64(i)))
		rng.Shuffle(len(cards), func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
		d := CountDrill{Cards: cards[:job.Cards], Running: start, Left: len(cards) - job.Cards, True: math.NaN()}
		for _, c := range d.Cards {
			d.Running += job.System.Tags[c]
		}
		if job.System.Balanced() {
			d.True = d.Running * 52 / float64(d.Left)
		}
		out[i] = d
	}
	return out, nil
}

// A CountAnswer is a player's answer to a drill: the running count and,
// for a balanced count, the true count (NaN if not given).
type CountAnswer struct {
	Running, True float64
}

// ParseCountAnswer reads an answer: the running count, then for a
// balanced count the true count ("+4 1.5"; "4" alone for an unbalanced
// count, or where the true count is not asked).
func ParseCountAnswer(s string) (CountAnswer, error) {
	f := strings.Fields(s)
	if len(f) < 1 || len(f) > 2 {
		return CountAnswer{}, fmt.Errorf("%s: want the running count, and the true count after it (e.g. +4 1.5)", param.Quote(s, 40))
	}
	a := CountAnswer{True: math.NaN()}
	var err error
	if a.Running, err = strconv.ParseFloat(f[0], 64); err != nil || !(math.Abs(a.Running) <= 1e6) {
		return a, fmt.Errorf("%s: the running count is a number, e.g. +4 or -2.5", param.Quote(f[0], 40))
	}
	if len(f) == 2 {
		if a.True, err = strconv.ParseFloat(f[1], 64); err != nil || !(math.Abs(a.True) <= 1e6) {
			return a, fmt.Errorf("%s: the true count is a number, e.g. 1.5", param.Quote(f[1], 40))
		}
	}
	return a, nil
}

// TrueTolerance is how far a true count may be from the exact one and
// still be right: a player divides by the decks left to the half deck.
const TrueTolerance = 0.5

// A CountGrade is a drill graded.
type CountGrade struct {
	Drill      CountDrill
	Answer     CountAnswer
	RunningOff float64 // the answer less the running count
	TrueOff    float64 // the answer less the true count; NaN if either is missing
	Right      bool    // the running count exact, the true count (if asked) within TrueTolerance
}

// Grade grades an answer to the drill.
func (d CountDrill) Grade(a CountAnswer) CountGrade {
	g := CountGrade{Drill: d, Answer: a, RunningOff: a.Running - d.Running, TrueOff: a.True - d.True}
	g.Right = g.RunningOff == 0 && (math.IsNaN(d.True) || math.Abs(g.TrueOff) <= TrueTolerance)
	return g
}
