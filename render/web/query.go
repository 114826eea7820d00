package web

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/param"
)

// maxQuery bounds a request's query string, in bytes.
const maxQuery = 2048

// A query is a request's parameters, read and checked.
type query struct {
	input   string      // the rule string as typed
	rules   solve.Rules // its reading
	hand    string      // a hand to look up ("T,6 v T"), or ""
	size    string      // a card's: letter, a4 or wallet
	paper   string      // a wallet card's sheet: letter or a4
	metric  render.Metric
	kinds   []solve.TableKind
	chart   string        // a published chart of the library to compare, or ""
	upload  *charts.Chart // an uploaded chart to compare (POST /compare), or nil
	effects bool          // show each rule's effect on the game
}

// checkParams refuses a parameter not in allowed, so that a typo is not
// silently ignored, and one given more than once.
func checkParams(v url.Values, allowed ...string) error {
	for k, vs := range v {
		if !slices.Contains(allowed, k) {
			want := allowed[len(allowed)-1]
			if len(allowed) > 1 {
				want = strings.Join(allowed[:len(allowed)-1], ", ") + " or " + want
			}
			return fmt.Errorf("unknown parameter %s; want %s", solve.QuoteInput(k, 20), want)
		}
		if len(vs) > 1 {
			return fmt.Errorf("parameter %s given %d times; give it once", solve.QuoteInput(k, 20), len(vs))
		}
	}
	return nil
}

// parseQuery reads the parameters: rules (the rule language, default the
// default game), hand, size, paper, metric and table. Unknown parameters
// are refused, so that a typo is not silently ignored.
func parseQuery(v url.Values) (query, error) {
	q := query{size: "letter", paper: "letter", metric: render.MetricBest,
		kinds: []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs}}
	if err := checkParams(v, "rules", "hand", "size", "paper", "metric", "table", "chart", "effects"); err != nil {
		return q, err
	}
	q.input = v.Get("rules")
	r, err := solve.Game{Rules: q.input}.Resolve() // as every request reads its game
	if err != nil {
		return q, err
	}
	q.rules = r
	q.hand = v.Get("hand")
	if q.size, q.paper, err = cardSize(v.Get("size"), v.Get("paper")); err != nil {
		return q, err
	}
	if m := v.Get("metric"); m != "" {
		if !slices.Contains(render.Metrics, render.Metric(m)) {
			var names []string
			for _, m := range render.Metrics {
				names = append(names, string(m))
			}
			return q, fmt.Errorf("metric %s: want %s", solve.QuoteInput(m, 20), param.OrList(names))
		}
		q.metric = render.Metric(m)
	}
	if t := v.Get("table"); t != "" {
		kinds, ok := render.Tables[t]
		if !ok {
			return q, fmt.Errorf("table %s: want %s", solve.QuoteInput(t, 20), param.OrList(render.TableNames))
		}
		q.kinds = kinds
	}
	switch v.Get("effects") {
	case "":
	case "1":
		q.effects = true
	default:
		return q, fmt.Errorf("effects %s: want 1", solve.QuoteInput(v.Get("effects"), 20))
	}
	if c := v.Get("chart"); c != "" { // a name of the library only: never a file of the server's
		if !slices.Contains(charts.Names(), c) {
			return q, fmt.Errorf("chart %s: not a chart of the library ('bjchart charts' lists them)", solve.QuoteInput(c, 40))
		}
		q.chart = c
	}
	return q, nil
}

// cardSize reads a card's size (letter, a4 or wallet; default letter) and
// a wallet card's sheet (letter or a4; default letter).
func cardSize(size, paper string) (string, string, error) {
	if size == "" {
		size = "letter"
	}
	if paper == "" {
		paper = "letter"
	}
	if !slices.Contains(render.CardSizes, size) {
		return size, paper, fmt.Errorf("size %s: want %s", solve.QuoteInput(size, 20), param.OrList(render.CardSizes))
	}
	if !slices.Contains(render.Papers, paper) {
		return size, paper, fmt.Errorf("paper %s: want %s", solve.QuoteInput(paper, 20), param.OrList(render.Papers))
	}
	return size, paper, nil
}
