package render

import (
	"testing"

	"bjchart/solve/house"
)

// TestHouseGrid: the heatmap's grid is the solution's value by first card
// and up card, a row and a column for each rank the deck holds (no
// joker without jokers), each cell labelled with its row's bet.
func TestHouseGrid(t *testing.T) {
	for _, rules := range []string{"HOUSE INF", "INF BET=1-3"} {
		r, _ := house.ParseRules(rules)
		sol, err := house.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		g := HouseReport{Solution: sol}.Grid()
		want := 11
		if r.Jokers == 0 {
			want = 10
		}
		if c, n := g.Dims(); c != want || n != want {
			t.Errorf("%s: %dx%d grid, want %dx%d", rules, c, n, want, want)
		}
		if got, w := g.Values[0][1], sol.ByUp[house.Ace][1].EV; got != w {
			t.Errorf("%s: A v 2 = %v, want %v", rules, got, w)
		}
		if got := g.Codes[0][0]; got != "bet "+string(rune('0'+sol.First[house.Ace].Bet)) {
			t.Errorf("%s: A v A labelled %q", rules, got)
		}
	}
}
