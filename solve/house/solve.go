package house

import "fmt"

// Result is what a play is worth: its expected value per point bet and the
// chances that the player wins and that the hand pushes.
type Result struct {
	EV, Win, Push float64
}

func (a *Result) addScaled(b Result, w float64) {
	a.EV += w * b.EV
	a.Win += w * b.Win
	a.Push += w * b.Push
}

// First is the player's first card: how likely it is, what the round is
// worth per point once it is seen (with best play after it), and the bet
// it deserves.
type First struct {
	P float64
	Result
	Bet int // BetMax when the first card's EV is positive, else BetMin
}

// Solution is a house game solved exactly.
type Solution struct {
	Rules Rules
	First [NRanks]First // by the player's first card; P = 0 for a rank not in the deck
	// ByUp is the round's value given the player's first card and the
	// dealer's up card (rows, then columns), with best play after.
	ByUp [NRanks][NRanks]Result

	// Flat is the round's value at a one-point bet: EV per point bet, and
	// the chances of a win and a push.
	Flat Result
	// Points is the round's value in points with the first card's best bet;
	// AvgBet is the mean bet, and PerPoint = Points/AvgBet.
	Points, AvgBet, PerPoint float64

	Chart Chart

	tables [NRanks]*table // by up card, with the best play of every hand met
}

// Chart holds the best play, weighed by how often each hand arises under
// that play: Weight[n][soft][total][up] is the chance of reaching such a
// hand and standing (index 0) or hitting (1). n is the card count, 6 for
// six or more. A cell may mix both when the best play depends on more
// than total and count (the cards' composition, a joker, the designed
// dealer's reading of the visible cards).
type Chart struct {
	Weight [7][2][22][NRanks][2]float64
}

// Solve solves the game: the player's best hit-or-stand play for every
// hand against every up card, given the cards the player holds and the
// up card (composition-dependent play in a finite shoe), and the best bet
// for each first card.
func Solve(r Rules) (*Solution, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return solveShoe(r, r.Shoe()), nil
}

// solveShoe solves r dealt from the shoe full (for an infinite deck, the
// shoe whose proportions the cards are drawn in).
func solveShoe(r Rules, full [NRanks]int) *Solution {
	sol := &Solution{Rules: r}
	size := 0
	for _, c := range full {
		size += c
	}
	var p [NRanks]float64
	for i, c := range full {
		p[i] = float64(c) / float64(size)
	}
	// chance returns the chance of the next card being rank x when the
	// cards in taken are gone.
	chance := func(x int, taken ...int) float64 {
		if r.Decks == 0 {
			return p[x]
		}
		n, left := full[x], size
		for _, t := range taken {
			left--
			if t == x {
				n--
			}
		}
		return float64(max(n, 0)) / float64(left)
	}
	for up := range NRanks {
		if full[up] == 0 {
			continue
		}
		t := newTable(&sol.Rules, up, full, p)
		sol.tables[up] = t
		var starts level // every two-card hand and its chance, for the chart
		for x := range NRanks {
			px := chance(x)
			pu := chance(up, x)
			for y := range NRanks {
				py := chance(y, x, up)
				if px*pu*py == 0 {
					continue
				}
				s := t.start(x, y)
				c := t.value(s)
				sol.First[x].Result.addScaled(c.res, pu*py)
				sol.ByUp[x][up].addScaled(c.res, py)
				sol.Flat.addScaled(c.res, px*pu*py)
				starts.add(s, px*pu*py)
			}
		}
		t.reach(&starts, &sol.Chart)
	}
	for x := range NRanks {
		f := &sol.First[x]
		f.P = chance(x)
		if f.P == 0 {
			continue
		}
		f.Bet = r.BetMin
		if f.EV > 0 {
			f.Bet = r.BetMax
		}
		sol.Points += f.P * float64(f.Bet) * f.EV
		sol.AvgBet += f.P * float64(f.Bet)
	}
	sol.PerPoint = sol.Points / sol.AvgBet
	return sol
}

