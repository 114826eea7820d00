package sim

import (
	"bjchart/solve"
	"bjchart/solve/casino"
)

// hand is a player's hand at the table (the round engine's).
type hand = casino.Hand

// table seats the simulator's players at the round engine's table and
// answers each decision the round asks from the player's strategy.
type table struct {
	*casino.Table
	r       solve.Rules
	shoe    *casino.Shoe
	count   *Count             // the count every card dealt is counted by, if any
	players []Player           // who sits where
	seatRes *[MaxPlayers]Tally // where each player's rounds are summed, if anywhere
	live    []bool             // by player: a liveStrategy, which decides at its turn

	// up is the dealer's up card's value, what every strategy reads.
	up int
	// watch, if set, is told of each round once settled, with the
	// insurance answers and the plays made in it, in order (a test's
	// view of the simulator's rounds).
	watch   func(t *casino.Table, insured []bool, plays []solve.Action)
	insured []bool
	plays   []solve.Action
	// sideStakes are each player's side bet (a unit on Config.Side's),
	// placed by placeSide; sideValuer values it on the cards unseen, and
	// sideEV is its value for the round's placings.
	sideStakes [][]casino.SideStake
	sideValuer SideValuer
	sideEV     float64
}

func newTable(r solve.Rules, s *casino.Shoe, players []Player) *table {
	t := &table{Table: casino.NewTable(r, s), r: r, shoe: s, players: players, live: make([]bool, len(players))}
	for i, p := range players {
		_, t.live[i] = p.Strategy.(liveStrategy)
	}
	return t
}

// outcome is one round's result, summed over the players at the table.
type outcome struct {
	net     float64 // won (+) or lost (-), in units of the bet
	wagered float64
	hands   int
	// wins, pushes and losses count the players whose round ended so.
	wins, pushes, losses int
	// The side bet: its placings, their net (in stakes) and its square,
	// and where it is valued the placings' exact returns.
	sidePlaced        int64
	sideNet, sideNet2 float64
	sideEV            float64
	sideValued        bool
}

// round plays one round for every player with a bet (bets[i] for player
// i; 0 sits the round out) and sets o to the sums.
func (t *table) round(bets []float64, o *outcome) {
	c := t.Table
	c.Deal(bets)
	t.up = c.Up().Value()
	if t.watch != nil {
		t.roundWatched(o)
		return
	}
	for c.Phase != casino.Betting {
		if c.Phase == casino.Insuring {
			c.Insure(t.insures())
			continue
		}
		c.Play(t.decide())
	}
	t.sum(o)
}

// roundWatched finishes round as round does, and tells watch of it.
func (t *table) roundWatched(o *outcome) {
	c := t.Table
	t.insured, t.plays = t.insured[:0], t.plays[:0]
	for c.Phase != casino.Betting {
		if c.Phase == casino.Insuring {
			take := t.insures()
			t.insured = append(t.insured, take)
			c.Insure(take)
			continue
		}
		a := t.decide()
		t.plays = append(t.plays, a)
		c.Play(a)
	}
	t.sum(o)
	t.watch(c, t.insured, t.plays)
}

// insures says whether the seat in turn takes insurance: at or above its
// player's insurance index, where the player counts.
func (t *table) insures() bool {
	at := t.players[t.Seats[t.Turn].Player].InsureAt
	return at != nil && t.count != nil && t.insuranceCount() >= *at
}

