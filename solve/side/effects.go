package side

import (
	"context"
	"math"
	"math/big"
)

// Effects are a bet's effects of removal from a full shoe and a counting
// system built on them.
type Effects struct {
	Decks int
	// EV is the bet's expected result on the full shoe, in bets.
	EV float64
	// EOR[r] is the effect of removal of rank r (A, 2..9, T: a ten is any
	// ten-valued card): EV(the full shoe less one card of rank r, its suit
	// and ten-valued rank unknown) - EV(the full shoe), in bets. The
	// removals weighed by the ranks' shares (a ten counting 4) sum to
	// nearly 0.
	EOR [10]float64
	// Tags are a count's integer tags (A, 2..9, T): the EORs scaled so
	// that the largest is ±Level and rounded. A counter adds a card's tag
	// as it is seen, so a high count favours the bet. Level is 0 and the
	// tags are 0 when every EOR is 0, as for Perfect Pairs and Match the
	// Dealer: removing a card of any rank, its suit unknown, leaves the
	// chance of a pair (a match) as it was.
	Tags  [10]int
	Level int // the largest tag
	// Correlation is the betting correlation of the tags with the EORs:
	// their Pearson correlation over the 13 ranks of a deck (a ten
	// counting 4 times).
	Correlation float64
}

// rankWeight is how many of the 13 ranks each blackjack rank is.
var rankWeight = [10]float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 4}

// RemovalEffects returns the effects of removal of b paid by t from a
// full shoe of decks decks, each exact (a rank-only shoe), and tags of
// level 1 to 3, the lowest whose correlation is within 0.02 of the best.
// done, when not nil, is called as each rank is valued.
func RemovalEffects(ctx context.Context, b *Bet, t Table, decks int, rules Rules, done func(int)) (*Effects, error) {
	full, err := Evaluate(b, t, NewShoe(decks), rules)
	if err != nil {
		return nil, err
	}
	e := &Effects{Decks: decks, EV: full.EV}
	for g := range 10 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ranks := full.fullRanks()
		ranks[g]--
		s, err := RankShoe(decks, ranks)
		if err != nil {
			return nil, err
		}
		r, err := Evaluate(b, t, s, rules)
		if err != nil {
			return nil, err
		}
		d, _ := new(big.Rat).Sub(r.Return, full.Return).Float64()
		e.EOR[g] = d
		if done != nil {
			done(g + 1)
		}
	}
	e.Tags, e.Level, e.Correlation = suggestTags(e.EOR)
	return e, nil
}

// fullRanks returns the rank counts of the report's full shoe.
func (r *Report) fullRanks() [10]int {
	var ranks [10]int
	for g := range ranks {
		ranks[g] = fullGroup(g, r.Decks)
	}
	return ranks
}

// suggestTags scales the EORs to integer tags of levels 1 to 3 and keeps
// the lowest level whose correlation is within 0.02 of the best level's.
func suggestTags(eor [10]float64) (tags [10]int, level int, corr float64) {
	top := 0.0
	for _, x := range eor {
		top = max(top, math.Abs(x))
	}
	if top == 0 {
		return tags, 0, 0
	}
	type choice struct {
		tags [10]int
		corr float64
	}
	var c [4]choice
	best := math.Inf(-1)
	for l := 1; l <= 3; l++ {
		for g, x := range eor {
			c[l].tags[g] = int(math.Round(x / top * float64(l)))
		}
		c[l].corr = correlation(eor, c[l].tags)
		best = max(best, c[l].corr)
	}
	for l := 1; l <= 3; l++ {
		if c[l].corr >= best-0.02 {
			return c[l].tags, l, c[l].corr
		}
	}
	return c[3].tags, 3, c[3].corr
}

// correlation returns the Pearson correlation of the EORs and tags over
// the 13 ranks (a ten counting 4 times); 0 where either is constant.
func correlation(eor [10]float64, tags [10]int) float64 {
	var sw, se, st float64
	for g := range eor {
		sw += rankWeight[g]
		se += rankWeight[g] * eor[g]
		st += rankWeight[g] * float64(tags[g])
	}
	me, mt := se/sw, st/sw
	var cov, ve, vt float64
	for g := range eor {
		de, dt := eor[g]-me, float64(tags[g])-mt
		cov += rankWeight[g] * de * dt
		ve += rankWeight[g] * de * de
		vt += rankWeight[g] * dt * dt
	}
	if ve == 0 || vt == 0 {
		return 0
	}
	return cov / math.Sqrt(ve*vt)
}
