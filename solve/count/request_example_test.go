package count_test

import (
	"context"
	"encoding/json"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/count"
)

// ExampleIndicesRequest computes the Illustrious 18's indices for a
// game, from the request's defaults (Hi-Lo, read at the decision,
// rounded to the nearest integer) with fewer shoes than the default 600 (50, the fewest it takes).
func ExampleIndicesRequest() {
	q := count.DefaultIndicesRequest()
	q.Game = solve.Game{Rules: "2D S17 DAS"}
	q.Set, q.Shoes = "i18", 50
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
	fmt.Println(res.Rules, res.System.Name, len(res.Indices), "decisions")
	// Output: 2D S17 DOA DAS SPL3 NS 3:2 PEEK hilo 18 decisions
}

// ExampleIndicesMergeRequest splits an index run in two parts, as two
// machines would run them, and merges them: the table is the whole
// run's. The parts travel as JSON (here in memory; 'bjchart indices
// --shard i/n' writes them to files).
func ExampleIndicesMergeRequest() {
	files := map[string][]byte{}
	for _, shard := range []string{"1/2", "2/2"} {
		q := count.DefaultIndicesRequest()
		q.Game = solve.Game{Rules: "2D S17 DAS"}
		q.Set, q.Shoes, q.Shard = "i18", 50, shard
		job, err := q.Check()
		if err != nil {
			fmt.Println(err)
			return
		}
		job.Version = "example"
		part, err := job.RunPart(context.Background(), nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		files[shard], _ = json.Marshal(part)
	}
	read := func(name string) ([]byte, error) { return files[name], nil }
	job, err := count.IndicesMergeRequest{Parts: []string{"1/2", "2/2"}, Read: read}.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Rules, res.Shoes, "shoes,", len(res.Indices), "decisions")
	// Output: 2D S17 DOA DAS SPL3 NS 3:2 PEEK 50 shoes, 18 decisions
}

// ExampleCorrelationRequest measures how well Hi-Lo tracks a single-deck
// game: its betting correlation, playing efficiency and insurance
// correlation.
func ExampleCorrelationRequest() {
	job, err := count.CorrelationRequest{Game: solve.Game{Rules: "1D S17 NDAS"}, Count: "hilo"}.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := res.Counts[0]
	fmt.Printf("%s: betting %.2f, playing %.2f, insurance %.2f\n", c.Name, c.Betting, c.Playing, c.Insurance)
	// Output: hilo: betting 0.97, playing 0.49, insurance 0.76
}
