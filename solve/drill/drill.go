// Package drill is the strategy trainer: it deals a game's hands at their
// real frequencies (or only the kind a player wants to practise), grades
// each answer against the game's chart and the exact best play for the
// cards, and prices a mistake: the EV it gives up on that hand and, at
// the hand's frequency, per 100 rounds. 'bjchart drill' is its terminal
// face; the grading is the solver's numbers (Table.Lookup), nothing else.
package drill

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"bjchart/solve"
	"bjchart/solve/param"
)

// Focuses are the hands a drill may deal: every decision, or only hard
// totals, soft totals, pairs, the spots where the chart surrenders, the
// close calls (the best play ahead of the next by less than 0.05 of a
// bet), or the cells missed before (the request's Review).
var Focuses = []string{"all", "hard", "soft", "pairs", "surrender", "close", "missed"}

// closeCall is the margin below which a decision is a close call.
const closeCall = 0.05

// MaxHands bounds a drill's hands.
const MaxHands = 100_000

// A Request asks for a drill: the game, how many hands, which, and the
// seed of the shuffles ('bjchart drill').
type Request struct {
	Game  solve.Game
	Hands int
	Focus string
	Seed  uint64
	// Review is the cells the player missed before ("hard 16 v T, soft A7
	// v 9"), which the session brings back more often: a hand of another
	// cell is dealt past two times in three (ReviewKeep). The faces keep
	// the misses: the page in the browser, the terminal in a file.
	Review string
}

// DefaultRequest is 20 hands of every kind from the default game, a
// fresh seed each session.
func DefaultRequest() Request { return Request{Hands: 20, Focus: "all"} }

// FreshSeed is a seed for a session that names none (Seed 0): a new one
// each time, from 1 to a billion, short enough to read out and share.
func FreshSeed() uint64 { return 1 + rand.Uint64N(1_000_000_000) }

// Params adds the request's fields to s, the game's first.
func (q *Request) Params(s *param.Set) {
	q.Game.Params(s)
	s.Int(&q.Hands, "hands", "hands to deal")
	s.Enum(&q.Focus, "focus", "which hands: %s (close: the best play ahead by less than 0.05 of a bet; missed: the cells missed before)", Focuses...)
	s.Uint64(&q.Seed, "seed", "seed of the shuffles; the same seed deals the same hands (0: a fresh one each session, which the session names)")
	s.String(&q.Review, "review", "cells missed before, brought back more often: \"hard 16 v T, soft A7 v 9\"")
}

// ReviewKeep is the share of hands outside the review's cells a session
// with a review deals; the rest are dealt past, so that a missed cell
// comes about three times as often as its frequency.
const ReviewKeep = 1.0 / 3

// MaxReview bounds a review's cells.
const MaxReview = 50

// ParseReview reads a review: cells "hard 16 v T" (a table, a row, the
// up card), separated by commas.
func ParseReview(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.Join(strings.Fields(f), " ")
		if f == "" {
			continue
		}
		var table, row, v, up string
		if n, _ := fmt.Sscan(f, &table, &row, &v, &up); n != 4 || v != "v" || (table != "hard" && table != "soft" && table != "pairs") {
			return nil, fmt.Errorf("cell %s: want a table, a row and an up card, e.g. hard 16 v T", param.Quote(f, 30))
		}
		if _, err := solve.ParseRank(up); err != nil {
			return nil, fmt.Errorf("cell %s: up card %s", param.Quote(f, 30), param.Quote(up, 5))
		}
		out = append(out, f)
	}
	if len(out) > MaxReview {
		return nil, fmt.Errorf("%d cells; a review takes at most %d", len(out), MaxReview)
	}
	return out, nil
}

// A Job is a checked trainer request: its game's rules.
type Job struct {
	Rules solve.Rules
	req   Request
}

// Check reads and checks the request.
func (q Request) Check() (Job, error) {
	job := Job{req: q}
	r, err := q.Game.Resolve()
	job.Rules = r
	if err != nil {
		return job, err
	}
	if q.Hands < 1 || q.Hands > MaxHands {
		return job, param.NumberErrorf("hands", q.Hands, "want 1 to %d", MaxHands)
	}
	if !slices.Contains(Focuses, q.Focus) {
		return job, param.Errorf("focus", q.Focus, "want %s", param.OrList(Focuses))
	}
	if q.Focus == "surrender" && r.Surrender == solve.NoSurrender {
		return job, param.Errorf("focus", q.Focus, "these rules (%s) have no surrender: add LS or ES to the rules, or drill another focus", r)
	}
	if _, err := ParseReview(q.Review); err != nil {
		return job, param.Errorf("review", q.Review, "%v", err)
	}
	return job, nil
}

