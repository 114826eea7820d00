package holdem_test

import (
	"context"
	"fmt"

	"bjchart/solve/holdem"
)

// ExampleEquityRequest: a range against a range on a flop, exact.
func ExampleEquityRequest() {
	q := holdem.DefaultEquityRequest()
	q.Ranges, q.Board = []string{"AKs,QQ+", "22+,ATs+"}, "Kh7d2c"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exact %v: %.4f%% against %.4f%%\n", res.Exact, 100*res.Players[0].Equity, 100*res.Players[1].Equity)
	// Output:
	// exact true: 80.0526% against 19.9474%
}

// ExampleNashRequest: the push-or-fold equilibrium at 10 big blinds.
func ExampleNashRequest() {
	job, err := holdem.DefaultNashRequest().Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.0f big blinds: exploitability below 0.001: %v\n", res.Nash.Stack, res.Nash.Exploitability < 0.001)
	// Output:
	// 10 big blinds: exploitability below 0.001: true
}
