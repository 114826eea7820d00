package solve_test

import (
	"context"
	"fmt"

	"bjchart/solve"
)

// ExampleRequest solves a game's table: the chart, every cell's EVs and
// the round's EV.
func ExampleRequest() {
	q := solve.DefaultRequest()
	q.Game = solve.Game{Rules: "1D H17 DAS"}
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
	fmt.Printf("%s: player's EV %+.4f%% a round\n", t.Rules, 100*t.EV)
	// Output: 1D H17 DOA DAS SPL3 NS 3:2 PEEK: player's EV -0.0270% a round
}

// ExampleHandRequest asks about one hand: every action's EV and the
// best play.
func ExampleHandRequest() {
	q := solve.DefaultHandRequest()
	q.Game = solve.Game{Rules: "INF H17 DAS LS"}
	q.Hand = "T,6 v T"
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
	l := res.Lookup
	fmt.Printf("best %v: stand %+.4f, hit %+.4f, surrender %+.4f\n", l.Best, l.EV[solve.Stand], l.EV[solve.Hit], l.EV[solve.Surrender])
	// Output: best surrender: stand -0.5404, hit -0.5398, surrender -0.5000
}

// ExampleDealerRequest asks how the dealer's hand ends under each up
// card: here how often a six up busts.
func ExampleDealerRequest() {
	q := solve.DefaultDealerRequest()
	q.Game = solve.Game{Rules: "6D S17"}
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
	fmt.Printf("6 up busts %.2f%% of the time\n", 100*rep.Outcomes[5][solve.DealerBust])
	// Output: 6 up busts 42.28% of the time
}

// ExampleEffectsRequest prices each rule of a game, one rule changed at
// a time (the Wizard of Odds' rule-variation table, for any game).
func ExampleEffectsRequest() {
	q := solve.DefaultEffectsRequest()
	q.Game = solve.Game{Rules: "INF H17 DAS LS"}
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
	for _, e := range rep.Effects {
		if e.Token == "6:5" || e.Token == "S17" {
			fmt.Printf("%s: %+.3f%%\n", e.Token, 100*e.Change)
		}
	}
	// Output:
	// S17: +0.203%
	// 6:5: -1.353%
}

// ExampleGridRequest solves a grid of games: soft 17, DAS and surrender
// at each deck count.
func ExampleGridRequest() {
	q := solve.DefaultGridRequest()
	q.Decks = "inf"
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
	fmt.Printf("%d games; %s: %+.3f%%\n", len(res), res[0].Rules, 100*res[0].EV)
	// Output: 8 games; INF S17 DOA DAS SPL3 NS 3:2 PEEK: -0.512%
}
