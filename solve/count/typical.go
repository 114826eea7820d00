package count

import (
	"fmt"
	"math"
	"sort"

	"bjchart/solve"
)

// TypicalShoe returns the shoe a count's true count tc typically leaves
// when the fraction dealt of decks has been dealt: each rank removed in
// proportion to the shoe, shifted along the count by the regression of a
// rank's removals on the running count (for a dealt shoe: a rank with tag
// t_r moves by p_r (t_r - mean tag) / variance of the tag per unit of
// running count; Hi-Lo: 0.4 tens and 0.1 aces the other way per unit),
// then rounded to whole cards keeping the number dealt (which can move the
// running count by a card or so: the result's true count is TrueCount's,
// not exactly tc). Balanced counts
// only: an unbalanced count's running count means different shoes at
// different depths.
func TypicalShoe(decks int, sys System, tc, dealt float64) (solve.Shoe, error) {
	if !sys.Balanced() {
		return solve.Shoe{}, fmt.Errorf("count %s is unbalanced: a true count needs a balanced count (or a running count)", sys.Name)
	}
	if math.IsNaN(tc) || math.IsInf(tc, 0) {
		return solve.Shoe{}, fmt.Errorf("want a finite true count")
	}
	n := solve.NewShoe(decks).Total()
	left := float64(n - int(math.Round(dealt*float64(n))))
	return typicalShoe(decks, sys, tc*left/52, dealt)
}

// TypicalShoeRC returns the shoe a count's running count rc typically
// leaves when the fraction dealt has been dealt, like TypicalShoe: for an
// unbalanced count the running count starts at IRC, so the cards dealt
// carry rc - IRC of tags; a balanced count starts at 0.
func TypicalShoeRC(decks int, sys System, rc, dealt float64) (solve.Shoe, error) {
	if math.IsNaN(rc) || math.IsInf(rc, 0) {
		return solve.Shoe{}, fmt.Errorf("want a finite running count")
	}
	if !sys.Balanced() {
		rc -= sys.IRC(decks)
	}
	return typicalShoe(decks, sys, rc, dealt)
}

// RunningCount returns a count's running count of a shoe left from decks
// full decks: IRC (unbalanced counts) plus the removed cards' tags.
func RunningCount(decks int, sys System, left solve.Shoe) float64 {
	full := solve.NewShoe(decks).Counts
	rc := 0.0
	if !sys.Balanced() {
		rc = sys.IRC(decks)
	}
	for r := 1; r <= 10; r++ {
		rc += float64(full[r-1]-left.Counts[r-1]) * sys.Tags[r]
	}
	return rc
}

// typicalShoe is the shoe whose dealt cards carry rc of tags, typically.
func typicalShoe(decks int, sys System, rc, dealt float64) (solve.Shoe, error) {
	if decks < 1 || dealt <= 0 || dealt >= 1 {
		return solve.Shoe{}, fmt.Errorf("want a finite shoe and a fraction dealt between 0 and 1")
	}
	full := solve.NewShoe(decks).Counts
	n := 0
	for _, k := range full {
		n += k
	}
	removed := int(math.Round(dealt * float64(n)))
	var mean, variance float64
	p := func(r int) float64 { return float64(full[r-1]) / float64(n) }
	for r := 1; r <= 10; r++ {
		mean += p(r) * sys.Tags[r]
	}
	for r := 1; r <= 10; r++ {
		variance += p(r) * (sys.Tags[r] - mean) * (sys.Tags[r] - mean)
	}
	if variance == 0 {
		return solve.Shoe{}, fmt.Errorf("count %s tags every rank alike: its count says nothing of the shoe", sys.Name)
	}
	// A running count of rc is the tags of the cards removed: rank r's
	// expected removals given it (the tags' regression line).
	want := make([]float64, 10)
	for r := 1; r <= 10; r++ {
		want[r-1] = float64(removed)*p(r) + (rc-float64(removed)*mean)*p(r)*(sys.Tags[r]-mean)/variance
	}
	// Whole cards, the largest remainders rounded up, none below zero or
	// above the shoe.
	out := full
	type rem struct {
		r    int
		frac float64
	}
	var rems []rem
	taken := 0
	for r := range want {
		w := max(0, min(float64(full[r]), want[r]))
		k := int(math.Floor(w))
		out[r] -= k
		taken += k
		rems = append(rems, rem{r, w - float64(k)})
	}
	sort.SliceStable(rems, func(i, j int) bool { return rems[i].frac > rems[j].frac })
	for i := 0; taken < removed && i < len(rems); i++ {
		if out[rems[i].r] > 0 {
			out[rems[i].r]--
			taken++
		}
	}
	sh := solve.Shoe{Counts: out}
	if err := sh.Validate(); err != nil {
		return sh, fmt.Errorf("that count leaves no valid shoe: %v", err)
	}
	return sh, nil
}

// TrueCount returns a balanced count's true count of a shoe left from
// decks full decks: the removed cards' tags per deck left.
func TrueCount(decks int, sys System, left solve.Shoe) float64 {
	full := solve.NewShoe(decks).Counts
	rc, n := 0.0, 0
	for r := 1; r <= 10; r++ {
		rc += float64(full[r-1]-left.Counts[r-1]) * sys.Tags[r]
		n += left.Counts[r-1]
	}
	return rc * 52 / float64(n)
}
