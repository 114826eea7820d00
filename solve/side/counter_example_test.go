package side_test

import (
	"context"
	"fmt"

	"bjchart/solve/side"
)

// ExampleSimRequest plays a counter of 21+3 (100-40-30-10-5) through
// 5,000 six-deck shoes dealt to 75%, betting from a true count of +9.4 of
// the bet's own tags (its trigger, ExampleTriggerRequest), and playing
// the main game by the chart between bets. The bets' results agree with
// their exact EVs; their luck is far larger than their edge.
func ExampleSimRequest() {
	q := side.DefaultSimRequest()
	trigger := 9.4
	q.Shoes, q.Trigger = 5_000, &trigger
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rounds, %d bets (%.2f%% ± %.2f%%)\n", s.Rounds, s.Bets, 100*s.Frequency.Value, 100*s.Frequency.SE)
	fmt.Printf("exact edge when bet %+.2f%% ± %.2f%%, won %+.0f%% ± %.0f%%\n", 100*s.EV.Value, 100*s.EV.SE, 100*s.Won.Value, 100*s.Won.SE)
	fmt.Printf("check: %v\n", s.Check())
	// Output:
	// 215206 rounds, 825 bets (0.38% ± 0.03%)
	// exact edge when bet +2.09% ± 0.32%, won +5% ± 13%
	// check: <nil>
}
