package house_test

import (
	"context"
	"fmt"

	"bjchart/solve/house"
)

// ExampleRequest solves the house game with the dealer it designed, in
// an infinite deck.
func ExampleRequest() {
	q := house.DefaultRequest()
	q.Rules = "HOUSE INF DESIGNED"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("flat bet %+.3f%% a point; best bets %+.2f%% a point bet\n", 100*sol.Flat.EV, 100*sol.PerPoint)
	// Output:
	// flat bet +0.307% a point; best bets +22.19% a point bet
}
