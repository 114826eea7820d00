package compose

import (
	"bjchart/solve/simreport"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// MaxIndicesFile bounds an indices file (the JSON of 'bjchart indices'),
// which is a few kilobytes.
const MaxIndicesFile = 1 << 20

// A seatSpec is one --seat, read: each part the seat sets, "" where it
// keeps the run's.
type seatSpec struct {
	text                              string // as given
	strategy, ramp, indices, insureAt string
}

// seatKeys is what a seat may set.
const seatKeys = "strategy, ramp, indices or insure-at"

// readSeat reads "strategy=cd; ramp=-100:1,2:4; indices=published;
// insure-at=3": each key once, each with a value.
func readSeat(spec string) (seatSpec, error) {
	s := seatSpec{text: spec}
	given := map[string]bool{}
	for _, part := range strings.Split(spec, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok:
			return s, fmt.Errorf("%q is not key=value; want %s", part, seatKeys)
		case given[k]:
			return s, fmt.Errorf("%s given twice; give each of strategy, ramp, indices and insure-at once", k)
		case v == "":
			return s, fmt.Errorf("%s= has no value", k)
		}
		given[k] = true
		switch k {
		case "strategy":
			s.strategy = v
		case "ramp":
			if _, err := sim.ParseRamp(v); err != nil {
				return s, err
			}
			s.ramp = v
		case "indices":
			s.indices = v
		case "insure-at":
			if _, err := parseCount(v); err != nil {
				return s, fmt.Errorf("insure-at %q: want a count", v)
			}
			s.insureAt = v
		default:
			return s, fmt.Errorf("unknown key %q; want %s", k, seatKeys)
		}
	}
	return s, nil
}

// parseCount reads a count (an insurance index): a finite number.
func parseCount(s string) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("not a count")
	}
	return x, nil
}

// seatError is the error of the i'th seat (from 0).
func seatError(spec string, i int, err error) error {
	return &param.Error{Name: "seat", Input: param.Quote(spec, 80) + fmt.Sprintf(" (seat %d)", i+1), Problem: err.Error()}
}

// An indexSource is a set of index plays as a request names it
// (published, computed, or an indices file), read as far as it can be
// without solving: a file's decisions are read when the job runs, before
// the solve.
type indexSource struct {
	name      string
	decisions []count.Decision // a file's
	at        []float64
	set       simreport.IndexPlaySet // a file's notes: what it was computed for, the entries not played
}

// readIndexSource reads an index set's name: published, computed or the
// file of 'bjchart indices --count hilo --format json'.
func readIndexSource(name string, r solve.Rules) (indexSource, error) {
	src := indexSource{name: name}
	if name == "published" || name == "computed" {
		return src, nil
	}
	data, err := param.ReadFile(name, MaxIndicesFile, "an indices file is a few kilobytes")
	var re *charts.ReadError
	if errors.As(err, &re) {
		return src, err // a file that cannot be read (exit 1)
	}
	if err != nil {
		return src, fmt.Errorf("want published, computed or the JSON output of 'bjchart indices' (%v)", err)
	}
	src.decisions, src.at, err = readIndicesFile(name, data, r, &src.set)
	return src, err
}

// indicesFile is what a simulation reads of the JSON of 'bjchart
// indices' (render.IndicesReport).
type indicesFile struct {
	Rules   string `json:"rules"`
	Count   string `json:"count"`
	Indices []struct {
		Table     string   `json:"table"`
		Hand      string   `json:"hand"`
		Up        string   `json:"up"`
		Base      string   `json:"base"`
		Play      string   `json:"play"`
		Index     *float64 `json:"index"`
		MultiCard bool     `json:"multi_card"`
	} `json:"indices"`
}

