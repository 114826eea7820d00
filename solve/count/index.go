// Package count computes card-counting index plays exactly at their core:
// the EVs of the plays that an index decides between are computed
// exactly on real depleted shoes, sampled by dealing shuffled shoes, and
// the index is where their average difference crosses zero as a function
// of the count.
package count

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	// Seed 001 (Itoh 2023), tables 4 and 5.
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
	// Progress, if not nil, is called once per shoe valued, from any
	// goroutine.
	Progress func()
	// Stop, if not nil, stops the computation when closed: no shoe is
	// started after it, and the computation returns ErrStopped.
	Stop <-chan struct{}
}

// ErrStopped is the error of a computation stopped by Options.Stop.
var ErrStopped = errors.New("count: stopped before the end")

// An Index is a decision's crossing.
type Index struct {
	Decision
	Index   float64 // the true count where the play's average gain crosses zero; NaN if none
	SE      float64
	Rounded int // the integer a player memorises: Index rounded to nearest
	Shoes   int // sampled shoes within the fit's window
}

// sample is one shoe: its true count and each decision's gain (nil for a
// shoe left out).
type sample struct {
	tc    float64
	dealt float64 // the fraction of the shoe dealt
	gain  []float64
}

// Compute finds each decision's index for the rules (a finite shoe) and
// count.
func Compute(r solve.Rules, sys System, decisions []Decision, opt Options) ([]Index, error) {
	if err := check(r, opt); err != nil {
		return nil, err
	}
	samples, err := sampleShoes(r, sys, opt, func(left [10]int, n int) []float64 {
		gains := make([]float64, len(decisions))
		evs := map[solve.Rank]*solve.HandValues{}
		for k, d := range decisions {
			if !d.Unsolved {
				gains[k] = gain(r, d, left, n, evs)
			}
		}
		return gains
	})
	if err != nil {
		return nil, err
	}
	out := make([]Index, len(decisions))
	for k, d := range decisions {
		out[k] = Index{Decision: d, Index: math.NaN(), SE: math.NaN()}
		if !d.Unsolved {
			out[k].fit(r, sys, samples, k)
		}
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

// fit sets the index from gain k of the samples: where its least-squares
// line on the count crosses zero. It returns the line's slope.
func (x *Index) fit(r solve.Rules, sys System, samples []sample, k int) float64 {
	var xs, ys, zs []float64
	for _, s := range samples {
		if s.gain != nil { // nil: a shoe left out
			xs, ys, zs = append(xs, s.tc), append(ys, s.gain[k]), append(zs, s.dealt)
		}
	}
	scale := 1.0 // the fit's windows, in true counts; running counts spread over the decks
	if sys.Balanced() {
		zs = nil
	} else {
		scale = float64(r.Decks)
	}
	idx, se, slope, n := crossing(xs, ys, zs, scale)
	x.Index, x.SE, x.Shoes = idx, se, n
	if !math.IsNaN(idx) {
		x.Rounded = int(math.Round(idx))
	}
	return slope
}

// sampleShoes deals opt.Shoes shoes, on every core, and values each with
// gains (its unseen cards and their number); ErrStopped if opt.Stop closes
// first.
func sampleShoes(r solve.Rules, sys System, opt Options, gains func(left [10]int, n int) []float64) ([]sample, error) {
	full := r.FullShoe()
	total := float64(full.Total())
	samples := make([]sample, opt.Shoes)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				left, n, c := dealShoe(r, sys, full.Counts, opt, i)
				samples[i] = sample{tc: c, dealt: 1 - float64(n)/total, gain: gains(left, n)}
				if opt.Progress != nil {
					opt.Progress()
				}
			}
		}()
	}
	defer wg.Wait()
	defer close(next)
	for i := range opt.Shoes {
		select {
		case next <- i:
		case <-opt.Stop: // a nil Stop never closes
			return nil, ErrStopped
		}
	}
	return samples, nil
}

// dealShoe deals shoe i to a random depth and returns the cards left,
// their number and the count.
func dealShoe(r solve.Rules, sys System, full [10]int, opt Options, i int) (left [10]int, n int, c float64) {
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(i)))
	var cards []uint8
	for rank, n := range full {
		for range n {
			cards = append(cards, uint8(rank+1))
		}
	}
	rng.Shuffle(len(cards), func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
	depth := rng.IntN(int(opt.Penetration * float64(len(cards))))
	left = full
	rc := 0.0
	for _, c := range cards[:depth] {
		left[c-1]--
		rc += sys.Tags[c]
	}
	n = len(cards) - depth
	c = rc * 52 / float64(n) // the true count
	if !sys.Balanced() {
		c = sys.IRC(r.Decks) + rc // the running count
	}
	return left, n, c
}

