package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
	"bjchart/solve/simreport"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type simOptions struct {
	req      simreport.Request // the game, rounds, seed, shuffle, players, count and ramp; the bankroll
	fields   param.Set         // req's fields, bound as flags
	shoe     solveFlags
	seats    []string
	strategy string
	format   string
	insureAt string
	indices  string
	scope    string // --index-scope
	plot     string
	preset   string
	shard    string
	search   searchFlags
	// unknownNotes says, for each published chart played that prints ?
	// in some cells, how those cells are played (simStrategy).
	unknownNotes map[string]string
}

// searchFlags set Itoh 2023's tree search (--strategy emcts).
type searchFlags struct {
	playouts  int
	c         float64
	reward    string
	threshold int
	chart     string // the playouts' strategy
	tree      string
	backup    string
	chance    string
}

func (f *searchFlags) bind(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.IntVar(&f.playouts, "playouts", 10000, "with --strategy emcts: playouts per decision")
	fl.Float64Var(&f.c, "c", 3, "with --strategy emcts: UCB's exploration constant C")
	fl.StringVar(&f.reward, "reward", "table7", "with --strategy emcts: the playouts' reward, winlose (1 for a win, else 0) or table7 (Itoh 2023's 0..8)")
	fl.IntVar(&f.threshold, "threshold", 5, "with --strategy emcts: playouts a leaf takes before it is expanded")
	fl.StringVar(&f.chart, "playout-chart", "solved", "with --strategy emcts: the basic strategy the playouts play: solved or a published chart's name or file")
	fl.StringVar(&f.tree, "tree", "actions", "with --strategy emcts: the tree's arcs, actions (Itoh 2023's) or cards (a chance node per rank drawn after a hit, as the patience-game search it grew from)")
	fl.StringVar(&f.backup, "backup", "mean", "with --strategy emcts: a node's value, mean (of every playout through it, UCT's) or max (a decision takes its best child's, a chance node its children's weighted by --chance)")
	fl.StringVar(&f.chance, "chance", "visits", "with --tree cards --backup max: a chance node's children weighed by visits (how often each rank was dealt there, the patience-game search's) or exact (each rank's chance given the unseen cards)")
}

// changed says whether any search flag was given.
func (f *searchFlags) changed(cmd *cobra.Command) string {
	for _, n := range []string{"playouts", "c", "reward", "threshold", "playout-chart", "tree", "backup", "chance"} {
		if cmd.Flags().Changed(n) {
			return n
		}
	}
	return ""
}

// params reads the search's settings (sim.SearchSettings').
func (f *searchFlags) params() (sim.EMCTSParams, error) {
	p, err := sim.SearchSettings{Playouts: f.playouts, C: f.c, Reward: f.reward, Threshold: f.threshold, Tree: f.tree, Backup: f.backup, Chance: f.chance}.Params()
	return p, requestError(err)
}

