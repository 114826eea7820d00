package drill_test

import (
	"context"
	"fmt"

	"bjchart/solve"
	"bjchart/solve/drill"
)

// ExampleRequest deals a drill's first hand of a game, answers it and
// reads the grade: the chart's play, and what the answer gave up on the
// hand.
func ExampleRequest() {
	q := drill.DefaultRequest()
	q.Game = solve.Game{Rules: "INF S17 DAS"}
	q.Hands, q.Seed = 1, 4
	s, err := q.Start(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	h, _, err := s.Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	g := s.Grade(h, solve.Hit)
	fmt.Printf("%v (%s): the chart plays %v; hit is right: %v, gives up %.4f\n", h, h.Cell, g.Chart, g.Correct, g.Cost)
	// Output: 7,T v 9 (hard 17): the chart plays stand; hit is right: false, gives up 0.1305
}
