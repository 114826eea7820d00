package casino

import "bjchart/solve"

// A Phase is what a table waits for.
type Phase uint8

const (
	Betting  Phase = iota // no round in play: Deal starts one
	Insuring              // Seats[Turn] takes insurance (even money on a blackjack) or not: Insure
	Deciding              // the hand in play (InPlay), of Seats[Turn], is played: Play
)

// MaxHandCards bounds the cards a hand can hold (twenty aces and one
// more), a power of two: a card's place in Cards needs no bounds check.
const MaxHandCards = 32

// A Hand is a player's hand (or the dealer's): its cards, its hard sum
// (aces as one), whether it holds an ace, its bet and what became of it.
type Hand struct {
	Seat  int // its seat, an index into Table.Seats
	Bet   float64
	Sum   int // the hard sum, aces as one
	Ace   bool
	N     int // the cards held: Cards[:N], in the order dealt
	Cards [MaxHandCards]Card

	Split       bool // a hand of a split pair: it doubles only with DAS
	Doubled     bool
	Surrendered bool
	Rescued     bool // a double taken back under RESCUE: the original bet (Bet) lost
	RescueAsked bool // a double under RESCUE waits for stand or rescue (Surrender)
	Done        bool // it draws no more

	Net    float64 // settled: won (+) or lost (-)
	Result Result  // settled: how
}

// reset empties the hand for a seat and a bet. (Field by field: a
// struct literal is built and copied, a tenth of a simulated round.)
func (h *Hand) reset(seat int, bet float64) {
	h.Seat, h.Bet, h.Sum, h.Ace, h.N = seat, bet, 0, false, 0
	h.Split, h.Doubled, h.Surrendered, h.Rescued, h.RescueAsked, h.Done = false, false, false, false, false, false
	h.Net, h.Result = 0, Unsettled
}

// newHand adds an empty hand for a seat and a bet to the round's hands.
func (t *Table) newHand(seat int, bet float64) *Hand {
	var h *Hand
	t.Hands, h = extend(t.Hands)
	h.reset(seat, bet)
	return h
}

func (h *Hand) add(c Card) {
	v := cardValues[c]
	h.Sum += int(v)
	if v == 1 {
		h.Ace = true
	}
	h.Cards[h.N&(MaxHandCards-1)] = c
	h.N++
}

// Counts returns the hand's cards by value-1, for composition-dependent
// play.
func (h *Hand) Counts() [10]uint8 {
	var n [10]uint8
	for _, c := range h.Cards[:h.N] {
		n[cardValues[c]-1]++
	}
	return n
}

// Total returns the hand's total and whether it is soft.
func (h *Hand) Total() (int, bool) {
	if h.Ace && h.Sum+10 <= 21 {
		return h.Sum + 10, true
	}
	return h.Sum, false
}

// A Seat is one player's round.
type Seat struct {
	Player    int     // the player's place: the index of its bet in Deal's bets
	Bet       float64 // the round's first bet
	Insurance float64 // the insurance staked, half the bet
	A, B      Card    // the first two cards, in the order dealt
	Blackjack bool
	// First is a first play decided before the peek (early surrender);
	// NoAction until then.
	First   solve.Action
	Hands   [2]int  // Table.Hands[Hands[0]:Hands[1]] are this seat's, once its turn has come
	Wagered float64 // the bets on its hands, once settled
	Net     float64 // won (+) or lost (-) on its hands, once settled; insurance apart
	// InsuranceNet is the insurance's result, once settled.
	InsuranceNet float64
	Result       Result // how a round settled without a hand played (a blackjack, the dealer's, an early surrender)
	// Side are the seat's side bets this round (Table.SideBets), each
	// with its result once settled.
	Side     []SideStake
	Done     bool // settled before the dealer's turn
	lateSurr bool // surrendered late in a game without a hole card: settled at the end
	made     bool // its turn has made its hand (Hands[0])
}

