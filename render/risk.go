package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"bjchart/solve/risk"
	"bjchart/solve/sim"
)

// RiskReport is 'bjchart risk”s report: the game by count (a balanced
// count's true count, an unbalanced one's running count), the ramp
// decided on it, and what the ramp wins and risks. Money is in the table's
// currency (the minimum bet's units), rates per round unless named.
type RiskReport struct {
	Rules       string     `json:"rules"`
	Count       string     `json:"count"`
	CountKind   string     `json:"count_kind"` // what the bets go by: "true count" or "running count" (an unbalanced count, from its initial count)
	Penetration float64    `json:"penetration"`
	Seed        uint64     `json:"seed"`
	Play        string     `json:"play"`      // what the player plays: the chart, or it with index plays
	Shoes       int        `json:"shoes"`     // solved exactly
	Rounds      int64      `json:"rounds"`    // simulated at a flat bet
	ChartEV     float64    `json:"chart_ev"`  // a full shoe's, per unit bet
	EdgeLine    [2]float64 `json:"edge_line"` // edge = [0] + [1] x count, exact shoes
	EdgeLineSE  [2]float64 `json:"edge_line_se"`
	Min         float64    `json:"min_bet"`
	Max         float64    `json:"max_bet"`
	Chip        float64    `json:"chip"`
	WongOut     *float64   `json:"wong_out,omitempty"`
	Ramp        []riskRow  `json:"ramp"`
	RampText    string     `json:"ramp_text"` // as sim --ramp and card --ramp take it
	Steps       int        `json:"chip_steps"`
	Local       bool       `json:"locally_optimal"` // no one-chip change at one count raises the SCORE
	risk.Figures
	Model string `json:"model"`
}

// riskRow is one count: how often it comes, the edge the ramp was
// decided on and its two measures, the variance, and the bet.
type riskRow struct {
	Count    int     `json:"count"` // floored; the first and last take every count beyond
	Freq     float64 `json:"freq"`
	Edge     float64 `json:"edge"`            // per unit bet a round, what the bet is decided on: sim_edge made to rise with the count
	LineEdge float64 `json:"exact_line_edge"` // the exact shoes' line at the count
	ShoeEdge float64 `json:"exact_edge"`
	ShoeSE   float64 `json:"exact_edge_se"`
	Shoes    int     `json:"exact_shoes"`
	SimEdge  float64 `json:"sim_edge"`
	SimSE    float64 `json:"sim_edge_se"`
	Variance float64 `json:"variance"` // of a round at a unit bet
	Bet      float64 `json:"bet"`
}

// riskModel says how the numbers were had.
const riskModel = "Edge by count (the true count, or an unbalanced count's running count, before the round, floored): the simulator's rounds at a flat bet, with the chart " +
	"(and the index plays at the decision, as sim --indices plays them), each count's mean with its SE; beside it each sampled shoe " +
	"(dealt to a random depth below the penetration) solved exactly for the chart's EV, the count's mean and a least-squares line through them " +
	"(the end bins at their shoes' mean count), a check that shares nothing with the simulator but the deal. " +
	"Bets Kelly-proportional (Kelly 1956): edge over variance, scaled for the best SCORE within the table's limits, rounded to chips, " +
	"then bettered one chip at one count at a time while the SCORE rises. The ramp is then played by the simulator on streams of its own " +
	"for the win rate W and SD a round (sat-out rounds in, at 0), each with its SE; SCORE = 10^6 (W/SD)^2 = DI^2, DI = 1000 W/SD, " +
	"N0 = SD^2/W^2, certainty equivalent W - SD^2/(2 bankroll), risk of ruin exp(-2 W bankroll / SD^2) (the diffusion formula, " +
	"Blackjack Attack ch. 4), trip ruin the chance of losing the trip bank within its rounds (Brownian first passage) and the share of " +
	"simulated bankroll paths of the trip's rounds that lose it; every SE (W's, SD's and theirs) by batch means over the simulator's " +
	"64 independent streams (rounds of one shoe are not independent: the bet follows the count), carried by the delta method; the paths' by the binomial"

