package main

import (
	"bjchart/solve/count"
	"bytes"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"bjchart/render"
	"bjchart/solve/risk"
	"bjchart/solve/sim"

	"github.com/spf13/cobra"
)

type riskOptions struct {
	rules                      ruleFlags
	count, penetration, spread string
	unit, chip, bankroll       float64
	ror, wongOut               string
	perHour, tripHours         float64
	tripBank                   float64
	shoes                      int
	rounds                     string
	seed                       uint64
	format, plot               string
	play                       string
}

func newRiskCmd(e env) *cobra.Command {
	o := &riskOptions{}
	cmd := &cobra.Command{
		Use:   "risk",
		Short: "A counter's edge by count, bet ramp, win rate, bankroll and risk of ruin",
		Long: `From the count to the bet and the bankroll: for the rules and a balanced
count, the edge at each true count (the count before the round, floored)
from --shoes shoes solved exactly, with the simulator's flat-bet edge and
each count's frequency and variance from --rounds simulated rounds dealt
to --penetration; the bet ramp that makes the most of them within the
table (--unit the minimum bet, --spread in units, --chip the step, an
optional --wong-out count below which the player sits out): Kelly-
proportional bets scaled for the best SCORE, then bettered chip by chip;
and what it wins and risks: win rate and SD per round, per 100 rounds and
per hour (--rounds-per-hour), DI, SCORE, N0, the certainty equivalent, the
risk of ruin of --bankroll (the diffusion formula), the bankroll for the
--ror target, and the chance of losing a --trip-bank within --trip-hours.
The ramp prints as sim --ramp and card --ramp take it. Money is in the
table's currency; every formula is stated in the output.`,
		Example: `  bjchart risk --rules "6D S17 DAS LS" --count hilo --penetration 75% --spread 1-12 --bankroll 10000
  bjchart risk --rules "6D H17 DAS" --spread 1-8 --unit 25 --bankroll 20000 --wong-out -1 --format json
  bjchart risk --rules "6D S17 DAS LS" --play indices --spread 1-12
  bjchart risk --rules "2D S17 DAS" --spread 1-4 --plot ramp.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.count, "count", "hilo", "a balanced count: hilo, hiopt1, hiopt2, omega2, zen, wong-halves or tags \"A=-1,2=1,...\"")
	fl.StringVar(&o.penetration, "penetration", "75%", "how much of the shoe is dealt before the shuffle")
	fl.StringVar(&o.spread, "spread", "1-12", "the bets, in units: smallest-largest")
	fl.Float64Var(&o.unit, "unit", 10, "one unit of the spread in money (the table minimum for a spread from 1)")
	fl.Float64Var(&o.chip, "chip", 0, "the step between bets, in money (default half a unit)")
	fl.Float64Var(&o.bankroll, "bankroll", 10000, "the bankroll, in money")
	fl.StringVar(&o.ror, "ror", "5%", "the risk of ruin to find the bankroll for")
	fl.StringVar(&o.wongOut, "wong-out", "", "sit out (bet nothing) at true counts below this, e.g. -1 (default: play every round)")
	fl.Float64Var(&o.perHour, "rounds-per-hour", 100, "rounds dealt an hour")
	fl.Float64Var(&o.tripBank, "trip-bank", 0, "the money brought on a trip (default a fifth of the bankroll)")
	fl.Float64Var(&o.tripHours, "trip-hours", 10, "the hours played on a trip")
	fl.IntVar(&o.shoes, "shoes", 300, "shoes solved exactly for the edge (six decks: about 0.1 s each on two cores)")
	fl.StringVar(&o.rounds, "rounds", "10M", "rounds simulated for the frequencies and variances")
	fl.Uint64Var(&o.seed, "seed", 1, "seed of the shoes and the rounds")
	enumVar(fl, &o.play, "play", "chart", "what the player plays: %s (indices: the chart with Hi-Lo's I18, and the Fab 4 with late surrender, at their published values)", "chart", "indices")
	enumVar(fl, &o.format, "format", "text", "output format: %s (csv: the ramp by count)", "text", "json", "csv")
	fl.StringVar(&o.plot, "plot", "", "also draw the edge and the bet by count to this file (.png, .svg or .pdf)")
	return cmd
}

// parseSpread reads "A-B": bets from A to B units, 1 <= A <= B <= 10000.
func parseSpread(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseFloat(a, 64)
	hi, err2 := strconv.ParseFloat(b, 64)
	if !ok || err1 != nil || err2 != nil || !(lo >= 1 && hi >= lo && hi <= 10000) {
		return 0, 0, usagef("--spread %q: want units smallest-largest from 1 to 10000, e.g. 1-12", s)
	}
	return lo, hi, nil
}

func (o *riskOptions) run(cmd *cobra.Command, e env) error {
	if _, err := count.ParseSystem(o.count); err != nil {
		return usagef("--count %q: %v", o.count, err)
	}
	if o.play == "indices" && o.count != "hilo" {
		return usagef("--play indices needs --count hilo: the I18 and Fab 4 are Hi-Lo's")
	}
	pen, err := parseFraction("penetration", o.penetration, "75%")
	if err != nil {
		return err
	}
	target, err := parseFraction("ror", o.ror, "5%")
	if err != nil {
		return err
	}
	lo, hi, err := parseSpread(o.spread)
	if err != nil {
		return err
	}
	if !(o.unit > 0 && o.unit <= 1e6) {
		return usagef("--unit %v: want more than 0, at most 1000000", o.unit)
	}
	chip := o.chip
	if cmd.Flags().Changed("chip") && !(chip > 0) {
		return usagef("--chip %v: want a step above 0, in money (leave --chip out for half a unit)", o.chip)
	}
	if chip == 0 {
		chip = o.unit / 2
	}
	t := risk.Table{Min: lo * o.unit, Max: hi * o.unit, Chip: chip}
	if o.wongOut != "" {
		w, err := strconv.ParseFloat(o.wongOut, 64)
		if err != nil || !(math.Abs(w) <= 20) {
			return usagef("--wong-out %q: want a true count from -20 to 20", o.wongOut)
		}
		t.WongOut = &w
	}
	if err := t.Check(); err != nil {
		return usagef("--chip, --unit or --spread: %v", err)
	}
	switch {
	case !(o.bankroll > 0 && o.bankroll <= 1e12):
		return usagef("--bankroll %v: want more than 0, at most 10^12", o.bankroll)
	case !(o.perHour >= 1 && o.perHour <= 1000):
		return usagef("--rounds-per-hour %v: want 1 to 1000", o.perHour)
	case !(o.tripHours > 0 && o.tripHours <= 10000):
		return usagef("--trip-hours %v: want more than 0, at most 10000", o.tripHours)
	case !(o.tripBank >= 0 && o.tripBank <= 1e12) || cmd.Flags().Changed("trip-bank") && o.tripBank == 0:
		return usagef("--trip-bank %v: want more than 0, at most 10^12 (leave --trip-bank out for a fifth of the bankroll)", o.tripBank)
	case o.shoes < 20 || o.shoes > 100000:
		return usagef("--shoes %d: want 20 to 100000", o.shoes)
	}
	tripBank := o.tripBank
	if tripBank == 0 {
		tripBank = o.bankroll / 5
	}
	rounds, err := sim.ParseRounds(o.rounds)
	if err != nil || rounds < 100_000 || rounds > 1e10 {
		return usagef("--rounds %q: want 100k to 10G, e.g. 10M", o.rounds)
	}
	plotFormat := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.plot)), ".")
	if o.plot != "" {
		if !slices.Contains(render.HeatmapFormats, plotFormat) {
			return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", o.plot, filepath.Ext(o.plot))
		}
		if err := checkWritable(o.plot); err != nil {
			return err
		}
	}
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	bar := newProgress(e, int64(o.shoes), "solving shoes", "shoes") // then the rounds, in a second or two
	g, err := risk.Measure(risk.Setup{Rules: r, Count: o.count, Penetration: pen, Shoes: o.shoes, Rounds: rounds, Seed: o.seed, Indices: o.play == "indices",
		Progress: func(done, total int64) { bar.Set(min(done, int64(o.shoes))) }})
	bar.Finish()
	if err != nil {
		return usageError{err}
	}
	bets, steps := risk.Optimize(g.Plain(), t)
	units := make([]float64, len(bets)) // the ramp in units of the smallest bet, as sim --ramp takes it
	for i, b := range bets {
		units[i] = b / t.Min
	}
	tripRounds := o.tripHours * o.perHour
	played, err := g.Play(units, tripBank/t.Min, int64(math.Round(tripRounds)))
	if err != nil {
		return err
	}
	f := risk.Assess(g.Plain(), bets, played, t.Min, o.bankroll, target, o.perHour, tripBank, tripRounds)
	rep := render.NewRiskReport(r.String(), g, t, bets, steps, f)
	if o.plot != "" {
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error { return render.DrawCountPlots(b, plotFormat, rep.Plots()...) }); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return rep.JSON(b)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}
