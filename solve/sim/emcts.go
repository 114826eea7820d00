package sim

import (
	"bjchart/solve/casino"
	"fmt"
	"math"
	"math/rand/v2"

	"bjchart/solve"
)

// Reward is what a playout of the extended Monte-Carlo tree search
// returns for the searched hand's result.
type Reward int

const (
	// WinLose rewards a won hand 1 and anything else (a push, a loss) 0:
	// the mean reward is the win rate (Itoh 2023, eMCTS-WinLose).
	WinLose Reward = iota
	// Table7 rewards by Itoh 2023's table 7: double won 8, blackjack 7,
	// won 6, push 4, surrendered 3, lost 2, double lost 0. That is 4 + 2 x
	// the net result in bets, so its mean ranks plays by EV; a split's two
	// hands count together (4 + 2 x their summed net).
	Table7
)

func (r Reward) String() string { return [...]string{"winlose", "table7"}[r] }

// Tree is the shape of the search tree.
type Tree int

const (
	// ActionTree's arcs are actions only (Itoh 2023's eMCTS): a hit's
	// child holds every card the hit drew.
	ActionTree Tree = iota
	// CardTree adds a chance node after every hit with a child per rank
	// drawn (the patience-game search Itoh's grew from, makeOpenBranch):
	// the tree branches on what the deck deals.
	CardTree
)

func (t Tree) String() string { return [...]string{"actions", "cards"}[t] }

// Backup is how a node's value is had from the playouts below it.
type Backup int

const (
	// MeanBackup averages every playout through a node into it (UCT's
	// mean, Itoh 2023's eMCTS).
	MeanBackup Backup = iota
	// MaxBackup gives a node where the player chooses its best child's
	// value and a chance node its children's values weighted by Chance
	// (the patience-game search's recountSuccess); a leaf keeps the mean
	// of its playouts.
	MaxBackup
)

func (b Backup) String() string { return [...]string{"mean", "max"}[b] }

// Chance weighs the children of a chance node under MaxBackup.
type Chance int

const (
	// VisitWeights weighs each rank's child by how often the search dealt
	// it there (what the patience-game search does).
	VisitWeights Chance = iota
	// ExactWeights weighs it by the rank's exact chance given the cards
	// unseen at that node.
	ExactWeights
)

func (c Chance) String() string { return [...]string{"visits", "exact"}[c] }

// EMCTSParams are the search's settings; zero values take the paper's.
type EMCTSParams struct {
	Playouts  int     // per decision (the paper: 10,000)
	C         float64 // UCB's exploration constant (equation 4)
	Threshold int     // a leaf is expanded once it has this many playouts (the paper: 5)
	Reward    Reward
	Tree      Tree
	Backup    Backup
	Chance    Chance // with MaxBackup and CardTree
}

// String names the tree's settings: "actions/mean", "cards/max/exact".
func (p EMCTSParams) String() string {
	s := p.Tree.String() + "/" + p.Backup.String()
	if p.Tree == CardTree && p.Backup == MaxBackup {
		s += "/" + p.Chance.String()
	}
	return s
}

// EMCTS plays by the extended Monte-Carlo tree search of Itoh 2023 (Itoh
// 2023, section 5). Each decision is a search from the player's real hand:
//
//   - Arcs are actions: stand, hit, double, surrender and split (no
//     resplit) at the root as the hand allows; stand and hit after a hit.
//     The tree is over actions, not cards: the card a hit draws differs
//     from descent to descent.
//   - Before every descent the hole card and the order of the unseen
//     cards are sampled afresh (a peek game's hole card never makes a
//     blackjack: the player knows the dealer has none).
//   - Children are chosen by UCB_v = mean_v + C sqrt(2 ln n / n_v).
//   - A leaf is expanded once it has Threshold playouts; each new child
//     gets one playout at once.
//   - The extension: a hit that busts ends the descent there, with a
//     playout (a lost hand: its reward is settled without dealing on).
//   - A playout finishes the round by basic strategy (the chart): this
//     hand, this player's split hands still waiting, the later players'
//     hands, then the dealer. Only the searched hand's result is its
//     reward (a split's, both hands').
//   - The action with the most playouts at the root is played.
//
// Two details the paper leaves open are settled so: the playouts an
// expansion runs on its new children continue the same descent's cards
// up to the node and draw the rest afresh; and every playout counts
// towards the budget, the expansion's and the extension's included.
type EMCTS struct {
	EMCTSParams
	r     solve.Rules
	chart *Chart

	// One shard's state.
	rng   *rand.PCG
	play  *table // the playouts' table, dealing from deck, every seat played by the chart
	deck  *casino.Shoe
	nodes []node
	path  []int32
	// The position searched: the cards unseen (deck's), the hole card of
	// the playout, the player's split hands waiting for their second card
	// and the later players' first two cards.
	unseen  [10]int
	hole    casino.Card
	waiting int
	later   [][2]casino.Card
	acts    [5]solve.Action
	// rootCounts are the searched hand's cards at the root, by rank.
	rootCounts [10]uint8
}

