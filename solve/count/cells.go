package count

import (
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
// moves, plus insurance. Only crossings within the sampled counts are
// returned (those the shoes cannot place with NotEstimable set), oriented
// like published indices: Base below the index, Play at or above it.
// Each cell's decisions come in the chart's order.
func AllCells(r solve.Rules, sys System, opt Options) ([]Index, error) {
	if err := check(r, opt); err != nil {
		return nil, err
	}
	basic, err := solve.Solve(r)
	if err != nil {
		return nil, err
	}
	cands := append(candidates(basic), multiCandidates(basic)...)
	samples, err := sampleShoes(r, sys, opt, func(left [10]int, c counter) [][]point {
		shoe := solve.Shoe{Counts: left}
		tab, err := solve.SolveWith(r, solve.Options{Shoe: &shoe})
		if err != nil {
			return nil // a rank dealt out entirely (one or two decks): left out
		}
		points := make([][]point, len(cands)+1)
		for k, cand := range cands {
			switch {
			case opt.Moment == BeforeRound && cand.multi:
				points[k] = one(c, multiGain(tab, cand))
			case opt.Moment == BeforeRound:
				points[k] = one(c, cellGain(tab, cand))
			default:
				points[k] = cellPoints(tab, cand, c)
			}
		}
		if opt.Moment == BeforeRound {
			points[len(cands)] = one(c, gain(r, I18[0], left, c.n, nil))
		} else {
			points[len(cands)] = decisionPoints(nil, r, I18[0], left, c, nil, true)
		}
		return points
	})
	if err != nil {
		return nil, err
	}
	scale := 1.0
	lo, hi := -float64(maxIndex), float64(maxIndex)
	if !sys.Balanced() {
		scale = float64(r.Decks)
		tcs := make([]float64, len(samples))
		for i, s := range samples {
			tcs[i] = s.tc
		}
		mid := median(tcs)
		lo, hi = mid-maxIndex*scale, mid+maxIndex*scale
	}
	var out []Index
	twoCard := map[Decision]int{} // the two-card indices, rounded
	for k, c := range cands {
		x := Index{Decision: c.decision()}
		slope := x.fit(r, sys, samples, k, opt.Moment)
		if math.IsNaN(x.Index) || x.Index < lo || x.Index > hi {
			continue // never within the counts sampled: the basic play throughout
		}
		if slope < 0 { // the other play is better below the index
			x.Base, x.Play = x.Play, x.Base
		}
		switch {
		case x.Shoes < minShoes:
			x.NotEstimable = fmt.Sprintf("%d shoes, under %d", x.Shoes, minShoes)
		case x.SE > scale:
			x.NotEstimable = fmt.Sprintf("SE above %g", scale)
		case !crossesInData(samples, k, x.Index, slope, 4*scale):
			x.NotEstimable = "the gains keep their sign there"
		}
		if x.NotEstimable != "" { // named, so that a reader knows it was looked at
			out = append(out, x)
			continue
		}
		if !c.multi {
			twoCard[x.Decision] = x.Rounded
		} else {
			two := x.Decision
			two.MultiCard = false
			if at, ok := twoCard[two]; ok && at == x.Rounded {
				continue // hands of three or more cards play as two-card ones
			}
		}
		out = append(out, x)
	}
	ins := Index{Decision: I18[0]}
	ins.fit(r, sys, samples, len(cands), opt.Moment)
	if placed(ins, lo, hi, scale) {
		out = append([]Index{ins}, out...)
	}
	return out, nil
}

// placed reports whether an index is one to report: inside the counts
// sampled, fitted on at least minShoes shoes, and known to within a point
// of the count (one standard error; running counts: a point per deck). The
// others are plays that never come close to the basic one, whose lines
// cross zero far from any shoe.
func placed(x Index, lo, hi, scale float64) bool {
	return !math.IsNaN(x.Index) && x.Index >= lo && x.Index <= hi && x.Shoes >= minShoes && x.SE <= scale
}

// crossesInData reports whether the sampled gains themselves change sign
// at the index: within window of it, the shoes above average a gain of the
// slope's sign and the shoes below the other, at least 5 on each side. A
// line can cross zero where the gains only approach it (a play that is
// always worse, on hands that grow rare at high counts: standing on 2,2,2),
// which is no index.
func crossesInData(samples []sample, k int, idx, slope, window float64) bool {
	var above, below float64
	var na, nb int
	for _, s := range samples {
		if s.points == nil {
			continue
		}
		for _, p := range s.points[k] {
			switch {
			case math.Abs(p.x-idx) > window:
			case p.x >= idx:
				above += p.w * p.y
				na++
			default:
				below += p.w * p.y
				nb++
			}
		}
	}
	if na < 5 || nb < 5 {
		return false
	}
	if slope < 0 {
		above, below = -above, -below
	}
	return above > 0 && below < 0
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
		if h.Up != c.up || !inCell(h, c.kind, c.hand) || !h.Legal[c.play] || !h.Legal[c.basic] {
			continue
		}
		g += h.Freq * (h.EV[c.play] - h.EV[c.basic])
	}
	return g
}

// cellPoints are a candidate's points at the decision on a solved shoe:
// each of its hands (two cards, or three and more for a multi-card
// candidate) at the count with its cards and the up card seen, its gain
// per hand, weighed by how often it is reached.
func cellPoints(tab *solve.Table, cand candidate, c counter) []point {
	var out []point
	if cand.multi {
		total, soft := cellTotal(cand.kind, cand.hand)
		for i := range tab.Compositions {
			m := &tab.Compositions[i]
			if m.Up == cand.up && m.Total == total && m.Soft == soft && m.Freq > 0 {
				var seen []int
				for _, r := range m.Cards() {
					seen = append(seen, int(r))
				}
				out = append(out, point{x: c.with(append(seen, int(m.Up))...), y: m.EV[cand.play] - m.EV[cand.basic], w: m.Freq})
			}
		}
		return out
	}
	for i := range tab.Hands {
		h := &tab.Hands[i]
		if h.Up == cand.up && inCell(h, cand.kind, cand.hand) && h.Legal[cand.play] && h.Legal[cand.basic] && h.Freq > 0 {
			out = append(out, point{x: c.with(int(h.Cards[0]), int(h.Cards[1]), int(h.Up)), y: h.EV[cand.play] - h.EV[cand.basic], w: h.Freq})
		}
	}
	return out
}

// inCell reports whether a two-card hand is decided by the cell of that
// table and row name.
func inCell(h *solve.Hand, kind solve.TableKind, row string) bool {
	a, b := h.Cards[0], h.Cards[1]
	switch {
	case a == b:
		return kind == solve.Pairs && row == a.String()+b.String()
	case a == 1:
		return kind == solve.Soft && row == "A"+b.String()
	}
	total, _ := h.Total()
	return kind == solve.Hard && row == strconv.Itoa(total)
}