// Hit reports whether the best play hits the hand holding cards (ranks,
// in the order dealt) against up. It may value hands the solve did not
// reach, so it is not safe for concurrent use.
func (s *Solution) Hit(cards []int, up int) bool {
	t := s.tables[up]
	var st state
	for _, c := range cards {
		st = t.add(st, c)
	}
	return t.value(st).hit
}

// state is a player's hand: its cards (tracked in a finite shoe only,
// where they change what is left), its hard total and count, and what
// the designed dealer sees of it.
type state struct {
	cards counts
	hard  int8
	n     int8
	ace   bool
	joker bool
	vis   visible
}

func (s state) hand() Hand {
	t, _ := best(int(s.hard), s.ace)
	return Hand{Total: t, Cards: int(s.n), Joker: s.joker}
}

// choice is the best play for a state and what it is worth.
type choice struct {
	res Result
	hit bool
}

// table solves the player's hands against one up card.
type table struct {
	r      *Rules
	up     int
	finite bool
	full   [NRanks]int     // the shoe less the up card (finite)
	p      [NRanks]float64 // draw chances (infinite)
	memo   map[state]choice
	built  finals               // the built dealer's final hands
	dists  map[policy][]float64 // infinite: dealer outcome chances by policy
	finals map[policy]*finals
	buf    []float64
}

func newTable(r *Rules, up int, full [NRanks]int, p [NRanks]float64) *table {
	t := &table{r: r, up: up, finite: r.Decks > 0, full: full, p: p,
		memo: map[state]choice{}, dists: map[policy][]float64{}, finals: map[policy]*finals{}}
	t.full[up]--
	return t
}

// start is the player's hand of first card x and second card y.
func (t *table) start(x, y int) state {
	return t.add(t.add(state{}, x), y)
}

// add returns s with a card of rank c drawn.
func (t *table) add(s state, c int) state {
	s.n++
	s.hard += int8(value(c))
	s.ace = s.ace || c == Ace
	s.joker = s.joker || c == Joker
	if t.finite {
		s.cards = s.cards.plus(c)
	}
	if t.r.Dealer == Designed {
		s.vis = s.vis.see(value(c), int(s.n))
	}
	return s
}

// shoe returns what is left to deal when the player holds s (finite).
func (t *table) shoe(s state) shoe {
	var sh shoe
	for r := range NRanks {
		sh.n[r] = t.full[r] - s.cards.of(r)
		sh.size += sh.n[r]
	}
	return sh
}

// draw returns the chance that the next card is rank c.
func (t *table) draw(s state, sh *shoe, c int) float64 {
	if !t.finite {
		return t.p[c]
	}
	return float64(sh.n[c]) / float64(sh.size)
}

// value returns the best play for s, by recursion over the cards the
// player may draw. Hands are memoised by state: in a finite shoe the
// player's cards fix what is left; in an infinite one the future depends
// only on the totals, the count, the joker and what the dealer sees.
func (t *table) value(s state) choice {
	if c, ok := t.memo[s]; ok {
		return c
	}
	var sh shoe
	if t.finite {
		sh = t.shoe(s)
	}
	var c choice
	if s.hand().Bust() {
		c.res = Result{EV: -t.bustCost(&sh)}
	} else {
		c.res = t.stand(s, &sh)
		var hit Result
		for r := range NRanks {
			if p := t.draw(s, &sh, r); p > 0 {
				hit.addScaled(t.value(t.add(s, r)).res, p)
			}
		}
		if hit.EV > c.res.EV {
			c = choice{hit, true}
		}
	}
	t.memo[s] = c
	return c
}

// bustCost is what a bust costs per point: the dealer wins with its first
// two cards, so a two-card 21 in the dealer's hand takes its multiplier.
func (t *table) bustCost(sh *shoe) float64 {
	var cost float64
	for hole := range NRanks {
		p := t.draw(state{}, sh, hole)
		if p == 0 {
			continue
		}
		two := counts(0).plus(t.up).plus(hole).hand(-1)
		cost += p * float64(t.r.Mult(two))
	}
	return cost
}

