package house

import (
	"math"
	"math/rand/v2"
	"testing"
)

// simulate plays rounds of the game with the solution's play and bets,
// dealing each round from a freshly shuffled shoe (or, for an infinite
// deck, with replacement), and settles them with brute's rules, not the
// solver's. It returns the mean and standard error of the points won per
// round at a flat one-point bet and at the solution's bets.
func simulate(sol *Solution, rounds int, seed uint64) (flat, flatSE, bet, betSE float64) {
	r := &sol.Rules
	rng := rand.New(rand.NewPCG(seed, 1))
	b := newBrute(*r)
	full := r.Shoe()
	var deck []int
	for rank, k := range full {
		for range k {
			deck = append(deck, rank)
		}
	}
	var (
		next  func() int
		reset func()
	)
	if r.Decks == 0 {
		next = func() int { return deck[rng.IntN(len(deck))] }
		reset = func() {}
	} else {
		var pos int
		next = func() int { pos++; return deck[pos-1] }
		reset = func() {
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			pos = 0
		}
	}
	card := func(rank int) int { // brute's card: 1..10, a joker 11
		if rank == Joker {
			return 11
		}
		return rank + 1
	}
	var s1, s2, t1, t2 float64
	for range rounds {
		reset()
		x, up, y, hole := next(), next(), next(), next()
		player := []int{x, y}
		for score(toBrute(player, card)) <= 21 && sol.Hit(player, up) {
			player = append(player, next())
		}
		p := toBrute(player, card)
		dealer := []int{card(up), card(hole)}
		var v float64
		if score(p) > 21 {
			v = -float64(b.pays(dealer))
		} else {
			var pol policy
			if r.Dealer == Designed {
				var vis visible
				for i, c := range player {
					vis = vis.see(value(c), i+1)
				}
				pol = designedPolicy(vis, value(up))
			}
			for {
				t := score(dealer)
				if t > 21 {
					break
				}
				var hit float64
				switch {
				case r.Dealer == Designed:
					hit = pol.hitChance(t, len(dealer))
				case t <= 15:
					hit = 1
				case t == 16:
					hit = r.Hit16
				case t == 17:
					hit = r.Hit17
				}
				if hit == 0 || hit < 1 && rng.Float64() >= hit {
					break
				}
				dealer = append(dealer, card(next()))
			}
			v = float64(b.outcome(p, dealer))
		}
		s1 += v
		s2 += v * v
		w := v * float64(sol.First[x].Bet)
		t1 += w
		t2 += w * w
	}
	n := float64(rounds)
	flat, bet = s1/n, t1/n
	return flat, math.Sqrt((s2/n - flat*flat) / n), bet, math.Sqrt((t2/n - bet*bet) / n)
}

func toBrute(ranks []int, card func(int) int) []int {
	out := make([]int, len(ranks))
	for i, r := range ranks {
		out[i] = card(r)
	}
	return out
}

// TestAgainstSimulation plays the solver's own play and bets on shuffled
// shoes and checks the solver's values for them within 3 standard errors:
// the house game's game with each dealer, one deck and infinite.
func TestAgainstSimulation(t *testing.T) {
	if !*long {
		t.Skip("the house game simulated against the exact solve (TestExactSmallShoe keeps an exact check in the default run); -long runs it")
	}
	for i, rules := range []string{"HOUSE", "HOUSE INF", "HOUSE DESIGNED", "HOUSE INF DESIGNED"} {
		t.Run(rules, func(t *testing.T) {
			t.Parallel()
			r, err := ParseRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(r)
			if err != nil {
				t.Fatal(err)
			}
			flat, flatSE, bet, betSE := simulate(sol, 400_000, uint64(i+1))
			t.Logf("flat %+.4f ± %.4f (solver %+.4f); bets %+.4f ± %.4f (solver %+.4f)", flat, flatSE, sol.Flat.EV, bet, betSE, sol.Points)
			if z := (flat - sol.Flat.EV) / flatSE; math.Abs(z) > 3 {
				t.Errorf("flat bet: simulated %+.4f ± %.4f, solver %+.4f (%.1f SE)", flat, flatSE, sol.Flat.EV, z)
			}
			if z := (bet - sol.Points) / betSE; math.Abs(z) > 3 {
				t.Errorf("best bets: simulated %+.4f ± %.4f points a round, solver %+.4f (%.1f SE)", bet, betSE, sol.Points, z)
			}
		})
	}
}
