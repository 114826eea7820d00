package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"bjchart/solve/count"
)

// publishedCorrelations are the betting and insurance correlations the
// counting literature prints for the built-in counts (Griffin's method on
// single-deck effects of removal; the table of Wong, Professional
// Blackjack, as QFIT and Blackjack Review reprint it).
var publishedCorrelations = map[string][2]float64{
	"hilo": {0.97, 0.76}, "ko": {0.98, 0.78}, "red7": {0.98, 0.78}, "hiopt1": {0.88, 0.85}, "hiopt2": {0.91, 0.91},
	"omega2": {0.92, 0.85}, "zen": {0.96, 0.85}, "wong-halves": {0.99, 0.72},
}

// publishedPlaying is the playing efficiency the same table prints
// (Wong Halves: .56 in some reprints, .57 in others; .57 here, as
// BlackjackInfo's table prints it). It is not compared with bjchart's
// playing efficiency, which is its own measure (CountsReport.Text says so).
var publishedPlaying = map[string]float64{
	"hilo": 0.51, "ko": 0.55, "red7": 0.54, "hiopt1": 0.61, "hiopt2": 0.67, "omega2": 0.67, "zen": 0.63, "wong-halves": 0.57,
}

// correlationsJSON is 'bjchart counts --format json'.
type correlationsJSON struct {
	Rules   string             `json:"rules"`
	EV      float64            `json:"ev"`
	Effects map[string]float64 `json:"effects_of_removal"` // by rank, a fraction of the bet per card removed
	Counts  []countJSON        `json:"counts"`
}

type countJSON struct {
	Name      string             `json:"name"`
	Tags      map[string]float64 `json:"tags"`
	Betting   float64            `json:"betting_correlation"`
	Insurance float64            `json:"insurance_correlation"`
	Playing   float64            `json:"playing_efficiency"`
	// Published is the literature's [betting, insurance] pair, and
	// PublishedPlaying its playing efficiency, for the built-in counts it
	// prints.
	Published        *[2]float64 `json:"published,omitempty"`
	PublishedPlaying *float64    `json:"published_playing_efficiency,omitempty"`
}

var rankNames = [10]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "T"}

// A CountsReport is a game's effects of removal and its counts'
// correlations; its methods write it as text and JSON.
type CountsReport struct{ count.Correlations }

// JSON writes a game's effects of removal and its counts' correlations as
// JSON.
func (r CountsReport) JSON(w io.Writer) error {
	c := r.Correlations
	out := correlationsJSON{Rules: c.Rules.String(), EV: c.EV, Effects: map[string]float64{}}
	for i, e := range c.Effects {
		out.Effects[rankNames[i]] = e
	}
	for _, x := range c.Counts {
		cj := countJSON{Name: x.Name, Tags: map[string]float64{}, Betting: x.Betting, Insurance: x.Insurance, Playing: x.Playing}
		for i := range rankNames {
			cj.Tags[rankNames[i]] = x.Tags[i+1]
		}
		if p, ok := publishedCorrelations[x.Name]; ok {
			cj.Published = &p
		}
		if p, ok := publishedPlaying[x.Name]; ok {
			cj.PublishedPlaying = &p
		}
		out.Counts = append(out.Counts, cj)
	}
	return WriteJSON(w, out)
}

// Text writes a game's effects of removal and its counts' correlations
// for a reader.
func (r CountsReport) Text(w io.Writer) error {
	c := r.Correlations
	var b strings.Builder
	fmt.Fprintf(&b, "bjchart counts: %s\n\n", c.Rules)
	fmt.Fprintf(&b, "Effects of removal: the change in the chart's EV (%+.4f%% from the full shoe) when one card of a rank is removed, in %% of the bet, exact:\n", 100*c.EV)
	tw := tabwriter.NewWriter(&b, 0, 4, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(append([]string{"card"}, rankNames[:]...), "\t")+"\t")
	row := []string{"EOR %"}
	for _, e := range c.Effects {
		row = append(row, fmt.Sprintf("%+.3f", 100*e))
	}
	fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	tw.Flush()
	fmt.Fprintln(&b)
	tw = tabwriter.NewWriter(&b, 0, 4, 1, ' ', 0)
	fmt.Fprintln(tw, "count\ttags A,2..9,T\tbetting\tinsurance\tpublished\tplaying*")
	for _, x := range c.Counts {
		var tags []string
		for i := 1; i <= 10; i++ {
			tags = append(tags, fmt.Sprintf("%g", x.Tags[i]))
		}
		pub := "-"
		if p, ok := publishedCorrelations[x.Name]; ok {
			pub = strings.ReplaceAll(fmt.Sprintf("%.2f/%.2f", p[0], p[1]), "0.", ".")
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%.3f\t%s\t%.3f\n", x.Name, strings.Join(tags, ","), x.Betting, x.Insurance, pub, x.Playing)
	}
	tw.Flush()
	fmt.Fprintln(&b, "\nBetting correlation: the correlation, over the cards of a deck, of the count's tags with the effects of removal above: how well the count tells when to bet more. "+
		"Insurance correlation: with the insurance bet's effects of removal (a ten removed lowers it, any other card raises it, 9 to 4): how well it tells when to insure. "+
		"Published: betting / insurance as the counting literature prints them, from single-deck effects of removal (compare with --rules \"1D S17 NDAS\"). "+
		"*Playing efficiency, bjchart's own measure (not Griffin's published procedure reproduced, and not the literature's figure): the share of the gain from varying the chart "+
		"with perfect knowledge of the cards left that the count's variations get, in a normal approximation after Griffin (each decision of the chart against each other play, "+
		"half the shoe dealt, its gain normal with the dealt cards' effects of removal; the count sees the part its tags correlate with; weighed by how often each decision comes): "+
		"how well it tells when to play otherwise. It orders the counts as the literature does and runs 0.01-0.03 below its printed values (Hi-Lo .51, KO .55, Hi-Opt II .67; the JSON gives them).")
	_, err := io.WriteString(w, b.String())
	return err
}