func newSimCmd(e env) *cobra.Command {
	o := &simOptions{shoe: solveFlags{split: "cdz-"}, req: simreport.DefaultRequest()}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Simulate rounds from a real shoe, every figure with its error bar",
		Long: `Deal rounds card by card from a shuffled shoe and play them by a chart:
the solved chart for the rules (default) or a published one. Every figure
comes with its standard error and 95% interval, the seed makes a run
reproducible whatever the number of cores, and the chart's exact EV with
a fresh shoe every round is printed beside the simulated one.

More: 'bjchart help simulation'.`,
		Example: `  bjchart sim --rules "6D H17 DAS LS" --rounds 10M
  bjchart sim --rules 6D --csm --rounds 20M --seed 7
  bjchart sim --rules "2D S17" --penetration 65% --strategy wizard-2d-s17-das-ls --format json
  bjchart sim --rules "1D S17 DAS LS" --penetration 80% --strategy optimal --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --c 3 --reward table7 --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --tree cards --backup max --rounds 2000
  bjchart sim --preset itoh-2023-t12 --players 1 --decks 1`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	cmd.AddCommand(newSimMergeCmd(e))
	o.req.Params(&o.fields)
	bindParams(cmd, &o.fields)
	fl := cmd.Flags()
	fl.StringVar(&o.shoe.shoe, "shoe", "", "deal from this shoe instead of full decks: ten counts of A,2..9,T")
	fl.StringVar(&o.strategy, "strategy", "solved", "what the players play: solved (the best chart for the rules), cd (composition-dependent play for a full shoe, splits CDZ-), optimal (the exact best play for the cards not yet seen, decision by decision), emcts (Itoh 2023's tree search; see --playouts, --c, --reward), or a published chart's name or file")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	fl.StringArrayVar(&o.seats, "seat", nil, "a seat of its own, once per seat (then the players): \"strategy=cd; ramp=-100:1,2:4; indices=published; insure-at=3\", any part left out as the run's")
	fl.StringVar(&o.scope, "index-scope", "card", "with --indices: where they are taken: card (wherever the counter's card prints them: split hands, hands of three or more cards, pairs played by their total, the hand not surrendered) or first (the first play of an unsplit two-card hand only, as many published simulations)")
	fl.StringVar(&o.indices, "indices", "", "with --count hilo: play the Illustrious 18 and Fab 4 by the count: published (their published indices), computed (bjchart's, 600 shoes; some seconds), or a file written by 'bjchart indices --format json'")
	fl.StringVar(&o.insureAt, "insure-at", "", "with --count: take insurance against an ace at this count or more (Hi-Lo: 3)")
	fl.StringVar(&o.plot, "plot", "", "with --count: draw the EV by count with error bars to this file (.png, .svg or .pdf)")
	fl.StringVar(&o.shard, "shard", "", "run part i of n (\"i/n\", i from 1) of a run split across machines; merge the JSON outputs with 'bjchart sim merge'")
	fl.StringVar(&o.preset, "preset", "", "Itoh 2023's experiments, with --players 1|4 and --decks 1|6: itoh-2023-t8 (basic strategy, flat 250), t9 (eMCTS win/lose, C=1), t10 (eMCTS table 7, C=3), t11 (basic strategy with its count and bet table), t12 (eMCTS table 7, C=3, with the count)")
	o.search.bind(cmd)
	return cmd
}

