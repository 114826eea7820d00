package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

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
}

func (f *indexFlags) bind(cmd *cobra.Command, count, set string) {
	f.cmd = cmd
	fl := cmd.Flags()
	fl.StringVar(&f.count, "count", count, "the count: hilo, ko, hiopt1, hiopt2, omega2, zen, wong-halves, red7, itoh-pm1, itoh-pm3 or tags \"A=-1,2=1,...,T=-1\"")
	fl.StringVar(&f.tags, "tags", "", "a custom count instead of --count: tags \"A=-1,2=1,3=1,4=1,5=1,6=1,T=-1\" (ranks left out tag 0)")
	fl.StringVar(&f.set, "set", set, "which decisions: i18, fab4, i18,fab4 or all (every cell)")
	fl.IntVar(&f.shoes, "shoes", 600, "depleted shoes sampled (more: smaller errors, longer)")
	fl.StringVar(&f.penetration, "penetration", "80%", "shoes are dealt to a random depth below this")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the sampled shoes")
	fl.StringVar(&f.round, "round", "nearest", "how a crossing becomes the integer index: nearest, floor or truncate (toward zero)")
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
	o.index.bind(cmd, "hilo", "i18")
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text, json or csv")
	return cmd
}

func (o *indicesOptions) run(cmd *cobra.Command, e env) error {
	if o.format != "text" && o.format != "json" && o.format != "csv" {
		return usagef("--format %q: want text, json or csv", o.format)
	}
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
			enc := json.NewEncoder(b)
			enc.SetIndent("", "  ")
			return enc.Encode(rep)
		case "csv":
			return rep.csv(b)
		}
		return rep.text(b)
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
	for _, set := range strings.Split(f.set, ",") {
		if !slices.Contains(job.sets, set) { // i18,i18 is i18
			job.sets = append(job.sets, set)
		}
	}
	for _, set := range job.sets {
		switch set {
		case "i18":
			job.decisions = append(job.decisions, count.I18...)
		case "fab4":
			job.decisions = append(job.decisions, count.Fab4...)
		case "all":
			if len(job.sets) > 1 {
				return job, usagef("--set %q: all is every cell already; give it alone", f.set)
			}
		default:
			return job, usagef("--set %q: want i18, fab4, i18,fab4 or all", f.set)
		}
	}
	if f.shoes < 50 || f.shoes > 1_000_000 {
		return job, usagef("--shoes %d: want 50 to 1000000", f.shoes)
	}
	if job.pen, err = parseFraction("penetration", f.penetration, "80%"); err != nil {
		return job, err
	}
	if r.Infinite() {
		return job, usagef("indices with an infinite deck: there is nothing to count")
	}
	if r.FullShoe() != solve.NewShoe(r.Decks) {
		return job, usagef("--count: counts and their true counts are defined on 52-card decks; %s deals others", r)
	}
	if r.Surrender != solve.LateSurrender && slices.Contains(job.sets, "fab4") {
		return job, usagef("--set %s needs late surrender (LS): the Fab 4 are surrender indices", f.set)
	}
	return job, nil
}

// compute checks the flags and computes the indices for the rules, with a
// progress bar on a terminal.
func (f *indexFlags) compute(e env, r solve.Rules) (*indicesReport, error) {
	job, err := f.check(r)
	if err != nil {
		return nil, err
	}
	sys, rounding, decisions, sets, pen := job.sys, job.rounding, job.decisions, job.sets, job.pen
	bar := newProgress(e, int64(f.shoes), "sampling shoes", "shoes", progressbar.OptionShowCount())
	opt := count.Options{Shoes: f.shoes, Penetration: pen, Seed: f.seed, Progress: bar.Add}
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
	conv := strings.Replace(indexConventions, "Hi-Lo tags 2-6 +1, 7-9 0, T and A -1", fmt.Sprintf("%s tags %v (A, 2..9, T)", sys.Name, sys.Tags[1:]), 1)
	if !sys.Balanced() {
		conv = strings.Replace(conv, "; cards left are counted exactly, not estimated to a half or whole deck, and the true count is neither floored nor truncated", "", 1)
		conv = strings.Replace(conv, "true count = running count x 52 / cards left (not rounded)", fmt.Sprintf("unbalanced: the running count, from %g; an index is the crossing for a shoe dealt to the sampled shoes' median depth (about %g%% dealt), "+
			"the fit holding the depth fixed, since a running count means other shoes at other depths", sys.IRC(r.Decks), math.Round(100*pen/2)), 1)
		conv = strings.ReplaceAll(conv, "the true count", "the running count")
	}
	conv = strings.Replace(conv, "rounded = the index rounded to the nearest integer", "rounded = the index rounded "+roundingText[rounding], 1)
	rep := &indicesReport{Rules: r.String(), Count: sys.Name, Set: strings.Join(sets, ","), Rounding: rounding.String(), Conventions: conv, Shoes: f.shoes, Penetration: pen, Seed: f.seed,
		balanced: sys.Balanced()}
	for _, x := range got {
		row := indexRow{Table: x.Table, Hand: x.Hand, Up: x.Up.String(), Base: x.Base, Play: x.Play, Shoes: x.Shoes, MultiCard: x.MultiCard}
		if pub, ok := publishedIndex(x.Decision); ok && sys.Name == "hilo" {
			row.Published = &pub
		}
		if x.Base == "play" {
			row.Base = "hit or stand"
		}
		if !math.IsNaN(x.Index) {
			idx, se, rounded := x.Index, x.SE, rounding.Round(x.Index)
			row.Index, row.SE, row.Rounded = &idx, &se, &rounded
			row.Reliable = x.Reliable(r, sys)
		}
		rep.Indices = append(rep.Indices, row)
	}
	return rep, nil
}

