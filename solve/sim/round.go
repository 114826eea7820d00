package sim

import "bjchart/solve"

// table plays rounds for its players, each seat in turn.
type table struct {
	r       solve.Rules
	bj      float64 // a player blackjack's payout
	shoe    *shoe
	seats   []seat
	hands   []hand             // this round's hands, seat by seat
	players []Player           // who sits where
	seatRes *[MaxPlayers]Tally // where each player's rounds are summed, if anywhere
	limit   [11]int
	// charlieAt is the Charlie's number of cards: a hand that reaches it
	// unbusted has won and draws no more (a number never reached without
	// a Charlie rule).
	charlieAt int
	paysMore  bool // some wins pay more than even money: a bonus 21, a Charlie's payout
	// chanceDealer: the dealer hits a 16 or a 17 by chance (DHIT16, DHIT17).
	chanceDealer bool
	live         []bool // by player: a liveStrategy, which decides at its turn
	anyLive      bool

	// What a strategy can see at a decision: the up card, the hole card
	// if drawn (a peek game's, unseen), the round's seats and whose turn
	// it is, and the split hands still waiting for their second card.
	up, hole       int
	holeDrawn      bool
	now            []seat
	turn           int
	splitCard      int
	waitingToSplit int
	// printed are the index plays of the seat whose hands are being
	// played, where they apply wherever the card prints them (split
	// hands, hits after the first); nil otherwise.
	printed []IndexPlay
}

func newTable(r solve.Rules, s *shoe, players []Player) *table {
	t := &table{r: r, bj: r.BlackjackPays.Float(), shoe: s, players: players,
		seats: make([]seat, 0, len(players)), hands: make([]hand, 0, 8*len(players)), live: make([]bool, len(players))}
	for n := 4; n <= solve.MaxBonusCards; n++ { // a 21 of n cards: a bonus's or, from the Charlie up, a Charlie's payout
		t.paysMore = t.paysMore || r.WinPays(21, n) != 1
	}
	t.chanceDealer = r.DealerStand16 > 0 || r.DealerHit17 > 0
	t.charlieAt = r.Charlie
	if r.Charlie == 0 {
		t.charlieAt = 1 << 30
	}
	for i, p := range players {
		_, t.live[i] = p.Strategy.(liveStrategy)
		t.anyLive = t.anyLive || t.live[i]
	}
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
	sum     int
	ace     bool
	cards   int
	bet     float64
	counts  [10]uint8 // cards by rank-1, for composition-dependent play
	split   bool      // a split hand: it doubles only with DAS
	rescued bool      // a doubled hand that gave up its original bet (RESCUE); bet is that bet
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
	who      int      // the player's place at the table, in t.players
	strat    Strategy // the player's, at hand
	a, b     int      // the first two cards, a <= b
	bet      float64
	ins      float64 // the insurance stake, half the bet
	first    solve.Action
	bj       bool
	lateSurr bool // surrendered late in a game without a hole card: settled at the end
	done     bool
	net      float64
	wagered  float64
	hands    [2]int // t.hands[hands[0]:hands[1]] are this player's
}

