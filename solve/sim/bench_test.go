package sim

import (
	"testing"

	"bjchart/solve"
)

// BenchmarkSim plays the reference game on one core: 6 decks,
// one player, flat bet, basic strategy, 80% penetration (b.N rounds).
func BenchmarkSim(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3")
	tab, err := solve.Solve(r)
	if err != nil {
		b.Fatal(err)
	}
	ch, _ := NewChart(tab)
	for _, bc := range []struct {
		name        string
		penetration float64
	}{{"penetration=80%", 0.8}, {"csm", 0}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			if _, err := Run(Config{Rules: r, Rounds: int64(b.N), Seed: 1, Penetration: bc.penetration, Shards: 1}, ch, nil); err != nil {
				b.Fatal(err)
			}
		})
	}
}