// Run solves the job's game and starts its session, which deals the
// request's hands; progress is not called.
func (j Job) Run(ctx context.Context, progress func(done, total int64)) (*Session, error) {
	t, err := solve.Job{Rules: j.Rules}.Run(ctx, nil)
	if err != nil {
		return nil, err
	}
	return j.Session(t)
}

// Session starts the job's session on a table already solved for its
// game (a face that keeps solved tables).
func (j Job) Session(t *solve.Table) (*Session, error) {
	q, r := j.req, j.Rules
	if t.Rules.String() != r.String() {
		return nil, fmt.Errorf("a table of %s for a drill of %s", t.Rules, r)
	}
	review, _ := ParseReview(q.Review) // checked
	if q.Focus == "missed" && len(review) == 0 {
		return nil, fmt.Errorf("no cells missed before to deal: the terminal keeps them between sessions, the page in the browser, and review names them")
	}
	seed := q.Seed
	if seed == 0 {
		seed = FreshSeed()
	}
	s := &Session{Rules: r, Focus: q.Focus, Left: q.Hands, Seed: seed, table: t, rng: rand.New(rand.NewPCG(seed, 0x6472696c6c)), review: review}
	s.shuffle()
	return s, nil
}

// Replay deals a session's hands again and grades the answers given to
// them, in order: a face that keeps no session (the page) passes the
// answers so far. It returns the next hand to answer, and false when the
// session's hands are all answered.
func (s *Session) Replay(answers []solve.Action) (Hand, bool, error) {
	for _, a := range answers {
		h, ok, err := s.Next()
		if err != nil || !ok {
			return h, false, err
		}
		s.Grade(h, a)
	}
	return s.Next()
}

// A Hand is a decision dealt: the player's cards against the dealer's up
// card (two, or more after a hit), with the solver's values for them.
type Hand struct {
	Cards []solve.Rank // the first two low rank first, then those drawn
	Up    solve.Rank
	Cell  string // the chart cell: "hard 16", "soft A7", "pairs 88"
	// Split marks a hand of a split pair: no surrender, a double only
	// with DAS, its first decision by the hard or soft row of its cards.
	Split bool
	// Chart is the chart's play for these cards, Best the exact best for
	// them (they differ at a composition-dependent exception).
	Chart, Best solve.Action
	EV          [solve.Surrender + 1]float64 // each legal play's EV, as 'chart --format json'
	Legal       [solve.Surrender + 1]bool
	// Freq is the probability per round that a player of the chart
	// decides on these cards against this up card (under a peek: the
	// dealer has no blackjack): the weight of a mistake per round. For
	// three or more cards in an infinite deck, where only the total
	// matters, it is the cell's.
	Freq float64
}

// String shows a hand as the command line reads it: "T,6 v T".
func (h Hand) String() string { return CardList(h.Cards) + " v " + h.Up.String() }

// CardList names cards as "6,T".
func CardList(cards []solve.Rank) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.String()
	}
	return strings.Join(names, ",")
}

// Continued reports whether the hand is one played on after a hit.
func (h Hand) Continued() bool { return len(h.Cards) > 2 }

// A Grade is an answer graded.
type Grade struct {
	Hand
	Answer solve.Action
	// Allowed is false for a play the rules do not allow on these cards
	// (a split of two different cards, a surrender where there is none).
	Allowed bool
	Correct bool // the chart's play
	// Cost is the chart's play's EV less the answer's on this hand (0 when
	// correct; NaN when not allowed, or where a resplit, which is not
	// valued, is the chart's play or the answer); Per100 the same per 100
	// rounds at the hand's frequency (NaN for a split hand, whose
	// frequency is not computed).
	Cost, Per100 float64
	// BestGain is what the exact best play gains over the chart's on
	// these cards (0 when they agree).
	BestGain float64
}

// A Session deals and grades a drill's hands.
type Session struct {
	Rules solve.Rules
	Focus string
	Left  int    // hands still to deal
	Seed  uint64 // the shuffles': the request's, or a fresh one

	table  *solve.Table
	rng    *rand.Rand
	review []string // cells brought back more often
	shoe   []solve.Rank
	pos    int
	cut    int
	// hitting is the hand last hit, which the next hand plays on (a card
	// drawn to it), or nil.
	hitting *Hand
	// splits are the split hands still to play, each its pair card alone
	// against the up card, in the order the table plays them (each to its
	// end before the next is dealt its second card); splitHands counts the
	// hands the round's pair has made.
	splits     []Hand
	splitHands int
	// Ended says how the last hand hit ended when the card drawn left no
	// decision ("4,6,T,5 v T: 25, bust"); "" otherwise. Next sets it.
	Ended string

	Graded []Grade
}

