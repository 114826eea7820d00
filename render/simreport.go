package render

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"bjchart/solve/risk"
	"bjchart/solve/sim"
)

// SimReport is the output of sim; its JSON field names are stable.
type SimReport struct {
	Rules    string `json:"rules"`
	Shoe     string `json:"shoe,omitempty"` // the shoe dealt from (counts of A,2..9,T), when not full decks
	Strategy string `json:"strategy"`
	Seed     uint64 `json:"seed"`
	Shuffle  string `json:"shuffle"` // "continuous" or "75% penetration"
	Rounds   int64  `json:"rounds"`
	Hands    int64  `json:"hands"`
	// EV, SE, CI95, SD, AverageBet, Wagered and Returned are in units: a
	// unit is a bet of 1 in the ramp (without one, the flat bet).
	EV          float64    `json:"ev"` // per player and round
	SE          float64    `json:"se"`
	CI95        [2]float64 `json:"ci95"`
	SD          float64    `json:"sd"`
	AverageBet  float64    `json:"average_bet"` // wagered per round, doubles and splits included
	Wagered     float64    `json:"wagered"`
	Returned    float64    `json:"returned"`
	PayoutRatio float64    `json:"payout_ratio"`
	PayoutCI95  [2]float64 `json:"payout_ratio_ci95"`
	Wins        int64      `json:"wins"`
	Pushes      int64      `json:"pushes"`
	Losses      int64      `json:"losses"`
	ExactEV     float64    `json:"exact_ev"` // the strategy's exact EV with a fresh full shoe every round
	// ExactOf names what ExactEV is of when the strategy has no exact EV
	// of its own ("" for the strategy itself).
	ExactOf   string  `json:"exact_ev_of,omitempty"`
	RoundsSec float64 `json:"rounds_per_sec"`
	// Shard, Fingerprint and Sums let 'bjchart sim merge' combine runs
	// exactly; Fingerprint identifies everything that defines the run
	// (runFingerprint).
	Shard       string `json:"shard,omitempty"` // "i/n"
	Fingerprint string `json:"fingerprint,omitempty"`
	// Seal binds a part's label, header and sums together (SealPart), so
	// that 'bjchart sim merge' notices an edited or relabelled part.
	Seal    string      `json:"seal,omitempty"`
	Sums    *sim.Result `json:"sums"`
	Players int         `json:"players"`
	Watched int64       `json:"watched,omitempty"` // rounds sat out (a ramp bet of 0), not in rounds
	Count   string      `json:"count,omitempty"`
	Ramp    string      `json:"ramp,omitempty"`
	// IndexPlays, with --indices: the index plays made and those not.
	IndexPlays *IndexPlaySet `json:"index_plays,omitempty"`
	Reference  *PaperRef     `json:"reference,omitempty"` // a preset's published figure
	// With a count: the counter's figures (in units) and the breakdown by
	// count.
	Counter *risk.Counter `json:"counter,omitempty"`
	// SeatResults, with --seat: each seat's own rounds.
	SeatResults []SeatRow       `json:"seats,omitempty"`
	ByCount     []risk.CountRow `json:"by_count,omitempty"`

	UnitBet  bool `json:"-"` // a flat bet of 1 unit: EVs read as fractions of the bet
	Balanced bool `json:"balanced,omitempty"`
}

// An IndexPlaySet is the index plays a simulation makes, as its report
// lists them.
type IndexPlaySet struct {
	Source string `json:"source"` // the set: published, computed or a file
	// ComputedFor is the rules an indices file was computed for, when
	// they are not the rules simulated.
	ComputedFor string   `json:"computed_for,omitempty"`
	InPlay      []string `json:"in_play"`              // "16 v T stand at +0.00"
	NotPlayed   []string `json:"not_played,omitempty"` // each with why
}

// MinCountRounds is the fewest rounds a count needs to be shown in the
// text table and the plot: fewer say nothing.
const MinCountRounds = 10000

// SeatRow is one seat's result, in units.
type SeatRow struct {
	Seat     int     `json:"seat"`
	Spec     string  `json:"spec"`
	Rounds   int64   `json:"rounds"` // played
	EV       float64 `json:"ev"`
	SE       float64 `json:"se"`
	Wagered  float64 `json:"wagered"`
	Returned float64 `json:"returned"`
}

