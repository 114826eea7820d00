package side

import (
	"bjchart/solve/casino"
	"bjchart/solve/sim"
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"bjchart/solve"
	"bjchart/solve/param"
)

// DefaultSimShoes is the shoes a counter's simulation plays when a
// request names none: 43 million rounds heads-up at six decks dealt to
// 75%, about 5 s on two cores (and a second for the trigger, if the
// request names none).
const DefaultSimShoes = 1_000_000

// MaxSimShoes bounds a simulation's shoes.
const MaxSimShoes = 100_000_000

// A SimRequest asks for a counter's simulation: a player who bets one unit
// on a side bet each round whose true count, as the round starts, is at
// least the trigger, dealt through real shoes (suited, shuffled, cut at
// the penetration) and playing the main game by its chart between bets.
// DefaultSimRequest holds its defaults.
type SimRequest struct {
	Bet  string // a bet on the first cards (Bets; not buster)
	Pays string // one of the bet's tables by name, or "outcome:pays,..."; "" is its first
	// Rules is the main game's rule string ("6D H17 DAS LS"): its decks
	// are the shoe's, its chart the player's play; "" is solve.Default.
	Rules       string
	Penetration float64 // the share of the shoe dealt before the shuffle
	Shoes       int     // shoes played, 10 to MaxSimShoes
	Seed        uint64
	Tags        string // the count, as TriggerRequest.Tags
	// Trigger is the true count from which the player bets; nil is the
	// trigger a TriggerRequest of the same bet, shoe, count and seed
	// finds (its DefaultTriggerShoes shoes, run first).
	Trigger *float64 `json:",omitempty"`
}

// DefaultSimRequest is 21+3 on its first table, the default game (six
// decks), dealt to 75%, a million shoes, seed 1, its own tags, betting
// from the trigger they find.
func DefaultSimRequest() SimRequest {
	return SimRequest{Bet: "21+3", Penetration: DefaultPenetration, Shoes: DefaultSimShoes, Seed: 1}
}

// Params adds the request's fields to s.
func (q *SimRequest) Params(s *param.Set) {
	s.Enum(&q.Bet, "bet", "the side bet: %s", countableBetNames()...)
	s.String(&q.Pays, "pays", "the pay table: one of the bet's by name, or outcome:pays,... (pays to 1)")
	s.String(&q.Rules, "rules", "the main game's rules, e.g. \"6D H17 DAS LS\": its decks are the shoe's, its chart the player's play (default: 6D S17 DAS)")
	countParams(s, &q.Penetration, &q.Seed, &q.Tags)
	s.Int(&q.Shoes, "shoes", fmt.Sprintf("shoes played, 10 to %d (about 43 rounds a shoe at six decks and 75%%)", MaxSimShoes))
	s.OptFloat(&q.Trigger, "trigger", "bet from this true count (default: the trigger the count finds for the bet)")
}

// A SimJob is a checked SimRequest.
type SimJob struct {
	Bet         *Bet
	Table       Table
	Rules       solve.Rules
	Penetration float64
	Shoes       int
	Seed        uint64
	Count       Count
	// Trigger is the true count from which the player bets; NaN until a
	// trigger run finds it (FindTrigger).
	Trigger     float64
	FindTrigger *TriggerJob // the trigger run, when the request named none

	v *valuer
	// value values the bet on a rank-only shoe left; nil is v.value. A
	// test breaks it to see the simulation's check fail.
	value func(ranks [10]int) float64
}

