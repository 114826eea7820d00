package side

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	bjcount "bjchart/solve/count"
	"bjchart/solve/param"
)

// DefaultPenetration is the share of the shoe dealt before the shuffle
// when a request names none: the simulator's (sim.DefaultPenetration).
const DefaultPenetration = 0.75

// DefaultTriggerShoes is the shoes a trigger samples when a request names
// none: about a second on two cores for 21+3 at six decks, for an SE near
// a twentieth of a true count at its trigger near +9, where fewer than
// one shoe in a hundred lies.
const DefaultTriggerShoes = 1_000_000

// MaxTriggerShoes bounds a trigger's shoes: each is held (16 bytes) until
// the fit.
const MaxTriggerShoes = 10_000_000

// A TriggerRequest asks at what true count of a count's tags a side bet
// turns in the player's favour: shoes dealt to a random depth, the bet
// valued exactly on each, and a line fitted to the values by the true
// count. DefaultTriggerRequest holds its defaults.
type TriggerRequest struct {
	Bet         string  // a bet on the first cards (Bets; not buster)
	Pays        string  // one of the bet's tables by name, or "outcome:pays,..."; "" is its first
	Decks       int     // decks of the shoe, 1 to MaxDecks
	Penetration float64 // shoes are dealt to a depth uniform below this share of the shoe
	Shoes       int     // shoes sampled, 100 to MaxTriggerShoes
	Seed        uint64
	// Tags is the count: tags "A=1,2=0,...,T=-1" (ranks left out tag 0)
	// or a built-in count's name (hilo, ...); "" is the bet's own, from
	// its effects of removal (Effects.Tags).
	Tags string
}

// DefaultTriggerRequest is 21+3 on its first table (100-40-30-10-5) from
// six decks dealt to below 75%, a million shoes, seed 1, counted with its
// own tags.
func DefaultTriggerRequest() TriggerRequest {
	return TriggerRequest{Bet: "21+3", Decks: 6, Penetration: DefaultPenetration, Shoes: DefaultTriggerShoes, Seed: 1}
}

// Params adds the request's fields to s.
func (q *TriggerRequest) Params(s *param.Set) {
	s.Enum(&q.Bet, "bet", "the side bet: %s", countableBetNames()...)
	s.String(&q.Pays, "pays", "the pay table: one of the bet's by name, or outcome:pays,... (pays to 1)")
	s.Int(&q.Decks, "decks", fmt.Sprintf("decks of the shoe, 1 to %d", MaxDecks))
	countParams(s, &q.Penetration, &q.Seed, &q.Tags)
	s.Int(&q.Shoes, "shoes", fmt.Sprintf("depleted shoes sampled, 100 to %d (more: a smaller SE, longer)", MaxTriggerShoes))
}

// countParams adds the fields a trigger and a counter's simulation share.
func countParams(s *param.Set, pen *float64, seed *uint64, tags *string) {
	s.Percent(pen, "penetration", "how much of the shoe is dealt before the shuffle, e.g. 75%")
	s.Uint64(seed, "seed", "seed of the shuffles; the same seed gives the same result on any machine")
	s.String(tags, "tags", "the count: tags \"A=1,2=0,...,T=-1\" (ranks left out tag 0) or a built-in count (hilo, ...); empty: the bet's own tags, from its effects of removal")
}

// countableBetNames are the bets a count is worked out for: those settled on
// the first cards.
func countableBetNames() []string {
	var names []string
	for _, b := range betList {
		if !b.dealer {
			names = append(names, b.Name)
		}
	}
	return names
}

// A Count is the count a counter keeps: a tag for each rank, added as
// each card is seen; the true count is the running count over the decks
// left, counted exactly (cards left / 52), the count being balanced first
// (TrueCount).
type Count struct {
	Name string      // "custom", a built-in count's name, or "own" (the bet's)
	Tags [10]float64 // by rank, A, 2..9, T
	// Effects are the bet's effects of removal on the full shoe, whose
	// Tags are the bet's own count.
	Effects *Effects
}

// String writes the tags as the tags field takes them.
func (c Count) String() string {
	var parts []string
	for g, x := range c.Tags {
		parts = append(parts, fmt.Sprintf("%s=%g", groupNames[g], x))
	}
	return strings.Join(parts, ",")
}

// PerDeck returns the tags' sum over a deck: 0 for a balanced count.
func (c Count) PerDeck() float64 {
	s := 0.0
	for g, x := range c.Tags {
		s += x * float64(fullGroup(g, 1))
	}
	return s
}

