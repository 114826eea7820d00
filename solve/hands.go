package solve

import "math"

// HandValues values hands hand by hand on one depleted shoe exactly, in
// the solver's W frame under a peek: EV restricted to the event that the
// dealer has no blackjack (finite_up.go), so that the plays of one
// hand compare as their conditional EVs do, and averaging over hands
// weighs each by how often it is decided. Later decisions after a hit are
// the best for the exact cards. It is for a few hands on many shoes (count
// indices, a simulated player who knows the unseen cards); a whole table
// on one shoe is Solve's work.
type HandValues struct {
	r    Rules
	up   int
	shoe [10]int // unseen cards, the up card out
	best map[[10]uint8]float64
	// stands holds W of standing on every hand prepared (prepare).
	stands map[[10]uint8]float64
	// With a plan (PrepareFrom), its hands' values are kept by their
	// place in it instead: W of standing, and of the best play (NaN until
	// asked for). The plan's hands reach only its hands.
	plan                *HandPlan
	planStand, planBest []float64
}

// NewHandValues values hands against up card up dealt from shoe (the up
// card and the hands still in it).
func NewHandValues(r Rules, shoe [10]int, up Rank) *HandValues {
	s := &HandValues{up: int(up), r: r, shoe: shoe, best: map[[10]uint8]float64{}, stands: map[[10]uint8]float64{}}
	s.shoe[up-1]--
	return s
}

// left returns the unseen cards when hand is out, and their number.
func (s *HandValues) left(hand [10]uint8) ([10]int, int, bool) {
	var m [10]int
	n := 0
	for i := range m {
		m[i] = s.shoe[i] - int(hand[i])
		if m[i] < 0 {
			return m, 0, false
		}
		n += m[i]
	}
	return m, n, true
}

// noBJ returns P(the hole card makes no blackjack | hand out).
func (s *HandValues) noBJ(m [10]int, n int) float64 {
	switch {
	case n == 0:
		return 1
	case s.up == 1:
		return 1 - float64(m[9])/float64(n)
	case s.up == 10:
		return 1 - float64(m[0])/float64(n)
	}
	return 1
}

func handTotal(hand [10]uint8) (int, bool) {
	sum, ace := 0, hand[0] > 0
	for i, k := range hand {
		sum += (i + 1) * int(k)
	}
	if ace && sum+10 <= 21 {
		return sum + 10, true
	}
	return sum, false
}

// stand returns W of standing on hand.
func (s *HandValues) stand(hand [10]uint8) float64 {
	if i, ok := s.planned(hand); ok {
		return s.planStand[i]
	}
	if w, ok := s.stands[hand]; ok {
		return w
	}
	s.Prepare(hand)
	return s.stands[hand]
}

// Prepare computes the stand values of the hands and of every hand they
// can draw to, all at once (DealersFrom: one pass of the solver's dealer
// contraction instead of a sum over the dealer's hands for each). Values
// are prepared as they are asked for; hands prepared together share the
// pass, so a caller that knows the hands it will value gives them here
// first.
func (s *HandValues) Prepare(start ...[10]uint8) {
	hands := s.reach(start)
	if len(hands) == 0 {
		return
	}
	s.stand2(hands, DealersFrom(s.r.Dealer(), Rank(s.up), s.shoe, hands))
}

// reach returns the hands not yet prepared that the start hands can draw
// to on the shoe, themselves included; a hand the shoe cannot deal gets
// a stand value of 0 instead.
func (s *HandValues) reach(start [][10]uint8) [][10]uint8 {
	var hands [][10]uint8
	seen := map[[10]uint8]bool{}
	var visit func(h [10]uint8)
	visit = func(h [10]uint8) {
		if _, done := s.stands[h]; done || seen[h] {
			return
		}
		m, _, ok := s.left(h)
		if !ok {
			s.stands[h] = 0
			return
		}
		seen[h] = true
		hands = append(hands, h)
		if s.done(h) {
			return
		}
		for c := range m {
			if m[c] > 0 {
				next := h
				next[c]++
				if t, _ := handTotal(next); t <= 21 {
					visit(next)
				}
			}
		}
	}
	for _, h := range start {
		visit(h)
	}
	return hands
}

