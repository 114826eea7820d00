package count

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"

	"bjchart/solve"
)

// Every chart cell's indices. On each sampled shoe the whole table is
// solved exactly for what is left (solve.SolveWith with the shoe), and
// every play that could replace a cell's basic play is valued against it:
// the gain per round is the sum over the cell's two-card hands of how
// often the hand is dealt and decided on that shoe times the difference of
// the two plays' composition-dependent EVs (later decisions the best for
// the exact cards, splits under CDZ-); for hands of three or more cards
// the same over the compositions a player of that shoe's chart reaches. A
// cell's index is where that gain crosses zero, reported where the
// crossing lies within the counts the shoes sample and the gains change
// sign there; a crossing within those counts that the shoes cannot place
// (too few shoes near it, an error above a point, gains that keep their
// sign) is named with why. A shoe the solver cannot take (a rank dealt out entirely,
// which happens with one or two decks) is left out. A six-deck shoe's
// solve takes about 135 ms on one core, so 600 shoes take under a minute
// on two.

// maxIndex bounds the true counts an index is reported at: beyond it the
// sampled shoes are too few to place a crossing (running counts: times the
// decks, around their median).
const maxIndex = 8

// A candidate is one cell's basic play against one other play, for its
// two-card hands or (multi) its hands of three or more cards.
type candidate struct {
	kind        solve.TableKind
	hand        string
	up          solve.Rank
	basic, play solve.Action
	multi       bool
}

// AllCells computes, for every cell of the chart, where each play other
// than the basic one (the full shoe's best) overtakes it as the count
// moves, plus insurance. Every such play is returned: with its crossing
// where it lies within the sampled counts (NotEstimable set where the
// shoes cannot place it), oriented like published indices (Base below the
// index, Play at or above it), or marked Never. Each cell's decisions
// come in the chart's order.
func AllCells(ctx context.Context, r solve.Rules, sys System, opt Options) ([]Index, error) {
	return remembered(ctx, "every cell", newRunKey(r, sys, nil, opt), opt, func() ([]Index, error) {
		return allCells(ctx, r, sys, opt)
	})
}

