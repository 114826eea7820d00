package house

import "testing"

// BenchmarkSolve solves seed 002's game: one deck (composition-dependent),
// infinite, and infinite with the designed dealer.
func BenchmarkSolve(b *testing.B) {
	for _, rules := range []string{"SEED002", "SEED002 INF", "SEED002 INF DESIGNED"} {
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
