// Package count computes card-counting index plays exactly at their core:
// the EVs of the plays that an index decides between are computed
// exactly on real depleted shoes, sampled by dealing shuffled shoes, and
// the index is where their average difference crosses zero as a function
// of the count.
package count

import (
	"bjchart/solve/panics"
	"bjchart/solve/param"
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"bjchart/solve"
)

// A System is a linear tag count. A balanced one (tags summing to 0 over
// a deck) is read as a true count, the running count per deck left; an
// unbalanced one as its running count, started at IRC decks-dependent.
type System struct {
	Name string
	Tags [11]float64 // by rank, 1 (ace) .. 10
	// IRCPerDeck, if not zero, sets the initial running count to
	// (1 - decks) x IRCPerDeck instead of the tags' sum per deck: seed
	// 001 starts both its counts at 4 - 4 x decks, its +-3 count too.
	IRCPerDeck float64
}

// perDeck returns the tags' sum over one deck.
func (s System) perDeck() float64 {
	sum := 0.0
	for r := 1; r <= 10; r++ {
		n := 4.0
		if r == 10 {
			n = 16
		}
		sum += n * s.Tags[r]
	}
	return sum
}

// Balanced reports whether the tags sum to zero over a deck.
func (s System) Balanced() bool { return math.Abs(s.perDeck()) < 1e-9 }

// IRC is an unbalanced count's initial running count, (1 - decks) x its
// tags' sum per deck (4 - 4 x decks for KO), or x IRCPerDeck if set.
func (s System) IRC(decks int) float64 {
	if s.IRCPerDeck != 0 {
		return (1 - float64(decks)) * s.IRCPerDeck
	}
	return (1 - float64(decks)) * s.perDeck()
}

// Systems are the built-in counts. Red 7 counts only red sevens +1: a
// seven is +1/2 on average, which is how a rank-level count takes it.
var Systems = map[string]System{
	"hilo":        {Name: "hilo", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}},
	"ko":          {Name: "ko", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 10: -1}},
	"hiopt1":      {Name: "hiopt1", Tags: [11]float64{3: 1, 4: 1, 5: 1, 6: 1, 10: -1}},
	"hiopt2":      {Name: "hiopt2", Tags: [11]float64{2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1, 10: -2}},
	"omega2":      {Name: "omega2", Tags: [11]float64{2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 9: -1, 10: -2}},
	"zen":         {Name: "zen", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 10: -2}},
	"wong-halves": {Name: "wong-halves", Tags: [11]float64{1: -1, 2: 0.5, 3: 1, 4: 1, 5: 1.5, 6: 1, 7: 0.5, 9: -0.5, 10: -1}},
	"red7":        {Name: "red7", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0.5, 10: -1}},
	// Itoh 2023, tables 4 and 5.
	// Both start at the paper's 4 - 4 x decks, though the +-3 tags sum to
	// -12 a deck.
	"itoh-pm1": {Name: "itoh-pm1", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 10: -1}, IRCPerDeck: 4},
	"itoh-pm3": {Name: "itoh-pm3", Tags: [11]float64{1: -3, 2: 2, 3: 2, 4: 3, 5: 3, 6: 1, 7: 1, 10: -3}, IRCPerDeck: 4},
}

// HiLo is the Hi-Lo count: 2-6 +1, 7-9 0, T and A -1.
var HiLo = Systems["hilo"]

// A Decision is a choice an index settles: Base below the index, Play at
// or above it.
type Decision struct {
	Table      string // hard, surrender or insurance
	Hand       string // the chart row ("16"), or "insurance"
	Up         solve.Rank
	Base, Play string // stand, hit, double, surrender (against the better of hit and stand), insure, no-insurance
	Published  float64
	// Unsolved decisions are listed, not solved (none of the built-in
	// sets today).
	Unsolved bool
	// MultiCard marks a decision of hands of three or more cards (hit or
	// stand; AllCells only).
	MultiCard bool
}

// I18 and Fab4 are the Hi-Lo decisions of the Illustrious 18 and the Fab
// 4, with the published indices (D. Schlesinger, Blackjack Attack, 3rd
// ed., 2005; ../shared/refs/hilo-indices.md).
var (
	I18 = []Decision{
		{"insurance", "insurance", 1, "no-insurance", "insure", 3, false, false},
		{"hard", "16", 10, "hit", "stand", 0, false, false},
		{"hard", "15", 10, "hit", "stand", 4, false, false},
		{"pair", "TT", 5, "stand", "split", 5, false, false},
		{"pair", "TT", 6, "stand", "split", 4, false, false},
		{"hard", "10", 10, "hit", "double", 4, false, false},
		{"hard", "12", 3, "hit", "stand", 2, false, false},
		{"hard", "12", 2, "hit", "stand", 3, false, false},
		{"hard", "11", 1, "hit", "double", 1, false, false},
		{"hard", "9", 2, "hit", "double", 1, false, false},
		{"hard", "10", 1, "hit", "double", 4, false, false},
		{"hard", "9", 7, "hit", "double", 3, false, false},
		{"hard", "16", 9, "hit", "stand", 5, false, false},
		{"hard", "13", 2, "hit", "stand", -1, false, false},
		{"hard", "12", 4, "hit", "stand", 0, false, false},
		{"hard", "12", 5, "hit", "stand", -2, false, false},
		{"hard", "12", 6, "hit", "stand", -1, false, false},
		{"hard", "13", 3, "hit", "stand", -2, false, false},
	}
	Fab4 = []Decision{
		{"surrender", "14", 10, "play", "surrender", 3, false, false},
		{"surrender", "15", 10, "play", "surrender", 0, false, false},
		{"surrender", "15", 9, "play", "surrender", 2, false, false},
		{"surrender", "15", 1, "play", "surrender", 1, false, false},
	}
)