// round plays one round for every player with a bet (bets[i] for player
// i; 0 sits the round out) and sets o to the sums. (The sums, the seats
// and the hands are filled in place: a struct built and then copied
// costs this loop a tenth of its time.)
func (t *table) round(bets []float64, o *outcome) {
	s := t.shoe
	s.startRound()
	seats := t.seats[:0]
	for i := range t.players {
		if bets[i] > 0 {
			seats = append(seats, seat{})
			p := &seats[len(seats)-1]
			p.who, p.strat, p.bet, p.wagered, p.a = i, t.players[i].Strategy, bets[i], bets[i], int(s.draw())
		}
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
	t.up, t.hole, t.holeDrawn = up, int(hole), peek
	if t.anyLive {
		t.now = seats
	}
	dealerBJ := func() bool { return isBlackjack(up, int(hole)) }
	if up == 1 && s.count != nil {
		c := t.insuranceCount(peek, hole)
		for i := range seats {
			if at := t.players[seats[i].who].InsureAt; at != nil && c >= *at {
				seats[i].ins = seats[i].bet / 2
			}
		}
	}
	for i := range seats {
		p := &seats[i]
		p.a, p.b = min(p.a, p.b), max(p.a, p.b)
		p.bj = p.a == 1 && p.b == 10
		if p.bj || t.anyLive && t.live[p.who] { // a live strategy decides at its turn
			continue
		}
		total, soft := twoCards(p.a, p.b)
		p.first = p.strat.first(t, p.a, p.b, false, options{ // firstOptions, written out: it is not inlined
			double:    t.r.Double.Allows(total, soft),
			split:     p.a == p.b,
			surrender: t.r.Surrender != solve.NoSurrender,
		})
		if pl := &t.players[p.who]; len(pl.Indices) > 0 && s.count != nil {
			if pl.IndexScope == IndexFirstPlay {
				p.first = t.indexPlay(pl.Indices, p.a, p.b, up, total, soft, p.first, t.insuranceCount(peek, hole))
			} else {
				p.first = t.printedFirstPlay(pl.Indices, p.a, p.b, up, p.first, t.insuranceCount(peek, hole))
			}
		}
		if p.first == solve.Surrender && t.r.Surrender == solve.EarlySurrender {
			p.net, p.done = -0.5*p.bet, true // before any peek
		}
	}
	if peek && dealerBJ() {
		for i := range seats {
			if p := &seats[i]; !p.done && (!p.bj || t.r.TiesLose) {
				p.net = -p.bet // a blackjack pushes, unless ties lose
			}
		}
		t.sum(seats, isBlackjack(up, int(hole)), o)
		return
	}
	t.hands = t.hands[:0]
	for i := range seats {
		p := &seats[i]
		if t.anyLive && t.live[p.who] && !p.done && !p.bj {
			t.turn = i
			p.first = p.strat.first(t, p.a, p.b, false, t.firstOptions(p.a, p.b))
		}
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
			if pl := &t.players[p.who]; len(pl.Indices) > 0 && s.count != nil && pl.IndexScope == IndexWherePrinted {
				t.printed = pl.Indices
			}
			if p.first == solve.Split {
				t.split(p.strat, p.a, p.bet)
			} else {
				// Played in place: a hand passed to the strategy would
				// otherwise move to the heap every round.
				h := t.newHand(p.bet)
				h.add(uint8(p.a))
				h.add(uint8(p.b))
				t.play(p.strat, h, p.first)
			}
			t.printed = nil
			p.hands[1] = len(t.hands)
			p.wagered = 0
			for j := p.hands[0]; j < p.hands[1]; j++ {
				p.wagered += t.hands[j].bet
			}
		}
	}
	if !peek {
		hole = s.draw()
		if dealerBJ() { // no hole card: the blackjack shows now
			for i := range seats {
				switch p := &seats[i]; {
				case p.done:
				case p.bj && !t.r.TiesLose:
					p.net = 0
				case p.bj:
					p.net = -p.bet
				case p.lateSurr || t.r.HoleCard == solve.OBO:
					p.net = -p.bet // only the original bet
				default:
					p.net = -p.wagered // everything on the table
				}
			}
			t.sum(seats, isBlackjack(up, int(hole)), o)
			return
		}
	}
	live := false
	for i := range t.hands {
		if total, _ := t.hands[i].total(); total <= 21 && !t.hands[i].rescued {
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
		for j := p.hands[0]; j < p.hands[1]; j++ {
			p.net += t.settle(&t.hands[j], dealer)
		}
	}
	t.sum(seats, isBlackjack(up, int(hole)), o)
}

// newHand adds a hand with a bet to the round's hands.
func (t *table) newHand(bet float64) *hand {
	t.hands = append(t.hands, hand{})
	h := &t.hands[len(t.hands)-1]
	h.bet = bet
	return h
}

// indexPlay returns the first action of a two-card hand under the index
// plays: the index's play at or above its count, its base below it, the
// chart's action where no index applies. Only a play the hand may make is
// taken (a double where doubling is allowed, a surrender where surrender
// is).
func (t *table) indexPlay(indices []IndexPlay, a, b, up, total int, soft bool, chart solve.Action, count float64) solve.Action {
	for _, x := range indices {
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

// printedFirstPlay returns the first action of an unsplit two-card hand
// under the index plays as the counter's card prints them: a pair by its
// pair's index, or, where it has none and the chart does not split it, by
// its total; a surrender index first (where surrender is allowed), and
// below it the hand not surrendered, by its total's hit/stand or
// hit/double index; the chart's action where no index applies. Only a
// play the hand may make is taken.
func (t *table) printedFirstPlay(indices []IndexPlay, a, b, up int, chart solve.Action, count float64) solve.Action {
	total, soft := twoCards(a, b)
	byTotal := !soft && (a != b || chart != solve.Split && !hasPairIndex(indices, a, up))
	if t.r.Surrender != solve.NoSurrender && byTotal {
		for _, x := range indices {
			if x.Play == solve.Surrender && x.Pair == 0 && x.Total == total && x.Up == up {
				if count >= x.At {
					return solve.Surrender
				}
				if chart == solve.Surrender { // not surrendered: hit, unless an index stands
					chart = solve.Hit
				}
				break
			}
		}
	}
	if chart == solve.Surrender {
		return chart // the card surrenders here at every count
	}
	for _, x := range indices {
		switch {
		case x.Up != up || x.Play == solve.Surrender:
			continue
		case x.Pair != 0 && (a != b || a != x.Pair):
			continue
		case x.Pair == 0 && (!byTotal || total != x.Total):
			continue
		}
		act := x.Base
		if count >= x.At {
			act = x.Play
		}
		switch {
		case act == solve.Double && !t.r.Double.Allows(total, soft), act == solve.NoAction:
			return chart
		}
		return act
	}
	return chart
}

// hasPairIndex says whether a pair of c against up has an index of its own.
func hasPairIndex(indices []IndexPlay, c, up int) bool {
	for _, x := range indices {
		if x.Pair == c && x.Up == up {
			return true
		}
	}
	return false
}

// printedSplitPlay returns a split hand's first action under the index
// plays as the card prints them: its hard total's hit/stand or
// hit/double index, the play at or above the index and the index's base
// below it, whatever the chart plays there (the card prints the cell's
// index for every hand of the total; a double only where the hand may
// double), else the chart's act.
func (t *table) printedSplitPlay(h *hand, act solve.Action, mayDouble bool) solve.Action {
	total, soft := h.total()
	if soft || total >= 21 {
		return act
	}
	count := t.insuranceCount(t.holeDrawn, uint8(t.hole))
	for _, x := range t.printed {
		if x.Pair != 0 || x.Total != total || x.Up != t.up || x.Play == solve.Surrender {
			continue
		}
		play := x.Base
		if count >= x.At {
			play = x.Play
		}
		if play == solve.NoAction || play == solve.Double && !mayDouble {
			return act
		}
		return play
	}
	return act
}

// printedHit decides a hit after the first action under the index plays
// as the card prints them: a hard total's hit/stand index, at the count
// of the cards seen, the index's play at or above it and its base below,
// for every hand of the total, whatever the chart's play of three or
// more cards (the card prints the cell's index, "+0S", for them all; a
// surrender index's hand not surrendered, "R+0S", likewise); hit (the
// chart's) where none applies.
func (t *table) printedHit(h *hand, hit bool) bool {
	total, soft := h.total()
	if soft || total >= 21 {
		return hit
	}
	for _, x := range t.printed {
		if x.Pair != 0 || x.Total != total || x.Up != t.up || !(x.Play == solve.Stand && x.Base == solve.Hit || x.Play == solve.Hit && x.Base == solve.Stand) {
			continue
		}
		if t.insuranceCount(t.holeDrawn, uint8(t.hole)) >= x.At {
			return x.Play == solve.Hit
		}
		return x.Base == solve.Hit
	}
	return hit
}

// insuranceCount is the count the insurance decision (and every index
// play) goes by: the cards seen so far, the hole card (drawn under a
// peek) not among them.
func (t *table) insuranceCount(peek bool, hole uint8) float64 {
	s := t.shoe
	rc, left := s.rc, len(s.cards)-s.pos
	if peek {
		rc -= s.count.Tags[hole]
		left++
	}
	if !s.count.Balanced {
		return rc
	}
	return s.count.TrueCount(rc, max(left, 1))
}

func isBlackjack(up, hole int) bool { return up == 1 && hole == 10 || up == 10 && hole == 1 }

// sum sets o to the players' rounds added up, and their insurance: 2 to 1
// on a dealer blackjack (kept out of the win, push and loss counts).
func (t *table) sum(seats []seat, dealerBJ bool, o *outcome) {
	*o = outcome{}
	for i := range seats {
		p := &seats[i]
		ins := -p.ins
		if dealerBJ {
			ins = 2 * p.ins
		}
		o.net += p.net + ins
		o.wagered += p.wagered + p.ins
		if t.seatRes != nil { // each player's part apart
			t.seatRes[p.who].add(p.net+ins, p.wagered+p.ins)
		}
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
}

// unseen returns the cards a player has not seen: those left in the shoe,
// the burn card and a peek game's hole card.
func (t *table) unseen() [10]int {
	var m [10]int
	s := t.shoe
	for _, c := range s.cards[s.pos:] {
		m[c-1]++
	}
	if s.burned {
		m[s.cards[0]-1]++
	}
	if t.holeDrawn {
		m[t.hole-1]++
	}
	return m
}

// firstOptions returns what an unsplit two-card hand may do.
func (t *table) firstOptions(a, b int) options {
	total, soft := twoCards(a, b)
	return options{
		double:    t.r.Double.Allows(total, soft),
		split:     a == b,
		surrender: t.r.Surrender != solve.NoSurrender,
	}
}

func twoCards(a, b int) (int, bool) {
	if a == 1 && b+11 <= 21 {
		return b + 11, true
	}
	return a + b, false
}

// play finishes a hand from its first action.
func (t *table) play(strat Strategy, h *hand, act solve.Action) {
	switch act {
	case solve.Double:
		t.double(strat, h)
	case solve.Hit:
		for {
			h.add(t.shoe.draw())
			if h.cards >= t.charlieAt { // a Charlie has won
				return
			}
			if t.r.DoubleAny && t.mayDoubleMore(h) {
				if d, ok := strat.(moreDoubler); ok && d.doubleMore(t, h) {
					t.double(strat, h)
					return
				}
			}
			hit := strat.hit(t, h) // (false once busted)
			if t.printed != nil {
				hit = t.printedHit(h, hit)
			}
			if !hit {
				return
			}
		}
	}
}

// A moreDoubler may double hands of three or more cards (DANY).
type moreDoubler interface {
	doubleMore(t *table, h *hand) bool
}

// A rescuer may rescue a doubled hand (RESCUE).
type rescuer interface {
	rescue(t *table, h *hand) bool
}

// mayDoubleMore says whether a hand of three or more cards may double
// under DANY: not busted, within the doubling rule's totals, and a split
// hand only with DAS.
func (t *table) mayDoubleMore(h *hand) bool {
	total, soft := h.total()
	return total < 21 && t.r.Double.Allows(total, soft) && (!h.split || t.r.DAS)
}

// double doubles a hand: one card, twice the bet; under RESCUE a strategy
// that rescues gives up the original bet and keeps out of the round.
func (t *table) double(strat Strategy, h *hand) {
	h.bet *= 2
	h.add(t.shoe.draw())
	if total, _ := h.total(); t.r.Rescue && total <= 21 {
		if r, ok := strat.(rescuer); ok && r.rescue(t, h) {
			h.bet /= 2 // the double taken back; the original bet is lost
			h.rescued = true
		}
	}
}

// settle returns what a played hand wins (+) or loses (-) against the
// dealer's final total (its hard sum for a bust), a dealer blackjack
// aside.
func (t *table) settle(h *hand, dealer int) float64 {
	total, _ := h.total()
	switch {
	case total > 21, h.rescued:
		return -h.bet
	case dealer == 22 && t.r.Push22 && h.cards < t.charlieAt: // a push
	case dealer > 21 || total > dealer || h.cards >= t.charlieAt || total == 21 && t.r.P21Wins:
		return h.bet * t.winPays(total, h.cards)
	case total < dealer, t.r.TiesLose && total == dealer:
		return -h.bet
	}
	return 0
}

// winPays returns what a winning hand pays per unit bet: 1 but for a
// bonus 21 or a Charlie's payout (Rules.WinPays; the common case first:
// the round's settlement is hot).
func (t *table) winPays(total, cards int) float64 {
	if !t.paysMore || total != 21 && cards < t.charlieAt {
		return 1
	}
	return t.r.WinPays(total, cards)
}

// charlie says whether a hand is a Charlie: it has won.
func (t *table) charlie(h *hand) bool {
	total, _ := h.total()
	return h.cards >= t.charlieAt && total <= 21
}

// split splits a pair of c: each hand takes its second card and is played
// to the end before the next starts; a pair card drawn to a hand is split
// off into a new hand while the limit allows.
func (t *table) split(strat Strategy, c int, bet float64) {
	hands, waiting := 2, 1 // hands made; hands holding their lone pair card besides this one
	for {
		h := t.newHand(bet)
		h.split = true
		h.add(uint8(c))
		x := int(t.shoe.draw())
		for x == c && hands < t.limit[c] {
			hands++
			waiting++
			x = int(t.shoe.draw())
		}
		h.add(uint8(x))
		t.splitCard, t.waitingToSplit = c, waiting
		opts := t.splitOptions(c, h)
		act := strat.first(t, min(c, x), max(c, x), true, opts)
		if t.printed != nil && !opts.mustStand {
			act = t.printedSplitPlay(h, act, opts.double)
		}
		t.play(strat, h, act)
		t.waitingToSplit = 0
		if waiting == 0 {
			return
		}
		waiting--
	}
}

// splitOptions returns what a split hand of pair card c may do first.
func (t *table) splitOptions(c int, h *hand) options {
	total, soft := h.total()
	return options{
		double:    t.r.DAS && t.r.Double.Allows(total, soft),
		mustStand: c == 1 && !t.r.HSA || total == 21,
	}
}

// coin returns a uniform number in [0, 1) from the shoe's generator (30
// bits), for a dealer who hits a 16 or 17 by chance.
func (t *table) coin() float64 { return float64(t.shoe.randN(1<<30)) / (1 << 30) }

// dealer plays the dealer's hand and returns its total (its hard sum, 22
// or more, for a bust).
func (t *table) dealer(up, hole int) int {
	sum, ace := up+hole, up == 1 || hole == 1
	for {
		total := sum
		if ace && sum+10 <= 21 {
			total = sum + 10
		}
		switch {
		case sum > 21:
			return sum
		case t.chanceDealer && total == 16 && t.r.DealerStand16 > 0:
			if t.coin() < t.r.DealerStand16 {
				return total
			}
		case t.chanceDealer && total == 17 && t.r.DealerHit17 > 0:
			if t.coin() >= t.r.DealerHit17 {
				return total
			}
		case total > 17, total == 17 && !(t.r.H17 && ace && sum+10 == 17):
			return total
		}
		c := int(t.shoe.draw())
		sum += c
		ace = ace || c == 1
	}
}