// TrueCount returns the true count of a running count rc (the tags of the
// cards dealt, from 0) when dealt cards are dealt and left are left:
//
//	(rc - dealt·PerDeck/52) / (left/52)
//
// the true count of the balanced count whose tags are these less their
// mean. For a balanced count it is rc over the decks left. An unbalanced
// one (a bet's own tags are often so: 21+3's lose -12 a deck, their
// tens' small effect rounded to 0) would otherwise drift with the depth
// dealt, not with the edge. At the table the counter starts the running
// count at -decks·PerDeck, so that it ends the shoe at 0, and adds PerDeck
// to its quotient by the decks left: the same number.
func (c Count) TrueCount(rc float64, dealt, left int) float64 {
	return (rc - float64(dealt)*c.PerDeck()/52) / (float64(left) / 52)
}

// A TriggerJob is a checked TriggerRequest.
type TriggerJob struct {
	Bet         *Bet
	Table       Table
	Decks       int
	Penetration float64
	Shoes       int
	Seed        uint64
	Count       Count
	v           *valuer
}

// Check reads the request's bet, table and count. Its errors name the
// field (*param.Error).
func (q TriggerRequest) Check() (TriggerJob, error) {
	if q.Decks < 1 || q.Decks > MaxDecks {
		return TriggerJob{}, param.NumberErrorf("decks", q.Decks, "want 1 to %d", MaxDecks)
	}
	b, t, c, v, err := checkCount(q.Bet, q.Pays, q.Decks, q.Tags)
	if err != nil {
		return TriggerJob{}, err
	}
	if !(q.Penetration > 0 && q.Penetration < 1) {
		return TriggerJob{}, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 75%%")
	}
	if q.Shoes < 100 || q.Shoes > MaxTriggerShoes {
		return TriggerJob{}, param.NumberErrorf("shoes", q.Shoes, "want 100 to %d", MaxTriggerShoes)
	}
	return TriggerJob{Bet: b, Table: t, Decks: q.Decks, Penetration: q.Penetration, Shoes: q.Shoes, Seed: q.Seed, Count: c, v: v}, nil
}

// Validate reports what is wrong with the request, or nil.
func (q TriggerRequest) Validate() error {
	_, err := q.Check()
	return err
}

// checkCount reads a bet, its table and a count of decks decks: the
// fields a trigger and a counter's simulation share.
func checkCount(bet, pays string, decks int, tags string) (*Bet, Table, Count, *valuer, error) {
	b, err := LookupBet(bet)
	if err != nil {
		return nil, Table{}, Count{}, nil, param.Errorf("bet", bet, "want %s", orList(countableBetNames()))
	}
	if b.dealer {
		return nil, Table{}, Count{}, nil, param.Errorf("bet", bet, "%s is settled on the dealer's whole hand; a count is worked out for bets on the first cards (%s; perfect-pairs and match-the-dealer with {tags}, having no count of their own)", b.Name, orList(countableBetNames()))
	}
	t, err := ParseTable(b, pays)
	if err == nil {
		err = oneBet(b, t)
	}
	if err != nil {
		return nil, Table{}, Count{}, nil, &param.Error{Name: "pays", Input: err.Error()}
	}
	// Three to eleven exact valuations: milliseconds (Lucky Ladies, whose
	// full shoe is counted suited, some 30).
	e, err := RemovalEffects(context.Background(), b, t, decks, Rules{}, nil)
	if err != nil {
		return nil, Table{}, Count{}, nil, err
	}
	c := Count{Name: "own", Effects: e}
	if tags == "" {
		if e.Level == 0 {
			return nil, Table{}, Count{}, nil, param.Fieldf("tags", "%s has no effects of removal by rank (removing a card of any rank, its suit unknown, leaves its value as it was), so no count of its own: give {tags} a count to try (hilo, or tags such as A=1,T=-1)", b.Name)
		}
		for g, x := range e.Tags {
			c.Tags[g] = float64(x)
		}
	} else {
		for _, f := range strings.Split(strings.ToUpper(tags), ",") {
			if rank, _, ok := strings.Cut(strings.TrimSpace(f), "="); ok && (rank == "J" || rank == "Q" || rank == "K") {
				return nil, Table{}, Count{}, nil, param.Errorf("tags", tags, "%s: a count here tags ranks A, 2..9 and T, a ten-valued card whatever its rank; J, Q and K are not counted apart", rank)
			}
		}
		sys, err := bjcount.ParseSystem(tags)
		if err != nil {
			return nil, Table{}, Count{}, nil, param.Errorf("tags", tags, "%v", err)
		}
		c.Name = sys.Name
		copy(c.Tags[:], sys.Tags[1:])
		if c.Tags == [10]float64{} {
			return nil, Table{}, Count{}, nil, param.Errorf("tags", tags, "every tag is 0: the count never moves")
		}
	}
	v, err := newValuer(b, t, decks)
	if err != nil {
		return nil, Table{}, Count{}, nil, err
	}
	return b, t, c, v, nil
}

