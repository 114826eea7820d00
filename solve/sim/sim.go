package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
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
	// Shards splits the rounds into this many independent streams, each
	// with its own shoe and a generator seeded from (Seed, shard), so the
	// result does not depend on how many cores run them (default 64).
	Shards int
}

// Result sums a simulation's rounds; results of disjoint runs merge
// exactly.
type Result struct {
	Rounds, Hands        int64
	Wins, Pushes, Losses int64 // rounds the player won, pushed, lost
	Reshuffles           int64
	// Sums over rounds of the round's net result and wager (in initial
	// bets) and their squares and product, for the standard errors.
	Net, Net2, Wagered, Wagered2, NetWagered float64
}

func (r *Result) add(o outcome) {
	r.Rounds++
	r.Hands += int64(o.hands)
	switch {
	case o.net > 0:
		r.Wins++
	case o.net < 0:
		r.Losses++
	default:
		r.Pushes++
	}
	r.Net += o.net
	r.Net2 += o.net * o.net
	r.Wagered += o.wagered
	r.Wagered2 += o.wagered * o.wagered
	r.NetWagered += o.net * o.wagered
}

// Merge adds another result's rounds.
func (r *Result) Merge(o Result) {
	r.Rounds += o.Rounds
	r.Hands += o.Hands
	r.Wins += o.Wins
	r.Pushes += o.Pushes
	r.Losses += o.Losses
	r.Reshuffles += o.Reshuffles
	r.Net += o.Net
	r.Net2 += o.Net2
	r.Wagered += o.Wagered
	r.Wagered2 += o.Wagered2
	r.NetWagered += o.NetWagered
}

// EV is the mean result per round, in initial bets.
func (r Result) EV() float64 { return r.Net / float64(r.Rounds) }

// SD is the standard deviation of a round's result.
func (r Result) SD() float64 {
	n := float64(r.Rounds)
	if n < 2 {
		return math.NaN()
	}
	return math.Sqrt(max(0, (r.Net2-r.Net*r.Net/n)/(n-1)))
}

// SE is the standard error of EV.
func (r Result) SE() float64 { return r.SD() / math.Sqrt(float64(r.Rounds)) }

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

// Run plays cfg.Rounds rounds by the chart, on every core. progress, if
// not nil, is called from the workers with the rounds done so far.
func Run(cfg Config, ch *Chart, progress func(done int64)) (Result, error) {
	if err := cfg.Rules.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Rounds <= 0 {
		return Result{}, fmt.Errorf("sim: %d rounds; want at least 1", cfg.Rounds)
	}
	if cfg.Penetration < 0 || cfg.Penetration >= 1 {
		return Result{}, fmt.Errorf("sim: penetration %v; want 0 (continuous shuffler) or a fraction below 1", cfg.Penetration)
	}
	shards := cfg.Shards
	if shards <= 0 {
		shards = 64
	}
	shards = int(min(int64(shards), cfg.Rounds))
	sh := solve.NewShoe(cfg.Rules.Decks)
	infinite := cfg.Rules.Infinite()
	if infinite {
		sh = solve.NewShoe(1) // drawn with replacement: the proportions of one deck
	}
	if cfg.Shoe != nil {
		if err := cfg.Shoe.Validate(); err != nil {
			return Result{}, err
		}
		sh = *cfg.Shoe
	}
	results := make([]Result, shards)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := int64(0)
	for range min(shards, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rounds := cfg.Rounds / int64(shards)
				if int64(i) < cfg.Rounds%int64(shards) {
					rounds++
				}
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
				s := newShoe(sh, infinite, cfg.Penetration, rng)
				t := newTable(cfg.Rules, s, ch)
				var res Result
				for k := int64(0); k < rounds; k++ {
					res.add(t.round())
					if progress != nil && k%(1<<16) == (1<<16)-1 {
						mu.Lock()
						done += 1 << 16
						progress(done)
						mu.Unlock()
					}
				}
				res.Reshuffles = s.reshuffles
				results[i] = res
			}
		}()
	}
	for i := range shards {
		next <- i
	}
	close(next)
	wg.Wait()
	var total Result
	for _, r := range results { // in shard order: the sums are the same on any machine
		total.Merge(r)
	}
	if progress != nil {
		progress(total.Rounds)
	}
	return total, nil
}
