package sim

import (
	"math"

	"bjchart/solve"
	"bjchart/solve/casino"
)

// A SidePlay is a side bet every player places beside the main bet, a
// unit a time: every round, or, with Trigger, where the bet's count
// (TrueCount, read from the cards not seen before the deal: the burn
// card among them) is at least Trigger, whatever count the main game
// goes by.
type SidePlay struct {
	Name      string // as a report names it: "21+3 (100-40-30-10-5)"
	Bet       casino.SideBet
	Trigger   *float64
	TrueCount func(unseen [10]int) float64
	CountName string // the count TrueCount reads, as a report names it
}

// A SideValuer values a side bet on the cards a player has not seen (by
// value-1): its return, a fraction of the stake. A side bet that is one
// has each placing's exact value summed (SideTally.EV).
type SideValuer interface {
	Value(unseen [10]int) float64
}

// A SideTally sums a side bet's placings: how many, what they won (in
// stakes) and its square, and, where the bet is valued, the sum of each
// placing's exact return on the cards not seen.
type SideTally struct {
	Placed     int64
	Net, Net2  float64
	EV         float64
	EVs        int64 // placings valued
	Rounds     int64 // rounds dealt to the players, placed or not
	Triggering bool  `json:",omitempty"` // placed only at or above a trigger
}

// SideEstimate returns a side bet's return per placing (a fraction of
// the stake) and its standard error: by batch means over the streams
// (shards) where the run kept them, rounds of one shoe not being
// independent, else over placings.
func (r Result) SideEstimate() (ev, se float64, ok bool) {
	s := r.Side
	if s == nil || s.Placed == 0 {
		return 0, 0, false
	}
	ev = s.Net / float64(s.Placed)
	if se, ok := r.sideRatioSE(ev, func(st Stream) float64 { return float64(st.SidePlaced) }); ok {
		return ev, se, true
	}
	n := float64(s.Placed)
	v := (s.Net2 - s.Net*s.Net/n) / max(n-1, 1)
	return ev, math.Sqrt(max(v, 0) / n), true
}

// SidePerRound returns what the side bet won per round dealt to the
// players (placed or not), in stakes, and its standard error by batch
// means over the streams (false without enough of them).
func (r Result) SidePerRound() (w, se float64, ok bool) {
	s := r.Side
	if s == nil || s.Rounds == 0 {
		return 0, 0, false
	}
	w = s.Net / float64(s.Rounds)
	se, ok = r.sideRatioSE(w, func(st Stream) float64 { return float64(st.Rounds) })
	return w, se, ok
}

// sideRatioSE is the standard error of the ratio estimate x of the side
// bet's net over a denominator, by batch means over the streams.
func (r Result) sideRatioSE(x float64, denom func(Stream) float64) (float64, bool) {
	k := len(r.Streams)
	if k < MinBatches {
		return 0, false
	}
	total, v := 0.0, 0.0
	for _, st := range r.Streams {
		d := st.SideNet - x*denom(st)
		v += d * d
		total += denom(st)
	}
	mean := total / float64(k)
	return math.Sqrt(v/float64(k-1)/float64(k)) / mean, true
}

// merge adds o's sums to t's.
func (t *SideTally) merge(o *SideTally) {
	t.Placed += o.Placed
	t.Net += o.Net
	t.Net2 += o.Net2
	t.EV += o.EV
	t.EVs += o.EVs
	t.Rounds += o.Rounds
	t.Triggering = t.Triggering || o.Triggering
}

// A PlayTable is the round engine's table with one player who plays a
// strategy as the simulator plays it: another package's own simulation
// (the side bets' counter) deals its rounds through it.
type PlayTable struct{ t *table }

// NewPlayTable seats a player of the strategy at a table of the rules
// dealing from the shoe.
func NewPlayTable(r solve.Rules, s *casino.Shoe, strategy Strategy) *PlayTable {
	return &PlayTable{t: newTable(r, s, []Player{{Strategy: strategy}})}
}

// Table returns the round engine's table: its round once played, the
// side bets placed with the next deal (SideBets).
func (p *PlayTable) Table() *casino.Table { return p.t.Table }

// Round plays a round of a unit bet (insurance declined) and returns the
// player's net on the main bet.
func (p *PlayTable) Round() float64 {
	var o outcome
	p.t.round(unitBet[:], &o)
	return p.t.Seats[0].Net
}

// unitBet is one player's bet of a unit.
var unitBet = [1]float64{1}