// allCells is AllCells, computed.
func allCells(ctx context.Context, r solve.Rules, sys System, opt Options) ([]Index, error) {
	if err := check(r, opt); err != nil {
		return nil, err
	}
	basic, err := solve.Solve(r)
	if err != nil {
		return nil, err
	}
	cands := append(candidates(basic), multiCandidates(basic)...)
	hands := cellHands(basic, cands)
	ins := len(cands) // insurance's points follow the candidates'
	// points values a shoe's points for each candidate and insurance
	// (valued: their gains too, from the whole table solved for the shoe).
	// A control shoe's points are the two-card candidates' and
	// insurance's, by the cards' chances alone (the hands of three or
	// more cards are weighed by the chart each solve plays, which a shoe
	// only dealt does not have); before the round, every candidate's.
	same := sameHands(hands) // a control shoe's candidates with the same hands share their points
	points := func(left [10]int, c counter, buf [][]point, valued bool) [][]point {
		if buf == nil {
			buf = make([][]point, len(cands)+1)
		}
		for k := range buf {
			if same[k] < k { // shared last time: not its own room
				buf[k] = nil
			}
			buf[k] = buf[k][:0]
		}
		if slices.Contains(left[:], 0) {
			if valued {
				return nil // a rank dealt out entirely (one or two decks): the solver cannot take it, left out
			}
			return buf // left out of the controls as well
		}
		var tab *solve.Table
		var byCell *cellIndex
		if valued {
			shoe := solve.Shoe{Counts: left}
			var err error
			if tab, err = solve.SolveWith(ctx, r, solve.Options{Shoe: &shoe, HandsOnly: true}); err != nil {
				return nil
			}
			byCell = indexCells(tab)
		}
		before := func(g func() float64) []point {
			p := point{x: c.with(), w: 1}
			if valued {
				p.y = g()
			}
			return []point{p}
		}
		for k := range cands {
			cand := &cands[k]
			switch {
			case opt.Moment == BeforeRound && cand.multi:
				buf[k] = before(func() float64 { return multiGain(tab, *cand) })
			case opt.Moment == BeforeRound:
				buf[k] = before(func() float64 { return cellGain(tab, *cand) })
			case valued:
				buf[k] = cellPoints(buf[k], tab, byCell, *cand, c)
			case !cand.multi && same[k] < k: // the cell's points, as another candidate has them
				buf[k] = buf[same[k]]
			case !cand.multi:
				buf[k] = dealtPoints(buf[k], r, hands[k], left, c)
			}
		}
		if opt.Moment == BeforeRound {
			buf[ins] = before(func() float64 { return gain(r, I18[0], left, c.n, nil) })
		} else {
			buf[ins] = decisionPoints(buf[ins], r, I18[0], left, c, nil, valued)
		}
		return buf
	}
	scale := fitScale(r, sys)
	fits, tcs, err := controlledFits(ctx, r, sys, opt, len(cands)+1, points, 4*scale)
	if err != nil || fits == nil { // nil: a part of a split run, its shoes given to opt.Solved
		return nil, err
	}
	lo, hi := -float64(maxIndex), float64(maxIndex)
	if !sys.Balanced() {
		mid := median(tcs)
		lo, hi = mid-maxIndex*scale, mid+maxIndex*scale
	}
	var out []Index
	for k, c := range cands {
		x := Index{Decision: c.decision()}
		x.set(fits[k].idx, fits[k].se, fits[k].shoes)
		slope := fits[k].slope
		if !within(x, lo, hi, scale) { // reported too, so that every run lists the same plays
			x.Index, x.SE, x.Never = math.NaN(), math.NaN(), true
			out = append(out, x)
			continue
		}
		if slope < 0 { // the other play is better below the index
			x.Base, x.Play = x.Play, x.Base
		}
		switch {
		case x.Shoes < minShoes:
			x.NotEstimable = fmt.Sprintf("%d shoes, under %d", x.Shoes, minShoes)
		case x.SE > scale:
			x.NotEstimable = fmt.Sprintf("SE above %g", scale)
		case !fits[k].crosses:
			x.NotEstimable = "the gains keep their sign there"
		}
		if x.NotEstimable != "" { // named, so that a reader knows it was looked at
			out = append(out, x)
			continue
		}
		// Hands of three or more cards are reported beside the two-card
		// ones even where they round alike: which of them a run lists must
		// not depend on the seed.
		out = append(out, x)
	}
	insurance := Index{Decision: I18[0]}
	insurance.set(fits[ins].idx, fits[ins].se, fits[ins].shoes)
	if placed(insurance, lo, hi, scale) {
		out = append([]Index{insurance}, out...)
	}
	return out, nil
}

// within reports whether a crossing is one to report: inside the counts
// sampled, lo..hi, or (known to within a point) with its 95% interval
// reaching inside them, so that a crossing just beyond the end is listed
// (as "+8/+9") rather than listed by one seed and left out by another.
func within(x Index, lo, hi, scale float64) bool {
	switch {
	case math.IsNaN(x.Index):
		return false
	case x.Index >= lo && x.Index <= hi:
		return true
	}
	return x.SE <= scale && x.Index-Settled*x.SE <= hi && x.Index+Settled*x.SE >= lo
}

// placed reports whether an index is one to report: inside the counts
// sampled, fitted on at least minShoes shoes, and known to within a point
// of the count (one standard error; running counts: a point per deck). The
// others are plays that never come close to the basic one, whose lines
// cross zero far from any shoe.
func placed(x Index, lo, hi, scale float64) bool {
	return !math.IsNaN(x.Index) && x.Index >= lo && x.Index <= hi && x.Shoes >= minShoes && x.SE <= scale
}

// minShoes is the fewest shoes an index of AllCells may rest on.
const minShoes = 30

