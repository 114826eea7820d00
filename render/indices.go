package render

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"bjchart/solve"
	"bjchart/solve/count"
)

// NewIndicesReport lays a count's computed indices out as 'bjchart
// indices' reports them: the conventions they read by (the count's tags,
// the true or running count, the rounding), each index with its SE,
// rounding, reliability and (Hi-Lo) the published value.
func NewIndicesReport(res count.Indices) *IndicesReport {
	r, sys, rounding, moment, pen := res.Rules, res.System, res.Rounding, res.Moment, res.Penetration
	conv := strings.Replace(indexConventions, "(at the moment)", momentText[moment], 1)
	conv = strings.Replace(conv, "Hi-Lo tags 2-6 +1, 7-9 0, T and A -1", fmt.Sprintf("%s tags %v (A, 2..9, T)", sys.Name, sys.Tags[1:]), 1)
	if !sys.Balanced() {
		conv = strings.Replace(conv, "; cards left are counted exactly, not estimated to a half or whole deck, and the true count is neither floored nor truncated", "", 1)
		conv = strings.Replace(conv, "true count = running count x 52 / cards left (not rounded)", fmt.Sprintf("unbalanced: the running count, from %g; an index is the crossing for a shoe dealt to the sampled shoes' median depth (about %g%% dealt), "+
			"the fit holding the depth fixed, since a running count means other shoes at other depths", sys.IRC(r.Decks), math.Round(100*pen/2)), 1)
		conv = strings.ReplaceAll(conv, "the true count", "the running count")
	}
	conv = strings.Replace(conv, "rounded = the index rounded to the nearest integer", "rounded = the index rounded "+roundingText[rounding], 1)
	rep := &IndicesReport{Rules: r.String(), Count: sys.Name, Tags: [10]float64(sys.Tags[1:]), Set: strings.Join(res.Sets, ","), Rounding: rounding.String(), CountAt: moment.String(),
		Conventions: conv, Shoes: res.Shoes, Merged: res.Merged, Penetration: pen, Oversample: res.Oversample, Seed: res.Seed, Balanced: sys.Balanced()}
	for _, x := range res.Indices {
		row := indexRow{Table: x.Table, Hand: x.Hand, Up: x.Up.String(), Base: x.Base, Play: x.Play, Shoes: x.Shoes, MultiCard: x.MultiCard}
		if pub, ok := publishedIndex(x.Decision); ok && sys.Name == "hilo" {
			row.Published = &pub
		}
		if x.Base == "play" {
			row.Base = "hit or stand"
		}
		switch {
		case x.Never:
			row.Never = true
		case x.NotEstimable != "":
			row.Note = fmt.Sprintf("%s ± %.2f; %s", formatIndex(x.Index), x.SE, x.NotEstimable)
		case x.HasIndex():
			idx, se, rounded := x.Index, x.SE, rounding.Round(x.Index)
			lo, hi := rounding.Between(x.Index, x.SE)
			row.Index, row.SE, row.Rounded, row.Between = &idx, &se, &rounded, &[2]int{lo, hi}
			row.Reliable = x.Reliable(r, sys)
		}
		rep.Indices = append(rep.Indices, row)
	}
	rep.Repeat = rounding.RepeatOf(res.Indices, res.Shoes)
	return rep
}

// roundingText says how each convention rounds, for the conventions line.
var roundingText = map[count.Rounding]string{
	count.Nearest:  "to the nearest integer (--round nearest, the default)",
	count.Floor:    "down (--round floor: +2.7 is +2, -2.3 is -3)",
	count.Truncate: "toward zero (--round truncate: +2.7 is +2, -2.3 is -2)",
}

// momentText says when an index's count is read.
var momentText = map[count.Moment]string{
	count.AtDecision:  "at the decision: the cards seen, the player's two and the dealer's up card included (--count-at decision, the published tables' moment)",
	count.BeforeRound: "before the round is dealt, the count a bet goes by (--count-at round; at the decision the player has seen three more cards)",
}

