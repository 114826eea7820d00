package sim

import "bjchart/solve"

// table plays rounds for its players, each seat in turn.
type table struct {
	r     solve.Rules
	bj    float64 // a player blackjack's payout
	shoe  *shoe
	ch    Strategy
	seats []seat
	hands []hand // this round's hands, seat by seat
	// insureAt takes insurance at this count or more (with a count).
	insureAt *float64
	indices  []IndexPlay
	limit    [11]int
}

func newTable(r solve.Rules, s *shoe, ch Strategy, players int) *table {
	t := &table{r: r, bj: r.BlackjackPays.Float(), shoe: s, ch: ch,
		seats: make([]seat, players), hands: make([]hand, 0, 8*players)}
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
	sum    int
	ace    bool
	cards  int
	bet    float64
	counts [10]uint8 // cards by rank-1, for composition-dependent play
}

func (h *hand) add(c uint8) {
	h.sum += int(c)
	h.ace = h.ace || c == 1
	h.cards++
	h.counts[c-1]++
}

// total returns the hand's total and whether it is soft.
func (h *hand) total() (int, bool) {
	if h.ace && h.sum+10 <= 21 {
		return h.sum + 10, true
	}
	return h.sum, false
}

// outcome is one round's result, summed over the players at the table.
type outcome struct {
	net     float64 // won (+) or lost (-), in units of the bet
	wagered float64
	hands   int
	// wins, pushes and losses count the players whose round ended so.
	wins, pushes, losses int
}

// seat is one player's round.
type seat struct {
	a, b     int // the first two cards, a <= b
	bet      float64
	first    solve.Action
	bj       bool
	lateSurr bool // surrendered late in a game without a hole card: settled at the end
	done     bool
	net      float64
	wagered  float64
	hands    [2]int // t.hands[hands[0]:hands[1]] are this player's
}

// round plays one round for every player, each betting bet, and returns
// the sums.
func (t *table) round(bet float64) outcome {
	s := t.shoe
	s.startRound()
	seats := t.seats
	for i := range seats {
		seats[i] = seat{bet: bet, wagered: bet, a: int(s.draw())}
	}
	up := int(s.draw())
	for i := range seats {
		seats[i].b = int(s.draw())
	}
	peek := t.r.HoleCard == solve.Peek
	var hole uint8
	if peek {
		hole = s.draw()
	}
	dealerBJ := func() bool { return isBlackjack(up, int(hole)) }
	insured := 0.0 // the players' insurance stakes, half of each bet
	if up == 1 && t.insureAt != nil && s.count != nil && t.insuranceCount(peek, hole) >= *t.insureAt {
		for i := range seats {
			insured += seats[i].bet / 2
		}
	}
	for i := range seats {
		p := &seats[i]
		p.a, p.b = min(p.a, p.b), max(p.a, p.b)
		p.bj = p.a == 1 && p.b == 10
		if p.bj {
			continue
		}
		total, soft := twoCards(p.a, p.b)
		p.first = t.ch.first(p.a, p.b, up, false, options{
			double:    t.r.Double.Allows(total, soft),
			split:     p.a == p.b,
			surrender: t.r.Surrender != solve.NoSurrender,
		})
		if len(t.indices) > 0 && s.count != nil {
			p.first = t.indexPlay(p.a, p.b, up, total, soft, p.first, t.insuranceCount(peek, hole))
		}
		if p.first == solve.Surrender && t.r.Surrender == solve.EarlySurrender {
			p.net, p.done = -0.5*p.bet, true // before any peek
		}
	}
	if peek && dealerBJ() {
		for i := range seats {
			if p := &seats[i]; !p.done && !p.bj {
				p.net = -p.bet
			}
		}
		return t.sum(seats, insured, isBlackjack(up, int(hole)))
	}
	t.hands = t.hands[:0]
	for i := range seats {
		p := &seats[i]
		switch {
		case p.done:
		case p.bj:
			if peek {
				p.net, p.done = t.bj*p.bet, true
			}
		case p.first == solve.Surrender: // late
			if peek {
				p.net, p.done = -0.5*p.bet, true
			} else {
				p.lateSurr = true
			}
		default:
			p.hands[0] = len(t.hands)
			if p.first == solve.Split {
				t.split(p.a, up, p.bet)
			} else {
				// Played in place: a hand passed to the strategy would
				// otherwise move to the heap every round.
				t.hands = append(t.hands, hand{bet: p.bet})
				h := &t.hands[len(t.hands)-1]
				h.add(uint8(p.a))
				h.add(uint8(p.b))
				t.play(h, p.first, up)
			}
			p.hands[1] = len(t.hands)
			p.wagered = 0
			for _, h := range t.hands[p.hands[0]:p.hands[1]] {
				p.wagered += h.bet
			}
		}
	}
	if !peek {
		hole = s.draw()
		if dealerBJ() { // no hole card: the blackjack shows now
			for i := range seats {
				switch p := &seats[i]; {
				case p.done:
				case p.bj:
					p.net = 0
				case p.lateSurr || t.r.HoleCard == solve.OBO:
					p.net = -p.bet // only the original bet
				default:
					p.net = -p.wagered // everything on the table
				}
			}
			return t.sum(seats, insured, isBlackjack(up, int(hole)))
		}
	}
	live := false
	for i := range t.hands {
		if total, _ := t.hands[i].total(); total <= 21 {
			live = true
		}
	}
	dealer := 0
	if live {
		dealer = t.dealer(up, int(hole))
	}
	for i := range seats {
		p := &seats[i]
		switch {
		case p.done:
			continue
		case p.bj:
			p.net = t.bj * p.bet
			continue
		case p.lateSurr:
			p.net = -0.5 * p.bet
			continue
		}
		for _, h := range t.hands[p.hands[0]:p.hands[1]] {
			total, _ := h.total()
			switch {
			case total > 21:
				p.net -= h.bet
			case dealer > 21 || total > dealer:
				p.net += h.bet
			case total < dealer:
				p.net -= h.bet
			}
		}
	}
	return t.sum(seats, insured, isBlackjack(up, int(hole)))
}

