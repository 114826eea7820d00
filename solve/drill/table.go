package drill

import (
	"bjchart/solve/side"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// A TableRequest asks for a table to play at: whole rounds of the game
// from a shoe dealt down to its cut card, with a balance and a bet, every
// play the rules allow, and the moves made so far. 'bjchart drill table'
// and the page's /drill/table bind it; the page, which keeps no session,
// passes the moves so far and the table is dealt again to where they end.
type TableRequest struct {
	Game        solve.Game
	Seed        uint64  // the shuffles'; the same seed deals the same cards; 0 a fresh one (Table.Seed)
	Balance     float64 // the chips the player sits down with, in units
	Bet         float64 // the bet a round takes when the player names none, in units
	Penetration float64 // the share of the shoe dealt before the cut card, 0.5 to 0.9
	Moves       string  // the moves so far (ParseMoves): "b10 h s b10 n s"
	// CountChecks asks, now and then between rounds and always when the
	// cut card has come out, for the Hi-Lo running and true count of the
	// cards seen, graded against them (finite shoes).
	CountChecks bool
}

// DefaultTableRequest sits down at the default game with 1,000 units and
// bets of 10, the shoe dealt to 75%, a fresh seed each time.
func DefaultTableRequest() TableRequest {
	return TableRequest{Balance: 1000, Bet: 10, Penetration: 0.75}
}

// Params adds the request's fields to s, the game's first.
func (q *TableRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.Uint64(&q.Seed, "seed", "seed of the shuffles; the same seed deals the same cards (0: a fresh one each time, which the table names)")
	s.Float(&q.Balance, "balance", "the chips you sit down with, in units")
	s.Float(&q.Bet, "bet", "the bet a round takes unless you name another, in whole units")
	s.Percent(&q.Penetration, "penetration", "how much of the shoe is dealt before the cut card: 50% to 90%")
	s.String(&q.Moves, "moves", "the moves so far, e.g. \"b10 h s\": bN bets N, H S D P R play, I insures (even money), N declines, k+4/1.5 answers a count check")
	s.Bool(&q.CountChecks, "count-checks", "ask now and then between rounds, and at every shuffle, for the Hi-Lo running and true count of the cards seen")
}

// Bounds of a table's request.
const (
	MaxBalance = 1e9
	MaxMoves   = 4000
)

// A Move is one thing a player does at the table: a bet (Bet > 0 units;
// below 0, the request's bet), a play of the hand (Play), or the answer
// to insurance.
type Move struct {
	Bet    float64
	Play   solve.Action
	Insure int // 1 takes insurance (even money on a blackjack), -1 declines
	// Count answers a count check: the running count and the true count.
	Count *CountAnswer
}

// String writes a move as ParseMoves reads it.
func (m Move) String() string {
	switch {
	case m.Count != nil:
		k := "k" + strconv.FormatFloat(m.Count.Running, 'f', -1, 64)
		if !math.IsNaN(m.Count.True) {
			k += "/" + strconv.FormatFloat(m.Count.True, 'f', -1, 64)
		}
		return k
	case m.Bet < 0:
		return "b"
	case m.Bet > 0:
		return "b" + Units(m.Bet)
	case m.Insure > 0:
		return "i"
	case m.Insure < 0:
		return "n"
	}
	return strings.ToLower(m.Play.Letter())
}

// ParseMoves reads moves separated by spaces, dots or commas: bN bets N
// units (b alone: the request's bet), H S D P R play the hand (hit,
// stand, double, split, surrender; R also rescues a double under
// RESCUE), I takes insurance (even money on a blackjack), N declines it.
func ParseMoves(s string) ([]Move, error) {
	fields := splitMoves(s)
	if len(fields) > MaxMoves {
		return nil, fmt.Errorf("%d moves; a session takes at most %d", len(fields), MaxMoves)
	}
	moves := make([]Move, 0, len(fields))
	for i, f := range fields {
		m, err := ParseMove(f)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// splitMoves splits moves at spaces, commas, tabs, newlines and dots, but
// not at a dot between digits: "b1.5" is one move (a bet refused as not
// whole), not a bet of 1 and a move "5".
func splitMoves(s string) []string {
	var fields []string
	start := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		sep := c == ' ' || c == ',' || c == '\n' || c == '\t' ||
			c == '.' && !(i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]))
		switch {
		case sep && start >= 0:
			fields = append(fields, s[start:i])
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	if start >= 0 {
		fields = append(fields, s[start:])
	}
	return fields
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// ParseMove reads one move (ParseMoves); "b" alone is a bet of 0, the
// request's bet.
func ParseMove(f string) (Move, error) {
	switch l := strings.ToLower(strings.TrimSpace(f)); {
	case strings.HasPrefix(l, "k"):
		a, err := ParseCountAnswer(strings.ReplaceAll(l[1:], "/", " "))
		if err != nil {
			return Move{}, fmt.Errorf("count check %s: %v", param.Quote(f, 20), err)
		}
		return Move{Count: &a}, nil
	case l == "i":
		return Move{Insure: 1}, nil
	case l == "n":
		return Move{Insure: -1}, nil
	case strings.HasPrefix(l, "b"):
		if l == "b" {
			return Move{Bet: -1}, nil // the request's bet, set when played
		}
		v, err := strconv.ParseFloat(l[1:], 64)
		if err != nil || v < 1 || v > MaxBalance || v != math.Trunc(v) {
			return Move{}, fmt.Errorf("bet %s: want a whole number of units from 1 to %.0f", param.Quote(f, 20), MaxBalance)
		}
		return Move{Bet: v}, nil
	}
	a, err := ParseAnswer(f)
	if err != nil {
		return Move{}, fmt.Errorf("%s: want bN (a bet), H, S, D, P, R, I, N or kR/T (a count check's answer)", param.Quote(f, 20))
	}
	return Move{Play: a}, nil
}

// A TableJob is a checked table request: the rules and the moves to
// make.
type TableJob struct {
	Rules solve.Rules
	Moves []Move
	req   TableRequest
}

// Check reads and checks the request: the rules and the moves.
func (q TableRequest) Check() (TableJob, error) {
	job, err := q.check()
	job.req = q
	return job, err
}

func (q TableRequest) check() (TableJob, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return TableJob{Rules: r}, err
	}
	if q.CountChecks && (r.Infinite() || r.FullShoe() != solve.NewShoe(r.Decks)) {
		return TableJob{Rules: r}, param.Fieldf("count-checks", "{count-checks} with %s: Hi-Lo counts full 52-card decks, which this game does not deal", r)
	}
	if !(q.Balance >= 1 && q.Balance <= MaxBalance) {
		return TableJob{Rules: r}, param.NumberErrorf("balance", q.Balance, "want 1 to %g units", MaxBalance)
	}
	if !(q.Bet >= 1 && q.Bet <= q.Balance) || q.Bet != math.Trunc(q.Bet) {
		return TableJob{Rules: r}, param.NumberErrorf("bet", q.Bet, "want a whole number of units from 1 to the balance, %g", q.Balance)
	}
	if !(q.Penetration >= 0.5 && q.Penetration <= 0.9) {
		return TableJob{Rules: r}, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want 50%% to 90%%")
	}
	moves, err := ParseMoves(q.Moves)
	if err != nil {
		return TableJob{Rules: r}, param.Errorf("moves", q.Moves, "%v", err)
	}
	return TableJob{Rules: r, Moves: moves}, nil
}

// Run sits down at the job's table and makes its moves (progress is not
// called); a move the table does not allow where it comes is an error
// naming it.
func (j TableJob) Run(ctx context.Context, progress func(done, total int64)) (*Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	q, r, moves := j.req, j.Rules, j.Moves
	seed := q.Seed
	if seed == 0 {
		seed = FreshSeed()
	}
	t := &Table{Rules: r, Seed: seed, Balance: q.Balance, Start: q.Balance, bet: q.Bet, rng: rand.New(rand.NewPCG(seed, 0x7461626c65))}
	if q.CountChecks {
		t.checks = rand.New(rand.NewPCG(seed, 0x636f756e74))
	}
	full := r.FullShoe()
	for i, n := range full.Counts {
		for range n {
			t.cards = append(t.cards, solve.Rank(i+1))
		}
	}
	t.cut = int(q.Penetration * float64(len(t.cards)))
	t.shuffle(nil)
	for i, m := range moves {
		if err := t.Do(m); err != nil {
			return nil, param.Errorf("moves", q.Moves, "move %d (%s): %v", i+1, m, err)
		}
	}
	return t, nil
}

// A Phase is what the table waits for.
type Phase int

const (
	Betting  Phase = iota // a bet, to deal a round
	Insuring              // insurance (or even money) against the dealer's ace
	Deciding              // a play of the hand in turn
	Broke                 // nothing: the balance is below one unit
	Counting              // the answer to a count check, between rounds
)

// A Table is a seat at a game of blackjack: the shoe, the balance, the
// round in play (or the last one) and every decision made, to be priced
// against the exact best play for the cards left (Advise).
type Table struct {
	Rules   solve.Rules
	Seed    uint64 // the shuffles': the request's, or a fresh one
	Phase   Phase
	Balance float64 // the chips not on the table, in units
	Start   float64 // the balance sat down with
	Round   *Round  // the round in play, or the last one played; nil before the first
	Rounds  int     // rounds played to the end
	// Decisions are every play made, in order, each with the shoe it was
	// made on; Price fills in their costs.
	Decisions []Decision
	Shuffles  int // times the shoe was shuffled after the first
	// CountChecks are the count checks asked and answered, in order.
	CountChecks []CountCheck
	Moves       []Move   // every move made, a default bet as the bet it made
	Played      []*Round // the rounds played to the end, in order

	bet float64 // the request's bet
	rng *rand.Rand
	// checks draws when a count check is asked (nil: none asked), on a
	// stream of its own, so that asking changes no card dealt.
	checks *rand.Rand
	cards  []solve.Rank // every card of the shoe (one deck's for an infinite deck)
	order  []solve.Rank // the shoe in dealing order: order[0] burned, order[:pos] dealt
	pos    int
	cut    int // a round starts with a shuffle once pos reaches it
}

// A Round is one round at the table.
type Round struct {
	Up     solve.Rank
	Dealer []solve.Rank // the up card, then the hole card and draws once shown
	Hands  []*PlayerHand
	At     int     // the hand in play
	Bet    float64 // the round's first bet
	Insure float64 // insurance staked
	// Notes say what happened, in order: "The dealer has blackjack.",
	// "Shuffled.".
	Notes []string
	Done  bool
	Net   float64 // won (+) or lost (-) in the round, insurance included, when Done

	hole     solve.Rank
	holeDown bool // the hole card is dealt and not shown (a peek game's)
	asked    bool // the first decision is made (early surrender comes before the peek)
	peeked   bool
}

// A PlayerHand is one of the player's hands in a round.
type PlayerHand struct {
	Cards       []solve.Rank // in the order dealt
	Bet         float64
	Split       bool // a hand of a split pair
	Doubled     bool
	Surrendered bool
	Rescued     bool // a double taken back under RESCUE (the original bet lost)
	Done        bool
	Net         float64 // settled: won (+) or lost (-)
	Result      string  // "wins", "loses", "pushes", "blackjack", "bust", ... once settled
	rescueAsked bool    // a double under RESCUE waits for stand or rescue
}

// Total returns the hand's best total and whether it is soft.
func (h *PlayerHand) Total() (int, bool) { return total(h.Cards) }

// staked returns the chips on the table in a round not yet settled.
func (t *Table) staked() float64 {
	if t.Round == nil || t.Round.Done {
		return 0
	}
	s := t.Round.Insure
	for _, h := range t.Round.Hands {
		s += h.Bet
	}
	return s
}

// Pending returns the decision the table waits for, with the shoe it is
// made on, or false when it waits for none (a bet, insurance).
func (t *Table) Pending() (Decision, bool) {
	if t.Phase != Deciding {
		return Decision{}, false
	}
	rd := t.Round
	h := rd.Hands[rd.At]
	d := Decision{Round: t.Rounds + 1, Cards: sortedCards(h.Cards), Up: rd.Up, Split: h.Split, Bet: rd.Bet, Rescue: h.rescueAsked}
	for a := solve.Stand; a <= solve.Surrender; a++ {
		d.Legal[a] = t.allows(a)
	}
	if !t.Rules.Infinite() {
		shoe := t.unseen()
		shoe[rd.Up-1]++
		for _, c := range h.Cards {
			shoe[c-1]++
		}
		d.Shoe, d.left = solve.Shoe{Counts: shoe}.String(), shoe
	}
	return d, true
}

// Unseen returns the cards the player has not seen, by rank: those left
// in the shoe, the burn card and a hole card not shown.
func (t *Table) unseen() [10]int {
	var m [10]int
	for _, c := range t.order[t.pos:] {
		m[c-1]++
	}
	m[t.order[0]-1]++ // the burn card
	if rd := t.Round; rd != nil && rd.holeDown {
		m[rd.hole-1]++
	}
	return m
}

// HiLo is the Hi-Lo count of every card the player has seen since the
// shuffle (the table's cards included, the burn card and a hole card face
// down not): the running count, and the true count, the running count
// per deck unseen (52 cards a deck). ok is false for an infinite deck,
// which has nothing to count.
func (t *Table) HiLo() (running, trueCount, decksUnseen float64, ok bool) {
	if t.Rules.Infinite() {
		return 0, 0, 0, false
	}
	tags := count.Systems["hilo"].Tags
	unseen, full := t.unseen(), t.Rules.FullShoe().Counts
	n := 0
	for i := range full {
		running += tags[i+1] * float64(full[i]-unseen[i])
		n += unseen[i]
	}
	decksUnseen = float64(n) / 52
	return running, running / decksUnseen, decksUnseen, true
}

// CardsLeft returns the cards behind the last one dealt, and how many
// are dealt before the cut card; 0, 0 for an infinite deck.
func (t *Table) CardsLeft() (left, toCut int) {
	if t.Rules.Infinite() {
		return 0, 0
	}
	return len(t.order) - t.pos, max(0, t.cut-t.pos)
}

// Legal returns the moves the table takes now.
func (t *Table) Legal() []Move {
	switch t.Phase {
	case Betting:
		return []Move{{Bet: t.nextBet()}}
	case Insuring:
		return []Move{{Insure: 1}, {Insure: -1}}
	case Counting:
		return []Move{{Count: &CountAnswer{}}}
	case Deciding:
		var out []Move
		for a := solve.Stand; a <= solve.Surrender; a++ {
			if t.allows(a) {
				out = append(out, Move{Play: a})
			}
		}
		return out
	}
	return nil
}

// nextBet is the bet a round takes by default: the request's, or the
// balance when less.
func (t *Table) nextBet() float64 { return min(t.bet, math.Floor(t.Balance)) }

// DefaultBet is the bet a round takes when the player names none (the
// request's Bet).
func (t *Table) DefaultBet() float64 { return t.bet }

// allows says whether the hand in play may make a play now.
func (t *Table) allows(a solve.Action) bool {
	rd := t.Round
	h := rd.Hands[rd.At]
	tot, soft := h.Total()
	two := len(h.Cards) == 2
	if h.rescueAsked {
		return a == solve.Stand || a == solve.Surrender
	}
	splitAce := h.Split && h.Cards[0] == 1 && !t.Rules.HSA
	switch a {
	case solve.Stand:
		return true
	case solve.Hit:
		return !splitAce
	case solve.Double:
		return (two || t.Rules.DoubleAny && tot < 21) && t.Rules.Double.Allows(tot, soft) &&
			(!h.Split || t.Rules.DAS) && !splitAce && t.Balance >= h.Bet
	case solve.Split:
		return two && h.Cards[0] == h.Cards[1] && len(rd.Hands) < t.splitLimit(h.Cards[0]) && t.Balance >= h.Bet
	case solve.Surrender:
		return two && !h.Split && t.Rules.Surrender != solve.NoSurrender
	}
	return false
}

// splitLimit is the most hands a pair of c may make.
func (t *Table) splitLimit(c solve.Rank) int {
	if c == 1 && !t.Rules.RSA {
		return 2
	}
	return t.Rules.MaxSplitHands
}

// shuffle gathers every card but those on the table, shuffles them and
// burns one.
func (t *Table) shuffle(onTable []solve.Rank) {
	if t.Rules.Infinite() {
		return
	}
	var out [10]int
	for _, c := range onTable {
		out[c-1]++
	}
	t.order = t.order[:0]
	for _, c := range t.cards {
		if out[c-1] > 0 {
			out[c-1]--
			continue
		}
		t.order = append(t.order, c)
	}
	t.rng.Shuffle(len(t.order), func(i, j int) { t.order[i], t.order[j] = t.order[j], t.order[i] })
	t.pos = 1 // order[0] is burned
}

// card deals the next card; a shoe run out mid-round is shuffled from
// its discards (every card not on the table).
func (t *Table) card() solve.Rank {
	if t.Rules.Infinite() {
		x := t.rng.IntN(len(t.cards)) // one deck's cards, drawn with replacement
		return t.cards[x]
	}
	if t.pos >= len(t.order) {
		t.shuffle(t.Round.onTable())
		t.Shuffles++
		t.Round.Notes = append(t.Round.Notes, "The shoe ran out: its discards were shuffled.")
	}
	c := t.order[t.pos]
	t.pos++
	return c
}

// onTable returns the round's cards dealt so far.
func (rd *Round) onTable() []solve.Rank {
	var out []solve.Rank
	for _, h := range rd.Hands {
		out = append(out, h.Cards...)
	}
	out = append(out, rd.Dealer...)
	if rd.holeDown {
		out = append(out, rd.hole)
	}
	return out
}

// Do makes a move: a bet deals a round, a play plays the hand in turn,
// an answer settles insurance; a move the table does not take now is an
// error that says what it takes.
func (t *Table) Do(m Move) error {
	switch t.Phase {
	case Broke:
		return fmt.Errorf("the balance, %s, is below one unit: the session is over", Units(t.Balance))
	case Betting:
		if m.Bet == 0 {
			return fmt.Errorf("the table waits for a bet (b, or bN for N units)")
		}
		bet := m.Bet
		if bet < 0 {
			bet = t.nextBet()
		}
		if bet > t.Balance {
			return fmt.Errorf("a bet of %s: the balance is %s", Units(bet), Units(t.Balance))
		}
		t.Moves = append(t.Moves, Move{Bet: bet})
		t.deal(bet)
		return nil
	case Counting:
		if m.Count == nil {
			return fmt.Errorf("the table waits for a count check: the running count and the true count of the cards seen, e.g. +4 1.5")
		}
		rc, tc, _, _ := t.HiLo()
		c := CountCheck{Round: t.Rounds, Running: rc, True: tc, Answer: *m.Count, Shuffle: t.pos >= t.cut}
		c.Right = CountDrill{Running: rc, True: tc}.Grade(*m.Count).Right // graded as the counting drill grades; a true count not given is wrong
		t.CountChecks = append(t.CountChecks, c)
		t.Moves = append(t.Moves, m)
		t.Phase = Betting
		return nil
	case Insuring:
		if m.Insure == 0 {
			return fmt.Errorf("the table waits for insurance: I to take it (even money on a blackjack), N to decline")
		}
		rd := t.Round
		a, _ := t.Insurance()
		h := rd.Hands[0]
		dec := Decision{Round: t.Rounds + 1, Cards: sortedCards(h.Cards), Up: rd.Up, Bet: rd.Bet, Insurance: true, Insured: m.Insure > 0,
			InsureBest: a.Best(), Priced: true, Best: solve.NoAction, Play: solve.NoAction}
		if dec.Cost = a.Decline - a.Take; dec.Insured {
			dec.Cost = a.Take - a.Decline
		}
		dec.Cost = max(0, -dec.Cost) // what the choice gave up against the better one
		t.Decisions = append(t.Decisions, dec)
		if m.Insure > 0 {
			stake := rd.Bet / 2
			if stake > t.Balance {
				return fmt.Errorf("insurance costs %s: the balance is %s", Units(stake), Units(t.Balance))
			}
			rd.Insure = stake
			t.Balance -= stake
		}
		t.Moves = append(t.Moves, m)
		t.afterInsurance()
		return nil
	}
	if m.Play == solve.NoAction {
		return fmt.Errorf("the table waits for a play: %s", t.playsText())
	}
	if !t.allows(m.Play) {
		return fmt.Errorf("%s is not allowed here: %s", m.Play, t.playsText())
	}
	d, _ := t.Pending()
	d.Play = m.Play
	t.Decisions = append(t.Decisions, d)
	t.Moves = append(t.Moves, m)
	t.play(m.Play)
	return nil
}

// playsText lists the plays allowed now: "H hit, S stand".
func (t *Table) playsText() string {
	var out []string
	for _, m := range t.Legal() {
		out = append(out, m.Play.Letter()+" "+t.PlayName(m.Play))
	}
	return strings.Join(out, ", ")
}

// PlayName names a play of the hand in turn: "rescue" for R where it
// takes a double back (RESCUE), else the play's name.
func (t *Table) PlayName(a solve.Action) string {
	if rd := t.Round; a == solve.Surrender && t.Phase == Deciding && rd.Hands[rd.At].rescueAsked {
		return "rescue"
	}
	return a.String()
}

// Units writes an amount of units: "10", "12.5".
func Units(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// deal starts a round with a bet: a shuffle first once the cut card is
// out, then the player's card, the up card, the player's second card and
// (under a peek) the hole card.
func (t *Table) deal(bet float64) {
	rd := &Round{Bet: bet}
	if !t.Rules.Infinite() && t.pos >= t.cut {
		t.shuffle(nil)
		t.Shuffles++
		rd.Notes = append(rd.Notes, "The cut card came out: the shoe was shuffled.")
	}
	t.Round = rd
	t.Balance -= bet
	h := &PlayerHand{Bet: bet}
	rd.Hands = []*PlayerHand{h}
	h.Cards = append(h.Cards, t.card())
	rd.Up = t.card()
	rd.Dealer = []solve.Rank{rd.Up}
	h.Cards = append(h.Cards, t.card())
	if t.Rules.HoleCard == solve.Peek {
		rd.hole, rd.holeDown = t.card(), true
	}
	if rd.Up == 1 {
		t.Phase = Insuring
		return
	}
	t.afterInsurance()
}

// blackjack says whether two cards make a blackjack.
func blackjack(a, b solve.Rank) bool { return a+b == 11 && (a == 1 || b == 1) }

// afterInsurance goes on from the deal: a player's blackjack is paid, a
// dealer's blackjack seen under the peek ends the round (after the first
// decision under early surrender), or the first hand is played.
func (t *Table) afterInsurance() {
	rd := t.Round
	h := rd.Hands[0]
	peek := t.Rules.HoleCard == solve.Peek
	dealerBJ := peek && blackjack(rd.Up, rd.hole)
	if blackjack(h.Cards[0], h.Cards[1]) {
		if !peek {
			t.showHole()
			dealerBJ = blackjack(rd.Up, rd.hole)
		}
		h.Done = true
		if dealerBJ {
			t.showHole()
			h.settle(0, "pushes against the dealer's blackjack")
			if t.Rules.TiesLose {
				h.settle(-h.Bet, "loses: the dealer's blackjack takes the tie")
			}
		} else {
			h.settle(t.Rules.BlackjackPays.Float()*h.Bet, "blackjack")
		}
		t.endRound()
		return
	}
	if dealerBJ && (t.Rules.Surrender != solve.EarlySurrender || rd.asked) {
		t.dealerBlackjack()
		return
	}
	t.Phase = Deciding
}

// showHole turns the hole card over, drawing it first in a game without
// a hole card.
func (t *Table) showHole() {
	rd := t.Round
	if len(rd.Dealer) > 1 {
		return
	}
	if !rd.holeDown {
		rd.hole = t.card()
	}
	rd.holeDown = false
	rd.Dealer = append(rd.Dealer, rd.hole)
}

// dealerBlackjack settles the round against a dealer blackjack: under a
// peek every hand loses its bet; without a hole card ENHC takes every
// bet (doubles and splits too), OBO only the original one. A blackjack
// pushes (loses under TIESLOSE); an early surrender has kept half.
func (t *Table) dealerBlackjack() {
	rd := t.Round
	t.showHole()
	rd.Notes = append(rd.Notes, "The dealer has blackjack.")
	lost := 0.0
	for _, h := range rd.Hands {
		switch {
		case h.Surrendered && t.Rules.Surrender == solve.EarlySurrender:
			h.settle(-h.Bet/2, "surrendered")
		case t.Rules.HoleCard == solve.OBO:
			if lost == 0 {
				h.settle(-rd.Bet, "loses the original bet to the dealer's blackjack")
				lost = rd.Bet
			} else {
				h.settle(0, "returned: only the original bet is lost (OBO)")
			}
		default:
			h.settle(-h.Bet, "loses to the dealer's blackjack")
		}
		h.Done = true
	}
	t.endRound()
}

// settle records a hand's result.
func (h *PlayerHand) settle(net float64, result string) { h.Net, h.Result = net, result }

// play makes a play on the hand in turn and moves the round on.
func (t *Table) play(a solve.Action) {
	rd := t.Round
	h := rd.Hands[rd.At]
	first := !rd.asked
	rd.asked = true
	if first && t.Rules.Surrender == solve.EarlySurrender && t.Rules.HoleCard == solve.Peek && blackjack(rd.Up, rd.hole) {
		if a == solve.Surrender {
			h.Surrendered, h.Done = true, true
		}
		t.dealerBlackjack() // the peek comes after early surrender
		return
	}
	switch a {
	case solve.Stand:
		if h.rescueAsked {
			h.rescueAsked = false
		}
		h.Done = true
	case solve.Surrender:
		if h.rescueAsked { // the double taken back, the original bet lost
			h.rescueAsked, h.Rescued = false, true
			t.Balance += h.Bet / 2
			h.Bet /= 2
		} else {
			h.Surrendered = true
		}
		h.Done = true
	case solve.Hit:
		h.Cards = append(h.Cards, t.card())
		h.Done = t.handDone(h)
	case solve.Double:
		t.Balance -= h.Bet
		h.Bet *= 2
		h.Doubled = true
		h.Cards = append(h.Cards, t.card())
		tot, _ := h.Total()
		h.rescueAsked = t.Rules.Rescue && tot <= 21
		h.Done = !h.rescueAsked
	case solve.Split:
		t.Balance -= h.Bet
		c := h.Cards[0]
		h.Cards, h.Split = []solve.Rank{c}, true
		next := &PlayerHand{Cards: []solve.Rank{c}, Bet: h.Bet, Split: true}
		rd.Hands = append(rd.Hands[:rd.At+1], append([]*PlayerHand{next}, rd.Hands[rd.At+1:]...)...)
		t.secondCard(h)
	}
	t.advance()
}

// handDone says whether a hand draws no more: busted, a hard 21, a
// Charlie, or a soft 21 where no Charlie rule pays for more cards.
func (t *Table) handDone(h *PlayerHand) bool {
	tot, soft := h.Total()
	switch {
	case tot > 21, tot == 21 && (!soft || t.Rules.Charlie == 0):
		return true
	case t.Rules.Charlie > 0 && len(h.Cards) >= t.Rules.Charlie:
		return true
	}
	return false
}

// secondCard gives a split hand its second card; split aces without HSA
// stand on it unless it is an ace they may split again.
func (t *Table) secondCard(h *PlayerHand) {
	h.Cards = append(h.Cards, t.card())
	switch {
	case h.Cards[0] == 1 && !t.Rules.HSA:
		h.Done = !(h.Cards[1] == 1 && len(t.Round.Hands) < t.splitLimit(1) && t.Balance >= h.Bet)
	default:
		tot, _ := h.Total()
		h.Done = tot == 21 || t.handDone(h) // a split hand's 21 stands
	}
}

// advance moves to the next hand that has a decision, or to the dealer.
func (t *Table) advance() {
	rd := t.Round
	for rd.At < len(rd.Hands) {
		h := rd.Hands[rd.At]
		if len(h.Cards) == 1 {
			t.secondCard(h)
		}
		if !h.Done {
			t.Phase = Deciding
			return
		}
		rd.At++
	}
	rd.At = len(rd.Hands) - 1
	t.dealerPlays()
}

// dealerPlays shows the hole card (draws it, without one), plays the
// dealer's hand where a hand is still standing, and settles the round.
func (t *Table) dealerPlays() {
	rd := t.Round
	t.showHole()
	if blackjack(rd.Up, rd.hole) { // no hole card: the blackjack shows now
		t.dealerBlackjack()
		return
	}
	live := false
	for _, h := range rd.Hands {
		tot, _ := h.Total()
		live = live || tot <= 21 && !h.Surrendered && !h.Rescued
	}
	dealer := 0
	if live {
		dealer = t.dealerDraws()
	}
	r := t.Rules
	for _, h := range rd.Hands {
		tot, _ := h.Total()
		charlie := r.Charlie > 0 && len(h.Cards) >= r.Charlie && tot <= 21
		switch {
		case h.Surrendered:
			h.settle(-h.Bet/2, "surrendered")
		case h.Rescued:
			h.settle(-h.Bet, "rescued: the original bet lost")
		case tot > 21:
			h.settle(-h.Bet, "bust")
		case charlie:
			h.settle(h.Bet*r.WinPays(tot, len(h.Cards)), "wins: a Charlie")
		case dealer == 22 && r.Push22:
			h.settle(0, "pushes: the dealer's 22")
		case dealer > 21:
			h.settle(h.Bet*r.WinPays(tot, len(h.Cards)), "wins: the dealer busts")
		case tot > dealer, tot == 21 && r.P21Wins:
			h.settle(h.Bet*r.WinPays(tot, len(h.Cards)), "wins")
		case tot < dealer, r.TiesLose:
			h.settle(-h.Bet, "loses")
		default:
			h.settle(0, "pushes")
		}
	}
	t.endRound()
}

// dealerDraws plays the dealer's hand: hit to 17 (a soft 17 too under
// H17), a 16 stood on and a 17 hit by chance where DHIT16 and DHIT17 say.
// It returns the dealer's total (the hard sum, 22 or more, for a bust).
func (t *Table) dealerDraws() int {
	rd := t.Round
	r := t.Rules
	for {
		sum, ace := 0, false
		for _, c := range rd.Dealer {
			sum += int(c)
			ace = ace || c == 1
		}
		tot := sum
		if ace && sum+10 <= 21 {
			tot = sum + 10
		}
		switch {
		case sum > 21:
			return sum
		case tot == 16 && r.DealerStand16 > 0:
			if t.rng.Float64() < r.DealerStand16 {
				return tot
			}
		case tot == 17 && r.DealerHit17 > 0:
			if t.rng.Float64() >= r.DealerHit17 {
				return tot
			}
		case tot > 17, tot == 17 && !(r.H17 && ace && sum+10 == 17):
			return tot
		}
		rd.Dealer = append(rd.Dealer, t.card())
	}
}

// endRound settles insurance, pays the round into the balance and waits
// for the next bet.
func (t *Table) endRound() {
	rd := t.Round
	t.showHole()
	if rd.Insure > 0 {
		ins := -rd.Insure
		if blackjack(rd.Up, rd.hole) {
			ins = 2 * rd.Insure
			rd.Notes = append(rd.Notes, "Insurance pays "+Units(ins)+".")
		}
		rd.Net += ins
		t.Balance += rd.Insure + ins
	}
	for _, h := range rd.Hands {
		h.Done = true
		rd.Net += h.Net
		t.Balance += h.Bet + h.Net
	}
	rd.Done = true
	t.Played = append(t.Played, rd)
	t.Rounds++
	t.Phase = Betting
	if t.Balance < 1 {
		t.Phase = Broke
	}
	if t.checks != nil && t.Phase == Betting {
		// At the shuffle (the cut card is out) always, else one round in
		// CountCheckEvery: the count of every card seen since the shuffle.
		if t.pos >= t.cut || t.checks.IntN(CountCheckEvery) == 0 {
			t.Phase = Counting
		}
	}
}

// CountCheckEvery is how often, one round in so many, a table with count
// checks asks for the count between rounds (besides every shuffle).
const CountCheckEvery = 5

// A CountCheck is a count check answered: the count of the cards seen
// when it was asked, and the answer. Right is a running count exactly
// right and a true count within 0.5 of the true one.
type CountCheck struct {
	Round         int // the rounds played when it was asked
	Running, True float64
	Answer        CountAnswer
	Shuffle       bool // asked at the shuffle
	Right         bool
}

// sortedCards returns cards low rank first.
func sortedCards(cards []solve.Rank) []solve.Rank {
	c := append([]solve.Rank(nil), cards...)
	slices.Sort(c)
	return c
}

// MovesText writes moves as ParseMoves reads them: "b10 h s".
func MovesText(ms []Move) string {
	w := make([]string, len(ms))
	for i, m := range ms {
		w[i] = m.String()
	}
	return strings.Join(w, " ")
}

// HoleDown says whether the dealer's hole card is dealt face down (a
// peek game's, until the dealer plays).
func (rd *Round) HoleDown() bool { return rd.holeDown }

// RescueAsked says whether the hand waits to stand on its double or
// rescue it (RESCUE).
func (h *PlayerHand) RescueAsked() bool { return h.rescueAsked }

// A SidePrice is a side bet's value on the cards the player has not seen,
// before the next round's deal: its default pay table's return, in bets,
// exact over the suits of the cards seen (the table deals by rank), as
// insurance is priced on the cards left.
type SidePrice struct {
	Bet, Table string
	EV         float64 // the bet's return, a fraction of the bet; the house edge is -EV
}

// SidePrices prices each side bet on the first cards (21+3, Perfect
// Pairs, Lucky Ladies, ...: side.Bets, Buster left out) on the cards the
// player has not seen; none for an infinite deck or a game whose decks
// side bets do not take. About 0.1 ms a bet once each full shoe's tally
// is kept.
func (t *Table) SidePrices() []SidePrice {
	if t.Rules.Infinite() || t.Rules.Decks > side.MaxDecks || t.Rules.FullShoe() != solve.NewShoe(t.Rules.Decks) {
		return nil
	}
	shoe, err := side.RankShoe(t.Rules.Decks, t.unseen())
	if err != nil {
		return nil
	}
	var out []SidePrice
	for _, b := range side.Bets() {
		if b.Name == "buster" {
			continue // on the dealer's whole hand: not priced from the first cards
		}
		if r, err := side.Evaluate(b, b.Tables[0], shoe, side.Rules{}); err == nil {
			out = append(out, SidePrice{Bet: b.Name, Table: b.Tables[0].Name, EV: r.EV})
		}
	}
	return out
}
