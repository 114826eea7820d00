package solve_test

import (
	"fmt"

	"bjchart/solve"
)

// A HandPlan values the same hands on many depleted shoes: here 16 (T,6)
// against a ten on a six-deck shoe with twenty small cards dealt, where
// standing beats hitting.
func ExampleHandPlan() {
	r, _ := solve.ParseRules("6D S17 DAS LS")
	var hand [10]uint8
	hand[5], hand[9] = 1, 1 // a six and a ten
	plan := solve.NewHandPlan(r, 10, hand)

	shoe := r.FullShoe().Counts
	for rank := 1; rank <= 5; rank++ { // four each of 2..6 dealt
		shoe[rank] -= 4
	}
	v := solve.NewHandValues(r, shoe, 10)
	v.PrepareFrom(plan)
	stand, hit, _, _ := v.Plays(hand)
	fmt.Printf("stand %+.4f, hit %+.4f\n", stand, hit)
	// Output: stand -0.5194, hit -0.5353
}
