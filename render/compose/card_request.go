package compose

import (
	"bjchart/render"
	"context"
	"slices"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// A CardRequest asks for a printable strategy card ('bjchart card' and
// the page's cards): the game, the card's size and what it adds. The face
// supplies the version and date printed (render.CardOptions) and reads a chart
// to compare its own way.
type CardRequest struct {
	Game     solve.Game
	Size     string // one of render.CardSizes
	Paper    string // the sheet of wallet cards: one of render.Papers
	EV       bool   // add every action's EV and the dealer's outcomes
	FullRows bool   // every hard total on its own row
	Diff     string // a published chart to compare on a page of its own
	// DiffChart, if not nil, is the chart Diff names as the face read it
	// (the command line a file); nil reads Diff from the library.
	DiffChart *charts.Chart
	Ramp      string // with a count: a bet ramp printed on the index page
	// Index is the count and its index fields, for a counter's card; its
	// game is Game.
	Index count.IndicesRequest
}

// DefaultCardRequest is a letter card of the default game, without a
// count.
func DefaultCardRequest() CardRequest {
	return CardRequest{Size: render.DefaultPaper, Paper: render.DefaultPaper, Index: count.DefaultIndicesRequest()}
}

// Params adds the request's fields to s: the game's, the card's, then
// the count's.
func (q *CardRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.Enum(&q.Size, "size", "card size: %s", render.CardSizes...)
	s.Enum(&q.Paper, "paper", "sheet for wallet cards: %s", render.Papers...)
	s.Bool(&q.FullRows, "full-rows", "print every hard total on its own row (default: identical rows at the ends share one, 5-8 and 17+)")
	s.Bool(&q.EV, "ev", "add pages with every action's EV and the dealer's outcome probabilities")
	s.String(&q.Diff, "diff", "add a page comparing the chart with this published chart (name or file)")
	s.String(&q.Ramp, "ramp", "with {count}: print this bet ramp on the index page, \"COUNT:BET,...\" in units (as 'bjchart risk' gives it)")
	q.Index.CountParams(s)
}

// A CardJob is a checked card request.
type CardJob struct {
	req   CardRequest
	rules solve.Rules
	chart *charts.Chart
	index count.IndicesJob
	ramp  []sim.Step
}

// Check reads and checks the request and the chart Diff names. The
// count's mistakes show before anything is solved.
func (q CardRequest) Check() (CardJob, error) {
	job := CardJob{req: q}
	var err error
	if job.rules, err = q.Game.Resolve(); err != nil {
		return job, err
	}
	if !slices.Contains(render.CardSizes, q.Size) {
		return job, param.Errorf("size", q.Size, "want %s", param.OrList(render.CardSizes))
	}
	if !slices.Contains(render.Papers, q.Paper) {
		return job, param.Errorf("paper", q.Paper, "want %s", param.OrList(render.Papers))
	}
	if q.Diff != "" {
		if job.chart, err = charts.LibraryOr(q.DiffChart, "diff", q.Diff); err != nil {
			return job, err
		}
	}
	if q.Index.Counting() {
		idx := q.Index
		idx.Game = solve.Game{Rules: job.rules.String()}
		if job.index, err = idx.Check(); err != nil {
			return job, err
		}
	}
	if q.Ramp != "" {
		if !q.Index.Counting() {
			return job, param.Fieldf("ramp", "{ramp} needs {count}: a ramp bets by the count")
		}
		if job.ramp, err = sim.ParseRamp(q.Ramp); err != nil {
			return job, &param.Error{Name: "ramp", Input: err.Error()}
		}
	}
	return job, nil
}

// Rules is the game the card is of.
func (j CardJob) Rules() solve.Rules { return j.rules }

// Shoes is the number of shoes a counter's card samples (0 without a
// count), for a progress bar.
func (j CardJob) Shoes() int {
	if !j.req.Index.Counting() {
		return 0
	}
	return j.index.Shoes
}

// Layout is the card's options of the request: size, sheet and rows.
// Run adds the pages that need work; the face, the version and date
// printed.
func (j CardJob) Layout() render.CardOptions {
	return render.CardOptions{Size: j.req.Size, Paper: j.req.Paper, EV: j.req.EV, FullRows: j.req.FullRows}
}

// A Card is what a strategy card prints, for Painter.Card (which
// Options.Version and Date complete).
type Card struct {
	Table   *solve.Table
	Options render.CardOptions
}

// Run solves the game and what the card adds (the comparison, the
// count's indices; progress is told the shoes sampled of all) and lays
// the card out.
func (j CardJob) Run(ctx context.Context, progress func(done, total int64)) (Card, error) {
	opt := j.Layout()
	if err := ctx.Err(); err != nil {
		return Card{}, err
	}
	s, err := solve.NewSolver(ctx, j.rules, solve.Options{TableOnly: j.chart == nil}) // a chart to compare is valued against the solve
	if err != nil {
		return Card{}, err
	}
	if j.chart != nil {
		d, err := charts.Compare(s, j.chart, charts.DefaultTie)
		if err != nil {
			return Card{}, err
		}
		opt.Diff = render.DiffReport{Diff: d}.Page()
	}
	card := Card{Table: s.Table(), Options: opt}
	if j.req.Index.Counting() {
		res, err := j.index.Run(ctx, progress)
		if err != nil {
			return Card{}, err
		}
		card = j.WithIndices(card, render.NewIndicesReport(res))
	}
	return card, nil
}

// WithIndices makes a card a counter's: its index page of rep (the job's
// count's indices, run or kept by the face) and the ramp asked for.
func (j CardJob) WithIndices(c Card, rep *render.IndicesReport) Card {
	c.Options.Indices = render.NewIndexPage(rep, c.Table)
	if j.ramp != nil {
		c.Options.Indices.Ramp = render.RampText(j.ramp, c.Options.Indices.Count)
	}
	return c
}
