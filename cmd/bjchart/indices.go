package main

import (
	"bytes"
	"strings"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type indicesOptions struct {
	rules  ruleFlags
	index  indexFlags
	format string
}

// indexFlags choose and size an index computation (indices, card --count).
type indexFlags struct {
	cmd         *cobra.Command
	count       string
	tags        string
	set         string
	shoes       int
	penetration string
	seed        uint64
	round       string
	countAt     string
}

// indexOnlyFlags are the index flags that size or shape an index
// computation: without a count (card, plot) they would do nothing.
var indexOnlyFlags = []string{"set", "shoes", "penetration", "seed", "round", "count-at"}

func (f *indexFlags) bind(cmd *cobra.Command, count, set string) {
	f.cmd = cmd
	fl := cmd.Flags()
	fl.StringVar(&f.count, "count", count, "the count: hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3 or tags \"A=-1,2=1,...,T=-1\"")
	fl.StringVar(&f.tags, "tags", "", "a custom count instead of --count: tags \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\" (ranks left out tag 0)")
	usage := "which decisions: i18, fab4, i18,fab4 or all (every cell)"
	if set == "" {
		usage += " (default: i18, and fab4 with it where the rules have late surrender)"
	}
	fl.StringVar(&f.set, "set", set, usage)
	fl.IntVar(&f.shoes, "shoes", 600, "depleted shoes sampled (more: smaller errors, longer)")
	fl.StringVar(&f.penetration, "penetration", "80%", "shoes are dealt to a random depth below this")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the sampled shoes")
	enumVar(fl, &f.round, "round", "nearest", "how a crossing becomes the integer index: %s (toward zero)", "nearest", "floor", "truncate")
	fl.StringVar(&f.countAt, "count-at", "decision", "when the count is read: decision (the player's two cards and the up card seen, as published tables) or round (before the round is dealt)")
}

func newIndicesCmd(e env) *cobra.Command {
	o := &indicesOptions{}
	cmd := &cobra.Command{
		Use:   "indices",
		Short: "Compute a count's index plays for the rules, each with its error bar",
		Long: `Compute index plays: for each decision, the true count at or above which
the index play beats the base play. The EVs of the plays are exact on each
of --shoes depleted shoes (a shuffled shoe dealt to a random depth below
--penetration; later decisions after a hit are the best for the exact
cards); the index is where a least-squares line of the play's gain on the
true count (running count per deck left) crosses zero, reported with its
standard error and rounded to the nearest integer for memorising.

Sets: i18 (the Illustrious 18, insurance included), fab4 (late
surrender), i18,fab4 (both), all (every cell of the chart, and
insurance). The two split decisions of the I18 (T,T v 5 and v 6) solve
one up card's hand graphs for that pair on every shoe, exact resplits
included (about 3.5 ms a shoe at 6 decks), the others a few hands: 600
shoes of the I18 and Fab 4 take about 7 s on two cores. The set all
solves the whole table on every shoe (about 150 ms a shoe at 6 decks on
one core: 600 shoes take about 48 s on two) and reports, for each
cell, every play that overtakes the basic one (the full shoe's best)
within the counts sampled: true counts -8..+8, fitted on at least 30
shoes and known to within one point (one standard error). A progress bar
shows on a terminal.

Counts: the built-in ones or custom tags ("A=-1,2=1,...,T=-1"). Balanced
counts are read as true counts, unbalanced ones (ko, red7, Itoh 2023's
itoh-pm1 and itoh-pm3) as running counts from (1 - decks) x their tags
per deck. The published values beside them are Hi-Lo's.`,
		Example: `  bjchart indices --rules "6D S17 DAS LS" --set i18,fab4 --shoes 200
  bjchart indices --rules "2D H17 DAS" --set i18 --shoes 150 --format json
  bjchart indices --rules "6D H17 DAS" --set all --format csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	o.index.bind(cmd, "hilo", "")
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func (o *indicesOptions) run(cmd *cobra.Command, e env) error {
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	rep, err := o.index.compute(e, r)
	if err != nil {
		return err
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return render.WriteJSON(b, rep)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}

// counting reports whether a count was asked for (--count or --tags).
func (f *indexFlags) counting() bool { return f.count != "" || f.tags != "" }

// system returns the count --count or --tags names.
func (f *indexFlags) system() (count.System, error) {
	return countSystem(f.count, f.tags, f.cmd.Flags().Changed("count"))
}

// countSystem returns the count that the --count and --tags flags name;
// countGiven says whether --count was given (it may have a default).
func countSystem(name, tags string, countGiven bool) (count.System, error) {
	if tags == "" {
		sys, err := count.ParseSystem(name)
		if err != nil {
			return sys, usagef("--count %q: %v", name, err)
		}
		return sys, nil
	}
	if countGiven {
		return count.System{}, usagef("--count and --tags both name the count; give one")
	}
	if !strings.Contains(tags, "=") {
		return count.System{}, usagef("--tags %q: want tags such as \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\" (a built-in count goes to --count)", tags)
	}
	sys, err := count.ParseSystem(tags)
	if err != nil {
		return sys, usagef("--tags %q: %v", tags, err)
	}
	return sys, nil
}

// An indexJob is a checked index computation.
type indexJob struct {
	sys       count.System
	rounding  count.Rounding
	decisions []count.Decision // nil for every cell (--set all)
	sets      []string
	pen       float64
	moment    count.Moment
}

// check checks the flags against the rules: what compute would refuse,
// found before anything is solved.
func (f *indexFlags) check(r solve.Rules) (indexJob, error) {
	var job indexJob
	var err error
	if job.sys, err = f.system(); err != nil {
		return job, err
	}
	if job.rounding, err = count.ParseRounding(f.round); err != nil {
		return job, usagef("--round: %v", err)
	}
	if job.moment, err = count.ParseMoment(f.countAt); err != nil {
		return job, usagef("--count-at: %v", err)
	}
	if f.set == "" {
		f.set = count.DefaultSet(r)
	}
	if job.sets, job.decisions, err = count.ParseSet(f.set); err != nil {
		return job, usagef("--set %q: %v", f.set, err)
	}
	if f.shoes < 50 || f.shoes > 1_000_000 {
		return job, usagef("--shoes %d: want 50 to 1000000", f.shoes)
	}
	if job.pen, err = parseFraction("penetration", f.penetration, "80%"); err != nil {
		return job, err
	}
	if err := count.CheckGame(r); err != nil {
		return job, usageError{err}
	}
	if err := count.CheckSets(r, job.sets); err != nil {
		return job, usagef("--set %s %v", f.set, err)
	}
	return job, nil
}

// compute checks the flags and computes the indices for the rules, with a
// progress bar on a terminal.
func (f *indexFlags) compute(e env, r solve.Rules) (*render.IndicesReport, error) {
	job, err := f.check(r)
	if err != nil {
		return nil, err
	}
	sys, rounding, decisions, sets, pen := job.sys, job.rounding, job.decisions, job.sets, job.pen
	bar := newProgress(e, int64(f.shoes), "sampling shoes", "shoes", progressbar.OptionShowCount())
	opt := count.Options{Shoes: f.shoes, Penetration: pen, Seed: f.seed, Progress: bar.Add, Moment: job.moment}
	var got []count.Index
	if sets[0] == "all" {
		got, err = count.AllCells(r, sys, opt)
	} else {
		got, err = count.Compute(r, sys, decisions, opt)
	}
	bar.Finish()
	if err != nil {
		return nil, err
	}
	return render.NewIndicesReport(r, sys, sets, rounding, job.moment, f.shoes, pen, f.seed, got), nil
}
