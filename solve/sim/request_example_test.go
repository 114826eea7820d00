package sim_test

import (
	"context"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/sim"
)

// ExampleRequest simulates a counter's game from a request: the
// request's checks, then its configuration for the simulator, playing
// the solved chart.
func ExampleRequest() {
	q := sim.DefaultRequest()
	q.Game = solve.Game{Rules: "1D S17 DAS"}
	q.Rounds, q.Count, q.Ramp = 100_000, "hilo", "-100:1,1:2,2:4"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := solve.Solve(job.Rules)
	if err != nil {
		fmt.Println(err)
		return
	}
	chart, err := sim.NewChart(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sim.Run(context.Background(), job.Config(), chart, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Rounds, "rounds at", job.Penetration, "penetration")
	q.Ramp = "1:0"
	fmt.Println(q.Validate())
	// Output:
	// 100000 rounds at 0.75 penetration
	// ramp "1:0": every bet is 0, so no round is ever played
}
