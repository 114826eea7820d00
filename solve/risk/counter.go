package risk

import (
	"math"

	"bjchart/solve/sim"
)

// A Counter holds the usual measures of a counting game, per player and
// round in units (a bet of 1 in the ramp): win rate per 100 rounds = 100 EV;
// DI = 1000 EV / SD; SCORE = DI^2 (the win rate per 100 rounds of a
// player betting optimally with a bankroll of 10^6 SD^2 units, as
// conventionally stated, here in units); N0 = (SD / EV)^2, the
// rounds after which the expected win equals one SD; and, with a bankroll
// B, the risk of ruin exp(-2 EV B / SD^2) (the diffusion approximation for
// play without end).
type Counter struct {
	WinRatePer100 float64  `json:"win_rate_per_100"`
	DI            float64  `json:"di"`
	Score         float64  `json:"score"`
	N0            float64  `json:"n0"`
	Bankroll      float64  `json:"bankroll,omitempty"`
	RiskOfRuin    *float64 `json:"risk_of_ruin,omitempty"`
	// The figures' SEs, by batch means over the run's streams carried by
	// the delta method (rounds of one shoe are not independent); absent
	// (0) where the run kept no streams.
	WinRatePer100SE float64  `json:"win_rate_per_100_se,omitempty"`
	DISE            float64  `json:"di_se,omitempty"`
	ScoreSE         float64  `json:"score_se,omitempty"`
	N0SE            float64  `json:"n0_se,omitempty"`
	RiskOfRuinSE    *float64 `json:"risk_of_ruin_se,omitempty"`
}

// CountRow is one count's rounds: how often, their EV per round (in
// units, the ramp's bet included) and the edge (won over wagered: the
// player's advantage at that count, whatever the bet).
type CountRow struct {
	Count  int     `json:"count"` // floored; the ends take everything beyond
	Rounds int64   `json:"rounds"`
	Freq   float64 `json:"freq"`
	EV     float64 `json:"ev"`
	SE     float64 `json:"se"` // -1 where one round cannot give one
	Edge   float64 `json:"edge"`
	EdgeSE float64 `json:"edge_se"` // -1 likewise
}

// NewCounter measures a counting simulation: the counter's figures (the
// risk of ruin with a bankroll above 0, by RiskOfRuin) and the rounds by
// count.
func NewCounter(res sim.Result, bankroll float64) (*Counter, []CountRow) {
	ev, sd := res.EV(), res.SD()
	c := &Counter{WinRatePer100: 100 * ev, DI: 1000 * ev / sd, Score: 1e6 * (ev / sd) * (ev / sd), N0: (sd / ev) * (sd / ev)}
	if bankroll > 0 {
		ror := RiskOfRuin(ev, sd*sd, bankroll)
		c.Bankroll, c.RiskOfRuin = bankroll, &ror
	}
	if w, m2, cov, ok := res.Batches(false); ok {
		se := func(f func(w, v float64) float64) float64 { return deltaSE(w, m2, cov, f) }
		c.WinRatePer100SE = 100 * math.Sqrt(cov[0][0])
		c.DISE = se(func(w, v float64) float64 { return 1000 * w / math.Sqrt(v) })
		c.ScoreSE = se(func(w, v float64) float64 { return 1e6 * w * w / v })
		c.N0SE = se(func(w, v float64) float64 { return v / (w * w) })
		if bankroll > 0 {
			ror := se(func(w, v float64) float64 { return RiskOfRuin(w, v, bankroll) })
			c.RiskOfRuinSE = &ror
		}
	}
	var rows []CountRow
	players := float64(max(1, res.Players))
	for i, b := range res.ByCount {
		if b.Rounds == 0 {
			continue
		}
		row := CountRow{Count: i - sim.MaxCount, Rounds: b.Rounds, Freq: float64(b.Rounds) / float64(res.Rounds),
			EV: b.EV() / players, SE: b.SE() / players, Edge: b.Net / b.Wagered}
		// The edge's error: the round's mean result's, over the mean wager.
		row.EdgeSE = b.SE() / (b.Wagered / float64(b.Rounds))
		if b.Rounds < 2 { // JSON has no NaN
			row.SE, row.EdgeSE = -1, -1
		}
		rows = append(rows, row)
	}
	return c, rows
}
