package drill

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/casino"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/side"
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
	// Side places a side bet with the next deal.
	Side *SideMove
}

// A SideMove places a side bet with the next deal: one of the side bets
// (side.Bets, by the name 'bjchart side' lists) on its usual pay table,
// Stake units (0: one unit).
type SideMove struct {
	Bet   string  `json:"bet"`
	Stake float64 `json:"stake"`
}

// String writes a move as ParseMoves reads it.
func (m Move) String() string {
	switch {
	case m.Side != nil:
		return "+" + m.Side.Bet + ":" + Units(max(m.Side.Stake, 1))
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
// RESCUE), I takes insurance (even money on a blackjack), N declines it,
// +BET:N places N units on a side bet with the next deal (+21+3:5).
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
	case strings.HasPrefix(l, "+"):
		return parseSideMove(f, l[1:])
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
		return Move{}, fmt.Errorf("%s: want bN (a bet), H, S, D, P, R, I, N, kR/T (a count check's answer) or +BET:N (a side bet)", param.Quote(f, 20))
	}
	return Move{Play: a}, nil
}

// parseSideMove reads a side bet's move, l the lower-cased move after
// its "+": "21+3:5", "perfect-pairs" (one unit).
func parseSideMove(f, l string) (Move, error) {
	name, stake := l, 1.0
	if i := strings.LastIndexByte(l, ':'); i >= 0 {
		name = l[:i]
		v, err := strconv.ParseFloat(l[i+1:], 64)
		if err != nil || v < 1 || v > MaxBalance || v != math.Trunc(v) {
			return Move{}, fmt.Errorf("side bet %s: want +BET:N, N a whole number of units from 1 to %.0f", param.Quote(f, 20), MaxBalance)
		}
		stake = v
	}
	b, err := side.LookupBet(name)
	if err != nil {
		return Move{}, fmt.Errorf("side bet %s: %v", param.Quote(f, 30), err)
	}
	return Move{Side: &SideMove{Bet: b.Name, Stake: stake}}, nil
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
	t := NewTable(r, seed, q.Balance, q.Bet, q.Penetration)
	if q.CountChecks {
		t.checks = rand.New(rand.NewPCG(seed, 0x636f756e74))
	}
	for i, m := range moves {
		if err := t.Do(m); err != nil {
			return nil, param.Errorf("moves", q.Moves, "move %d (%s): %v", i+1, m, err)
		}
	}
	return t, nil
}

// TableStream is the stream of the table's shuffles: a table with seed S
// deals the cards a simulation with seed S deals on stream TableStream
// (the round engine's shoe, solve/casino).
const TableStream = 0x7461626c65

// NewTable sits down at a table of the rules with a balance and a bet a
// round takes by default, its shoe shuffled by the seed and dealt to the
// penetration.
func NewTable(r solve.Rules, seed uint64, balance, bet, penetration float64) *Table {
	shoe := casino.NewShoe(r.FullShoe(), r.Infinite(), penetration, rand.NewPCG(seed, TableStream))
	return &Table{Rules: r, Seed: seed, Balance: balance, Start: balance, bet: bet, shoe: shoe, game: casino.NewTable(r, shoe)}
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
// against the exact best play for the cards left (Advise). The round is
// the round engine's (solve/casino), which the simulator plays too.
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
	// checks draws when a count check is asked (nil: none asked), on a
	// stream of its own, so that asking changes no card dealt.
	checks *rand.Rand
	shoe   *casino.Shoe
	game   *casino.Table
	// sideNext are the side bets placed for the next deal.
	sideNext []casino.SideStake
}

// A Round is one round at the table, as the player sees it.
type Round struct {
	Up     solve.Rank
	Dealer []solve.Rank // the up card, then the hole card and draws once shown
	Hands  []*PlayerHand
	At     int     // the hand in play
	Bet    float64 // the round's first bet
	Insure float64 // insurance staked
	// Side are the side bets placed with the round, settled once it is
	// done.
	Side []SideResult
	// Notes say what happened, in order: "The dealer has blackjack.",
	// "Shuffled.".
	Notes []string
	Done  bool
	Net   float64 // won (+) or lost (-) in the round, insurance included, when Done

	holeDown bool // the hole card is dealt and not shown (a peek game's)
}

