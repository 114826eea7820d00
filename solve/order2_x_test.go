package solve

import (
	"fmt"
	"testing"
)

func TestNeedX(t *testing.T) {
	for _, rs := range []string{"6D", "1D SPL1"} {
		r, _ := ParseRules(rs)
		lay := newLayout(r, NewShoe(r.Decks))
		full := make([]bool, len(lay.comps))
		used := make([]bool, len(lay.comps))
		shapes := []*shape{lay.base}
		for c := range lay.splits {
			for _, s := range lay.splits[c] {
				if s != nil {
					shapes = append(shapes, s)
				}
			}
		}
		for _, s := range shapes {
			for i := range s.nodes {
				n := &s.nodes[i]
				if n.comp < 0 {
					continue
				}
				used[n.comp] = true
				if n.total() >= 17 {
					full[n.comp] = true
				}
			}
		}
		nf := 0
		for _, f := range full {
			if f {
				nf++
			}
		}
		// subtree need
		sub := make([]bool, len(lay.trie))
		var walk func(t int32) bool
		walk = func(t int32) bool {
			x := false
			if c := lay.trie[t].comp; c >= 0 {
				x = full[c]
			}
			for _, ch := range lay.trie[t].next {
				if ch != 0 && walk(ch) {
					x = true
				}
			}
			sub[t] = x
			return x
		}
		walk(0)
		ns := 0
		for _, x := range sub {
			if x {
				ns++
			}
		}
		lv := dealerLevelsFor(false, 2)
		var frac [10]float64
		for r := 0; r < 10; r++ {
			b := lv.first[r][DealerBust+1] - lv.first[r][DealerBust]
			frac[r] = float64(b) / float64(lv.first[r][DealerBlackjack])
		}
		fmt.Println(rs, "comps", len(lay.comps), "full", nf, "trie", len(lay.trie), "subtree-full", ns, "bust frac by level (up 2)", frac)
	}
}
