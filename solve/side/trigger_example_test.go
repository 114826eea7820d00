package side_test

import (
	"context"
	"fmt"

	"bjchart/solve/side"
)

// ExampleTriggerRequest finds when 21+3 (100-40-30-10-5) turns in a
// counter's favour at six decks, counted with its own tags: shoes dealt
// to below 75%, each valued exactly by rank, and a line fitted to them
// near where their values cross 0.
func ExampleTriggerRequest() {
	q := side.DefaultTriggerRequest()
	q.Shoes = 100_000
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	tr, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("tags %v\n", job.Count)
	fmt.Printf("full shoe %.4f%%, %+.4f%% a true count\n", 100*tr.FullEV, 100*tr.Line.Slope)
	fmt.Printf("trigger %+.1f ± %.1f, bins from %+.0f\n", tr.TC, tr.SE, tr.BinTC)
	// Output:
	// tags A=2,2=2,3=-1,4=-1,5=-1,6=-1,7=-1,8=-1,9=-1,T=0
	// full shoe -4.6210%, +0.2825% a true count
	// trigger +9.4 ± 0.1, bins from +9
}
