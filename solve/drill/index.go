package drill

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// An IndexRequest asks for an index drill: a decision of the Hi-Lo index
// plays (the I18, and the Fab 4 with late surrender) and a true count near
// its index, and the play the counter's card says at that count: the
// chart's, changed by every index at or below the count
// (count.IndexStrategy). The indices are the game's own: the published
// ones (Schlesinger 2005) where the game is the one they were published
// for, else the game's computed as 'bjchart indices' computes them (the
// IndexKey). 'bjchart drill index' binds it to flags; DefaultIndexRequest
// holds its defaults.
type IndexRequest struct {
	Game   solve.Game
	Set    string // i18, fab4 or i18,fab4; "" is count.DefaultSet of the rules
	Drills int
	Seed   uint64
	// Shoes are the shoes sampled for a game's own indices, where the
	// published ones are not the game's; 0 is count.DefaultShoes, as
	// 'bjchart indices' samples.
	Shoes int
}

// DefaultIndexRequest is 20 drills of the default game's set, a fresh
// seed each session.
func DefaultIndexRequest() IndexRequest { return IndexRequest{Drills: 20} }

// Params adds the request's fields to s, the game's first.
func (q *IndexRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Set, "set", "which index plays: i18, fab4 or i18,fab4 (default: i18, and fab4 with it where the rules have late surrender)")
	s.Int(&q.Drills, "drills", "drills in the session")
	s.Uint64(&q.Seed, "seed", "seed of the drills; the same seed asks the same (0: a fresh one each session, which the session names)")
	s.Int(&q.Shoes, "shoes", "shoes sampled for the game's own indices where the published ones are another game's (0: as 'bjchart indices' samples)")
}

// An IndexJob is a checked IndexRequest.
type IndexJob struct {
	Rules     solve.Rules
	Decisions []count.Decision
	Drills    int
	Seed      uint64
	// indices is the run that gives the game its own indices, where the
	// published ones are another game's.
	indices count.IndicesRequest
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
	indices := count.DefaultIndicesRequest()
	indices.Game, indices.Set, indices.Shoes = q.Game, set, q.Shoes
	if _, err := indices.Check(); err != nil {
		return job, err // its fields are the drill's (rules, set, shoes)
	}
	seed := q.Seed
	if seed == 0 {
		seed = FreshSeed()
	}
	return IndexJob{Rules: r, Decisions: decisions, Drills: q.Drills, Seed: seed, indices: indices}, nil
}

// PublishedFor is the game the published Hi-Lo indices were computed for
// (Schlesinger, Blackjack Attack, 3rd ed., 2005: multi-deck, the dealer
// standing on soft 17, doubling after splits), as a six-deck shoe; a game
// that differs only in its surrender rule plays them too.
var PublishedFor = solve.Default

// published reports whether the published indices are the game's own.
func published(r solve.Rules) bool {
	want := PublishedFor
	want.Surrender = r.Surrender
	return r.String() == want.String()
}

// KeyShoes is how many shoes Key samples: 0 where the published indices
// are the game's.
func (job IndexJob) KeyShoes() int {
	if published(job.Rules) {
		return 0
	}
	if job.indices.Shoes > 0 {
		return job.indices.Shoes
	}
	return count.DefaultShoes(job.indices.Set)
}

// An IndexKey is the indices a drill grades by: each decision with the
// integer the counter's card applies (its Published field), and where
// they come from.
type IndexKey struct {
	Decisions []count.Decision
	// Source names the indices: the published ones, or the game's own
	// run (its shoes and seed).
	Source string
	// Unsettled holds, by decision, the integers its run could round to
	// where the shoes do not settle one (the card's ~+4D): no drill is
	// dealt at a count between them, where the two would disagree.
	Unsettled map[int][2]int
	// Skipped lists the decisions the run gives no index (a crossing it
	// cannot place), which the drill leaves out.
	Skipped []string
}