// Check reads the request. Its errors name the field (*param.Error).
func (q SimRequest) Check() (SimJob, error) {
	r := solve.Default
	if q.Rules != "" {
		var err error
		if r, err = solve.ParseRules(q.Rules); err != nil {
			return SimJob{}, param.Errorf("rules", q.Rules, "%v", err)
		}
	}
	if err := checkMainRules(r); err != nil {
		return SimJob{}, param.Errorf("rules", r.String(), "%v", err)
	}
	b, t, c, v, err := checkCount(q.Bet, q.Pays, r.Decks, q.Tags)
	if err != nil {
		return SimJob{}, err
	}
	if !(q.Penetration > 0 && q.Penetration < 1) {
		return SimJob{}, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 75%%")
	}
	if q.Shoes < 10 || q.Shoes > MaxSimShoes {
		return SimJob{}, param.NumberErrorf("shoes", q.Shoes, "want 10 to %d", MaxSimShoes)
	}
	j := SimJob{Bet: b, Table: t, Rules: r, Penetration: q.Penetration, Shoes: q.Shoes, Seed: q.Seed, Count: c, Trigger: math.NaN(), v: v}
	switch {
	case q.Trigger == nil:
		j.FindTrigger = &TriggerJob{Bet: b, Table: t, Decks: r.Decks, Penetration: q.Penetration, Shoes: DefaultTriggerShoes, Seed: q.Seed, Count: c, v: v}
	case math.IsNaN(*q.Trigger) || math.IsInf(*q.Trigger, 0):
		return SimJob{}, param.NumberErrorf("trigger", *q.Trigger, "want a true count")
	default:
		j.Trigger = *q.Trigger
	}
	return j, nil
}

// Validate reports what is wrong with the request, or nil.
func (q SimRequest) Validate() error {
	_, err := q.Check()
	return err
}

// An Estimate is a simulated quantity and its standard error.
type Estimate struct {
	Value float64 `json:"value"`
	SE    float64 `json:"se"`
}

func (e Estimate) String() string { return fmt.Sprintf("%.6g ± %.2g", e.Value, e.SE) }

// A Sim is a counter's simulation: how often the counter bet, what the
// bets won, and the exact EVs of the same bets.
//
// Each shoe is a full suited shoe, shuffled, its first card burned
// (unseen), dealt round by round until the cut card (at the penetration)
// has come out, as the simulator deals (solve/sim); one player plays the
// main game heads-up by the chart (game.round). Before each round the
// counter has seen every card dealt from the shoe but the burn card,
// counts them with its tags, and bets one unit on the side bet when the
// true count (Count.TrueCount, the unseen cards as the cards left) is at
// least the trigger; the bet is settled on the
// round's own cards (the player's two, the dealer's up card and for
// Lucky Ladies the hole card). Its exact EV is the bet's on the shoe
// left known by rank (as the trigger values it): the counter's
// expectation, which the results must match.
//
// Standard errors are batch means over whole shoes, a batch a shoe: the
// rounds of one shoe share its cards and are not independent, while
// shoes are shuffled afresh and are. A per-round mean is a ratio of
// shoes' sums (Σ won / Σ bets), its SE by the delta method over shoes.
type Sim struct {
	SimJob
	Trigger *Trigger // the trigger run, if the request named no trigger
	Rounds  int64
	Bets    int64
	// Frequency is the share of rounds bet; Won the mean result of a bet,
	// EV its exact EV, Diff their difference, all in bets.
	Frequency, Won, EV, Diff Estimate
	// Per100 is the units won a hundred rounds, and ExactPer100 the exact
	// EVs' (the win rate without the bets' luck).
	Per100, ExactPer100 Estimate
	// Main is the main game's result a round, in units of its bet, and
	// MainExact the chart's exact EV off the top of the shoe (the
	// table's): they differ by the cut card's effect and the SE.
	Main      Estimate
	MainExact float64
}

// Check reports whether the simulated results of the bets agree with
// their exact EVs within 3 standard errors: an error if not.
func (s *Sim) Check() error {
	if s.Bets == 0 {
		return nil
	}
	if math.Abs(s.Diff.Value) > 3*s.Diff.SE {
		return fmt.Errorf("%s: the bets won %.5f a bet, their exact EVs average %.5f: %.5f apart, %.1f SE (over %d bets in %d shoes)",
			s.Bet.Name, s.Won.Value, s.EV.Value, s.Diff.Value, math.Abs(s.Diff.Value)/s.Diff.SE, s.Bets, s.Shoes)
	}
	return nil
}