// stand2 sets the stand values of hands from the dealer's distributions
// against each; a hand already prepared, or one the shoe cannot deal (a
// zero distribution), is left as it is or set to 0.
func (s *HandValues) stand2(hands [][10]uint8, dists []DealerDist) {
	for i, h := range hands {
		if _, done := s.stands[h]; done {
			continue
		}
		s.stands[h] = s.standOn(dists[i], h)
	}
}

// standOn returns W of standing on hand against the dealer's
// distribution d: a Charlie's where it is one, 0 where the shoe cannot
// deal it.
func (s *HandValues) standOn(d DealerDist, hand [10]uint8) float64 {
	switch _, _, ok := s.left(hand); {
	case !ok:
		return 0
	case s.charlie(hand):
		return s.charlieValue(d, hand)
	}
	return s.standValue(d, hand)
}

// A HandPlan is the hands that valuing some starting hands against one
// up card reaches on a full shoe of the rules' decks, with the dealer's
// plan for them (DealerPlan). Made once, it prepares those hands on any
// shoe dealt from those decks (HandValues.PrepareFrom) for the cost of
// the contraction alone, not of finding the hands and laying them out
// again: count indices value the same hands on thousands of shoes. A
// plan is safe for concurrent use.
type HandPlan struct {
	up     Rank
	hands  [][10]uint8
	dealer *DealerPlan
	// index finds a hand's place; next[i][c] is the place of hand i with
	// a card of rank c+1 more: busted, or not a hand of the plan.
	index map[[10]uint8]int32
	next  [][10]int32
	done  []bool // hand i draws no more (HandValues.done)
}

// The places next gives beside a hand's: a hand busted, and one the plan
// does not hold (a card the full shoe cannot give, or past a hand that
// draws no more).
const (
	planBust    = -1
	planOutside = -2
)

// NewHandPlan plans the hands that start reaches against up under r.
func NewHandPlan(r Rules, up Rank, start ...[10]uint8) *HandPlan {
	full := NewHandValues(r, r.FullShoe().Counts, up)
	hands := full.reach(start)
	p := &HandPlan{up: up, hands: hands, dealer: NewDealerPlan(r.Dealer(), up, hands),
		index: make(map[[10]uint8]int32, len(hands)), next: make([][10]int32, len(hands)), done: make([]bool, len(hands))}
	for i, h := range hands {
		p.index[h] = int32(i)
	}
	for i, h := range hands {
		p.done[i] = full.done(h)
		for c := range p.next[i] {
			next := h
			next[c]++
			at, ok := p.index[next]
			switch t, _ := handTotal(next); {
			case t > 21:
				at = planBust
			case !ok:
				at = planOutside
			}
			p.next[i][c] = at
		}
	}
	return p
}

// PrepareFrom prepares the plan's hands, as Prepare would their starting
// hands: the hands a depleted shoe can reach are among those a full one
// can, and those it cannot deal are valued 0. The plan must be for the
// same up card and decks.
func (s *HandValues) PrepareFrom(p *HandPlan) {
	if int(p.up) != s.up {
		panic("solve: a hand plan for another up card")
	}
	if s.plan != nil || len(s.stands) > 0 {
		s.stand2(p.hands, p.dealer.Dists(s.shoe)) // values by hand, as Prepare keeps them
		return
	}
	dists := p.dealer.Dists(s.shoe)
	s.plan, s.planStand, s.planBest = p, make([]float64, len(p.hands)), make([]float64, len(p.hands))
	for i, h := range p.hands {
		s.planBest[i] = math.NaN()
		s.planStand[i] = s.standOn(dists[i], h)
	}
}

// planned returns a hand's place in the plan it was prepared from, if
// any.
func (s *HandValues) planned(hand [10]uint8) (int32, bool) {
	if s.plan == nil {
		return 0, false
	}
	i, ok := s.plan.index[hand]
	return i, ok
}

