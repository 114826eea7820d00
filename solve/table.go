package solve

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// An Action is a player decision.
type Action int

const (
	NoAction Action = iota
	Stand
	Hit
	Double
	Split
	Surrender
)

// Actions lists the actions in the order EVs are stored.
var Actions = [...]Action{Stand, Hit, Double, Split, Surrender}

var actionNames = [...]string{"", "stand", "hit", "double", "split", "surrender"}

// String returns the action's lower-case name ("stand", "hit", ...), as used in JSON.
func (a Action) String() string {
	if a < 0 || int(a) >= len(actionNames) {
		return fmt.Sprintf("Action(%d)", int(a))
	}
	return actionNames[a]
}

// ParseAction returns the action of a lower-case name as String gives it
// ("stand", "hit", "double", "split", "surrender").
func ParseAction(name string) (Action, bool) {
	for a := Stand; a <= Surrender; a++ {
		if actionNames[a] == name {
			return a, true
		}
	}
	return NoAction, false
}

// Letter returns the one-letter chart code: S, H, D, P or R.
func (a Action) Letter() string {
	return [...]string{"", "S", "H", "D", "P", "R"}[a]
}

// A Code is a chart cell: the best action and, where charts print one, the
// play to fall back on when the best action is not allowed. Dh is double
// else hit; Rs surrender else stand; Ph split if doubling after a split is
// allowed, else hit (printed only where the DAS rule changes the decision).
type Code struct {
	Best     Action
	Fallback Action // NoAction when none is printed
}

// String returns the code as charts print it: "H", "S", "Dh", "Ds", "P", "Ph", "Rh", ...
func (c Code) String() string {
	s := c.Best.Letter()
	if c.Fallback != NoAction {
		s += map[Action]string{Stand: "s", Hit: "h", Double: "d", Split: "p"}[c.Fallback]
	}
	return s
}

// TableKind names one of the three chart tables.
type TableKind int

const (
	Hard TableKind = iota
	Soft
	Pairs
)

func (k TableKind) String() string { return [...]string{"hard", "soft", "pairs"}[k] }

// Conditioning says what the EVs of a Table are conditioned on.
type Conditioning int

const (
	// NoDealerBlackjack: the dealer peeked and does not have blackjack
	// (US hole card with no or late surrender).
	NoDealerBlackjack Conditioning = iota
	// Unconditional: the values include the dealer's blackjack; used when
	// the dealer has no hole card (ENHC, OBO), where a blackjack is revealed
	// after the player acts, and with early surrender, which is decided
	// before the peek.
	Unconditional
)

func (c Conditioning) String() string {
	return [...]string{"no-dealer-blackjack", "unconditional"}[c]
}

// Describe returns a sentence for people.
func (c Conditioning) Describe() string {
	if c == NoDealerBlackjack {
		return "EVs are fractions of the initial wager, conditioned on the dealer not having blackjack (the dealer peeked)"
	}
	return "EVs are fractions of the initial wager and include the chance that the dealer has blackjack"
}

// A Cell is one chart entry: a player hand against a dealer up card.
type Cell struct {
	Table TableKind
	// Hand names the hand: "16" (hard), "A7" (soft: ace and the rest), "88", "TT", "AA" (pairs).
	Hand string
	Up   Rank
	// EV holds each action's expected value as a fraction of the initial
	// wager (see Table.Conditioning), indexed by Action; valid where Legal.
	EV    [Surrender + 1]float64
	Legal [Surrender + 1]bool
	Code  Code
	// Margin says how close the decision is: the EV per decision that the
	// best other action would cost (infinite deck: the cell's EV less the
	// best other action's; finite shoes: the change in the round's EV if the whole chart
	// took the other action here, split hands included, divided by how often
	// the cell decides a hand).
	Margin float64
	// Cost holds, for each legal action, the EV per decision it would cost
	// if the chart played it here instead of its own action: the values
	// the chart's choice is made on, over every hand the cell decides
	// (finite shoes: split hands' first decisions included, so they can
	// favour another action than the two-card EVs above; infinite deck:
	// EV[chart's action] less EV[a]). 0 for the chart's action; Margin is
	// the smallest of the others.
	Cost [Surrender + 1]float64
	// Freq is the probability per round that a hand is decided by this
	// cell: two-card hands (blackjacks excepted) and the first decision of
	// split hands. Under a peek a hand is decided only when the dealer has
	// no blackjack.
	Freq float64
	// MultiFreq is the probability per round that a hand of three or more
	// cards (split hands included) decides at this cell's total (hard and
	// soft cells).
	MultiFreq float64
	// Impossible marks a cell no two-card hand of which can be dealt with
	// this up card from the shoe (a custom shoe short of a rank: 2,2 from
	// a shoe of one 2). It has no EVs and no margin; its code is the
	// chart's, for a shoe that could deal it.
	Impossible bool
	// MultiCard is the chart's play, Hit or Stand, for hands of this total
	// with three or more cards and for split hands after their first
	// decision (hard and soft cells; NoAction for pairs).
	MultiCard Action
}

// Marked reports whether hands of three or more cards play this total
// differently from the two-card play (as Thorp's "16 v T: stand with three
// or more cards").
func (c *Cell) Marked() bool {
	if c.MultiCard == NoAction {
		return false
	}
	twoCard := c.Code.Best
	if twoCard != Hit && twoCard != Stand {
		twoCard = c.Code.Fallback
	}
	return twoCard != c.MultiCard
}