// shuffle gathers the shoe and shuffles it; it is dealt to 75%. An
// infinite deck deals every card from a fresh deck.
func (s *Session) shuffle() {
	full := s.Rules.FullShoe()
	s.shoe = s.shoe[:0]
	for r := range full.Counts {
		for range full.Counts[r] {
			s.shoe = append(s.shoe, solve.Rank(r+1))
		}
	}
	s.rng.Shuffle(len(s.shoe), func(i, j int) { s.shoe[i], s.shoe[j] = s.shoe[j], s.shoe[i] })
	s.pos, s.cut = 0, len(s.shoe)*3/4
}

func (s *Session) card() solve.Rank {
	if s.Rules.Infinite() {
		return s.shoe[s.rng.IntN(len(s.shoe))]
	}
	c := s.shoe[s.pos]
	s.pos++
	return c
}

// maxTries bounds the rounds dealt in search of one hand of the focus.
const maxTries = 100_000

// Next deals the next hand of the session's focus, or false when the
// session's hands are dealt. Rounds are dealt as at the table (player,
// up card, player, hole card, the shoe reshuffled at its cut card); a
// round with no decision (a blackjack, a dealer blackjack under a peek)
// or outside the focus is dealt past.
func (s *Session) Next() (Hand, bool, error) {
	if s.Left <= 0 {
		return Hand{}, false, nil
	}
	s.Ended = ""
	if h := s.hitting; h != nil { // the hand hit: a card more, and a decision unless it is done
		s.hitting = nil
		if !s.Rules.Infinite() && s.pos >= len(s.shoe) {
			s.shuffle()
		}
		cards := append(append([]solve.Rank{}, h.Cards...), s.card())
		t, _ := total(cards)
		if t < 21 {
			next, err := s.lookup(cards, h.Up)
			if err != nil {
				return next, false, err
			}
			if h.Split {
				s.splitRules(&next)
			}
			s.Left--
			return next, true, nil
		}
		s.Ended = fmt.Sprintf("%s v %v: %d", CardList(cards), h.Up, t)
		if t > 21 {
			s.Ended += ", bust"
		}
	}
	for len(s.splits) > 0 { // the next split hand takes its second card
		h := s.splits[0]
		s.splits = s.splits[1:]
		if !s.Rules.Infinite() && s.pos >= len(s.shoe) {
			s.shuffle()
		}
		c := h.Cards[0]
		cards := []solve.Rank{c, s.card()}
		t, _ := total(cards)
		resplit := cards[1] == c && s.splitHands < s.splitLimit(c)
		switch {
		case c == 1 && !s.Rules.HSA && !resplit:
			s.Ended = fmt.Sprintf("%s v %v: split aces take one card", CardList(cards), h.Up)
			continue
		case t == 21:
			s.Ended = fmt.Sprintf("%s v %v: 21, standing", CardList(cards), h.Up)
			continue
		}
		next, err := s.lookup([]solve.Rank{min(cards[0], cards[1]), max(cards[0], cards[1])}, h.Up)
		if err != nil {
			return next, false, err
		}
		s.splitRules(&next)
		s.Left--
		return next, true, nil
	}
	for range maxTries {
		if !s.Rules.Infinite() && s.pos+4 > s.cut {
			s.shuffle()
		}
		a, up, b, hole := s.card(), s.card(), s.card(), s.card()
		if a+b == 11 && (a == 1 || b == 1) { // the player's blackjack: nothing to decide
			continue
		}
		if s.Rules.HoleCard == solve.Peek && up+hole == 11 && (up == 1 || hole == 1) {
			continue // the dealer's blackjack, seen under the peek
		}
		h, err := s.lookup([]solve.Rank{min(a, b), max(a, b)}, up)
		if err != nil {
			return h, false, err
		}
		if s.wants(h) && s.reviewed(h) {
			s.Left--
			return h, true, nil
		}
	}
	return Hand{}, false, fmt.Errorf("no hand of focus %s in %d rounds of %s", s.Focus, maxTries, s.Rules)
}

// splitLimit is the most hands a pair of c may make.
func (s *Session) splitLimit(c solve.Rank) int {
	if c == 1 && !s.Rules.RSA {
		return 2
	}
	return s.Rules.MaxSplitHands
}

