package solve

import "testing"

// BenchmarkSolve solves every cell and the round's EV for the default rules
// (at the given deck count) from scratch: for finite shoes every CD hand,
// both split strategies, the optimised chart and both round EVs. One deck
// without resplits is the case the finite-deck issue quotes a reference
// time for.
func BenchmarkSolve(b *testing.B) {
	benchSolve(b, []benchGame{
		{"decks=inf", "INF"},
		{"decks=1", "1D"},
		{"decks=1,no-resplit", "1D SPL1"}, // the reference analyzer's one-deck case
		{"decks=2", "2D"},
		{"decks=6", "6D"},
		{"decks=8", "8D"},
	})
}

// A benchGame is a sub-benchmark's name and the rules it solves.
type benchGame struct{ name, rules string }

// benchSolve solves each game from scratch as a sub-benchmark.
func benchSolve(b *testing.B, games []benchGame) {
	for _, g := range games {
		b.Run(g.name, func(b *testing.B) {
			r, err := ParseRules(g.rules)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Solve(r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSeed measures the approach of seed 000 (memoised recursion over
// maps behind a mutex) computing the hit, stand and surrender values of the
// same cells (hard 4..21 and soft 12..21 against every up card) from a fresh
// memo, for comparison with BenchmarkSolve/decks=inf.
func BenchmarkSeed(b *testing.B) {
	for b.Loop() {
		s := newSeedSolver()
		for up := 1; up <= 10; up++ {
			dealer := seedHand{up, up == 1}
			for total := 4; total <= 21; total++ {
				s.payouts(seedState{Player: seedHand{total, false}, Dealer: dealer})
			}
			for rest := 1; rest <= 10; rest++ {
				s.payouts(seedState{Player: seedHand{1 + rest, true}, Dealer: dealer})
			}
		}
	}
}

// BenchmarkContract measures the dealer's contraction alone: the
// distributions of every composition a 6-deck solve needs, for each up card.
func BenchmarkContract(b *testing.B) {
	r, err := ParseRules("6D")
	if err != nil {
		b.Fatal(err)
	}
	lay := newLayout(r, NewShoe(r.Decks))
	f := newFiniteUp(r, lay, 2)
	for b.Loop() {
		for _, up := range UpCards {
			f.up, f.shoe = up, lay.shoe
			f.shoe[up-1]--
			f.draws, f.levels = dealerDrawsFor(r.Dealer(), up), dealerLevelsFor(r.Dealer(), up, f.shoe)
			f.contract()
		}
	}
}

// referenceGames are the five games the solver-speed issue times the
// reference engine on (one core, in process).
var referenceGames = []benchGame{
	{"1D-S17-NDAS-SPL1", "1D S17 NDAS SPL1"},
	{"2D-S17-DAS-SPL3", "2D S17 DAS SPL3"},
	{"6D-S17-DAS-SPL3-LS", "6D S17 DAS SPL3 LS"},
	{"6D-H17-DAS-SPL3-LS", "6D H17 DAS SPL3 LS"},
	{"8D-S17-NDAS-SPL1", "8D S17 NDAS SPL1"},
}

// BenchmarkReference solves each of the reference games from scratch. Run
// it with -cpu 1 to compare with the reference engine's one-core times.
func BenchmarkReference(b *testing.B) { benchSolve(b, referenceGames) }

// BenchmarkLayout builds a six-deck solve's hand graphs and the trie of
// their compositions: the part of a solve that runs before the up cards
// go in parallel.
func BenchmarkLayout(b *testing.B) {
	r, _ := ParseRules("6D")
	for b.Loop() {
		newLayout(r, NewShoe(6))
	}
}
