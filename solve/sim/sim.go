package sim

import (
	"bjchart/solve/casino"
	"bjchart/solve/panics"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"bjchart/solve"
)

// Config is a simulation: the game, how the shoe is dealt, how much.
type Config struct {
	Rules solve.Rules
	// Shoe deals from a remaining shoe instead of the rules' full decks.
	Shoe *solve.Shoe
	// Penetration is the fraction of the shoe dealt before the cut card
	// (0.75 for 75%); 0 means a continuous shuffler: every card back before
	// every round, the solver's assumption.
	Penetration float64
	Rounds      int64
	Seed        uint64
	// ReshuffleBelow, if positive, reshuffles between rounds once fewer
	// cards than this are left (instead of a cut card).
	ReshuffleBelow int
	// Shards splits the rounds into this many independent streams, each
	// with its own shoe and a generator seeded from (Seed, shard), so the
	// result does not depend on how many cores run them (default 64).
	Shards int
	// StreamBase offsets the shards' streams: shard k draws from stream
	// StreamBase + k, so part i of a run split across machines (StreamBase
	// = i x Shards) plays rounds no other part plays.
	StreamBase uint64
	// Streams keeps each shard's sums apart in Result.Streams, for
	// standard errors by batch means: rounds of one shoe are not
	// independent (the bet follows the count), the shards are. A counted
	// run keeps them whatever Streams says (but not bankroll paths,
	// RuinAt, whose shards are the paths).
	Streams bool
	// Players at the table, 1 to 7 (default 1); all play the chart and bet
	// alike, and a result sums them.
	Players int
	// Count and Ramp size the bets by the count: Ramp[i].Bet from
	// Ramp[i].From up (the ramp sorted by From; below the first step, its
	// bet). Without a ramp every bet is 1. A bet of 0 sits the round out
	// (wonging): it is dealt to the table and watched, and counts in
	// Result.Watched, not Rounds.
	Count *Count
	Ramp  []Step
	// Indices, with a count, change plays by the count, wherever
	// IndexScope says they apply.
	Indices    []IndexPlay
	IndexScope IndexScope
	// Seats gives each player its own strategy, ramp and indices (at most
	// MaxPlayers; Players is then their number).
	Seats []Player
	// InsureAt, with a count, takes insurance (half the bet, paid 2 to 1
	// on a dealer blackjack) against an ace at this count or more; the
	// count then leaves out the hole card.
	InsureAt *float64
	// RuinAt, if positive, makes each shard a bankroll path that starts
	// with RuinAt units: Result.Ruined counts the shards whose running net
	// fell to -RuinAt or below at some round (they play on regardless).
	RuinAt float64

	// Side is a side bet the players place beside the main bet.
	Side *SidePlay

	// watch, set by a test, is told of every round (table.watch).
	watch func(t *casino.Table, insured []bool, plays []solve.Action)
}

// ShuffleText says when the shoe is shuffled, as a report says it:
// "reshuffled below N cards", "75% penetration" or "continuous".
func (c Config) ShuffleText() string {
	switch {
	case c.ReshuffleBelow > 0:
		return fmt.Sprintf("reshuffled below %d cards", c.ReshuffleBelow)
	case c.Penetration > 0:
		return fmt.Sprintf("%g%% penetration", 100*c.Penetration)
	}
	return "continuous"
}

// MaxPlayers is the most players at a table.
const MaxPlayers = 7

// A Player is one seat's way of playing: its strategy, its bets by the
// count and its index plays. In Config.Seats, zero fields take Config's
// own (Ramp, Indices, InsureAt) or Run's strategy.
type Player struct {
	Strategy   Strategy
	Ramp       []Step
	Indices    []IndexPlay
	IndexScope IndexScope // Config's when Indices are
	InsureAt   *float64
}

// An IndexScope says which decisions index plays change.
type IndexScope int

const (
	// IndexWherePrinted plays each index wherever the counter's card
	// prints it: a hard total's hit/stand index at every decision of a
	// hard hand of that total (split hands and hands of three or more
	// cards too), its hit/double index wherever the hand may double (a
	// split hand's first play under DAS), a pair not split by its total, a
	// surrender index on the unsplit two-card hand, and below it the play
	// of the hand not surrendered (its own hit/stand index).
	IndexWherePrinted IndexScope = iota
	// IndexFirstPlay plays indices only at the first play of the unsplit
	// two-card hand, as many published simulations do.
	IndexFirstPlay
)

