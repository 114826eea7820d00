package web

import (
	"net/url"

	"bjchart/charts"
	"bjchart/render/compose"
	"bjchart/solve"
	"bjchart/solve/param"
)

// maxQuery bounds a request's query string, in bytes.
const maxQuery = 2048

// A query is the page's request: the game and what the page shows of it,
// its parameters bound to the fields of the requests that compute each
// part ('bjchart hand', 'card', 'plot', 'diff' and 'effects' bind the same
// fields to flags), so that the page adds no default or check of its own.
type query struct {
	hand    solve.HandRequest     // the game (rules) and a hand to look up
	card    compose.CardRequest   // size and paper
	plot    compose.PlotRequest   // metric, table and codes
	compare charts.CompareRequest // chart
	effects bool                  // show each rule's effect on the game

	rules solve.Rules // the game, read: the rules given, else the chart's to compare, else the default
	// cardJob and plotJob are the card's and heatmap's requests, checked.
	cardJob compose.CardJob
	plotJob compose.PlotJob
	chart   *charts.CompareJob // the comparison of a chart of the library, or uploaded (POST /compare); or nil
	// upload names an uploaded chart (the comparison's key is its content).
	upload string
}

// params binds the query's fields in s.
func (q *query) params(s *param.Set) {
	var hand, card, plot, compare param.Set
	q.hand.Params(&hand)
	q.card.Params(&card)
	q.plot.Params(&plot)
	q.compare.Params(&compare)
	s.Take(&hand, "rules", "hand")
	s.Take(&card, "size", "paper")
	s.Take(&plot, "metric", "table", "codes")
	s.Take(&compare, "chart")
	s.Bool(&q.effects, "effects", "show each rule's effect on the game, as 'bjchart effects' lists them")
}

// parseQuery binds the query to the requests: rules, hand, size, paper,
// metric, table, codes, chart and effects, each with its request's
// default and check. A chart to compare is one of the library, never a
// file of the server's; with no rules given, the page shows the chart's
// own game, as 'bjchart diff' solves it.
func parseQuery(v url.Values) (query, error) {
	q := query{hand: solve.DefaultHandRequest(), card: compose.DefaultCardRequest(),
		plot: compose.DefaultPlotRequest(), compare: charts.DefaultCompareRequest()}
	var fields param.Set
	q.params(&fields)
	if err := fields.ParseQuery(v); err != nil {
		return q, err
	}
	game := q.hand.Game
	q.card.Game, q.plot.Game, q.compare.Game = game, game, game
	var err error
	if q.rules, err = game.Resolve(); err != nil {
		return q, err
	}
	if q.compare.Chart != "" {
		if err := q.compareWith(nil, ""); err != nil {
			return q, err
		}
	}
	if q.cardJob, err = q.card.Check(); err != nil { // the page's card and heatmap compare nothing
		return q, err
	}
	if q.plotJob, err = q.plot.Check(); err != nil {
		return q, err
	}
	return q, nil
}

// compareWith sets the chart to compare, the library's the query names
// or an uploaded one (c, its name upload): with no rules given, the game
// is the chart's own, and the page's other requests are of it too.
func (q *query) compareWith(c *charts.Chart, upload string) error {
	q.compare.Published = c
	job, err := q.compare.Check()
	if err != nil {
		return err
	}
	r := job.Rules
	q.chart, q.upload, q.rules = &job, upload, r
	if q.compare.FromChart() {
		game := solve.Game{Rules: r.String()}
		q.hand.Game, q.card.Game, q.plot.Game = game, game, game
	}
	return nil
}

// effectsRequest is the query's rule effects: of its game.
func (q query) effectsRequest() solve.EffectsRequest { return solve.EffectsRequest{Game: q.hand.Game} }

// input is the rule string as typed.
func (q query) input() string { return q.hand.Game.Rules }

// bindQuery binds a query to a request's fields (its Params): a field
// the request does not take is refused.
func bindQuery(v url.Values, req interface{ Params(*param.Set) }) error {
	var fields param.Set
	req.Params(&fields)
	return fields.ParseQuery(v)
}