// stand returns what standing on s is worth against the dealer's final hands.
func (t *table) stand(s state, sh *shoe) Result {
	f, dist := t.dealer(s, sh)
	p := s.hand()
	var res Result
	for i, d := range f.outs {
		w := dist[i]
		if w == 0 {
			continue
		}
		v := t.r.Settle(p, d)
		res.EV += w * v
		switch {
		case v > 0:
			res.Win += w
		case v == 0:
			res.Push += w
		}
	}
	return res
}

// dealer returns the dealer's final hands, and their chances, against a
// player standing on s: the final hands under the dealer's policy against
// s (one policy for the built dealer), weighed by what is left in a finite
// shoe or by the draw chances of an infinite one.
func (t *table) dealer(s state, sh *shoe) (*finals, []float64) {
	pol := builtPolicy(t.r)
	if t.r.Dealer == Designed {
		pol = designedPolicy(s.vis, value(t.up))
	}
	f, ok := t.finals[pol]
	if !ok {
		limit := t.full
		if !t.finite {
			for r := range limit {
				limit[r] = 0
				if t.p[r] > 0 {
					limit[r] = 31
				}
			}
		}
		fs := dealerFinals(t.up, &pol, limit)
		f = &fs
		t.finals[pol] = f
		if !t.finite {
			t.dists[pol] = f.infiniteDist(&t.p)
		}
	}
	if t.finite {
		t.buf = f.dist(sh, t.buf)
		return f, t.buf
	}
	return f, t.dists[pol]
}

// level is a set of hands with their chances, kept in the order they
// were first added, so that sums over it, and the chart's plays where two
// kinds of hand weigh exactly the same (X,? against ?,X), are the same
// from run to run.
type level struct {
	order []state
	w     map[state]float64
}

func (l *level) add(s state, w float64) {
	if l.w == nil {
		l.w = map[state]float64{}
	}
	if _, ok := l.w[s]; !ok {
		l.order = append(l.order, s)
	}
	l.w[s] += w
}

// reach adds to the chart the chance of holding each hand in l (the
// two-card hands), and follows the best play through the hands they lead
// to, a card count at a time.
func (t *table) reach(l *level, ch *Chart) {
	for len(l.order) > 0 {
		var next level
		for _, s := range l.order {
			w := l.w[s]
			h := s.hand()
			if h.Bust() {
				continue
			}
			c := t.memo[s]
			_, soft := best(int(s.hard), s.ace)
			play := 0
			if c.hit {
				play = 1
			}
			ch.Weight[min(int(s.n), 6)][b2i(soft)][h.Total][t.up][play] += w
			if !c.hit {
				continue
			}
			var sh shoe
			if t.finite {
				sh = t.shoe(s)
			}
			for r := range NRanks {
				if p := t.draw(s, &sh, r); p > 0 {
					next.add(t.add(s, r), w*p)
				}
			}
		}
		l = &next
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Play returns the chart's play for a hand of n cards (6 for six or more)
// and total against up: 'S' or 'H' when one play covers every such hand,
// 's' or 'h' for the play of most of them when the best play varies, and
// 0 when no such hand arises.
func (c *Chart) Play(n int, soft bool, total, up int) byte {
	w := c.Weight[min(n, 6)][b2i(soft)][total][up]
	switch {
	case w[0] == 0 && w[1] == 0:
		return 0
	case w[1] == 0:
		return 'S'
	case w[0] == 0:
		return 'H'
	case w[1] > w[0]:
		return 'h'
	}
	return 's'
}

func (s *Solution) String() string {
	return fmt.Sprintf("%s: %+.4f per point flat, %+.4f per point bet", s.Rules, s.Flat.EV, s.PerPoint)
}