// IndexScopes names the scopes, as requests take them.
var IndexScopes = map[string]IndexScope{"card": IndexWherePrinted, "first": IndexFirstPlay}

// An IndexPlay is an index: a hard total (or pair) against an up card
// plays Play at a count of At or more and Base below it (Base NoAction:
// the chart's play, but hit where the chart surrenders).
type IndexPlay struct {
	Total, Pair int // a hard total of two different cards, or a pair's rank
	Up          int
	Base, Play  solve.Action
	At          float64
}

// A Step of a bet ramp: bet Bet at a count of From or more.
type Step struct{ From, Bet float64 }

// A Count is a card-counting system: a tag per rank, added for every
// card seen (the burn card is not seen). Balanced counts (tags summing to
// 0 over a deck) bet by the true count, the running count per deck left
// (cards left / 52, not rounded); unbalanced ones by the running count,
// which starts at IRC after each shuffle.
type Count struct {
	Name     string
	Tags     [11]float64 // by rank, 1 (ace) .. 10
	IRC      float64     // initial running count (unbalanced counts)
	Balanced bool
	// Estimate is how the player reads a balanced count's true count; the
	// zero value reads it exactly.
	Estimate Estimate
}

// An Estimate is how a player turns a running count into a true count:
// the decks left estimated to the nearest DeckStep (0: exactly, the
// cards left / 52; 0.5: to the half deck; 1: to the whole deck; never
// below one step), and the quotient rounded by Round.
type Estimate struct {
	DeckStep float64
	Round    TCRound
}

// A TCRound is what a player does with the true count's fraction.
type TCRound int

const (
	TCExact    TCRound = iota // keep it: +2.7 is +2.7
	TCFloor                   // down: +2.7 is +2, -2.3 is -3
	TCTruncate                // toward zero: +2.7 is +2, -2.3 is -2
)

// betCount is the count the bet goes by: the true count for a balanced
// count, else the running count, of the cards dealt from the shoe.
func (c *Count) betCount(s *casino.Shoe) float64 {
	if !c.Balanced {
		return s.RunningCount()
	}
	return c.TrueCount(s.RunningCount(), s.Left())
}

// TrueCount is the true count a player reads from running count rc with
// left cards unseen: rc per deck left, as the estimate reads it.
func (c *Count) TrueCount(rc float64, left int) float64 {
	if left <= 0 {
		return 0
	}
	tc := rc * 52 / float64(left)
	if step := c.Estimate.DeckStep; step > 0 {
		tc = rc / max(step, math.Round(float64(left)/52/step)*step)
	}
	switch c.Estimate.Round {
	case TCFloor:
		return math.Floor(tc)
	case TCTruncate:
		return math.Trunc(tc)
	}
	return tc
}

// String says how the estimate reads, for a report: "" when exact.
func (e Estimate) String() string {
	if e == (Estimate{}) {
		return ""
	}
	decks := "counted exactly"
	switch e.DeckStep {
	case 0:
	case 0.5:
		decks = "estimated to the half deck"
	case 1:
		decks = "estimated to the whole deck"
	default:
		decks = fmt.Sprintf("estimated to %g deck", e.DeckStep)
	}
	return "decks left " + decks + ", the true count " + [...]string{"not rounded", "floored", "truncated"}[e.Round]
}

// bet returns the ramp's bet at count c.
func bet(ramp []Step, c float64) float64 {
	if len(ramp) == 0 {
		return 1
	}
	b := ramp[0].Bet
	for _, s := range ramp {
		if c >= s.From {
			b = s.Bet
		}
	}
	return b
}