func (o *simOptions) run(cmd *cobra.Command, e env) error {
	req := o.req
	if o.preset == "itoh-2023-t11" || o.preset == "itoh-2023-t12" {
		req.Bankroll = 0 // these presets count themselves: the bankroll is checked with their count below
	}
	checked, err := req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	job := checked.Sim
	r, rounds, pen := job.Rules, job.Rounds, job.Penetration
	var indexSet *simreport.IndexPlaySet // the --indices played, for the report
	var ref *sim.ItohRow
	cfg := sim.Config{Players: job.Players, Seed: job.Seed, Count: job.Count, Ramp: job.Ramp, Stop: cmd.Context().Done()}
	if o.preset != "" {
		if ref, err = o.applyPreset(cmd, &r, &cfg, &pen); err != nil {
			return err
		}
		if !o.fields.Given("rounds") {
			rounds = ref.Rounds
		}
	}
	if (o.plot != "" || o.req.Bankroll != 0) && o.req.Sim.Count == "" && o.preset != "itoh-2023-t11" && o.preset != "itoh-2023-t12" {
		return usagef("--plot and --bankroll need --count: they report a counting game")
	}
	if o.fields.Given("bankroll") && !(o.req.Bankroll > 0 && o.req.Bankroll <= simreport.MaxBankroll) { // 0 given is no bankroll
		return usagef("--bankroll %v: want more than 0 units, at most 10^12", o.req.Bankroll)
	}
	if o.plot != "" {
		if err := checkWritable(o.plot); err != nil {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(o.plot)); ext != ".png" && ext != ".svg" && ext != ".pdf" {
			return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", o.plot, ext)
		}
	}
	if o.insureAt != "" {
		x, err := strconv.ParseFloat(o.insureAt, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return usagef("--insure-at %q: want a count, e.g. 3", o.insureAt)
		}
		if cfg.Count == nil {
			return usagef("--insure-at needs --count: insurance goes by the count")
		}
		cfg.InsureAt = &x
	}
	if _, ok := sim.IndexScopes[o.scope]; !ok {
		return usagef("--index-scope %q: want card or first", o.scope)
	}
	if o.indices != "" {
		if o.req.Sim.Count != "hilo" {
			return usagef("--indices needs --count hilo: the index sets are Hi-Lo's")
		}
		plays, insure, set, err := indexPlays(o.indices, r)
		if err != nil {
			return err
		}
		cfg.Indices, cfg.IndexScope, indexSet = plays, sim.IndexScopes[o.scope], set
		set.Scope = simreport.IndexScopeText[o.scope]
		if cfg.InsureAt == nil {
			cfg.InsureAt = &insure
		}
	}
	opt, err := o.shoe.options(r)
	if err != nil {
		return err
	}
	charted, err := o.checkBeforeSolving()
	if err != nil {
		return err
	}
	opt.TableOnly = !charted // a published chart is valued against the solve
	s, err := solve.NewSolver(r, opt)
	if err != nil {
		return err
	}
	if f := o.search.changed(cmd); f != "" && o.strategy != "emcts" && !strings.Contains(strings.Join(o.seats, ";"), "emcts") {
		return usagef("--%s is a setting of the tree search: it needs --strategy emcts", f)
	}
	strat, exact, err := o.strategyFor(s, o.strategy)
	if err != nil {
		return err
	}
	exactOf := exactOfStrategy(o.strategy)
	if cfg.Seats, err = o.seatPlayers(s, r, cfg.Count != nil); err != nil {
		return err
	}
	cfg.Rules, cfg.Shoe, cfg.Penetration, cfg.Rounds = r, opt.Shoe, pen, rounds
	if err := o.shardConfig(&cfg, rounds); err != nil {
		return err
	}
	shoe := ""
	if opt.Shoe != nil && *opt.Shoe != r.FullShoe() {
		shoe = opt.Shoe.String()
	}
	head := simreport.Head(render.RulesWithShoe(r.String(), shoe), shoe, o.strategyName(), job.Seed, cfg, o.req.Sim.Ramp)
	head.ExactOf, head.IndexPlays = exactOf, indexSet
	plan := simreport.Plan{Config: cfg, Strategy: strat, Head: head, Exact: exact, Bankroll: o.req.Bankroll}
	bar := newProgress(e, cfg.Rounds, "dealing", "rounds", progressbar.OptionShowIts(), progressbar.OptionSetItsString("rounds"))
	played, err := plan.Run(cmd.Context(), bar.SetOf)
	if err != nil {
		return usageError{err}
	}
	bar.Finish()
	report, err := o.report(cmd, played, cfg, ref)
	if err != nil {
		return err
	}
	if o.plot != "" {
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error {
			cp, err := render.NewCountPlot(report)
			if err != nil {
				return err
			}
			return draw.CountPlot(b, strings.TrimPrefix(strings.ToLower(filepath.Ext(o.plot)), "."), cp)
		}); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			return render.WriteJSON(b, report)
		}
		return render.SimText(b, report)
	})
}

// report completes a played run's report (simreport.Plan.Run's): the
// part's label and fingerprint with --shard (then sealed), each seat's
// rows and the paper's figure beside a preset's.
func (o *simOptions) report(cmd *cobra.Command, report simreport.Report, cfg sim.Config, ref *sim.ItohRow) (simreport.Report, error) {
	res := *report.Sums
	report.Shard = o.shard
	if o.shard != "" {
		var err error
		if report.Fingerprint, err = runFingerprint(cmd); err != nil {
			return report, err
		}
	}
	var seats []simreport.SeatRow
	for i, spec := range o.seats {
		for chart, note := range o.unknownNotes {
			if strings.Contains(spec, "strategy="+chart) {
				spec += " (" + chart + ": " + note + ")"
			}
		}
		seats = append(seats, simreport.SeatRow{Seat: i + 1, Spec: spec})
	}
	report.SeatResults = simreport.SeatRows(res, seats)
	if ref != nil {
		report.Reference = simreport.NewPaperRef(ref.Source(), ref.Rounds, ref.Payout, report)
	}
	if o.shard != "" {
		report.Seal = simreport.Seal(report)
	}
	return report, nil
}

