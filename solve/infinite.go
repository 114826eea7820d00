package solve

// The infinite-deck solver. Every card is drawn with the probabilities of
// one deck whatever has been dealt, so a hand's value depends only on its
// total, whether it is soft, and what it may still do (double, surrender,
// split). Values are computed by dynamic programming over the hard sum
// (aces counted as one) from 21 down, since drawing only raises the sum.

// frame is the per-hand view of the dealer used by the player's recursion.
// Under PEEK and OBO it is conditioned on no dealer blackjack; under ENHC it
// is unconditional, with a dealer blackjack costing every hand its whole bet,
// which is exactly the ENHC rule.
type frame struct {
	d        DealerDist
	tiesLose bool // a tie loses (TIESLOSE) instead of pushing
	p21Wins  bool // a 21 wins against a dealer 21 (P21WINS)
}

// newFrame returns the frame of a dealer distribution under the rules.
func newFrame(r *Rules, d DealerDist) *frame {
	return &frame{d: d, tiesLose: r.TiesLose, p21Wins: r.P21Wins}
}

// standEV returns the EV of standing on an effective total (a bust counts
// -1), per unit bet.
func (f *frame) standEV(total int) float64 { return f.standPaid(total, 1) }

// standPaid is standEV for a hand whose win pays win times the bet (a
// bonus 21).
func (f *frame) standPaid(total int, win float64) float64 {
	if total > 21 {
		return -1
	}
	ev := win*f.d[DealerBust] - f.d[DealerBlackjack] // a 22 under PUSH22 pushes
	for o := Dealer17; o <= Dealer21; o++ {
		switch dealer := 17 + o; {
		case dealer < total, total == 21 && f.p21Wins:
			ev += win * f.d[o]
		case dealer > total, f.tiesLose:
			ev -= f.d[o]
		}
	}
	if d := f.d[Dealer16]; d != 0 { // a dealer who stood on 16 (DHIT16)
		switch {
		case total > 16:
			ev += win * d
		case total < 16, f.tiesLose:
			ev -= d
		}
	}
	return ev
}

// charlieEV returns the EV of a Charlie whose win pays win times the bet:
// a win, unless the dealer has a blackjack (only in an unconditional
// frame, ENHC).
func (f *frame) charlieEV(win float64) float64 {
	w := 0.0
	for o := Dealer17; o < DealerBlackjack; o++ {
		w += f.d[o]
	}
	return win*w - f.d[DealerBlackjack]
}

// infiniteHands holds the per-hand values against one up card. A hand's
// state is its hard sum, whether it holds an ace, and its card count where
// that matters (a Charlie, a bonus 21 of n cards): counts from 2 to track
// are told apart, and track stands for track or more (rules.trackedCards).
type infiniteHands struct {
	p     [10]float64
	track int
	stand [32][MaxBonusCards + 1]float64    // by effective total and card count; a total > 21 is a bust
	hit   [32][2][MaxBonusCards + 1]float64 // [hard sum][has ace][cards]: hit once, then play optimally (hit or stand)
	best  [32][2][MaxBonusCards + 1]float64 // a hand of three or more cards played best: stand, hit or (DANY) double; a Charlie's win
	dbl   [32][2]float64                    // double: one card, twice the bet
	// kept is what a doubled hand is worth per unit once it has its card:
	// it stands, or under RESCUE surrenders its original bet (-1/2 a unit
	// of the two) where that is worth more; a bust has lost.
	kept [32][MaxBonusCards + 1]float64
	// splitHit, under DANY without DAS, is the value of hitting a split
	// hand that then hits and stands where the best play does but never
	// doubles, as the finite solver's split hands play (split.go,
	// policyPlay).
	splitHit [32][2][MaxBonusCards + 1]float64
}

// doubleAt returns the value of doubling a hand of n cards: one card,
// twice the bet.
func (h *infiniteHands) doubleAt(sum, a, n int) float64 {
	dbl := 0.0
	for i, pr := range h.p {
		dbl += pr * h.kept[effective(min(sum+i+1, 31), a == 1 || i == 0)][h.next(n)]
	}
	return 2 * dbl
}