// indexConventions states how the indices read.
const indexConventions = "Hi-Lo tags 2-6 +1, 7-9 0, T and A -1; true count = running count x 52 / cards left (not rounded); " +
	"the count is read (at the moment); " +
	"cards left are counted exactly, not estimated to a half or whole deck, and the true count is neither floored nor truncated; " +
	"take the index play when the true count is at or above the index; rounded = the index rounded to the nearest integer; " +
	"plays after a hit are the best for the exact cards; published (Hi-Lo only) = Schlesinger, Blackjack Attack (3rd ed.), multi-deck S17 DAS"

// Sampled says how the report's shoes were dealt and kept.
func (r IndicesReport) Sampled() string {
	s := fmt.Sprintf("%d shoes dealt to below %g%%", r.Shoes, 100*r.Penetration)
	if r.Merged > 0 && r.Merged != r.Shoes {
		s = fmt.Sprintf("%d shoes dealt to below %g%%, %d of them in the parts merged (a part leaves out a shoe it cannot solve)", r.Shoes, 100*r.Penetration, r.Merged)
	}
	if r.Oversample > 0 {
		s += fmt.Sprintf(", kept the more often the larger their true count and weighed back (--oversample %g)", r.Oversample)
	}
	return s
}

type IndicesReport struct {
	Rules       string      `json:"rules"`
	Count       string      `json:"count"`
	Tags        [10]float64 `json:"tags"` // the count's tags, A, 2..9, T
	Set         string      `json:"set"`
	Rounding    string      `json:"rounding"` // how rounded is had from index: nearest, floor or truncate
	CountAt     string      `json:"count_at"` // when the count is read: decision or round
	Conventions string      `json:"conventions"`
	Shoes       int         `json:"shoes"`
	// Merged, for a merge of a split run's parts, is the shoes they hold
	// (0 for a run that was not split): fewer than Shoes where a part
	// could not solve a shoe, or one was taken out of it.
	Merged      int     `json:"merged_shoes,omitempty"`
	Penetration float64 `json:"penetration"`
	// Oversample is how the dealt shoes were kept by their count (0:
	// all).
	Oversample float64 `json:"oversample"`
	Seed       uint64  `json:"seed"`
	// Repeat is how many of the rounded indices another seed's run of as
	// many shoes can be expected to round alike, from their SEs, and the
	// shoes that would make it 95%.
	Repeat   count.Repeat `json:"repeat"`
	Indices  []indexRow   `json:"indices"`
	Balanced bool         `json:"-"` // the count is balanced: it is read as a true count
}

type indexRow struct {
	Table   string   `json:"table"`
	Hand    string   `json:"hand"`
	Up      string   `json:"up"`
	Base    string   `json:"base"`
	Play    string   `json:"play"`
	Index   *float64 `json:"index"` // null: not solved, or no crossing
	Rounded *int     `json:"rounded"`
	// Between is the integers the crossing's 95% interval (index ± 1.96
	// SE) rounds to: the same twice when the shoes settle the integer;
	// otherwise another seed may print any of them.
	Between *[2]int  `json:"rounded_between"`
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
	// Note, with no index, says why a crossing within the counts sampled
	// is no index these shoes can give (set all).
	Note string `json:"note,omitempty"`
	// Never marks a play that never overtakes the basic one (Base)
	// within the counts sampled (set all): listed so that every run
	// lists the same plays.
	Never bool `json:"never,omitempty"`
}