// Options size the sampling.
type Options struct {
	Shoes       int     // depleted shoes sampled
	Penetration float64 // shoes are dealt to a depth uniform in [0, Penetration) of the shoe
	Seed        uint64
	// Progress, if not nil, is told the shoes valued of those to value
	// after each, from any goroutine.
	Progress func(done, total int64)
	// Oversample, above zero, keeps dealt shoes with a chance that grows with
	// the size of their true count and weighs them back (dealShoe), so
	// that crossings far from zero have more shoes near them. Balanced
	// counts only.
	Oversample float64
	// Moment is when the count is read (AtDecision by default).
	Moment Moment
	// Shard and Shards, with Shards above zero, make this part Shard (1 to
	// Shards) of a run split across machines: only the shoes k with k %
	// Shards == Shard-1 are solved, and Solved receives them instead of
	// any index being fitted (Compute and AllCells return none).
	Shard, Shards int
	Solved        func([]SolvedShoe)
	// From, if not nil, holds the solved shoes of every part of a split
	// run: no shoe is solved, and the indices are fitted on these.
	From []SolvedShoe
}

// A Moment is when an index's count is read.
type Moment int

const (
	// AtDecision reads the count when the player decides: every card he
	// has seen, his own two and the dealer's up card included (published
	// index tables are defined so). Each composition of the decision's
	// hands is a point of the fit at its own count, weighed by how often
	// it is dealt.
	AtDecision Moment = iota
	// BeforeRound reads the count of the shoe before the round is dealt,
	// the count a bet goes by; the fit's point is the shoe's gain over
	// every hand the decision takes.
	BeforeRound
)

// Moments names the moments as --count-at takes them.
var Moments = []string{"decision", "round"}

func (m Moment) String() string { return Moments[m] }

// ParseMoment reads a moment's name.
func ParseMoment(s string) (Moment, error) {
	for i, name := range Moments {
		if s == name {
			return Moment(i), nil
		}
	}
	return 0, fmt.Errorf("unknown moment %q; want decision (the cards of the hand and the up card counted) or round (before the round is dealt)", s)
}

// An Index is a decision's crossing.
type Index struct {
	Decision
	Index   float64 // the true count where the play's average gain crosses zero; NaN if none
	SE      float64
	Rounded int // the integer a player memorises: Index rounded to nearest
	Shoes   int // sampled shoes within the fit's window
	// NotEstimable, if set, says why a crossing within the counts sampled
	// is not an index these shoes can give (AllCells): too few shoes, an
	// error above a point, gains that do not change sign there.
	NotEstimable string
	// Never marks a play that never overtakes the basic one within the
	// counts sampled (AllCells): no crossing there, Index NaN; the basic
	// play throughout. Base is the basic play.
	Never bool
}

// sample is one shoe: its count before the round, how far it is dealt,
// and each decision's points (nil for a shoe left out).
type sample struct {
	tc     float64
	dealt  float64 // the fraction of the shoe dealt
	weight float64 // its points' weight: 1 over its chance of being kept (Options.Oversample)
	left   [10]int // its cards left
	points [][]point
}

// A point is one observation of a decision's gain: y at count x, weighed
// w. Before the round a shoe gives one point, its gain per round over the
// decision's hands (w 1); at the decision, one point per composition of
// the hand and up card, at the count with those cards seen, its gain per
// hand, weighed by the composition's chance.
//
// seen are the cards seen at that count beyond those dealt from its shoe
// (the player's two and the up card at the decision; none before the
// round), nseen of them: with the shoe's cards left they give the unseen
// cards' composition, which a fit's control variates take (controls.go).
// A hand of three or more cards keeps none: its fits take no variates.
type point struct {
	x, y, w float64
	seen    [3]uint8
	nseen   uint8
}

// seeing returns p with cards seen.
func (p point) seeing(cards ...int) point {
	for i, c := range cards {
		p.seen[i] = uint8(c)
	}
	p.nseen = uint8(len(cards))
	return p
}

// counter reads a shoe's count: rc, the tags of the cards dealt, and n,
// the cards left.
type counter struct {
	sys      System
	balanced bool // sys.Balanced()
	decks    int
	rc       float64
	n        int
}

// with is the count once cards are seen too (their ranks, 1..10): the true
// count for a balanced count (running count x 52 / cards left), else the
// running count from the initial one.
func (c counter) with(cards ...int) float64 {
	rc := c.rc
	for _, r := range cards {
		rc += c.sys.Tags[r]
	}
	return c.count(rc, len(cards))
}