// trackedCards returns the most cards whose count changes a hand's value:
// a Charlie's, or the largest bonus 21's; 2 when neither is in the rules.
func (r *Rules) trackedCards() int {
	n := max(2, r.Charlie)
	for k := range r.Bonus21 {
		if r.Bonus21[k].Den != 0 {
			n = max(n, k)
		}
	}
	return n
}

func effective(sum int, hasAce bool) int {
	if hasAce && sum+10 <= 21 {
		return sum + 10
	}
	return sum
}

// next returns the tracked card count after a hand of n cards draws one.
func (h *infiniteHands) next(n int) int { return min(n+1, h.track) }

// charlie reports whether a hand of n cards is a Charlie under r (it has
// won and draws no more).
func charlieAt(r *Rules, n int) bool { return r.Charlie > 0 && n >= r.Charlie }

func newInfiniteHands(r *Rules, p [10]float64, f *frame) *infiniteHands {
	h := &infiniteHands{p: p, track: r.trackedCards()}
	for t := range h.stand {
		for n := 2; n <= h.track; n++ {
			win := r.WinPays(t, n)
			h.stand[t][n] = f.standPaid(t, win)
			if charlieAt(r, n) && t <= 21 {
				h.stand[t][n] = f.charlieEV(win)
			}
		}
	}
	h.kept = h.stand
	if r.Rescue {
		for t := 4; t <= 21; t++ {
			for n := 2; n <= h.track; n++ {
				h.kept[t][n] = max(h.kept[t][n], -0.5)
			}
		}
	}
	for sum := 31; sum >= 2; sum-- {
		for a := 0; a < 2; a++ {
			for n := h.track; n >= 2; n-- {
				stand := h.stand[effective(sum, a == 1)][n]
				if sum > 21 || charlieAt(r, n) {
					h.best[sum][a][n] = stand
					continue
				}
				hit := 0.0
				for i, pr := range p {
					hit += pr * h.best[min(sum+i+1, 31)][b2i(a == 1 || i == 0)][h.next(n)]
				}
				h.hit[sum][a][n] = hit
				h.best[sum][a][n] = max(stand, hit)
				// best is read only for hands of three or more cards (after a
				// hit): under DANY they may double.
				if r.DoubleAny && sum < 21 && r.Double.Allows(effective(sum, a == 1), a == 1 && sum+10 <= 21) {
					h.best[sum][a][n] = max(h.best[sum][a][n], h.doubleAt(sum, a, n))
				}
			}
			h.dbl[sum][a] = h.doubleAt(sum, a, 2)
		}
	}
	if r.DoubleAny && !r.DAS {
		var w [32][2][MaxBonusCards + 1]float64 // a hand of three or more cards played so
		for sum := 31; sum >= 2; sum-- {
			for a := 0; a < 2; a++ {
				for n := h.track; n >= 2; n-- {
					hit := 0.0
					for i, pr := range p {
						hit += pr * w[min(sum+i+1, 31)][b2i(a == 1 || i == 0)][h.next(n)]
					}
					h.splitHit[sum][a][n] = hit
					w[sum][a][n] = h.stand[effective(sum, a == 1)][n]
					if sum <= 21 && !charlieAt(r, n) && h.hit[sum][a][n] > w[sum][a][n] {
						w[sum][a][n] = hit
					}
				}
			}
		}
	}
	return h
}

// double returns the EV of doubling (one card, twice the bet).
func (h *infiniteHands) double(sum int, hasAce bool) float64 {
	return h.dbl[sum][b2i(hasAce)]
}

// splitHand returns the value of a split hand holding the pair card c and a
// drawn card x, when x is not resplit.
func (h *infiniteHands) splitHand(r Rules, c, x int) float64 {
	sum, hasAce := c+x, c == 1 || x == 1
	total := effective(sum, hasAce)
	if c == 1 && !r.HSA {
		return h.stand[total][2] // one card to each split ace; A+T is 21, not blackjack
	}
	stand, hit := h.stand[total][2], h.hit[sum][b2i(hasAce)][2]
	v := max(stand, hit)
	if r.DoubleAny && !r.DAS && hit > stand {
		v = h.splitHit[sum][b2i(hasAce)][2] // the best play's hit, never doubling later
	}
	if r.DAS && r.Double.Allows(total, hasAce && sum+10 <= 21) {
		v = max(v, h.double(sum, hasAce))
	}
	return v
}