// Kind returns the chart table whose row the decision's hand is (RowKind).
func (d Decision) Kind() solve.TableKind { return RowKind(d.Hand) }

// RowKind returns the chart table a decision's hand names a row of: hard
// for a total ("11" too), pairs for two equal cards ("AA" too), else soft.
// Insurance has none; it reads as soft.
func RowKind(hand string) solve.TableKind {
	switch {
	case slices.Contains(solve.Rows(solve.Hard), hand):
		return solve.Hard
	case len(hand) == 2 && hand[0] == hand[1]:
		return solve.Pairs
	}
	return solve.Soft
}

// candidates lists every cell's basic play against each other legal play.
func candidates(basic *solve.Table) []candidate {
	var out []candidate
	for i := range basic.Cells {
		c := &basic.Cells[i]
		if c.Freq == 0 || (c.Table == solve.Hard && c.Hand == "21") {
			continue // no two-card hand decides here (hard 21 is a blackjack or three cards)
		}
		if c.Table == solve.Soft && c.Hand == "AA" {
			continue // a pair of aces is in the pairs table
		}
		for _, a := range solve.Actions {
			if a != c.Code.Best && c.Legal[a] && (a != solve.Split || c.Table == solve.Pairs) {
				out = append(out, candidate{kind: c.Table, hand: c.Hand, up: c.Up, basic: c.Code.Best, play: a})
			}
		}
	}
	return out
}

// multiCandidates lists, for every hard and soft cell that hands of three
// or more cards reach, their basic play (hit or stand) against the other.
// They come after the two-card candidates, so that AllCells knows a
// cell's two-card index when it meets the multi-card one.
func multiCandidates(basic *solve.Table) []candidate {
	var out []candidate
	for i := range basic.Cells {
		c := &basic.Cells[i]
		if c.MultiFreq == 0 || c.Table == solve.Pairs || (c.MultiCard != solve.Hit && c.MultiCard != solve.Stand) {
			continue
		}
		if total, _ := cellTotal(c.Table, c.Hand); total >= 21 {
			continue
		}
		other := solve.Hit
		if c.MultiCard == solve.Hit {
			other = solve.Stand
		}
		out = append(out, candidate{kind: c.Table, hand: c.Hand, up: c.Up, basic: c.MultiCard, play: other, multi: true})
	}
	return out
}

// cellTotal returns the total of a hard or soft cell's row ("16", "A7").
func cellTotal(kind solve.TableKind, row string) (int, bool) {
	if kind == solve.Soft {
		r, _ := solve.ParseRank(row[1:])
		return 11 + int(r), true
	}
	t, _ := strconv.Atoi(row)
	return t, false
}

// multiGain returns the gain per round on a solved shoe of playing c.play
// instead of c.basic with the cell's hands of three or more cards (not
// split hands): each composition weighed by how often a player of that
// shoe's chart reaches it and decides there.
func multiGain(tab *solve.Table, c candidate) float64 {
	total, soft := cellTotal(c.kind, c.hand)
	g := 0.0
	for i := range tab.Compositions {
		m := &tab.Compositions[i]
		if m.Up == c.up && m.Total == total && m.Soft == soft {
			g += m.Freq * (m.EV[c.play] - m.EV[c.basic])
		}
	}
	return g
}

// decision names a candidate as a Decision: the basic play below, the
// other at or above (AllCells swaps them where the gain falls with the
// count).
func (c candidate) decision() Decision {
	table := [...]string{solve.Hard: "hard", solve.Soft: "soft", solve.Pairs: "pair"}[c.kind]
	if c.basic == solve.Surrender || c.play == solve.Surrender {
		table = "surrender"
	}
	return Decision{Table: table, Hand: c.hand, Up: c.up, Base: c.basic.String(), Play: c.play.String(), MultiCard: c.multi}
}