// count is the count at running count rc (from the shoe's cards dealt
// and seen) with seen cards seen beyond those dealt.
func (c counter) count(rc float64, seen int) float64 {
	if !c.balanced {
		return c.sys.IRC(c.decks) + rc
	}
	return rc * 52 / float64(c.n-seen)
}

// withHand is the count once a hand's cards (counts by rank, aces
// first) and then the up card are seen: with(cards...) of the hand's
// cards, low rank first, and the up card.
func (c counter) withHand(hand [10]uint8, up int) float64 {
	rc, n := c.rc, 1
	for r, k := range hand {
		for range k {
			rc += c.sys.Tags[r+1]
		}
		n += int(k)
	}
	rc += c.sys.Tags[up]
	return c.count(rc, n)
}

// one is a shoe's single point before the round.
func one(c counter, g float64) []point { return []point{{x: c.with(), y: g, w: 1}} }

// Compute finds each decision's index for the rules (a finite shoe) and
// count. Each crossing is fitted with control variates (controls.go).
func Compute(ctx context.Context, r solve.Rules, sys System, decisions []Decision, opt Options) ([]Index, error) {
	return remembered(ctx, "indices", newRunKey(r, sys, decisions, opt), opt, func() ([]Index, error) {
		return compute(ctx, r, sys, decisions, opt)
	})
}

// compute is Compute, computed.
func compute(ctx context.Context, r solve.Rules, sys System, decisions []Decision, opt Options) ([]Index, error) {
	if err := check(r, opt); err != nil {
		return nil, err
	}
	plans := newPlans(r, decisions)
	// points values a shoe's points for each decision (valued: their
	// gains too), appended to buf's (nil: new ones).
	points := func(left [10]int, c counter, buf [][]point, valued bool) [][]point {
		if buf == nil {
			buf = make([][]point, len(decisions))
		}
		var vals *shoeValues
		if valued {
			vals = valuesFor(r, left, plans)
		}
		for k, d := range decisions {
			switch {
			case d.Unsolved:
			case opt.Moment == BeforeRound:
				g := 0.0
				if valued {
					g = gain(r, d, left, c.n, vals)
				}
				buf[k] = append(buf[k][:0], point{x: c.with(), y: g, w: 1})
			default:
				buf[k] = decisionPoints(buf[k][:0], r, d, left, c, vals, valued)
			}
		}
		return buf
	}
	fits, _, err := controlledFits(ctx, r, sys, opt, len(decisions), points, 0)
	if err != nil || fits == nil { // nil: a part of a split run, its shoes given to opt.Solved
		return nil, err
	}
	out := make([]Index, len(decisions))
	for k, d := range decisions {
		out[k] = Index{Decision: d}
		out[k].set(fits[k].idx, fits[k].se, fits[k].shoes)
	}
	return out, nil
}

func check(r solve.Rules, opt Options) error {
	if r.Infinite() {
		return fmt.Errorf("count: an infinite deck has nothing to count")
	}
	if r.FullShoe() != solve.NewShoe(r.Decks) {
		return fmt.Errorf("count: counts and their true counts are defined on 52-card decks; %s deals others", r)
	}
	if opt.Shoes < 10 || opt.Penetration <= 0 || opt.Penetration >= 1 {
		return fmt.Errorf("count: want at least 10 shoes and a penetration below 1")
	}
	return nil
}

// fit sets the index from decision k's points: where their weighted
// least-squares line on the count crosses zero. It returns the line's
// slope.
func (x *Index) fit(r solve.Rules, sys System, samples []sample, k int, m Moment) float64 {
	idx, se, slope, n := crossing(observations(samples, k), !sys.Balanced(), m == AtDecision, fitScale(r, sys))
	x.set(idx, se, n)
	return slope
}

// set sets the index's crossing, its SE and the shoes behind it.
func (x *Index) set(idx, se float64, shoes int) {
	x.Index, x.SE, x.Shoes = idx, se, shoes
	if !math.IsNaN(idx) {
		x.Rounded = int(math.Round(idx))
	}
}

// fitScale is the width of a fit's windows, in true counts; running
// counts spread over the decks.
func fitScale(r solve.Rules, sys System) float64 {
	if !sys.Balanced() {
		return float64(r.Decks)
	}
	return 1
}

// observations are decision k's points with the shoes they came from,
// shoe by shoe.
func observations(samples []sample, k int) []observation {
	var obs []observation
	for i := range samples {
		obs = samples[i].observations(obs, i, k)
	}
	return obs
}

// observations appends decision k's points on the shoe, shoe i of its
// run, to obs: those of weight above zero, weighed by the shoe's weight.
func (s *sample) observations(obs []observation, i, k int) []observation {
	if s.points == nil { // a shoe left out
		return obs
	}
	for _, p := range s.points[k] {
		if p.w > 0 {
			p.w *= s.weight
			obs = append(obs, observation{point: p, z: s.dealt, shoe: i, left: &s.left})
		}
	}
	return obs
}

