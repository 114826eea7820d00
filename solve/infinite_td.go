package solve

// The best chart for an infinite deck when the card count matters (a
// Charlie, a bonus 21 of n cards). Without them a hand's value depends
// only on its total, so the best play is a chart and solveInfinite reads
// it off the values. With them the best play of a hand of three or more
// cards may depend on its count (hit a four-card 16 for a five-card
// Charlie, stand on a three-card one), which a chart, one play per total,
// cannot say. The table then reports both:
//
//   - CDEV: the best play, by total, softness and card count (exact);
//   - EV and the cells: the best chart, found as td.go finds a finite
//     shoe's, by single changes against each up card: a row's two-card
//     action or a total's three-card play, each kept when the round's
//     exact EV (the chart played throughout, splits included) rises,
//     until none does.

// bestInfiniteChart returns the chart that no single change improves,
// starting from the best play's two-card actions and three-card plays.
func bestInfiniteChart(t *Table, hands *[10]*infiniteHands) (Strategy, error) {
	r := t.Rules
	st := t.Strategy()
	for _, up := range UpCards {
		ch, err := chartOf(r, st, up)
		if err != nil {
			return nil, err
		}
		q := t.Dealer[up-1][DealerBlackjack]
		value := func() float64 { return newInfiniteChart(r, hands[up-1], ch).upEV(up, q, t.Conditioning) }
		best := value()
		try := func(change, undo func()) bool {
			change()
			if v := value(); v > best+1e-15 {
				best = v
				return true
			}
			undo()
			return false
		}
		for improved := true; improved; {
			improved = false
			for class := range ch.hit {
				if multiClass(class) {
					flip := func() { ch.hit[class] = !ch.hit[class] }
					improved = try(flip, flip) || improved
				}
			}
			for row := range numRows {
				for _, a := range Actions {
					if a == ch.act[row] || !rowLegal(r, row, a) {
						continue
					}
					fallbacks := []Action{Hit, Stand} // what a split hand plays where a is not allowed
					if a == Hit || a == Stand {
						fallbacks = fallbacks[:1] // always allowed: no fallback to choose
					}
					for _, fb := range fallbacks {
						was, wasFb := ch.act[row], ch.fallback[row]
						improved = try(func() { ch.act[row], ch.fallback[row] = a, fb },
							func() { ch.act[row], ch.fallback[row] = was, wasFb }) || improved
					}
				}
			}
		}
		writeChart(st, ch, up)
	}
	return st, nil
}

// multiClass reports whether a hand of three or more cards can have the
// node class: hard 5..20 or soft 13..20 (21 stands; hard 4 is 2,2 only).
func multiClass(class int) bool {
	return class >= 5 && class <= 20 || class >= 32+13 && class <= 32+20
}

// writeChart sets st's codes against up from a chart.
func writeChart(st Strategy, ch *tdChart, up Rank) {
	for row := range numRows {
		kind, i := rowKind(row)
		p := &st[cellIndex(kind, i, up)]
		p.Code = Code{Best: ch.act[row]}
		if a := ch.act[row]; a == Double || a == Surrender {
			p.Code.Fallback = ch.fallback[row]
		}
		if kind == Pairs {
			continue
		}
		sum, ace, _ := handCards(kind, rowNames[kind][i])
		p.MultiCard = Stand
		if class := handClass(sum, ace); ch.hit[class] && effective(sum, ace) < 21 {
			p.MultiCard = Hit
		}
	}
}

// upEV returns the round's EV given the up card when every hand plays the
// chart: unconditional, q being the chance of a dealer blackjack, in the
// table's conditioning cond for the cells' values.
func (v *infiniteChart) upEV(up Rank, q float64, cond Conditioning) float64 {
	var rowEV [numRows]float64
	for row := range numRows {
		kind, i := rowKind(row)
		c := Cell{Table: kind, Hand: rowNames[kind][i], Up: up}
		sum, hasAce, _ := handCards(kind, c.Hand)
		v.h.setEVs(v.r, &c, v.hit(sum, hasAce, 2), v.split)
		adjustForBlackjack(v.r, &c, q)
		rowEV[row] = c.EV[v.ch.act[row]]
		if cond == NoDealerBlackjack {
			rowEV[row] = (1-q)*rowEV[row] - q
		}
	}
	ev := 0.0
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			pr := v.h.p[a-1] * v.h.p[b-1]
			if a+b == 11 && (a == 1 || b == 1) {
				ev += pr * v.r.blackjackEV(q)
				continue
			}
			kind, i := cellOf(a, b)
			ev += pr * rowEV[rowOf(kind, i)]
		}
	}
	return ev
}
