package holdem

import (
	"bjchart/solve/panics"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
)

// An Estimate is a simulated equity with its standard error.
type Estimate struct {
	Equity, SE float64
	Win, Tie   float64 // the shares of deals won alone and split
	Deals      int64
}

// simShard is the deals one random stream plays: shard s of a run plays
// deals s*simShard onward with the stream (seed, s), so that a run gives
// the same figures on any number of cores.
const simShard = 1 << 14

// MaxOpponents bounds Simulate's table: ten players.
const MaxOpponents = 9

// Simulate deals hands (one of them, each equally likely) against
// opponents random hands, and a board, deals times, and returns the
// hand's equity: its share of the pot (a split pot shared among the tied
// winners), with its standard error. The same seed gives the same figures
// on any machine.
func Simulate(hands []Hand, opponents int, deals int64, seed uint64) (Estimate, error) {
	switch {
	case len(hands) == 0:
		return Estimate{}, fmt.Errorf("no hand to simulate")
	case opponents < 1 || opponents > MaxOpponents:
		return Estimate{}, fmt.Errorf("opponents %d: want 1 to %d", opponents, MaxOpponents)
	case deals < 1 || deals > 1e12:
		return Estimate{}, fmt.Errorf("deals %d: want 1 to 10^12", deals)
	}
	shards := (deals + simShard - 1) / simShard
	type sums struct{ share, sq, win, tie float64 }
	results := make([]sums, shards)
	next := make(chan int64)
	var wg panics.Group // a worker's panic raised again by Wait
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for s := range next {
				n := min(simShard, deals-s*simShard)
				rng := rand.New(rand.NewPCG(seed, uint64(s)))
				var r sums
				for range n {
					share, alone := deal(rng, hands, opponents)
					r.share += share
					r.sq += share * share
					if alone {
						r.win++
					} else if share > 0 {
						r.tie++
					}
				}
				results[s] = r
			}
		})
	}
	for s := range shards {
		next <- s
	}
	close(next)
	wg.Wait()
	var t sums // in shard order: the same sums on any number of cores
	for _, r := range results {
		t.share += r.share
		t.sq += r.sq
		t.win += r.win
		t.tie += r.tie
	}
	n := float64(deals)
	mean := t.share / n
	sd := math.Sqrt(max(0, t.sq/n-mean*mean) * n / max(1, n-1))
	return Estimate{Equity: mean, SE: sd / math.Sqrt(n), Win: t.win / n, Tie: t.tie / n, Deals: deals}, nil
}

// deal plays one deal: the hand's share of the pot, and whether it won
// alone.
func deal(rng *rand.Rand, hands []Hand, opponents int) (share float64, alone bool) {
	h := hands[rng.IntN(len(hands))]
	var deck [52]Card
	n := 0
	for c := Card(0); c < 52; c++ {
		if c != h[0] && c != h[1] {
			deck[n] = c
			n++
		}
	}
	draw := func() Card { // a card from what is left, uniformly
		i := rng.IntN(n)
		c := deck[i]
		n--
		deck[i] = deck[n]
		return c
	}
	var board set
	for range 5 {
		board.add(draw())
	}
	mine := board.evalWith(h)
	tied := 1
	for range opponents {
		r := board.evalWith(NewHand(draw(), draw()))
		switch {
		case r > mine:
			return 0, false
		case r == mine:
			tied++
		}
	}
	return 1 / float64(tied), tied == 1
}