// roundingText says how each convention rounds, for the conventions line.
var roundingText = map[count.Rounding]string{
	count.Nearest:  "to the nearest integer (--round nearest, the default)",
	count.Floor:    "down (--round floor: +2.7 is +2, -2.3 is -3)",
	count.Truncate: "toward zero (--round truncate: +2.7 is +2, -2.3 is -2)",
}

// indexConventions states how the indices read.
const indexConventions = "Hi-Lo tags 2-6 +1, 7-9 0, T and A -1; true count = running count x 52 / cards left (not rounded); " +
	"cards left are counted exactly, not estimated to a half or whole deck, and the true count is neither floored nor truncated; " +
	"take the index play when the true count is at or above the index; rounded = the index rounded to the nearest integer; " +
	"plays after a hit are the best for the exact cards; published (Hi-Lo only) = Schlesinger, Blackjack Attack (3rd ed.), multi-deck S17 DAS"

type indicesReport struct {
	Rules       string     `json:"rules"`
	Count       string     `json:"count"`
	Set         string     `json:"set"`
	Rounding    string     `json:"rounding"` // how rounded is had from index: nearest, floor or truncate
	Conventions string     `json:"conventions"`
	Shoes       int        `json:"shoes"`
	Penetration float64    `json:"penetration"`
	Seed        uint64     `json:"seed"`
	Indices     []indexRow `json:"indices"`
	balanced    bool
}

type indexRow struct {
	Table   string   `json:"table"`
	Hand    string   `json:"hand"`
	Up      string   `json:"up"`
	Base    string   `json:"base"`
	Play    string   `json:"play"`
	Index   *float64 `json:"index"` // null: not solved, or no crossing
	Rounded *int     `json:"rounded"`
	SE      *float64 `json:"se"`
	Shoes   int      `json:"shoes"`
	// Reliable says the index is known to within a point (SE at most 1 on
	// a true count, a point per deck on a running count) from at least 30
	// shoes; the card leaves the others out of its cells.
	Reliable  bool     `json:"reliable"`
	Published *float64 `json:"published"` // Hi-Lo's published index (Hi-Lo only)
	// MultiCard marks an index for hands of three or more cards, where it
	// differs from the two-card one (set all).
	MultiCard bool `json:"multi_card,omitempty"`
}

