package side_test

import (
	"context"
	"fmt"

	"bjchart/solve/side"
)

// ExampleRequest values 21+3 on the original table, 9 to 1 on everything,
// from six full decks: the Wizard of Odds' house edge of 3.2386%. The
// deals are ordered; a sixth of them are the page's combinations.
func ExampleRequest() {
	q := side.DefaultRequest()
	q.Pays = "9-to-1"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range r.Lines {
		fmt.Printf("%-15s %8v %2s %.6f\n", l.Outcome, l.Deals, l.Pays.RatString(), l.P)
	}
	fmt.Printf("house edge %.4f%%\n", 100*r.HouseEdge())
	// Output:
	// straight-flush     62208  9 0.002068
	// trips             157872  9 0.005248
	// straight          933120  9 0.031021
	// flush            1757376  9 0.058424
	// loss            27169344 -1 0.903239
	// house edge 3.2386%
}
