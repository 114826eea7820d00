package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/sim"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type simOptions struct {
	rules       ruleFlags
	shoe        solveFlags
	rounds      string
	seed        uint64
	penetration string
	csm         bool
	strategy    string
	format      string
}

func newSimCmd(e env) *cobra.Command {
	o := &simOptions{shoe: solveFlags{split: "cdz-"}}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Simulate rounds from a real shoe, every figure with its error bar",
		Long: `Deal rounds card by card from a shuffled shoe and play them by a chart:
the solved chart for the rules (default) or a published one. Every figure
comes with its standard error and 95% interval, the seed makes a run
reproducible whatever the number of cores, and the chart's exact EV with
a fresh shoe every round is printed beside the simulated one.

--csm deals every round from a freshly shuffled full shoe (a continuous
shuffler, the solver's assumption: the simulated EV then converges to the
exact one); otherwise the shoe is dealt to --penetration and reshuffled,
one card burnt after each shuffle.`,
		Example: `  bjchart sim --rules "6D H17 DAS LS" --rounds 10M
  bjchart sim --rules 6D --csm --rounds 20M --seed 7
  bjchart sim --rules "2D S17" --penetration 65% --strategy wizard-2d-s17-das-ls --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.shoe.shoe, "shoe", "", "deal from this shoe instead of full decks: ten counts of A,2..9,T")
	fl.StringVar(&o.rounds, "rounds", "10M", "rounds to play: a count, with an optional k, M or G (10M = 10,000,000)")
	fl.Uint64Var(&o.seed, "seed", 1, "seed of the shuffles; the same seed gives the same result on any machine")
	fl.StringVar(&o.penetration, "penetration", "75%", "how much of the shoe is dealt before the shuffle, e.g. 75%")
	fl.BoolVar(&o.csm, "csm", false, "a continuous shuffler: every round from a freshly shuffled full shoe")
	fl.StringVar(&o.strategy, "strategy", "solved", "the chart played: solved (the best chart for the rules), or a published chart's name or file")
	fl.StringVar(&o.format, "format", "text", "output format: text or json")
	return cmd
}

// parseCount reads 10M, 2.5k, 1G or 12345.
func parseCount(s string) (int64, error) {
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "k"), strings.HasSuffix(s, "K"):
		mult, s = 1e3, s[:len(s)-1]
	case strings.HasSuffix(s, "M"):
		mult, s = 1e6, s[:len(s)-1]
	case strings.HasSuffix(s, "G"):
		mult, s = 1e9, s[:len(s)-1]
	}
	f, err := strconv.ParseFloat(s, 64)
	n := f * mult
	if err != nil || n < 1 || n > 1e15 || n != float64(int64(n)) {
		return 0, fmt.Errorf("want a whole number of rounds from 1 to 1e15, e.g. 1000000, 10M or 2.5k")
	}
	return int64(n), nil
}

func (o *simOptions) run(cmd *cobra.Command, e env) error {
	if o.format != "text" && o.format != "json" {
		return usagef("--format %q: want text or json", o.format)
	}
	rounds, err := parseCount(o.rounds)
	if err != nil {
		return usagef("--rounds %q: %v", o.rounds, err)
	}
	pen := 0.0
	if o.csm {
		if cmd.Flags().Changed("penetration") {
			return usagef("--csm and --penetration: a continuous shuffler has no penetration; give one")
		}
	} else {
		p, err := strconv.ParseFloat(strings.TrimSuffix(o.penetration, "%"), 64)
		if err != nil || !strings.HasSuffix(o.penetration, "%") || p <= 0 || p >= 100 {
			return usagef("--penetration %q: want a percentage above 0 and below 100, e.g. 75%%", o.penetration)
		}
		pen = p / 100
	}
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	opt, err := o.shoe.options(r)
	if err != nil {
		return err
	}
	if r.Infinite() && !o.csm && cmd.Flags().Changed("penetration") {
		return usagef("--penetration with an infinite deck: it never runs out; drop it")
	}
	if r.Infinite() {
		pen = 0
	}
	s, err := solve.NewSolver(r, opt)
	if err != nil {
		return err
	}
	played := s.Table()
	if o.strategy != "solved" {
		c, err := charts.Load(o.strategy)
		if err != nil {
			return chartError(err)
		}
		d, err := charts.Compare(s, c, charts.DefaultTie)
		if err != nil {
			return err
		}
		played = d.Published
	}
	ch, err := sim.NewChart(played)
	if err != nil {
		return err
	}
	bar := progressbar.NewOptions64(rounds,
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetVisibility(e.colorAuto(e.stderr)),
		progressbar.OptionSetDescription("dealing"),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("rounds"),
		progressbar.OptionClearOnFinish(),
	)
	start := time.Now()
	res, err := sim.Run(sim.Config{Rules: r, Shoe: opt.Shoe, Penetration: pen, Rounds: rounds, Seed: o.seed},
		ch, func(done int64) { bar.Set64(done) })
	if err != nil {
		return usageError{err}
	}
	bar.Finish()
	report := newSimReport(r, o, pen, res, played.EV, time.Since(start))
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			enc := json.NewEncoder(b)
			enc.SetIndent("", "  ")
			return enc.Encode(report)
		}
		return report.text(b)
	})
}

// simReport is the output of sim; the JSON field names are the issue's.
type simReport struct {
	Rules       string     `json:"rules"`
	Strategy    string     `json:"strategy"`
	Seed        uint64     `json:"seed"`
	Shuffle     string     `json:"shuffle"` // "continuous" or "75% penetration"
	Rounds      int64      `json:"rounds"`
	Hands       int64      `json:"hands"`
	EV          float64    `json:"ev"` // per round, in initial bets
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
	ExactEV     float64    `json:"exact_ev"` // the chart's exact EV with a fresh full shoe every round
	RoundsSec   float64    `json:"rounds_per_sec"`
}

func newSimReport(r solve.Rules, o *simOptions, pen float64, res sim.Result, exact float64, took time.Duration) simReport {
	shuffle := "continuous"
	if pen > 0 {
		shuffle = fmt.Sprintf("%g%% penetration", 100*pen)
	}
	pr, prSE := res.PayoutRatio(), res.PayoutRatioSE()
	return simReport{
		Rules: r.String(), Strategy: o.strategy, Seed: o.seed, Shuffle: shuffle,
		Rounds: res.Rounds, Hands: res.Hands, EV: res.EV(), SE: res.SE(), CI95: res.CI95(), SD: res.SD(),
		AverageBet: res.Wagered / float64(res.Rounds), Wagered: res.Wagered, Returned: res.Wagered + res.Net,
		PayoutRatio: pr, PayoutCI95: [2]float64{pr - 1.96*prSE, pr + 1.96*prSE},
		Wins: res.Wins, Pushes: res.Pushes, Losses: res.Losses,
		ExactEV: exact, RoundsSec: float64(res.Rounds) / took.Seconds(),
	}
}

func (s simReport) text(b *bytes.Buffer) error {
	n := float64(s.Rounds)
	fmt.Fprintf(b, "bjchart sim: %s\n", s.Rules)
	fmt.Fprintf(b, "%d rounds, seed %d, %s, strategy %s\n\n", s.Rounds, s.Seed, s.Shuffle, s.Strategy)
	tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "EV per round\t%+.4f%% ± %.4f%% (SE)\t95%% CI [%+.4f%%, %+.4f%%]\n", 100*s.EV, 100*s.SE, 100*s.CI95[0], 100*s.CI95[1])
	fmt.Fprintf(tw, "exact EV, fresh shoe every round\t%+.4f%%\t%+.1f SE from the simulation\n", 100*s.ExactEV, (s.EV-s.ExactEV)/s.SE)
	fmt.Fprintf(tw, "SD per round\t%.4f\n", s.SD)
	fmt.Fprintf(tw, "hands per round\t%.4f\taverage bet %.4f (doubles and splits)\n", float64(s.Hands)/n, s.AverageBet)
	fmt.Fprintf(tw, "payout ratio\t%.4f%%\t95%% CI [%.4f%%, %.4f%%] (returned %.0f / wagered %.0f)\n",
		100*s.PayoutRatio, 100*s.PayoutCI95[0], 100*s.PayoutCI95[1], s.Returned, s.Wagered)
	fmt.Fprintf(tw, "rounds won, pushed, lost\t%.2f%%, %.2f%%, %.2f%%\n", 100*float64(s.Wins)/n, 100*float64(s.Pushes)/n, 100*float64(s.Losses)/n)
	fmt.Fprintf(tw, "speed\t%.1fM rounds/s\n", s.RoundsSec/1e6)
	return tw.Flush()
}
