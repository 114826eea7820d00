package house

import (
	"maps"
	"math"
	"slices"
)

// counts is a multiset of cards, 5 bits a rank (at most 31 of a rank: a
// dealer's or player's unbusted hand holds at most 21 cards).
type counts uint64

func (c counts) of(r int) int          { return int(c>>(5*r)) & 31 }
func (c counts) plus(r int) counts     { return c + 1<<(5*r) }
func (c counts) plusN(r, n int) counts { return c + counts(n)<<(5*r) }

// hand returns the hand the multiset makes with extra added (the dealer's
// up card, or nothing when extra < 0).
func (c counts) hand(extra int) Hand {
	hard, n := 0, 0
	if extra >= 0 {
		c = c.plus(extra)
	}
	for r := range NRanks {
		k := c.of(r)
		hard += k * value(r)
		n += k
	}
	t, _ := best(hard, c.of(Ace) > 0)
	return Hand{Total: t, Cards: n, Joker: c.of(Joker) > 0}
}

// final is one way the dealer's hand ends: the cards drawn after the up
// card (hole card first), and the sum over the draw orders that end this
// way of the product of the dealer's hit-or-stand chances along them.
// Given a shoe, the chance of ending so is weight times the chance of
// drawing these cards in any one order (drawChance), since every order of
// the same cards is equally likely.
type final struct {
	drawn  counts
	k      int     // cards drawn
	weight float64 // sum over orders of the policy's chances
	out    int     // index into finals.outs

	parts  [NRanks]part // the drawn cards' ranks, nparts of them, for drawChance
	nparts int
}

// part is m cards of one rank.
type part struct{ rank, m uint8 }

// finals are the dealer's final hands from one up card under one policy.
type finals struct {
	list []final
	outs []Hand // distinct final hands; a bust is one outcome, Total 22
}

// dealerFinals enumerates the dealer's final hands from up under policy p,
// drawing no more of a rank than limit holds. The enumeration goes level
// by level (cards drawn): a multiset's weight is the sum, over the last
// card drawn, of its predecessor's weight times the chance the
// predecessor hits, so each order is counted once.
func dealerFinals(up int, p *policy, limit [NRanks]int) finals {
	var f finals
	outIndex := map[Hand]int{}
	addFinal := func(drawn counts, k int, w float64) {
		h := drawn.hand(up)
		if h.Bust() {
			h = Hand{Total: 22}
		}
		i, ok := outIndex[h]
		if !ok {
			i = len(f.outs)
			outIndex[h] = i
			f.outs = append(f.outs, h)
		}
		fi := final{drawn: drawn, k: k, weight: w, out: i}
		for r := range NRanks {
			if m := drawn.of(r); m > 0 {
				fi.parts[fi.nparts] = part{uint8(r), uint8(m)}
				fi.nparts++
			}
		}
		f.list = append(f.list, fi)
	}
	level := map[counts]float64{}
	for r := range NRanks { // the hole card is always drawn
		if limit[r] > 0 {
			level[counts(0).plus(r)] = 1
		}
	}
	for k := 1; len(level) > 0; k++ {
		next := map[counts]float64{}
		// In a fixed order, so that the sums and outcome indices, and
		// so every figure printed, are the same from run to run.
		for _, drawn := range slices.Sorted(maps.Keys(level)) {
			w := level[drawn]
			h := drawn.hand(up)
			if h.Bust() {
				addFinal(drawn, k, w)
				continue
			}
			hit := p.hitChance(h.Total, h.Cards)
			if hit < 1 {
				addFinal(drawn, k, w*(1-hit))
			}
			if hit == 0 {
				continue
			}
			for r := range NRanks {
				if drawn.of(r) < limit[r] {
					next[drawn.plus(r)] += w * hit
				}
			}
		}
		level = next
	}
	return f
}

// shoe is what remains to be dealt.
type shoe struct {
	n    [NRanks]int
	size int
}

// falling holds a shoe's falling factorials: fall[r][m] is the number of
// ordered ways to draw m cards of rank r, n_r (n_r-1) ... (n_r-m+1), and
// inv[k] is 1 / (size (size-1) ... (size-k+1)).
type falling struct {
	fall [NRanks][32]float64
	inv  [32]float64
}

func (f *falling) of(s *shoe) {
	for r := range NRanks {
		f.fall[r][0] = 1
		for m := 1; m < 32; m++ {
			f.fall[r][m] = f.fall[r][m-1] * float64(max(s.n[r]-m+1, 0))
		}
	}
	f.inv[0] = 1
	for k := 1; k < 32; k++ {
		f.inv[k] = f.inv[k-1] / float64(max(s.size-k+1, 1))
	}
}

// drawChance returns the chance of drawing the cards of fi, in one given
// order, from the shoe f was made of.
func (f *falling) drawChance(fi *final) float64 {
	p := f.inv[fi.k]
	for _, part := range fi.parts[:fi.nparts] {
		p *= f.fall[part.rank][part.m]
	}
	return p
}

// dist returns the chance of each of f's outcomes when the dealer draws
// from s.
func (f *finals) dist(s *shoe, out []float64) []float64 {
	out = slices.Grow(out[:0], len(f.outs))[:len(f.outs)]
	clear(out)
	var fall falling
	fall.of(s)
	for i := range f.list {
		fi := &f.list[i]
		out[fi.out] += fi.weight * fall.drawChance(fi)
	}
	return out
}

// infiniteDist returns the chance of each of f's outcomes for an infinite
// deck drawn with chances p.
func (f *finals) infiniteDist(p *[NRanks]float64) []float64 {
	out := make([]float64, len(f.outs))
	for _, fi := range f.list {
		w := fi.weight
		for r := range NRanks {
			if m := fi.drawn.of(r); m > 0 {
				w *= math.Pow(p[r], float64(m))
			}
		}
		out[fi.out] += w
	}
	return out
}