// A Table plays rounds for its seats, one decision at a time.
type Table struct {
	Rules solve.Rules
	Shoe  *Shoe
	Phase Phase
	// Seats are the round's, in the order of play: the players with a bet.
	Seats []Seat
	// Hands are the round's hands, seat by seat, made as each seat's
	// turn comes (a split's at the end, waiting for its second card).
	Hands []Hand
	// Dealer is the dealer's hand: the up card, then the hole card and
	// the draws once shown.
	Dealer Hand
	// Hole is the hole card once drawn; HoleDown says it is dealt face
	// down and not shown (a peek game's, until the dealer's turn).
	Hole     Card
	HoleDown bool
	Turn     int // the seat in turn (Insuring, Deciding)
	At       int // the hand in play, an index into Hands (Deciding)
	// DealerTotal is the dealer's final total once played (the hard sum,
	// 22 or more, for a bust); 0 where no hand was left standing to settle
	// against it (the dealer may still have drawn, for a bet on its hand).
	DealerTotal     int
	DealerBlackjack bool // the round's dealer had a blackjack (once shown)
	Shuffled        bool // the round started with a shuffle since the last (the cut card had come out), by Deal or its driver's StartRound
	// SideBets are the side bets each player places with the next deal,
	// by the player's index in Deal's bets (none where nil or short).
	SideBets [][]SideStake

	bj        float64 // a player blackjack's payout
	peek      bool
	limit     [11]int // the most hands a pair of each value may make
	charlieAt int     // a hand of so many cards unbusted is a Charlie (1<<30 without the rule)
	paysMore  bool    // some wins pay more than even money: a bonus 21, a Charlie's payout
	// standP is the chance the dealer stands, by ace held and hard sum
	// (solve.DealerRule.StandP: the solver's rule, read once).
	standP    [2][32]float64
	early     bool  // first plays are asked before the peek (early surrender)
	earlyHand Hand  // the seat's two cards while early
	shuffles  int64 // the shoe's shuffles when the round was dealt (RanOut)
	settled   int64 // the shoe's shuffles when the last round was settled (Shuffled)
	onTable   []Card
	anySide   bool // the round has side bets (SideBets when dealt)
}

// NewTable returns a table dealing from the shoe by the rules.
func NewTable(r solve.Rules, s *Shoe) *Table {
	t := &Table{Rules: r, Shoe: s, bj: r.BlackjackPays.Float(), peek: r.HoleCard == solve.Peek, charlieAt: r.Charlie}
	dealer := r.Dealer()
	for sum := range 32 {
		t.standP[0][sum], t.standP[1][sum] = dealer.StandP(sum, false), dealer.StandP(sum, true)
	}
	for n := 4; n <= solve.MaxBonusCards; n++ { // a 21 of n cards: a bonus's or, from the Charlie up, a Charlie's payout
		t.paysMore = t.paysMore || r.WinPays(21, n) != 1
	}
	if r.Charlie == 0 {
		t.charlieAt = 1 << 30
	}
	for v := 1; v <= 10; v++ {
		t.limit[v] = r.MaxSplitHands
		if v == 1 && !r.RSA {
			t.limit[v] = 2
		}
	}
	s.keepOut = t.cardsOnTable
	t.settled = s.reshuffles // the shoe's first shuffle is not a round's
	return t
}

// cardsOnTable returns the round's cards dealt so far, a face-down hole
// card among them.
func (t *Table) cardsOnTable() []Card {
	out := t.onTable[:0]
	for i := range t.Seats {
		p := &t.Seats[i]
		if !p.made {
			for _, c := range [2]Card{p.A, p.B} {
				if c != noCard {
					out = append(out, c)
				}
			}
		}
	}
	for i := range t.Hands {
		out = append(out, t.Hands[i].Cards[:t.Hands[i].N]...)
	}
	out = append(out, t.Dealer.Cards[:t.Dealer.N]...)
	if t.HoleDown {
		out = append(out, t.Hole)
	}
	t.onTable = out
	return out
}

// noCard is a seat's card not yet dealt.
const noCard Card = 255