// A SideResult is a side bet placed with a round: the bet and its pay
// table, the stake and, once the round is done, the outcome its cards
// made and what it won (+) or lost (-).
type SideResult struct {
	Bet, Table string
	Stake      float64
	Cards      string // the cards it was settled on, with their suits: "Th 9h 8h"
	Outcome    string
	Net        float64
}

// cardsText writes cards with their suits, "Th 9h 8h".
func cardsText(cards []casino.Card) string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
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
	s := 0.0
	for _, st := range t.sideNext { // placed for the next deal
		s += st.Stake
	}
	if t.Round == nil || t.Round.Done {
		return s
	}
	return s + t.onTable() // the round's, as the engine holds them
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
func (t *Table) unseen() [10]int { return t.game.Unseen() }

// nextDealUnseen returns the cards the player has not seen as the next
// deal finds them: after the shuffle when the cut card is out (every
// card back), what side bets placed now are priced on.
func (t *Table) nextDealUnseen() [10]int {
	if t.shoe.CutOut() {
		return t.Rules.FullShoe().Counts
	}
	return t.unseen()
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
	return t.shoe.Left(), t.shoe.ToCut()
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

// allows says whether the hand in play may make a play now: as the rules
// allow it (the round engine's), a double or a split only when the
// balance covers its bet.
func (t *Table) allows(a solve.Action) bool {
	if !t.game.Allows(a) {
		return false
	}
	if a == solve.Double && !t.game.InPlay().RescueAsked || a == solve.Split {
		return t.Balance >= t.game.InPlay().Bet
	}
	return true
}

// Do makes a move: a bet deals a round, a play plays the hand in turn,
// an answer settles insurance; a move the table does not take now is an
// error that says what it takes.
func (t *Table) Do(m Move) error {
	switch t.Phase {
	case Broke:
		return fmt.Errorf("the balance, %s, is below one unit: the session is over", Units(t.Balance))
	case Betting:
		if m.Side != nil {
			return t.placeSide(*m.Side)
		}
		if m.Bet == 0 {
			return fmt.Errorf("the table waits for a bet (b, or bN for N units; +BET:N a side bet with it)")
		}
		bet := m.Bet
		if bet < 0 {
			bet = t.nextBet()
		}
		if bet > t.Balance {
			return fmt.Errorf("a bet of %s: the balance is %s", Units(bet), Units(t.Balance))
		}
		t.Moves = append(t.Moves, Move{Bet: bet})
		t.Round = &Round{Bet: bet}
		t.Balance -= bet
		t.game.SideBets = append(t.game.SideBets[:0], t.sideNext)
		for _, st := range t.sideNext {
			set := st.Bet.(*side.Settler)
			t.Round.Side = append(t.Round.Side, SideResult{Bet: set.Bet.Name, Table: set.Table.Name, Stake: st.Stake})
		}
		t.sideNext = nil
		t.game.Deal([]float64{bet})
		if t.game.Shuffled {
			t.Shuffles++
		}
		t.step()
		return nil
	case Counting:
		if m.Count == nil {
			return fmt.Errorf("the table waits for a count check: the running count and the true count of the cards seen, e.g. +4 1.5")
		}
		rc, tc, _, _ := t.HiLo()
		c := CountCheck{Round: t.Rounds, Running: rc, True: tc, Answer: *m.Count, Shuffle: t.shoe.CutOut()}
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
		if stake := rd.Bet / 2; m.Insure > 0 && stake > t.Balance {
			return fmt.Errorf("insurance costs %s: the balance is %s", Units(stake), Units(t.Balance))
		}
		t.Decisions = append(t.Decisions, dec)
		if m.Insure > 0 {
			t.Balance -= rd.Bet / 2
		}
		t.Moves = append(t.Moves, m)
		t.game.Insure(m.Insure > 0)
		t.step()
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
	before := t.onTable()
	t.game.Play(m.Play)
	t.Balance -= t.onTable() - before // a double's or a split's stake, a rescue's half back (when the engine makes them: a play before the peek waits for it)
	t.step()
	return nil
}

// onTable returns the chips the round engine has on the table for the
// player before settling: each hand's bet (the first bet before a hand
// is made), and insurance.
func (t *Table) onTable() float64 {
	g := t.game
	if len(g.Seats) == 0 {
		return 0
	}
	s := g.Seats[0].Insurance
	if len(g.Hands) == 0 {
		return s + g.Seats[0].Bet
	}
	for i := range g.Hands {
		s += g.Hands[i].Bet
	}
	return s
}

// step shows the round as the engine has it after a move and, once it is
// settled, ends it. A split ace the balance cannot split again stands on
// its own, as the rules make it stand where they allow no resplit.
func (t *Table) step() {
	g := t.game
	for g.Phase == casino.Deciding {
		h := g.InPlay()
		if !(h.Split && h.Cards[0].Value() == 1 && !t.Rules.HSA) || t.allows(solve.Split) {
			break
		}
		g.Play(solve.Stand)
	}
	t.show()
	switch g.Phase {
	case casino.Insuring:
		t.Phase = Insuring
	case casino.Deciding:
		t.Phase = Deciding
	default:
		t.endRound()
	}
}

// show sets the round as the player sees it from the engine's.
func (t *Table) show() {
	g, rd := t.game, t.Round
	rd.Up = rank(g.Up())
	rd.Dealer = rd.Dealer[:0]
	for _, c := range g.Dealer.Cards[:g.Dealer.N] {
		rd.Dealer = append(rd.Dealer, rank(c))
	}
	rd.holeDown = g.HoleDown
	rd.Insure = g.Seats[0].Insurance
	seat := &g.Seats[0]
	rd.Hands = rd.Hands[:0]
	rd.At = 0
	if len(g.Hands) == 0 { // no hand made yet (or none to play): the first two cards
		h := &PlayerHand{Cards: []solve.Rank{rank(seat.A), rank(seat.B)}, Bet: seat.Bet, Done: g.Phase == casino.Betting}
		if seat.Result != casino.Unsettled {
			h.Net, h.Result = seat.Net, seat.Result.String()
			h.Surrendered = seat.Result == casino.Surrendered
		}
		rd.Hands = append(rd.Hands, h)
	} else {
		for i := range g.Hands {
			e := &g.Hands[i]
			h := &PlayerHand{Bet: e.Bet, Split: e.Split, Doubled: e.Doubled, Surrendered: e.Surrendered, Rescued: e.Rescued,
				Done: e.Done, Net: e.Net, rescueAsked: e.RescueAsked}
			if e.Result != casino.Unsettled {
				h.Result = e.Result.String()
			}
			for _, c := range e.Cards[:e.N] {
				h.Cards = append(h.Cards, rank(c))
			}
			rd.Hands = append(rd.Hands, h)
		}
		if g.Phase == casino.Deciding {
			rd.At = g.At
		} else {
			rd.At = len(rd.Hands) - 1
		}
	}
	rd.Notes = rd.Notes[:0]
	if g.Shuffled {
		rd.Notes = append(rd.Notes, "The cut card came out: the shoe was shuffled.")
	}
	for range g.RanOut() {
		rd.Notes = append(rd.Notes, "The shoe ran out: its discards were shuffled.")
	}
}

// rank returns a card's rank as the main game reads it: its value.
func rank(c casino.Card) solve.Rank { return solve.Rank(c.Value()) }

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

// blackjack says whether two cards make a blackjack.
func blackjack(a, b solve.Rank) bool { return a+b == 11 && (a == 1 || b == 1) }

// endRound pays the settled round into the balance, with its insurance,
// and waits for the next bet (or a count check).
func (t *Table) endRound() {
	g, rd := t.game, t.Round
	seat := &g.Seats[0]
	if g.DealerBlackjack && !seat.Blackjack {
		rd.Notes = append(rd.Notes, "The dealer has blackjack.")
	}
	if seat.Insurance > 0 {
		if g.DealerBlackjack {
			rd.Notes = append(rd.Notes, "Insurance pays "+Units(seat.InsuranceNet)+".")
		}
		rd.Net += seat.InsuranceNet
		t.Balance += seat.Insurance + seat.InsuranceNet
	}
	for _, h := range rd.Hands {
		h.Done = true
		rd.Net += h.Net
		t.Balance += h.Bet + h.Net
	}
	for k, st := range seat.Side {
		set, r := st.Bet.(*side.Settler), &rd.Side[k]
		cards := g.SideCards(0, set)
		if !set.OnDealerHand() {
			cards = cards[:len(set.Bet.Cards)] // the cards the bet reads
		}
		r.Net, r.Outcome, r.Cards = st.Net, set.Outcome(cards), cardsText(cards)
		rd.Net += st.Net
		t.Balance += st.Stake + st.Net
		rd.Notes = append(rd.Notes, fmt.Sprintf("%s, %s on %s: %s, %+g.", r.Bet, Units(r.Stake), r.Cards, r.Outcome, r.Net))
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
		if t.shoe.CutOut() || t.checks.IntN(CountCheckEvery) == 0 {
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

// SidePlaced returns the side bets placed for the next deal.
func (t *Table) SidePlaced() []SideMove {
	var out []SideMove
	for _, st := range t.sideNext {
		out = append(out, SideMove{Bet: st.Bet.(*side.Settler).Bet.Name, Stake: st.Stake})
	}
	return out
}

// placeSide places a side bet for the next deal, priced on the cards
// the player has not seen as insurance is: what it gives up against not
// betting it.
func (t *Table) placeSide(m SideMove) error {
	b, err := side.LookupBet(m.Bet)
	if err != nil {
		return err
	}
	stake := max(m.Stake, 1)
	for _, st := range t.sideNext {
		if st.Bet.(*side.Settler).Bet == b {
			return fmt.Errorf("%s is placed already for this deal", b.Name)
		}
	}
	if stake > t.Balance-1 {
		return fmt.Errorf("a side bet of %s: the balance, %s, must keep a unit for the main bet", Units(stake), Units(t.Balance))
	}
	ev, err := t.sideEV(b)
	if err != nil {
		return err
	}
	settler := side.NewSettler(b, b.Tables[0])
	t.sideNext = append(t.sideNext, casino.SideStake{Bet: settler, Stake: stake})
	t.Balance -= stake
	t.Decisions = append(t.Decisions, Decision{Round: t.Rounds + 1, Bet: stake, Side: b.Name, SideEV: ev,
		Priced: true, Best: solve.NoAction, Play: solve.NoAction, Cost: max(0, -ev)})
	t.Moves = append(t.Moves, Move{Side: &SideMove{Bet: b.Name, Stake: stake}})
	return nil
}

// sideEV returns a side bet's return on its usual pay table from the
// cards the player has not seen (exact over the suits of the cards
// seen: the table shows ranks), or why the game takes none.
func (t *Table) sideEV(b *side.Bet) (float64, error) {
	r := t.Rules
	if r.Infinite() || r.Decks > side.MaxDecks || r.FullShoe() != solve.NewShoe(r.Decks) {
		return 0, fmt.Errorf("side bets are priced on 1 to %d standard decks; %s deals another shoe", side.MaxDecks, r)
	}
	if b.DealerHand() && (r.DealerStand16 > 0 || r.DealerHit17 > 0) {
		return 0, fmt.Errorf("%s is priced for a dealer who stands on 17 (S17) or hits soft 17 (H17), not one who draws by chance (%s)", b.Name, r)
	}
	shoe, err := side.RankShoe(r.Decks, t.nextDealUnseen())
	if err != nil {
		return 0, err
	}
	rep, err := side.Evaluate(b, b.Tables[0], shoe, side.Rules{H17: r.H17})
	if err != nil {
		return 0, err
	}
	return rep.EV, nil
}

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
	shoe, err := side.RankShoe(t.Rules.Decks, t.nextDealUnseen())
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