// Result sums a simulation's rounds; results of disjoint runs merge
// exactly.
type Result struct {
	Rounds, Hands int64
	Players       int   // at the table: EV and SD are per player
	Watched       int64 // rounds dealt while the count said sit out (a bet of 0), not in Rounds
	// Seats sums each player's rounds apart, when Config.Seats sets the
	// players up one by one.
	Seats                [MaxPlayers]Tally
	Wins, Pushes, Losses int64 // players' rounds won, pushed, lost
	Reshuffles           int64
	// Sums over rounds of the round's net result and wager (in initial
	// bets) and their squares and product, for the standard errors.
	Net, Net2, Wagered, Wagered2, NetWagered float64
	// ByCount breaks rounds down by the count their bets went by (true
	// count or running count, floored), from MinCount up; the ends take
	// every count beyond them. Only with a count.
	ByCount [2*MaxCount + 1]Tally
	// Ruined counts the shards (bankroll paths) ruined, with
	// Config.RuinAt.
	Ruined int64
	// Streams are each shard's sums, in shard order, with Config.Streams.
	Streams []Stream `json:"streams,omitempty"`
	// Side sums the side bet's placings, with Config.Side.
	Side *SideTally `json:"side,omitempty"`
}

// A Stream is one shard's sums: its rounds played and watched (sat out),
// the net and net squared of its rounds (all its players'), its wager.
type Stream struct {
	Rounds, Watched    int64
	Net, Net2, Wagered float64
	// SidePlaced and SideNet are the side bet's placings and net.
	SidePlaced int64   `json:",omitempty"`
	SideNet    float64 `json:",omitempty"`
}

// MinBatches is the fewest streams standard errors are taken from by
// batch means (Batches).
const MinBatches = 16

// Batches estimates a round's mean net w and mean square m2 (per player;
// per round dealt, sat-out rounds in at 0, with dealt, else per round
// played) and their estimates' covariance by batch means over the
// streams: rounds of one shoe are not independent (the bet follows the
// count), the streams are. ok is false with fewer than MinBatches
// streams.
func (r Result) Batches(dealt bool) (w, m2 float64, cov [2][2]float64, ok bool) {
	k := len(r.Streams)
	if k < MinBatches {
		return 0, 0, cov, false
	}
	p := r.perPlayer()
	rounds := func(s Stream) float64 {
		if dealt {
			return float64(s.Rounds + s.Watched)
		}
		return float64(s.Rounds)
	}
	var n float64
	for _, s := range r.Streams {
		n += rounds(s)
	}
	if n == 0 {
		return 0, 0, cov, false
	}
	w, m2 = r.Net/n/p, r.Net2/n/(p*p)
	for _, s := range r.Streams {
		ns := rounds(s)
		if ns == 0 {
			continue
		}
		share := ns / n
		dw, dm := s.Net/ns/p-w, s.Net2/ns/(p*p)-m2
		cov[0][0] += share * share * dw * dw
		cov[0][1] += share * share * dw * dm
		cov[1][1] += share * share * dm * dm
	}
	for i := range cov {
		for j := range cov[i] {
			cov[i][j] *= float64(k) / float64(k-1)
		}
	}
	cov[1][0] = cov[0][1]
	return w, m2, cov, true
}

// A Tally sums some rounds apart (one player's, or those at one count):
// their number and their results' sum, sum of squares and wagers.
type Tally struct {
	Rounds             int64
	Net, Net2, Wagered float64
}

func (t *Tally) add(net, wagered float64) {
	t.Rounds++
	t.Net += net
	t.Net2 += net * net
	t.Wagered += wagered
}

func (t *Tally) merge(o Tally) {
	t.Rounds += o.Rounds
	t.Net += o.Net
	t.Net2 += o.Net2
	t.Wagered += o.Wagered
}

// EV is the mean result per round.
func (t Tally) EV() float64 { return t.Net / float64(t.Rounds) }

// SE is the standard error of EV.
func (t Tally) SE() float64 {
	n := float64(t.Rounds)
	if n < 2 {
		return math.NaN()
	}
	return math.Sqrt(max(0, (t.Net2-t.Net*t.Net/n)/(n-1)) / n)
}

// MaxCount bounds the breakdown by count: -MaxCount..+MaxCount.
const MaxCount = 25

// binOf returns the breakdown's index of a count.
func binOf(c float64) int {
	return min(2*MaxCount, max(0, int(math.Floor(c))+MaxCount))
}