// Deal starts a round with a bet for each player (0 sits the round out;
// at least one bet): a shuffle first once the cut card has come out, then
// a card to each seat, the up card, each seat's second card and, under a
// peek, the hole card. The round then waits for its first decision, or
// is settled already.
func (t *Table) Deal(bets []float64) {
	t.Shoe.StartRound()
	t.Shuffled = t.Shoe.reshuffles > t.settled
	t.shuffles = t.Shoe.reshuffles
	t.Seats, t.Hands = t.Seats[:0], t.Hands[:0]
	t.anySide = len(t.SideBets) > 0
	t.Dealer.reset(0, 0)
	t.DealerTotal, t.DealerBlackjack, t.HoleDown, t.early = 0, false, false, false
	for i, b := range bets {
		if b > 0 {
			p := t.newSeat()
			p.Player, p.Bet, p.Wagered, p.A, p.B = i, b, b, noCard, noCard
			p.Side = p.Side[:0]
			if i < len(t.SideBets) {
				p.Side = append(p.Side, t.SideBets[i]...)
			}
			p.A = t.Shoe.Draw()
		}
	}
	t.Dealer.add(t.Shoe.Draw())
	for i := range t.Seats {
		p := &t.Seats[i]
		p.B = t.Shoe.Draw()
		p.Blackjack = blackjack(p.A, p.B)
	}
	if t.peek {
		t.Hole, t.HoleDown = t.Shoe.Draw(), true
	}
	switch {
	case t.Dealer.Cards[0].Value() == 1:
		t.Phase, t.Turn = Insuring, 0
	case t.Rules.Surrender == solve.EarlySurrender:
		t.afterInsurance()
	default:
		t.afterPeek()
	}
}

// newSeat adds an empty seat to the round's.
func (t *Table) newSeat() *Seat {
	var p *Seat
	t.Seats, p = extend(t.Seats)
	p.Insurance, p.Blackjack, p.First, p.Hands, p.Net, p.InsuranceNet = 0, false, solve.NoAction, [2]int{}, 0, 0
	p.Result, p.Done, p.made = Unsettled, false, false
	return p
}

// extend returns s one element longer and its new element, as the
// capacity held it: the caller sets every field (a struct literal is
// built and copied, a tenth of a simulated round).
func extend[T any](s []T) ([]T, *T) {
	n := len(s)
	if n < cap(s) {
		s = s[:n+1]
	} else {
		var zero T
		s = append(s, zero)
	}
	return s, &s[n]
}

// blackjack says whether two cards make a blackjack.
func blackjack(a, b Card) bool {
	va, vb := cardValues[a], cardValues[b]
	return va == 1 && vb == 10 || va == 10 && vb == 1
}

// Unseen returns the cards a player at the table has not seen, by
// value-1: those left in the shoe, the burn card and a hole card face
// down.
func (t *Table) Unseen() [10]int {
	m := t.Shoe.Unseen()
	if t.HoleDown {
		m[t.Hole.Value()-1]++
	}
	return m
}

// RanOut returns the times the shoe has run out in the round: its
// discards were shuffled.
func (t *Table) RanOut() int { return int(t.Shoe.reshuffles - t.shuffles) }

// Up returns the dealer's up card.
func (t *Table) Up() Card { return t.Dealer.Cards[0] }

// Insure takes (or declines) insurance for the seat in turn: half its bet
// on the dealer's blackjack, paid 2 to 1 (even money, for a blackjack).
func (t *Table) Insure(take bool) {
	if take {
		p := &t.Seats[t.Turn]
		p.Insurance = p.Bet / 2
	}
	if t.Turn++; t.Turn < len(t.Seats) {
		return
	}
	t.afterInsurance()
}

// afterInsurance goes on from the deal: early surrender's first plays,
// then the peek.
func (t *Table) afterInsurance() {
	if t.Rules.Surrender == solve.EarlySurrender {
		t.early = true
		t.Turn = -1
		t.nextEarly()
		return
	}
	t.afterPeek()
}

// nextEarly asks the next seat's first play before the peek (early
// surrender), or peeks once every seat has made it.
func (t *Table) nextEarly() {
	for t.Turn++; t.Turn < len(t.Seats); t.Turn++ {
		if p := &t.Seats[t.Turn]; !p.Blackjack {
			t.earlyHand = Hand{Seat: t.Turn, Bet: p.Bet}
			t.earlyHand.add(p.A)
			t.earlyHand.add(p.B)
			t.Phase = Deciding
			return
		}
	}
	t.early = false
	t.afterPeek()
}

// afterPeek ends the round on a dealer blackjack seen under the peek, or
// starts the seats' turns.
func (t *Table) afterPeek() {
	if t.peek && blackjack(t.Up(), t.Hole) {
		t.showHole()
		t.dealerBlackjack()
		return
	}
	t.Turn, t.At = 0, -1
	t.next()
}

