package sim

import (
	"bjchart/solve/panics"
	"context"
	"fmt"
	"runtime"
	"sync"

	"bjchart/solve"
)

// A Position is one two-card hand against one up card on a full shoe,
// decided by the tree search and by the exact solution.
type Position struct {
	Hand  *solve.Hand              // the solver's: its EVs, legal plays, CD best play and frequency
	Votes [solve.Surrender + 1]int // the search's choices over the runs
	Play  solve.Action             // the majority (ties: the higher exact EV)
	Lost  float64                  // EV the majority play gives up, per time the hand is played
}

// Right says whether the search's majority play is the exact best one.
func (p *Position) Right() bool { return p.Play == p.Hand.Best }

// CheckEMCTS decides every two-card hand against every up card on the
// table's full shoe with the search (runs independent searches each; the
// majority decides) and sets it beside the table's exact
// composition-dependent best play. The search's playouts play chart.
// Runs use every core; seed makes them reproducible. progress, if not
// nil, is called with the positions done of all. It stops when ctx ends (the
// positions begun are finished), with ctx's error.
func CheckEMCTS(ctx context.Context, t *solve.Table, chart *Chart, p EMCTSParams, runs int, seed uint64, progress func(done, total int64)) ([]Position, error) {
	if runs < 1 {
		return nil, fmt.Errorf("eMCTS check: %d runs; want at least 1", runs)
	}
	if len(t.Hands) == 0 {
		return nil, fmt.Errorf("eMCTS check: the table has no hands (an infinite deck?); give a number of decks")
	}
	e, err := NewEMCTS(t.Rules, chart, p)
	if err != nil {
		return nil, err
	}
	full := t.Rules.FullShoe().Counts
	out := make([]Position, len(t.Hands))
	next := make(chan int)
	var wg panics.Group // a worker's panic raised again by Wait
	var mu sync.Mutex
	done := 0
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			s := e.forShard(seed, 0).(*EMCTS)
			for i := range next {
				h := &t.Hands[i]
				pos := Position{Hand: h}
				unseen := full
				for _, c := range []solve.Rank{h.Cards[0], h.Cards[1], h.Up} {
					unseen[c-1]--
				}
				for k := range runs {
					s.reseed(seed, uint64(i*runs+k)) // each run its own stream
					pos.Votes[s.Decide(h.Cards[:], h.Up, unseen)]++
				}
				pos.Play = solve.NoAction
				for _, a := range solve.Actions {
					if pos.Play == solve.NoAction || pos.Votes[a] > pos.Votes[pos.Play] ||
						pos.Votes[a] == pos.Votes[pos.Play] && h.Legal[a] && h.EV[a] > h.EV[pos.Play] {
						pos.Play = a
					}
				}
				pos.Lost = h.EV[h.Best] - h.EV[pos.Play]
				out[i] = pos
				if progress != nil {
					mu.Lock()
					done++
					progress(int64(done), int64(len(t.Hands)))
					mu.Unlock()
				}
			}
		})
	}
	for i := range t.Hands {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// CheckSummary sums a check: the share of positions decided right (each
// position once, and weighed by how often it is dealt) and the EV a
// player of the search gives up per round on first decisions (the exact
// EV of the best play minus that of the search's, weighed by frequency;
// later decisions after a hit are not counted).
type CheckSummary struct {
	Positions, Right        int
	RightShare, RightByFreq float64
	LostPerRound            float64
}

// Summarize sums positions.
func Summarize(ps []Position) CheckSummary {
	var s CheckSummary
	freq := 0.0
	for i := range ps {
		p := &ps[i]
		s.Positions++
		freq += p.Hand.Freq
		if p.Right() {
			s.Right++
			s.RightByFreq += p.Hand.Freq
		}
		s.LostPerRound += p.Hand.Freq * p.Lost
	}
	s.RightShare = float64(s.Right) / float64(max(1, s.Positions))
	if freq > 0 {
		s.RightByFreq /= freq
	}
	return s
}
