package count_test

import (
	"context"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/count"
)

// ExampleIndicesRequest computes the Illustrious 18's indices for a
// game, from the request's defaults (Hi-Lo, read at the decision,
// rounded to the nearest integer) with fewer shoes than the default 600 (50, the fewest it takes).
func ExampleIndicesRequest() {
	q := count.DefaultIndicesRequest()
	q.Game = solve.Game{Rules: "2D S17 DAS"}
	q.Set, q.Shoes = "i18", 50
	if err := q.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	res, err := q.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Rules, res.System.Name, len(res.Indices), "decisions")
	// Output: 2D S17 DOA DAS SPL3 NS 3:2 PEEK hilo 18 decisions
}
