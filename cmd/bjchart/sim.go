package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/sim"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type simOptions struct {
	rules       ruleFlags
	shoe        solveFlags
	rounds      string
	seats       []string
	seed        uint64
	penetration string
	csm         bool
	strategy    string
	format      string
	players     int
	bankroll    float64
	insureAt    string
	indices     string
	plot        string
	count       string
	ramp        string
	preset      string
	shard       string
	search      searchFlags
}

// searchFlags set seed 001's tree search (--strategy emcts).
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

// params reads the search's settings.
func (f *searchFlags) params() (sim.EMCTSParams, error) {
	p := sim.EMCTSParams{Playouts: f.playouts, C: f.c, Threshold: f.threshold}
	switch f.reward {
	case "winlose":
		p.Reward = sim.WinLose
	case "table7":
		p.Reward = sim.Table7
	default:
		return p, usagef("--reward %q: want winlose or table7", f.reward)
	}
	var err error
	if p.Tree, p.Backup, p.Chance, err = treeSettings(f.tree, f.backup, f.chance); err != nil {
		return p, err
	}
	switch {
	case f.playouts < 1 || f.playouts > 100_000_000:
		return p, usagef("--playouts %d: want 1 to 100,000,000", f.playouts)
	case !(f.c >= 0) || math.IsInf(f.c, 0):
		return p, usagef("--c %v: want a constant of 0 or more", f.c)
	case f.threshold < 1:
		return p, usagef("--threshold %d: want at least 1", f.threshold)
	}
	return p, nil
}

// treeSettings reads the tree search's shape: --tree, --backup, --chance.
func treeSettings(tree, backup, chance string) (sim.Tree, sim.Backup, sim.Chance, error) {
	t, ok1 := map[string]sim.Tree{"actions": sim.ActionTree, "cards": sim.CardTree}[tree]
	b, ok2 := map[string]sim.Backup{"mean": sim.MeanBackup, "max": sim.MaxBackup}[backup]
	c, ok3 := map[string]sim.Chance{"visits": sim.VisitWeights, "exact": sim.ExactWeights}[chance]
	switch {
	case !ok1:
		return t, b, c, usagef("--tree %q: want actions or cards", tree)
	case !ok2:
		return t, b, c, usagef("--backup %q: want mean or max", backup)
	case !ok3:
		return t, b, c, usagef("--chance %q: want visits or exact", chance)
	}
	return t, b, c, nil
}

// parseCountSystem reads a built-in count's name or tags "A=-1,2=1,..."
// (count.ParseSystem) as the simulator's count.
func parseCountSystem(s string, decks int) (*sim.Count, error) {
	sys, err := count.ParseSystem(s)
	if err != nil {
		return nil, err
	}
	c := &sim.Count{Name: sys.Name, Tags: sys.Tags, Balanced: sys.Balanced()}
	if !c.Balanced {
		c.IRC = sys.IRC(decks) // 4 - 4 x decks for the +4-per-deck counts
	}
	return c, nil
}

// parseRamp reads "COUNT:BET,...", e.g. "-100:1,2:2,3:4,4:8".
// A ramp's bounds: a bet of 10^6 units squared over 10^15 rounds stays far
// inside a float's range (1e308 overflowed the sums to NaN); counts beyond
// a few hundred are never reached.
const (
	maxBet       = 1e6
	maxRampCount = 1000
)