// PaperRef sets a published payout ratio beside the simulated one.
type PaperRef struct {
	Source      string  `json:"source"`
	Rounds      int64   `json:"rounds"` // the paper's
	PayoutRatio float64 `json:"payout_ratio"`
	// SEAtPaperRounds is the standard error a payout ratio has over the
	// paper's rounds (the simulation's, scaled by the square root of the
	// rounds), and SEsApart the published figure's distance from the
	// simulated one in those errors.
	SEAtPaperRounds float64 `json:"se_at_paper_rounds"`
	SEsApart        float64 `json:"ses_apart"`
}

// WithResult fills a report whose run is described (rules, strategy,
// seed, shuffle, count) with a result; took is the time it took, 0 for
// merged parts (no speed then).
func (s SimReport) WithResult(res sim.Result, exact float64, took time.Duration) SimReport {
	pr, prSE := res.PayoutRatio(), res.PayoutRatioSE()
	s.Rounds, s.Hands, s.EV, s.SE = res.Rounds, res.Hands, res.EV(), res.SE()
	s.CI95, s.SD = res.CI95(), res.SD()
	s.AverageBet, s.Wagered, s.Returned = res.Wagered/float64(res.Rounds), res.Wagered, res.Wagered+res.Net
	s.PayoutRatio, s.PayoutCI95 = pr, [2]float64{pr - 1.96*prSE, pr + 1.96*prSE}
	s.Wins, s.Pushes, s.Losses = res.Wins, res.Pushes, res.Losses
	s.ExactEV, s.Players, s.Watched = exact, res.Players, res.Watched
	if took > 0 {
		s.RoundsSec = float64(res.Rounds+res.Watched) / took.Seconds()
	}
	return s
}

// Text writes the report for a reader.
func (s SimReport) Text(b *bytes.Buffer) error {
	n := float64(s.Rounds)
	pn := n * float64(s.Players) // players' rounds
	fmt.Fprintf(b, "bjchart sim: %s\n", RulesText(s.Rules, s.Shoe))
	fmt.Fprintf(b, "%d rounds, %d player(s), seed %d, %s, strategy %s\n", s.Rounds, s.Players, s.Seed, s.Shuffle, s.Strategy)
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
	default:
		fmt.Fprintf(tw, "exact EV, fresh shoe, flat bet\t%+.4f%%\t(the shoe and the bets here differ from the solver's game)\n", 100*s.ExactEV)
	}
	fmt.Fprintf(tw, "SD per round\t%.4f units\n", s.SD)
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
		fmt.Fprintf(tw, "win rate per 100 rounds\t%+.4f units\tDI %.2f, SCORE %.2f, N0 %.0f rounds\n", c.WinRatePer100, c.DI, c.Score, c.N0)
		if c.RiskOfRuin != nil {
			fmt.Fprintf(tw, "risk of ruin\t%.4f%%\twith %g units, exp(-2 EV B / SD^2)\n", 100**c.RiskOfRuin, c.Bankroll)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if x := s.IndexPlays; x != nil {
		fmt.Fprintf(b, "\nIndex plays (%s), taken at or above the true count:\n", x.Source)
		if x.ComputedFor != "" {
			fmt.Fprintf(b, "  note: computed for %s, not the rules simulated\n", x.ComputedFor)
		}
		fmt.Fprintf(b, "  %s\n", strings.Join(x.InPlay, "; "))
		if len(x.NotPlayed) > 0 {
			fmt.Fprintf(b, "Not played: %s\n", strings.Join(x.NotPlayed, "; "))
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
	if !slices.ContainsFunc(s.ByCount, func(r risk.CountRow) bool { return r.Rounds >= MinCountRounds }) {
		fmt.Fprintf(b, "\nBy %s: no count has %d rounds, too few to show (JSON has them all)\n", kind, MinCountRounds)
		return nil
	}
	fmt.Fprintf(b, "\nBy %s, counts with at least %d rounds (JSON has them all):\n", kind, MinCountRounds)
	tw = tabwriter.NewWriter(b, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "count\trounds %\tEV per round, units\t± SE\tedge, % of wager\t± SE\t")
	for _, r := range s.ByCount {
		if r.Rounds >= MinCountRounds {
			fmt.Fprintf(tw, "%+d\t%.3f\t%+.4f\t%.4f\t%+.3f\t%.3f\t\n", r.Count, 100*r.Freq, r.EV, r.SE, 100*r.Edge, 100*r.EdgeSE)
		}
	}
	return tw.Flush()
}