// split returns the EV of splitting a pair of rank c, totalled over every
// resulting hand. A pair card drawn to a split hand is resplit whenever the
// hand limit (and for aces, RSA) allows. The hands are exchangeable, so the
// value only depends on how many hands wait for a card (pending) and how
// many hands exist (hands):
//
//	f(pending, hands) = sum over x != c of p_x (V(c,x) + f(pending-1, hands))
//	                  + p_c * f(pending+1, hands+1)         if a resplit is allowed
//	                  + p_c * (V(c,c) + f(pending-1, hands)) otherwise
func (h *infiniteHands) split(r Rules, c int) float64 {
	limit := splitLimit(r, c)
	pc := h.p[c-1]
	var other float64 // sum over x != c of p_x V(c,x)
	for x := 1; x <= 10; x++ {
		if x != c {
			other += h.p[x-1] * h.splitHand(r, c, x)
		}
	}
	var pcs, others [5]float64
	for hands := range pcs {
		pcs[hands], others[hands] = pc, other
	}
	return resplitValue(limit, pcs, others, h.splitHand(r, c, c))
}

// resplitValue evaluates the split recurrence above: limit is the most
// hands allowed; pc[hands] is the probability of drawing the pair card and
// other[hands] the sum over x != c of p_x V(c,x) while that many hands are
// on the table (the same for every count in an infinite deck); pair is
// V(c,c) for a hand that may not resplit.
func resplitValue(limit int, pc, other [5]float64, pair float64) float64 {
	// f[pending][hands], filled from the most hands down and, within that,
	// from the fewest pending hands up: the order the recurrence reads.
	var f [6][5]float64
	for hands := limit; hands >= 2; hands-- {
		for pending := 1; pending <= hands; pending++ {
			v := other[hands] + (1-pc[hands])*f[pending-1][hands]
			if hands < limit {
				v += pc[hands] * f[pending+1][hands+1]
			} else {
				v += pc[hands] * (pair + f[pending-1][hands])
			}
			f[pending][hands] = v
		}
	}
	return f[2][2]
}

// solveInfinite fills a Table for an infinite deck.
func solveInfinite(r Rules) *Table {
	p := r.FullShoe().Probs()
	t := &Table{Rules: r, Dealer: infiniteDealer(p, r.Dealer())}
	t.Conditioning = conditioning(r)

	for _, kind := range []TableKind{Hard, Soft, Pairs} {
		for _, hand := range rowNames[kind] {
			for _, up := range UpCards {
				t.Cells = append(t.Cells, Cell{Table: kind, Hand: hand, Up: up})
			}
		}
	}
	noDAS := r
	noDAS.DAS = false
	var hands [10]*infiniteHands
	for _, up := range UpCards {
		hands[up-1] = newInfiniteHands(&r, p, dealerFrame(r, t.Dealer[up-1]))
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		h := hands[c.Up-1]
		sum, hasAce, pair := handCards(c.Table, c.Hand)
		total := effective(sum, hasAce)
		h.setEVs(r, c, h.hit[sum][b2i(hasAce)][2], func(pair int) float64 { return h.split(r, pair) })
		q := t.Dealer[c.Up-1][DealerBlackjack]
		ndasBest := NoAction
		if pair != 0 && r.DAS {
			ndasBest = bestWithoutDAS(*c, h.split(noDAS, pair), r, q)
		}
		adjustForBlackjack(r, c, q)
		c.chooseCode(ndasBest)
		if c.Table != Pairs {
			c.MultiCard = Stand
			if total < 21 && c.EV[Hit] > c.EV[Stand] {
				c.MultiCard = Hit
			}
		}
	}
	t.EV = roundEV(t, p)
	t.CDEV = [2]float64{t.EV, t.EV}
	for _, up := range UpCards { // an ace and a ten either way round
		t.naturals += p[up-1] * 2 * p[0] * p[9] * (1 - t.Dealer[up-1][DealerBlackjack])
	}
	if !r.ChartIsBestPlay() { // find the best chart (infinite_td.go)
		var chartHands [10]*infiniteHands
		cr := r.chartRules()
		for _, up := range UpCards {
			chartHands[up-1] = newInfiniteHands(&cr, p, dealerFrame(cr, t.Dealer[up-1]))
		}
		st, err := bestInfiniteChart(t, &chartHands)
		if err != nil {
			panic(err) // the codes are the table's own, each legal where it stands
		}
		ct, err := evaluateInfinite(t, st)
		if err != nil {
			panic(err)
		}
		return ct
	}
	st := t.Strategy()
	for _, up := range UpCards {
		ch, _ := chartOf(r, st, up) // the table's own codes are legal
		newInfiniteChart(r, hands[up-1], ch).fillFrequencies(t, up)
	}
	return t
}

