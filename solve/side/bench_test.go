package side

import "testing"

// BenchmarkEvaluate values a bet exactly on a depleted six-deck shoe
// given by rank (suits unknown): the weighing of the full shoe's tally,
// which the first call builds and keeps (BenchmarkTally); and on a
// depleted suited shoe, which is counted afresh each time.
func BenchmarkEvaluate(b *testing.B) {
	ranks := [10]int{20, 22, 19, 24, 21, 23, 23, 20, 24, 80} // 276 of 312
	rankOnly, err := RankShoe(6, ranks)
	if err != nil {
		b.Fatal(err)
	}
	suited := NewShoe(6)
	for c := range 20 {
		suited.Counts[c*2] -= 2
	}
	suited, err = SuitedShoe(6, suited.Counts)
	if err != nil {
		b.Fatal(err)
	}
	for _, bet := range []string{"21+3", "perfect-pairs", "lucky-ladies"} {
		for _, s := range []struct {
			name string
			shoe Shoe
		}{{"rank-only", rankOnly}, {"suited", suited}} {
			b.Run("bet="+bet+"/shoe="+s.name, func(b *testing.B) {
				bt, err := LookupBet(bet)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if _, err := Evaluate(bt, bt.Tables[0], s.shoe, Rules{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkTally counts a bet's deals from a full six-deck shoe: the
// first rank-only valuation's cost.
func BenchmarkTally(b *testing.B) {
	for _, bet := range []string{"21+3", "perfect-pairs", "lucky-ladies"} {
		b.Run("bet="+bet, func(b *testing.B) {
			bt, err := LookupBet(bet)
			if err != nil {
				b.Fatal(err)
			}
			counts := NewShoe(6).Counts
			for b.Loop() {
				count(bt, counts)
			}
		})
	}
}
