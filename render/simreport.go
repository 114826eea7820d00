package render

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"bjchart/solve/risk"
	"bjchart/solve/simreport"
)

// minCountRounds is the fewest rounds a count needs to be shown in the
// text table and the plot: fewer say nothing.
const minCountRounds = 10000

// A SimReport is a simulation's report; its methods write it for a
// reader and lay its edge by count out as a plot.
type SimReport struct{ Report simreport.Report }

// Text writes a simulation's report for a reader.
func (r SimReport) Text(b io.Writer) error {
	s := r.Report
	n := float64(s.Rounds)
	pn := n * float64(s.Players) // players' rounds
	fmt.Fprintf(b, "bjchart sim: %s\n", rulesText(s.Rules, s.Shoe))
	fmt.Fprintf(b, "%d rounds, %d player(s), seed %d, %s, strategy %s\n", s.Rounds, s.Players, s.Seed, s.Shuffle, s.Strategy)
	if s.TrueCount != "" {
		fmt.Fprintf(b, "true count as the counter reads it: %s\n", s.TrueCount)
	}
	if s.Watched > 0 {
		fmt.Fprintf(b, "%d more rounds watched, not played (the ramp's bet of 0: wonged out)\n", s.Watched)
	}
	fmt.Fprintln(b)
	tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
	if s.UnitBet {
		fmt.Fprintf(tw, "EV per round\t%+.4f%% ± %.4f%% (SE) of the bet\t95%% CI [%+.4f%%, %+.4f%%]\n", 100*s.EV, 100*s.SE, 100*s.CI95[0], 100*s.CI95[1])
	} else {
		fmt.Fprintf(tw, "EV per round\t%+.4f ± %.4f (SE) units\t95%% CI [%+.4f, %+.4f]; a unit is a bet of 1 in the ramp\n", s.EV, s.SE, s.CI95[0], s.CI95[1])
	}
	switch {
	case s.ExactOf != "":
		fmt.Fprintf(tw, "exact EV, fresh shoe, flat bet\t%+.4f%%\tof %s, for comparison: the strategy played has no exact EV\n", 100*s.ExactEV, s.ExactOf)
	case s.UnitBet && s.Shuffle == "continuous":
		fmt.Fprintf(tw, "exact EV, fresh shoe every round\t%+.4f%%\t%+.1f SE from the simulation\n", 100*s.ExactEV, (s.EV-s.ExactEV)/s.SE)
	case s.UnitBet:
		fmt.Fprintf(tw, "exact EV, fresh shoe, flat bet\t%+.4f%%\t(the shoe and the bets here differ from the solver's game)\n", 100*s.ExactEV)
	default: // the run's unit: a flat bet of 1 unit, beside the ramp's figures in units
		fmt.Fprintf(tw, "exact EV, fresh shoe, flat bet of 1 unit\t%+.4f units\t(the shoe and the bets here differ from the solver's game)\n", s.ExactEV)
	}
	if s.UnitBet {
		fmt.Fprintf(tw, "SD per round\t%.2f%% of the bet\n", 100*s.SD)
	} else {
		fmt.Fprintf(tw, "SD per round\t%.4f units\n", s.SD)
	}
	fmt.Fprintf(tw, "hands per player and round\t%.4f\taverage wager %.4f units (doubles and splits included)\n", float64(s.Hands)/pn, s.AverageBet/float64(s.Players))
	fmt.Fprintf(tw, "payout ratio\t%.4f%%\t95%% CI [%.4f%%, %.4f%%] (returned %.0f / wagered %.0f units)\n",
		100*s.PayoutRatio, 100*s.PayoutCI95[0], 100*s.PayoutCI95[1], s.Returned, s.Wagered)
	fmt.Fprintf(tw, "rounds won, pushed, lost\t%.2f%%, %.2f%%, %.2f%%\n", 100*float64(s.Wins)/pn, 100*float64(s.Pushes)/pn, 100*float64(s.Losses)/pn)
	if s.Count != "" {
		ramp := ""
		if s.Ramp != "" {
			ramp = "ramp " + s.Ramp
		}
		fmt.Fprintf(tw, "count\t%s\t%s\n", s.Count, ramp)
	}
	if s.Reference != nil {
		ref := s.Reference
		fmt.Fprintf(tw, "published payout ratio\t%.2f%%\t%s, %d rounds: %+.1f SE from the simulation (SE %.2f%% at %d rounds)\n",
			100*ref.PayoutRatio, ref.Source, ref.Rounds, ref.SEsApart, 100*ref.SEAtPaperRounds, ref.Rounds)
	}
	if s.RoundsSec > 0 { // not for merged parts
		if s.RoundsSec >= 1e5 {
			fmt.Fprintf(tw, "speed\t%.1fM rounds/s\n", s.RoundsSec/1e6)
		} else { // a strategy that thinks: a search or an exact solve a decision
			fmt.Fprintf(tw, "speed\t%.0f rounds/s\n", s.RoundsSec)
		}
	}
	if c := s.Counter; c != nil {
		if c.DISE > 0 { // SEs by batch means over the streams
			fmt.Fprintf(tw, "win rate per 100 rounds\t%+.4f ± %.4f units\tDI %.2f ± %.2f, SCORE %.2f ± %.2f, N0 %.0f ± %.0f rounds\n",
				c.WinRatePer100, c.WinRatePer100SE, c.DI, c.DISE, c.Score, c.ScoreSE, c.N0, c.N0SE)
		} else {
			fmt.Fprintf(tw, "win rate per 100 rounds\t%+.4f units\tDI %.2f, SCORE %.2f, N0 %.0f rounds\n", c.WinRatePer100, c.DI, c.Score, c.N0)
		}
		switch {
		case c.RiskOfRuin != nil && c.RiskOfRuinSE != nil:
			fmt.Fprintf(tw, "risk of ruin\t%.4f%% ± %.4f%%\twith %g units, exp(-2 EV B / SD^2)\n", 100**c.RiskOfRuin, 100**c.RiskOfRuinSE, c.Bankroll)
		case c.RiskOfRuin != nil:
			fmt.Fprintf(tw, "risk of ruin\t%.4f%%\twith %g units, exp(-2 EV B / SD^2)\n", 100**c.RiskOfRuin, c.Bankroll)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if x := s.IndexPlays; x != nil {
		fmt.Fprintf(b, "\nIndex plays (%s), taken at or above the true count %s:\n", x.Source, cmp.Or(x.Scope, "at the first play of an unsplit two-card hand only"))
		if x.ComputedFor != "" {
			fmt.Fprintf(b, "  note: computed for %s, not the rules simulated\n", x.ComputedFor)
		}
		fmt.Fprintf(b, "  %s\n", strings.Join(x.InPlay, "; "))
		if len(x.NotPlayed) > 0 {
			fmt.Fprintf(b, "Not played: %s\n", strings.Join(x.NotPlayed, "; "))
		}
	}
	if sb := s.Side; sb != nil {
		when := "every round"
		if sb.Trigger != nil {
			when = fmt.Sprintf("at a true count of %+g or more of %s", *sb.Trigger, sb.Count)
		}
		fmt.Fprintf(b, "\nSide bet %s, a unit placed %s: in %.2f%% of the rounds dealt to a player (%d placings).\n", sb.Bet, when, 100*sb.Share, sb.Placed)
		se := "batch means over the shards: rounds of a shoe are not independent"
		if !sb.BatchMean {
			se = "over the placings"
		}
		if sb.Placed > 0 {
			fmt.Fprintf(b, "  a placing returned %+.3f%% ± %.3f%% of its unit (SE, %s)", 100*sb.EV, 100*sb.SE, se)
			if sb.ExactEV != nil {
				fmt.Fprintf(b, "; its exact value on the cards not seen at each placing averaged %+.3f%%", 100**sb.ExactEV)
			}
			fmt.Fprintln(b, ".")
		}
		if sb.BatchMean {
			fmt.Fprintf(b, "  %+.4f ± %.4f units per 100 rounds dealt, per player.\n", sb.Per100, sb.Per100SE)
		} else {
			fmt.Fprintf(b, "  %+.4f units per 100 rounds dealt, per player.\n", sb.Per100)
		}
	}
	if len(s.SeatResults) > 0 {
		fmt.Fprintln(b, "\nBy seat (EV per round the seat played; a fraction of the bet, or units with a ramp):")
		tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
		for _, r := range s.SeatResults {
			fmt.Fprintf(tw, "  %d\t%s\t%d rounds\t%+.4f%% ± %.4f%%\tpayout ratio %.4f%%\n", r.Seat, r.Spec, r.Rounds, 100*r.EV, 100*r.SE, 100*r.Returned/r.Wagered)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(s.ByCount) == 0 {
		return nil
	}
	kind := "true count"
	if s.Balanced {
		kind = "true count (running count per deck left), floored"
	} else {
		kind = "running count"
	}
	if !slices.ContainsFunc(s.ByCount, func(r risk.CountRow) bool { return r.Rounds >= minCountRounds }) {
		fmt.Fprintf(b, "\nBy %s: no count has %d rounds, too few to show (JSON has them all)\n", kind, minCountRounds)
		return nil
	}
	fmt.Fprintf(b, "\nBy %s, counts with at least %d rounds (JSON has them all):\n", kind, minCountRounds)
	tw = tabwriter.NewWriter(b, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "count\trounds %\tEV per round, units\t± SE\tedge, % of wager\t± SE\t")
	for _, r := range ShownCounts(s.ByCount) {
		fmt.Fprintf(tw, "%+d\t%.3f\t%+.4f\t%.4f\t%+.3f\t%.3f\t\n", r.Count, 100*r.Freq, r.EV, r.SE, 100*r.Edge, 100*r.EdgeSE)
	}
	return tw.Flush()
}

// ShownCounts are the counts a report shows: those with at least
// minCountRounds rounds (fewer say nothing; JSON has them all).
func ShownCounts(rows []risk.CountRow) []risk.CountRow {
	var out []risk.CountRow
	for _, r := range rows {
		if r.Rounds >= minCountRounds {
			out = append(out, r)
		}
	}
	return out
}

// CountPlot is a simulation's edge by count with 95% error bars (counts with fewer
// than minCountRounds rounds left out: they say nothing), for
// draw.CountPlot.
func (r SimReport) CountPlot() (CountPlot, error) {
	s := r.Report
	kind := "running count"
	if s.Balanced {
		kind = "true count (running count per deck left), floored"
	}
	cp := CountPlot{
		Title:  fmt.Sprintf("%s, %s: edge by count (%d rounds, seed %d)", rulesText(s.Rules, s.Shoe), s.Count, s.Rounds, s.Seed),
		XLabel: kind + ", at the bet",
		YLabel: "player's edge, % of the amount wagered (95% interval)",
	}
	for _, r := range s.ByCount {
		if r.Rounds >= minCountRounds {
			cp.Points = append(cp.Points, CountPoint{Count: r.Count, Value: 100 * r.Edge, HalfWidth: 196 * r.EdgeSE})
		}
	}
	if len(cp.Points) == 0 {
		return cp, fmt.Errorf("no count has %d rounds: play more rounds", minCountRounds)
	}
	return cp, nil
}
