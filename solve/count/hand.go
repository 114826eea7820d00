// Package count computes card-counting index plays exactly at their core:
// the EVs of the plays that an index decides between are computed
// exactly on real depleted shoes, sampled by dealing shuffled shoes, and
// the index is where their average difference crosses zero as a function
// of the count.
package count

import "bjchart/solve"

// shoeEV values hands on one depleted shoe exactly, in the solver's W
// frame under a peek: EV restricted to the event that the dealer has no
// blackjack, so that the plays of one hand compare as their conditional
// EVs do, and averaging over hands weighs each by how often it is
// decided. Later decisions after a hit are the best for the exact cards.
type shoeEV struct {
	r    solve.Rules
	up   int
	shoe [10]int // unseen cards, the up card out
	best map[[10]uint8]float64
	// stands holds W of standing on every hand prepared (prepare).
	stands map[[10]uint8]float64
}

func newShoeEV(r solve.Rules, shoe [10]int, up int) *shoeEV {
	s := &shoeEV{r: r, up: up, shoe: shoe, best: map[[10]uint8]float64{}, stands: map[[10]uint8]float64{}}
	s.shoe[up-1]--
	return s
}

// left returns the unseen cards when hand is out, and their number.
func (s *shoeEV) left(hand [10]uint8) ([10]int, int, bool) {
	var m [10]int
	n := 0
	for i := range m {
		m[i] = s.shoe[i] - int(hand[i])
		if m[i] < 0 {
			return m, 0, false
		}
		n += m[i]
	}
	return m, n, true
}

// noBJ returns P(the hole card makes no blackjack | hand out).
func (s *shoeEV) noBJ(m [10]int, n int) float64 {
	switch {
	case n == 0:
		return 1
	case s.up == 1:
		return 1 - float64(m[9])/float64(n)
	case s.up == 10:
		return 1 - float64(m[0])/float64(n)
	}
	return 1
}

func total(hand [10]uint8) (int, bool) {
	sum, ace := 0, hand[0] > 0
	for i, k := range hand {
		sum += (i + 1) * int(k)
	}
	if ace && sum+10 <= 21 {
		return sum + 10, true
	}
	return sum, false
}

// stand returns W of standing on hand.
func (s *shoeEV) stand(hand [10]uint8) float64 {
	if w, ok := s.stands[hand]; ok {
		return w
	}
	s.prepare(hand)
	return s.stands[hand]
}

// prepare computes the stand values of hand and of every hand it can draw
// to, all at once (solve.DealersFrom: one pass of the solver's dealer
// contraction instead of a sum over the dealer's hands for each).
func (s *shoeEV) prepare(hand [10]uint8) {
	var hands [][10]uint8
	seen := map[[10]uint8]bool{}
	var visit func(h [10]uint8)
	visit = func(h [10]uint8) {
		if _, done := s.stands[h]; done || seen[h] {
			return
		}
		m, _, ok := s.left(h)
		if !ok {
			s.stands[h] = 0
			return
		}
		seen[h] = true
		hands = append(hands, h)
		if t, _ := total(h); t >= 21 {
			return
		}
		for c := range m {
			if m[c] > 0 {
				next := h
				next[c]++
				if t, _ := total(next); t <= 21 {
					visit(next)
				}
			}
		}
	}
	visit(hand)
	dists := solve.DealersFrom(s.r.H17, solve.Rank(s.up), s.shoe, hands)
	for i, h := range hands {
		s.stands[h] = standValue(dists[i], h)
	}
}

// standValue returns W of standing on hand against the dealer's
// distribution d (unconditional, blackjacks included).
func standValue(d solve.DealerDist, hand [10]uint8) float64 {
	t, _ := total(hand)
	w := d[solve.DealerBust]
	for o := solve.Dealer17; o <= solve.Dealer21; o++ {
		switch dt := 17 + o; {
		case t > dt:
			w += d[o]
		case t < dt:
			w -= d[o]
		}
	}
	return w
}

// draw returns W of drawing one card to hand, then f of the new hand (a
// bust loses the bet when the hole card makes no blackjack).
func (s *shoeEV) draw(hand [10]uint8, bet float64, f func(h [10]uint8) float64) float64 {
	m, n, ok := s.left(hand)
	if !ok || n == 0 {
		return 0
	}
	w := 0.0
	for c := range m {
		if m[c] == 0 {
			continue
		}
		p := float64(m[c]) / float64(n)
		next := hand
		next[c]++
		if t, _ := total(next); t > 21 {
			m2 := m
			m2[c]--
			w -= p * bet * s.noBJ(m2, n-1)
		} else {
			w += p * f(next)
		}
	}
	return w
}

// bestPlay returns W of hand played best (hit or stand) from here.
func (s *shoeEV) bestPlay(hand [10]uint8) float64 {
	if v, ok := s.best[hand]; ok {
		return v
	}
	v := s.stand(hand)
	if t, _ := total(hand); t < 21 {
		v = max(v, s.draw(hand, 1, s.bestPlay))
	}
	s.best[hand] = v
	return v
}

// plays returns W of each first play of a two-card hand: stand, hit (then
// the best play), double, surrender (late: half the bet, when the dealer
// has no blackjack).
func (s *shoeEV) plays(hand [10]uint8) (stand, hit, double, surrender float64) {
	m, n, _ := s.left(hand)
	stand = s.stand(hand)
	hit = s.draw(hand, 1, s.bestPlay)
	double = s.draw(hand, 2, func(h [10]uint8) float64 { return 2 * s.stand(h) })
	surrender = -0.5 * s.noBJ(m, n)
	return
}
