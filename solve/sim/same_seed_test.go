package sim_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"bjchart/solve"
	"bjchart/solve/casino"
	"bjchart/solve/count"
	"bjchart/solve/drill"
	"bjchart/solve/sim"
)

// TestSameSeedsSameRounds deals the same seeds through the simulator and
// the trainer's table: the simulator plays each round by the chart (with
// insurance at a Hi-Lo true count of +3), and the table is given the same
// moves. Every round must deal the same cards to the player and the
// dealer, settle to the same net (the table's balance moves by it) and
// leave the same Hi-Lo running count, over rule sets that reach every
// part of the round: peek, ENHC and OBO, early and late surrender, DAS,
// resplit aces, hits of split aces, doubles on any cards and rescues.
func TestSameSeedsSameRounds(t *testing.T) {
	rounds := 3000
	if sim.Long() {
		rounds = 60_000
	}
	hilo := count.Systems["hilo"]
	insureAt := 3.0
	ranOut := 0
	for i, rules := range []string{
		"1D S17 DAS", "1D H17 RSA HSA LS", "2D H17 DAS ES", "6D S17 DAS LS", "8D H17 ENHC DAS",
		"6D H17 OBO DAS LS", "2D S17 DANY RESCUE", "4D H17 SPL3 RSA DAS LS 6:5",
		"1D H17 DAS RSA SPL3", // dealt to 92%: rounds that run the shoe out, its discards shuffled
	} {
		penetration := 0.75
		if i == 8 {
			penetration = 0.92
		}
		r, err := solve.ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		chart, err := sim.NewChart(tab)
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(1000 + i)
		table := drill.NewTable(r, seed, 1e6, 1, penetration)
		n := 0
		check := func(g *casino.Table, insured []bool, plays []solve.Action) {
			n++
			if t.Failed() {
				return
			}
			before := table.Balance
			if err := table.Do(drill.Move{Bet: 1}); err != nil {
				t.Fatalf("%s round %d: bet: %v", rules, n, err)
			}
			for _, take := range insured {
				m := drill.Move{Insure: -1}
				if take {
					m.Insure = 1
				}
				if err := table.Do(m); err != nil {
					t.Fatalf("%s round %d: insurance: %v", rules, n, err)
				}
			}
			for _, a := range plays {
				if err := table.Do(drill.Move{Play: a}); err != nil {
					t.Fatalf("%s round %d: %v: %v", rules, n, a, err)
				}
			}
			if table.Phase != drill.Betting {
				t.Fatalf("%s round %d: the table waits (phase %d) where the simulator's round is over", rules, n, table.Phase)
			}
			seat := &g.Seats[0]
			if got, want := roundText(table.Round), simRoundText(g); got != want {
				t.Fatalf("%s round %d: the table dealt %s, the simulator %s", rules, n, got, want)
			}
			if got, want := table.Balance-before, seat.Net+seat.InsuranceNet; math.Abs(got-want) > 1e-6 { // the balance carries a million units
				t.Fatalf("%s round %d: the table's balance moved %v, the simulator's net %v", rules, n, got, want)
			}
			ranOut += g.RanOut()
			rc, _, _, _ := table.HiLo() // the cards seen since the shuffle: a shoe run out keeps the table's cards as seen
			if got := g.Shoe.RunningCount(); got != rc {
				t.Fatalf("%s round %d: the simulator's running count %v, the table's %v", rules, n, got, rc)
			}
		}
		cfg := sim.Config{Rules: r, Penetration: penetration, Rounds: int64(rounds), Seed: seed, StreamBase: drill.TableStream, Shards: 1,
			Count: &sim.Count{Name: "hilo", Tags: hilo.Tags, Balanced: true}, InsureAt: &insureAt}
		res, err := sim.Run(context.Background(), sim.Watch(cfg, check), chart, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n != rounds || res.Rounds != int64(rounds) {
			t.Fatalf("%s: %d rounds watched, %d played; want %d", rules, n, res.Rounds, rounds)
		}
		if got, want := table.Balance-1e6, res.Net; math.Abs(got-want) > 1e-4 {
			t.Errorf("%s: the table's balance moved %v over the rounds, the simulator won %v", rules, got, want)
		}
	}
	if ranOut == 0 {
		t.Errorf("no round ran the shoe out: the discards' shuffle went untested")
	}
}

// roundText writes a table's round: the player's hands and the dealer's
// cards.
func roundText(rd *drill.Round) string {
	s := ""
	for _, h := range rd.Hands {
		s += fmt.Sprint(h.Cards) + " "
	}
	return s + "v " + fmt.Sprint(rd.Dealer)
}

// simRoundText writes the round engine's round as roundText does.
func simRoundText(g *casino.Table) string {
	s := ""
	ranks := func(cards []casino.Card) []solve.Rank {
		var out []solve.Rank
		for _, c := range cards {
			out = append(out, solve.Rank(c.Value()))
		}
		return out
	}
	if len(g.Hands) == 0 {
		s += fmt.Sprint(ranks([]casino.Card{g.Seats[0].A, g.Seats[0].B})) + " "
	}
	for i := range g.Hands {
		s += fmt.Sprint(ranks(g.Hands[i].Cards[:g.Hands[i].N])) + " "
	}
	return s + "v " + fmt.Sprint(ranks(g.Dealer.Cards[:g.Dealer.N]))
}
