package main

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// ruleFlags are the --rules string and the flags that override single
// rules: the game's fields (solve.Game) as flags.
type ruleFlags struct {
	game solve.Game
}

func (f *ruleFlags) bind(cmd *cobra.Command) {
	var s param.Set
	f.game.Params(&s)
	bindParams(cmd, &s)
}

// resolve returns the rules: --rules first, then each flag that was given.
func (f *ruleFlags) resolve(*cobra.Command) (solve.Rules, error) {
	r, err := f.game.Resolve()
	return r, requestError(err)
}

// solveFlags are the flags that choose how to solve beyond the rules.
type solveFlags struct {
	shoe  string
	split string
}

func (f *solveFlags) bind(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.shoe, "shoe", "", "deal from this remaining shoe instead of full decks: ten counts of A,2..9,T (e.g. \"4,4,4,4,4,4,4,4,4,16\")")
	fl.StringVar(&f.split, "split", "cdz-", "post-split strategy of composition-dependent split EVs: cdz- or cdp1")
}

// options returns the solver options the flags ask for (solve.Request's
// reading of its shoe and split play).
func (f *solveFlags) options(r solve.Rules) (solve.Options, error) {
	opt, err := solve.Request{Shoe: f.shoe, Split: f.split}.Options(r)
	return opt, requestError(err)
}

// chartOptions are the options of the chart command (and of bjchart with
// no command).
type chartOptions struct {
	rules  ruleFlags
	solve  solveFlags
	ev     bool
	cd     bool
	format string
	color  string
	count  string
	tc     string
	rc     string
	tags   string
	dealt  string
}

func newChartOptions() *chartOptions { return &chartOptions{} }

func (o *chartOptions) bind(cmd *cobra.Command) {
	o.rules.bind(cmd)
	o.solve.bind(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&o.ev, "ev", false, "show the EV of every legal action in each cell (text format)")
	fl.BoolVar(&o.cd, "cd", false, "composition-dependent play: list the hands whose best play differs from the chart (text); with json or csv, the CD values of every two-card hand and every hand of three or more cards")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	fl.StringVar(&o.count, "count", "", "with --tc or --rc: the count (a built-in name or tags \"A=-1,2=1,...\")")
	fl.StringVar(&o.tags, "tags", "", "with --tc or --rc: a custom count's tags \"A=-1,2=1,...\" instead of --count")
	fl.StringVar(&o.tc, "tc", "", "solve the shoe a true count typically leaves (with a balanced --count), e.g. +3")
	fl.StringVar(&o.rc, "rc", "", "solve the shoe a running count typically leaves at --dealt (with --count; unbalanced counts from their initial count), e.g. -4")
	fl.StringVar(&o.dealt, "dealt", "50%", "with --tc or --rc: how much of the shoe has been dealt")
	enumVar(fl, &o.color, "color", "auto", "colour the text chart: %s (auto: on a terminal, unless NO_COLOR is set)", "auto", "always", "never")
	needs(cmd, "dealt", "tc", "rc")
}

