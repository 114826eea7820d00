package house

import "testing"

// BenchmarkSolve solves the house game's game: one deck (composition-dependent),
// infinite, and infinite with the designed dealer.
func BenchmarkSolve(b *testing.B) {
	for _, rules := range []string{"HOUSE", "HOUSE INF", "HOUSE INF DESIGNED"} {
		r, err := ParseRules(rules)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(rules, func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
