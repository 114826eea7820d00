package casino_test

import (
	"fmt"
	"math/rand/v2"

	"bjchart/solve"
	"bjchart/solve/casino"
)

// ExampleTable deals a round at a six-deck table to two players, one of
// them with a side bet, and plays it one decision at a time: every hand
// hits below 17 and stands on the rest, and insurance is declined. The
// same seed deals the same cards, to the simulator and the trainer's
// table alike.
func ExampleTable() {
	r, _ := solve.ParseRules("6D H17 DAS LS")
	shoe := casino.NewShoe(r.FullShoe(), false, 0.75, rand.NewPCG(16, 0))
	t := casino.NewTable(r, shoe)
	t.SideBets = [][]casino.SideStake{nil, {{Bet: pairBet{}, Stake: 1}}}
	t.Deal([]float64{10, 10})
	for t.Phase != casino.Betting {
		if t.Phase == casino.Insuring {
			t.Insure(false)
			continue
		}
		if total, _ := t.InPlay().Total(); total < 17 {
			t.Play(solve.Hit)
		} else {
			t.Play(solve.Stand)
		}
	}
	fmt.Println("dealer", t.Dealer.Cards[:t.Dealer.N], "total", t.DealerTotal)
	for _, h := range t.Hands {
		fmt.Println("player", t.Seats[h.Seat].Player, h.Cards[:h.N], h.Result, h.Net)
	}
	fmt.Println("side bet", t.Seats[1].Side[0].Net)
	// Output:
	// dealer [4s 8s 7c] total 19
	// player 0 [6s 4h 8c] loses -10
	// player 1 [Qs Qc] wins 10
	// side bet 5
}

// pairBet pays 5 to 1 on a pair of the player's first two cards, by rank.
type pairBet struct{}

func (pairBet) Settle(cards []casino.Card) float64 {
	if cards[0].Rank() == cards[1].Rank() {
		return 5
	}
	return -1
}

func (pairBet) OnDealerHand() bool { return false }