var standOrHit = [...]solve.Action{solve.Stand, solve.Hit}

// A node of the search tree: the action that led to it and the playouts
// through it.
type node struct {
	act   solve.Action
	n     int32
	sum   float64 // of the rewards
	value float64 // under MaxBackup: the node's value (see Backup); else unused
	p     float64 // a rank's child of a chance node: the rank's exact chance there
	first int32   // its first child in EMCTS.nodes; 0 for a leaf
	kids  int8
	// chance marks a chance node (CardTree: a hit's node, whose kids are
	// the ten ranks, A first).
	chance bool
	// end marks a rank's child where the hand has busted or made a
	// Charlie: nothing is decided there.
	end bool
}

// NewEMCTS returns the search for the rules, its playouts played by chart.
func NewEMCTS(r solve.Rules, chart *Chart, p EMCTSParams) (*EMCTS, error) {
	if p.Playouts == 0 {
		p.Playouts = 10000
	}
	if p.Threshold == 0 {
		p.Threshold = 5
	}
	switch {
	case p.Playouts < 1:
		return nil, fmt.Errorf("eMCTS: %d playouts; want at least 1", p.Playouts)
	case p.C < 0 || math.IsNaN(p.C) || math.IsInf(p.C, 0):
		return nil, fmt.Errorf("eMCTS: C %v; want a constant of 0 or more", p.C)
	case p.Threshold < 1:
		return nil, fmt.Errorf("eMCTS: threshold %d; want at least 1", p.Threshold)
	case p.Reward != WinLose && p.Reward != Table7:
		return nil, fmt.Errorf("eMCTS: unknown reward %d", p.Reward)
	case p.Tree != ActionTree && p.Tree != CardTree, p.Backup != MeanBackup && p.Backup != MaxBackup,
		p.Chance != VisitWeights && p.Chance != ExactWeights:
		return nil, fmt.Errorf("eMCTS: unknown tree %d, backup %d or chance weights %d", p.Tree, p.Backup, p.Chance)
	}
	e := &EMCTS{EMCTSParams: p, r: r, chart: chart}
	if err := e.check(r); err != nil {
		return nil, err
	}
	return e.forShard(0, 0).(*EMCTS), nil
}

func (e *EMCTS) check(r solve.Rules) error { return EMCTSRules(r) }

// EMCTSRules says why the tree search cannot play rules r, or is nil.
func EMCTSRules(r solve.Rules) error {
	switch {
	case r.Infinite():
		return fmt.Errorf("sim: eMCTS samples the unseen cards of a finite shoe; give a number of decks")
	case r.DoubleAny || r.Rescue:
		return fmt.Errorf("sim: eMCTS does not play DANY or RESCUE; the chart strategy plays these rules (it doubles two cards only and never rescues)")
	case r.Surrender == solve.EarlySurrender:
		return fmt.Errorf("sim: eMCTS does not play early surrender (ES); use LS or NS")
	}
	return nil
}