func parseRamp(s string) ([]sim.Step, error) {
	var ramp []sim.Step
	for _, f := range strings.Split(s, ",") {
		c, b, ok := strings.Cut(strings.TrimSpace(f), ":")
		from, err := strconv.ParseFloat(c, 64)
		bet, err2 := strconv.ParseFloat(b, 64)
		if !ok || err != nil || err2 != nil || !(bet >= 0 && bet <= maxBet) || !(math.Abs(from) <= maxRampCount) {
			return nil, fmt.Errorf("%q: want COUNT:BET with a count from -%d to %d and a bet from 0 (sit out) to %g units, e.g. 2:4", f, maxRampCount, maxRampCount, float64(maxBet))
		}
		if len(ramp) > 0 && from <= ramp[len(ramp)-1].From {
			return nil, fmt.Errorf("%q: counts must rise from step to step", f)
		}
		ramp = append(ramp, sim.Step{From: from, Bet: bet})
	}
	return ramp, nil
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
  bjchart sim --rules "2D S17" --penetration 65% --strategy wizard-2d-s17-das-ls --format json
  bjchart sim --rules "1D S17 DAS LS" --penetration 80% --strategy optimal --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --c 3 --reward table7 --rounds 2000
  bjchart sim --rules "6D S17 DAS LS" --strategy emcts --tree cards --backup max --rounds 2000
  bjchart sim --preset itoh-2023-t12 --players 1 --decks 1`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	cmd.AddCommand(newSimMergeCmd(e))
	o.rules.bind(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.shoe.shoe, "shoe", "", "deal from this shoe instead of full decks: ten counts of A,2..9,T")
	fl.StringVar(&o.rounds, "rounds", "10M", "rounds to play: a count, with an optional k, M or G (10M = 10,000,000)")
	fl.Uint64Var(&o.seed, "seed", 1, "seed of the shuffles; the same seed gives the same result on any machine")
	fl.StringVar(&o.penetration, "penetration", "75%", "how much of the shoe is dealt before the shuffle, e.g. 75%")
	fl.BoolVar(&o.csm, "csm", false, "a continuous shuffler: every round from a freshly shuffled full shoe")
	fl.StringVar(&o.strategy, "strategy", "solved", "what the players play: solved (the best chart for the rules), cd (composition-dependent play for a full shoe, splits CDZ-), optimal (the exact best play for the cards not yet seen, decision by decision), emcts (Itoh 2023's tree search; see --playouts, --c, --reward), or a published chart's name or file")
	fl.StringVar(&o.format, "format", "text", "output format: text or json")
	fl.IntVar(&o.players, "players", 1, "players at the table, 1 to 7, all playing alike (see --seat)")
	fl.StringArrayVar(&o.seats, "seat", nil, "a seat of its own, once per seat (then the players): \"strategy=cd; ramp=-100:1,2:4; indices=published; insure-at=3\", any part left out as the run's")
	fl.StringVar(&o.count, "count", "", "count cards: a built-in count (hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3) or tags \"A=-1,2=1,...\" (balanced counts bet by true count, others by running count)")
	fl.StringVar(&o.ramp, "ramp", "", "bets by count with --count: \"COUNT:BET,...\", e.g. \"-100:1,2:2,3:4,4:8\" (bet BET from COUNT up)")
	fl.StringVar(&o.indices, "indices", "", "with --count hilo: play the Illustrious 18 and Fab 4 by the count: published (their published indices), computed (bjchart's, 600 shoes; some seconds), or a file written by 'bjchart indices --format json'")
	fl.StringVar(&o.insureAt, "insure-at", "", "with --count: take insurance against an ace at this count or more (Hi-Lo: 3)")
	fl.Float64Var(&o.bankroll, "bankroll", 0, "with --count: the bankroll, in units (a bet of 1 in the ramp), for the risk of ruin")
	fl.StringVar(&o.plot, "plot", "", "with --count: draw the EV by count with error bars to this file (.png, .svg or .pdf)")
	fl.StringVar(&o.shard, "shard", "", "run part i of n (\"i/n\", i from 1) of a run split across machines; merge the JSON outputs with 'bjchart sim merge'")
	fl.StringVar(&o.preset, "preset", "", "Itoh 2023's experiments, with --players 1|4 and --decks 1|6: itoh-2023-t8 (basic strategy, flat 250), t9 (eMCTS win/lose, C=1), t10 (eMCTS table 7, C=3), t11 (basic strategy with its count and bet table), t12 (eMCTS table 7, C=3, with the count)")
	o.search.bind(cmd)
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
		if pen, err = parseFraction("penetration", o.penetration, "75%"); err != nil {
			return err
		}
	}
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	var ref *itohRow
	cfg := sim.Config{Players: o.players, Seed: o.seed}
	if o.players < 1 || o.players > 7 {
		return usagef("--players %d: want 1 to 7", o.players)
	}
	if o.preset != "" {
		if ref, err = o.applyPreset(cmd, &r, &cfg, &pen); err != nil {
			return err
		}
		if !cmd.Flags().Changed("rounds") {
			rounds = ref.rounds
		}
	}
	if o.count != "" {
		if cfg.Count, err = parseCountSystem(o.count, r.Decks); err != nil {
			return usagef("--count %q: %v", o.count, err)
		}
		if r.Infinite() {
			return usagef("--count with an infinite deck: there is nothing to count")
		}
		if r.FullShoe() != solve.NewShoe(r.Decks) {
			return usagef("--count: counts and their true counts are defined on 52-card decks; %s deals others", r)
		}
	}
	if (o.plot != "" || o.bankroll != 0) && o.count == "" && o.preset != "itoh-2023-t11" && o.preset != "itoh-2023-t12" {
		return usagef("--plot and --bankroll need --count: they report a counting game")
	}
	if o.bankroll < 0 || math.IsNaN(o.bankroll) || math.IsInf(o.bankroll, 0) {
		return usagef("--bankroll %v: want a positive number of units", o.bankroll)
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
	if o.indices != "" {
		if o.count != "hilo" {
			return usagef("--indices needs --count hilo: the index sets are Hi-Lo's")
		}
		plays, insure, err := indexPlays(o.indices, r)
		if err != nil {
			return err
		}
		cfg.Indices = plays
		if cfg.InsureAt == nil {
			cfg.InsureAt = &insure
		}
	}
	if o.ramp != "" {
		if cfg.Count == nil {
			return usagef("--ramp needs --count: a ramp bets by the count")
		}
		if cfg.Ramp, err = parseRamp(o.ramp); err != nil {
			return usagef("--ramp %v", err)
		}
		if slices.IndexFunc(cfg.Ramp, func(st sim.Step) bool { return st.Bet > 0 }) < 0 {
			return usagef("--ramp %q: every bet is 0, so no round is ever played", o.ramp)
		}
	}
	opt, err := o.shoe.options(r)
	if err != nil {
		return err
	}
	if err := o.checkBeforeSolving(); err != nil {
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
	if f := o.search.changed(cmd); f != "" && o.strategy != "emcts" && !strings.Contains(strings.Join(o.seats, ";"), "emcts") {
		return usagef("--%s is a setting of the tree search: it needs --strategy emcts", f)
	}
	strat, exact, err := o.strategyFor(s, o.strategy)
	if err != nil {
		return err
	}
	exactOf := exactOfStrategy(o.strategy)
	for i, spec := range o.seats {
		seat, err := o.parseSeat(s, r, spec)
		if err != nil {
			return usagef("--seat %q (seat %d): %v", spec, i+1, err)
		}
		if (seat.Ramp != nil || seat.Indices != nil || seat.InsureAt != nil) && cfg.Count == nil {
			return usagef("--seat %q: a ramp, indices or insurance needs --count", spec)
		}
		cfg.Seats = append(cfg.Seats, seat)
	}
	if len(o.seats) > sim.MaxPlayers {
		return usagef("--seat given %d times: at most %d seats", len(o.seats), sim.MaxPlayers)
	}
	if len(o.seats) > 0 && cmd.Flags().Changed("players") && o.players != len(o.seats) {
		return usagef("--players %d but --seat given %d times: the seats are the players", o.players, len(o.seats))
	}
	start := time.Now()
	cfg.Rules, cfg.Shoe, cfg.Penetration, cfg.Rounds = r, opt.Shoe, pen, rounds
	if o.shard != "" {
		i, n, err := parseShard(o.shard)
		if err != nil {
			return usagef("--shard %q: %v", o.shard, err)
		}
		if o.format != "json" {
			return usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
		}
		// Part i plays its share of the rounds on its own streams.
		cfg.Rounds = rounds / int64(n)
		if int64(i-1) < rounds%int64(n) {
			cfg.Rounds++
		}
		cfg.Shards = 64
		cfg.StreamBase = uint64(i-1) * 64
	}
	bar := newProgress(e, cfg.Rounds, "dealing", "rounds", progressbar.OptionShowIts(), progressbar.OptionSetItsString("rounds"))
	res, err := sim.Run(cfg, strat, bar.Set)
	if err != nil {
		return usageError{err}
	}
	bar.Finish()
	shoe := ""
	if opt.Shoe != nil && *opt.Shoe != r.FullShoe() {
		shoe = opt.Shoe.String()
	}
	head := render.SimReport{Rules: render.RulesWithShoe(r.String(), shoe), Shoe: shoe, Strategy: o.strategyName(), Seed: o.seed, Shuffle: "continuous", UnitBet: len(cfg.Ramp) == 0, ExactOf: exactOf}
	switch {
	case cfg.ReshuffleBelow > 0:
		head.Shuffle = fmt.Sprintf("reshuffled below %d cards", cfg.ReshuffleBelow)
	case pen > 0:
		head.Shuffle = fmt.Sprintf("%g%% penetration", 100*pen)
	}
	if cfg.Count != nil {
		head.Count, head.Ramp, head.Balanced = cfg.Count.Name, o.ramp, cfg.Count.Balanced
	}
	report := head.WithResult(res, exact, time.Since(start))
	report.Shard, report.Sums = o.shard, &res
	if o.shard != "" {
		if report.Fingerprint, err = runFingerprint(cmd); err != nil {
			return err
		}
	}
	for i, spec := range o.seats {
		sr := res.Seats[i]
		report.SeatResults = append(report.SeatResults, render.SeatRow{Seat: i + 1, Spec: spec, Rounds: sr.Rounds,
			EV: sr.EV(), SE: sr.SE(), Wagered: sr.Wagered, Returned: sr.Wagered + sr.Net})
	}
	if ref != nil {
		report.Reference = ref.reference(report)
	}
	if cfg.Count != nil && cfg.Count.Name != flatPreset {
		report.Counter, report.ByCount = render.NewCounter(res, o.bankroll)
	}
	if o.plot != "" {
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error { return plotByCount(b, o.plot, report) }); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			enc := json.NewEncoder(b)
			enc.SetIndent("", "  ")
			return enc.Encode(report)
		}
		return report.Text(b)
	})
}

// itohRow is one row of seed 001's tables 8 to 12 and 14 (Itoh 2023):
// its round count and published payout ratio (for table 12, at each C of
// table 14).
type itohRow struct {
	table   string
	players int
	decks   int
	rounds  int64
	payout  float64
	c       float64 // the search's C, for tables 9, 10 and 12
}

var itohRows = []itohRow{
	{"t8", 1, 1, 5000, 1.0359, 0}, {"t8", 1, 6, 50000, 1.0196, 0}, {"t8", 4, 1, 8000, 1.0231, 0}, {"t8", 4, 6, 80000, 1.0110, 0},
	{"t9", 1, 1, 5000, 0.9238, 1}, {"t9", 1, 6, 50000, 0.9113, 1}, {"t9", 4, 1, 8000, 0.9157, 1}, {"t9", 4, 6, 80000, 0.9103, 1},
	{"t10", 1, 1, 5000, 1.0099, 3}, {"t10", 1, 6, 50000, 1.0063, 3}, {"t10", 4, 1, 8000, 1.0142, 3}, {"t10", 4, 6, 80000, 0.9948, 3},
	{"t11", 1, 1, 5000, 1.1203, 0}, {"t11", 1, 6, 50000, 1.0079, 0}, {"t11", 4, 1, 8000, 1.1488, 0}, {"t11", 4, 6, 80000, 1.0537, 0},
	{"t12", 1, 1, 5000, 1.0596, 3}, {"t12", 1, 6, 50000, 0.9816, 3}, {"t12", 4, 1, 8000, 1.0232, 3}, {"t12", 4, 6, 80000, 1.0103, 3},
	// Table 14: table 12's game at the other values of C.
	{"t12", 1, 1, 5000, 1.0480, 1}, {"t12", 1, 1, 5000, 1.0426, 2}, {"t12", 1, 1, 5000, 1.0792, 4},
	{"t12", 1, 6, 50000, 0.9806, 1}, {"t12", 1, 6, 50000, 0.9943, 2}, {"t12", 1, 6, 50000, 0.9986, 4},
	{"t12", 4, 1, 8000, 1.0180, 1}, {"t12", 4, 1, 8000, 1.0447, 2}, {"t12", 4, 1, 8000, 1.0106, 4},
	{"t12", 4, 6, 80000, 1.0042, 1}, {"t12", 4, 6, 80000, 0.9856, 2}, {"t12", 4, 6, 80000, 0.9913, 4},
}

// itohTables are the presets' tables and what each plays.
var itohTables = map[string]struct {
	search, count bool
	reward        string
}{
	"t8": {}, "t9": {search: true, reward: "winlose"}, "t10": {search: true, reward: "table7"},
	"t11": {count: true}, "t12": {search: true, count: true, reward: "table7"},
}

func (row *itohRow) reference(s render.SimReport) *render.PaperRef {
	if math.IsNaN(row.payout) { // a setting the paper did not run
		return nil
	}
	se := (s.PayoutCI95[1] - s.PayoutCI95[0]) / (2 * 1.96) * math.Sqrt(float64(s.Rounds)/float64(row.rounds))
	table := strings.TrimPrefix(row.table, "t")
	if row.table == "t12" && row.c != 3 {
		table = "14"
	}
	src := fmt.Sprintf("Itoh 2023, table %s, %d player(s), %d deck(s)", table, row.players, row.decks)
	if row.c != 0 {
		src += fmt.Sprintf(", C=%g", row.c)
	}
	return &render.PaperRef{
		Source:          src,
		Rounds:          row.rounds,
		PayoutRatio:     row.payout,
		SEAtPaperRounds: se,
		SEsApart:        (row.payout - s.PayoutRatio) / se,
	}
}

// flatPreset names the count of the presets that bet flat.
const flatPreset = "none: a flat bet of 250"

// applyPreset sets up seed 001's experiments (Itoh 2023, section 6):
// rules as the paper describes them (S17, doubling on any two cards, no
// resplits; it is silent on DAS, surrender timing and the peek, so bjchart
// reads NDAS as its chart does, late surrender and a US peek), its basic
// strategy (the library chart itoh-2023-1to6deck), a new shoe once fewer
// than (players + dealer + 1) x 5 cards are left, and for tables 11 and
// 12 its +-3 count (table 5) from 4 - 4 x decks with its bet table 6;
// tables 8 to 10 bet a flat 250. Tables 9, 10 and 12 play by its tree
// search (section 5) at its settings: 10,000 playouts, threshold 5, the
// basic strategy in the playouts, win/lose reward with C = 1 (table 9) or
// table 7's with C = 3; --c, --playouts and --threshold may change them
// (table 14 has table 12's game at C = 1, 2 and 4).
func (o *simOptions) applyPreset(cmd *cobra.Command, r *solve.Rules, cfg *sim.Config, pen *float64) (*itohRow, error) {
	table, ok := strings.CutPrefix(o.preset, "itoh-2023-")
	set, known := itohTables[table]
	if !ok || !known {
		return nil, usagef("--preset %q: want itoh-2023-t8, -t9, -t10, -t11 or -t12", o.preset)
	}
	for _, f := range []string{"strategy", "count", "ramp", "penetration", "csm", "rules", "shoe", "reward", "playout-chart"} {
		if cmd.Flags().Changed(f) {
			return nil, usagef("--preset %s sets --%s itself; leave it out", o.preset, f)
		}
	}
	if f := o.search.changed(cmd); f != "" && !set.search {
		return nil, usagef("--preset %s plays basic strategy: --%s is a setting of the tree search (tables 9, 10 and 12)", o.preset, f)
	}
	if set.search {
		o.strategy, o.search.reward, o.search.chart = "emcts", set.reward, "itoh-2023-1to6deck"
		if !cmd.Flags().Changed("c") {
			o.search.c = map[string]float64{"winlose": 1, "table7": 3}[set.reward]
		}
	}
	var row *itohRow
	for i := range itohRows {
		if x := &itohRows[i]; x.table == table && x.players == o.players && x.decks == r.Decks && (!set.search || x.c == o.search.c) {
			row = x
		}
	}
	if row == nil {
		if set.search && o.players >= 1 && r.Decks >= 1 {
			// A C the paper did not run: the preset's game, with no published figure.
			for i := range itohRows {
				if x := &itohRows[i]; x.table == table && x.players == o.players && x.decks == r.Decks {
					row = &itohRow{table: table, players: x.players, decks: x.decks, rounds: x.rounds, payout: math.NaN(), c: o.search.c}
					break
				}
			}
		}
		if row == nil {
			return nil, usagef("--preset %s: the paper has 1 or 4 players and 1 or 6 decks; got --players %d, %d decks", o.preset, o.players, r.Decks)
		}
	}
	rules, err := solve.ParseRules(fmt.Sprintf("%dD S17 DOA NDAS SPL1 LS 3:2 PEEK", r.Decks))
	if err != nil {
		return nil, err
	}
	*r = rules
	if !set.search {
		o.strategy = "itoh-2023-1to6deck"
	}
	*pen = 0
	cfg.ReshuffleBelow = (o.players + 2) * 5
	if set.count {
		sys := count.Systems["itoh-pm3"]
		// The paper's IRC, whatever the tags sum to.
		cfg.Count = &sim.Count{Name: sys.Name, Tags: sys.Tags, IRC: float64(4 - 4*r.Decks)}
		if r.Decks == 1 {
			o.ramp = "-1000:5,1:10,2:50,3:150,4:250,5:300"
		} else {
			o.ramp = "-1000:5,-19:10,-4:50,-3:150,-2:250,-1:300"
		}
		cfg.Ramp, _ = parseRamp(o.ramp)
		o.count = ""
	} else {
		cfg.Count = &sim.Count{Name: flatPreset}
		cfg.Ramp = []sim.Step{{From: 0, Bet: 250}}
	}
	return row, nil
}

// plotByCount draws the edge by count with 95% error bars (render.CountPlot).
func plotByCount(w *bytes.Buffer, path string, s render.SimReport) error {
	kind := "running count"
	if s.Balanced {
		kind = "true count (running count per deck left), floored"
	}
	cp := render.CountPlot{
		Title:  fmt.Sprintf("%s, %s: edge by count (%d rounds, seed %d)", render.RulesText(s.Rules, s.Shoe), s.Count, s.Rounds, s.Seed),
		XLabel: kind + ", at the bet",
		YLabel: "player's edge, % of the amount wagered (95% interval)",
	}
	for _, r := range s.ByCount {
		if r.Rounds >= render.MinCountRounds { // fewer say nothing
			cp.Points = append(cp.Points, render.CountPoint{Count: r.Count, Value: 100 * r.Edge, HalfWidth: 196 * r.EdgeSE})
		}
	}
	if len(cp.Points) == 0 {
		return fmt.Errorf("no count has %d rounds: play more rounds", render.MinCountRounds)
	}
	return render.DrawCountPlot(w, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."), cp)
}

// parseShard reads "i/n" with 1 <= i <= n <= 100000.
func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 100000 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("want i/n with 1 <= i <= n <= 100000, e.g. 3/10")
	}
	return i, n, nil
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
			if format != "text" && format != "json" {
				return usagef("--format %q: want text or json", format)
			}
			merged, err := mergeParts(args)
			if err != nil {
				return usageError{err}
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error {
				if format == "json" {
					enc := json.NewEncoder(b)
					enc.SetIndent("", "  ")
					return enc.Encode(merged)
				}
				return merged.Text(b)
			})
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// maxPartFile bounds a part's size: a part is a few kilobytes.
const maxPartFile = 1 << 20

// mergeParts reads the parts and reports their sum as one run. Every part
// must carry the fingerprint of one run and sums that pass sim's checks.
func mergeParts(files []string) (render.SimReport, error) {
	var first render.SimReport
	var total sim.Result
	seen := map[int]string{}
	sums := map[int]sim.Result{}
	n := 0
	for k, f := range files {
		data, err := readCapped(f, maxPartFile, "a part is a few kilobytes")
		if err != nil {
			return first, err
		}
		part, i, pn, err := readPart(data)
		if err != nil {
			return first, fmt.Errorf("%s: %v", f, err)
		}
		if k == 0 {
			first, n = part, pn
		} else if part.Fingerprint != first.Fingerprint || pn != n {
			return first, fmt.Errorf("%s: not a part of the same run as %s (every option but --shard, the content of every input file and the program's version must agree)", f, files[0])
		}
		if prev, dup := seen[i]; dup {
			return first, fmt.Errorf("%s: part %d/%d again (also %s)", f, i, n, prev)
		}
		seen[i], sums[i] = f, *part.Sums
	}
	if len(seen) != n {
		var missing []string
		for i := 1; i <= n && len(missing) < 10; i++ {
			if _, ok := seen[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		return first, fmt.Errorf("%d of %d parts given; missing %s", len(seen), n, strings.Join(missing, ", "))
	}
	for i := 1; i <= n; i++ { // in part order: the same sums on any machine
		total.Merge(sums[i])
	}
	total.Players = first.Players
	head := render.SimReport{Rules: first.Rules, Shoe: first.Shoe, Strategy: first.Strategy, Seed: first.Seed, Shuffle: first.Shuffle,
		Count: first.Count, Ramp: first.Ramp, Balanced: first.Balanced, UnitBet: first.Ramp == "", ExactOf: first.ExactOf}
	merged := head.WithResult(total, first.ExactEV, 0)
	merged.Sums = &total
	for _, seat := range first.SeatResults {
		sr := total.Seats[seat.Seat-1]
		merged.SeatResults = append(merged.SeatResults, render.SeatRow{Seat: seat.Seat, Spec: seat.Spec, Rounds: sr.Rounds,
			EV: sr.EV(), SE: sr.SE(), Wagered: sr.Wagered, Returned: sr.Wagered + sr.Net})
	}
	if ref := first.Reference; ref != nil {
		row := itohRow{rounds: ref.Rounds, payout: ref.PayoutRatio}
		merged.Reference = row.reference(merged)
		merged.Reference.Source = ref.Source
	}
	if first.Counter != nil {
		merged.Counter, merged.ByCount = render.NewCounter(total, first.Counter.Bankroll)
	}
	return merged, nil
}

// readPart reads one part: its report, which part it is and of how many.
func readPart(data []byte) (part render.SimReport, i, n int, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&part); err != nil || part.Sums == nil || part.Fingerprint == "" {
		return part, 0, 0, fmt.Errorf("not the JSON output of 'bjchart sim --shard i/n --format json'")
	}
	if i, n, err = parseShard(part.Shard); err != nil {
		return part, 0, 0, fmt.Errorf("no --shard part: %v", err)
	}
	r, err := solve.ParseRules(part.Rules)
	if err != nil {
		return part, 0, 0, fmt.Errorf("rules: %v", err)
	}
	if part.Sums.Players != part.Players || len(part.SeatResults) > part.Players {
		return part, 0, 0, fmt.Errorf("the players do not agree with the sums")
	}
	for _, seat := range part.SeatResults {
		if seat.Seat < 1 || seat.Seat > part.Players {
			return part, 0, 0, fmt.Errorf("seat %d of %d", seat.Seat, part.Players)
		}
	}
	if ref := part.Reference; ref != nil && (ref.Rounds < 1 || !(ref.PayoutRatio > 0 && ref.PayoutRatio < 10)) {
		return part, 0, 0, fmt.Errorf("the paper's reference is damaged")
	}
	if c := part.Counter; c != nil && !(c.Bankroll >= 0 && c.Bankroll < 1e300) {
		return part, 0, 0, fmt.Errorf("bankroll %v", c.Bankroll)
	}
	if err := part.Sums.Check(maxPays(r)); err != nil {
		return part, 0, 0, fmt.Errorf("damaged sums: %v", err)
	}
	return part, i, n, nil
}

// maxPays is the most a round can win per unit wagered under the rules:
// the largest of a blackjack's, a Charlie's or bonus 21's payout and
// insurance's 2:1.
func maxPays(r solve.Rules) float64 {
	m := max(2, r.BlackjackPays.Float())
	for cards := 2; cards <= 21; cards++ {
		m = max(m, r.WinPays(21, cards), r.WinPays(20, cards))
	}
	return m
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
// their published values or at bjchart's own, and the insurance index.
func indexPlays(source string, r solve.Rules) ([]sim.IndexPlay, float64, error) {
	decisions := append(append([]count.Decision{}, count.Fab4...), count.I18...)
	at := make([]float64, len(decisions))
	switch source {
	case "published":
		for i, d := range decisions {
			at[i] = d.Published
		}
	case "computed":
		got, err := count.Compute(r, count.HiLo, decisions, count.Options{Shoes: 600, Penetration: 0.8, Seed: 1})
		if err != nil {
			return nil, 0, err
		}
		for i, x := range got {
			at[i] = x.Index
		}
	default:
		// A file: the JSON output of 'bjchart indices'.
		data, err := readCapped(source, maxPartFile, "an indices file is a few kilobytes")
		if err != nil {
			return nil, 0, usagef("--indices %q: want published, computed or the JSON output of 'bjchart indices' (%v)", source, err)
		}
		var rep render.IndicesReport
		if err := json.Unmarshal(data, &rep); err != nil || rep.Count != "hilo" || len(rep.Indices) == 0 {
			return nil, 0, usagef("--indices %s: not the JSON output of 'bjchart indices --count hilo --format json'", source)
		}
		decisions, at = decisions[:0], at[:0]
		for _, x := range rep.Indices {
			up, err := solve.ParseRank(x.Up)
			if err != nil || x.Index == nil || x.MultiCard || x.Table == "soft" {
				continue // the simulator's index plays are two-card hard and pair plays
			}
			base := x.Base
			if x.Table == "surrender" {
				base = "play"
			}
			decisions = append(decisions, count.Decision{Table: x.Table, Hand: x.Hand, Up: up, Base: base, Play: x.Play})
			at = append(at, *x.Index)
		}
	}
	var plays []sim.IndexPlay
	insure := math.Inf(1)
	for i, d := range decisions {
		if math.IsNaN(at[i]) {
			continue // no crossing found: the chart plays
		}
		base, _ := solve.ParseAction(d.Base) // "play": NoAction, the chart's play unless it surrenders
		play, _ := solve.ParseAction(d.Play)
		x := sim.IndexPlay{Up: int(d.Up), Base: base, Play: play, At: at[i]}
		switch d.Table {
		case "insurance":
			insure = at[i]
			continue
		case "pair":
			pair, err := solve.ParseRank(d.Hand[:1])
			if err != nil {
				continue
			}
			x.Pair = int(pair)
		default:
			x.Total, _ = strconv.Atoi(d.Hand)
		}
		plays = append(plays, x)
	}
	return plays, insure, nil
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
		return o.strategy
	}
	f := o.search
	p, _ := f.params() // checked before the run; the name is the settings' own
	return fmt.Sprintf("emcts (tree %s, %d playouts, C=%g, reward %s, threshold %d, playouts by %s)", p, f.playouts, f.c, f.reward, f.threshold, f.chart)
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
		chart, ev, err := simStrategy(s, o.search.chart)
		if err != nil {
			return nil, 0, err
		}
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
	return simStrategy(s, name)
}

// simStrategy returns the chart (or CD play) a --strategy value names and
// its exact EV with a fresh shoe every round.
func simStrategy(s *solve.Solver, name string) (sim.Strategy, float64, error) {
	played := s.Table()
	switch name {
	case "cd":
		cd, err := sim.NewCD(played)
		if err != nil {
			return nil, 0, usagef("--strategy cd: %v", err)
		}
		return cd, played.CDEV[solve.CDZMinus], nil
	case "solved":
	default:
		c, err := charts.Load(name)
		if err != nil {
			return nil, 0, chartError(err)
		}
		d, err := charts.Compare(s, c, charts.DefaultTie)
		if err != nil {
			return nil, 0, err
		}
		played = d.Published
	}
	ch, err := sim.NewChart(played)
	if err != nil {
		return nil, 0, err
	}
	return ch, played.EV, nil
}

// checkBeforeSolving finds what is wrong with the options that need no
// solve to tell (the shard, the strategies named, the tree search's
// settings, each seat's keys and values), so that a mistake is reported
// at once, not after the seconds a solve takes.
func (o *simOptions) checkBeforeSolving() error {
	if o.shard != "" {
		if _, _, err := parseShard(o.shard); err != nil {
			return usagef("--shard %q: %v", o.shard, err)
		}
		if o.format != "json" {
			return usagef("--shard needs --format json: 'bjchart sim merge' reads the parts")
		}
	}
	strategies := []string{o.strategy}
	for i, spec := range o.seats {
		for _, part := range strings.Split(spec, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			var err error
			switch {
			case strings.TrimSpace(part) == "":
				continue
			case !ok:
				err = fmt.Errorf("%q is not key=value; want strategy, ramp, indices or insure-at", part)
			case k == "strategy":
				strategies = append(strategies, v)
			case k == "ramp":
				_, err = parseRamp(v)
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
				return usagef("--seat %q (seat %d): %v", spec, i+1, err)
			}
		}
	}
	for _, name := range strategies {
		switch name {
		case "solved", "cd", "optimal":
		case "emcts":
			if _, err := o.search.params(); err != nil {
				return err
			}
			if c := o.search.chart; c != "solved" {
				if _, err := charts.Load(c); err != nil {
					return usagef("--playout-chart %q: %v", c, err)
				}
			}
		default:
			if _, err := charts.Load(name); err != nil {
				return chartError(err)
			}
		}
	}
	return nil
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
			p.Ramp, err = parseRamp(v)
		case "indices":
			var at float64
			p.Indices, at, err = indexPlays(strings.TrimSpace(v), r)
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