// readIndicesFile reads an indices file's entries as index plays: every
// entry is checked (count.Decision.Check, a finite index within
// ±count.MaxIndex, no decision twice), and the entries the simulator
// does not play are listed in set.
func readIndicesFile(file string, data []byte, r solve.Rules, set *simreport.IndexPlaySet) ([]count.Decision, []float64, error) {
	var rep indicesFile
	if err := json.Unmarshal(data, &rep); err != nil || rep.Count != "hilo" || len(rep.Indices) == 0 {
		return nil, nil, fmt.Errorf("not the JSON output of 'bjchart indices --count hilo --format json'")
	}
	if rr, err := solve.ParseRules(rep.Rules); err != nil {
		return nil, nil, fmt.Errorf("rules %q: %v", rep.Rules, err)
	} else if rr.String() != r.String() {
		set.ComputedFor = rr.String()
	}
	set.Source = file
	var decisions []count.Decision
	var at []float64
	seen := map[string]int{}
	for k, x := range rep.Indices {
		entry := fmt.Sprintf("entry %d (%s %s v %s)", k+1, x.Table, x.Hand, x.Up)
		up, err := solve.ParseRank(x.Up)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: up card %q: want 2 to 9, T or A", entry, x.Up)
		}
		d := count.Decision{Table: x.Table, Hand: x.Hand, Up: up, Base: x.Base, Play: x.Play, MultiCard: x.MultiCard}
		if err := d.Check(); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", entry, err)
		}
		key := fmt.Sprintf("%s %s v %s, three or more cards %t", d.Table, d.Hand, d.Up, d.MultiCard)
		if prev, dup := seen[key]; dup {
			return nil, nil, fmt.Errorf("%s: the same decision as entry %d; give each decision once", entry, prev)
		}
		seen[key] = k + 1
		if x.Index != nil && (math.IsNaN(*x.Index) || math.Abs(*x.Index) > count.MaxIndex) {
			return nil, nil, fmt.Errorf("%s: index %g: want a true count from -%d to +%d", entry, *x.Index, count.MaxIndex, count.MaxIndex)
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

// plays returns the source's plays (the Fab 4 first: a surrender index
// outranks a hit/stand one), the insurance index and the set as the
// report lists it; computed indices are solved here (count.Compute, 600
// shoes, seed 1), stopping when ctx ends.
func (src indexSource) plays(ctx context.Context, r solve.Rules) ([]sim.IndexPlay, float64, *simreport.IndexPlaySet, error) {
	decisions := append(append([]count.Decision{}, count.Fab4...), count.I18...)
	at := make([]float64, len(decisions))
	set := src.set
	switch src.name {
	case "published":
		set.Source = "the published I18 and Fab 4 (Schlesinger, Blackjack Attack)"
		for i, d := range decisions {
			at[i] = d.Published
		}
	case "computed":
		set.Source = "the I18 and Fab 4 as bjchart computes them for these rules (600 shoes, seed 1)"
		got, err := count.Compute(ctx, r, count.HiLo, decisions, count.Options{Shoes: 600, Penetration: 0.8, Seed: 1})
		if err != nil {
			return nil, 0, nil, err
		}
		for i, x := range got {
			at[i] = x.Index
		}
	default:
		decisions, at = src.decisions, src.at
	}
	plays, insure := sim.IndexPlays(decisions, at)
	for i, d := range decisions {
		if math.IsNaN(at[i]) {
			set.NotPlayed = append(set.NotPlayed, indexName(d)+": no index")
			continue
		}
		set.InPlay = append(set.InPlay, fmt.Sprintf("%s %s at %+.2f", indexName(d), d.Play, at[i]))
	}
	return plays, insure, &set, nil
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

// exactOfStrategy names what the exact EV beside a strategy's simulation
// is of, when not of the strategy itself.
func exactOfStrategy(name string) string {
	switch name {
	case "optimal":
		return "composition-dependent play (CDZ-)"
	case "emcts":
		return "the playouts' chart"
	}
	return ""
}

// publishedChart reads the published chart a strategy's name gives (a
// name of the library or a file), nil for the strategies bjchart plays
// itself: what is wrong with the name shows without solving, and a
// chart read is played as read (strategies.loaded).
func publishedChart(name string) (*charts.Chart, error) {
	switch name {
	case "solved", "cd", "optimal", "emcts":
		return nil, nil
	}
	return charts.Load(name) // its error names the chart
}

// A strategies makes the strategies a run plays from its solve, keeping
// each published chart's note on the cells it prints ? for the report.
type strategies struct {
	solver *solve.Solver // nil when no published chart is played: the table is enough
	table  *solve.Table
	search sim.EMCTSParams
	// playoutChart is the chart the tree search's playouts play.
	playoutChart string
	// loaded holds the published charts the job read when it was
	// checked, by name.
	loaded map[string]*charts.Chart
	notes  map[string]string
}

// strategy returns the strategy a name gives and its exact EV with a
// fresh shoe every round (for optimal, composition-dependent play's; for
// emcts, its playouts' chart's).
func (s *strategies) strategy(field, name string) (sim.Strategy, float64, error) {
	switch name {
	case "optimal":
		r := s.table.Rules
		if r.Infinite() || r.HoleCard != solve.Peek || r.Surrender == solve.EarlySurrender {
			return nil, 0, param.Errorf(field, name, "plays finite shoes with a peek (PEEK) and no early surrender; the rules are %s", r)
		}
		return sim.NewOptimal(r), s.table.CDEV[solve.CDZMinus], nil
	case "emcts":
		chart, ev, err := s.chart("playout-chart", s.playoutChart)
		if err != nil {
			return nil, 0, err
		}
		ch, ok := chart.(*sim.Chart)
		if !ok {
			return nil, 0, param.Errorf("playout-chart", s.playoutChart, "want solved or a chart's name or file")
		}
		e, err := sim.NewEMCTS(s.table.Rules, ch, s.search)
		return e, ev, err
	}
	return s.chart(field, name)
}

// chart returns the chart (or CD play) a name gives and its exact EV
// with a fresh shoe every round. A published chart's cells printed ? are
// played as the solution plays them (the note says so); a chart of
// nothing but ? is refused.
func (s *strategies) chart(field, name string) (sim.Strategy, float64, error) {
	played := s.table
	switch name {
	case "cd":
		cd, err := sim.NewCD(played)
		if err != nil {
			return nil, 0, param.Fieldf(field, "{strategy} cd: %v", err)
		}
		return cd, played.CDEV[solve.CDZMinus], nil
	case "solved":
	default:
		c := s.loaded[name]
		if c == nil {
			return nil, 0, fmt.Errorf("%s %q: the chart was not read when the job was checked", field, name)
		}
		if s.solver == nil {
			return nil, 0, fmt.Errorf("%s %q: a published chart is valued against the solve, which this plan was not given", field, name)
		}
		d, err := charts.Compare(s.solver, c, charts.DefaultTie)
		if err != nil {
			return nil, 0, err
		}
		played = d.Published
		if note := d.UnknownNote(); note != "" {
			if s.notes == nil {
				s.notes = map[string]string{}
			}
			s.notes[name] = note
		}
	}
	ch, err := sim.NewChart(played)
	if err != nil {
		return nil, 0, err
	}
	return ch, played.EV, nil
}

// withNote names a chart played, with how its cells printed ? are played
// when it has any.
func (s *strategies) withNote(chart string) string {
	if note := s.notes[chart]; note != "" {
		return chart + " (" + note + ")"
	}
	return chart
}

// fileDigests digests the files a request names (a chart, an indices
// file, in a seat too), so that a split run's parts played from other
// files are not merged.
func fileDigests(names []string) (map[string]string, error) {
	out := map[string]string{}
	for _, name := range names {
		st, err := os.Stat(name)
		if err != nil || !st.Mode().IsRegular() {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, &charts.ReadError{File: name, Err: err}
			}
			continue // a chart's name, published, computed
		}
		data, err := param.ReadFile(name, charts.MaxFile+MaxIndicesFile, "an input file is at most a megabyte")
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		out[name] = hex.EncodeToString(sum[:])
	}
	return out, nil
}