// indexPlay returns the first action of a two-card hand under the index
// plays: the index's play at or above its count, its base below it, the
// chart's action where no index applies. Only a play the hand may make is
// taken (a double where doubling is allowed, a surrender where surrender
// is).
func (t *table) indexPlay(a, b, up, total int, soft bool, chart solve.Action, count float64) solve.Action {
	for _, x := range t.indices {
		if x.Up != up {
			continue
		}
		switch {
		case x.Pair != 0 && (a != b || a != x.Pair):
			continue
		case x.Pair == 0 && (soft || a == b || total != x.Total):
			continue
		}
		if chart == solve.Surrender && x.Play != solve.Surrender {
			return chart // the chart surrenders here: a hit/stand index is for games without it
		}
		act := x.Base
		if count >= x.At {
			act = x.Play
		}
		switch {
		case act == solve.Double && !t.r.Double.Allows(total, soft),
			act == solve.Surrender && t.r.Surrender == solve.NoSurrender:
			return chart
		case act == solve.NoAction: // the base is the chart's own play but surrender
			if chart == solve.Surrender {
				return solve.Hit
			}
			return chart
		}
		return act
	}
	return chart
}

// insuranceCount is the count the insurance decision goes by: the cards
// seen so far, the hole card (drawn under a peek) not among them.
func (t *table) insuranceCount(peek bool, hole uint8) float64 {
	s := t.shoe
	rc, left := s.rc, len(s.cards)-s.pos
	if peek {
		rc -= s.count.Tags[hole]
		left++
	}
	if !s.count.Balanced {
		return float64(rc)
	}
	return float64(rc) * 52 / float64(max(left, 1))
}

func isBlackjack(up, hole int) bool { return up == 1 && hole == 10 || up == 10 && hole == 1 }

// sum adds up the players' rounds, and the insurance: 2 to 1 on a dealer
// blackjack.
func (t *table) sum(seats []seat, insured float64, dealerBJ bool) outcome {
	var o outcome
	if insured > 0 {
		o.wagered = insured
		o.net = -insured
		if dealerBJ {
			o.net = 2 * insured
		}
	}
	for i := range seats {
		p := &seats[i]
		o.net += p.net
		o.wagered += p.wagered
		o.hands += max(1, p.hands[1]-p.hands[0])
		switch {
		case p.net > 0:
			o.wins++
		case p.net < 0:
			o.losses++
		default:
			o.pushes++
		}
	}
	return o
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
			if !t.ch.hit(h, up) {
				return
			}
		}
	}
}

// split splits a pair of c: each hand takes its second card and is played
// to the end before the next starts; a pair card drawn to a hand is split
// off into a new hand while the limit allows.
func (t *table) split(c, up int, bet float64) {
	hands, waiting := 2, 1 // hands made; hands holding their lone pair card besides this one
	for {
		t.hands = append(t.hands, hand{bet: bet})
		h := &t.hands[len(t.hands)-1]
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
		t.play(h, act, up)
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
