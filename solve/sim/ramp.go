package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/count"
)

// A ramp's bounds: a bet of 10^6 units squared over 10^15 rounds stays far
// inside a float's range (1e308 overflowed the sums to NaN); counts beyond
// a few hundred are never reached.
const (
	MaxBet       = 1e6
	MaxRampCount = 1000
)

// ParseRamp reads a bet ramp, "COUNT:BET,...", e.g. "-100:1,2:2,3:4,4:8":
// bet BET from COUNT up, the counts rising from step to step.
func ParseRamp(s string) ([]Step, error) {
	var ramp []Step
	for _, f := range strings.Split(s, ",") {
		c, b, ok := strings.Cut(strings.TrimSpace(f), ":")
		from, err := strconv.ParseFloat(c, 64)
		bet, err2 := strconv.ParseFloat(b, 64)
		if !ok || err != nil || err2 != nil || !(bet >= 0 && bet <= MaxBet) || !(math.Abs(from) <= MaxRampCount) {
			return nil, fmt.Errorf("%q: want COUNT:BET with a count from -%d to %d and a bet from 0 (sit out) to %g units, e.g. 2:4", f, MaxRampCount, MaxRampCount, float64(MaxBet))
		}
		if len(ramp) > 0 && from <= ramp[len(ramp)-1].From {
			return nil, fmt.Errorf("%q: counts must rise from step to step", f)
		}
		ramp = append(ramp, Step{From: from, Bet: bet})
	}
	return ramp, nil
}

// ParseCount reads a built-in count's name or tags "A=-1,2=1,..."
// (count.ParseSystem) as the simulator's count for a shoe of decks.
func ParseCount(s string, decks int) (*Count, error) {
	sys, err := count.ParseSystem(s)
	if err != nil {
		return nil, err
	}
	c := &Count{Name: sys.Name, Tags: sys.Tags, Balanced: sys.Balanced()}
	if !c.Balanced {
		c.IRC = sys.IRC(decks) // 4 - 4 x decks for the +4-per-deck counts
	}
	return c, nil
}

// MaxPays is the most a round can win per unit wagered under the rules:
// the largest of a blackjack's, a Charlie's or bonus 21's payout and
// insurance's 2:1 (Result.Check's bound).
func MaxPays(r solve.Rules) float64 {
	m := max(2, r.BlackjackPays.Float())
	for cards := 2; cards <= 21; cards++ {
		m = max(m, r.WinPays(21, cards), r.WinPays(20, cards))
	}
	return m
}

// IndexPlays turns index decisions and their indices (at[i] for ds[i]; NaN
// where no crossing was found, and the chart plays) into the simulator's
// index plays and the insurance index (+Inf if none is given). Soft hands'
// and multi-card indices are not among the simulator's plays and are left
// out by the caller.
func IndexPlays(ds []count.Decision, at []float64) ([]IndexPlay, float64) {
	var plays []IndexPlay
	insure := math.Inf(1)
	for i, d := range ds {
		if math.IsNaN(at[i]) {
			continue // no crossing found: the chart plays
		}
		base, _ := solve.ParseAction(d.Base) // "play": NoAction, the chart's play unless it surrenders
		play, _ := solve.ParseAction(d.Play)
		x := IndexPlay{Up: int(d.Up), Base: base, Play: play, At: at[i]}
		switch d.Table {
		case "insurance":
			insure = at[i]
			continue
		case "pair":
			pair, err := solve.ParseRank(d.Hand[:1])
			if err != nil {
				continue
			}
			x.Pair = int(pair)
		default:
			x.Total, _ = strconv.Atoi(d.Hand)
		}
		plays = append(plays, x)
	}
	return plays, insure
}
