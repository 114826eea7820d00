package side

import (
	"math"
	"testing"

	"bjchart/solve/casino"
)

// TestSettlerPaysEvaluate: a Settler settles every ordered deal of one
// deck's cards as its bet and pay table pay them, so the mean of its
// settlements over all of them is the bet's exact return (Evaluate, in
// exact fractions). Bets on three cards always; Lucky Ladies' four cards
// (6.5 million deals) with -long.
func TestSettlerPaysEvaluate(t *testing.T) {
	for _, b := range Bets() {
		if b.dealer || len(b.Cards) == 4 && !*long {
			continue
		}
		for _, tab := range b.Tables {
			s := NewSettler(b, tab)
			rep, err := Evaluate(b, tab, NewShoe(1), Rules{})
			if err != nil {
				t.Fatal(err)
			}
			sum, n := 0.0, 0
			var deal [4]casino.Card
			var walk func(k int, used uint64)
			walk = func(k int, used uint64) {
				if k == len(b.Cards) {
					sum += s.Settle(deal[:k])
					n++
					return
				}
				for c := range 52 {
					if used&(1<<c) == 0 {
						deal[k] = casino.Card(c)
						walk(k+1, used|1<<c)
					}
				}
			}
			walk(0, 0)
			if got := sum / float64(n); math.Abs(got-rep.EV) > 1e-12 {
				t.Errorf("%s at %s: the mean settlement over one deck's %d deals %v, the exact return %v", b.Name, tab.Name, n, got, rep.EV)
			}
		}
	}
}
