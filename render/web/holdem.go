package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/solve/holdem"
	"bjchart/solve/param"
)

// maxPageTrials bounds a simulated equity's deals on the page (the
// command line takes up to holdem.MaxTrials).
const maxPageTrials = 10_000_000

// holdemData is what the Hold'em pages show: the preflop chart as a
// coloured grid, an equity calculator and the push-or-fold equilibrium,
// each from the command line's reports.
type holdemData struct {
	Error   string
	Show    string // equity or pushfold: the chart's metric
	Chart   holdemGrid
	Ranges  []string // the equity form's ranges (four fields)
	Board   string
	Dead    string
	Equity  *render.HoldemEquityReport
	Stack   string
	Ante    string
	Nash    []holdemGrid
	NashRep *render.HoldemNashReport
	Command string // the same on the command line
	Version string
}

// holdemGrid is a 13x13 grid of classes: pairs on the diagonal, suited
// above, offsuit below, each cell its value and shade (0 to 4).
type holdemGrid struct {
	Title string
	Ranks []string
	Rows  []holdemRow
	Note  string
}

type holdemRow struct {
	Rank  string
	Cells []holdemCell
}

type holdemCell struct {
	Class, Text, Title string
	Shade              int
}

// grid lays 169 classes in the grid's order out as rows.
func grid(title, note string, cells []holdemCell) holdemGrid {
	g := holdemGrid{Title: title, Ranks: render.HoldemRanks, Note: note}
	for r := range 13 {
		g.Rows = append(g.Rows, holdemRow{Rank: render.HoldemRanks[r], Cells: cells[13*r : 13*r+13]})
	}
	return g
}

// handleHoldem serves the preflop chart ('bjchart holdem'): every class's
// exact equity against a random hand or its push-or-fold number, with the
// forms of the equity calculator and the equilibrium.
func (s *Server) handleHoldem(w http.ResponseWriter, r *http.Request) {
	d := newHoldemData(s.opt.Version)
	d.Ranges = make([]string, 4)
	req, job, err := holdemChartQuery(r.URL.Query())
	if err != nil { // a field the page does not take is refused, not ignored
		d.Error = formError(err, "holdem.html")
		s.html(w, s.holdemPage, d, http.StatusBadRequest)
		return
	}
	d.Show = job.Metrics()[0] // the page shows one grid at a time, the first asked for
	if err := s.holdemChart(r.Context(), job, &d); err != nil {
		s.fail(w, err)
		return
	}
	def := compose.DefaultHoldemChartRequest()
	d.Command = requestCommand("holdem", &req, &def)
	s.html(w, s.holdemPage, d, http.StatusOK)
}

// newHoldemData is the Hold'em page before its query: the equity chart
// shown, the push-or-fold form at the Nash request's defaults.
func newHoldemData(version string) holdemData {
	d := holdemData{Version: version, Show: defaultHoldemChart.Metrics()[0]}
	d.Stack, d.Ante = nashFields(holdem.DefaultNashRequest())
	return d
}

// nashFields are a Nash request's stack and ante as the form shows them.
func nashFields(q holdem.NashRequest) (stack, ante string) {
	return strconv.FormatFloat(q.Stack, 'g', -1, 64), strconv.FormatFloat(q.Ante, 'g', -1, 64)
}

// defaultHoldemChart is the chart the equity and push-or-fold forms' pages
// show: the request's defaults.
var defaultHoldemChart, _ = compose.DefaultHoldemChartRequest().Check()

// holdemChartQuery binds a query to the Hold'em chart's request
// (compose.HoldemChartRequest, as 'bjchart holdem') and checks it.
func holdemChartQuery(v url.Values) (compose.HoldemChartRequest, compose.HoldemChartJob, error) {
	req := compose.DefaultHoldemChartRequest()
	if err := bindQuery(v, &req); err != nil {
		return req, compose.HoldemChartJob{}, err
	}
	job, err := req.Check()
	return req, job, err
}

// holdemChart lays the chart of d.Show out.
func (s *Server) holdemChart(ctx context.Context, job compose.HoldemChartJob, d *holdemData) error {
	rep, err := job.Run(ctx, nil)
	if err != nil {
		return err
	}
	var cells []holdemCell
	for _, c := range rep.Classes {
		x := holdemCell{Class: c.Class, Shade: c.Shade(d.Show)}
		x.Title = fmt.Sprintf("%s: equity %.2f%% against a random hand (win %.2f%%, tie %.2f%%); push or fold %s small blinds",
			c.Class, 100*c.Equity, 100*c.Win, 100*c.Tie, c.PushText())
		x.Text = c.Cell(d.Show)
		cells = append(cells, x)
	}
	title, note := "Equity against one random hand, % of the pot (exact)", "Every opponent hand and every board enumerated; ties split the pot."
	if d.Show == "pushfold" {
		title, note = "Push or fold (Sklansky-Chubukov, as published), in small blinds",
			"The largest stack behind the posted small blind from which the small blind's all-in does at least as well as a fold, the big blind seeing the hand; any: always."
	}
	d.Chart = grid(title, note, cells)
	return nil
}