// A Trigger is a count's trigger for a side bet: its value on sampled
// shoes by true count, a line fitted to them and where it crosses 0.
//
// Each shoe is a full suited shoe, shuffled and dealt to a depth uniform
// below the penetration; the count is the tags of the cards dealt, the
// true count that over the decks left (cards left / 52, exactly). The
// bet's value is its exact EV on the shoe left known by rank only
// (RankShoe: the dealt cards' suits and ten-valued ranks unknown): what
// a counter who sees and counts ranks can expect. A shuffled shoe makes
// every removal with the dealt ranks equally likely, so that EV is the
// expectation, over the suits the counter did not track, of the EV of
// the suited shoe left; a counter of suits would need another count.
type Trigger struct {
	TriggerJob
	FullEV float64 // the bet's EV on the full shoe, in bets
	// Bins are the shoes by true count, a bin a count from Lo (included)
	// to Lo+1, from the lowest count sampled to the highest.
	Bins []TriggerBin
	// Line is the least-squares line over every shoe: the bet's edge
	// near the count of 0 and how it grows a true count. EV is not linear
	// in the count far from 0 (it curves up: uneven depletion makes pairs
	// and trips likelier whatever the count), so the trigger has its own
	// line, Local, fitted near it.
	Line Fit
	// Local is the line fitted to the shoes within TriggerWindow of the
	// trigger, and TC where it crosses 0 (NaN if it does not), SE its
	// standard error by the delta method on Local.Cov.
	Local  Fit
	TC, SE float64
	// BinTC is the first bin, upward, whose mean EV is above 0 (its Lo),
	// of bins of at least MinBinShoes shoes; NaN if none.
	BinTC float64
	// Above is the share of the shoes at a true count of TC or more, and
	// AboveEV their mean EV: how often and how much a counter betting
	// from TC plays, per shoe state (not per round).
	Above, AboveEV float64
	// Depths are the bins again, the shoes broken down by how deep they
	// were dealt: DepthBands bands of the penetration, the shallowest
	// first: the bet's EV over the true count and the depth.
	Depths []TriggerDepth
}

// DepthBands is the number of depth bands a trigger's shoes are broken
// down into (Trigger.Depths).
const DepthBands = 6

// A TriggerDepth is the shoes dealt from From to To of the shoe (fractions
// of its cards), by true count as Trigger.Bins (bins without a shoe left
// out).
type TriggerDepth struct {
	From, To float64
	Bins     []TriggerBin
}

// MinBinShoes is the fewest shoes a bin needs to place BinTC.
const MinBinShoes = 100

// TriggerWindow is how far either side of the trigger the shoes of its
// line lie, in true counts.
const TriggerWindow = 2

// A TriggerBin is the shoes whose true count is from Lo to Lo+1.
type TriggerBin struct {
	Lo    float64
	Shoes int
	Mean  float64 // mean EV, in bets
	SE    float64 // of Mean: the EVs' standard deviation over √Shoes
	TC    float64 // the shoes' mean true count
}

// A point is a sampled shoe: its true count, the bet's EV on it and the
// share of the shoe dealt.
type point struct{ tc, ev, depth float64 }

// Run samples the shoes, on every core, and fits the line; progress, when
// not nil, is told as each shoe is valued. The context's error if ctx
// ends first (within milliseconds).
func (j TriggerJob) Run(ctx context.Context, progress func(done, total int64)) (*Trigger, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pts := make([]point, j.Shoes)
	tell := &teller{total: int64(j.Shoes), progress: progress}
	err := onCores(ctx, j.Shoes, 256, func(i int) {
		pts[i] = j.sample(i)
		tell.tell()
	})
	if err != nil {
		return nil, err
	}
	return j.fit(pts), nil
}