// Key finds the indices the job's drills grade by: the published ones
// where the game is the one they were published for, else the game's
// own, computed as 'bjchart indices' computes them (progress, if not
// nil, is told the shoes valued of all after each).
func (job IndexJob) Key(ctx context.Context, progress func(done, total int64)) (IndexKey, error) {
	if published(job.Rules) {
		return IndexKey{Decisions: job.Decisions, Source: "the published Hi-Lo indices (Schlesinger, Blackjack Attack, 2005), which are this game's (6D S17 DAS)"}, nil
	}
	indices, err := job.indices.Check()
	if err != nil {
		return IndexKey{}, err
	}
	run, err := indices.Run(ctx, progress)
	if err != nil {
		return IndexKey{}, err
	}
	key := IndexKey{Source: fmt.Sprintf("this game's own Hi-Lo indices, as 'bjchart indices' computes them (%d shoes, seed %d); the published ones are another game's (6D S17 DAS)", run.Shoes, run.Seed),
		Unsettled: map[int][2]int{}}
	for _, x := range run.Indices {
		if !x.HasIndex() {
			if x.Never {
				d := x.Decision
				d.Published = math.Inf(1) // the basic play at every count
				key.Decisions = append(key.Decisions, d)
				continue
			}
			key.Skipped = append(key.Skipped, decisionName(x.Decision))
			continue
		}
		d := x.Decision
		d.Published = float64(run.Rounding.Round(x.Index))
		if lo, hi := run.Rounding.Between(x.Index, x.SE); lo != hi {
			key.Unsettled[len(key.Decisions)] = [2]int{lo, hi}
		}
		key.Decisions = append(key.Decisions, d)
	}
	if len(key.Decisions) == 0 {
		return key, fmt.Errorf("the run placed none of this game's indices (%s); more shoes would", strings.Join(key.Skipped, ", "))
	}
	return key, nil
}

// decisionName is a decision as a player says it: "11 v A", "T,T v 5",
// "insurance (ace up)".
func decisionName(d count.Decision) string {
	if d.Table == "insurance" {
		return "insurance (ace up)"
	}
	if d.Table == "pair" {
		return fmt.Sprintf("%c,%c v %v", d.Hand[0], d.Hand[1], d.Up)
	}
	return fmt.Sprintf("%s v %v", d.Hand, d.Up)
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
	// Reason is the decision whose index gives Want: Decision, or another
	// of the same hand whose index wins there (16 v 9 surrenders from +4,
	// the Fab 4's, before it would stand from +5, the I18's).
	Reason count.Decision
	// Gain is Reason's play's EV less its base's per hand it decides, in
	// initial bets, on a shoe at the drill's true count (CountShoe): what
	// answering the other of the two costs. NaN where the card's play is
	// neither (the chart's at every count).
	Gain float64
}

// CountShoe is a shoe of decks decks at Hi-Lo true count tc, the one the
// index drill prices its answers on: half dealt, every rank alike, then
// low cards (2..6) taken out and high ones (T, A) put back, a pair at a
// time, until the count of the cards left is the true count's (an odd
// count's last step a 7, 8 or 9 put back in a low card's place).
func CountShoe(decks, tc int) [10]int {
	var left [10]int
	for r := range left {
		left[r] = 2 * decks
	}
	left[9] = 8 * decks
	rc := tc * decks / 2 // the running count of the cards dealt: -(the tags of those left)
	lows, highs, neutrals := []int{1, 2, 3, 4, 5}, []int{9, 0}, []int{6, 7, 8}
	step := func(from, to []int, i int) {
		f, t := from[i%len(from)], to[i%len(to)]
		if left[f] > 1 {
			left[f]--
			left[t]++
		}
	}
	for i := 0; i < abs(rc)/2; i++ {
		if rc > 0 {
			step(lows, highs, i)
		} else {
			step(highs, lows, i)
		}
	}
	if i := abs(rc) / 2; abs(rc)%2 == 1 {
		if rc > 0 {
			step(lows, neutrals, i)
		} else {
			step(neutrals, lows, i)
		}
	}
	return left
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Insurance reports whether the drill is the insurance decision.
func (d IndexDrill) Insurance() bool { return d.Decision.Table == "insurance" }

// spread is how far from a decision's index the drills' true counts go,
// either side.
const spread = 3

// Run finds the job's key (Key, telling progress the shoes valued of all
// where it computes the game's own indices) and deals its drills
// (DealFrom).
func (job IndexJob) Run(ctx context.Context, progress func(done, total int64)) ([]IndexDrill, error) {
	key, err := job.Key(ctx, progress)
	if err != nil {
		return nil, err
	}
	return job.DealFrom(ctx, key)
}

// DealFrom solves the game's chart (the card's base) and deals the
// drills by key: drill i's decision and true count (an integer within
// spread of the index, either side, never between the integers of an
// unsettled one) from stream i of the seed.
func (job IndexJob) DealFrom(ctx context.Context, key IndexKey) ([]IndexDrill, error) {
	basic, err := solve.SolveWith(ctx, job.Rules, solve.Options{})
	if err != nil {
		return nil, err
	}
	out := make([]IndexDrill, job.Drills)
	for i := range out {
		rng := rand.New(rand.NewPCG(job.Seed, uint64(i)))
		k := rng.IntN(len(key.Decisions))
		d := key.Decisions[k]
		centre := d.Published
		if math.IsInf(centre, 1) {
			centre = 0 // never taken: any count asks the basic play
		}
		tc := int(centre) - spread + rng.IntN(2*spread+1)
		if r, ok := key.Unsettled[k]; ok {
			for tries := 0; tc >= r[0] && tc < r[1] && tries < 100; tries++ {
				tc = int(centre) - spread + rng.IntN(2*spread+1)
			}
			if tc >= r[0] && tc < r[1] {
				tc = r[1] // the run's integers agree from the higher one up
			}
		}
		out[i] = indexDrill(basic, key.Decisions, d, tc)
		out[i].Gain = math.NaN()
		if reason := out[i].Reason; !math.IsInf(reason.Published, 1) && out[i].Want == letter(reason.Play) || out[i].Want == letter(reason.Base) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			out[i].Gain = count.HandGain(job.Rules, reason, CountShoe(job.Rules.Decks, tc))
		}
	}
	return out, nil
}