func (e *EMCTS) forShard(seed, stream uint64) Strategy {
	f := &EMCTS{EMCTSParams: e.EMCTSParams, r: e.r, chart: e.chart}
	f.rng = &rand.PCG{}
	f.deck = casino.NewDeck(f.rng)
	f.reseed(seed, stream)
	chart := make([]Player, MaxPlayers+1)
	for i := range chart {
		chart[i].Strategy = e.chart
	}
	f.play = newTable(e.r, f.deck, chart)
	// The tree grows by append as a search needs it (nodes are addressed
	// by index): a budget of 10^8 playouts reserved 1.28 GB a shard up
	// front. Once grown, a shard's later decisions allocate nothing.
	f.nodes = make([]node, 0, min(2*f.Playouts/f.Threshold+16, 1<<12))
	return f
}

// reseed starts the search's random numbers afresh: stream of seed.
func (e *EMCTS) reseed(seed, stream uint64) {
	e.rng.Seed(seed^0x9e3779b97f4a7c15, stream) // apart from the shoes' streams
	e.deck.Reseeded()
}

func (e *EMCTS) first(t *table, a, b int, splitHand bool, o options) solve.Action {
	e.setUp(t)
	return e.searchFirst(a, b, splitHand, o)
}

// searchFirst searches a two-card hand's first play, the position set up.
func (e *EMCTS) searchFirst(a, b int, splitHand bool, o options) solve.Action {
	if o.mustStand {
		return solve.Stand
	}
	acts := append(e.acts[:0], solve.Stand, solve.Hit)
	if o.double {
		acts = append(acts, solve.Double)
	}
	if o.surrender {
		acts = append(acts, solve.Surrender)
	}
	if o.split && !splitHand {
		acts = append(acts, solve.Split)
	}
	h := hand{Bet: 1}
	h.Add(casino.NewCard(a, 0))
	h.Add(casino.NewCard(b, 0))
	return e.search(h, acts)
}

func (e *EMCTS) hit(t *table, h *hand) bool {
	e.setUp(t)
	mine := hand{Bet: 1}
	for _, c := range h.Cards[:h.N] {
		mine.Add(c)
	}
	return e.searchHit(mine)
}

// searchHit searches whether a hand that has hit hits again, the
// position set up.
func (e *EMCTS) searchHit(h hand) bool {
	if total, _ := h.Total(); h.Sum >= 21 || total == 21 && e.r.Charlie == 0 {
		return false // a soft 21 is searched only where hitting it may make a Charlie
	}
	return e.search(h, append(e.acts[:0], solve.Stand, solve.Hit)) == solve.Hit
}

// setUp reads the position from the table: the up card, the unseen
// cards, the hole card's rule and the hands still to be played.
func (e *EMCTS) setUp(t *table) {
	e.play.up = t.up
	e.unseen = t.Unseen()
	e.deck.SetCards(e.unseen)
	e.waiting = t.Waiting()
	e.later = e.later[:0]
	for i := t.Turn + 1; i < len(t.Seats); i++ {
		if p := &t.Seats[i]; !p.Done && !p.Blackjack && p.First != solve.Surrender {
			e.later = append(e.later, [2]casino.Card{p.A, p.B})
		}
	}
}

// Decide searches a position on a full or depleted shoe with no other
// hands at the table: the hand's cards against up, unseen the cards
// neither seen nor dealt (the hole card among them), with what the hand
// may do (double, surrender, split as the rules allow a first decision;
// only stand or hit for three or more cards).
func (e *EMCTS) Decide(cards []solve.Rank, up solve.Rank, unseen [10]int) solve.Action {
	e.play.up = int(up)
	e.unseen = unseen
	e.deck.SetCards(unseen)
	e.waiting, e.later = 0, e.later[:0]
	if len(cards) == 2 {
		a, b := int(min(cards[0], cards[1])), int(max(cards[0], cards[1]))
		return e.searchFirst(a, b, false, e.play.firstOptions(a, b))
	}
	h := hand{Bet: 1}
	for _, c := range cards {
		h.Add(casino.NewCard(int(c), 0))
	}
	if e.searchHit(h) {
		return solve.Hit
	}
	return solve.Stand
}

// search runs the playouts from hand h and returns the action with the
// most of them at the root.
func (e *EMCTS) search(h hand, acts []solve.Action) solve.Action {
	e.nodes = append(e.nodes[:0], node{})
	e.path = append(e.path[:0], 0)
	e.rootCounts = h.Counts()
	done := 0
	e.sample()
	e.expand(0, h, acts, &done, e.deck.Dealt()) // Step 0: the root's children, one playout each
	for done < e.Playouts {
		e.sample()
		e.descend(h, &done)
	}
	root := e.nodes[0]
	best := root.first
	for k := root.first; k < root.first+int32(root.kids); k++ {
		if e.nodes[k].n > e.nodes[best].n {
			best = k
		}
	}
	return e.nodes[best].act
}

