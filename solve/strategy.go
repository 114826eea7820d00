package solve

import (
	"context"
	"fmt"
)

// A Play is what a chart cell tells the player.
type Play struct {
	Code Code // the two-card action and the play to fall back on
	// MultiCard is Hit or Stand for hands of three or more cards of the
	// cell's total, and for split hands after their first decision (hard
	// and soft cells only).
	MultiCard Action
}

// A Strategy is a total-dependent chart: a Play for every cell, in
// Table.Cells order.
type Strategy []Play

// Strategy returns the table's chart as a Strategy.
func (t *Table) Strategy() Strategy {
	st := make(Strategy, len(t.Cells))
	for i := range t.Cells {
		st[i] = Play{t.Cells[i].Code, t.Cells[i].MultiCard}
	}
	return st
}

// Evaluate values a fixed strategy exactly: every hand, split hands and
// hands of three or more cards included, plays as the strategy says. The
// returned table has the strategy's codes, each cell's EVs under it, how
// often each cell decides a hand, and its round EV in EV.
func (s *Solver) Evaluate(st Strategy) (*Table, error) {
	src := s.table
	if len(st) != len(src.Cells) {
		return nil, fmt.Errorf("strategy has %d cells; want %d", len(st), len(src.Cells))
	}
	if src.Rules.Infinite() {
		return evaluateInfinite(src, st)
	}
	if s.ups[0] == nil { // solved with TableOnly: the hand graphs again (Evaluate takes no context to stop them)
		_, s.ups = solveFiniteWith(context.Background(), src.Rules, src.Shoe, s.opt, true)
	}
	t := &Table{Rules: src.Rules, Conditioning: src.Conditioning, Shoe: src.Shoe, Split: src.Split,
		Dealer: src.Dealer, CDEV: src.CDEV, Hands: src.Hands, Cells: newCells()}
	var charts [10]*tdChart
	for _, up := range UpCards {
		ch, err := chartOf(src.Rules, st, up)
		if err != nil {
			return nil, err
		}
		charts[up-1] = ch
	}
	var evs [10]float64
	eachUp(func(_ int, up Rank) {
		td := s.ups[up-1]
		tv := td.eval(charts[up-1], src.Rules.DAS)
		evs[up-1] = tv.ev
		td.fillCells(t, up, charts[up-1], tv)
	})
	total := float64(src.Shoe.Total())
	for _, up := range UpCards {
		t.EV += float64(src.Shoe.Counts[up-1]) / total * evs[up-1]
	}
	for i := range t.Cells { // keep the strategy's own codes
		t.Cells[i].Code, t.Cells[i].MultiCard = st[i].Code, st[i].MultiCard
	}
	return t, nil
}

// chartOf converts a strategy's cells against one up card.
func chartOf(r Rules, st Strategy, up Rank) (*tdChart, error) {
	ch := &tdChart{}
	for row := 0; row < numRows; row++ {
		kind, i := rowKind(row)
		cell := cellIndex(kind, i, up)
		p := st[cell]
		if !rowLegal(r, row, p.Code.Best) {
			return nil, fmt.Errorf("cell %v %s v %v: %v is not allowed there under %s",
				kind, rowNames[kind][i], up, p.Code.Best, r)
		}
		ch.act[row] = p.Code.Best
		ch.fallback[row] = p.Code.Fallback
		if fb := p.Code.Fallback; fb != Hit && fb != Stand {
			ch.fallback[row] = Stand
			if p.MultiCard == Hit {
				ch.fallback[row] = Hit
			}
		}
		if kind == Pairs {
			continue
		}
		sum, ace, _ := handCards(kind, rowNames[kind][i])
		class := effective(sum, ace)
		if kind == Soft {
			class += 32
		}
		ch.hit[class] = p.MultiCard == Hit
	}
	return ch, nil
}