// sampleShoes deals opt.Shoes shoes, on every core, and values each with
// points; the context's error if ctx ends first.
func sampleShoes(ctx context.Context, r solve.Rules, sys System, opt Options, points func(left [10]int, c counter) [][]point) ([]sample, error) {
	samples := make([]sample, 0, opt.Shoes)
	var done atomic.Int64
	err := dealShoes(ctx, r, sys, opt, 0, opt.Shoes, &done, points, func(_ int, s sample) { samples = append(samples, s) })
	if err != nil {
		return nil, err
	}
	return samples, nil
}

// dealShoes deals shoes from..to-1 of the run (with opt.Shards, only this
// part's: k with k % Shards == Shard-1; another part's is given without
// points), on every core, values each with points (its unseen cards and
// their number), and gives each to keep in the shoes' order, on one
// goroutine at a time; done counts the shoes valued, for opt.Progress.
// The context's error if ctx ends first.
func dealShoes(ctx context.Context, r solve.Rules, sys System, opt Options, from, to int, done *atomic.Int64, points func(left [10]int, c counter) [][]point, keep func(i int, s sample)) error {
	full := r.FullShoe()
	total := float64(full.Total())
	toValue := int64(opt.Shoes) // this part's shoes
	if opt.Shards > 0 {
		toValue = int64((opt.Shoes - opt.Shard + opt.Shards) / opt.Shards)
	}
	var mu sync.Mutex
	waiting := map[int]sample{} // valued before a shoe ahead of them
	next := from
	return onCores(ctx, to-from, func(j int) {
		i := from + j
		var s sample
		if opt.Shards == 0 || i%opt.Shards == opt.Shard-1 {
			left, c, weight := dealShoe(r, sys, full.Counts, opt, i)
			s = sample{tc: c.with(), dealt: 1 - float64(c.n)/total, weight: weight, left: left, points: compact(points(left, c))}
			if opt.Progress != nil {
				opt.Progress(done.Add(1), toValue)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		waiting[i] = s
		for {
			s, ok := waiting[next]
			if !ok {
				return
			}
			delete(waiting, next)
			keep(next, s)
			next++
		}
	})
}

// compact copies a shoe's points, each decision's, into one array of
// their number, so that a shoe held until the fits holds only its
// points: the slices a shoe's solve fills have room for more (a hand of
// three or more cards merges hundreds of compositions into a few dozen
// counts), and a run of thousands of shoes would hold that room too.
func compact(points [][]point) [][]point {
	if points == nil {
		return nil
	}
	n := 0
	for _, ps := range points {
		n += len(ps)
	}
	all := make([]point, 0, n)
	out := make([][]point, len(points))
	for k, ps := range points {
		start := len(all)
		all = append(all, ps...)
		out[k] = all[start:len(all):len(all)]
	}
	return out
}

// onCores calls work(i) for each i in 0..n-1, on every core; ctx's
// error if ctx (which may be nil) ends before every work is done (no i is
// started after it; those started finish, and may have been cut short:
// a shoe's solve stopped by ctx is a shoe left out, so the run is not
// whole even when every i was started).
func onCores(ctx context.Context, n int, work func(i int)) error {
	var done <-chan struct{} // nil: never
	if ctx != nil {
		done = ctx.Done()
	}
	var wg panics.Group // a worker's panic raised again by Wait
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				work(i)
			}
		})
	}
	dispatch := func() {
		defer close(next)
		for i := range n {
			select {
			case next <- i:
			case <-done:
				return
			}
		}
	}
	dispatch()
	wg.Wait()
	if ctx != nil {
		return ctx.Err()
	}
	return nil
}

// dealShoe deals shoe i to a random depth and returns the cards left, the
// count of those dealt and the shoe's weight. With opt.Oversample above zero
// and a balanced count, shoes are dealt until one is kept, with a chance
// that grows with the size of its true count (keep), and the shoe's
// weight is one over that chance: the kept shoes' counts spread wider
// than dealt ones, while their weighed points are the dealt shoes' in
// expectation, at every count and composition.
func dealShoe(r solve.Rules, sys System, full [10]int, opt Options, i int) (left [10]int, c counter, weight float64) {
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(i)))
	cards := sortedDeck(full)
	for {
		rng.Shuffle(len(cards), func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
		depth := rng.IntN(int(opt.Penetration * float64(len(cards))))
		left = full
		rc := 0.0
		for _, c := range cards[:depth] {
			left[c-1]--
			rc += sys.Tags[c]
		}
		c = counter{sys: sys, balanced: sys.Balanced(), decks: r.Decks, rc: rc, n: len(cards) - depth}
		if opt.Oversample <= 0 || !c.balanced {
			return left, c, 1
		}
		if k := keep(c.with(), opt.Oversample); rng.Float64() < k {
			return left, c, 1 / k
		}
	}
}

// keep is the chance of keeping a dealt shoe at true count tc when shoes
// are oversampled: exp(over (|tc| - keptAll)), up to 1. Dealt shoes'
// counts thin out about as exp(-0.55 |tc|) at six decks dealt to 80%, so
// an over near 0.5 keeps shoes about evenly over -keptAll..+keptAll.
func keep(tc, over float64) float64 {
	return math.Min(1, math.Exp(over*(math.Abs(tc)-keptAll)))
}