// cellGain returns the gain per round on a solved shoe of playing c.play
// instead of c.basic with the cell's two-card hands.
func cellGain(tab *solve.Table, c candidate) float64 {
	g := 0.0
	for i := range tab.Hands {
		h := &tab.Hands[i]
		if handSlotOf(h) != candidateSlot(c) || !h.Legal[c.play] || !h.Legal[c.basic] {
			continue
		}
		g += h.Freq * (h.EV[c.play] - h.EV[c.basic])
	}
	return g
}

// A cellIndex lists a solved shoe's two-card hands by the cell that
// decides them, and its compositions of three or more cards by up card,
// total and softness, each list in the table's order: at their slots
// (handSlot, compSlot).
type cellIndex struct {
	hands [3 * 22 * 10][]int32
	comps [2 * 22 * 10][]int32
}

// handSlot is a two-card cell's place in a cellIndex: by table, a
// number for its row (a hard total, a soft hand's other card, a pair's
// rank) and the up card.
func handSlot(kind solve.TableKind, row int, up solve.Rank) int {
	return (int(kind)*22+row)*10 + int(up) - 1
}

// compSlot is the place of the compositions of a total against up.
func compSlot(up solve.Rank, total int, soft bool) int {
	s := 0
	if soft {
		s = 1
	}
	return (s*22+total)*10 + int(up) - 1
}

// candidateSlot is a two-card candidate's handSlot.
func candidateSlot(c candidate) int {
	var row int
	switch c.kind {
	case solve.Hard:
		row, _ = strconv.Atoi(c.hand)
	default: // "A7", "88", "TT", "AA": the second card's rank
		r, _ := solve.ParseRank(c.hand[1:])
		row = int(r)
	}
	return handSlot(c.kind, row, c.up)
}

// handSlotOf is the handSlot of the cell that decides a two-card hand:
// a pair's, a soft hand's (an ace and another card), else its hard
// total's.
func handSlotOf(h *solve.Hand) int {
	switch a, b := h.Cards[0], h.Cards[1]; {
	case a == b:
		return handSlot(solve.Pairs, int(a), h.Up)
	case a == 1:
		return handSlot(solve.Soft, int(b), h.Up)
	}
	total, _ := h.Total()
	return handSlot(solve.Hard, total, h.Up)
}

// indexCells indexes a solved shoe's hands and compositions.
func indexCells(tab *solve.Table) *cellIndex {
	x := &cellIndex{}
	for i := range tab.Hands {
		k := handSlotOf(&tab.Hands[i])
		x.hands[k] = append(x.hands[k], int32(i))
	}
	for i := range tab.Compositions {
		m := &tab.Compositions[i]
		k := compSlot(m.Up, m.Total, m.Soft)
		x.comps[k] = append(x.comps[k], int32(i))
	}
	return x
}

// cellPoints are a candidate's points at the decision on a solved shoe
// (its hands found by byCell): each of its hands (two cards, or three and
// more for a multi-card candidate) at the count with its cards and the up
// card seen, its gain per hand, weighed by how often it is reached,
// appended to out.
func cellPoints(out []point, tab *solve.Table, byCell *cellIndex, cand candidate, c counter) []point {
	if cand.multi {
		first := len(out)
		total, soft := cellTotal(cand.kind, cand.hand)
		for _, i := range byCell.comps[compSlot(cand.up, total, soft)] {
			m := &tab.Compositions[i]
			if m.Freq > 0 {
				out = append(out, point{x: c.withHand(m.Counts, int(m.Up)), y: m.EV[cand.play] - m.EV[cand.basic], w: m.Freq})
			}
		}
		return mergeAtCount(out, first)
	}
	for _, i := range byCell.hands[candidateSlot(cand)] {
		h := &tab.Hands[i]
		if h.Legal[cand.play] && h.Legal[cand.basic] && h.Freq > 0 {
			a, b, up := int(h.Cards[0]), int(h.Cards[1]), int(h.Up)
			out = append(out, point{x: c.with(a, b, up), y: h.EV[cand.play] - h.EV[cand.basic], w: h.Freq}.seeing(a, b, up))
		}
	}
	return out
}