// seatPlayers reads the --seat specs as the table's players; counting
// says a count is kept (a seat's ramp, indices and insurance need one).
func (o *simOptions) seatPlayers(s *solve.Solver, r solve.Rules, counting bool) ([]sim.Player, error) {
	var seats []sim.Player
	for i, spec := range o.seats {
		seat, err := o.parseSeat(s, r, spec)
		if err != nil {
			return nil, usagef("--seat %q (seat %d): %v", spec, i+1, err)
		}
		if (seat.Ramp != nil || seat.Indices != nil || seat.InsureAt != nil) && !counting {
			return nil, usagef("--seat %q: a ramp, indices or insurance needs --count", spec)
		}
		seat.IndexScope = sim.IndexScopes[o.scope]
		seats = append(seats, seat)
	}
	if len(o.seats) > sim.MaxPlayers {
		return nil, usagef("--seat given %d times: at most %d seats", len(o.seats), sim.MaxPlayers)
	}
	if len(o.seats) > 0 && o.fields.Given("players") && o.req.Sim.Players != len(o.seats) {
		return nil, usagef("--players %d but --seat given %d times: the seats are the players", o.req.Sim.Players, len(o.seats))
	}
	return seats, nil
}

// shardConfig sets cfg to play part i of --shard i/n: its share of the
// rounds, on its own random streams.
func (o *simOptions) shardConfig(cfg *sim.Config, rounds int64) error {
	if o.shard == "" {
		return nil
	}
	i, n, err := sim.ParseShard(o.shard)
	if err != nil {
		return usagef("--shard %q: %v", o.shard, err)
	}
	if o.format != "json" {
		return usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
	}
	if rounds < int64(n) {
		return usagef("--shard %s with --rounds %d: fewer rounds than parts; give at least %d rounds", o.shard, rounds, n)
	}
	cfg.Rounds = rounds
	*cfg = cfg.Part(i, n)
	return nil
}

// applyPreset sets up Itoh 2023's experiments (section 6; sim.ItohGame
// has the game): its basic strategy (the library chart
// itoh-2023-1to6deck), or for tables 9, 10 and 12 its tree search
// (section 5) at its settings: 10,000 playouts, threshold 5, the basic
// strategy in the playouts, win/lose reward with C = 1 (table 9) or table
// 7's with C = 3; --c, --playouts and --threshold may change them (table
// 14 has table 12's game at C = 1, 2 and 4).
func (o *simOptions) applyPreset(cmd *cobra.Command, r *solve.Rules, cfg *sim.Config, pen *float64) (*sim.ItohRow, error) {
	table, ok := strings.CutPrefix(o.preset, "itoh-2023-")
	set, known := sim.ItohTables[table]
	if !ok || !known {
		return nil, usagef("--preset %q: want itoh-2023-t8, -t9, -t10, -t11 or -t12", o.preset)
	}
	for _, f := range []string{"strategy", "count", "ramp", "penetration", "csm", "rules", "shoe", "reward", "playout-chart"} {
		if cmd.Flags().Changed(f) {
			return nil, usagef("--preset %s sets --%s itself; leave it out", o.preset, f)
		}
	}
	if f := o.search.changed(cmd); f != "" && !set.Search {
		return nil, usagef("--preset %s plays basic strategy: --%s is a setting of the tree search (tables 9, 10 and 12)", o.preset, f)
	}
	o.strategy = "itoh-2023-1to6deck"
	if set.Search {
		o.strategy, o.search.reward, o.search.chart = "emcts", set.Reward, "itoh-2023-1to6deck"
		if !cmd.Flags().Changed("c") {
			o.search.c = map[string]float64{"winlose": 1, "table7": 3}[set.Reward]
		}
	}
	row := sim.FindItohRow(table, o.req.Sim.Players, r.Decks, o.search.c)
	if row == nil {
		return nil, usagef("--preset %s: the paper has 1 or 4 players and 1 or 6 decks; got --players %d, %d decks", o.preset, o.req.Sim.Players, r.Decks)
	}
	rules, ramp, err := sim.ItohGame(table, o.req.Sim.Players, r.Decks, cfg)
	if err != nil {
		return nil, err
	}
	*r, *pen, o.req.Sim.Ramp, o.req.Sim.Count = rules, 0, ramp, ""
	return row, nil
}

