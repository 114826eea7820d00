package solve

import (
	"fmt"
	"sync"
)

// ChartEV returns the round EV of a fixed strategy dealt from shoe, as
// NewSolver(r, Options{Shoe: &shoe}) then Evaluate(st) give it in
// Table.EV, to the last bit, computing only what the strategy reads: no
// best chart, no cells, and against each up card the hand graphs of the
// pairs it splits there alone, with the dealer's distributions of their
// compositions (readMask). For the EV of one chart on many sampled
// shoes (count.Edges).
func ChartEV(r Rules, shoe Shoe, st Strategy) (float64, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	if r.Infinite() {
		return 0, fmt.Errorf("a remaining shoe needs rules with a finite deck count; %q deals from an infinite deck", r)
	}
	if err := shoe.Validate(); err != nil {
		return 0, err
	}
	if len(st) != len(newCells()) {
		return 0, fmt.Errorf("strategy has %d cells; want %d", len(st), len(newCells()))
	}
	var charts [10]*tdChart
	for _, up := range UpCards {
		ch, err := chartOf(r, st, up)
		if err != nil {
			return 0, err
		}
		charts[up-1] = ch
	}
	lay := newLayout(r, shoe)
	var evs [10]float64
	var scratch [10]*upScratch // by worker
	eachUp(func(worker int, up Rank) {
		if scratch[worker] == nil {
			sc := chartScratch.Get().(*upScratch)
			sc.ctxs, sc.spares = map[*shape]*valuedShape{}, newSpares()
			scratch[worker] = sc
		}
		ch := charts[up-1]
		f := newFiniteUpReading(r, lay, up, scratch[worker], lay.chartReads(r, ch))
		td := newTDUpFor(f, ch)
		tv := td.eval(ch, r.DAS)
		evs[up-1] = tv.ev
		td.release(tv)
	})
	for _, sc := range scratch {
		if sc != nil { // its contraction's arrays for the next shoe's
			sc.ctxs, sc.spares = nil, nil
			chartScratch.Put(sc)
		}
	}
	total := float64(shoe.Total())
	ev := 0.0
	for _, up := range UpCards { // in Evaluate's order: the same sum
		ev += float64(shoe.Counts[up-1]) / total * evs[up-1]
	}
	return ev, nil
}

// chartScratch holds the up cards' scratch of ChartEVs done, for the
// contraction's arrays: a risk run values hundreds of shoes.
var chartScratch = sync.Pool{New: func() any { return new(upScratch) }}

// chartReads marks the compositions a chart's values against one up card
// read: the base graph's, and the split graphs' of the pairs it splits.
func (l *layout) chartReads(r Rules, ch *tdChart) []readMark {
	read := make([]bool, len(l.comps))
	mark := func(s *shape) {
		for _, ci := range s.comp {
			if ci >= 0 {
				read[ci] = true
			}
		}
	}
	mark(l.base)
	for c := 1; c <= 10; c++ {
		if _, row := cellOf(c, c); ch.act[rowOf(Pairs, row)] != Split {
			continue
		}
		for h := 2; h <= splitContexts(r, c); h++ {
			if s := l.splits[c][h]; s != nil {
				mark(s)
			}
		}
	}
	return readMask(l.trie, func(ci int32) bool { return read[ci] })
}
