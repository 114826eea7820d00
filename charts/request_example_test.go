package charts_test

import (
	"context"
	"fmt"

	"bjchart/charts"
	"bjchart/solve"
)

// ExampleCompareRequest compares a published chart with the solution of
// a game and reads what following it costs.
func ExampleCompareRequest() {
	q := charts.DefaultCompareRequest()
	q.Game = solve.Game{Rules: "INF S17 DAS"} // none: the chart's own rules header
	q.Chart = "thorp-1966-1deck"              // a name of the library; a face sets Published to a chart it read itself
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s under %s (from %s): %d differences beyond near-ties\n", d.Chart.Name, d.Solved.Rules, q.RulesFrom(), d.Beyond())
	// Output: thorp-1966-1deck under INF S17 DOA DAS SPL3 NS 3:2 PEEK (from the rules given): 14 differences beyond near-ties
}