// keptAll is the true count beyond which every dealt shoe is kept.
const keptAll = 6

// gain returns the decision's expected gain per round on the shoe left:
// the play's W less the base's, over the hands it decides, each weighed
// by how likely it is to be dealt with that up card.
func gain(r solve.Rules, d Decision, left [10]int, n int, vals *shoeValues) float64 {
	pUp := float64(left[d.Up-1]) / float64(n)
	if pUp == 0 {
		return 0
	}
	if d.Table == "insurance" { // half a bet at 2 to 1 that the hole card is a ten
		pTen := float64(left[9]) / float64(n-1)
		return pUp * 0.5 * (3*pTen - 1)
	}
	if d.Table == "pair" { // split against stand, exact resplits: one up card's full solve
		c := 10
		if r, err := solve.ParseRank(d.Hand[:1]); err == nil {
			c = int(r)
		}
		m := left
		m[d.Up-1]--
		rest := n - 1
		p := float64(m[c-1]) * float64(m[c-1]-1) / float64(rest) / float64(rest-1)
		if p <= 0 {
			return 0
		}
		stand, split, err := vals.pairPlays(solve.Rank(c), d.Up)
		if err != nil {
			return 0
		}
		return pUp * p * (split - stand)
	}
	s := vals.hand(d.Up)
	g := 0.0
	m := left
	m[d.Up-1]--
	rest := n - 1
	for _, ab := range hardPairs(d.Hand) {
		a, b := ab[0], ab[1]
		p := 2 * float64(m[a-1]) * float64(m[b-1]) / float64(rest) / float64(rest-1)
		if p == 0 {
			continue
		}
		var hand [10]uint8
		hand[a-1]++
		hand[b-1]++
		g += pUp * p * playGain(s, hand, d)
	}
	return g
}

// HandGain returns decision d's gain per hand it decides on the shoe
// left: the play's EV less the base's, in initial bets (for insurance, a
// half bet's result), averaged over the hands of its row as likely as
// the shoe deals them with its up card. It is gain per round over the
// chance of those hands; 0 where the shoe deals none.
func HandGain(r solve.Rules, d Decision, left [10]int) float64 {
	n := 0
	for _, c := range left {
		n += c
	}
	if n < 2 || left[d.Up-1] == 0 {
		return 0
	}
	pUp := float64(left[d.Up-1]) / float64(n)
	m := left
	m[d.Up-1]--
	rest := float64(n - 1)
	chance := 1.0 // insurance: every hand with the ace up
	switch d.Table {
	case "insurance":
	case "pair":
		c := 10
		if r, err := solve.ParseRank(d.Hand[:1]); err == nil {
			c = int(r)
		}
		chance = float64(m[c-1]) * float64(m[c-1]-1) / rest / (rest - 1)
	default:
		chance = 0
		for _, ab := range hardPairs(d.Hand) {
			chance += 2 * float64(m[ab[0]-1]) * float64(m[ab[1]-1]) / rest / (rest - 1)
		}
	}
	if chance <= 0 {
		return 0
	}
	return gain(r, d, left, n, valuesFor(r, left, newPlans(r, []Decision{d}))) / pUp / chance
}

// An observation is a point of a fit with the shoe it came from and how
// far that shoe was dealt. A fit's observations come shoe by shoe: those
// of one shoe are next to each other.
type observation struct {
	point
	z    float64 // the fraction of the shoe dealt
	shoe int
	left *[10]int // the shoe's cards left
}

// composition is the composition of the cards unseen at the
// observation's count (controls.go).
func (o observation) composition() [10]float64 { return o.point.composition(o.left) }

