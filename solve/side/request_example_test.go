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

// ExampleCardRequest values every side bet at a six-deck game: the house
// edge of each on its usual table and, for a bet with a count of its own,
// where it turns (from 20,000 shoes here; the card's default is 200,000).
func ExampleCardRequest() {
	q := side.DefaultCardRequest()
	q.Rules, q.Shoes = "6D H17 DAS LS", 20_000
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range c.Rows[:3] {
		trigger := "no count of its own"
		if r.Count != nil {
			trigger = fmt.Sprintf("trigger %+.1f ± %.1f", r.TC, r.SE)
		}
		fmt.Printf("%s %s: house edge %.2f%%, %s\n", r.Bet.Name, r.Table.Name, -100*r.EV, trigger)
	}
	// Output:
	// 21+3 100-40-30-10-5: house edge 4.62%, trigger +9.3 ± 0.2
	// perfect-pairs 25-12-6: house edge 6.11%, no count of its own
	// lucky-ladies 1000-125-19-9-4: house edge 24.71%, trigger +5.6 ± 0.0
}