// gain returns the decision's expected gain per round on the shoe left:
// the play's W less the base's, over the hands it decides, each weighed
// by how likely it is to be dealt with that up card.
func gain(r solve.Rules, d Decision, left [10]int, n int, evs map[solve.Rank]*solve.HandValues) float64 {
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
		stand, split, err := solve.PairPlays(r, solve.Shoe{Counts: left}, solve.Rank(c), d.Up)
		if err != nil {
			return 0
		}
		return pUp * p * (split - stand)
	}
	s := evs[d.Up]
	if s == nil {
		s = solve.NewHandValues(r, left, d.Up)
		evs[d.Up] = s
	}
	total, _ := strconv.Atoi(d.Hand) // a hard total: the decisions' hands are rows "9".."16"
	g := 0.0
	m := left
	m[d.Up-1]--
	rest := n - 1
	for a := 2; a <= 10; a++ {
		b := total - a
		if b < a || b > 10 || a == b { // each hand once, pairs play as pairs
			continue
		}
		p := 2 * float64(m[a-1]) * float64(m[b-1]) / float64(rest) / float64(rest-1)
		if p == 0 {
			continue
		}
		var hand [10]uint8
		hand[a-1]++
		hand[b-1]++
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
		g += pUp * p * (w(d.Play) - w(d.Base))
	}
	return g
}

// crossing fits gain = a + b count by least squares over the shoes near
// the crossing (a first fit over true counts -8..+8, then a window of 4
// either side of its crossing; for running counts, windows scale times as
// wide around the counts' median) and returns -a/b with its standard error
// (the delta method on the fit's covariance), the line's slope and the
// shoes behind it.
//
// A running count means different shoes at different depths (an
// unbalanced count drifts as the shoe is dealt), so with zs, the fraction
// of each shoe dealt, the fit holds the depth fixed: gain = a + b count +
// c (z - z0), z0 the median depth, and -a/b is the crossing for a shoe
// dealt that far.
func crossing(xs, ys, zs []float64, scale float64) (idx, se, slope float64, shoes int) {
	z0 := 0.0
	if zs != nil {
		z0 = median(zs)
	}
	// fit returns the coefficients (a, b) and their covariance.
	fit := func(lo, hi float64) (a, b, va, vb, cab float64, n int) {
		k := 2
		if zs != nil {
			k = 3
		}
		var xtx [3][3]float64
		var xty [3]float64
		row := func(i int) [3]float64 {
			r := [3]float64{1, xs[i], 0}
			if zs != nil {
				r[2] = zs[i] - z0
			}
			return r
		}
		for i, x := range xs {
			if x < lo || x > hi {
				continue
			}
			n++
			r := row(i)
			for p := 0; p < k; p++ {
				xty[p] += r[p] * ys[i]
				for q := 0; q < k; q++ {
					xtx[p][q] += r[p] * r[q]
				}
			}
		}
		if n < 10 {
			return math.NaN(), math.NaN(), 0, 0, 0, n
		}
		inv, ok := invert(xtx, k)
		if !ok {
			return math.NaN(), math.NaN(), 0, 0, 0, n
		}
		var beta [3]float64
		for p := 0; p < k; p++ {
			for q := 0; q < k; q++ {
				beta[p] += inv[p][q] * xty[q]
			}
		}
		var rss float64
		for i, x := range xs {
			if x >= lo && x <= hi {
				r := row(i)
				e := ys[i] - beta[0] - beta[1]*r[1] - beta[2]*r[2]
				rss += e * e
			}
		}
		s2 := rss / float64(n-k)
		return beta[0], beta[1], s2 * inv[0][0], s2 * inv[1][1], s2 * inv[0][1], n
	}
	lo, hi := -8*scale, 8*scale
	if scale != 1 { // a running count: around its own middle
		mid := median(xs)
		lo, hi = mid-8*scale, mid+8*scale
	}
	a, b, _, _, _, _ := fit(lo, hi)
	if math.IsNaN(a) || b == 0 || math.IsNaN(b) {
		return math.NaN(), math.NaN(), 0, 0
	}
	c0 := max(lo, min(hi, -a/b))
	a, b, va, vb, cab, n := fit(c0-4*scale, c0+4*scale)
	if math.IsNaN(a) || b == 0 {
		return math.NaN(), math.NaN(), 0, n
	}
	idx = -a / b
	v := (va + idx*idx*vb + 2*idx*cab) / (b * b)
	return idx, math.Sqrt(max(0, v)), b, n
}

// invert returns the inverse of the leading k x k block of m (Gauss-Jordan
// with partial pivoting), or false if it is singular.
func invert(m [3][3]float64, k int) ([3][3]float64, bool) {
	var inv [3][3]float64
	for i := 0; i < k; i++ {
		inv[i][i] = 1
	}
	for col := 0; col < k; col++ {
		p := col
		for r := col + 1; r < k; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[p][col]) {
				p = r
			}
		}
		if m[p][col] == 0 {
			return inv, false
		}
		m[col], m[p] = m[p], m[col]
		inv[col], inv[p] = inv[p], inv[col]
		d := m[col][col]
		for j := 0; j < k; j++ {
			m[col][j] /= d
			inv[col][j] /= d
		}
		for r := 0; r < k; r++ {
			if r != col && m[r][col] != 0 {
				f := m[r][col]
				for j := 0; j < k; j++ {
					m[r][j] -= f * m[col][j]
					inv[r][j] -= f * inv[col][j]
				}
			}
		}
	}
	return inv, true
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// ParseSystem reads a count: a built-in one's name (Systems) or custom
// tags "A=-1,2=1,3=1,4=1,5=1,6=1,T=-1" (ranks A, 2..9, T or 10, each at
// most once, tags -9..9 in steps of 1/2; ranks left out tag 0).
func ParseSystem(s string) (System, error) {
	if sys, ok := Systems[s]; ok {
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
	for _, set := range strings.Split(s, ",") {
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
