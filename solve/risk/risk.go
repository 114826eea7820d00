// Package risk turns a counting game into a counter's decisions: the edge
// and variance at each true count, the bet ramp that makes the most of
// them within a table's limits, and what that ramp wins, how much it
// swings and how likely it is to lose a bankroll. It uses only the
// standard library.
//
// Formulas (money per round; W the win rate, V the variance, B a bank):
//
//	DI = 1000 W/SD, SCORE = 10^6 (W/SD)^2 = DI^2, N0 = V/W^2 (as the
//	simulator reports them), the certainty equivalent W - V/(2B) (a
//	log-utility bettor's, for bets small beside B), the risk of ruin
//	exp(-2WB/V) (the diffusion approximation: Blackjack Attack, ch. 4), the
//	bankroll for a risk r, -ln(r) V/(2W), and the chance of losing B within
//	n rounds, Phi((-B-Wn)/(SD sqrt n)) + exp(-2WB/V) Phi((-B+Wn)/(SD sqrt n))
//	(the first passage of a Brownian motion with drift).
//
// Bets are Kelly-proportional (Kelly 1956; Thorp): at each count, the edge
// over the variance, scaled (all bets by one factor, which leaves the
// SCORE as it is) and held to the table's minimum and maximum.
package risk

import (
	"fmt"
	"math"
)

// A Bin is one true count's game, per unit (initial) bet.
type Bin struct {
	Count int     // floored true count; the ends take every count beyond
	Freq  float64 // the share of rounds dealt at it
	Edge  float64 // the EV per round the ramp is decided on
	Var   float64 // the variance of a round's result
}

// A Table is what the ramp may bet: from Min to Max (money), in steps of
// Chip above Min; at counts below WongOut (if set) it sits out, betting 0.
type Table struct {
	Min, Max, Chip float64
	WongOut        *float64
}

// Check reports what is wrong with a table.
func (t Table) Check() error {
	switch {
	case !(t.Min > 0) || t.Min > 1e9:
		return fmt.Errorf("minimum bet %v: want more than 0", t.Min)
	case !(t.Max >= t.Min) || t.Max > 1e4*t.Min:
		return fmt.Errorf("maximum bet %v: want from the minimum %v to 10,000 times it", t.Max, t.Min)
	case !(t.Chip > 0) || t.Chip > t.Max:
		return fmt.Errorf("chip %v: want more than 0 and at most the maximum bet", t.Chip)
	case (t.Max-t.Min)/t.Chip > 1e6:
		return fmt.Errorf("chip %v: at most a million steps from %v to %v", t.Chip, t.Min, t.Max)
	}
	return nil
}

// Moments are a ramp's result per round: win rate W and variance V.
func Moments(bins []Bin, bets []float64) (w, v float64) {
	var m2 float64
	for i, b := range bins {
		w += b.Freq * bets[i] * b.Edge
		m2 += b.Freq * bets[i] * bets[i] * (b.Var + b.Edge*b.Edge)
	}
	return w, m2 - w*w
}

// Score is a ramp's SCORE, 10^6 (W/SD)^2, and 0 where it loses.
func Score(bins []Bin, bets []float64) float64 {
	w, v := Moments(bins, bets)
	if w <= 0 || v <= 0 {
		return 0
	}
	return 1e6 * w * w / v
}

// allowed holds a bet to the table: the minimum, the maximum, whole chips
// between, 0 where the count is below the wong-out.
func (t Table) allowed(b Bin, bet float64) float64 {
	if t.WongOut != nil && float64(b.Count) < *t.WongOut {
		return 0
	}
	bet = t.Min + t.Chip*math.Round((bet-t.Min)/t.Chip)
	return math.Max(t.Min, math.Min(t.Max, bet))
}

