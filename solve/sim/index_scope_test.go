package sim

import (
	"bjchart/solve/casino"
	"testing"

	"bjchart/solve"
)

// TestIndexScopes: the plays each scope takes at a decision, on 6D S17
// DAS LS with the I18's and Fab 4's indices there (a surrender index
// listed after the hit/stand one of its hand, which must not hide it).
func TestIndexScopes(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS LS")
	tb := newTable(r, casino.NewDeck(nil), nil)
	indices := []IndexPlay{
		{Total: 15, Up: 10, Base: solve.Hit, Play: solve.Stand, At: 4},
		{Total: 10, Up: 10, Base: solve.Hit, Play: solve.Double, At: 4},
		{Total: 16, Up: 10, Base: solve.Hit, Play: solve.Stand, At: 0},
		{Pair: 10, Up: 6, Base: solve.Stand, Play: solve.Split, At: 4},
		{Total: 15, Up: 10, Base: solve.NoAction, Play: solve.Surrender, At: 0},
		{Total: 14, Up: 10, Base: solve.NoAction, Play: solve.Surrender, At: 3},
	}
	for _, c := range []struct {
		name        string
		a, b, up    int
		chart       solve.Action
		count       float64
		card, first solve.Action
	}{
		{"15 v T below its surrender index: not surrendered, hit", 6, 9, 10, solve.Surrender, -1, solve.Hit, solve.Surrender},
		{"15 v T at its surrender index", 6, 9, 10, solve.Surrender, 0.5, solve.Surrender, solve.Surrender},
		{"5,5 v T at +4: the hard 10's double", 5, 5, 10, solve.Hit, 4, solve.Double, solve.Hit},
		{"7,7 v T at +3: the hard 14's surrender", 7, 7, 10, solve.Hit, 3, solve.Surrender, solve.Hit},
		{"T,T v 6 at +4: its pair index", 10, 10, 6, solve.Stand, 4, solve.Split, solve.Split},
		{"16 v T, which the chart surrenders at every count", 6, 10, 10, solve.Surrender, 5, solve.Surrender, solve.Surrender},
		{"8,8 v T, split: no hard 16 index", 8, 8, 10, solve.Split, 5, solve.Split, solve.Split},
	} {
		total, soft := twoCards(c.a, c.b)
		card := tb.printedFirstPlay(indices, c.a, c.b, c.up, c.chart, c.count)
		first := tb.indexPlay(indices, c.a, c.b, c.up, total, soft, c.chart, c.count)
		if card != c.card || first != c.first {
			t.Errorf("%s: card %v, first play %v; want %v and %v", c.name, card, first, c.card, c.first)
		}
	}
	// After the first play: a three-card 16 v T stands at +0 and above
	// and hits below, whatever the chart's three-card play, and a split 5,5's hand 5,5 (at the limit)
	// is a hard 10 that doubles at +4 under DAS.
	tb.up = 10
	var h hand
	for _, c := range []int{5, 4, 7} {
		h.Add(casino.NewCard(c, 0))
	}
	if tb.printedHit(indices, &h, true, 1) {
		t.Errorf("three-card 16 v T at +1: hits, want it to stand")
	}
	if !tb.printedHit(indices, &h, true, -1) {
		t.Errorf("three-card 16 v T at -1: stands, want a hit")
	}
	if !tb.printedHit(indices, &h, false, -1) { // the chart stands (its three-card play): the card's "+0S" hits below +0 all the same
		t.Errorf("three-card 16 v T at -1 where the chart stands: stands, want a hit, as the card prints it")
	}
	split := hand{Split: true}
	split.Add(casino.NewCard(5, 0))
	split.Add(casino.NewCard(5, 1))
	if got := tb.printedSplitPlay(indices, &split, solve.Hit, true, 4); got != solve.Double {
		t.Errorf("split 5,5 at +4 under DAS: %v, want double", got)
	}
	if got := tb.printedSplitPlay(indices, &split, solve.Hit, false, 4); got != solve.Hit {
		t.Errorf("split 5,5 at +4 without DAS: %v, want hit", got)
	}
}