// letter is a play's answer letter (H S D P R, I, N).
func letter(play string) string {
	switch play {
	case "insure":
		return "I"
	case "no-insurance":
		return "N"
	}
	a, _ := solve.ParseAction(play)
	return strings.ToUpper(a.Letter())
}

// indexDrill is decision d's drill at true count tc: the card's play
// there, the chart with every index applied (count.IndexStrategy).
func indexDrill(basic *solve.Table, decisions []count.Decision, d count.Decision, tc int) IndexDrill {
	x := IndexDrill{Decision: d, TrueCount: tc, Hand: decisionName(d), Reason: d}
	if d.Table == "insurance" {
		x.Want, x.Play = "N", "no insurance"
		if float64(tc) >= d.Published {
			x.Want, x.Play = "I", "insure"
		}
		return x
	}
	kind, hand := solve.Hard, d.Hand
	if d.Table == "pair" {
		kind = solve.Pairs
	}
	st := count.IndexStrategy(basic, decisions, float64(tc))
	for i := range basic.Cells {
		if c := &basic.Cells[i]; c.Table == kind && c.Hand == hand && c.Up == d.Up {
			a := st[i].Code.Best
			x.Want, x.Play = strings.ToUpper(a.Letter()), a.String()
		}
	}
	if play, _ := solve.ParseAction(d.Play); strings.ToUpper(play.Letter()) != x.Want || float64(tc) < d.Published {
		for _, o := range decisions { // another decision of the hand decides it here
			if play, ok := solve.ParseAction(o.Play); ok && o != d && o.Hand == d.Hand && o.Up == d.Up &&
				float64(tc) >= o.Published && strings.ToUpper(play.Letter()) == x.Want {
				x.Reason = o
			}
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
	// Cost is the EV the answer gives up per hand, in initial bets, on
	// the drill's shoe (Gain); 0 when right, NaN where it is not priced.
	Cost float64
}

// Grade grades an answer (as ParseIndexAnswer reads it); a miss between
// the index's play and its base costs |Gain| (NaN for another miss).
func (d IndexDrill) Grade(answer string) IndexGrade {
	g := IndexGrade{Drill: d, Answer: answer, Right: answer == d.Want}
	switch r := d.Reason; {
	case g.Right:
	case (answer == letter(r.Play) || answer == letter(r.Base)) && !math.IsNaN(d.Gain):
		g.Cost = math.Abs(d.Gain)
	default:
		g.Cost = math.NaN()
	}
	return g
}