// Optimize finds the ramp: bets proportional to edge over variance
// (Kelly's, where the edge is positive; the minimum where not), scaled by
// the factor of the best SCORE within the table, then bettered one chip at
// one count at a time until no such step raises the SCORE. It returns the
// bets by bin and the chip steps taken after the scaling.
func Optimize(bins []Bin, t Table) (bets []float64, steps int) {
	kelly := make([]float64, len(bins))
	lo, hi := math.Inf(1), 0.0
	for i, b := range bins {
		if b.Edge > 0 && b.Var > 0 {
			kelly[i] = b.Edge / b.Var
			lo, hi = math.Min(lo, kelly[i]), math.Max(hi, kelly[i])
		}
	}
	at := func(k float64) []float64 {
		out := make([]float64, len(bins))
		for i, b := range bins {
			out[i] = t.allowed(b, k*kelly[i])
		}
		return out
	}
	bets = at(0)
	if hi == 0 { // no count with an edge: the minimum throughout
		return bets, 0
	}
	// Scales from the one that puts the best count at the minimum to the
	// one that puts the weakest positive count at the maximum.
	best := Score(bins, bets)
	from, to := t.Min/hi, t.Max/lo
	for i := 0; i <= 400; i++ {
		k := from * math.Pow(to/from, float64(i)/400)
		if b := at(k); Score(bins, b) > best {
			bets, best = b, Score(bins, b)
		}
	}
	for improved := true; improved; {
		improved = false
		for i, b := range bins {
			for _, d := range []float64{-t.Chip, t.Chip} {
				old := bets[i]
				bets[i] = t.allowed(b, old+d)
				if s := Score(bins, bets); bets[i] != old && s > best*(1+1e-12) {
					best, improved = s, true
					steps++
					continue
				}
				bets[i] = old
			}
		}
	}
	return bets, steps
}

// Figures are what a ramp wins and risks, in money. The win rate and SD
// are the simulator's, playing the ramp (Game.Play); each figure carries
// its standard error, propagated from the win rate's (the variance's own
// error, a few hundredths of a percent at millions of rounds, is left
// out). The trip's ruin is given twice: by the diffusion formula and by
// simulated bankroll paths.
type Figures struct {
	WinRate             float64 `json:"win_rate"` // per round dealt, sat-out rounds included
	WinRateSE           float64 `json:"win_rate_se"`
	SD                  float64 `json:"sd"`
	SDSE                float64 `json:"sd_se"`
	WinPer100           float64 `json:"win_per_100"`
	SDPer100            float64 `json:"sd_per_100"`
	WinPerHour          float64 `json:"win_per_hour"`
	SDPerHour           float64 `json:"sd_per_hour"`
	DI                  float64 `json:"di"`
	DISE                float64 `json:"di_se"`
	Score               float64 `json:"score"`
	ScoreSE             float64 `json:"score_se"`
	N0                  float64 `json:"n0"` // 0 where the ramp loses
	N0SE                float64 `json:"n0_se"`
	CertaintyEquivalent float64 `json:"certainty_equivalent"` // per round, for the bankroll
	AverageBet          float64 `json:"average_bet"`          // per round bet (sitting out aside)
	Spread              float64 `json:"spread"`               // the largest bet over the smallest
	RiskOfRuin          float64 `json:"risk_of_ruin"`         // of the bankroll, the diffusion formula
	RiskOfRuinSE        float64 `json:"risk_of_ruin_se"`
	BankrollForRisk     float64 `json:"bankroll_for_target_risk"` // 0 where the ramp loses
	BankrollForRiskSE   float64 `json:"bankroll_for_target_risk_se"`
	TripRuin            float64 `json:"trip_ruin"` // of the trip bank within the trip's rounds, the formula
	TripRuinSE          float64 `json:"trip_ruin_se"`
	TripRuinPaths       float64 `json:"trip_ruin_paths"` // the same, from simulated bankroll paths
	TripRuinPathsSE     float64 `json:"trip_ruin_paths_se"`
	TripPaths           int64   `json:"trip_paths"`
	Bankroll            float64 `json:"bankroll"`
	TargetRisk          float64 `json:"target_risk"`
	RoundsPerHour       float64 `json:"rounds_per_hour"`
	TripBank            float64 `json:"trip_bank"`
	TripRounds          float64 `json:"trip_rounds"`
	PlayedShare         float64 `json:"rounds_bet"`     // the share of rounds bet
	WonOutShare         float64 `json:"rounds_sat_out"` // and sat out
	// SimulatedRounds are the rounds the ramp was played for; ModelWinRate
	// is the win rate the bins' edges give the ramp (what it was decided
	// on), for comparison.
	SimulatedRounds int64   `json:"simulated_rounds"`
	ModelWinRate    float64 `json:"model_win_rate"`
}

