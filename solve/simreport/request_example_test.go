package simreport_test

import (
	"context"
	"fmt"

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