func newSimMergeCmd(e env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the JSON outputs of a run split with --shard",
		Long: `Combine the parts of a simulation split across machines with --shard i/n
(each written with --format json): the sums of every part add up exactly,
and the result is reported as one run. Every part must be there once, and
all must come from the same command but for --shard.`,
		Example: `  bjchart sim --rounds 2M --shard 1/2 --format json > part1.json
  bjchart sim --rounds 2M --shard 2/2 --format json > part2.json
  bjchart sim merge part1.json part2.json`,
		Args: argsBetween(1, -1, "the JSON files of the parts"),
		RunE: func(cmd *cobra.Command, args []string) error {
			merged, err := mergeSimParts(cmd.Context(), args)
			var re *charts.ReadError
			switch {
			case errors.As(err, &re):
				return err // a part that cannot be read (exit 1)
			case err != nil:
				return usageError{err}
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error {
				if format == "json" {
					return render.WriteJSON(b, merged)
				}
				return render.SimText(b, merged)
			})
		},
	}
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

// mergeSimParts reads and merges a split run's parts (simreport.MergeRequest).
func mergeSimParts(ctx context.Context, parts []string) (simreport.Report, error) {
	job, err := simreport.MergeRequest{Parts: parts}.Check(readPart)
	if err != nil {
		return simreport.Report{}, err
	}
	return job.Run(ctx, nil)
}

// maxPartFile bounds a part's size: a part is a few kilobytes.
const maxPartFile = 1 << 20

// readPart reads a part's file for 'sim merge' (partReader).
var readPart = partReader(maxPartFile, "a part is a few kilobytes")

// partReader reads the files of a split run's parts, each up to limit
// bytes (why says what a part holds): a missing or unreadable one is an
// error of the file (exit 1), not of its content.
func partReader(limit int64, why string) func(f string) ([]byte, error) {
	return func(f string) ([]byte, error) {
		data, err := readCapped(f, limit, why)
		if errors.Is(err, fs.ErrNotExist) {
			err = &charts.ReadError{File: f, Err: fmt.Errorf("no such file")}
		}
		return data, err
	}
}

// runFingerprint identifies a run: the program's version, every option
// of the command but --shard and the output's (--format, --plot), and the
// content of every file an option names (a chart, an indices file, in a
// --seat too), so that 'sim merge' refuses parts of different runs.
func runFingerprint(cmd *cobra.Command) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "version %s\n", buildVersion())
	var err error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		switch f.Name {
		case "shard", "format", "plot", "help", "progress":
			return
		}
		fmt.Fprintf(h, "flag %s=%q\n", f.Name, f.Value.String())
		var values []string
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			values = sv.GetSlice()
		} else {
			values = []string{f.Value.String()}
		}
		for _, v := range values {
			for _, word := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ' ' || r == '=' }) {
				if st, e := os.Stat(word); e == nil && st.Mode().IsRegular() {
					data, e := readCapped(word, charts.MaxFile+maxPartFile, "an input file is at most a megabyte")
					if e != nil && err == nil {
						err = e
					}
					fmt.Fprintf(h, "file %q sha256 %x\n", word, sha256.Sum256(data))
				}
			}
		}
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