// splitRules makes a hand looked up a split hand's: no surrender, a
// double only with DAS, a resplit while the rules allow it (not valued:
// its value depends on the hands already split), and the chart's play as
// the solver values a chart's split hands (split again while allowed,
// else the hard or soft row of the cards; the row's play for three or
// more cards). Its values are the cards' own from the full shoe, as
// CDZ- plays split hands; its frequency is not computed (Freq NaN).
func (s *Session) splitRules(h *Hand) {
	h.Split = true
	h.Freq = math.NaN()
	h.Legal[solve.Surrender] = false
	h.Legal[solve.Double] = h.Legal[solve.Double] && s.Rules.DAS
	pair := len(h.Cards) == 2 && h.Cards[0] == h.Cards[1]
	h.Legal[solve.Split] = pair && s.splitHands < s.splitLimit(h.Cards[0])
	h.EV[solve.Split] = math.NaN()
	if c := h.Cards[0]; pair && c == 1 && !s.Rules.HSA { // split aces again, or stand
		h.Legal[solve.Hit], h.Legal[solve.Double] = false, false
	}
	kind, row := splitHandRow(h.Cards)
	h.Cell = kind.String() + " " + row
	h.Chart = chartPlay(s.table, Decision{Cards: h.Cards, Up: h.Up, Split: true, Legal: h.Legal})
	if h.Chart == solve.NoAction { // no cell: never for cards the shoe deals
		h.Chart = solve.Stand
	}
	h.Best = solve.NoAction
	for a := solve.Stand; a <= solve.Surrender; a++ {
		if h.Legal[a] && !math.IsNaN(h.EV[a]) && (h.Best == solve.NoAction || h.EV[a] > h.EV[h.Best]) {
			h.Best = a
		}
	}
}

// total is the best total of cards and whether it is soft.
func total(cards []solve.Rank) (int, bool) {
	sum, ace := 0, false
	for _, c := range cards {
		sum += int(c)
		ace = ace || c == 1
	}
	if ace && sum+10 <= 21 {
		return sum + 10, true
	}
	return sum, false
}

// lookup looks the cards up in the solved table.
func (s *Session) lookup(cards []solve.Rank, up solve.Rank) (Hand, error) {
	l, err := s.table.Lookup(solve.HandQuery{Cards: cards, Up: up})
	if err != nil {
		return Hand{}, err
	}
	h := Hand{Cards: cards, Up: up, Chart: l.Chart, Best: l.Best, EV: l.EV, Legal: l.Legal}
	kind, row := solve.CellOf(cards)
	h.Cell = kind.String() + " " + row
	switch {
	case len(cards) == 2:
		h.Freq = s.freq(cards[0], cards[1], up)
	case s.Rules.Infinite():
		if c := s.table.Cell(kind, row, up); c != nil {
			h.Freq = c.MultiFreq
		}
	default:
		var counts [10]uint8
		for _, c := range cards {
			counts[c-1]++
		}
		for _, c := range s.table.Compositions {
			if c.Up == up && c.Counts == counts {
				h.Freq = c.Freq
			}
		}
	}
	if h.Chart == solve.NoAction || !h.Legal[h.Chart] {
		h.Chart = h.Best
	}
	return h, nil
}

// freq is the probability per round of a decision on cards a and b
// against up: the solver's for a finite shoe (Table.Hands), by the ranks'
// probabilities for an infinite deck.
func (s *Session) freq(a, b, up solve.Rank) float64 {
	if !s.Rules.Infinite() {
		for _, h := range s.table.Hands {
			if h.Cards == [2]solve.Rank{a, b} && h.Up == up {
				return h.Freq
			}
		}
		return 0
	}
	p := s.Rules.FullShoe().Probs()
	f := p[a-1] * p[b-1] * p[up-1]
	if a != b {
		f *= 2
	}
	if s.Rules.HoleCard == solve.Peek {
		switch up {
		case 1:
			f *= 1 - p[9]
		case 10:
			f *= 1 - p[0]
		}
	}
	return f
}

// reviewed reports whether a hand dealt is kept under the session's
// review: always a hand of a reviewed cell (or any, without a review),
// another ReviewKeep of the time.
func (s *Session) reviewed(h Hand) bool {
	if len(s.review) == 0 || slices.Contains(s.review, fmt.Sprintf("%s v %v", h.Cell, h.Up)) {
		return true
	}
	return s.rng.Float64() < ReviewKeep
}