// decisionPoints are a decision's points at the moment it is made: one
// for each composition of the player's two cards with the up card, at the
// count with those three cards seen, its gain per hand (the play's EV
// less the base's, for those cards on the shoe left; for insurance, the
// side bet's value with them seen), weighed by its chance on the shoe,
// with the composition of the cards still unseen. Without valued the
// gains are left zero and nothing is solved: the points of a control
// shoe (controls.go). The points are appended to out.
func decisionPoints(out []point, r solve.Rules, d Decision, left [10]int, c counter, vals *shoeValues, valued bool) []point {
	up := int(d.Up)
	pUp := float64(left[up-1]) / float64(c.n)
	if pUp == 0 {
		return out
	}
	m := left
	m[up-1]--
	rest := float64(c.n - 1)
	chance := func(a, b int) float64 { // of the first two cards being a and b, either order
		if a == b {
			return float64(m[a-1]) * float64(m[a-1]-1) / rest / (rest - 1)
		}
		return 2 * float64(m[a-1]) * float64(m[b-1]) / rest / (rest - 1)
	}
	at := func(a, b int, y, w float64) point { // the point of cards a, b with the up card
		return point{x: c.with(a, b, up), y: y, w: w}.seeing(a, b, up)
	}
	switch d.Table {
	case "insurance": // half a bet at 2 to 1 that the hole card is a ten
		for a := 1; a <= 10; a++ {
			for b := a; b <= 10; b++ {
				p := chance(a, b)
				if p <= 0 {
					continue
				}
				tens := float64(m[9])
				if a == 10 {
					tens--
				}
				if b == 10 {
					tens--
				}
				pTen := tens / (rest - 2)
				out = append(out, at(a, b, 0.5*(3*pTen-1), pUp*p))
			}
		}
	case "pair":
		pair := 10
		if x, err := solve.ParseRank(d.Hand[:1]); err == nil {
			pair = int(x)
		}
		p := chance(pair, pair)
		if p <= 0 {
			return out
		}
		g := 0.0
		if valued {
			stand, split, err := vals.pairPlays(solve.Rank(pair), d.Up)
			if err != nil {
				return out
			}
			g = split - stand
		}
		out = append(out, at(pair, pair, g, pUp*p))
	default: // a hard total: each pair of ranks that makes it, pairs aside
		var s *solve.HandValues
		if valued {
			s = vals.hand(d.Up)
		}
		for _, ab := range hardPairs(d.Hand) {
			a, b := ab[0], ab[1]
			p := chance(a, b)
			if p == 0 {
				continue
			}
			g := 0.0
			if valued {
				var hand [10]uint8
				hand[a-1]++
				hand[b-1]++
				g = playGain(s, hand, d)
			}
			out = append(out, at(a, b, g, pUp*p))
		}
	}
	return out
}

// shoeValues values a shoe's hands for the decisions: a HandValues for
// each up card, made as asked for and kept, and the run's plans.
type shoeValues struct {
	r     solve.Rules
	left  [10]int
	hands map[solve.Rank]*solve.HandValues
	plans *plans
}

// plans are a run's hand plans for each up card's two-card hard hands of
// its decisions and the hands they reach (solve.HandPlan), and a pair
// plan for each pair it splits (solve.PairPlan), made as asked for: made
// once a run, they serve every shoe. They are safe for concurrent use.
type plans struct {
	r     solve.Rules
	hands map[solve.Rank]*solve.HandPlan
	mu    sync.Mutex
	pairs map[solve.Rank]*solve.PairPlan
}

// newPlans plans the decisions' hard hands.
func newPlans(r solve.Rules, decisions []Decision) *plans {
	hands := map[solve.Rank][][10]uint8{}
	for _, d := range decisions {
		if d.Unsolved || d.Table == "insurance" || d.Table == "pair" {
			continue
		}
		for _, ab := range hardPairs(d.Hand) {
			var hand [10]uint8
			hand[ab[0]-1]++
			hand[ab[1]-1]++
			hands[d.Up] = append(hands[d.Up], hand)
		}
	}
	p := &plans{r: r, hands: map[solve.Rank]*solve.HandPlan{}, pairs: map[solve.Rank]*solve.PairPlan{}}
	for up, hs := range hands {
		p.hands[up] = solve.NewHandPlan(r, up, hs...)
	}
	return p
}

// pair returns the plan of pair c, made at the first call.
func (p *plans) pair(c solve.Rank) (*solve.PairPlan, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q := p.pairs[c]; q != nil {
		return q, nil
	}
	q, err := solve.NewPairPlan(p.r, c)
	if err != nil {
		return nil, err
	}
	p.pairs[c] = q
	return q, nil
}

// valuesFor returns the values of a shoe's hands, the plans' hands
// prepared in one pass of the dealer's contraction for each up card
// (none without plans).
func valuesFor(r solve.Rules, left [10]int, p *plans) *shoeValues {
	if p == nil {
		p = newPlans(r, nil)
	}
	v := &shoeValues{r: r, left: left, hands: map[solve.Rank]*solve.HandValues{}, plans: p}
	for up, hp := range p.hands {
		if left[up-1] > 0 {
			v.hand(up).PrepareFrom(hp)
		}
	}
	return v
}

// hand returns the hands' values against up.
func (v *shoeValues) hand(up solve.Rank) *solve.HandValues {
	s := v.hands[up]
	if s == nil {
		s = solve.NewHandValues(v.r, v.left, up)
		v.hands[up] = s
	}
	return s
}

// pairPlays returns W of standing on the pair c,c and of splitting it
// against up (solve.PairPlays), on the pair's plan.
func (v *shoeValues) pairPlays(c, up solve.Rank) (stand, split float64, err error) {
	p, err := v.plans.pair(c)
	if err != nil {
		return 0, 0, err
	}
	return p.Plays(solve.Shoe{Counts: v.left}, up)
}

// hardPairs are the two-card hands of a hard-total row ("9".."16"), each
// once as ranks a < b: pairs play as pairs, not as totals. The slice is
// shared: the caller must not change it.
func hardPairs(row string) [][2]int {
	total, _ := strconv.Atoi(row)
	byTotal := hardPairsOf()
	if total < 0 || total >= len(byTotal) {
		return nil
	}
	return byTotal[total]
}

// hardPairsOf holds hardPairs by total, made when first asked for: the
// control shoes ask for them millions of times.
var hardPairsOf = sync.OnceValue(func() *[21][][2]int {
	var out [21][][2]int
	for total := range out {
		for a := 2; a <= 10; a++ {
			if b := total - a; b > a && b <= 10 {
				out[total] = append(out[total], [2]int{a, b})
			}
		}
	}
	return &out
})