// Assess works out a ramp's figures for a bankroll, a target risk of ruin,
// rounds an hour and a trip (its bank and rounds): the ramp as played by
// the simulator (p, in units of scale money), and the bins' frequencies
// for the bets' shares.
func Assess(bins []Bin, bets []float64, p Played, scale, bankroll, target, perHour, tripBank, tripRounds float64) Figures {
	w, v := p.W*scale, p.V*scale*scale
	sew := p.SEW * scale
	sd := math.Sqrt(v)
	model, _ := Moments(bins, bets)
	// Every SE by the delta method from the batch means' covariance of
	// the win rate and the mean square (Played.DeltaSE), in money.
	se := func(f func(w, v float64) float64) float64 {
		return p.DeltaSE(func(wu, vu float64) float64 { return f(wu*scale, vu*scale*scale) })
	}
	f := Figures{WinRate: w, WinRateSE: sew, SD: sd, SDSE: p.SESD * scale, WinPer100: 100 * w, SDPer100: 10 * sd,
		WinPerHour: perHour * w, SDPerHour: math.Sqrt(perHour) * sd,
		DI: 1000 * w / sd, DISE: se(func(w, v float64) float64 { return 1000 * w / math.Sqrt(v) }),
		Score: 1e6 * w * w / v, ScoreSE: se(func(w, v float64) float64 { return 1e6 * w * w / v }),
		N0: v / (w * w), N0SE: se(func(w, v float64) float64 { return v / (w * w) }), CertaintyEquivalent: w - v/(2*bankroll),
		RiskOfRuin: RiskOfRuin(w, v, bankroll), BankrollForRisk: BankrollFor(w, v, target), TripRuin: TripRuin(w, v, tripBank, tripRounds),
		Bankroll: bankroll, TargetRisk: target, RoundsPerHour: perHour, TripBank: tripBank, TripRounds: tripRounds,
		SimulatedRounds: p.Rounds, ModelWinRate: model}
	if w > 0 {
		f.RiskOfRuinSE = se(func(w, v float64) float64 { return RiskOfRuin(w, v, bankroll) })
		f.BankrollForRiskSE = se(func(w, v float64) float64 { return BankrollFor(w, v, target) })
	} else {
		f.Score, f.ScoreSE = 0, 0
	}
	f.TripRuinSE = se(func(w, v float64) float64 { return TripRuin(w, v, tripBank, tripRounds) })
	f.TripRuinPaths, f.TripRuinPathsSE = p.TripRuin()
	f.TripPaths = p.Trips
	var wagered, min, max float64
	min = math.Inf(1)
	for i, b := range bins {
		if bets[i] > 0 {
			f.PlayedShare += b.Freq
			wagered += b.Freq * bets[i]
			min, max = math.Min(min, bets[i]), math.Max(max, bets[i])
		}
	}
	f.WonOutShare = math.Max(0, 1-f.PlayedShare)
	f.AverageBet, f.Spread = wagered/f.PlayedShare, max/min
	if w <= 0 { // JSON has no infinity: no N0, and no bankroll is enough
		f.N0, f.N0SE, f.BankrollForRisk, f.BankrollForRiskSE = 0, 0, 0, 0
	}
	return f
}

// RiskOfRuin is the chance of ever losing bank b at win rate w and
// variance v a round (1 where the game does not win).
func RiskOfRuin(w, v, b float64) float64 {
	if w <= 0 {
		return 1
	}
	return math.Exp(-2 * w * b / v)
}

// BankrollFor is the bank whose risk of ruin is r (+Inf where the game
// does not win).
func BankrollFor(w, v, r float64) float64 {
	if w <= 0 {
		return math.Inf(1)
	}
	return -math.Log(r) * v / (2 * w)
}

// TripRuin is the chance of losing bank b within n rounds.
func TripRuin(w, v, b, n float64) float64 {
	if n <= 0 {
		return 0
	}
	s := math.Sqrt(v * n)
	phi := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	p := phi((-b - w*n) / s)
	if e := math.Exp(-2 * w * b / v); e > 0 {
		p += e * phi((-b+w*n)/s)
	}
	return math.Min(1, p)
}

// LocallyOptimal reports whether no one-chip change of one count's bet,
// within the table, raises the ramp's SCORE.
func LocallyOptimal(bins []Bin, t Table, bets []float64) bool {
	best := Score(bins, bets)
	trial := append([]float64(nil), bets...)
	for i, b := range bins {
		for _, d := range []float64{-t.Chip, t.Chip} {
			trial[i] = t.allowed(b, bets[i]+d)
			if trial[i] != bets[i] && Score(bins, trial) > best*(1+1e-12) {
				return false
			}
		}
		trial[i] = bets[i]
	}
	return true
}
