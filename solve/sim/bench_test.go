package sim

import (
	"testing"

	"bjchart/solve"
)

// BenchmarkSim plays the reference game on one core: 6 decks,
// one player, flat bet, basic strategy, 80% penetration (b.N rounds);
// the same with a continuous shuffler; and Hi-Lo with a 1-8 ramp and
// insurance at +3.
func BenchmarkSim(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3")
	tab, err := solve.Solve(r)
	if err != nil {
		b.Fatal(err)
	}
	ch, _ := NewChart(tab)
	hilo := &Count{Name: "hilo", Tags: [11]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}, Balanced: true}
	three := 3.0
	for _, bc := range []struct {
		name string
		cfg  Config
	}{
		{"penetration=80%", Config{Penetration: 0.8}},
		{"csm", Config{}},
		{"hilo-ramp", Config{Penetration: 0.8, Count: hilo, Ramp: []Step{{-100, 1}, {2, 2}, {3, 4}, {4, 8}}, InsureAt: &three}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cfg := bc.cfg
			cfg.Rules, cfg.Rounds, cfg.Seed, cfg.Shards = r, int64(b.N), 1, 1
			if _, err := Run(cfg, ch, nil); err != nil {
				b.Fatal(err)
			}
		})
	}
}