// sample deals shoe i of the run, from its own stream of the seed, and
// values the bet on it.
func (j TriggerJob) sample(i int) point {
	rng := rand.New(rand.NewPCG(j.Seed, uint64(i)))
	cards := physicalShoe(j.Decks)
	n := len(cards)
	depth := min(rng.IntN(int(j.Penetration*float64(n))), n-j.v.k)
	left := j.v.full
	rc := 0.0
	// The first depth cards of a shuffle, drawn one by one (a partial
	// Fisher-Yates shuffle): the rest of the shoe is never looked at.
	for d := range depth {
		x := d + rng.IntN(n-d)
		cards[d], cards[x] = cards[x], cards[d]
		g := cards[d].group()
		left[g]--
		rc += j.Count.Tags[g]
	}
	return point{tc: j.Count.TrueCount(rc, depth, n-depth), ev: j.v.value(left), depth: float64(depth) / float64(n)}
}

// physicalShoe returns the cards of a full shoe of decks decks, in order.
func physicalShoe(decks int) []Card {
	cards := make([]Card, 0, decks*NumKinds)
	for range decks {
		for c := range NumKinds {
			cards = append(cards, Card(c))
		}
	}
	return cards
}

// fit bins the points, fits the line and finds the crossings.
func (j TriggerJob) fit(pts []point) *Trigger {
	tr := &Trigger{TriggerJob: j, FullEV: j.v.ev, TC: math.NaN(), SE: math.NaN(), BinTC: math.NaN()}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		lo, hi = min(lo, math.Floor(p.tc)), max(hi, math.Floor(p.tc))
	}
	tr.Bins = countBins(pts, lo, hi, func(point) bool { return true })
	for _, tb := range tr.Bins {
		if math.IsNaN(tr.BinTC) && tb.Shoes >= MinBinShoes && tb.Mean > 0 && rising(tr.FullEV, tb.Lo) {
			tr.BinTC = tb.Lo
		}
	}
	for band := range DepthBands {
		from, to := j.Penetration*float64(band)/DepthBands, j.Penetration*float64(band+1)/DepthBands
		in := func(p point) bool { return p.depth >= from && (p.depth < to || band == DepthBands-1) }
		tr.Depths = append(tr.Depths, TriggerDepth{From: from, To: to, Bins: countBins(pts, lo, hi, in)})
	}
	tr.Line = olsFit(pts, lo, hi+1)
	// The trigger's line: the shoes within TriggerWindow of the crossing,
	// refitted until the crossing stays put. It starts from the middle of
	// the first bin, upward from the full shoe's count, of a line's shoes
	// whose mean is above 0, or the whole line's crossing. (Far below 0
	// the deep, nearly spent shoes show edges of either sign: the trigger
	// is the crossing on the side where the count's edge rises.)
	x := tr.Line.Crossing()
	for _, b := range tr.Bins {
		if b.Shoes >= MinLineShoes && b.Mean > 0 && rising(tr.FullEV, b.Lo) {
			x = b.Lo + 0.5
			break
		}
	}
	for range 100 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			break
		}
		f := olsFit(pts, x-TriggerWindow, x+TriggerWindow)
		tr.Local = f
		next := f.Crossing()
		if math.Abs(next-x) < 1e-9 {
			break
		}
		x = next
	}
	tr.TC, tr.SE = tr.Local.Crossing(), tr.Local.CrossingSE()
	if tr.FullEV < 0 && tr.TC < 0 || tr.Local.Slope <= 0 { // not where the count's edge rises through 0
		tr.TC, tr.SE = math.NaN(), math.NaN()
	}
	if !math.IsNaN(tr.TC) {
		var k, s float64
		for _, p := range pts {
			if p.tc >= tr.TC {
				k++
				s += p.ev
			}
		}
		tr.Above = k / float64(len(pts))
		if k > 0 {
			tr.AboveEV = s / k
		}
		if tr.AboveEV <= 0 { // betting from it would lose: no trigger
			tr.TC, tr.SE, tr.Above, tr.AboveEV = math.NaN(), math.NaN(), 0, 0
		}
	}
	return tr
}

// countBins bins the points that in takes by true count, a bin a count
// from lo to hi (bins without a point left out).
func countBins(pts []point, lo, hi float64, in func(point) bool) []TriggerBin {
	type sums struct{ n, tc, ev, ev2 float64 }
	bins := make([]sums, int(hi-lo)+1)
	for _, p := range pts {
		if !in(p) {
			continue
		}
		b := &bins[int(math.Floor(p.tc)-lo)]
		b.n++
		b.tc += p.tc
		b.ev += p.ev
		b.ev2 += p.ev * p.ev
	}
	var out []TriggerBin
	for i, b := range bins {
		if b.n == 0 {
			continue
		}
		m := b.ev / b.n
		se := 0.0
		if b.n > 1 {
			se = math.Sqrt(max(0, (b.ev2-b.n*m*m)/(b.n-1)) / b.n)
		}
		out = append(out, TriggerBin{Lo: lo + float64(i), Shoes: int(b.n), Mean: m, SE: se, TC: b.tc / b.n})
	}
	return out
}