// InPlay returns the hand whose play the table waits for (Deciding).
func (t *Table) InPlay() *Hand {
	if t.early {
		return &t.earlyHand
	}
	return &t.Hands[t.At]
}

// Waiting returns the hands of the seat in turn that wait for their
// second card (split hands): they are played after the hand in play.
func (t *Table) Waiting() int {
	n := 0
	if t.early {
		return 0
	}
	for i := t.At + 1; i < len(t.Hands); i++ {
		if t.Hands[i].N == 1 {
			n++
		}
	}
	return n
}

// Allows says whether the hand in play may make a play now: a double on
// two cards (any number under DANY) the doubling rule allows, a split
// hand's with DAS; a split of a pair within the hand limit; a surrender of
// an unsplit hand's first two cards; after a double under RESCUE, only
// stand or rescue (Surrender).
func (t *Table) Allows(a solve.Action) bool {
	h := t.InPlay()
	r := &t.Rules
	if h.RescueAsked {
		return a == solve.Stand || a == solve.Surrender
	}
	total, soft := h.Total()
	two := h.N == 2
	splitAce := h.Split && h.Cards[0].Value() == 1 && !r.HSA
	switch a {
	case solve.Stand:
		return true
	case solve.Hit:
		return !splitAce
	case solve.Double:
		return (two || r.DoubleAny && total < 21) && r.Double.Allows(total, soft) && (!h.Split || r.DAS) && !splitAce
	case solve.Split:
		return two && h.Cards[0].Value() == h.Cards[1].Value() && t.seatHands() < t.limit[h.Cards[0].Value()]
	case solve.Surrender:
		return two && !h.Split && r.Surrender != solve.NoSurrender
	}
	return false
}

// seatHands returns the hands the seat in turn has made.
func (t *Table) seatHands() int {
	if t.early {
		return 1
	}
	return len(t.Hands) - t.Seats[t.Turn].Hands[0]
}

// Play makes a play on the hand in play (one the table Allows) and moves
// the round on to its next decision, or plays the dealer's hand and
// settles the round.
func (t *Table) Play(a solve.Action) {
	if t.early {
		p := &t.Seats[t.Turn]
		p.First = a
		if a == solve.Surrender {
			p.Net, p.Done, p.Result = -0.5*p.Bet, true, Surrendered
		}
		t.nextEarly()
		return
	}
	if a == solve.Hit { // apply's hit, written out: a hit that leaves the hand to play on waits for its next play, no walk of the hands
		h := &t.Hands[t.At]
		h.add(t.Shoe.Draw())
		if !t.handDone(h) {
			return
		}
		h.Done = true
		t.next()
		return
	}
	t.apply(a)
	t.next()
}

// apply makes a play on the hand in play.
func (t *Table) apply(a solve.Action) {
	h := &t.Hands[t.At]
	switch a {
	case solve.Stand:
		h.RescueAsked = false
		h.Done = true
	case solve.Surrender:
		h.Done = true
		if h.RescueAsked { // the double taken back, the original bet lost
			h.RescueAsked, h.Rescued = false, true
			h.Bet /= 2
			return
		}
		h.Surrendered = true // late: settled at the end (without a hole card, after the dealer's blackjack shows)
	case solve.Hit:
		h.add(t.Shoe.Draw())
		h.Done = t.handDone(h)
	case solve.Double:
		h.Bet *= 2
		h.Doubled = true
		h.add(t.Shoe.Draw())
		total, _ := h.Total()
		h.RescueAsked = t.Rules.Rescue && total <= 21
		h.Done = !h.RescueAsked
	case solve.Split:
		pair := h.Cards[1]
		*h = Hand{Seat: h.Seat, Bet: h.Bet, Split: true, Cards: h.Cards}
		h.add(h.Cards[0])
		g := t.newHand(h.Seat, h.Bet)
		g.Split = true
		g.add(pair)
		t.secondCard(&t.Hands[t.At])
	}
}

// handDone says whether a hand draws no more: busted, a hard 21, a
// Charlie, or a soft 21 where no Charlie rule pays for more cards.
func (t *Table) handDone(h *Hand) bool {
	total, soft := h.Total()
	return total > 21 || total == 21 && (!soft || t.Rules.Charlie == 0) || h.N >= t.charlieAt
}