// bestWithoutDAS returns the best action of a pair cell, before
// adjustForBlackjack, if doubling after a split were not allowed: the
// other actions keep their values and the split takes splitNDAS.
func bestWithoutDAS(c Cell, splitNDAS float64, r Rules, q float64) Action {
	c.EV[Split] = splitNDAS
	adjustForBlackjack(r, &c, q)
	c.chooseCode(NoAction)
	return c.Code.Best
}

func conditioning(r Rules) Conditioning {
	if r.HoleCard == Peek && r.Surrender != EarlySurrender {
		return NoDealerBlackjack
	}
	return Unconditional
}

// setEVs fills a cell's legal actions and their EVs in the per-hand frame:
// stand, hit (valued by the caller), double, and for pairs split (valued by
// split). Hard 21, which no two cards make, stands in for hands of three
// or more cards: they may only stand or hit (as finite shoes show the row).
func (h *infiniteHands) setEVs(r Rules, c *Cell, hit float64, split func(pair int) float64) {
	sum, hasAce, pair := handCards(c.Table, c.Hand)
	total := effective(sum, hasAce)
	c.Legal[Stand], c.EV[Stand] = true, h.stand[total][2]
	c.Legal[Hit], c.EV[Hit] = true, hit
	if c.twoCard() && r.Double.Allows(total, hasAce && sum+10 <= 21) {
		c.Legal[Double], c.EV[Double] = true, h.double(sum, hasAce)
	}
	if pair != 0 {
		c.Legal[Split], c.EV[Split] = true, split(pair)
	}
}

// twoCard reports whether two cards make the cell's hand: every row but
// hard 21.
func (c *Cell) twoCard() bool { return c.Table != Hard || c.Hand != "21" }

// adjustForBlackjack moves a cell's EVs from the per-hand frame to the
// table's conditioning and adds surrender. q is the probability that the
// dealer has blackjack given the up card.
//
// Under PEEK and OBO the per-hand frame is conditioned on no dealer
// blackjack, and a dealer blackjack costs exactly the original bet whatever
// the player does, so the unconditional EV is (1-q)*EV - q. Under ENHC the
// frame is already unconditional. Late surrender gives back half the bet
// only when the dealer has no blackjack; early surrender always does.
func adjustForBlackjack(r Rules, c *Cell, q float64) {
	uncond := conditioning(r) == Unconditional
	if uncond && r.HoleCard != ENHC {
		for _, a := range Actions {
			if c.Legal[a] {
				c.EV[a] = (1-q)*c.EV[a] - q
			}
		}
	}
	if !c.twoCard() {
		return // no surrender after a hit
	}
	switch r.Surrender {
	case LateSurrender:
		c.Legal[Surrender], c.EV[Surrender] = true, -0.5
		if uncond {
			c.EV[Surrender] = -0.5*(1-q) - q
		}
	case EarlySurrender:
		c.Legal[Surrender], c.EV[Surrender] = true, -0.5
	}
}

// handCards returns the hard sum, whether the hand holds an ace, and for a
// pair the rank of the pair card (0 otherwise) of a chart row.
func handCards(kind TableKind, hand string) (sum int, hasAce bool, pair int) {
	switch kind {
	case Hard:
		for _, ch := range hand {
			sum = sum*10 + int(ch-'0')
		}
		return sum, false, 0
	case Soft:
		r, _ := ParseRank(hand[1:])
		return 1 + int(r), true, 0
	}
	r, _ := ParseRank(hand[:1])
	return 2 * int(r), r == 1, int(r)
}