// bestAt is bestPlay of the plan's hand i.
func (s *HandValues) bestAt(i int32) float64 {
	if v := s.planBest[i]; !math.IsNaN(v) {
		return v
	}
	hand := s.plan.hands[i]
	v := s.planStand[i]
	if !s.plan.done[i] {
		v = max(v, s.drawAt(i, 1, s.bestAt))
	}
	if s.mayDoubleMore(hand) {
		v = max(v, s.doubleAt(i))
	}
	s.planBest[i] = v
	return v
}

// drawAt is draw of the plan's hand i, f taking the places of the hands
// drawn to.
func (s *HandValues) drawAt(i int32, bet float64, f func(i int32) float64) float64 {
	hand := s.plan.hands[i]
	m, n, ok := s.left(hand)
	if !ok || n == 0 {
		return 0
	}
	w := 0.0
	for c := range m {
		if m[c] == 0 {
			continue
		}
		p := float64(m[c]) / float64(n)
		switch next := s.plan.next[i][c]; next {
		case planBust:
			w -= s.bustLoss(m, n, c, p, bet)
		case planOutside:
			panic("solve: a hand plan that does not hold a hand its hands draw to")
		default:
			w += p * f(next)
		}
	}
	return w
}

// doubleAt is double of the plan's hand i.
func (s *HandValues) doubleAt(i int32) float64 {
	return s.drawAt(i, 2, func(j int32) float64 { return s.doubled(s.planStand[j], s.plan.hands[j]) })
}

// charlie says whether hand is a Charlie: as many cards as the rules'
// Charlie, not busted.
func (s *HandValues) charlie(hand [10]uint8) bool {
	if s.r.Charlie == 0 {
		return false
	}
	t, _ := handTotal(hand)
	return cardCount(hand) >= s.r.Charlie && t <= 21
}

// done says whether hand draws no more: a hard 21 or more, or a Charlie.
// A soft 21 may draw, as in the solver (worth it only to make a Charlie).
func (s *HandValues) done(hand [10]uint8) bool {
	sum := 0
	for i, k := range hand {
		sum += (i + 1) * int(k)
	}
	return sum >= 21 || s.charlie(hand)
}

// charlieValue returns W of a Charlie against the dealer's distribution d
// (unconditional, blackjacks included): a win whenever the hole card
// makes no blackjack.
func (s *HandValues) charlieValue(d DealerDist, hand [10]uint8) float64 {
	d[DealerBlackjack] = 0
	t, _ := handTotal(hand)
	return newFrame(&s.r, d).charlieEV(s.r.WinPays(t, cardCount(hand)))
}

func cardCount(hand [10]uint8) int {
	n := 0
	for _, k := range hand {
		n += int(k)
	}
	return n
}

// standValue returns W of standing on hand against the dealer's
// distribution d (unconditional, blackjacks included): under a peek a
// dealer blackjack ends the round before the hand is played, so it counts
// nothing here.
func (s *HandValues) standValue(d DealerDist, hand [10]uint8) float64 {
	d[DealerBlackjack] = 0
	t, _ := handTotal(hand)
	return newFrame(&s.r, d).standPaid(t, s.r.WinPays(t, cardCount(hand)))
}

// bustLoss is what busting with a card of rank c+1, drawn with chance p
// from the n cards m, loses: the bet, when the hole card makes no
// blackjack.
func (s *HandValues) bustLoss(m [10]int, n, c int, p, bet float64) float64 {
	m[c]--
	return p * bet * s.noBJ(m, n-1)
}