func newChartCmd(e env) *cobra.Command {
	opts := newChartOptions()
	cmd := &cobra.Command{
		Use:   "chart",
		Short: "Print the basic-strategy chart for a rule set",
		Long: `Print the basic-strategy chart for a rule set: the hard, soft and pair
tables against every dealer up card, each cell holding the best play with
its fallback (Dh: double, else hit), and the house edge.`,
		Example: `  bjchart chart --rules "6D H17 DAS LS"
  bjchart chart --rules INF --ev
  bjchart chart --decks inf --surrender late --format csv
  bjchart chart --format json | jq '.cells[] | select(.hand == "16")'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return opts.run(cmd, e) },
	}
	opts.bind(cmd)
	return cmd
}

func (o *chartOptions) run(cmd *cobra.Command, e env) error {
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	color, err := colorMode(o.color, e)
	if err != nil {
		return err
	}
	write := map[string]func(*bytes.Buffer, *solve.Table) error{
		"text": func(b *bytes.Buffer, t *solve.Table) error {
			if err := render.Text(b, t, render.TextOptions{Color: color, EV: o.ev}); err != nil {
				return err
			}
			if o.cd {
				return render.Exceptions(b, t)
			}
			return nil
		},
		"json": func(b *bytes.Buffer, t *solve.Table) error { return render.JSON(b, t, render.DataOptions{CD: o.cd}) },
		"csv":  func(b *bytes.Buffer, t *solve.Table) error { return render.CSV(b, t, render.DataOptions{CD: o.cd}) },
	}[o.format]
	if write == nil {
		return usagef("--format %q: want text, json or csv", o.format)
	}
	if o.cd && o.format != "text" && r.Infinite() {
		return usagef("--cd with --format %s needs a finite deck count: in an infinite deck only totals matter", o.format)
	}
	opt, err := o.solve.options(r)
	if err != nil {
		return err
	}
	var header string
	if o.tc != "" || o.rc != "" || o.count != "" || o.tags != "" {
		sh, note, err := o.typicalShoe(r, opt)
		if err != nil {
			return err
		}
		opt.Shoe, header = &sh, note
	}
	t, err := solve.SolveWith(r, opt)
	if err != nil {
		return err
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if header != "" && o.format == "text" {
			b.WriteString(header + "\n")
		}
		return write(b, t)
	})
}

// typicalShoe returns the shoe --count (or --tags) and --tc or --rc ask
// for, and a line saying what it is.
func (o *chartOptions) typicalShoe(r solve.Rules, opt solve.Options) (solve.Shoe, string, error) {
	var sys count.System
	var err error
	if o.tags != "" { // custom tags are checked first, the name of a count last
		if sys, err = (count.IndicesRequest{Count: o.count, Tags: o.tags}).System(); err != nil {
			return solve.Shoe{}, "", requestError(err)
		}
	}
	if o.count == "" && o.tags == "" || (o.tc == "") == (o.rc == "") {
		return solve.Shoe{}, "", usagef("--count goes with one of --tc and --rc: the chart for the shoe a count leaves")
	}
	if opt.Shoe != nil || r.Infinite() || r.FullShoe() != solve.NewShoe(r.Decks) {
		return solve.Shoe{}, "", usagef("--tc and --rc need full 52-card decks to deal from (not --shoe, INF, SPANISH or DECK=)")
	}
	if o.tags == "" {
		if sys, err = (count.IndicesRequest{Count: o.count}).System(); err != nil {
			return solve.Shoe{}, "", requestError(err)
		}
	}
	dealt, err := parseFraction("dealt", o.dealt, "50%")
	if err != nil {
		return solve.Shoe{}, "", err
	}
	// One of a running count, at any count, and a true count, at a
	// balanced one.
	kind, flag, given, limit, example, format := "running", "rc", o.rc, 1000.0, "-4", "%+g"
	typical, reading := count.TypicalShoeRC, count.RunningCount
	if o.tc != "" {
		if !sys.Balanced() {
			return solve.Shoe{}, "", usagef("--tc with %s: an unbalanced count has no true count; give its running count with --rc", sys.Name)
		}
		kind, flag, given, limit, example, format = "true", "tc", o.tc, 20, "+3", "%+.2f"
		typical, reading = count.TypicalShoe, count.TrueCount
	}
	c, err := strconv.ParseFloat(given, 64)
	if err != nil || math.IsNaN(c) || math.IsInf(c, 0) || math.Abs(c) > limit {
		return solve.Shoe{}, "", usagef("--%s %q: want a %s count from -%g to +%g, e.g. %s", flag, given, kind, limit, limit, example)
	}
	sh, err := typical(r.Decks, sys, c, dealt)
	if err != nil {
		return solve.Shoe{}, "", usageError{err}
	}
	return sh, fmt.Sprintf("the shoe a %s %s count of %+g typically leaves with %g%% dealt (%s count "+format+" in whole cards)",
		sys.Name, kind, c, 100*dealt, kind, reading(r.Decks, sys, sh)), nil
}