// playGain is a two-card hand's gain from the decision's play over its
// base.
func playGain(s *solve.HandValues, hand [10]uint8, d Decision) float64 {
	stand, hit, double, surrender := s.Plays(hand)
	w := func(play string) float64 {
		switch play {
		case "stand":
			return stand
		case "hit":
			return hit
		case "double":
			return double
		case "surrender":
			return surrender
		}
		return max(stand, hit) // "play": the better of the two
	}
	return w(d.Play) - w(d.Base)
}

// square returns a zero k x k matrix.
func square(k int) [][]float64 {
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, k)
	}
	return m
}

// invert returns the inverse of the square matrix m (Gauss-Jordan with
// partial pivoting; m is left changed), or false if it is singular.
func invert(m [][]float64) ([][]float64, bool) {
	k := len(m)
	inv := square(k)
	for i := range k {
		inv[i][i] = 1
	}
	for col := range k {
		p := col
		for r := col + 1; r < k; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[p][col]) {
				p = r
			}
		}
		if m[p][col] == 0 {
			return nil, false
		}
		m[col], m[p] = m[p], m[col]
		inv[col], inv[p] = inv[p], inv[col]
		d := m[col][col]
		for j := range k {
			m[col][j] /= d
			inv[col][j] /= d
		}
		for r := range k {
			if r != col && m[r][col] != 0 {
				f := m[r][col]
				for j := range k {
					m[r][j] -= f * m[col][j]
					inv[r][j] -= f * inv[col][j]
				}
			}
		}
	}
	return inv, true
}

// ParseSystem reads a count: a built-in one's name (Systems) or custom
// tags "A=-1,2=1,3=1,4=1,5=1,6=1,T=-1" (ranks A, 2..9, T or 10, each at
// most once, tags -9..9 in steps of 1/2; ranks left out tag 0).
func ParseSystem(s string) (System, error) {
	if sys, ok := Systems[param.Name(s)]; ok {
		return sys, nil
	}
	if !strings.Contains(s, "=") {
		return System{}, fmt.Errorf("want a built-in count (%s) or tags such as \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\"",
			strings.Join(slices.Sorted(maps.Keys(Systems)), ", "))
	}
	sys := System{Name: "custom"}
	var seen [11]bool
	for _, f := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(f), "=")
		r, err := solve.ParseRank(strings.TrimSpace(k))
		tag, err2 := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || err2 != nil || tag < -9 || tag > 9 || tag*2 != math.Trunc(tag*2) {
			return System{}, fmt.Errorf("tag %q: want RANK=TAG, a rank A, 2..9 or T and a tag from -9 to 9 in halves, e.g. 2=1 or 7=0.5", f)
		}
		if seen[r] {
			return System{}, fmt.Errorf("tag %q: rank %v tagged twice", f, r)
		}
		seen[r] = true
		sys.Tags[r] = tag
	}
	return sys, nil
}

// A Rounding turns an index's crossing into the integer a player
// memorises.
type Rounding int

const (
	Nearest  Rounding = iota // to the nearest integer, halves away from zero
	Floor                    // down: +2.7 is +2, -2.3 is -3
	Truncate                 // toward zero: +2.7 is +2, -2.3 is -2
)

// Roundings lists the conventions by name, as --round takes them.
var Roundings = []string{"nearest", "floor", "truncate"}