// indexPlays returns the Hi-Lo I18 and Fab 4 as the simulator's index
// plays (the Fab 4 first: a surrender index outranks a hit/stand one), at
// their published values or at bjchart's own, or the plays of an indices
// file; the insurance index; and the set as the report lists it. Every
// entry of a file is played or named: a bad one is an error, one the
// simulator does not play (soft hands, hands of three or more cards, no
// index) is listed as not played.
func indexPlays(source string, r solve.Rules) ([]sim.IndexPlay, float64, *simreport.IndexPlaySet, error) {
	decisions := append(append([]count.Decision{}, count.Fab4...), count.I18...)
	at := make([]float64, len(decisions))
	set := &simreport.IndexPlaySet{Source: source}
	switch source {
	case "published":
		set.Source = "the published I18 and Fab 4 (Schlesinger, Blackjack Attack)"
		for i, d := range decisions {
			at[i] = d.Published
		}
	case "computed":
		set.Source = "the I18 and Fab 4 as bjchart computes them for these rules (600 shoes, seed 1)"
		got, err := count.Compute(r, count.HiLo, decisions, count.Options{Shoes: 600, Penetration: 0.8, Seed: 1})
		if err != nil {
			return nil, 0, nil, err
		}
		for i, x := range got {
			at[i] = x.Index
		}
	default:
		var err error
		if decisions, at, err = readIndicesFile(source, r, set); err != nil {
			return nil, 0, nil, err
		}
	}
	plays, insure := sim.IndexPlays(decisions, at)
	for i, d := range decisions {
		if math.IsNaN(at[i]) {
			set.NotPlayed = append(set.NotPlayed, indexName(d)+": no index")
			continue
		}
		set.InPlay = append(set.InPlay, fmt.Sprintf("%s %s at %+.2f", indexName(d), d.Play, at[i]))
	}
	return plays, insure, set, nil
}

// indexName names an index's decision: "16 v T", "surrender 15 v 9".
func indexName(d count.Decision) string {
	switch d.Table {
	case "insurance":
		return "insurance"
	case "surrender":
		return "surrender " + d.Hand + " v " + d.Up.String()
	}
	return d.Hand + " v " + d.Up.String()
}

// readIndicesFile reads the JSON output of 'bjchart indices --count hilo'
// as index plays: every entry is checked (count.Decision.Check, a finite
// index within ±count.MaxIndex, no decision twice), and the entries the
// simulator does not play are listed in set.
func readIndicesFile(file string, r solve.Rules, set *simreport.IndexPlaySet) ([]count.Decision, []float64, error) {
	data, err := readCapped(file, maxPartFile, "an indices file is a few kilobytes")
	var re *charts.ReadError
	if errors.As(err, &re) {
		return nil, nil, err // a file that cannot be read (exit 1)
	}
	if err != nil {
		return nil, nil, usagef("--indices %q: want published, computed or the JSON output of 'bjchart indices' (%v)", file, err)
	}
	var rep render.IndicesReport
	if err := json.Unmarshal(data, &rep); err != nil || rep.Count != "hilo" || len(rep.Indices) == 0 {
		return nil, nil, usagef("--indices %s: not the JSON output of 'bjchart indices --count hilo --format json'", file)
	}
	if rr, err := solve.ParseRules(rep.Rules); err != nil {
		return nil, nil, usagef("--indices %s: rules %q: %v", file, rep.Rules, err)
	} else if rr.String() != r.String() {
		set.ComputedFor = rr.String()
	}
	set.Source = file
	var decisions []count.Decision
	var at []float64
	seen := map[string]int{}
	for k, x := range rep.Indices {
		entry := fmt.Sprintf("--indices %s: entry %d (%s %s v %s)", file, k+1, x.Table, x.Hand, x.Up)
		up, err := solve.ParseRank(x.Up)
		if err != nil {
			return nil, nil, usagef("%s: up card %q: want 2 to 9, T or A", entry, x.Up)
		}
		d := count.Decision{Table: x.Table, Hand: x.Hand, Up: up, Base: x.Base, Play: x.Play, MultiCard: x.MultiCard}
		if err := d.Check(); err != nil {
			return nil, nil, usagef("%s: %v", entry, err)
		}
		key := fmt.Sprintf("%s %s v %s, three or more cards %t", d.Table, d.Hand, d.Up, d.MultiCard)
		if prev, dup := seen[key]; dup {
			return nil, nil, usagef("%s: the same decision as entry %d; give each decision once", entry, prev)
		}
		seen[key] = k + 1
		if x.Index != nil && (math.IsNaN(*x.Index) || math.Abs(*x.Index) > count.MaxIndex) {
			return nil, nil, usagef("%s: index %g: want a true count from -%d to +%d", entry, *x.Index, count.MaxIndex, count.MaxIndex)
		}
		switch {
		case x.MultiCard:
			set.NotPlayed = append(set.NotPlayed, indexName(d)+", three or more cards: the simulator plays a total's two-card index, on hands of more cards too (--index-scope card)")
			continue
		case x.Table == "soft":
			set.NotPlayed = append(set.NotPlayed, indexName(d)+" soft: the simulator plays hard, pair, surrender and insurance indices")
			continue
		}
		index := math.NaN() // no crossing: the chart plays
		if x.Index != nil {
			index = *x.Index
		}
		decisions = append(decisions, d)
		at = append(at, index)
	}
	return decisions, at, nil
}