// NewRiskReport lays out a measured game, its ramp and figures.
func NewRiskReport(rules string, g *risk.Game, t risk.Table, bets []float64, steps int, f risk.Figures) RiskReport {
	play := "the chart"
	if g.Indices {
		play = "the chart with Hi-Lo's I18 (and Fab 4 with late surrender) at their published values, at the count at the decision, " +
			"wherever the counter's card prints them (split hands, hands of three or more cards, pairs played by their total, the hand " +
			"not surrendered) (the exact shoes, beside, play them at the count before the round); no insurance"
		if g.IndexScope == sim.IndexFirstPlay {
			play = "the chart with Hi-Lo's I18 (and Fab 4 with late surrender) at their published values, at the count at the decision, " +
				"at the first play of an unsplit two-card hand only (--index-scope first) (the exact shoes, beside, play them at the count " +
				"before the round); no insurance"
		}
	}
	kind := "true count"
	if g.Running {
		kind = "running count"
	}
	rep := RiskReport{Rules: rules, Count: g.Count, CountKind: kind, Penetration: g.Penetration, Seed: g.Seed, Play: play, Shoes: g.Shoes, Rounds: g.Rounds,
		ChartEV: g.ChartEV, EdgeLine: [2]float64{g.A, g.B}, EdgeLineSE: [2]float64{g.SEA, g.SEB}, Min: t.Min, Max: t.Max, Chip: t.Chip,
		WongOut: t.WongOut, Steps: steps, Figures: f, Model: riskModel, Local: risk.LocallyOptimal(g.Plain(), t, bets)}
	var ramp []string
	for i, b := range g.Bins {
		rep.Ramp = append(rep.Ramp, riskRow{Count: b.Count, Freq: b.Freq, Edge: b.Edge, LineEdge: b.LineEdge, ShoeEdge: b.ShoeEdge, ShoeSE: b.ShoeSE, Shoes: b.Shoes,
			SimEdge: b.SimEdge, SimSE: b.SimSE, Variance: b.Var, Bet: bets[i]})
		from := strconv.Itoa(b.Count)
		if i == 0 {
			from = "-100"
		}
		if i == 0 || bets[i] != bets[i-1] {
			ramp = append(ramp, from+":"+strconv.FormatFloat(bets[i]/t.Min, 'g', -1, 64))
		}
	}
	rep.RampText = strings.Join(ramp, ",")
	return rep
}

