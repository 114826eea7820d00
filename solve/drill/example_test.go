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
	h, _, err := s.Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	g := s.Grade(h, solve.Hit)
	fmt.Printf("%v (%s): the chart plays %v; hit is right: %v, gives up %.4f\n", h, h.Cell, g.Chart, g.Correct, g.Cost)
	// Output: 7,T v 9 (hard 17): the chart plays stand; hit is right: false, gives up 0.1305
}

// ExampleTableRequest sits at a one-deck table, bets 10 and splits the
// pair dealt, then values the first split hand's plays on the cards left
// (Advise, as 'bjchart hand --shoe' values them) and plays the best.
func ExampleTableRequest() {
	q := drill.DefaultTableRequest()
	q.Game = solve.Game{Rules: "1D S17 DAS"}
	q.Seed, q.Moves = 27731, "b10 p"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _ := t.Pending()
	chart, err := solve.Solve(t.Rules)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := drill.Advise(context.Background(), t.Rules, d, chart)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s v %v (split): best %v %+.4f, chart %v; balance %s\n", drill.CardList(d.Cards), d.Up, a.Best, a.EV[a.Best], a.Chart, drill.Units(t.Balance))
	if err := t.Do(drill.Move{Play: a.Best}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves:", drill.MovesText(t.Moves))
	// Output:
	// A,3 v 6 (split): best double +0.2573, chart double; balance 980
	// moves: b10 p d
}

// ExampleIndexRequest deals index drills: a decision of the index plays at
// a true count, and the play that count calls for.
func ExampleIndexRequest() {
	q := drill.DefaultIndexRequest()
	q.Game, q.Drills, q.Seed = solve.Game{Rules: "6D S17 DAS LS"}, 3, 2
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	drills, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range drills {
		fmt.Printf("%s at %+d: %s\n", d.Hand, d.TrueCount, d.Want)
	}
	// Output:
	// 12 v 4 at +2: S
	// 16 v T at -3: R
	// T,T v 6 at +7: P
}

// ExampleCountRequest deals counting drills: the cards shown and the
// running count they leave.
func ExampleCountRequest() {
	q := drill.DefaultCountRequest()
	q.Game, q.Count, q.Cards, q.Drills, q.Seed = solve.Game{Rules: "6D"}, "hilo", 10, 2, 1 // seed 0 would be a fresh one
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	drills, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range drills {
		fmt.Printf("%d cards: running count %+g, %d left\n", len(d.Cards), d.Running, d.Left)
	}
	// Output:
	// 10 cards: running count +1, 302 left
	// 10 cards: running count -2, 302 left
}