// sameHands returns, for each candidate, the first candidate with the
// same two-card hands (itself if none before it, or if it has none: a
// multi-card one), and past the end itself, for insurance.
func sameHands(hands [][]solve.Hand) []int {
	out := make([]int, len(hands)+1)
	first := map[string]int{}
	for k, hs := range hands {
		out[k] = k
		if len(hs) == 0 {
			continue
		}
		key := fmt.Sprint(hs[0].Up)
		for _, h := range hs {
			key += fmt.Sprintf(",%v%v", h.Cards[0], h.Cards[1])
		}
		if j, ok := first[key]; ok {
			out[k] = j
		} else {
			first[key] = k
		}
	}
	out[len(hands)] = len(hands)
	return out
}

// mergeAtCount merges the points from first on that share a count into
// one, weighed by their sum with their weighted mean gain: a line's fit,
// and its SE clustered by shoe, are the same on either (the points of a
// hand of three or more cards take no control variates, which would tell
// them apart), and a shoe's compositions are many, their counts few.
func mergeAtCount(out []point, first int) []point {
	ps := out[first:]
	slices.SortStableFunc(ps, func(a, b point) int { return cmp.Compare(a.x, b.x) })
	merged := out[:first]
	for i := 0; i < len(ps); {
		j, w, wy := i, 0.0, 0.0
		for ; j < len(ps) && ps[j].x == ps[i].x; j++ {
			w += ps[j].w
			wy += ps[j].w * ps[j].y
		}
		merged = append(merged, point{x: ps[i].x, y: wy / w, w: w})
		i = j
	}
	return merged
}

// cellHands lists, for each two-card candidate, its hands on the full
// shoe's table (those of its cell where both plays are legal); nil for a
// multi-card one.
func cellHands(basic *solve.Table, cands []candidate) [][]solve.Hand {
	out := make([][]solve.Hand, len(cands))
	for k, cand := range cands {
		if cand.multi {
			continue
		}
		slot := candidateSlot(cand)
		for _, h := range basic.Hands {
			if handSlotOf(&h) == slot && h.Legal[cand.play] && h.Legal[cand.basic] {
				out[k] = append(out[k], h)
			}
		}
	}
	return out
}

// dealtPoints are a two-card candidate's points on a shoe with left cards,
// without solving it: each hand at its count, weighed as the solver's
// Hand.Freq weighs it (the up card's chance, the two cards' with it out,
// and, where the dealer peeks, the chance his hole card makes no
// blackjack with the three out), gains zero; appended to out. A control
// shoe's points (controls.go).
func dealtPoints(out []point, r solve.Rules, hands []solve.Hand, left [10]int, c counter) []point {
	for _, h := range hands {
		a, b, up := int(h.Cards[0]), int(h.Cards[1]), int(h.Up)
		if w := dealtFreq(r, left, c.n, a, b, up); w > 0 {
			out = append(out, point{x: c.with(a, b, up), w: w}.seeing(a, b, up))
		}
	}
	return out
}

// dealtFreq is the chance per round on a shoe with left cards (n in all)
// that the up card is up, a and b are the player's first two (either
// order), and the dealer, if he peeks, has no blackjack: solve.Hand's
// Freq.
func dealtFreq(r solve.Rules, left [10]int, n, a, b, up int) float64 {
	p := float64(left[up-1]) / float64(n)
	left[up-1]--
	rest := float64(n - 1)
	if a == b {
		p *= float64(left[a-1]) * float64(left[a-1]-1) / rest / (rest - 1)
	} else {
		p *= 2 * float64(left[a-1]) * float64(left[b-1]) / rest / (rest - 1)
	}
	left[a-1]--
	left[b-1]--
	if r.HoleCard != solve.ENHC {
		switch up {
		case 1:
			p *= 1 - float64(left[9])/(rest-2)
		case 10:
			p *= 1 - float64(left[0])/(rest-2)
		}
	}
	return max(p, 0)
}