// money prints an amount to the cent where it has them.
func money(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e12 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// Text writes the report.
func (r RiskReport) Text(w io.Writer) error {
	fmt.Fprintf(w, "bjchart risk: %s, %s, %g%% penetration, bets %s to %s in chips of %s\n", r.Rules, r.Count, 100*r.Penetration, money(r.Min), money(r.Max), money(r.Chip))
	fmt.Fprintf(w, "played: %s\n", r.Play)
	fmt.Fprintf(w, "%d shoes solved exactly, %d rounds simulated at a flat bet (seed %d); the chart's EV from a full shoe %+.4f%%\n",
		r.Shoes, r.Rounds, r.Seed, 100*r.ChartEV)
	if r.CountKind == "running count" {
		fmt.Fprintf(w, "%s is unbalanced: the bets go by its running count, from its initial count after each shuffle\n", r.Count)
	}
	fmt.Fprintf(w, "edge by %s (exact shoes' line): %+.4f%% %+.4f%% per count (SE %.4f, %.4f)\n\n",
		r.CountKind, 100*r.EdgeLine[0], 100*r.EdgeLine[1], 100*r.EdgeLineSE[0], 100*r.EdgeLineSE[1])
	fmt.Fprintln(w, "By "+r.CountKind+", in % of a unit bet a round: the edge the bet is decided on (the simulator's, made to rise with "+
		"the count), the simulator's flat-bet edge with its SE, the exact shoes' own mean with its SE and their line at the count "+
		"(JSON and CSV give each count's number of shoes); the variance of a round at a unit bet; the bet in money.")
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "count\trounds %\tedge\tsimulated\tSE\texact\tSE\tline\tvariance\tbet\t")
	for i, x := range r.Ramp {
		c := fmt.Sprintf("%+d", x.Count)
		switch i {
		case 0:
			c = "<=" + c
		case len(r.Ramp) - 1:
			c = ">=" + c
		}
		exact, se := fmt.Sprintf("%+.3f", 100*x.ShoeEdge), fmt.Sprintf("%.3f", 100*x.ShoeSE)
		if x.Shoes < 2 {
			se = "-"
			if x.Shoes == 0 {
				exact = "-"
			}
		}
		fmt.Fprintf(tw, "%s\t%.2f\t%+.3f\t%+.3f\t%.3f\t%s\t%s\t%+.3f\t%.3f\t%s\t\n", c, 100*x.Freq, 100*x.Edge, 100*x.SimEdge, 100*x.SimSE, exact, se, 100*x.LineEdge, x.Variance, money(x.Bet))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	f := r.Figures
	fmt.Fprintf(w, "\nRamp: %s (in units of %s, as sim --ramp and card --ramp take it)", r.RampText, money(r.Min))
	if r.WongOut != nil {
		fmt.Fprintf(w, "; sitting out below %+g", *r.WongOut)
	}
	local := "no one-chip change at one count raises the SCORE"
	if !r.Local {
		local = "a one-chip change at one count would raise the SCORE"
	}
	fmt.Fprintf(w, ". %d chip steps after the Kelly scaling; %s.\n\n", r.Steps, local)
	fmt.Fprintf(w, "The ramp played by the simulator for %d rounds on streams of its own (± one standard error; the bins' edges gave it %s a round):\n",
		f.SimulatedRounds, signed(f.ModelWinRate))
	fmt.Fprintf(w, "Win rate: %s ± %.2f a round, %s per 100 rounds, %s an hour (%g rounds an hour).\n",
		signed(f.WinRate), f.WinRateSE, signed(f.WinPer100), signed(f.WinPerHour), f.RoundsPerHour)
	fmt.Fprintf(w, "SD: %.2f ± %.2f a round, %.2f per 100 rounds, %.2f an hour.\n", f.SD, f.SDSE, f.SDPer100, f.SDPerHour)
	fmt.Fprintf(w, "Average bet %.2f (spread 1-%g); rounds bet %.1f%%, sat out %.1f%%.\n", f.AverageBet, f.Spread, 100*f.PlayedShare, 100*f.WonOutShare)
	n0 := fmt.Sprintf("%.0f ± %.0f rounds", f.N0, f.N0SE)
	if f.WinRate <= 0 {
		n0 = "none (the ramp loses)"
	}
	fmt.Fprintf(w, "DI %.2f ± %.2f, SCORE %.2f ± %.2f, N0 %s.\n", f.DI, f.DISE, f.Score, f.ScoreSE, n0)
	fmt.Fprintf(w, "Bankroll %s: risk of ruin %.2f%% ± %.2f%% (diffusion formula), certainty equivalent %s a round.\n",
		money(f.Bankroll), 100*f.RiskOfRuin, 100*f.RiskOfRuinSE, signed(f.CertaintyEquivalent))
	if f.WinRate > 0 {
		fmt.Fprintf(w, "The bankroll for a %g%% risk of ruin: %s ± %.0f.\n", 100*f.TargetRisk, money(math.Ceil(f.BankrollForRisk)), f.BankrollForRiskSE)
	} else {
		fmt.Fprintln(w, "The ramp loses: no bankroll is enough.")
	}
	if f.TripPaths > 0 { // the paths' share is the figure: the formula is beside it, for comparison
		fmt.Fprintf(w, "A trip of %g rounds with %s: the risk of losing it all %.2f%% ± %.2f%% over %d simulated trips (the diffusion formula: %.2f%% ± %.2f%%).\n",
			f.TripRounds, money(f.TripBank), 100*f.TripRuinPaths, 100*f.TripRuinPathsSE, f.TripPaths, 100*f.TripRuin, 100*f.TripRuinSE)
	} else {
		fmt.Fprintf(w, "A trip of %g rounds with %s: the risk of losing it all %.2f%% ± %.2f%% by the diffusion formula.\n", f.TripRounds, money(f.TripBank), 100*f.TripRuin, 100*f.TripRuinSE)
	}
	_, err := fmt.Fprintf(w, "\nHow: %s.\n", r.Model)
	return err
}

func signed(x float64) string { return fmt.Sprintf("%+.2f", x) }

// JSON writes the report.
func (r RiskReport) JSON(w io.Writer) error {
	return WriteJSON(w, r)
}

// CSV writes the ramp, a row a count.
func (r RiskReport) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"count", "freq", "edge", "exact_edge", "exact_edge_se", "exact_shoes", "exact_line_edge", "sim_edge", "sim_edge_se", "variance", "bet"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, x := range r.Ramp {
		exact, se := "", "" // no exact shoe at this count: no mean (one: no SE), as the text's "-"
		if x.Shoes > 0 {
			exact = f(x.ShoeEdge)
		}
		if x.Shoes > 1 {
			se = f(x.ShoeSE)
		}
		cw.Write([]string{strconv.Itoa(x.Count), f(x.Freq), f(x.Edge), exact, se, strconv.Itoa(x.Shoes), f(x.LineEdge), f(x.SimEdge), f(x.SimSE), f(x.Variance), f(x.Bet)})
	}
	cw.Flush()
	return cw.Error()
}

// Plots are the edge by count (the line the bets go by, and the exact
// shoes' bin means with 95% intervals) and the bet by count.
func (r RiskReport) Plots() []CountPlot {
	edge := CountPlot{Title: fmt.Sprintf("%s, %s\nedge: each count's simulated flat-bet edge, 95%% interval\n(the bets go by these made to rise with the count; the exact shoes' line %+.3f%% %+.3f%% a count)",
		r.Rules, r.Count, 100*r.EdgeLine[0], 100*r.EdgeLine[1]),
		XLabel: r.CountKind + " before the round, floored (the ends take every count beyond)", YLabel: "edge, % of a unit bet a round"}
	bet := CountPlot{Title: fmt.Sprintf("the ramp: bet by %s (%s to %s)", r.CountKind, money(r.Min), money(r.Max)),
		XLabel: edge.XLabel, YLabel: "bet (money)"}
	for _, x := range r.Ramp {
		edge.Points = append(edge.Points, CountPoint{Count: x.Count, Value: 100 * x.SimEdge, HalfWidth: 196 * x.SimSE})
		bet.Points = append(bet.Points, CountPoint{Count: x.Count, Value: x.Bet})
	}
	return []CountPlot{edge, bet}
}
