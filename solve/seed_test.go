package solve

import (
	"math"
	"sync"
	"testing"
)

// seedSolver re-implements the approach of seed document 000 (a Go
// memoised recursion over maps guarded by a mutex) for its own model:
// infinite deck; hit, stand and surrender only; the dealer's two-card 21 is
// an ordinary 21, not a blackjack, and is not checked in advance; values are
// payouts (1 + EV). It exists to check that agreement below and as the
// baseline of BenchmarkSeed.
type seedSolver struct {
	mu     sync.RWMutex
	dealer map[seedHand]map[int]float64
	stand  map[seedStandKey]float64
	all    map[seedState]seedPayouts
}

type seedHand struct {
	Sum    int
	HasAce bool
}

type seedState struct {
	Player, Dealer seedHand
	HasHit         bool
}

type seedStandKey struct {
	score  int
	dealer seedHand
}

type seedPayouts struct{ Stand, Hit, Surrender, Best float64 }

var seedProbs = map[int]float64{1: 1. / 13, 2: 1. / 13, 3: 1. / 13, 4: 1. / 13, 5: 1. / 13,
	6: 1. / 13, 7: 1. / 13, 8: 1. / 13, 9: 1. / 13, 10: 4. / 13}

func newSeedSolver() *seedSolver {
	return &seedSolver{
		dealer: map[seedHand]map[int]float64{},
		stand:  map[seedStandKey]float64{},
		all:    map[seedState]seedPayouts{},
	}
}

// score is the hand's best total, 0 for a bust.
func (h seedHand) score() int {
	switch {
	case h.Sum > 21:
		return 0
	case h.HasAce && h.Sum+10 <= 21:
		return h.Sum + 10
	}
	return h.Sum
}

func (h seedHand) add(card int) seedHand { return seedHand{h.Sum + card, h.HasAce || card == 1} }

func (s *seedSolver) dealerDist(h seedHand) map[int]float64 {
	s.mu.RLock()
	d, ok := s.dealer[h]
	s.mu.RUnlock()
	if ok {
		return d
	}
	d = map[int]float64{}
	if sc := h.score(); sc >= 17 || sc == 0 {
		d[sc] = 1
	} else {
		for card, p := range seedProbs {
			for score, q := range s.dealerDist(h.add(card)) {
				d[score] += p * q
			}
		}
	}
	s.mu.Lock()
	s.dealer[h] = d
	s.mu.Unlock()
	return d
}

func (s *seedSolver) standPayout(score int, dealer seedHand) float64 {
	key := seedStandKey{score, dealer}
	s.mu.RLock()
	v, ok := s.stand[key]
	s.mu.RUnlock()
	if ok {
		return v
	}
	if score != 0 {
		for ds, p := range s.dealerDist(dealer) {
			switch {
			case ds < score:
				v += 2 * p
			case ds == score:
				v += p
			}
		}
	}
	s.mu.Lock()
	s.stand[key] = v
	s.mu.Unlock()
	return v
}

func (s *seedSolver) payouts(st seedState) seedPayouts {
	s.mu.RLock()
	v, ok := s.all[st]
	s.mu.RUnlock()
	if ok {
		return v
	}
	if !st.HasHit {
		v.Surrender = 0.5
	}
	if score := st.Player.score(); score == 0 {
		v.Best = v.Surrender
	} else {
		v.Stand = s.standPayout(score, st.Dealer)
		for card, p := range seedProbs {
			v.Hit += p * s.payouts(seedState{st.Player.add(card), st.Dealer, true}).Best
		}
		v.Best = max(v.Stand, v.Hit, v.Surrender)
	}
	s.mu.Lock()
	s.all[st] = v
	s.mu.Unlock()
	return v
}

// TestSeedAgreement compares with the values seed 000 prints for 16 v T:
// stand payout 0.424218, hit payout 0.430693.
//
// Stand agrees with bjchart: standing on 16 loses to any dealer 21,
// blackjack or not, so the seed's unconditional stand EV is bjchart's
// conditioned one weighted by P(no blackjack) = 12/13 minus P(blackjack) =
// 1/13: -0.540430 x 12/13 - 1/13 = -0.575782.
//
// Hit does not, and should not: when the dealer holds T-A, the seed lets a
// player who hits to 21 push, and the player chooses later hits knowing no
// better, whereas a real dealer blackjack wins before the player acts. The
// seed's hit (-0.569307) is therefore above bjchart's unconditional hit,
// -0.539826 x 12/13 - 1/13 = -0.575224, by the value of those phantom pushes.
func TestSeedAgreement(t *testing.T) {
	seed := newSeedSolver()
	got := seed.payouts(seedState{Player: seedHand{16, false}, Dealer: seedHand{10, false}})
	if math.Abs(got.Stand-0.424218) > 5e-7 || math.Abs(got.Hit-0.430693) > 5e-7 {
		t.Fatalf("seed 16 v T payouts: stand %.6f hit %.6f, want 0.424218 and 0.430693 (seed 000)", got.Stand, got.Hit)
	}
	tab := mustSolve(t, "INF S17")
	c := tab.Cell(Hard, "16", 10)
	q := 1.0 / 13
	if stand := c.EV[Stand]*(1-q) - q; math.Abs(stand-(got.Stand-1)) > 1e-12 {
		t.Errorf("unconditional stand 16 v T = %.9f, seed says %.9f", stand, got.Stand-1)
	}
	if hit := c.EV[Hit]*(1-q) - q; hit >= got.Hit-1 {
		t.Errorf("unconditional hit 16 v T = %.6f, want below the seed's %.6f (phantom pushes)", hit, got.Hit-1)
	}
}