// roundEV returns the unconditional EV of a round: the player's two cards
// and the dealer's up card from p, each two-card hand played by its best
// cell (pairs by the pairs table, other hands by their total).
func roundEV(t *Table, p [10]float64) float64 {
	r := t.Rules
	ev := 0.0
	for _, up := range UpCards {
		q := t.Dealer[up-1][DealerBlackjack]
		for a := 1; a <= 10; a++ {
			for b := 1; b <= 10; b++ {
				pr := p[up-1] * p[a-1] * p[b-1]
				var v float64
				switch {
				case a+b == 11 && (a == 1 || b == 1):
					v = r.blackjackEV(q)
				default:
					v = t.cellFor(a, b, up).Best()
					if t.Conditioning == NoDealerBlackjack {
						v = (1-q)*v - q
					}
				}
				ev += pr * v
			}
		}
	}
	return ev
}

// cellFor returns the cell that plays the two cards a, b against up.
func (t *Table) cellFor(a, b int, up Rank) *Cell {
	switch {
	case a == b:
		return &t.Cells[cellIndex(Pairs, (a+8)%10, up)] // 22..TT are rows 0..8, AA row 9
	case a == 1 || b == 1:
		return &t.Cells[cellIndex(Soft, a+b-2, up)] // AA is row 0
	}
	return &t.Cells[cellIndex(Hard, a+b-4, up)] // hard 4 is row 0
}

// CardCountMatters reports whether a hand's value depends on its number of
// cards as well as its total: under a Charlie or a bonus 21 of n cards.
func (r Rules) CardCountMatters() bool { return r.trackedCards() > 2 }

// chartRules returns the rules a chart is played under: a chart doubles
// two-card hands only and never rescues, so DANY and RESCUE are the best
// play's alone.
func (r Rules) chartRules() Rules {
	r.DoubleAny, r.Rescue = false, false
	return r
}

// ChartIsBestPlay reports whether, in an infinite deck, the best play is
// a chart: a hand's play depends on its total alone, and the chart may do
// whatever the best play does.
func (r Rules) ChartIsBestPlay() bool { return !r.CardCountMatters() && r == r.chartRules() }

// InfiniteHand returns the EVs of the hand of the given cards against up
// in an infinite deck, by action (Stand, Hit, and under DANY Double), then
// playing on as well as possible (by total, softness and card count), in
// the table's conditioning: for rules whose best play is no chart (a
// Charlie, a bonus 21, DANY, RESCUE), where the chart's cells do not show
// it. ok is false for a finite deck.
func (t *Table) InfiniteHand(cards []Rank, up Rank) (ev [Surrender + 1]float64, legal [Surrender + 1]bool, ok bool) {
	r := t.Rules
	if !r.Infinite() {
		return ev, legal, false
	}
	h := newInfiniteHands(&r, r.FullShoe().Probs(), dealerFrame(r, t.Dealer[up-1]))
	sum, ace := 0, false
	for _, c := range cards {
		sum += int(c)
		ace = ace || c == 1
	}
	n := min(len(cards), h.track)
	total := effective(min(sum, 31), ace)
	legal[Stand], ev[Stand] = true, h.stand[total][n]
	if charlieAt(&r, len(cards)) || sum >= 21 {
		return ev, legal, true // a Charlie has won, a 21 stands, a bust has lost
	}
	legal[Hit], ev[Hit] = true, h.hit[sum][b2i(ace)][n]
	if r.DoubleAny && r.Double.Allows(total, ace && sum+10 <= 21) {
		legal[Double] = true
		ev[Double] = h.doubleAt(sum, b2i(ace), n)
	}
	if t.Conditioning == Unconditional && r.HoleCard != ENHC { // early surrender: values before the peek
		q := t.Dealer[up-1][DealerBlackjack]
		for _, a := range Actions {
			ev[a] = (1-q)*ev[a] - q
		}
	}
	return ev, legal, true
}
