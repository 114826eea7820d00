package simreport_test

import (
	"context"
	"fmt"
	"math"

	"bjchart/solve"
	"bjchart/solve/simreport"
)

// ExampleMergeRequest joins the parts of a simulation split across
// machines ('bjchart sim --rounds 100M --shard i/n --format json >
// partI.json' on each) into the report of one run, as 'bjchart sim merge
// part*.json' does. It needs the parts' files, so it is compiled, not run.
func ExampleMergeRequest() {
	job, err := simreport.MergeRequest{Parts: []string{"part1.json", "part2.json"}}.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d rounds, EV %+.4f ± %.4f units a round\n", rep.Rules, rep.Rounds, rep.EV, rep.SE)
}

// ExampleRequest simulates a game by its solved chart and sets the
// simulated EV beside the chart's exact one.
func ExampleRequest() {
	q := simreport.DefaultRequest()
	q.Sim.Game, q.Sim.Rounds, q.Sim.Seed = solve.Game{Rules: "6D S17 DAS LS"}, 200_000, 7
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rounds of %s; within 3 SE of the exact EV: %v\n", rep.Rounds, rep.Strategy, math.Abs(rep.EV-rep.ExactEV) < 3*rep.SE)
	// Output: 200000 rounds of solved; within 3 SE of the exact EV: true
}

// ExampleEMCTSCheckRequest checks a request for Itoh 2023's tree search
// against the exact best play ('bjchart emcts-check'): every setting it
// will search, found before anything is solved.
func ExampleEMCTSCheckRequest() {
	q := simreport.DefaultEMCTSCheckRequest()
	q.Game, q.C = solve.Game{Rules: "6D S17 NDAS SPL1 LS"}, "1,3"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(job.Rules, "-", len(job.Settings), "settings,", job.Runs, "searches a position")
	// Output: 6D S17 DOA NDAS SPL1 LS 3:2 PEEK - 2 settings, 5 searches a position
}