// Text writes the report for a reader: the conventions, the grids of a
// whole table, the list.
func (r IndicesReport) Text(b io.Writer) error {
	fmt.Fprintf(b, "bjchart indices: %s, %s, %s, seed %d\n%s.\n\n",
		r.Rules, r.Count, r.Sampled(), r.Seed, r.Conventions)
	if r.Set == "all" {
		if err := r.grids(b); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "decision\tbase → play\tindex\t± SE\trounded\tpublished\tshoes")
	var noCrossing, unreliable, unsettled bool
	var notEstimable []string
	never := 0
	for _, x := range r.Indices {
		if x.Never {
			never++
			continue
		}
		name := fmt.Sprintf("%s v %s", x.Hand, x.Up)
		if x.MultiCard {
			name += " (3+ cards)"
		}
		if x.Table == "insurance" {
			name = "insurance"
		}
		if x.Note != "" {
			notEstimable = append(notEstimable, fmt.Sprintf("%s %s (%s)", name, x.Play, x.Note))
			continue
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
		rounded := x.Label()
		if !x.Settled() {
			unsettled = true
		}
		fmt.Fprintf(tw, "%s\t%s → %s\t%s\t%.2f%s\t%s\t%s\t%d\n", name, x.Base, x.Play, formatIndex(*x.Index), *x.SE, mark, rounded, published(x.Published), x.Shoes)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	line := r.RepeatLine()
	if line != "" || noCrossing || unreliable || unsettled || len(notEstimable) > 0 || never > 0 {
		fmt.Fprintln(b)
	}
	if line != "" {
		fmt.Fprintln(b, line)
	}
	if never > 0 {
		counts := "the counts sampled"
		if r.Balanced {
			counts = "true counts -8..+8 (a crossing beyond, whose 95% interval does not reach inside, counts as never)"
		}
		fmt.Fprintf(b, "Every other play of every cell, %d more, never overtakes the basic one within %s: the basic play throughout (JSON lists each, \"never\"; CSV's note says so).\n", never, counts)
	}
	if len(notEstimable) > 0 {
		fmt.Fprintf(b, "Crossings within the counts sampled that these shoes do not place (the play, its crossing ± SE and why; more --shoes may place them): %s.\n", strings.Join(notEstimable, ", "))
	}
	if unsettled {
		fmt.Fprintln(b, "+3/+4: the crossing's 95% interval (index ± 1.96 SE) spans a rounding boundary: these shoes do not settle the integer, and another --seed may print either; sample more --shoes to settle it.")
	}
	if noCrossing {
		fmt.Fprintln(b, "-: no crossing within the counts sampled.")
	}
	if unreliable {
		fmt.Fprintln(b, "!: not reliable (SE above a point, or under 30 shoes in the fit): sample more --shoes.")
	}
	return nil
}

// RepeatLine says how many of the report's integers another seed would
// print alike and how many shoes would make it 95%, or "" without an
// index.
func (r IndicesReport) RepeatLine() string {
	rp := r.Repeat
	if rp.Indices == 0 {
		return ""
	}
	s := fmt.Sprintf("Estimated from their SEs (each crossing normal about its estimate), another --seed would round about %d%% of these %d indices alike", int(100*rp.Share), rp.Indices) // floored: 94.96% is not yet 95%
	switch {
	case rp.Share >= 0.95:
		return s + "."
	case rp.Shoes95 > 0:
		return s + fmt.Sprintf("; about %s shoes would make it 95%% (SEs shrinking as one over the square root of the shoes).", Thousands(int64(rp.Shoes95)))
	}
	return s + fmt.Sprintf("; more than %d times these shoes would be needed for 95%% (crossings on or near a rounding boundary).", count.RepeatReach)
}

// Label is the rounded index as a report prints it: "+3" where the
// shoes settle it, "+3/+4" (or "+2..+4") where the crossing's 95%
// interval rounds to more than one integer; "" without a crossing.
func (x indexRow) Label() string {
	switch {
	case x.Rounded == nil:
		return ""
	case x.Between == nil:
		return fmt.Sprintf("%+d", *x.Rounded)
	}
	return betweenLabel(x.Between[0], x.Between[1])
}

// Settled says whether the shoes settle the rounded index: its 95%
// interval rounds to one integer.
func (x indexRow) Settled() bool { return x.Between == nil || x.Between[0] == x.Between[1] }

// betweenLabel prints the integers lo..hi a crossing could round to: "+3",
// "+3/+4" or "+2..+4".
func betweenLabel(lo, hi int) string {
	switch {
	case lo == hi:
		return fmt.Sprintf("%+d", lo)
	case hi == lo+1:
		return fmt.Sprintf("%+d/%+d", lo, hi)
	}
	return fmt.Sprintf("%+d..%+d", lo, hi)
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
func (r IndicesReport) grids(b io.Writer) error {
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
			cells[key] = append(cells[key], x.Label()+playLetter(x.Play))
		}
		if len(rows) == 0 {
			continue
		}
		grid := func(ups []string) (string, error) {
			var g bytes.Buffer
			tw := tabwriter.NewWriter(&g, 0, 4, 1, ' ', tabwriter.AlignRight)
			fmt.Fprintf(tw, "\t%s\t\n", strings.Join(ups, "\t"))
			for _, row := range solve.Rows(kind) {
				if !rows[row] {
					continue
				}
				fmt.Fprintf(tw, "%s", row)
				for _, up := range ups {
					fmt.Fprintf(tw, "\t%s", strings.Join(cells[[2]string{row, up}], " "))
				}
				fmt.Fprintln(tw, "\t")
			}
			err := tw.Flush()
			return g.String(), err
		}
		whole, err := grid(ups)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%s\n", kind)
		if widest(whole) <= textWidth {
			io.WriteString(b, whole)
		} else { // the up cards in tables of as many as fit: never a row wrapped onto the next line
			var parts []string
			for per := 5; per >= 1; per-- {
				parts = parts[:0]
				fits := true
				for i := 0; i < len(ups); i += per {
					g, err := grid(ups[i:min(i+per, len(ups))])
					if err != nil {
						return err
					}
					parts = append(parts, g)
					fits = fits && widest(g) <= textWidth
				}
				if fits {
					break
				}
			}
			io.WriteString(b, strings.Join(parts, "\n"))
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
		"); below it the cell's other play, as the list says; +3/+4D where these shoes do not settle the integer (the list's rounded column). " +
		"Blank: no play overtakes the basic one within the counts sampled."
	if multi {
		legend += " Hands of three or more cards are in the list only."
	}
	_, err := fmt.Fprintln(b, legend+"\n")
	return err
}

// textWidth is the width the text reports are wrapped to.
const textWidth = 80

// widest is the most columns a line of s takes.
func widest(s string) int {
	n := 0
	for _, line := range strings.Split(s, "\n") {
		n = max(n, columns(line))
	}
	return n
}

// CSV writes one line per index.
func (r IndicesReport) CSV(b io.Writer) error {
	w := csv.NewWriter(b)
	w.Write([]string{"rules", "count", "table", "hand", "up", "base", "play", "index", "se", "rounded", "shoes", "published", "multi_card", "rounded_low", "rounded_high", "note"})
	for _, x := range r.Indices {
		idx, se, rounded, low, high := "", "", "", "", ""
		if x.Index != nil {
			idx, se, rounded = strconv.FormatFloat(*x.Index, 'f', 4, 64), strconv.FormatFloat(*x.SE, 'f', 4, 64), strconv.Itoa(*x.Rounded)
			low, high = strconv.Itoa(x.Between[0]), strconv.Itoa(x.Between[1])
		}
		pub := ""
		if x.Published != nil {
			pub = strconv.FormatFloat(*x.Published, 'g', -1, 64)
		}
		note := x.Note
		if x.Never {
			note = "never within the counts sampled"
		}
		w.Write([]string{r.Rules, r.Count, x.Table, x.Hand, x.Up, x.Base, x.Play, idx, se, rounded, strconv.Itoa(x.Shoes), pub, strconv.FormatBool(x.MultiCard), low, high, note})
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

// formatIndex prints an index's crossing to two decimals, or to as many
// more as it takes to show which side of a half it lies on (3.497 is
// "+3.497", not "+3.50" beside a rounding to +3), and never as -0.00.
func formatIndex(x float64) string {
	for digits := 2; digits < 6; digits++ {
		s := strconv.FormatFloat(x, 'f', digits, 64)
		frac := strings.TrimRight(s[strings.IndexByte(s, '.')+1:], "0")
		if frac != "5" || float64(int64(math.Abs(x)*2)) == math.Abs(x)*2 {
			return signedDecimal(s)
		}
	}
	return signedDecimal(strconv.FormatFloat(x, 'f', 6, 64))
}

// signedDecimal puts a sign on a decimal: "+3.50", "-1.20", and "+0.00" for a
// negative zero's "-0.00".
func signedDecimal(s string) string {
	if strings.Trim(s, "-0.") == "" {
		return "+" + strings.TrimPrefix(s, "-")
	}
	if s[0] != '-' {
		return "+" + s
	}
	return s
}