// Best returns the EV of the cell's best action.
func (c *Cell) Best() float64 { return c.EV[c.Code.Best] }

// A Table is a solved rule set: every chart cell and the round's EV.
type Table struct {
	Rules        Rules
	Conditioning Conditioning
	// Shoe is the shoe dealt from (finite shoes only).
	Shoe Shoe
	// Split is the post-split strategy of the composition-dependent values
	// in Hands (finite shoes; in an infinite deck every strategy gives the
	// same values). Cell EVs play split hands by the chart.
	Split SplitStrategy
	// EV is the player's expected value of a round played by the chart, as
	// a fraction of the initial wager, unconditional (dealer blackjacks and
	// blackjack payouts included, insurance not taken). The house edge is
	// -EV. In an infinite deck the chart is optimal play.
	EV float64
	// CDEV is the round's EV under composition-dependent play (every
	// decision the best for the exact cards), by the post-split strategy its
	// splits are valued under (indexed by SplitStrategy).
	CDEV [2]float64
	// Hands lists every two-card start (blackjacks excepted) against every
	// up card with its CD values, splits under Split (finite shoes only).
	Hands []Hand
	// Compositions lists every unsplit hand of three or more cards that may
	// still draw, against every up card, with its CD values (finite shoes
	// only; in an infinite deck only totals matter).
	Compositions []Composition
	// Dealer holds the unconditional distribution of the dealer's final
	// hand for each up card, indexed by rank-1.
	Dealer [10]DealerDist
	// Cells lists every cell: hard 4..21, soft 12..21 (AA..AT), then the
	// pairs 22..TT, AA, each row against the up cards 2..9, T, A.
	Cells []Cell
	// naturals is the chance per round of a player blackjack that the
	// dealer does not match: what the blackjack's payout multiplies in EV
	// and CDEV (Effects takes a payout's effect from it). A table solved
	// from rules sets it; one valued for a given chart need not.
	naturals float64
}

// Cell returns the cell for a hand and up card, or nil if there is none.
func (t *Table) Cell(kind TableKind, hand string, up Rank) *Cell {
	row := rowIndex(kind, hand)
	if row < 0 || up < 1 || up > 10 {
		return nil
	}
	return &t.Cells[cellIndex(kind, row, up)]
}

// cellIndex returns the position in Table.Cells of a row of a table
// against an up card, following the order documented on Table.Cells.
func cellIndex(kind TableKind, row int, up Rank) int {
	first := [...]int{0, numHardRows, numHardRows + numSoftRows}[kind]
	col := int(up) - 2 // 2..T are columns 0..8
	if up == 1 {
		col = 9
	}
	return (first+row)*len(UpCards) + col
}

const (
	numHardRows = 18 // 4..21
	numSoftRows = 10 // AA..AT
	numPairRows = 10 // 22..TT, AA
)

// rowIndex returns the row number of a hand within its table, or -1.
func rowIndex(kind TableKind, hand string) int {
	for i, h := range Rows(kind) {
		if h == hand {
			return i
		}
	}
	return -1
}

// Rows returns the hand names of a table in chart order.
func Rows(kind TableKind) []string {
	if kind < Hard || kind > Pairs {
		return nil
	}
	return slices.Clone(rowNames[kind])
}

var rowNames = func() (names [3][]string) {
	for t := 4; t <= 21; t++ {
		names[Hard] = append(names[Hard], strconv.Itoa(t))
	}
	for r := Rank(1); r <= 10; r++ {
		names[Soft] = append(names[Soft], "A"+r.String())
	}
	for r := Rank(2); r <= 10; r++ {
		names[Pairs] = append(names[Pairs], r.String()+r.String())
	}
	names[Pairs] = append(names[Pairs], "AA")
	return names
}()

// chooseCode picks the best legal action of a cell and its printed fallback,
// and sets the margin. ndasBest, if not NoAction, is the best action of the
// same cell when doubling after a split is not allowed.
func (c *Cell) chooseCode(ndasBest Action) {
	best, second := NoAction, NoAction
	for _, a := range Actions {
		if !c.Legal[a] {
			continue
		}
		switch {
		case best == NoAction || c.EV[a] > c.EV[best]:
			best, second = a, best
		case second == NoAction || c.EV[a] > c.EV[second]:
			second = a
		}
	}
	c.Code = Code{Best: best}
	for _, a := range Actions {
		c.Cost[a] = 0
		if c.Legal[a] {
			c.Cost[a] = c.EV[best] - c.EV[a]
		}
	}
	c.Margin = math.Inf(1)
	if second != NoAction {
		c.Margin = c.EV[best] - c.EV[second]
	}
	bestOf := func(actions ...Action) Action {
		b := NoAction
		for _, a := range actions {
			if c.Legal[a] && (b == NoAction || c.EV[a] > c.EV[b]) {
				b = a
			}
		}
		return b
	}
	switch best {
	case Double:
		c.Code.Fallback = bestOf(Hit, Stand)
	case Surrender:
		c.Code.Fallback = bestOf(Hit, Stand, Double, Split)
	case Split:
		if ndasBest != NoAction && ndasBest != Split {
			c.Code.Fallback = ndasBest
		}
	}
}