// parseHoldemEquityQuery binds the query to an equity request: the
// ranges (range=, two to nine; empty fields left out), board, dead,
// trials and seed, as 'bjchart holdem equity' binds its arguments and
// flags.
func parseHoldemEquityQuery(v url.Values) (holdem.EquityRequest, error) {
	req := holdem.DefaultEquityRequest()
	var fields param.Set
	req.Params(&fields)
	rest := url.Values{}
	for k, x := range v {
		if k != "range" {
			rest[k] = x
		}
	}
	if err := fields.ParseQuery(rest); err != nil {
		return req, err
	}
	for _, x := range v["range"] {
		if x = strings.TrimSpace(x); x != "" {
			req.Ranges = append(req.Ranges, x)
		}
	}
	if _, err := req.Check(); err != nil {
		return req, err
	}
	if req.Trials > maxPageTrials {
		return req, param.NumberErrorf("trials", req.Trials, "the page simulates at most 10M deals; 'bjchart holdem equity' more")
	}
	return req, nil
}

// handleHoldemEquity serves ranges' equities against each other
// ('bjchart holdem equity'), exact where enumeration is small enough,
// simulated with SEs beyond, in a worker slot.
func (s *Server) handleHoldemEquity(w http.ResponseWriter, r *http.Request) {
	d := newHoldemData(s.opt.Version)
	req, err := parseHoldemEquityQuery(r.URL.Query())
	d.Ranges, d.Board, d.Dead = append(append([]string{}, req.Ranges...), make([]string, max(0, 4-len(req.Ranges)))...), req.Board, req.Dead
	if err == nil {
		err = s.holdemChart(r.Context(), defaultHoldemChart, &d)
	}
	if err != nil {
		d.Error = formError(err, "holdem.html")
		s.html(w, s.holdemPage, d, http.StatusBadRequest)
		return
	}
	job, _ := req.Check() // checked
	var res holdem.EquityResult
	if werr := s.tables.work(r.Context(), func(ctx context.Context) { res, err = job.Run(ctx, nil) }); werr != nil { // stopped when the browser leaves, or at the limit
		s.fail(w, werr)
		return
	}
	if err != nil {
		d.Error = formError(err, "holdem.html")
		s.html(w, s.holdemPage, d, http.StatusBadRequest)
		return
	}
	rep := render.NewHoldemEquityReport(job.Ranges, job.Board, job.Dead, res)
	d.Equity = &rep
	var args []string
	for _, x := range req.Ranges {
		args = append(args, strconv.Quote(x))
	}
	def := holdem.DefaultEquityRequest()
	flags := strings.TrimPrefix(requestCommand("holdem equity", &req, &def), "bjchart holdem equity") // the board, dead cards, trials and seed asked for
	d.Command = "bjchart holdem equity " + strings.Join(args, " ") + flags
	s.html(w, s.holdemPage, d, http.StatusOK)
}

// parseHoldemNashQuery binds the query to an equilibrium's request, as
// 'bjchart holdem nash' binds its flags.
func parseHoldemNashQuery(v url.Values) (holdem.NashRequest, holdem.NashJob, error) {
	req := holdem.DefaultNashRequest()
	if err := bindQuery(v, &req); err != nil {
		return req, holdem.NashJob{}, err
	}
	job, err := req.Check()
	return req, job, err
}

// handleHoldemNash serves the heads-up push-or-fold equilibrium at a
// stack ('bjchart holdem nash'): the small blind's pushes and the big
// blind's calls as coloured grids, in a worker slot.
func (s *Server) handleHoldemNash(w http.ResponseWriter, r *http.Request) {
	d := holdemData{Version: s.opt.Version, Show: defaultHoldemChart.Metrics()[0], Ranges: make([]string, 4)}
	req, job, err := parseHoldemNashQuery(r.URL.Query())
	d.Stack, d.Ante = nashFields(req)
	if err == nil {
		err = s.holdemChart(r.Context(), defaultHoldemChart, &d)
	}
	if err != nil {
		d.Error = formError(err, "holdem.html")
		s.html(w, s.holdemPage, d, http.StatusBadRequest)
		return
	}
	var res holdem.NashResult
	if werr := s.tables.work(r.Context(), func(ctx context.Context) { res, err = job.Run(ctx, nil) }); werr != nil {
		s.fail(w, werr)
		return
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	rep := render.NewHoldemNashReport(res.Nash, res.OneClassGain)
	d.NashRep = &rep
	for _, g := range []struct {
		title string
		of    func(render.HoldemNashClass) float64
		text  func(render.HoldemNashClass) string
	}{{"Small blind: push, % of the time", func(x render.HoldemNashClass) float64 { return x.Push }, render.HoldemNashClass.PushText},
		{"Big blind: call a push, % of the time", func(x render.HoldemNashClass) float64 { return x.Call }, render.HoldemNashClass.CallText}} {
		var cells []holdemCell
		for _, c := range rep.Classes {
			p := g.of(c)
			cells = append(cells, holdemCell{Class: c.Class, Text: g.text(c), Shade: min(4, int(p*4+0.5)),
				Title: fmt.Sprintf("%s: %.2f%%", c.Class, 100*p)})
		}
		d.Nash = append(d.Nash, grid(g.title, "", cells))
	}
	def := holdem.DefaultNashRequest()
	d.Command = requestCommand("holdem nash", &req, &def)
	s.html(w, s.holdemPage, d, http.StatusOK)
}