// rising says whether a bin from true count lo is on the side of the
// full shoe's count where a bet of full-shoe EV ev turns positive: above
// 0 for a bet the house wins off the top, anywhere for one it loses.
func rising(ev, lo float64) bool { return ev >= 0 || lo >= 0 }

// A Fit is a least-squares line EV = Intercept + Slope·TC over the shoes
// whose true count is from Lo to Hi, each weighing 1 (ordinary least
// squares: the EVs are exact, and their scatter about the line is what
// the count does not see). Cov is the covariance of Intercept and Slope,
// heteroskedasticity-robust (HC0, "sandwich"): the scatter is wider in
// deep shoes and far counts, and the shoes are independent.
type Fit struct {
	Lo, Hi           float64
	Shoes            int
	Intercept, Slope float64 // in bets, and bets a true count
	Cov              [2][2]float64
}

// Crossing returns the true count where the line crosses 0, NaN if it is
// flat or fitted to fewer than MinLineShoes shoes.
func (l Fit) Crossing() float64 {
	if l.Slope == 0 || l.Shoes < MinLineShoes {
		return math.NaN()
	}
	return -l.Intercept / l.Slope
}

// CrossingSE returns the standard error of Crossing by the delta method:
// the gradient of -a/b, (-1/b, a/b²), on Cov.
func (l Fit) CrossingSE() float64 {
	x := l.Crossing()
	if math.IsNaN(x) {
		return math.NaN()
	}
	v := l.Cov[0][0] + x*x*l.Cov[1][1] + 2*x*l.Cov[0][1]
	return math.Sqrt(max(0, v)) / math.Abs(l.Slope)
}

// At returns the line's EV at true count tc and its standard error.
func (l Fit) At(tc float64) (ev, se float64) {
	v := l.Cov[0][0] + tc*tc*l.Cov[1][1] + 2*tc*l.Cov[0][1]
	return l.Intercept + l.Slope*tc, math.Sqrt(max(0, v))
}

// MinLineShoes is the fewest shoes a line is fitted to.
const MinLineShoes = 30

// olsFit fits the line to the points with a true count from lo to hi.
func olsFit(pts []point, lo, hi float64) Fit {
	l := Fit{Lo: lo, Hi: hi}
	var n, sx, sy float64
	for _, p := range pts {
		if p.tc >= lo && p.tc <= hi {
			n++
			sx += p.tc
			sy += p.ev
		}
	}
	l.Shoes = int(n)
	if l.Shoes < MinLineShoes {
		return l
	}
	// Centred sums first, for the line; then the sandwich
	// (X'X)⁻¹ X' diag(e²) X (X'X)⁻¹ for X = [1, tc].
	mx, my := sx/n, sy/n
	var sxx, sxy float64
	for _, p := range pts {
		if p.tc >= lo && p.tc <= hi {
			dx := p.tc - mx
			sxx += dx * dx
			sxy += dx * (p.ev - my)
		}
	}
	if sxx == 0 {
		return l
	}
	b := sxy / sxx
	a := my - b*mx
	var m00, m01, m11 float64
	for _, p := range pts {
		if p.tc >= lo && p.tc <= hi {
			e := p.ev - a - b*p.tc
			e2 := e * e
			m00 += e2
			m01 += e2 * p.tc
			m11 += e2 * p.tc * p.tc
		}
	}
	// (X'X)⁻¹ = 1/(n·sxx) [[Σtc², -Σtc], [-Σtc, n]].
	det := n * sxx
	i00, i01, i11 := (sxx+n*mx*mx)/det, -n*mx/det, n/det
	c00 := i00*(i00*m00+i01*m01) + i01*(i00*m01+i01*m11)
	c01 := i00*(i01*m00+i11*m01) + i01*(i01*m01+i11*m11)
	c11 := i01*(i01*m00+i11*m01) + i11*(i01*m01+i11*m11)
	l.Intercept, l.Slope = a, b
	l.Cov = [2][2]float64{{c00, c01}, {c01, c11}}
	return l
}
