package web

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
)

// maxIndexShoes caps the shoes the page samples for index plays (the page
// says so; the command line takes up to count.MaxShoes): the I18 and Fab
// 4 take about 6 s at 600 shoes on two cores, every cell about 30 s at
// 200 (2026-11-26).
var maxIndexShoes = map[string]int{"i18": 1000, "fab4": 1000, "i18,fab4": 1000, "all": 200}

// indexQuery is an index computation the page was asked for: the request
// ('bjchart indices' binds the same fields to flags) and its checked job.
type indexQuery struct {
	req count.IndicesRequest
	job count.IndicesJob
	set string // the job's sets, joined
}

// parseIndexQuery binds the query to an index request, with the
// request's own defaults and checks; the page adds only its bound on the
// work a request may ask of the server.
func parseIndexQuery(v url.Values) (indexQuery, error) {
	q := indexQuery{req: count.DefaultIndicesRequest()}
	var fields param.Set
	q.req.Params(&fields)
	v, _ = jobAsked(v)
	if err := fields.ParseQuery(v); err != nil {
		return q, err
	}
	job, err := q.req.Check()
	if err != nil {
		return q, err
	}
	q.job, q.set = job, strings.Join(job.Sets, ",")
	if job.Shoes > maxIndexShoes[q.set] {
		return q, param.NumberErrorf("shoes", job.Shoes, "the page samples at most %d shoes for set %s; 'bjchart indices' takes more", maxIndexShoes[q.set], q.set)
	}
	return q, nil
}

// handleIndices serves the index-plays page; its script computes them
// from /indices/run, showing the progress and then the report.
func (s *Server) handleIndices(w http.ResponseWriter, r *http.Request) {
	q, err := parseIndexQuery(r.URL.Query())
	shoes := q.job.Shoes // the shoes the form shows: as checked, else as asked, else the default
	if shoes == 0 {
		shoes = cmp.Or(q.req.Shoes, count.DefaultShoes(q.req.Set))
	}
	def := count.DefaultIndicesRequest()
	d := simData{Input: q.req.Game.Rules, Rounds: int64(shoes), Version: s.opt.Version, Count: cmp.Or(q.req.Count, "hilo"), Counts: countNames(),
		Bounds: fmt.Sprintf("at most %d shoes here (every cell: %d); %s penetration, seed %d", maxIndexShoes["i18"], maxIndexShoes["all"], param.FormatPercent(def.Penetration), def.Seed)}
	status := http.StatusOK
	if err != nil {
		d.Error, status = formError(err, "indices.html"), http.StatusBadRequest
	} else {
		d.Rules = q.job.Rules.String()
		if jobWanted(r) { // the form sent: compute them (a link fills the form)
			d.Stream = "/indices/run?" + q.values().Encode()
		}
		d.Command = commandLine("indices", q.values())
		card := "/indices/card.pdf?" + q.values().Encode()
		d.Cards = []downloadLink{{"Counter's card (PDF, letter)", card}, {"Counter's card (PDF, A4)", card + "&size=a4"}, {"Counter's wallet cards (PDF)", card + "&size=wallet"}}
	}
	d.Set = q.set
	if d.Set == "" { // refused: show the set the request would take for these rules, where they read
		if r, err := q.req.Game.Resolve(); err == nil {
			d.Set = cmp.Or(q.req.Set, count.DefaultSet(r))
		}
	}
	if err == nil && q.job.Rules.Surrender != solve.LateSurrender && q.req.Set == "" {
		d.Note = "The I18 only: the Fab 4 are late-surrender indices, and these rules have no late surrender."
	}
	s.html(w, s.indexPage, d, status)
}

// values is the query as a URL's: the canonical rules, set and shoes,
// and every other field that is not the default.
func (q indexQuery) values() url.Values {
	req, def := q.req, count.DefaultIndicesRequest()
	req.Game = solve.Game{Rules: q.job.Rules.String()}
	req.Set, req.Shoes = q.set, q.job.Shoes
	var fields, defaults param.Set
	req.Params(&fields)
	def.Params(&defaults)
	v := fields.Changed(&defaults)
	v.Set("set", q.set) // always named: the default set depends on the rules
	return v
}