// shoeSums are one shoe's totals: rounds, bets, the bets' result and
// exact EV, and the main game's result.
type shoeSums [5]float64

const (
	sRounds = iota
	sBets
	sWon
	sEV
	sMain
)

// moments are shoes' sums and sums of products, for ratios' SEs.
type moments struct {
	n  float64
	s  shoeSums
	ss [5]shoeSums
}

func (m *moments) add(x shoeSums) {
	m.n++
	for i := range x {
		m.s[i] += x[i]
		for j := range x {
			m.ss[i][j] += x[i] * x[j]
		}
	}
}

func (m *moments) merge(o *moments) {
	m.n += o.n
	for i := range m.s {
		m.s[i] += o.s[i]
		for j := range m.s {
			m.ss[i][j] += o.ss[i][j]
		}
	}
}

// ratio returns Σy/Σx for the shoes' linear combinations y·sums and
// x·sums, with its SE by the delta method over shoes:
// √(Σ(Y - rX)² · n/(n-1)) / ΣX.
func (m *moments) ratio(y, x shoeSums) Estimate {
	dot := func(a, b shoeSums) float64 {
		s := 0.0
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	quad := func(a, b shoeSums) float64 {
		s := 0.0
		for i := range a {
			for j := range b {
				s += a[i] * b[j] * m.ss[i][j]
			}
		}
		return s
	}
	sy, sx := dot(y, m.s), dot(x, m.s)
	if sx == 0 {
		return Estimate{Value: math.NaN(), SE: math.NaN()}
	}
	r := sy / sx
	v := quad(y, y) - 2*r*quad(y, x) + r*r*quad(x, x)
	se := math.NaN()
	if m.n > 1 {
		se = math.Sqrt(max(0, v)*m.n/(m.n-1)) / math.Abs(sx)
	}
	return Estimate{Value: r, SE: se}
}

// unit returns the sums' vector with 1 at i (and -1 at minus, if given).
func unit(i int, minus ...int) shoeSums {
	var x shoeSums
	x[i] = 1
	for _, j := range minus {
		x[j] = -1
	}
	return x
}

// simBlock is the shoes a worker plays at a time; their moments are
// merged in the blocks' order, so a run's sums do not depend on the cores.
const simBlock = 64

// Steps is the total Run's progress counts to: the trigger's shoes, if
// it finds the trigger, then the counter's.
func (j SimJob) Steps() int64 {
	total := int64(j.Shoes)
	if j.FindTrigger != nil {
		total += int64(j.FindTrigger.Shoes)
	}
	return total
}

// Run finds the trigger if the request named none, then plays the shoes
// on every core; progress, when not nil, is told as each shoe is valued
// or played (the trigger's shoes first). The context's error if ctx ends
// first (within milliseconds).
func (j SimJob) Run(ctx context.Context, progress func(done, total int64)) (*Sim, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	tell := &teller{total: j.Steps(), progress: progress}
	s := &Sim{SimJob: j}
	if j.FindTrigger != nil {
		tr, err := j.FindTrigger.Run(ctx, func(int64, int64) { tell.tell() })
		if err != nil {
			return nil, err
		}
		if math.IsNaN(tr.TC) {
			return nil, fmt.Errorf("%s: the count finds no trigger in %d shoes (its line does not cross 0); give one", j.Bet.Name, tr.Shoes)
		}
		s.Trigger, s.SimJob.Trigger = tr, tr.TC
	}
	tb, err := solve.Solve(j.Rules)
	if err != nil {
		return nil, err
	}
	ch, err := sim.NewChart(tb)
	if err != nil {
		return nil, err
	}
	s.MainExact = tb.EV
	settler := NewSettler(j.Bet, j.Table)
	blocks := make([]moments, (j.Shoes+simBlock-1)/simBlock)
	err = onCores(ctx, len(blocks), 1, func(b int) {
		for i := b * simBlock; i < min(j.Shoes, (b+1)*simBlock); i++ {
			blocks[b].add(s.SimJob.playShoe(ch, settler, i))
			tell.tell()
		}
	})
	if err != nil {
		return nil, err
	}
	var m moments
	for i := range blocks {
		m.merge(&blocks[i])
	}
	s.Rounds, s.Bets = int64(m.s[sRounds]), int64(m.s[sBets])
	s.Frequency = m.ratio(unit(sBets), unit(sRounds))
	s.Won = m.ratio(unit(sWon), unit(sBets))
	s.EV = m.ratio(unit(sEV), unit(sBets))
	s.Diff = m.ratio(unit(sWon, sEV), unit(sBets))
	s.Per100 = scale(m.ratio(unit(sWon), unit(sRounds)), 100)
	s.ExactPer100 = scale(m.ratio(unit(sEV), unit(sRounds)), 100)
	s.Main = m.ratio(unit(sMain), unit(sRounds))
	return s, nil
}

func scale(e Estimate, k float64) Estimate { return Estimate{e.Value * k, e.SE * k} }

// playShoe deals shoe i of the run (its own stream of the seed) to the
// cut card through the round engine, the main game played by the chart,
// the side bet placed where the count of the cards not seen (the burn
// card among them) is at the trigger or above.
//
// The bet's value at a placing is its exact EV on the shoe of the unseen
// cards known by rank: the counter's expectation, the suits of the cards
// seen not tracked.
func (j SimJob) playShoe(ch *sim.Chart, settler *Settler, i int) shoeSums {
	shoe := casino.NewShoe(solve.NewShoe(j.Rules.Decks), false, j.Penetration, rand.NewPCG(j.Seed, uint64(i)))
	table := sim.NewPlayTable(j.Rules, shoe, ch)
	value := j.value
	if value == nil {
		value = j.v.value
	}
	trueCount := j.Count.FromUnseen(j.Rules.Decks)
	placed := [][]casino.SideStake{{{Bet: settler, Stake: 1}}}
	var x shoeSums
	unseen, shuffles := shoe.Unseen(), shoe.Reshuffles()
	for !shoe.CutOut() && shoe.Left() >= 4 {
		if shoe.Reshuffles() != shuffles { // the shoe ran out in the last round: its discards shuffled
			unseen, shuffles = shoe.Unseen(), shoe.Reshuffles()
		}
		mark := shoe.Dealt()
		bet := trueCount(unseen) >= j.Trigger
		var ev float64
		table.Table().SideBets = nil
		if bet {
			ev = value(unseen)
			table.Table().SideBets = placed
		}
		net := table.Round()
		if shoe.Reshuffles() == shuffles {
			for _, c := range shoe.DealtSince(mark) { // the round's cards, seen
				unseen[c.Value()-1]--
			}
		}
		x[sRounds]++
		x[sMain] += net
		if bet {
			x[sBets]++
			x[sEV] += ev
			x[sWon] += table.Table().Seats[0].Side[0].Net
		}
	}
	return x
}

// checkMainRules reports why the counter's main game cannot be dealt
// with side bets: the shoe must be of standard decks, whose suits the
// bets read. Every rule of the main game is played by the round engine.
func checkMainRules(r solve.Rules) error {
	switch {
	case r.Infinite():
		return fmt.Errorf("an infinite deck has no shoe to count; give a deck count")
	case r.Decks > MaxDecks:
		return fmt.Errorf("%d decks; want 1 to %d", r.Decks, MaxDecks)
	case r.Deck != [10]int{}:
		return fmt.Errorf("the counter's shoe is of standard 52-card decks")
	}
	return nil
}