// secondCard gives a split hand its second card: split aces without HSA
// stand on it unless it is an ace they may split again, and a split
// hand's 21 stands.
func (t *Table) secondCard(h *Hand) {
	h.add(t.Shoe.Draw())
	if h.Cards[0].Value() == 1 && !t.Rules.HSA {
		h.Done = !(h.Cards[1].Value() == 1 && t.seatHands() < t.limit[1])
		return
	}
	total, _ := h.Total()
	h.Done = total == 21 || t.handDone(h)
}

// next moves the round on to its next decision: the hand in play's, a
// split hand's, the next seat's; after the last seat, the dealer's turn
// and the settlement. A seat's turn starts with its hand made of its two
// cards (a blackjack has none to play: paid now under a peek, at the end
// without a hole card) and a first play decided before the peek made.
func (t *Table) next() {
	for t.Turn < len(t.Seats) {
		p := &t.Seats[t.Turn]
		if t.At < 0 { // the seat's turn starts
			if p.Blackjack && !p.Done && t.peek {
				p.Net, p.Done, p.Result = t.bj*p.Bet, true, Blackjack
			}
			if p.Done || p.Blackjack {
				t.Turn++
				continue
			}
			p.Hands[0], p.made = len(t.Hands), true
			h := t.newHand(t.Turn, p.Bet)
			h.add(p.A)
			h.add(p.B)
			t.At = p.Hands[0]
			if p.First != solve.NoAction {
				t.apply(p.First)
			}
		}
		for ; t.At < len(t.Hands); t.At++ {
			h := &t.Hands[t.At]
			if h.N == 1 {
				t.secondCard(h)
			}
			if !h.Done {
				t.Phase = Deciding
				return
			}
		}
		p.Hands[1] = len(t.Hands)
		p.Wagered = 0
		for i := p.Hands[0]; i < p.Hands[1]; i++ {
			p.Wagered += t.Hands[i].Bet
		}
		t.Turn++
		t.At = -1
	}
	t.dealerTurn()
}

// showHole turns the hole card over, drawing it first in a game without
// a hole card.
func (t *Table) showHole() {
	if t.Dealer.N > 1 {
		return
	}
	if !t.HoleDown {
		t.Hole = t.Shoe.Draw()
	}
	t.HoleDown = false
	t.Dealer.add(t.Hole)
}

// Resume sets the table at a round in play, for a search that plays it
// on from there: the hand in play (a first seat's), waiting hands of its
// pair card still to be dealt their second card, the seats after it with
// their first two cards, and the dealer's up card and hole card (drawn
// already, unseen). The round waits for the hand's play, unless the hand
// can draw no more (busted, a 21, a Charlie): then for the next one.
func (t *Table) Resume(h Hand, waiting int, later [][2]Card, up, hole Card) {
	t.Seats, t.Hands = t.Seats[:0], t.Hands[:0]
	t.Dealer = Hand{}
	t.Dealer.add(up)
	t.Hole, t.HoleDown = hole, true
	t.DealerTotal, t.DealerBlackjack, t.early, t.shuffles = 0, false, false, t.Shoe.reshuffles
	t.Seats = append(t.Seats, Seat{Bet: h.Bet, A: h.Cards[0], B: h.Cards[1], First: solve.NoAction, made: true})
	h.Seat = 0
	h.Done = t.handDone(&h)
	t.Hands = append(t.Hands, h)
	for range waiting {
		w := Hand{Bet: h.Bet, Split: true}
		w.add(h.Cards[0])
		t.Hands = append(t.Hands, w)
	}
	for i, cards := range later {
		t.Seats = append(t.Seats, Seat{Player: i + 1, Bet: 1, Wagered: 1, A: cards[0], B: cards[1], First: solve.NoAction})
	}
	t.Turn, t.At = 0, 0
	t.next()
}

// Add deals a card to a hand (a search's hand, played out of a round).
func (h *Hand) Add(c Card) { h.add(c) }

// Charlie says whether a hand is a Charlie under the rules: it has won.
func Charlie(r solve.Rules, h *Hand) bool {
	total, _ := h.Total()
	return r.Charlie > 0 && h.N >= r.Charlie && total <= 21
}