// indexReport computes the query's index plays (or takes them from the
// last computed), telling progress the shoes valued of all; it stops
// with ctx's error when ctx ends (the browser left).
func (s *Server) indexReport(ctx context.Context, q indexQuery, progress func(done, total int64)) (*render.IndicesReport, error) {
	key := q.values().Encode()
	if rep, ok := s.indices.get(key); ok {
		return rep, nil
	}
	res, err := q.job.Run(ctx, progress)
	if err != nil {
		return nil, err
	}
	rep := render.NewIndicesReport(res)
	s.indices.put(key, rep)
	return rep, nil
}

// handleIndicesRun computes the index plays and streams them as
// server-sent events, as handleSimRun does: one long job at a time, which
// stops when the browser leaves.
func (s *Server) handleIndicesRun(w http.ResponseWriter, r *http.Request) {
	q, err := parseIndexQuery(r.URL.Query())
	stream, ctx, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	var done atomic.Int64
	var rep *render.IndicesReport
	err = stream.run(s.jobs, int64(q.job.Shoes), &done, func() (err error) {
		rep, err = s.indexReport(ctx, q, func(n, _ int64) { done.Store(max(done.Load(), n)) })
		return err
	})
	switch {
	case errors.Is(err, context.Canceled): // the browser left
		return
	case err != nil:
		stream.send("failed", formError(err, "indices.html"))
		return
	}
	if t, err := tableOf(ctx, s.tables, q.job.Rules); err == nil { // the indices in their cells, as the card prints them
		ip := render.NewIndexPage(rep, t)
		var grid bytes.Buffer
		data := struct {
			Count, Insurance   string
			Starred, Unsettled bool
			Grids              []render.IndexGrid
		}{ip.Count, ip.Insurance, ip.AnyStarred(), ip.AnyUnsettled(), ip.Grids(t)}
		if s.indexPage.ExecuteTemplate(&grid, "indexgrid", data) == nil {
			stream.send("chart", grid.String())
		}
	}
	stream.result(func(b *bytes.Buffer) error { return rep.Text(b) })
}

// handleCounterCard writes the counter's card ('bjchart card --count hilo
// --set S --shoes N'): the chart in front, the index plays on the back.
// Index plays computed here lately are reused; others are computed in the
// one long job's slot within the request's time.
func (s *Server) handleCounterCard(w http.ResponseWriter, r *http.Request) {
	v, sheet := r.URL.Query(), url.Values{}
	for _, k := range []string{"size", "paper"} { // the card's; the rest is the index request's
		if vs, ok := v[k]; ok {
			sheet[k] = vs
			v.Del(k)
		}
	}
	q, err := parseIndexQuery(v)
	card := compose.DefaultCardRequest()
	var all, fields param.Set
	card.Params(&all)
	fields.Take(&all, "size", "paper")
	if err == nil {
		err = fields.ParseQuery(sheet)
	}
	var job compose.CardJob
	if err == nil {
		card.Game, card.Index = q.req.Game, q.req
		job, err = card.Check() // no chart; the count checked as parseIndexQuery did
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	t, err := tableOf(r.Context(), s.tables, q.job.Rules)
	if err != nil {
		s.fail(w, err)
		return
	}
	rep, ok := s.indices.get(q.values().Encode())
	if !ok {
		release, err := s.takeSlot(r.Context())
		if err != nil {
			s.fail(w, err)
			return
		}
		ctx, stop := withLimit(r.Context()) // the request's limit, from its slot
		rep, err = s.indexReport(ctx, q, nil)
		stop()
		release()
		if err != nil {
			s.fail(w, err)
			return
		}
	}
	c := job.WithIndices(compose.Card{Table: t, Options: s.printed(job.Layout())}, rep)
	s.respond(w, "application/pdf", func(b *bytes.Buffer) error { return s.opt.Painter.Card(b, c.Table, c.Options) })
}