// decide returns the play of the hand in play by its player's strategy,
// and the player's index plays where the player counts.
func (t *table) decide() solve.Action {
	c := t.Table
	h := c.InPlay()
	pl := &t.players[c.Seats[c.Turn].Player]
	strat := pl.Strategy
	if h.RescueAsked {
		if r, ok := strat.(rescuer); ok && r.rescue(t, h) {
			return solve.Surrender // the double taken back
		}
		return solve.Stand
	}
	if h.N == 2 && !h.Split {
		a, b := h.Cards[0].Value(), h.Cards[1].Value()
		a, b = min(a, b), max(a, b)
		act := strat.first(t, a, b, false, t.firstOptions(a, b))
		switch {
		case len(pl.Indices) == 0 || t.count == nil:
		case pl.IndexScope == IndexFirstPlay:
			total, soft := twoCards(a, b)
			act = t.indexPlay(pl.Indices, a, b, t.up, total, soft, act, t.insuranceCount())
		default:
			act = t.printedFirstPlay(pl.Indices, a, b, t.up, act, t.insuranceCount())
		}
		return act
	}
	var printed []IndexPlay // taken wherever the card prints them: split hands, hits after the first
	if len(pl.Indices) > 0 && t.count != nil && pl.IndexScope == IndexWherePrinted {
		printed = pl.Indices
	}
	if h.N == 2 {
		if c.Allows(solve.Split) {
			return solve.Split // a pair card drawn to a split hand is split off while the limit allows, as the solver values splits
		}
		a, b := h.Cards[0].Value(), h.Cards[1].Value()
		opts := options{double: c.Allows(solve.Double)}
		act := strat.first(t, min(a, b), max(a, b), true, opts)
		if printed != nil {
			act = t.printedSplitPlay(printed, h, act, opts.double, t.insuranceCount())
		}
		return act
	}
	if t.r.DoubleAny && c.Allows(solve.Double) {
		if d, ok := strat.(moreDoubler); ok && d.doubleMore(t, h) {
			return solve.Double
		}
	}
	hit := strat.hit(t, h)
	if printed != nil {
		hit = t.printedHit(printed, h, hit, t.insuranceCount())
	}
	if hit {
		return solve.Hit
	}
	return solve.Stand
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
func (t *table) printedSplitPlay(indices []IndexPlay, h *hand, act solve.Action, mayDouble bool, count float64) solve.Action {
	total, soft := h.Total()
	if soft || total >= 21 {
		return act
	}
	for _, x := range indices {
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
func (t *table) printedHit(indices []IndexPlay, h *hand, hit bool, count float64) bool {
	total, soft := h.Total()
	if soft || total >= 21 {
		return hit
	}
	for _, x := range indices {
		if x.Pair != 0 || x.Total != total || x.Up != t.up || !(x.Play == solve.Stand && x.Base == solve.Hit || x.Play == solve.Hit && x.Base == solve.Stand) {
			continue
		}
		if count >= x.At {
			return x.Play == solve.Hit
		}
		return x.Base == solve.Hit
	}
	return hit
}

// insuranceCount is the count the insurance decision (and every index
// play) goes by: the cards seen so far, a hole card drawn face down not
// among them.
func (t *table) insuranceCount() float64 {
	s := t.shoe
	rc, left := s.RunningCount(), s.Left()
	if t.HoleDown {
		rc -= t.count.Tags[t.Hole.Value()]
		left++
	}
	if !t.count.Balanced {
		return rc
	}
	return t.count.TrueCount(rc, max(left, 1))
}

func isBlackjack(up, hole int) bool { return up == 1 && hole == 10 || up == 10 && hole == 1 }

// sum sets o to the players' rounds added up, and their insurance (kept
// out of the win, push and loss counts).
func (t *table) sum(o *outcome) {
	*o = outcome{sideValued: t.sideValuer != nil}
	for i := range t.Seats {
		p := &t.Seats[i]
		net, wagered := p.Net+p.InsuranceNet, p.Wagered+p.Insurance
		o.net += net
		o.wagered += wagered
		if t.seatRes != nil { // each player's part apart
			t.seatRes[p.Player].add(net, wagered)
		}
		o.hands += max(1, p.Hands[1]-p.Hands[0])
		for _, sb := range p.Side {
			o.sidePlaced++
			o.sideNet += sb.Net
			o.sideNet2 += sb.Net * sb.Net
			o.sideEV += t.sideEV
		}
		switch {
		case p.Net > 0:
			o.wins++
		case p.Net < 0:
			o.losses++
		default:
			o.pushes++
		}
	}
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

// A moreDoubler may double hands of three or more cards (DANY).
type moreDoubler interface {
	doubleMore(t *table, h *hand) bool
}

// A rescuer may rescue a doubled hand (RESCUE).
type rescuer interface {
	rescue(t *table, h *hand) bool
}

// setSide seats the side bet: a unit on it for each of the players.
func (t *table) setSide(play *SidePlay, players int) {
	t.sideStakes = make([][]casino.SideStake, players)
	for p := range t.sideStakes {
		t.sideStakes[p] = []casino.SideStake{{Bet: play.Bet, Stake: 1}}
	}
	t.sideValuer, _ = play.Bet.(SideValuer)
}

// placeSide places the side bet with the next deal where the players
// play and its count, if it has a trigger, has reached it; valued on the
// cards unseen where it is placed and can be.
func (t *table) placeSide(play *SidePlay, playing bool) {
	on := playing
	var unseen [10]int
	if on && (play.Trigger != nil || t.sideValuer != nil) {
		t.shoe.StartRound() // the deal's shoe: a shuffle due comes first
		unseen = t.shoe.Unseen()
		on = play.Trigger == nil || play.TrueCount(unseen) >= *play.Trigger
	}
	if !on {
		t.SideBets = nil
		return
	}
	t.SideBets = t.sideStakes
	if t.sideValuer != nil {
		t.sideEV = t.sideValuer.Value(unseen)
	}
}
