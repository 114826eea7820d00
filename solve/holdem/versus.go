package holdem

import (
	"bjchart/solve/panics"
	"fmt"
	"runtime"
)

// Versus is the exact tally of hands a against hands b heads up: every
// pair of them that shares no card, equally likely, and every board of
// the 48 cards left. Pairs alike up to the suits are dealt out once and
// counted as often as they occur.
func Versus(a, b []Hand) (Tally, error) {
	type pair struct{ a, b uint64 }
	weights := map[pair]int64{}
	var order []pair // first seen first: the same sums every run
	for _, x := range a {
		for _, y := range b {
			if x.mask()&y.mask() != 0 {
				continue
			}
			best := pair{x.mask(), y.mask()}
			for _, p := range suitPerms {
				q := pair{permute(x.mask(), p), permute(y.mask(), p)}
				if q.a < best.a || q.a == best.a && q.b < best.b {
					best = q
				}
			}
			if weights[best] == 0 {
				order = append(order, best)
			}
			weights[best]++
		}
	}
	if len(order) == 0 {
		return Tally{}, fmt.Errorf("the hands share cards: no deal has both")
	}
	var out Tally
	for _, p := range order {
		t := versusHands(handOf(p.a), handOf(p.b))
		out.Wins += weights[p] * t.Wins
		out.Ties += weights[p] * t.Ties
		out.Total += weights[p] * t.Total
	}
	return out, nil
}

// handOf is the hand of a two-card set.
func handOf(m uint64) Hand {
	a := trailing(m)
	return NewHand(Card(a), Card(trailing(m&^(1<<a))))
}

// versusHands deals every board of the 48 cards left to two hands, on
// every core.
func versusHands(x, y Hand) Tally {
	var deck []Card
	for c := Card(0); c < 52; c++ {
		if (x.mask()|y.mask())&(1<<c) == 0 {
			deck = append(deck, c)
		}
	}
	n := runtime.GOMAXPROCS(0)
	tallies := make([]Tally, n)
	var wg panics.Group // a worker's panic raised again by Wait
	for w := range n {
		wg.Go(func() {
			t := &tallies[w]
			for i := w; i < len(deck); i += n { // the board's first card
				var b0 set
				b0.add(deck[i])
				for j := i + 1; j < len(deck); j++ {
					b1 := b0
					b1.add(deck[j])
					for k := j + 1; k < len(deck); k++ {
						b2 := b1
						b2.add(deck[k])
						for l := k + 1; l < len(deck); l++ {
							b3 := b2
							b3.add(deck[l])
							for m := l + 1; m < len(deck); m++ {
								b4 := b3
								b4.add(deck[m])
								rx, ry := b4.evalWith(x), b4.evalWith(y)
								switch {
								case rx > ry:
									t.Wins++
								case rx == ry:
									t.Ties++
								}
							}
						}
					}
				}
			}
			t.Total = 0
		})
	}
	wg.Wait()
	var out Tally
	for _, t := range tallies {
		out.Wins += t.Wins
		out.Ties += t.Ties
	}
	out.Total = boardsBetween
	return out
}
