package render

import (
	"bytes"
	"strings"
	"testing"

	"bjchart/solve/house"
)

// TestHouseCardGolden compares the text of the house game's card (infinite deck,
// the built dealer) with its golden file, and checks the card is the same
// bytes twice.
func TestHouseCardGolden(t *testing.T) {
	r, err := house.ParseRules("HOUSE INF")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := house.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	pdf := func() []byte {
		var b bytes.Buffer
		if err := HouseCard(&b, sol, CardOptions{Size: "letter", Version: "test"}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a := pdf()
	if !bytes.Equal(a, pdf()) {
		t.Error("the same card twice gives different bytes")
	}
	if !goldenText(t, "house-card-seed002-inf.txt", strings.Join(pdfText(t, a), "\n--- page ---\n")) {
		return
	}
	if err := HouseCard(&bytes.Buffer{}, sol, CardOptions{Size: "wallet"}); err == nil {
		t.Error("HouseCard accepted size wallet")
	}
}

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
		g := HouseGrid(sol)
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
