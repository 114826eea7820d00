package risk_test

import (
	"context"
	"encoding/json"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/risk"
)

// ExampleRequest works a counter's game out from the request's defaults
// (Hi-Lo dealt to 75%, bets of 1 to 12 units, the chart played) with
// fewer exact shoes and rounds than the defaults (300 and 10M): the edge
// by count measured, the ramp decided on it and played.
func ExampleRequest() {
	q := risk.DefaultRequest()
	q.Game = solve.Game{Rules: "1D S17 DAS LS"}
	q.Shoes, q.Rounds = 20, 100_000
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
	fmt.Println(res.Rules, "-", res.Game.Rounds, "rounds measured,", res.Figures.SimulatedRounds, "played")
	// Output: 1D S17 DOA DAS SPL3 LS 3:2 PEEK - 100000 rounds measured, 400000 played
}

// ExampleMergeRequest splits a risk run across two machines: each
// measures its part, a merge joins them into the measured game, and a
// play decides the ramp on all of it and plays it (whole here; in parts
// with PlayRequest.RunPart and a second merge). The files travel as JSON
// (here in memory; 'bjchart risk --shard i/n' writes them).
func ExampleMergeRequest() {
	files := map[string][]byte{}
	read := func(name string) ([]byte, error) { return files[name], nil }
	for _, shard := range []string{"1/2", "2/2"} {
		q := risk.DefaultRequest()
		q.Game = solve.Game{Rules: "1D S17 DAS LS"}
		q.Shoes, q.Rounds, q.Shard, q.Version = 20, 100_000, shard, "example"
		job, err := q.Check()
		if err != nil {
			fmt.Println(err)
			return
		}
		part, err := job.RunPart(context.Background(), nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		files[shard], _ = json.Marshal(part)
	}
	merge, err := risk.MergeRequest{Parts: []string{"1/2", "2/2"}, Version: "example", Read: read}.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	merged, err := merge.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	files["measured"], _ = json.Marshal(merged.Measured)
	play, err := risk.PlayRequest{Measured: "measured", Version: "example", Read: read}.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := play.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(merged.Measured.Parts, "parts,", res.Game.Rounds, "rounds measured,", res.Figures.SimulatedRounds, "played")
	// Output: 2 parts, 100000 rounds measured, 400000 played
}
