package sim

import "bjchart/solve"

// table plays rounds for one player at a time.
type table struct {
	r     solve.Rules
	bj    float64 // a player blackjack's payout
	shoe  *shoe
	ch    *Chart
	hands []hand // this round's hands
	limit [11]int
}

func newTable(r solve.Rules, s *shoe, ch *Chart) *table {
	t := &table{r: r, bj: r.BlackjackPays.Float(), shoe: s, ch: ch, hands: make([]hand, 0, 8)}
	for c := 1; c <= 10; c++ {
		t.limit[c] = r.MaxSplitHands
		if c == 1 && !r.RSA {
			t.limit[c] = 2
		}
	}
	return t
}

// hand is a player hand: its hard sum (aces as one), whether it holds an
// ace, its cards and its bet.
type hand struct {
	sum   int
	ace   bool
	cards int
	bet   float64
}

func (h *hand) add(c uint8) {
	h.sum += int(c)
	h.ace = h.ace || c == 1
	h.cards++
}

// total returns the hand's total and whether it is soft.
func (h *hand) total() (int, bool) {
	if h.ace && h.sum+10 <= 21 {
		return h.sum + 10, true
	}
	return h.sum, false
}

// outcome is one round's result for the player.
type outcome struct {
	net     float64 // won (+) or lost (-), in initial bets
	wagered float64
	hands   int
}

// round plays one round and returns its outcome.
func (t *table) round() outcome {
	s := t.shoe
	s.startRound()
	p1, up8, p2 := s.draw(), s.draw(), s.draw()
	up := int(up8)
	peek := t.r.HoleCard == solve.Peek
	var hole uint8
	if peek {
		hole = s.draw()
	}
	a, b := int(min(p1, p2)), int(max(p1, p2))
	playerBJ := a == 1 && b == 10
	first := solve.NoAction
	if !playerBJ {
		total, soft := twoCards(a, b)
		first = t.ch.first(a, b, up, false, options{
			double:    t.r.Double.Allows(total, soft),
			split:     a == b,
			surrender: t.r.Surrender != solve.NoSurrender,
		})
	}
	if first == solve.Surrender && t.r.Surrender == solve.EarlySurrender {
		return outcome{net: -0.5, wagered: 1, hands: 1} // before any peek
	}
	dealerBJ := func() bool { return up == 1 && hole == 10 || up == 10 && hole == 1 }
	if playerBJ {
		if !peek {
			hole = s.draw()
		}
		if dealerBJ() {
			return outcome{wagered: 1, hands: 1}
		}
		return outcome{net: t.bj, wagered: 1, hands: 1}
	}
	if peek && dealerBJ() {
		return outcome{net: -1, wagered: 1, hands: 1}
	}
	if first == solve.Surrender { // late
		if !peek {
			if hole = s.draw(); dealerBJ() {
				return outcome{net: -1, wagered: 1, hands: 1} // revealed later: the whole bet
			}
		}
		return outcome{net: -0.5, wagered: 1, hands: 1}
	}

	t.hands = t.hands[:0]
	if first == solve.Split {
		t.split(a, up)
	} else {
		h := hand{bet: 1}
		h.add(uint8(a))
		h.add(uint8(b))
		t.play(&h, first, up)
		t.hands = append(t.hands, h)
	}

	var out outcome
	out.hands = len(t.hands)
	live := false
	for i := range t.hands {
		out.wagered += t.hands[i].bet
		if total, _ := t.hands[i].total(); total <= 21 {
			live = true
		}
	}
	if !peek {
		hole = s.draw()
		if dealerBJ() { // no hole card: the blackjack shows now
			if t.r.HoleCard == solve.OBO {
				out.net = -1 // only the original bet
			} else {
				out.net = -out.wagered // everything on the table
			}
			return out
		}
	}
	dealer := 0
	if live {
		dealer = t.dealer(up, int(hole))
	}
	for i := range t.hands {
		h := &t.hands[i]
		total, _ := h.total()
		switch {
		case total > 21:
			out.net -= h.bet
		case dealer > 21 || total > dealer:
			out.net += h.bet
		case total < dealer:
			out.net -= h.bet
		}
	}
	return out
}

func twoCards(a, b int) (int, bool) {
	if a == 1 && b+11 <= 21 {
		return b + 11, true
	}
	return a + b, false
}

// play finishes a hand from its first action.
func (t *table) play(h *hand, act solve.Action, up int) {
	switch act {
	case solve.Double:
		h.bet *= 2
		h.add(t.shoe.draw())
	case solve.Hit:
		for {
			h.add(t.shoe.draw())
			if total, soft := h.total(); !t.ch.hit(total, soft, up) {
				return
			}
		}
	}
}

// split splits a pair of c: each hand takes its second card and is played
// to the end before the next starts; a pair card drawn to a hand is split
// off into a new hand while the limit allows.
func (t *table) split(c, up int) {
	hands, waiting := 2, 1 // hands made; hands holding their lone pair card besides this one
	for {
		h := hand{bet: 1}
		h.add(uint8(c))
		x := int(t.shoe.draw())
		for x == c && hands < t.limit[c] {
			hands++
			waiting++
			x = int(t.shoe.draw())
		}
		h.add(uint8(x))
		total, soft := h.total()
		act := t.ch.first(min(c, x), max(c, x), up, true, options{
			double:    t.r.DAS && t.r.Double.Allows(total, soft),
			mustStand: c == 1 && !t.r.HSA || total == 21,
		})
		t.play(&h, act, up)
		t.hands = append(t.hands, h)
		if waiting == 0 {
			return
		}
		waiting--
	}
}

// dealer plays the dealer's hand and returns its total (22 for a bust).
func (t *table) dealer(up, hole int) int {
	sum, ace := up+hole, up == 1 || hole == 1
	for {
		total := sum
		if ace && sum+10 <= 21 {
			total = sum + 10
		}
		switch {
		case sum > 21:
			return 22
		case total > 17, total == 17 && !(t.r.H17 && ace && sum+10 == 17):
			return total
		}
		c := int(t.shoe.draw())
		sum += c
		ace = ace || c == 1
	}
}
