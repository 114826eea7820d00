package count_test

import (
	"context"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/count"
)

// ExampleShoeRequest asks for the shoe a Hi-Lo true count of +3 typically
// leaves halfway through six decks, to solve the chart for it.
func ExampleShoeRequest() {
	q := count.DefaultShoeRequest()
	q.Count, q.TC = "hilo", "+3"
	r, err := solve.ParseRules("6D S17 DAS")
	if err != nil {
		fmt.Println(err)
		return
	}
	shoe, line, err := q.Shoe(r, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(shoe.Total(), "cards left")
	fmt.Println(line)
	// Output:
	// 156 cards left
	// the shoe a hilo true count of +3 typically leaves with 50% dealt (true count +3.33 in whole cards)
}

// ExampleChartRequest solves the chart for the shoe a Hi-Lo true count
// of +3 typically leaves halfway through six decks.
func ExampleChartRequest() {
	q := count.DefaultChartRequest()
	q.Game.Rules = "6D S17 DAS"
	q.Shoe.Count, q.Shoe.TC = "hilo", "+3"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(job.Note)
	t, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Rules, "from", job.Options.Shoe.Total(), "cards")
	// Output:
	// the shoe a hilo true count of +3 typically leaves with 50% dealt (true count +3.33 in whole cards)
	// 6D S17 DOA DAS SPL3 NS 3:2 PEEK from 156 cards
}
