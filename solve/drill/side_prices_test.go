package drill

import (
	"context"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/side"
)

// TestSidePrices: after a round, each bet on the first cards is priced on the cards the
// player has not seen, as 'bjchart side BET --shoe' prices that shoe,
// and the round's cards moved the prices off the full shoe's.
func TestSidePrices(t *testing.T) {
	q := DefaultTableRequest()
	q.Game.Rules, q.Seed = "1D S17 DAS", 23
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Do(Move{Bet: 10}); err != nil {
		t.Fatal(err)
	}
	for i := 0; tb.Phase != Betting && i < 20; i++ { // stand (declining insurance) until the round ends
		switch tb.Phase {
		case Insuring:
			err = tb.Do(Move{Insure: -1})
		default:
			err = tb.Do(Move{Play: solve.Stand})
		}
		if err != nil {
			t.Fatalf("the round: %v", err)
		}
	}
	prices := tb.SidePrices()
	if len(prices) != len(side.Bets())-1 {
		t.Fatalf("%d bets priced, want every bet on the first cards (%d)", len(prices), len(side.Bets())-1)
	}
	shoe, err := side.RankShoe(1, tb.unseen())
	if err != nil {
		t.Fatal(err)
	}
	moved := false
	for _, p := range prices {
		b, _ := side.LookupBet(p.Bet)
		want, _ := side.Evaluate(b, b.Tables[0], shoe, side.Rules{})
		full, _ := side.Evaluate(b, b.Tables[0], side.NewShoe(1), side.Rules{})
		if p.EV != want.EV {
			t.Errorf("%s: priced %v, the shoe left's value %v", p.Bet, p.EV, want.EV)
		}
		moved = moved || math.Abs(p.EV-full.EV) > 1e-9
	}
	if !moved {
		t.Error("every price is the full shoe's after a round was dealt")
	}
}