// ParseRounding reads a convention's name.
func ParseRounding(s string) (Rounding, error) {
	for i, name := range Roundings {
		if s == name {
			return Rounding(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rounding %q; want nearest, floor or truncate", s)
}

func (r Rounding) String() string { return Roundings[r] }

// Settled is how many standard errors either side of a crossing the
// integer index must hold for the shoes to settle it: the crossing's 95%
// interval (Between).
const Settled = 1.96

// Between returns the integers the rounding makes of the counts within
// Settled standard errors of a crossing x: lo = hi when the shoes settle
// the integer; otherwise it is lo or a neighbour up to hi, and a second
// seed may well print another, so a report prints the range ("+3/+4"),
// not a coin flip.
func (r Rounding) Between(x, se float64) (lo, hi int) {
	return r.Round(x - Settled*se), r.Round(x + Settled*se)
}

// Round returns the integer index of a crossing x.
func (r Rounding) Round(x float64) int {
	switch r {
	case Floor:
		return int(math.Floor(x))
	case Truncate:
		return int(math.Trunc(x))
	}
	return int(math.Round(x))
}

// HasIndex reports whether a run gives the decision an index: a
// crossing, neither a play that never overtakes the basic one nor a
// crossing the shoes cannot place.
func (x Index) HasIndex() bool { return !x.Never && x.NotEstimable == "" && !math.IsNaN(x.Index) }

// Reliable reports whether an index is known well enough to memorise: fitted
// on at least minShoes shoes and within a point of the count (one standard
// error; running counts: a point per deck), the test AllCells applies.
func (x Index) Reliable(r solve.Rules, sys System) bool {
	scale := 1.0
	if !sys.Balanced() {
		scale = float64(r.Decks)
	}
	return !math.IsNaN(x.Index) && x.Shoes >= minShoes && x.SE <= scale
}

// ParseSet reads a set of decisions as 'indices --set' takes it: i18,
// fab4, both (i18,fab4) or all (every cell: decisions nil), a set named
// twice counted once. It returns the sets named and their decisions.
func ParseSet(s string) (sets []string, decisions []Decision, err error) {
	for _, set := range strings.Split(param.Name(s), ",") {
		if !slices.Contains(sets, set) { // i18,i18 is i18
			sets = append(sets, set)
		}
	}
	for _, set := range sets {
		switch set {
		case "i18":
			decisions = append(decisions, I18...)
		case "fab4":
			decisions = append(decisions, Fab4...)
		case "all":
			if len(sets) > 1 {
				return nil, nil, fmt.Errorf("all is every cell already; give it alone")
			}
		default:
			return nil, nil, fmt.Errorf("want i18, fab4, i18,fab4 or all")
		}
	}
	return sets, decisions, nil
}

// CheckGame reports whether a game has index plays: a finite shoe of
// 52-card decks, what counts and true counts are defined on.
func CheckGame(r solve.Rules) error {
	switch {
	case r.Infinite():
		return fmt.Errorf("indices with an infinite deck: there is nothing to count")
	case r.FullShoe() != solve.NewShoe(r.Decks):
		return fmt.Errorf("counts and their true counts are defined on 52-card decks; %s deals others", r)
	}
	return nil
}

// CheckSets reports whether a game has the sets' decisions: the Fab 4
// need late surrender. The message follows the sets' name.
func CheckSets(r solve.Rules, sets []string) error {
	if r.Surrender != solve.LateSurrender && slices.Contains(sets, "fab4") {
		return fmt.Errorf("needs late surrender (LS): the Fab 4 are surrender indices")
	}
	return nil
}

// DefaultSet is the index set computed when none is named: the I18, with
// the Fab 4 where the rules offer late surrender (the Fab 4 are
// late-surrender indices). The command line and the page both take it.
func DefaultSet(r solve.Rules) string {
	if r.Surrender == solve.LateSurrender {
		return "i18,fab4"
	}
	return "i18"
}

// MaxIndex bounds an index read from a file: a true count beyond ±50 is
// never reached at a decision, so such an index is a mistake.
const MaxIndex = 50

// Check reports what is wrong with a decision read from outside the
// program (an indices file): its table, hand, up card and plays must be
// ones the index sets use. The messages say what is allowed.
func (d Decision) Check() error {
	plays := map[string]bool{"hit": true, "stand": true, "double": true, "split": true}
	if d.Up < 1 || d.Up > 10 {
		return fmt.Errorf("up card %d: want 2 to 9, T or A", d.Up)
	}
	switch d.Table {
	case "insurance":
		if d.Hand != "insurance" || d.Up != 1 || d.Base != "no-insurance" || d.Play != "insure" {
			return fmt.Errorf("an insurance index is hand \"insurance\" against an A, base \"no-insurance\", play \"insure\"")
		}
		return nil
	case "surrender":
		if d.Base != "play" || d.Play != "surrender" {
			return fmt.Errorf("a surrender index has base \"play\" and play \"surrender\"; got %q and %q", d.Base, d.Play)
		}
		if n, err := strconv.Atoi(d.Hand); err != nil || n < 4 || n > 20 {
			return fmt.Errorf("hand %q: a surrender index's hand is a hard total, 4 to 20", d.Hand)
		}
	case "hard":
		if n, err := strconv.Atoi(d.Hand); err != nil || n < 4 || n > 21 || strconv.Itoa(n) != d.Hand {
			return fmt.Errorf("hand %q: a hard hand is a total, 4 to 21", d.Hand)
		}
	case "soft":
		if r, err := solve.ParseRank(strings.TrimPrefix(d.Hand, "A")); len(d.Hand) != 2 || d.Hand[0] != 'A' || err != nil || r == 1 {
			return fmt.Errorf("hand %q: a soft hand is A2 to A9 (or AT)", d.Hand)
		}
	case "pair":
		if r, err := solve.ParseRank(d.Hand[:min(1, len(d.Hand))]); len(d.Hand) != 2 || d.Hand[0] != d.Hand[1] || err != nil || solve.Rank(r).String() != d.Hand[:1] {
			return fmt.Errorf("hand %q: a pair is two equal cards, 22 to TT or AA", d.Hand)
		}
	default:
		return fmt.Errorf("table %q: want hard, soft, pair, surrender or insurance", d.Table)
	}
	if d.Table != "surrender" {
		if !plays[d.Base] || !plays[d.Play] || d.Base == d.Play {
			return fmt.Errorf("base %q, play %q: want two different plays of hit, stand, double and split", d.Base, d.Play)
		}
		if d.Table != "pair" && (d.Base == "split" || d.Play == "split") {
			return fmt.Errorf("a %s hand cannot split", d.Table)
		}
	}
	return nil
}