func (r *Result) add(o *outcome) {
	r.Rounds++
	r.Hands += int64(o.hands)
	r.Wins += int64(o.wins)
	r.Pushes += int64(o.pushes)
	r.Losses += int64(o.losses)
	r.Net += o.net
	r.Net2 += o.net * o.net
	r.Wagered += o.wagered
	r.Wagered2 += o.wagered * o.wagered
	r.NetWagered += o.net * o.wagered
	if r.Side != nil {
		r.Side.Rounds++
		r.Side.Placed += o.sidePlaced
		r.Side.Net += o.sideNet
		r.Side.Net2 += o.sideNet2
		if o.sideValued {
			r.Side.EV += o.sideEV
			r.Side.EVs += o.sidePlaced
		}
	}
}

// Part is the config's part i of n of a run split across machines
// ('bjchart sim --shard i/n', and the rounds of a split risk run): its
// share of the rounds (the first rounds % n parts one more) on 64 streams
// of its own, (i-1) x 64 on from the config's StreamBase; part 1 of 1 is
// the config itself.
func (c Config) Part(i, n int) Config {
	rounds := c.Rounds
	c.Rounds = rounds / int64(n)
	if int64(i-1) < rounds%int64(n) {
		c.Rounds++
	}
	if n > 1 {
		c.Shards = 64
		c.StreamBase += uint64(i-1) * 64
	}
	return c
}

// Merge adds another result's rounds.
func (r *Result) Merge(o Result) {
	r.Rounds += o.Rounds
	r.Watched += o.Watched
	r.Hands += o.Hands
	r.Wins += o.Wins
	r.Pushes += o.Pushes
	r.Losses += o.Losses
	r.Reshuffles += o.Reshuffles
	r.Ruined += o.Ruined
	r.Net += o.Net
	r.Net2 += o.Net2
	r.Wagered += o.Wagered
	r.Wagered2 += o.Wagered2
	r.NetWagered += o.NetWagered
	for i := range r.Seats {
		r.Seats[i].merge(o.Seats[i])
	}
	for i := range r.ByCount {
		r.ByCount[i].merge(o.ByCount[i])
	}
	r.Streams = append(r.Streams, o.Streams...)
	if o.Side != nil {
		if r.Side == nil {
			r.Side = &SideTally{}
		}
		r.Side.merge(o.Side)
	}
}

// perPlayer is the number a round's sums are divided by.
func (r Result) perPlayer() float64 { return float64(max(1, r.Players)) }

// EV is the mean result of a player's round, in units of the bet (the
// initial bet when betting flat).
func (r Result) EV() float64 { return r.Net / float64(r.Rounds) / r.perPlayer() }

// SD is the standard deviation of a round's result per player (the
// players' mean: they share the dealer, so rounds, not hands, are the
// independent observations).
func (r Result) SD() float64 {
	n, p := float64(r.Rounds), r.perPlayer()
	if n < 2 {
		return math.NaN()
	}
	return math.Sqrt(max(0, (r.Net2-r.Net*r.Net/n)/(n-1))) / p
}

// SE is the standard error of EV: by batch means over the streams where
// the run kept them (Config.Streams: rounds of one shoe are not
// independent when the bet follows the count), else with the rounds
// taken as independent.
func (r Result) SE() float64 {
	if _, _, cov, ok := r.Batches(false); ok {
		return math.Sqrt(cov[0][0])
	}
	return r.SD() / math.Sqrt(float64(r.Rounds))
}

// CI95 is EV's 95% confidence interval (normal, EV ± 1.96 SE).
func (r Result) CI95() [2]float64 {
	return [2]float64{r.EV() - 1.96*r.SE(), r.EV() + 1.96*r.SE()}
}

// PayoutRatio is what came back over what was wagered.
func (r Result) PayoutRatio() float64 { return (r.Wagered + r.Net) / r.Wagered }

// PayoutRatioSE is the standard error of PayoutRatio, a ratio of two
// means (the delta method): Var(R) = Var(Y - R W) / (n mean(W)^2), with
// Y = W + net the amount returned in a round and W its wager.
func (r Result) PayoutRatioSE() float64 {
	n := float64(r.Rounds)
	R := r.PayoutRatio()
	// Y - R W = net + (1-R) W.
	k := 1 - R
	s1 := r.Net + k*r.Wagered
	s2 := r.Net2 + 2*k*r.NetWagered + k*k*r.Wagered2
	v := (s2 - s1*s1/n) / (n - 1)
	w := r.Wagered / n
	return math.Sqrt(max(0, v)/n) / w
}