// sample deals the hole card afresh and makes the unseen cards' order
// random again (the deck is shuffled as it is dealt).
func (e *EMCTS) sample() {
	for {
		e.deck.Rewind(0)
		e.hole = e.deck.Draw()
		if e.r.HoleCard != solve.Peek || !isBlackjack(e.play.up, e.hole.Value()) {
			return
		}
	}
}

// descend walks from the root by UCB, extends the tree or plays out, and
// backs the rewards up the path.
func (e *EMCTS) descend(h hand, done *int) {
	e.path = append(e.path[:0], 0)
	at := int32(0)
	for {
		k := e.choose(at)
		e.path = append(e.path, k)
		nd := &e.nodes[k]
		if nd.act != solve.Hit {
			e.backup(e.playout(h, nd.act), done)
			return
		}
		before := h
		c := e.deck.Draw()
		h.Add(c)
		if e.Tree == CardTree { // on to the child of the rank drawn
			if nd.first == 0 {
				e.chanceKids(k, before)
				nd = &e.nodes[k]
			}
			k = nd.first + int32(c.Value()) - 1
			e.path = append(e.path, k)
			nd = &e.nodes[k]
		}
		switch total, _ := h.Total(); {
		case total > 21 || casino.Charlie(e.r, &h): // the extension: a bust (or a Charlie) is a playout here
			nd.end = e.Tree == CardTree // a rank's node; an action node holds other cards too
			e.backup(e.playout(h, solve.Hit), done)
			return
		case nd.first == 0 && nd.n >= int32(e.Threshold):
			e.expand(k, h, standOrHit[:], done, e.deck.Dealt())
			return
		case nd.first == 0:
			e.backup(e.playout(h, solve.Hit), done)
			return
		}
		at = k
	}
}

// peekExcludes returns the rank the hole card cannot be (a peek game
// against an ace or a ten: the dealer has no blackjack), or 0.
func (e *EMCTS) peekExcludes() int {
	switch {
	case e.r.HoleCard != solve.Peek:
		return 0
	case e.play.up == 1:
		return 10
	case e.play.up == 10:
		return 1
	}
	return 0
}

// drawChances returns each rank's chance of being the next card drawn
// from the unseen cards left (the hole card among them, which is dealt
// first), when the hole card is known not to be rank b (0: no rank).
func drawChances(left [10]int, b int) [10]float64 {
	var p [10]float64
	n := 0
	for _, c := range left {
		n += c
	}
	if n < 2 {
		return p
	}
	holes := n // the hole cards allowed
	if b > 0 {
		holes -= left[b-1]
	}
	for r := range p {
		sum := 0.0
		for h, ch := range left {
			if h+1 == b || ch == 0 {
				continue
			}
			c := left[r]
			if h == r {
				c--
			}
			sum += float64(ch) * float64(c)
		}
		if holes > 0 {
			p[r] = sum / (float64(holes) * float64(n-1))
		}
	}
	return p
}

// chanceKids gives chance node k a child for each rank, with the rank's
// chance given the cards unseen there: the deck's unseen cards (the hole
// card among them) less those drawn to hand h (the hand before the hit)
// since the root. A node's
// cards are the same on every descent in the card tree.
func (e *EMCTS) chanceKids(k int32, h hand) {
	left, counts := e.unseen, h.Counts()
	for r := range left {
		left[r] -= int(counts[r]) - int(e.rootCounts[r])
	}
	for r := range left {
		left[r] = max(left[r], 0)
	}
	p := drawChances(left, e.peekExcludes())
	first := int32(len(e.nodes))
	for r := range left {
		e.nodes = append(e.nodes, node{act: solve.Hit, p: p[r]})
	}
	e.nodes[k].first, e.nodes[k].kids, e.nodes[k].chance = first, 10, true
}

