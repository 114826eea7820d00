package house

import (
	"fmt"
	"testing"
)

// TestDesignedSlides reads the designed dealer's slides back, case by
// case: the chance of hitting at a dealer total, given the player's
// visible cards (X, then Y, Z, F from the third card on) and the dealer's
// first card.
func TestDesignedSlides(t *testing.T) {
	tests := []struct {
		slide             string
		n, x, y, z, f, up int
		dealerCards       int
		total             int
		want              float64
	}{
		{"1 premise", 2, 2, 0, 0, 0, 10, 2, 11, 1},
		{"2 i A", 2, 1, 0, 0, 0, 5, 2, 17, 1},
		{"2 i A", 2, 1, 0, 0, 0, 5, 2, 18, 0},
		{"2 ii 2", 2, 2, 0, 0, 0, 5, 2, 12, 0},
		{"2 iii 3", 2, 3, 0, 0, 0, 5, 2, 13, 1},
		{"2 iii 3", 2, 3, 0, 0, 0, 5, 2, 14, 0},
		{"3 iv 4", 2, 4, 0, 0, 0, 5, 2, 13, 1},
		{"3 v 5", 2, 5, 0, 0, 0, 5, 2, 14, 1},
		{"3 v 5", 2, 5, 0, 0, 0, 5, 2, 15, 0},
		{"3 vi 6", 2, 6, 0, 0, 0, 5, 2, 15, 1},
		{"3 vii 7", 2, 7, 0, 0, 0, 5, 2, 16, 1},
		{"3 vii 7", 2, 7, 0, 0, 0, 5, 2, 17, 0},
		{"4 viii 8 (a)", 2, 8, 0, 0, 0, 8, 2, 16, 1},
		{"4 viii 8 (a)", 2, 8, 0, 0, 0, 8, 2, 17, 0.5},
		{"4 viii 8 (a)", 2, 8, 0, 0, 0, 9, 2, 17, 0.5},
		{"4 viii 8 (a)", 2, 8, 0, 0, 0, 10, 2, 18, 0},
		{"4 viii 8 (b)", 2, 8, 0, 0, 0, 7, 2, 16, 1},
		{"4 viii 8 (b)", 2, 8, 0, 0, 0, 7, 2, 17, 0},
		{"5 ix 9 (a)", 2, 9, 0, 0, 0, 6, 2, 17, 1},
		{"5 ix 9 (a)", 2, 9, 0, 0, 0, 6, 2, 18, 0},
		{"6 i X+Y>=17", 3, 10, 7, 0, 0, 5, 2, 12, 0},
		{"6 i X+Y>=17", 3, 10, 7, 0, 0, 5, 2, 11, 1},
		{"6 ii 16 (a)", 3, 9, 7, 0, 0, 5, 2, 15, 1},
		{"6 ii 16 (a)", 3, 9, 7, 0, 0, 5, 2, 16, 0},
		{"6 ii 16 (b)", 3, 8, 8, 0, 0, 5, 2, 12, 0},
		{"6 iii 15 (a)", 3, 8, 7, 0, 0, 5, 2, 15, 1},
		{"6 iii 15 (b)", 3, 7, 8, 0, 0, 5, 2, 15, 0.5},
		{"6 iii 15 (b)", 3, 7, 8, 0, 0, 5, 2, 12, 0.5},
		{"6 iii 15 (c)", 3, 6, 9, 0, 0, 5, 2, 12, 0},
		{"7 iv 14 (a)", 3, 6, 8, 0, 0, 5, 2, 15, 1},
		{"7 iv 14 (b)", 3, 5, 9, 0, 0, 5, 2, 15, 0.5},
		{"7 v 13 (a)", 3, 4, 9, 0, 0, 5, 2, 15, 1},
		{"7 v 13 (a)", 3, 4, 9, 0, 0, 5, 2, 16, 0},
		{"7 v 13 (b)", 3, 3, 10, 0, 0, 5, 2, 15, 0.5},
		{"8 i X+Y>=20", 4, 10, 10, 1, 0, 5, 2, 12, 0},
		{"8 ii 19 (a)", 4, 10, 9, 1, 0, 5, 2, 20, 1},
		{"8 ii 19 (b)", 4, 10, 9, 2, 0, 5, 2, 12, 0},
		{"8 iii 18 (a)", 4, 10, 8, 1, 0, 5, 2, 19, 1},
		{"8 iii 18 (a)", 4, 10, 8, 1, 0, 5, 2, 20, 0},
		{"8 iii 18 (c)", 4, 10, 8, 2, 0, 5, 2, 20, 1},
		{"8 iv 17 (a)", 4, 10, 7, 1, 0, 5, 2, 18, 1},
		{"9 v 16 (b)", 4, 10, 6, 2, 0, 5, 2, 18, 1},
		{"9 v 16 (c)", 4, 10, 6, 3, 0, 5, 2, 19, 0.5},
		{"9 v 16 (c)", 4, 10, 6, 3, 0, 5, 2, 20, 0},
		{"9 v 16 (d)", 4, 10, 6, 4, 0, 5, 2, 12, 0},
		{"9 vi 15 (d)", 4, 10, 5, 4, 0, 5, 2, 19, 1},
		{"9 vi 15 (e)", 4, 10, 5, 5, 0, 5, 2, 12, 0},
		{"10 vii 14 (c)", 4, 10, 4, 3, 0, 5, 2, 18, 1},
		{"10 vii 14 (d)", 4, 10, 4, 4, 0, 5, 2, 18, 1},
		{"10 viii 13 (a)", 4, 10, 3, 2, 0, 5, 2, 15, 1},
		{"10 viii 13 (a)", 4, 10, 3, 2, 0, 5, 2, 16, 0},
		{"10 viii 13 (d)", 4, 10, 3, 5, 0, 5, 2, 18, 1},
		{"10 viii 13 (e)", 4, 10, 3, 6, 0, 5, 2, 12, 0},
		{"11 ix 12 (a)", 4, 10, 2, 3, 0, 5, 2, 15, 1},
		{"11 ix 12 (d)", 4, 10, 2, 6, 0, 5, 2, 18, 1},
		{"11 ix 12 (e)", 4, 10, 2, 7, 0, 5, 2, 12, 0},
		{"11 x 11 (a)", 4, 10, 1, 4, 0, 5, 2, 15, 1},
		{"11 x 11 (c)", 4, 10, 1, 6, 0, 5, 2, 18, 1},
		{"11 x 11 (d)", 4, 10, 1, 7, 0, 5, 2, 18, 0.5},
		{"11 x 11 (e)", 4, 10, 1, 8, 0, 5, 2, 12, 0},
		{"12 xi 10 (a)", 4, 9, 1, 5, 0, 5, 2, 15, 1},
		{"12 xi 10 (b)", 4, 9, 1, 6, 0, 5, 2, 16, 1},
		{"12 xi 10 (c)", 4, 9, 1, 7, 0, 5, 2, 18, 0.5},
		{"12 xii 9 (a)", 4, 8, 1, 6, 0, 5, 2, 15, 1},
		{"12 xii 9 (b)", 4, 8, 1, 7, 0, 5, 2, 16, 0.5},
		{"12 xii 9 (c)", 4, 8, 1, 8, 0, 5, 2, 12, 0},
		{"13 xiii 8 (a)", 4, 7, 1, 7, 0, 5, 2, 16, 0.5},
		{"13 xiii 8 (b)", 4, 7, 1, 8, 0, 5, 2, 12, 0},
		{"13 xiv 7", 4, 6, 1, 9, 0, 5, 2, 15, 1},
		{"13 xiv 7", 4, 6, 1, 9, 0, 5, 2, 16, 0},
		{"14 i F>=7", 5, 2, 2, 2, 7, 5, 4, 12, 0},
		{"14 ii F=6 (a)", 5, 4, 4, 4, 6, 5, 4, 12, 0},
		{"14 ii F=6 (b)", 5, 4, 4, 3, 6, 5, 4, 20, 1},
		{"14 ii F=6 (b)", 5, 4, 4, 3, 6, 5, 5, 12, 0},
		{"14 ii F=6 (b)", 5, 4, 4, 3, 6, 5, 5, 11, 1},
		{"15 six cards", 6, 2, 2, 2, 2, 5, 2, 12, 0},
		{"15 six cards", 6, 2, 2, 2, 2, 5, 2, 11, 1},
	}
	for _, tt := range tests {
		var v visible
		for i, c := range []int{tt.x, 5, tt.y, tt.z, tt.f, 2}[:tt.n] { // the second card is unseen: any will do
			v = v.see(c, i+1)
		}
		p := designedPolicy(v, tt.up)
		if got := p.hitChance(tt.total, tt.dealerCards); got != tt.want {
			t.Errorf("slide %s: player shows %+v, dealer %d cards at %d (up %d): hits with %v, want %v",
				tt.slide, v, tt.dealerCards, tt.total, tt.up, got, tt.want)
		}
	}
}