// Run plays cfg.Rounds rounds by the strategy, on every core. progress, if
// not nil, is called from the workers with the rounds done of all. The
// run is abandoned when ctx ends (checked as often as progress is told),
// and Run returns its error.
func Run(ctx context.Context, cfg Config, ch Strategy, progress func(done, total int64)) (Result, error) {
	if err := cfg.Rules.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Rounds <= 0 {
		return Result{}, fmt.Errorf("sim: %d rounds; want at least 1", cfg.Rounds)
	}
	if cfg.Penetration < 0 || cfg.Penetration >= 1 {
		return Result{}, fmt.Errorf("sim: penetration %v; want 0 (continuous shuffler) or a fraction below 1", cfg.Penetration)
	}
	players := cfg.Players
	if len(cfg.Seats) > 0 {
		players = len(cfg.Seats)
	}
	if players == 0 {
		players = 1
	}
	if players < 1 || players > MaxPlayers {
		return Result{}, fmt.Errorf("sim: %d players; want 1 to %d", players, MaxPlayers)
	}
	seats := make([]Player, players)
	for i := range seats {
		p := Player{Strategy: ch, Ramp: cfg.Ramp, Indices: cfg.Indices, IndexScope: cfg.IndexScope, InsureAt: cfg.InsureAt}
		if i < len(cfg.Seats) {
			q := cfg.Seats[i]
			if q.Strategy != nil {
				p.Strategy = q.Strategy
			}
			if q.Ramp != nil {
				p.Ramp = q.Ramp
			}
			if q.Indices != nil {
				p.Indices, p.IndexScope = q.Indices, q.IndexScope
			}
			if q.InsureAt != nil {
				p.InsureAt = q.InsureAt
			}
		}
		seats[i] = p
		if live, ok := p.Strategy.(liveStrategy); ok {
			if err := live.check(cfg.Rules); err != nil {
				return Result{}, err
			}
			if len(p.Indices) > 0 {
				return Result{}, fmt.Errorf("sim: index plays with a strategy that decides by the cards it sees: it needs none")
			}
		}
	}
	if cfg.Side != nil && cfg.Side.Trigger != nil && cfg.Side.TrueCount == nil {
		return Result{}, fmt.Errorf("sim: a side bet's trigger without the count it is read on")
	}
	shards := cfg.Shards
	if shards <= 0 {
		shards = 64
	}
	shards = int(min(int64(shards), cfg.Rounds))
	sh := cfg.Rules.FullShoe() // an infinite deck: one deck, drawn with replacement
	infinite := cfg.Rules.Infinite()
	if cfg.Shoe != nil {
		if err := cfg.Shoe.Validate(); err != nil {
			return Result{}, err
		}
		sh = *cfg.Shoe
	}
	// The context is read and progress told every so many rounds a
	// shard: every round when the players think (a search or an exact
	// solve a decision: seven searching seats take about 0.3 s a round,
	// and a run must stop within a second of being told).
	every := int64(1 << 16)
	for _, p := range seats {
		if _, ok := p.Strategy.(liveStrategy); ok {
			every = 1
		}
	}
	results := make([]Result, shards)
	next := make(chan int)
	var wg panics.Group // a worker's panic raised again by Wait
	var mu sync.Mutex
	done := int64(0)
	for range min(shards, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				rounds := cfg.Rounds / int64(shards)
				if int64(i) < cfg.Rounds%int64(shards) {
					rounds++
				}
				rng := rand.NewPCG(cfg.Seed, cfg.StreamBase+uint64(i))
				s := casino.NewShoe(sh, infinite, cfg.Penetration, rng)
				if cfg.ReshuffleBelow > 0 {
					s.ReshuffleBelow(cfg.ReshuffleBelow)
				}
				if cfg.Count != nil {
					s.Count(cfg.Count.Tags, cfg.Count.IRC)
				}
				seated := slices.Clone(seats)
				for p := range seated {
					if live, ok := seated[p].Strategy.(liveStrategy); ok {
						// Its own state, its own stream (apart from the shoe's).
						seated[p].Strategy = live.forShard(cfg.Seed, (cfg.StreamBase+uint64(i))<<3|uint64(p))
					}
				}
				t := newTable(cfg.Rules, s, seated)
				t.count, t.watch = cfg.Count, cfg.watch
				bets, ones := make([]float64, len(seated)), make([]float64, len(seated))
				for p := range ones {
					ones[p] = 1
				}
				var res Result
				if len(cfg.Seats) > 0 { // seats played apart: sum each
					t.seatRes = &res.Seats
				}
				if cfg.Side != nil {
					res.Side = &SideTally{Triggering: cfg.Side.Trigger != nil}
					t.setSide(cfg.Side, len(seated))
				}
				path, low := 0.0, 0.0 // the shard's running net and its lowest
				var o outcome
				for k := int64(0); k < rounds; k++ {
					if cfg.Count == nil {
						if res.Side != nil {
							t.placeSide(cfg.Side, true)
						}
						t.round(ones, &o)
						res.add(&o)
						path += o.net
						low = min(low, path)
					} else {
						s.StartRound() // a shuffle resets the count before the bet
						c := cfg.Count.betCount(s)
						playing := false
						for p := range bets {
							bets[p] = bet(t.players[p].Ramp, c)
							playing = playing || bets[p] > 0
						}
						if res.Side != nil {
							t.placeSide(cfg.Side, playing)
						}
						if !playing { // every seat wonged out: the round is dealt to the table, watched, not played
							t.round(ones, &o)
							res.Watched++
							continue
						}
						t.round(bets, &o)
						res.add(&o)
						res.ByCount[binOf(c)].add(o.net, o.wagered)
						path += o.net
						low = min(low, path)
					}
					if k%every == every-1 {
						if ctx.Err() != nil {
							break // the shard's rounds; the rest of the shards skip theirs the same way
						}
						if progress != nil {
							mu.Lock()
							done += every
							progress(done, cfg.Rounds)
							mu.Unlock()
						}
					}
				}
				if cfg.RuinAt > 0 && low <= -cfg.RuinAt {
					res.Ruined++
				}
				res.Reshuffles = s.Reshuffles()
				if cfg.Streams || cfg.Count != nil && cfg.RuinAt == 0 || res.Side != nil {
					res.Streams = []Stream{{Rounds: res.Rounds, Watched: res.Watched, Net: res.Net, Net2: res.Net2, Wagered: res.Wagered}}
					if res.Side != nil {
						res.Streams[0].SidePlaced, res.Streams[0].SideNet = res.Side.Placed, res.Side.Net
					}
				}
				results[i] = res
			}
		})
	}
	for i := range shards {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	total := Result{Players: players}
	for _, r := range results { // in shard order: the sums are the same on any machine
		total.Merge(r)
	}
	if progress != nil {
		progress(total.Rounds, cfg.Rounds)
	}
	return total, nil
}

