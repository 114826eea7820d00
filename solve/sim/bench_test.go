package sim

import (
	"context"
	"strings"
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
			if _, err := Run(context.Background(), cfg, ch, nil); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkEMCTS times one decision of the paper's search at its
// settings (10,000 playouts, C = 3, threshold 5, table 7's reward) on a
// full 6-deck shoe, one core, cycling through five positions: 9,7 v T,
// 8,8 v T, A,7 v 9, 5,6 v 6, 2,T v 3. The paper's figure is 0.71 s.
func BenchmarkEMCTS(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DOA NDAS SPL1 LS")
	tab, err := solve.Solve(r)
	if err != nil {
		b.Fatal(err)
	}
	ch, _ := NewChart(tab)
	for _, p := range treeSettings {
		b.Run("tree="+strings.ReplaceAll(p.String(), "/", "-"), func(b *testing.B) {
			p.Playouts, p.C, p.Reward = 10000, 3, Table7
			benchEMCTS(b, r, ch, p)
		})
	}
}

// benchEMCTS decides five 6-deck positions in turn, 10,000 playouts each;
// ns/op is a decision, and playouts/s its speed.
func benchEMCTS(b *testing.B, r solve.Rules, ch *Chart, p EMCTSParams) {
	e, err := NewEMCTS(r, ch, p)
	if err != nil {
		b.Fatal(err)
	}
	var tables []*table
	var hands [][2]int
	for _, p := range [][3]int{{7, 9, 10}, {8, 8, 10}, {1, 7, 9}, {5, 6, 6}, {2, 10, 3}} {
		tables = append(tables, position(r, fullLess(6, p[0], p[1], p[2]), p[2]))
		hands = append(hands, [2]int{p[0], p[1]})
	}
	for i := range 5 { // the tree grows to its size before the loop is timed
		t, h := tables[i], hands[i]
		e.first(t, h[0], h[1], false, t.firstOptions(h[0], h[1]))
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t, h := tables[i%5], hands[i%5]
		e.first(t, h[0], h[1], false, t.firstOptions(h[0], h[1]))
	}
	b.ReportMetric(float64(p.Playouts)*float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