// exactOfStrategy names what the exact EV beside a strategy's
// simulation is of, when not of the strategy itself.
func exactOfStrategy(name string) string {
	switch name {
	case "optimal":
		return "composition-dependent play (CDZ-)"
	case "emcts":
		return "the playouts' chart"
	}
	return ""
}

// strategyName is the strategy as the report names it: the search's with
// its settings.
func (o *simOptions) strategyName() string {
	if o.strategy != "emcts" {
		return o.withUnknownNote(o.strategy)
	}
	f := o.search
	p, _ := f.params() // checked before the run; the name is the settings' own
	return fmt.Sprintf("emcts (tree %s, %d playouts, C=%g, reward %s, threshold %d, playouts by %s)", p, f.playouts, f.c, f.reward, f.threshold, o.withUnknownNote(f.chart))
}

// withUnknownNote names a chart played, with how its cells printed ? are
// played when it has any.
func (o *simOptions) withUnknownNote(chart string) string {
	if note := o.unknownNotes[chart]; note != "" {
		return chart + " (" + note + ")"
	}
	return chart
}

// noteUnknown keeps a chart's note on its unknown cells for the report.
func (o *simOptions) noteUnknown(chart, note string) {
	if note == "" {
		return
	}
	if o.unknownNotes == nil {
		o.unknownNotes = map[string]string{}
	}
	o.unknownNotes[chart] = note
}

// strategyFor returns the strategy a --strategy value names and its
// exact EV with a fresh shoe every round (for optimal, composition-
// dependent play's; for emcts, its playouts' chart's).
func (o *simOptions) strategyFor(s *solve.Solver, name string) (sim.Strategy, float64, error) {
	switch name {
	case "optimal":
		r := s.Table().Rules
		if r.Infinite() || r.HoleCard != solve.Peek || r.Surrender == solve.EarlySurrender {
			return nil, 0, usagef("--strategy optimal plays finite shoes with a peek (PEEK) and no early surrender; the rules are %s", r)
		}
		cd := s.Table().CDEV[solve.CDZMinus]
		return sim.NewOptimal(r), cd, nil
	case "emcts":
		p, err := o.search.params()
		if err != nil {
			return nil, 0, err
		}
		chart, ev, note, err := simStrategy(s, o.search.chart)
		if err != nil {
			return nil, 0, err
		}
		o.noteUnknown(o.search.chart, note)
		ch, ok := chart.(*sim.Chart)
		if !ok {
			return nil, 0, usagef("--playout-chart %q: want solved or a chart's name or file", o.search.chart)
		}
		e, err := sim.NewEMCTS(s.Table().Rules, ch, p)
		if err != nil {
			return nil, 0, usageError{err}
		}
		return e, ev, nil
	}
	strat, ev, note, err := simStrategy(s, name)
	o.noteUnknown(name, note)
	return strat, ev, err
}

// simStrategy returns the chart (or CD play) a --strategy value names and
// its exact EV with a fresh shoe every round. A published chart's cells
// printed ? are played as the solution plays them, and note says so for
// the report ("" when the chart prints none); a chart of nothing but ? is
// refused.
func simStrategy(s *solve.Solver, name string) (strat sim.Strategy, ev float64, note string, err error) {
	played := s.Table()
	switch name {
	case "cd":
		cd, err := sim.NewCD(played)
		if err != nil {
			return nil, 0, "", usagef("--strategy cd: %v", err)
		}
		return cd, played.CDEV[solve.CDZMinus], "", nil
	case "solved":
	default:
		c, err := charts.Load(name)
		if err != nil {
			return nil, 0, "", chartError(err)
		}
		d, err := charts.Compare(s, c, charts.DefaultTie)
		if err != nil {
			return nil, 0, "", usageError{err}
		}
		played, note = d.Published, d.UnknownNote()
	}
	ch, err := sim.NewChart(played)
	if err != nil {
		return nil, 0, "", err
	}
	return ch, played.EV, note, nil
}