// Check reports whether a result's sums could have come from a run of
// the simulator, so that a merged run is never built from a damaged or
// edited part: counts not negative and consistent with each other (every
// player's round won, pushed or lost; the breakdowns within the rounds),
// sums finite, wagers positive, no round winning more than maxPays times
// its wager (the largest payout the rules have), and the sums of squares
// at least what their sums imply (Cauchy-Schwarz).
func (r Result) Check(maxPays float64) error {
	switch {
	case r.Rounds < 1 || r.Rounds > 1e15:
		return fmt.Errorf("rounds %d: want 1 to 1e15", r.Rounds)
	case r.Players < 1 || r.Players > MaxPlayers:
		return fmt.Errorf("players %d: want 1 to %d", r.Players, MaxPlayers)
	case r.Watched < 0 || r.Reshuffles < 0 || r.Wins < 0 || r.Pushes < 0 || r.Losses < 0:
		return fmt.Errorf("a negative count")
	case r.Wins+r.Pushes+r.Losses != r.Rounds*int64(r.Players):
		return fmt.Errorf("%d won + %d pushed + %d lost is not %d rounds x %d players", r.Wins, r.Pushes, r.Losses, r.Rounds, r.Players)
	case r.Hands < r.Wins+r.Pushes+r.Losses || r.Hands > 4*MaxPlayers*r.Rounds:
		return fmt.Errorf("hands %d: want from one a player's round to %d a round", r.Hands, 4*MaxPlayers)
	}
	if err := checkSums(r.Rounds, r.Net, r.Net2, r.Wagered, maxPays); err != nil {
		return err
	}
	n := float64(r.Rounds)
	if bad(r.Wagered2) || bad(r.NetWagered) || r.Wagered*r.Wagered > n*r.Wagered2*(1+1e-9) ||
		r.NetWagered*r.NetWagered > r.Net2*r.Wagered2*(1+1e-9) {
		return fmt.Errorf("the sums of squares do not fit the sums")
	}
	var seats, counts int64
	for i, t := range r.Seats {
		if t.Rounds == 0 && t.Net == 0 && t.Net2 == 0 && t.Wagered == 0 {
			continue
		}
		if t.Rounds < 1 || t.Rounds > r.Rounds+r.Watched {
			return fmt.Errorf("seat %d: %d rounds of %d", i+1, t.Rounds, r.Rounds)
		}
		if err := checkSums(t.Rounds, t.Net, t.Net2, t.Wagered, maxPays); err != nil {
			return fmt.Errorf("seat %d: %v", i+1, err)
		}
		seats++
	}
	for i, t := range r.ByCount {
		if t.Rounds == 0 && t.Net == 0 && t.Net2 == 0 && t.Wagered == 0 {
			continue
		}
		if t.Rounds < 1 {
			return fmt.Errorf("count %d: %d rounds", i-MaxCount, t.Rounds)
		}
		// A round's sums here are all its players'.
		if err := checkSums(t.Rounds, t.Net, t.Net2, t.Wagered, maxPays*float64(r.Players)); err != nil {
			return fmt.Errorf("count %d: %v", i-MaxCount, err)
		}
		counts += t.Rounds
	}
	if counts != 0 && counts != r.Rounds {
		return fmt.Errorf("the counts' rounds add up to %d, not %d", counts, r.Rounds)
	}
	if seats > int64(r.Players) {
		return fmt.Errorf("%d seats with rounds at a table of %d", seats, r.Players)
	}
	if len(r.Streams) > 0 {
		var rounds, watched int64
		var net float64
		for i, t := range r.Streams {
			if t.Rounds < 0 || t.Watched < 0 || t.Rounds+t.Watched < 1 {
				return fmt.Errorf("stream %d: %d rounds, %d watched", i+1, t.Rounds, t.Watched)
			}
			if t.Rounds > 0 {
				if err := checkSums(t.Rounds, t.Net, t.Net2, t.Wagered, maxPays*float64(r.Players)); err != nil {
					return fmt.Errorf("stream %d: %v", i+1, err)
				}
			}
			rounds, watched, net = rounds+t.Rounds, watched+t.Watched, net+t.Net
		}
		if rounds != r.Rounds || watched != r.Watched || math.Abs(net-r.Net) > 1e-6*(1+math.Abs(r.Net)) {
			return fmt.Errorf("the streams add up to %d rounds, %d watched and %g, not %d, %d and %g", rounds, watched, net, r.Rounds, r.Watched, r.Net)
		}
	}
	return nil
}

// checkSums checks one set of sums over n rounds.
func checkSums(n int64, net, net2, wagered, maxPays float64) error {
	switch {
	case bad(net) || bad(net2) || bad(wagered):
		return fmt.Errorf("a sum is not a finite number")
	case wagered <= 0 || net2 < 0:
		return fmt.Errorf("wagered %g, sum of squares %g: want both positive", wagered, net2)
	case net < -wagered*(1+1e-9) || net > maxPays*wagered*(1+1e-9):
		return fmt.Errorf("net %g on %g wagered: a round loses at most its wager and wins at most %g times it", net, wagered, maxPays)
	case net*net > float64(n)*net2*(1+1e-9):
		return fmt.Errorf("the sum of squares %g is less than the sum %g implies", net2, net)
	}
	return nil
}

func bad(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e300 }
