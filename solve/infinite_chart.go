package solve

import "math"

// Valuing a fixed chart in an infinite deck. A hand's value depends only on
// its total, but a chart plays a hand by how it got there: a two-card hand
// by its row, a split hand's first decision by the row of its two cards
// (no surrender; doubling only with DAS; a pair at the hand limit by its
// hard row, as in finite shoes), and every later decision by the chart's
// play for hands of three or more cards of the total. Values use the
// solver's frames (conditioned on no dealer blackjack under PEEK and OBO).

// infiniteChart is a chart valued against one up card.
type infiniteChart struct {
	r  Rules
	h  *infiniteHands // stand and double values
	ch *tdChart
	// multi is the value of a hand of three or more cards by [hard
	// sum][has ace][cards] (cards as infiniteHands tracks them) when it
	// plays the chart's three-card play.
	multi [32][2][MaxBonusCards + 1]float64
}

func newInfiniteChart(r Rules, h *infiniteHands, ch *tdChart) *infiniteChart {
	v := &infiniteChart{r: r, h: h, ch: ch}
	for sum := 31; sum >= 2; sum-- {
		for a := 0; a < 2; a++ {
			for n := h.track; n >= 2; n-- {
				stand := h.stand[effective(sum, a == 1)][n]
				switch {
				case sum > 21 || charlieAt(&r, n):
					v.multi[sum][a][n] = stand
				case sum < 21 && ch.hit[handClass(sum, a == 1)]:
					v.multi[sum][a][n] = v.hit(sum, a == 1, n)
				default:
					v.multi[sum][a][n] = stand
				}
			}
		}
	}
	return v
}

// handClass is node.class for a hand by its hard sum and whether it holds an ace.
func handClass(sum int, hasAce bool) int {
	if hasAce && sum+10 <= 21 {
		return 32 + sum + 10
	}
	return sum
}

// hit returns the value of drawing to a hand of n cards, then playing the
// chart's three-card play.
func (v *infiniteChart) hit(sum int, hasAce bool, n int) float64 {
	w := 0.0
	for i, p := range v.h.p {
		w += p * v.multi[min(sum+i+1, 31)][b2i(hasAce || i == 0)][v.h.next(n)]
	}
	return w
}

// splitHand returns the options of a split hand holding the pair card c and
// a drawn card x, and the chart row its first decision is read from.
func (v *infiniteChart) splitHand(c, x int) (splitOptions, int) {
	sum, hasAce := c+x, c == 1 || x == 1
	total, soft := effective(sum, hasAce), hasAce && sum+10 <= 21
	o := splitOptions{stand: v.h.stand[total][2]}
	o.mustStand = c == 1 && !v.r.HSA
	if !o.mustStand {
		o.hit = v.hit(sum, hasAce, 2)
		if v.r.DAS && v.r.Double.Allows(total, soft) {
			o.canDouble, o.double = true, v.h.double(sum, hasAce)
		}
	}
	row := rowOf(Hard, sum-4)
	switch {
	case c == 1 && x == 1:
		row = rowOf(Soft, 0) // A,A at the limit: soft 12
	case hasAce:
		row = rowOf(Soft, sum-2)
	}
	return o, row
}

// split returns the EV of splitting a pair of rank c, every split hand
// played by the chart.
func (v *infiniteChart) split(c int) float64 {
	value := func(x int) float64 {
		o, row := v.splitHand(c, x)
		return resolve(v.ch.act[row], v.ch.fallback[row], o)
	}
	other := 0.0
	for x := 1; x <= 10; x++ {
		if x != c {
			other += v.h.p[x-1] * value(x)
		}
	}
	return resplitValue(splitLimit(v.r, c), fill5(v.h.p[c-1]), fill5(other), value(c))
}

// fill5 returns an array of five x.
func fill5(x float64) [5]float64 { return [5]float64{x, x, x, x, x} }

// frequencies returns, given the up card, how often each row decides a
// hand (two-card hands, blackjacks excepted, and the first decision of
// split hands) and how often a hand of three or more cards decides at
// each class (node.class), before the chance that the hand is not played
// at all (a dealer blackjack under a peek).
func (v *infiniteChart) frequencies() (rows [numRows]float64, classes [64]float64) {
	p := v.h.p
	var flow [32][2][MaxBonusCards + 1]float64 // hands of three or more cards reaching each state
	draw := func(sum int, hasAce bool, n int, w float64) {
		for i, pi := range p {
			if next := sum + i + 1; next <= 21 {
				flow[next][b2i(hasAce || i == 0)][v.h.next(n)] += w * pi
			}
		}
	}
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			if a+b == 11 && (a == 1 || b == 1) {
				continue // blackjack
			}
			kind, i := cellOf(a, b)
			row := rowOf(kind, i)
			w := p[a-1] * p[b-1]
			rows[row] += w
			switch v.ch.act[row] {
			case Hit:
				draw(a+b, a == 1 || b == 1, 2, w)
			case Split:
				v.splitFlows(a, w, &rows, draw)
			}
		}
	}
	for sum := 2; sum < 21; sum++ { // sums only rise: a state's inflow is complete when it is reached
		for a := 0; a < 2; a++ {
			for n := 2; n <= v.h.track; n++ {
				w := flow[sum][a][n]
				if w == 0 || charlieAt(&v.r, n) {
					continue // a Charlie has won: no decision
				}
				class := handClass(sum, a == 1)
				classes[class] += w
				if v.ch.hit[class] {
					draw(sum, a == 1, n, w)
				}
			}
		}
	}
	return rows, classes
}