// TestDealerAgainstRecursion checks the dealer's final hands (multisets
// weighed by the policy, then by the deck) against a plain recursion over
// the dealer's cards one at a time, in an infinite deck, for the built
// dealer and a spread of the designed dealer's policies.
func TestDealerAgainstRecursion(t *testing.T) {
	r := AsBuilt
	r.Decks = 0
	full := r.Shoe()
	var p [NRanks]float64
	for i, c := range full {
		p[i] = float64(c) / 54
	}
	policies := map[string]policy{"built": builtPolicy(&r)}
	for _, shown := range [][]int{{8, 0}, {7, 0, 8}, {10, 0, 6, 3}, {4, 0, 4, 3, 6}} {
		var v visible
		for i, c := range shown {
			v = v.see(c, i+1)
		}
		policies[fmt.Sprint(shown)] = designedPolicy(v, 9)
	}
	for name, pol := range policies {
		for up := range NRanks {
			var limit [NRanks]int
			for i := range limit {
				limit[i] = 31
			}
			f := dealerFinals(up, &pol, limit)
			got := map[Hand]float64{}
			for i, w := range f.infiniteDist(&p) {
				got[f.outs[i]] += w
			}
			want := map[Hand]float64{}
			var deal func(cards []int, w float64)
			deal = func(cards []int, w float64) {
				h := Hand{Cards: len(cards)}
				hard, ace := 0, false
				for _, c := range cards {
					hard += value(c)
					ace = ace || c == Ace
					h.Joker = h.Joker || c == Joker
				}
				h.Total, _ = best(hard, ace)
				if h.Total > 21 {
					want[Hand{Total: 22}] += w
					return
				}
				hit := 1.0
				if len(cards) >= 2 {
					hit = pol.hitChance(h.Total, len(cards))
				}
				if hit < 1 {
					want[h] += w * (1 - hit)
				}
				if hit > 0 {
					for c := range NRanks {
						deal(append(cards, c), w*hit*p[c])
					}
				}
			}
			deal([]int{up}, 1)
			for h, w := range want {
				if abs(got[h]-w) > 1e-13 {
					t.Errorf("%s, up %s: P(%+v) = %.15f, recursion %.15f", name, RankName(up), h, got[h], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s, up %s: %d final hands, recursion %d", name, RankName(up), len(got), len(want))
			}
		}
	}
}