func (r indicesReport) text(b *bytes.Buffer) error {
	fmt.Fprintf(b, "bjchart indices: %s, %s, %d shoes dealt to below %g%%, seed %d\n%s.\n\n",
		r.Rules, r.Count, r.Shoes, 100*r.Penetration, r.Seed, r.Conventions)
	if r.Set == "all" {
		if err := r.grids(b); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "decision\tbase → play\tindex\t± SE\trounded\tpublished\tshoes")
	var noCrossing, unreliable bool
	for _, x := range r.Indices {
		name := fmt.Sprintf("%s v %s", x.Hand, x.Up)
		if x.MultiCard {
			name += " (3+ cards)"
		}
		if x.Table == "insurance" {
			name = "insurance"
		}
		if x.Index == nil {
			noCrossing = true
			fmt.Fprintf(tw, "%s\t%s → %s\t-\t\t\t%s\t\n", name, x.Base, x.Play, published(x.Published))
			continue
		}
		mark := ""
		if !x.Reliable {
			mark, unreliable = " !", true
		}
		fmt.Fprintf(tw, "%s\t%s → %s\t%+.2f\t%.2f%s\t%+d\t%s\t%d\n", name, x.Base, x.Play, *x.Index, *x.SE, mark, *x.Rounded, published(x.Published), x.Shoes)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if noCrossing || unreliable {
		fmt.Fprintln(b)
	}
	if noCrossing {
		fmt.Fprintln(b, "-: no crossing within the counts sampled.")
	}
	if unreliable {
		fmt.Fprintln(b, "!: not reliable (SE above a point, or under 30 shoes in the fit): sample more --shoes.")
	}
	return nil
}

// playLetter returns the chart letter of a play's name ("stand": S).
func playLetter(name string) string {
	if a, ok := solve.ParseAction(name); ok {
		return a.Letter()
	}
	return "?"
}

// grids prints the indices of every cell as charts: hard, soft and pairs
// against the up cards, each cell holding its indices (rounded) with the
// letter of the play taken at or above each.
func (r indicesReport) grids(b *bytes.Buffer) error {
	ups := []string{"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"}
	letters := map[string]bool{} // the play letters the grids print
	multi := false               // an index of three or more cards, in the list only
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		cells := map[[2]string][]string{} // [hand, up]
		rows := map[string]bool{}         // the hands with an index
		for _, x := range r.Indices {
			multi = multi || x.MultiCard && x.Rounded != nil
			if x.Table == "insurance" || x.Rounded == nil || x.MultiCard || count.RowKind(x.Hand) != kind {
				continue
			}
			letters[playLetter(x.Play)] = true
			key := [2]string{x.Hand, x.Up}
			rows[x.Hand] = true
			cells[key] = append(cells[key], fmt.Sprintf("%+d%s", *x.Rounded, playLetter(x.Play)))
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(b, "%s\n", kind)
		tw := tabwriter.NewWriter(b, 0, 4, 1, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "\t%s\t\n", strings.Join(ups, "\t"))
		for _, row := range solve.Rows(kind) {
			if !rows[row] {
				continue
			}
			fmt.Fprintf(tw, "%s", row)
			for _, up := range ups {
				fmt.Fprintf(tw, "\t%s", strings.Join(cells[[2]string{row, up}], "/"))
			}
			fmt.Fprintln(tw, "\t")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(b)
	}
	var names []string // only the letters printed
	for _, l := range []struct{ letter, name string }{{"S", "stand"}, {"H", "hit"}, {"D", "double"}, {"P", "split"}, {"R", "surrender"}} {
		if letters[l.letter] {
			names = append(names, l.letter+" "+l.name)
		}
	}
	legend := "A cell holds each index (rounded) and the play taken at or above it (" + strings.Join(names, ", ") +
		"); below it the cell's other play, as the list says. Blank: no play overtakes the basic one within the counts sampled."
	if multi {
		legend += " Hands of three or more cards are in the list only."
	}
	_, err := fmt.Fprintln(b, legend+"\n")
	return err
}

func (r indicesReport) csv(b *bytes.Buffer) error {
	w := csv.NewWriter(b)
	w.Write([]string{"rules", "count", "table", "hand", "up", "base", "play", "index", "se", "rounded", "shoes", "published", "multi_card"})
	for _, x := range r.Indices {
		idx, se, rounded := "", "", ""
		if x.Index != nil {
			idx, se, rounded = strconv.FormatFloat(*x.Index, 'f', 4, 64), strconv.FormatFloat(*x.SE, 'f', 4, 64), strconv.Itoa(*x.Rounded)
		}
		pub := ""
		if x.Published != nil {
			pub = strconv.FormatFloat(*x.Published, 'g', -1, 64)
		}
		w.Write([]string{r.Rules, r.Count, x.Table, x.Hand, x.Up, x.Base, x.Play, idx, se, rounded, strconv.Itoa(x.Shoes), pub, strconv.FormatBool(x.MultiCard)})
	}
	w.Flush()
	return w.Error()
}

// publishedIndex returns Hi-Lo's published index for a decision of the
// Illustrious 18 or the Fab 4 (the same cell and plays), if it is one.
func publishedIndex(d count.Decision) (float64, bool) {
	for _, p := range append(append([]count.Decision{}, count.I18...), count.Fab4...) {
		base := d.Base
		if d.Table == "surrender" && p.Base == "play" && (base == "hit" || base == "stand") {
			base = "play"
		}
		if p.Table == d.Table && p.Hand == d.Hand && p.Up == d.Up && p.Play == d.Play && p.Base == base {
			return p.Published, true
		}
	}
	return 0, false
}

func published(p *float64) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf("%+g", *p)
}