// splitFlows adds the split hands of a pair of rank c dealt with
// probability w: each decides at its row, and those the chart hits draw.
func (v *infiniteChart) splitFlows(c int, w float64, rows *[numRows]float64, draw func(sum int, hasAce bool, n int, w float64)) {
	limit, pcs := splitLimit(v.r, c), fill5(v.h.p[c-1])
	for x := 1; x <= 10; x++ {
		// The expected number of split hands holding c and x: the split
		// recurrence with a value of 1 for those hands only.
		var n float64
		if x == c {
			n = resplitValue(limit, pcs, [5]float64{}, 1)
		} else {
			n = resplitValue(limit, pcs, fill5(v.h.p[x-1]), 0)
		}
		o, row := v.splitHand(c, x)
		rows[row] += w * n
		if resolveAction(v.ch.act[row], v.ch.fallback[row], o) == Hit {
			draw(c+x, c == 1 || x == 1, 2, w*n)
		}
	}
}

// evaluateInfinite values a strategy in an infinite deck: each cell's EVs
// under the chart, and the round's EV.
func evaluateInfinite(src *Table, st Strategy) (*Table, error) {
	r := src.Rules
	p := r.FullShoe().Probs()
	t := &Table{Rules: r, Conditioning: src.Conditioning, Dealer: src.Dealer, CDEV: src.CDEV, Cells: newCells()}
	for _, up := range UpCards {
		ch, err := chartOf(r, st, up)
		if err != nil {
			return nil, err
		}
		cr := r.chartRules() // a chart doubles two cards only and never rescues
		v := newInfiniteChart(r, newInfiniteHands(&cr, p, dealerFrame(cr, src.Dealer[up-1])), ch)
		v.fillCells(t, up, st)
		v.fillFrequencies(t, up)
	}
	t.EV = roundEV(t, p)
	return t, nil
}

// dealerFrame returns the frame hands are valued in against an up card.
func dealerFrame(r Rules, d DealerDist) *frame {
	if r.HoleCard == ENHC {
		return newFrame(&r, d)
	}
	return newFrame(&r, d.NoBlackjack())
}

// fillCells writes the cells of one up card: each action's EV when the
// chart plays every later decision, the strategy's codes, and the margin:
// the EV of the strategy's action less the best other action's.
func (v *infiniteChart) fillCells(t *Table, up Rank, st Strategy) {
	q := t.Dealer[up-1][DealerBlackjack]
	for row := 0; row < numRows; row++ {
		kind, i := rowKind(row)
		ci := cellIndex(kind, i, up)
		c := &t.Cells[ci]
		sum, hasAce, _ := handCards(kind, c.Hand)
		v.h.setEVs(v.r, c, v.hit(sum, hasAce, 2), v.split)
		adjustForBlackjack(v.r, c, q)
		c.Code, c.MultiCard = st[ci].Code, st[ci].MultiCard
		other := math.Inf(-1)
		c.Cost = [Surrender + 1]float64{}
		for _, a := range Actions {
			if c.Legal[a] && a != c.Code.Best {
				other = max(other, c.EV[a])
				c.Cost[a] = c.EV[c.Code.Best] - c.EV[a]
			}
		}
		c.Margin = c.EV[c.Code.Best] - other
	}
}

// fillFrequencies sets the cells' Freq and MultiFreq for one up card.
func (v *infiniteChart) fillFrequencies(t *Table, up Rank) {
	played := v.h.p[up-1] // a hand is played with the up card, and under a peek without a dealer blackjack
	if v.r.HoleCard != ENHC {
		played *= 1 - t.Dealer[up-1][DealerBlackjack]
	}
	rows, classes := v.frequencies()
	for row := 0; row < numRows; row++ {
		kind, i := rowKind(row)
		c := &t.Cells[cellIndex(kind, i, up)]
		c.Freq = played * rows[row]
		if kind != Pairs {
			sum, hasAce, _ := handCards(kind, c.Hand)
			c.MultiFreq = played * classes[handClass(sum, hasAce)]
		}
	}
}