// checkBeforeSolving finds what is wrong with the options that need no
// solve to tell (the shard, the strategies named, the tree search's
// settings, each seat's keys and values), so that a mistake is reported
// at once, not after the seconds a solve takes. It also tells whether a
// published chart is played: only then is a chart valued against the
// solve (Solver.Evaluate).
func (o *simOptions) checkBeforeSolving() (bool, error) {
	if o.shard != "" {
		if _, _, err := sim.ParseShard(o.shard); err != nil {
			return false, usagef("--shard %q: %v", o.shard, err)
		}
		if o.format != "json" {
			return false, usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
		}
	}
	strategies := []string{o.strategy}
	for i, spec := range o.seats {
		given := map[string]bool{}
		for _, part := range strings.Split(spec, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			var err error
			switch {
			case strings.TrimSpace(part) == "":
				continue
			case given[k]:
				err = fmt.Errorf("%s given twice; give each of strategy, ramp, indices and insure-at once", k)
			case ok && v == "":
				err = fmt.Errorf("%s= has no value", k)
			case !ok:
				err = fmt.Errorf("%q is not key=value; want strategy, ramp, indices or insure-at", part)
			case k == "strategy":
				strategies = append(strategies, v)
			case k == "ramp":
				_, err = sim.ParseRamp(v)
			case k == "indices":
				if v != "published" && v != "computed" {
					_, err = readCapped(v, maxPartFile, "an indices file is a few kilobytes")
				}
			case k == "insure-at":
				if x, perr := strconv.ParseFloat(v, 64); perr != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					err = fmt.Errorf("insure-at %q: want a count", v)
				}
			default:
				err = fmt.Errorf("unknown key %q; want strategy, ramp, indices or insure-at", k)
			}
			if err != nil {
				return false, usagef("--seat %q (seat %d): %v", spec, i+1, err)
			}
			given[k] = true
		}
	}
	charted := false
	for _, name := range strategies {
		switch name {
		case "solved", "cd", "optimal":
		case "emcts":
			if _, err := o.search.params(); err != nil {
				return false, err
			}
			if c := o.search.chart; c != "solved" {
				if _, err := charts.Load(c); err != nil {
					return false, usagef("--playout-chart %q: %v", c, err)
				}
				charted = true
			}
		default:
			if _, err := charts.Load(name); err != nil {
				return false, chartError(err)
			}
			charted = true
		}
	}
	return charted, nil
}

// parseSeat reads "strategy=cd; ramp=-100:1,2:4; indices=published;
// insure-at=3".
func (o *simOptions) parseSeat(s *solve.Solver, r solve.Rules, spec string) (sim.Player, error) {
	var p sim.Player
	for _, part := range strings.Split(spec, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return p, fmt.Errorf("%q is not key=value; want strategy, ramp, indices or insure-at", part)
		}
		var err error
		switch strings.TrimSpace(k) {
		case "strategy":
			p.Strategy, _, err = o.strategyFor(s, strings.TrimSpace(v))
		case "ramp":
			p.Ramp, err = sim.ParseRamp(v)
		case "indices":
			var at float64
			p.Indices, at, _, err = indexPlays(strings.TrimSpace(v), r)
			if p.InsureAt == nil && err == nil {
				p.InsureAt = &at
			}
		case "insure-at":
			x, perr := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if perr != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return p, fmt.Errorf("insure-at %q: want a count", v)
			}
			p.InsureAt = &x
		default:
			return p, fmt.Errorf("unknown key %q; want strategy, ramp, indices or insure-at", k)
		}
		if err != nil {
			return p, err
		}
	}
	return p, nil
}