// draw returns W of drawing one card to hand, then f of the new hand (a
// bust loses the bet when the hole card makes no blackjack).
func (s *HandValues) draw(hand [10]uint8, bet float64, f func(h [10]uint8) float64) float64 {
	m, n, ok := s.left(hand)
	if !ok || n == 0 {
		return 0
	}
	w := 0.0
	for c := range m {
		if m[c] == 0 {
			continue
		}
		p := float64(m[c]) / float64(n)
		next := hand
		next[c]++
		if t, _ := handTotal(next); t > 21 {
			w -= s.bustLoss(m, n, c, p, bet)
		} else {
			w += p * f(next)
		}
	}
	return w
}

// bestPlay returns W of hand played best (hit or stand) from here.
func (s *HandValues) bestPlay(hand [10]uint8) float64 {
	if i, ok := s.planned(hand); ok {
		return s.bestAt(i)
	}
	if v, ok := s.best[hand]; ok {
		return v
	}
	v := s.stand(hand)
	if !s.done(hand) {
		v = max(v, s.draw(hand, 1, s.bestPlay))
	}
	if s.mayDoubleMore(hand) {
		v = max(v, s.double(hand))
	}
	s.best[hand] = v
	return v
}

// mayDoubleMore says whether a hand of three or more cards may double
// (DANY, within the doubling rule's totals).
func (s *HandValues) mayDoubleMore(hand [10]uint8) bool {
	t, soft := handTotal(hand)
	return s.r.DoubleAny && cardCount(hand) >= 3 && !s.done(hand) && s.r.Double.Allows(t, soft)
}

// double returns W of doubling hand: one card, twice the bet, and under
// RESCUE a surrender of the original bet where that beats standing.
func (s *HandValues) double(hand [10]uint8) float64 {
	return s.draw(hand, 2, func(h [10]uint8) float64 { return s.doubled(s.stand(h), h) })
}

// doubled returns W of a doubled hand that drew to hand, stand its W of
// standing there: twice the better of standing and, under RESCUE,
// surrendering the original bet.
func (s *HandValues) doubled(stand float64, hand [10]uint8) float64 {
	if s.r.Rescue {
		stand = max(stand, -0.5*s.NoBlackjack(hand))
	}
	return 2 * stand
}

// DoublesMore says whether the best play doubles a hand of three or more
// cards (DANY): doubling beats hitting and standing.
func (s *HandValues) DoublesMore(hand [10]uint8) bool {
	if !s.mayDoubleMore(hand) {
		return false
	}
	d := s.double(hand)
	return d > s.stand(hand) && d > s.draw(hand, 1, s.bestPlay)
}

// Rescues says whether a doubled hand now holding hand (not busted) does
// better giving up its original bet (RESCUE) than standing.
func (s *HandValues) Rescues(hand [10]uint8) bool {
	t, _ := handTotal(hand)
	return s.r.Rescue && t <= 21 && -0.5*s.NoBlackjack(hand) > s.stand(hand)
}

// NoBlackjack returns P(the hole card makes no blackjack | hand out): W
// over it is the EV conditioned on no dealer blackjack, the solver's
// tables' conditioning under a peek.
func (s *HandValues) NoBlackjack(hand [10]uint8) float64 {
	m, n, _ := s.left(hand)
	return s.noBJ(m, n)
}

// Hits says whether hitting hand (then playing best) beats standing on it.
func (s *HandValues) Hits(hand [10]uint8) bool {
	if s.done(hand) {
		return false
	}
	return s.draw(hand, 1, s.bestPlay) > s.stand(hand)
}

// Plays returns W of each first play of hand: stand, hit (then the best
// play), double (rescued where that pays, under RESCUE), surrender (late:
// half the bet, when the dealer has no blackjack).
func (s *HandValues) Plays(hand [10]uint8) (stand, hit, double, surrender float64) {
	m, n, _ := s.left(hand)
	if i, ok := s.planned(hand); ok && !s.plan.done[i] {
		return s.planStand[i], s.drawAt(i, 1, s.bestAt), s.doubleAt(i), -0.5 * s.noBJ(m, n)
	}
	stand = s.stand(hand)
	hit = s.draw(hand, 1, s.bestPlay)
	double = s.double(hand)
	surrender = -0.5 * s.noBJ(m, n)
	return
}