// wants reports whether a hand is of the session's focus.
func (s *Session) wants(h Hand) bool {
	switch s.Focus {
	case "hard":
		return strings.HasPrefix(h.Cell, "hard")
	case "soft":
		return strings.HasPrefix(h.Cell, "soft")
	case "pairs":
		return strings.HasPrefix(h.Cell, "pairs")
	case "surrender":
		return h.Chart == solve.Surrender
	case "missed":
		return slices.Contains(s.review, fmt.Sprintf("%s v %v", h.Cell, h.Up))
	case "close":
		best, next := math.Inf(-1), math.Inf(-1)
		for a := solve.Stand; a <= solve.Surrender; a++ {
			if !h.Legal[a] {
				continue
			}
			if v := h.EV[a]; v > best {
				best, next = v, best
			} else if v > next {
				next = v
			}
		}
		return best-next < closeCall
	}
	return true
}

// Grade grades an answer to a hand and keeps it in the session.
func (s *Session) Grade(h Hand, answer solve.Action) Grade {
	g := Grade{Hand: h, Answer: answer, Allowed: answer >= solve.Stand && answer <= solve.Surrender && h.Legal[answer]}
	g.Correct = answer == h.Chart
	g.Cost, g.Per100 = math.NaN(), math.NaN()
	if g.Allowed {
		g.Cost = h.EV[h.Chart] - h.EV[answer] // NaN where a resplit is among them: not valued
		g.Per100 = 100 * g.Cost * h.Freq      // NaN for a split hand
		if g.Correct {
			g.Cost, g.Per100 = 0, 0
		}
	}
	if g.Allowed && answer == solve.Hit {
		s.hitting = &h // the next hand is this one with a card more
	}
	if g.Allowed && answer == solve.Split { // two hands of the pair card, each dealt a second card in turn
		if !h.Split {
			s.splitHands = 1
		}
		s.splitHands++
		half := Hand{Cards: []solve.Rank{h.Cards[0]}, Up: h.Up, Split: true}
		s.splits = append([]Hand{half, half}, s.splits...)
	}
	if h.Best != h.Chart && !math.IsNaN(h.EV[h.Chart]) {
		g.BestGain = h.EV[h.Best] - h.EV[h.Chart]
	}
	s.Graded = append(s.Graded, g)
	return g
}

// A Summary is a session's results: its hands, how many were right, the
// EV the answers gave up (on the hands dealt, and per 100 rounds had each
// mistake been made every time its hand came up), and the cells missed,
// most costly first.
type Summary struct {
	Hands, Correct int
	Cost           float64 // on the hands dealt, in bets
	Per100         float64 // per 100 rounds, at the hands' frequencies
	Missed         []Miss
}

// A Miss is a cell answered wrongly: how often and at what cost per 100
// rounds (each cell's worst answer counted once).
type Miss struct {
	Cell   string // "hard 16 v T"
	Times  int
	Per100 float64
	Priced bool // false where every wrong answer was a play not allowed
}

// Summary sums the session's graded answers.
func (s *Session) Summary() Summary {
	var sum Summary
	missed := map[string]*Miss{}
	var order []string
	for _, g := range s.Graded {
		sum.Hands++
		if g.Correct {
			sum.Correct++
			continue
		}
		key := fmt.Sprintf("%s v %v", g.Cell, g.Up)
		m := missed[key]
		if m == nil {
			m = &Miss{Cell: key}
			missed[key] = m
			order = append(order, key)
		}
		m.Times++
		if g.Allowed && !math.IsNaN(g.Cost) {
			sum.Cost += g.Cost
		}
		if g.Allowed && !math.IsNaN(g.Per100) {
			m.Priced = true
			if g.Per100 > m.Per100 {
				sum.Per100 += g.Per100 - m.Per100
				m.Per100 = g.Per100
			}
		}
	}
	for _, k := range order {
		sum.Missed = append(sum.Missed, *missed[k])
	}
	slices.SortStableFunc(sum.Missed, func(a, b Miss) int { return cmp.Compare(b.Per100, a.Per100) }) // most costly first; ties in the order missed
	return sum
}

// ParseAnswer reads an answer: H, S, D, P or R (any case), or the play's
// name.
func ParseAnswer(s string) (solve.Action, error) {
	s = strings.TrimSpace(s)
	for a := solve.Stand; a <= solve.Surrender; a++ {
		if strings.EqualFold(s, a.Letter()) || strings.EqualFold(s, a.String()) {
			return a, nil
		}
	}
	return solve.NoAction, fmt.Errorf("answer %s: want H, S, D, P or R (hit, stand, double, split, surrender)", param.Quote(s, 20))
}