// expand gives node k its children, one playout each from hand h, every
// playout continuing the deck from position pos.
func (e *EMCTS) expand(k int32, h hand, acts []solve.Action, done *int, pos int) {
	first := int32(len(e.nodes))
	for _, a := range acts {
		e.nodes = append(e.nodes, node{act: a})
	}
	e.nodes[k].first, e.nodes[k].kids = first, int8(len(acts))
	depth := len(e.path)
	for i := range acts {
		c := first + int32(i)
		e.path = append(e.path[:depth], c)
		e.deck.Rewind(pos)
		g := h
		if acts[i] == solve.Hit {
			card := e.deck.Draw()
			g.Add(card)
			if e.Tree == CardTree {
				e.chanceKids(c, h)
				rank := e.nodes[c].first + int32(card.Value()) - 1
				e.path = append(e.path, rank)
				if total, _ := g.Total(); total > 21 || casino.Charlie(e.r, &g) {
					e.nodes[rank].end = true
				}
			}
		}
		e.backup(e.playout(g, acts[i]), done)
	}
	e.path = e.path[:depth]
}

// choose returns the child of node k with the largest UCB value.
func (e *EMCTS) choose(k int32) int32 {
	nd := &e.nodes[k]
	logN := 2 * math.Log(float64(nd.n))
	best, bestU := nd.first, math.Inf(-1)
	for c := nd.first; c < nd.first+int32(nd.kids); c++ {
		ch := &e.nodes[c]
		n := float64(ch.n)
		v := ch.sum / n
		if e.Backup == MaxBackup {
			v = ch.value
		}
		if u := v + e.C*math.Sqrt(logN/n); u > bestU {
			best, bestU = c, u
		}
	}
	return best
}

// backup adds a playout's reward to every node on the path and, under
// MaxBackup, recomputes their values from the leaf up.
func (e *EMCTS) backup(r float64, done *int) {
	for _, k := range e.path {
		e.nodes[k].n++
		e.nodes[k].sum += r
	}
	*done++
	if e.Backup != MaxBackup {
		return
	}
	for i := len(e.path) - 1; i >= 0; i-- {
		nd := &e.nodes[e.path[i]]
		nd.value = nd.sum / float64(nd.n)
		if nd.first == 0 || nd.end {
			continue // a leaf: the mean of its playouts
		}
		if nd.chance {
			var sum, weight float64
			for c := nd.first; c < nd.first+int32(nd.kids); c++ {
				if ch := &e.nodes[c]; ch.n > 0 {
					w := float64(ch.n)
					if e.Chance == ExactWeights {
						w = ch.p
					}
					sum, weight = sum+w*ch.value, weight+w
				}
			}
			if weight > 0 {
				nd.value = sum / weight
			}
			continue
		}
		best := math.Inf(-1)
		for c := nd.first; c < nd.first+int32(nd.kids); c++ {
			if ch := &e.nodes[c]; ch.n > 0 {
				best = max(best, ch.value)
			}
		}
		if !math.IsInf(best, -1) {
			nd.value = best
		}
	}
}

// RootValue is the searched position's value after the last search, in
// reward units: under MaxBackup the root's (its best child's), else the
// mean of every playout.
func (e *EMCTS) RootValue() float64 {
	root := &e.nodes[0]
	if e.Backup == MaxBackup {
		return root.value
	}
	return root.sum / float64(root.n)
}

func (e *EMCTS) reward(net float64) float64 {
	if e.Reward == Table7 {
		return 4 + 2*net
	}
	if net > 0 {
		return 1
	}
	return 0
}

// playout finishes the round by the chart after act on hand h (a hit
// already drawn: the hand goes on as the chart plays it, unless it has
// busted or made a Charlie) on the round engine's table, and returns the
// reward of the searched hand's result: this hand, its player's split
// hands waiting, the later players' hands, then the dealer.
func (e *EMCTS) playout(h hand, act solve.Action) float64 {
	t := e.play
	t.Resume(h, e.waiting, e.later, casino.NewCard(t.up, 0), e.hole)
	if act != solve.Hit && t.Phase == casino.Deciding {
		t.Play(act)
	}
	for t.Phase == casino.Deciding {
		t.Play(t.decide())
	}
	return e.reward(t.Seats[0].Net)
}
