// Package web is bjchart's web page: the chart for any rules, every
// number behind every cell, a hand's values, the dealer's outcomes and the
// downloads the command line makes, computed by the same functions, so that
// a download is the same bytes as the CLI's output for the same request.
//
// A request goes:
//
//  1. parseQuery reads and bounds the query (rules, hand, size, metric);
//     a mistake is a 400 with the parser's own message.
//  2. The table is taken from a cache of solved tables by canonical rule
//     string (least recently used dropped), solved once however many
//     requests ask at the same time, on a bounded number of workers.
//  3. The page (an html/template) or the download (package render) is
//     written; every response carries a Content-Security-Policy without
//     inline script.
package web

import (
	"bjchart/solve/panics"
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"path"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/solve"
	"bjchart/solve/drill"
	"bjchart/solve/house"
	"bjchart/solve/param"
	"bjchart/solve/simreport"
)

//go:embed templates/*.html assets/*
var files embed.FS

// Options configure a Server.
type Options struct {
	Version   string // printed on cards, as the CLI's
	MaxTables int    // solved tables kept (default 32)
	Workers   int    // solves at once (default 2)

	Timeout time.Duration // a request's limit, from its work's slot (default 60 s)
	// InBrowser marks the static site's handler (its prerender, and the
	// browser's worker behind the shell's own Solving bar): a page whose
	// work takes seconds (the index drill's key for a new game) answers
	// when it is done, instead of at once with that work as a job whose
	// progress the page streams (serve).
	InBrowser bool
	// Log takes what a request's failure leaves for whoever runs the
	// server: a panic in a handler or a job, with the request and the
	// stack (default: the standard logger, on standard error).
	Log func(format string, args ...any)
	// Hosts are the names a request's Host header may carry (its port
	// aside): a page served on loopback answers only to loopback names
	// (the default: localhost, 127.0.0.1, ::1), so that a web page
	// elsewhere cannot drive it through a name of its own pointed at this
	// machine (DNS rebinding).
	Hosts []string
	// Docs are the documentation pages served under /docs/ (the face's
	// topics and commands); none leaves /docs/ an empty list.
	Docs []DocPage
	// Now is today's date for the cards (default time.Now); a card is
	// dated by the day, as the CLI's.
	Now func() time.Time
	// Painter draws the cards, heatmaps and plots ('bjchart serve' gives
	// render/draw's). Without one the drawing routes answer 501 with
	// PaintHeader: the static site's core WebAssembly, whose shell then
	// asks the drawing module.
	Painter render.Painter
}

// MemoryLimit is the soft limit on the Go heap that a process serving the
// page sets (debug.SetMemoryLimit; 'bjchart serve' does): the collector
// works harder near it, so that the two worker slots' solves (a
// comparison's solver holds about 100 MB at eight decks) and the caches
// stay within about 300 MB in all.
const MemoryLimit = 200 << 20

// A Server serves the page and the downloads.
type Server struct {
	opt    Options
	tables *tableCache
	// diffs and houses keep comparisons and house games as tables are
	// kept, in the same worker slots.
	diffs     *workCache[*charts.Diff]
	houses    *workCache[*house.Solution]
	page      *template.Template
	house     *template.Template
	simPage   *template.Template
	indexPage *template.Template
	drillPage *template.Template
	// countDrillPage is the counting drill's.
	countDrillPage *template.Template
	// indexDrillPage is the index drill's.
	indexDrillPage *template.Template
	// tablePage is the table's, and advice keeps the values of the
	// decisions it showed (drill.Advice by game and decision), so that a
	// play is priced by the values shown for it.
	tablePage *template.Template
	advice    *workCache[drill.Advice]
	// indexKeys keeps the index drill's indices by game, set and shoes
	// (drill.IndexKey): a game's own are a run of its index plays.
	indexKeys *workCache[drill.IndexKey]
	// keyProgress is how far each index key being worked out is, by its
	// cache key, for every page that streams it.
	keyMu       sync.Mutex
	keyProgress map[string]*keyProgress
	// holdemPage is the Hold'em pages', riskPage the bankroll and risk
	// page's; risks keeps its last reports, for their plots.
	holdemPage *template.Template
	riskPage   *template.Template
	docsPage   *template.Template
	sidePage   *template.Template // the side bets'
	risks      *recent[render.RiskReport]
	jobs       *jobQueue // one long job (simulation, index plays) at a time, the others in line
	mux        *http.ServeMux
	// The last results of long jobs, for what follows them: a
	// simulation's report for its plot, index plays for the counter's
	// card, a game's rule effects.
	sims    *recent[simreport.Report]
	indices *recent[*render.IndicesReport]
	effects *recent[[]solve.Effect]
}

// New returns a server of every page, download and drawing; its handler
// is the Server itself.
func New(opt Options) *Server {
	s := newServer(opt)
	s.routePages()
	s.routeDrawings()
	return s
}

// NewPainter returns a server of the drawings only (DrawingPaths): the
// static site's drawing module, which links the painter and what the
// drawings are made of, not the pages.
func NewPainter(opt Options) *Server {
	s := newServer(opt)
	s.routeDrawings()
	return s
}

// newServer returns a server that routes nothing yet.
func newServer(opt Options) *Server {
	if opt.MaxTables <= 0 {
		opt.MaxTables = 32
	}
	if opt.Workers <= 0 {
		opt.Workers = 2
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 60 * time.Second
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = log.Printf
	}
	if len(opt.Hosts) == 0 {
		opt.Hosts = LoopbackHosts
	}
	s := &Server{opt: opt, tables: newTableCache(opt.MaxTables, opt.Workers),
		risks: newRecent[render.RiskReport](8),
		jobs:  newJobQueue(),
		sims:  newRecent[simreport.Report](8), indices: newRecent[*render.IndicesReport](8), effects: newRecent[[]solve.Effect](8)}
	s.diffs = newWorkCache[*charts.Diff](8, s.tables.slots)     // two tables each
	s.houses = newWorkCache[*house.Solution](4, s.tables.slots) // about 20 MB each
	s.advice = newWorkCache[drill.Advice](drill.MaxAdvised, s.tables.slots)
	s.indexKeys = newWorkCache[drill.IndexKey](8, s.tables.slots)
	s.keyProgress = map[string]*keyProgress{}
	if opt.InBrowser {
		s.tables.share = &shoeShare{} // one thread: a new game's solve is what the page waits for
	}
	s.tables.log, s.diffs.log, s.houses.log, s.advice.log, s.indexKeys.log = opt.Log, opt.Log, opt.Log, opt.Log, opt.Log
	s.tables.limit, s.diffs.limit, s.houses.limit, s.advice.limit, s.indexKeys.limit = opt.Timeout, opt.Timeout, opt.Timeout, opt.Timeout, opt.Timeout
	s.mux = http.NewServeMux()
	return s
}

// routePages parses the pages' templates and routes every page and
// download but the drawings.
func (s *Server) routePages() {
	s.page = template.Must(template.New("page.html").Funcs(funcs).ParseFS(files, "templates/page.html", "templates/nav.html", "templates/report.html"))
	s.house = template.Must(template.New("house.html").ParseFS(files, "templates/house.html", "templates/nav.html", "templates/report.html"))
	s.simPage = template.Must(template.New("sim.html").Funcs(funcs).ParseFS(files, "templates/sim.html", "templates/nav.html", "templates/report.html"))
	s.indexPage = template.Must(template.New("indices.html").ParseFS(files, "templates/indices.html", "templates/nav.html", "templates/report.html"))
	s.drillPage = template.Must(template.New("drill.html").ParseFS(files, "templates/drill.html", "templates/nav.html", "templates/report.html"))
	s.countDrillPage = template.Must(template.New("count_drill.html").ParseFS(files, "templates/count_drill.html", "templates/nav.html", "templates/report.html"))
	s.indexDrillPage = template.Must(template.New("index_drill.html").ParseFS(files, "templates/index_drill.html", "templates/nav.html", "templates/report.html"))
	s.tablePage = template.Must(template.New("table.html").Funcs(funcs).ParseFS(files, "templates/table.html", "templates/nav.html", "templates/report.html"))
	s.holdemPage = template.Must(template.New("holdem.html").Funcs(funcs).ParseFS(files, "templates/holdem.html", "templates/nav.html", "templates/report.html"))
	s.riskPage = template.Must(template.New("risk.html").Funcs(funcs).ParseFS(files, "templates/risk.html", "templates/nav.html", "templates/report.html"))
	s.docsPage = template.Must(template.New("docs.html").ParseFS(files, "templates/docs.html", "templates/nav.html", "templates/report.html"))
	s.sidePage = template.Must(template.New("side.html").ParseFS(files, "templates/side.html", "templates/nav.html", "templates/report.html"))
	assets, _ := fs.Sub(files, "assets")
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", noListing(http.FileServerFS(assets))))
	s.mux.HandleFunc("GET /{$}", s.handlePage)
	s.mux.HandleFunc("GET /api/chart.json", s.download("application/json", func(w *bytes.Buffer, q query, t *solve.Table) error {
		return render.JSON(w, t, render.DataOptions{})
	}))
	s.mux.HandleFunc("GET /api/chart.csv", s.download("text/csv; charset=utf-8", func(w *bytes.Buffer, q query, t *solve.Table) error {
		return render.CSV(w, t, render.DataOptions{})
	}))
	s.mux.HandleFunc("GET /api/hand.json", s.download("application/json", func(w *bytes.Buffer, q query, t *solve.Table) error {
		rep, err := handReport(q, t)
		if err != nil {
			return badRequest{err}
		}
		return rep.WriteJSON(w)
	}))
	s.mux.HandleFunc("GET /api/diff.json", s.downloadCtx("application/json", func(ctx context.Context, w *bytes.Buffer, q query, t *solve.Table) error {
		d, err := s.compare(ctx, q)
		if err != nil {
			return err
		}
		return render.DiffReport{Diff: d, From: q.compare.RulesFrom()}.JSON(w)
	}))
	effects := func(write func(render.EffectsReport, io.Writer) error) func(context.Context, *bytes.Buffer, query, *solve.Table) error {
		return func(ctx context.Context, w *bytes.Buffer, q query, t *solve.Table) error {
			effects, err := s.effectsOf(ctx, q)
			if err != nil {
				return err
			}
			return write(render.EffectsReport{Table: t, Effects: effects}, w)
		}
	}
	s.mux.HandleFunc("GET /api/effects.json", s.downloadCtx("application/json", effects(render.EffectsReport.JSON)))
	s.mux.HandleFunc("GET /api/effects.csv", s.downloadCtx("text/csv; charset=utf-8", effects(render.EffectsReport.CSV)))
	s.mux.HandleFunc("POST /compare", s.handleUpload)
	s.mux.HandleFunc("GET /compare", func(w http.ResponseWriter, r *http.Request) {
		// The address an upload's answer shows, reloaded or shared: the
		// file is not kept, so the game's page, at its comparisons.
		http.Redirect(w, r, Link("/", r.URL.Query().Get("rules"))+"#cmp-h", http.StatusSeeOther)
	})
	s.mux.HandleFunc("GET /charts/{file}", s.handleChartFile)
	s.mux.HandleFunc("GET /sim", s.handleSim)
	s.mux.HandleFunc("GET /sim/run", s.handleSimRun)
	s.mux.HandleFunc("GET /indices", s.handleIndices)
	s.mux.HandleFunc("GET /indices/run", s.handleIndicesRun)
	s.mux.HandleFunc("GET /sim/plot.png", s.handleSimPlot)
	s.mux.HandleFunc("GET /house", s.handleHouse)
	s.mux.HandleFunc("GET /docs/{$}", s.handleDocs)
	s.mux.HandleFunc("GET /docs/{name}", s.handleDocs)
	s.mux.HandleFunc("GET /drill", s.handleDrill)
	s.mux.HandleFunc("GET /drill/count", s.handleCountDrill)
	s.mux.HandleFunc("GET /drill/index", s.handleIndexDrill)
	s.mux.HandleFunc("GET /drill/index/key", s.handleIndexDrillKey)
	s.mux.HandleFunc("GET /drill/table", s.handleTable)
	s.mux.HandleFunc("GET /risk", s.handleRisk)
	s.mux.HandleFunc("GET /risk/run", s.handleRiskRun)
	s.mux.HandleFunc("GET /risk/plot.png", s.handleRiskPlot)
	s.mux.HandleFunc("GET /holdem", s.handleHoldem)
	s.mux.HandleFunc("GET /holdem/equity", s.handleHoldemEquity)
	s.mux.HandleFunc("GET /holdem/nash", s.handleHoldemNash)
	s.mux.HandleFunc("GET /side", s.handleSide)
	s.mux.HandleFunc("GET /api/side.json", s.sideDownload("application/json", render.SideReport.JSON))
	s.mux.HandleFunc("GET /api/side.csv", s.sideDownload("text/csv; charset=utf-8", render.SideReport.CSV))
	s.mux.HandleFunc("GET /house.json", houseDownload(s, "application/json", houseQuery, func(w *bytes.Buffer, _ house.Request, sol *house.Solution) error {
		return render.HouseReport{Solution: sol}.JSON(w)
	}))
}

// routeDrawings routes the drawings: the cards, the heatmaps and the
// count plots posted (DrawingPaths), each answered with PaintHeader
// without a painter.
func (s *Server) routeDrawings() {
	s.mux.HandleFunc("GET /card.pdf", s.drawn(s.download("application/pdf", func(w *bytes.Buffer, q query, t *solve.Table) error {
		return s.opt.Painter.Card(w, t, s.printed(q.cardJob.Layout()))
	})))
	s.mux.HandleFunc("GET /indices/card.pdf", s.drawn(s.handleCounterCard))
	s.mux.HandleFunc("GET /house/card.pdf", s.drawn(houseDownload(s, "application/pdf", houseCardJob, func(w *bytes.Buffer, job compose.HouseCardJob, sol *house.Solution) error {
		c := job.Card(sol)
		c.Options = s.printed(c.Options)
		return s.opt.Painter.HouseCard(w, c.Solution, c.Options)
	})))
	s.mux.HandleFunc("GET /house/plot.png", s.drawn(houseDownload(s, "image/png", housePlotJob, func(w *bytes.Buffer, job compose.HousePlotJob, sol *house.Solution) error {
		h := job.Heatmap(sol)
		return s.opt.Painter.Heatmap(w, "png", h.Grids, h.Options)
	})))
	for _, format := range render.HeatmapFormats {
		s.mux.HandleFunc("GET /plot."+format, s.drawn(s.download(map[string]string{"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}[format],
			func(w *bytes.Buffer, q query, t *solve.Table) error {
				h, err := q.plotJob.Heatmap(t)
				if err != nil {
					return badRequest{err}
				}
				return s.opt.Painter.Heatmap(w, format, h.Grids, h.Options)
			})))
	}
	s.mux.HandleFunc("POST "+countPlotsPath, s.drawn(s.handlePaintCountPlots))
}

// printed completes a card's options with what the page prints on every
// card: its version and today's date.
func (s *Server) printed(opt render.CardOptions) render.CardOptions {
	opt.Version, opt.Date = s.opt.Version, s.today()
	return opt
}

// today is the cards' date: the day, at midnight UTC, as the CLI's.
func (s *Server) today() time.Time { return s.opt.Now().UTC().Truncate(24 * time.Hour) }

// ServeHTTP bounds the request, sets the security headers and routes it.
// A panic in its handler is that request's failure (a 500, logged with
// the request), never the server's end.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			var err error = &panics.Error{Value: v, Stack: debug.Stack()}
			if pe, ok := v.(*panics.Error); ok {
				err = pe
			}
			s.logPanic(r, err)
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}()
	if !s.hostServed(r.Host) {
		http.Error(w, fmt.Sprintf("host %s is not served here: this page answers to %s ('bjchart serve --allow-host NAME' adds a name)",
			param.Quote(r.Host, 60), strings.Join(s.opt.Hosts, ", ")), http.StatusMisdirectedRequest)
		return
	}
	if r.Method == http.MethodHead && !strings.HasPrefix(r.URL.Path, "/assets/") {
		// HEAD would do a GET's work (a solve, a simulation) for nothing.
		w.Header().Set("Allow", "GET")
		http.Error(w, "HEAD is not served here (it would do the work for nothing): use GET", http.StatusMethodNotAllowed)
		return
	}
	if name := downloadName(r); name != "" {
		w.Header().Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", name))
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "+
		"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if len(r.URL.RawQuery) > maxQuery {
		http.Error(w, fmt.Sprintf("the query is %d bytes; at most %d", len(r.URL.RawQuery), maxQuery), http.StatusRequestURITooLong)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody(r))                                        // an uploaded chart, or nothing
	if r.URL.Path == "/sim/run" || r.URL.Path == "/indices/run" || r.URL.Path == "/risk/run" { // bounded from their turn in the line (startJob)
		s.mux.ServeHTTP(w, r)
		return
	}
	// The request's limit runs from its work's slot (a solve's, a
	// game's effects'), not from its arrival: the time it waits in line
	// for a slot is not counted, and its answer's write is given the
	// limit again from then. Work that can take long takes a slot.
	rc := http.NewResponseController(w)
	ctx := context.WithValue(r.Context(), limitKey{}, requestLimit{d: s.opt.Timeout, extend: func() {
		rc.SetWriteDeadline(time.Now().Add(s.opt.Timeout + 30*time.Second)) // not every writer has deadlines: then none
	}})
	s.mux.ServeHTTP(w, r.WithContext(ctx))
}

// logPanic logs a request's panic (err an *panics.Error) with its stack.
func (s *Server) logPanic(r *http.Request, err error) {
	var pe *panics.Error
	if errors.As(err, &pe) {
		s.opt.Log("%s %s: panic: %v\n%s", r.Method, r.URL, pe.Value, pe.Stack)
	}
}

// handleChartFile serves a library chart's file as stored
// (/charts/NAME.txt): the format the page's upload and 'bjchart diff'
// read, to copy and edit.
func (s *Server) handleChartFile(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutSuffix(r.PathValue("file"), ".txt")
	data, err := charts.File(name)
	if !ok || err != nil {
		http.Error(w, fmt.Sprintf("no chart file %s here: the library's are %s", param.Quote(r.PathValue("file"), 60), strings.Join(charts.Names(), ".txt, ")+".txt"), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(data)
}

// LoopbackHosts are the names a page served on loopback answers to.
var LoopbackHosts = []string{"localhost", "127.0.0.1", "::1"}

// hostServed reports whether a Host header names this server.
func (s *Server) hostServed(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	for _, name := range s.opt.Hosts {
		if strings.EqualFold(name, host) {
			return true
		}
	}
	return false
}

// noListing serves files but never a directory's listing.
func noListing(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// downloads name the files the page serves, by path: a download is
// saved as its name, the rules asked for and its extension, as 'bjchart
// card' names its file ("strategy-card-6D-H17-DAS-LS.pdf").
var downloads = map[string]string{
	"/card.pdf": "strategy-card", "/api/chart.json": "chart", "/api/chart.csv": "chart", "/api/hand.json": "hand",
	"/api/diff.json": "comparison", "/api/effects.json": "rule-effects", "/api/effects.csv": "rule-effects",
	"/plot.png": "heatmap", "/plot.svg": "heatmap", "/plot.pdf": "heatmap", "/house.json": "house-game",
	"/house/card.pdf": "house-game-card", "/house/plot.png": "house-game-heatmap", "/indices/card.pdf": "counter-card",
	"/sim/plot.png": "edge-by-count", "/risk/plot.png": "risk-edge-and-ramp",
	"/api/side.json": "side-bet", "/api/side.csv": "side-bet",
}

// downloadName is the file name a download is saved under, or "" for a
// page.
func downloadName(r *http.Request) string {
	base, ok := downloads[r.URL.Path]
	if !ok {
		return ""
	}
	game := r.URL.Query().Get("rules")
	if strings.HasPrefix(r.URL.Path, "/api/side.") { // named by its bet too
		game = strings.TrimSpace(r.URL.Query().Get("bet") + " " + game)
	}
	rules := strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '=':
			return c
		}
		return '-'
	}, game)
	if len(rules) > 80 {
		rules = rules[:80]
	}
	if rules = strings.Trim(rules, "-"); rules == "" {
		rules = "default"
	}
	return base + "-" + rules + path.Ext(r.URL.Path)
}

// html writes a page from its template with the status, or a 500 if the
// template fails (before anything is written).
func (s *Server) html(w http.ResponseWriter, t *template.Template, data any, status int) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// badRequest marks an error as the client's: a 400 with its message.
type badRequest struct{ error }

// download serves what write makes of the request's table, the bytes the
// CLI writes for the same request.
func (s *Server) download(contentType string, write func(*bytes.Buffer, query, *solve.Table) error) http.HandlerFunc {
	return s.downloadCtx(contentType, func(_ context.Context, w *bytes.Buffer, q query, t *solve.Table) error { return write(w, q, t) })
}

// downloadCtx is download for a write that does more work within the
// request's time (rule effects).
func (s *Server) downloadCtx(contentType string, write func(context.Context, *bytes.Buffer, query, *solve.Table) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, err := parseQuery(r.URL.Query())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		t, err := tableOf(r.Context(), s.tables, q.rules)
		if err != nil {
			s.fail(w, err)
			return
		}
		s.respond(w, contentType, func(b *bytes.Buffer) error { return write(r.Context(), b, q, t) })
	}
}

// respond writes what write makes, as contentType, or fails with its
// error before anything is written.
func (s *Server) respond(w http.ResponseWriter, contentType string, write func(*bytes.Buffer) error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Write(buf.Bytes())
}

// effectsOf is each rule's effect on the query's game (its
// solve.EffectsRequest: about 25 solves on every core), solved with
// every worker slot held, so that two never run at once, and kept for
// the next request.
func (s *Server) effectsOf(ctx context.Context, q query) ([]solve.Effect, error) {
	key := q.rules.String()
	if e, ok := s.effects.get(key); ok {
		return e, nil
	}
	job, err := q.effectsRequest().Check()
	if err != nil {
		return nil, err
	}
	var rep solve.EffectsReport
	if werr := s.tables.workAll(ctx, func(ctx context.Context) { rep, err = job.Run(ctx, nil) }); werr != nil {
		return nil, werr
	}
	if err != nil {
		return nil, err
	}
	s.effects.put(key, rep.Effects)
	return rep.Effects, nil
}

// fail answers an error: the client's as 400, a request out of time as
// 503, anything else as 500, each with a one-line message.
func (s *Server) fail(w http.ResponseWriter, err error) {
	var br badRequest
	switch {
	case errors.As(err, &br):
		http.Error(w, err.Error(), http.StatusBadRequest)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled): // the request's time ran out before the work did
		http.Error(w, fmt.Sprintf("this takes longer than a request may here (%s), or the server is busy: try again, run it as a job on its page (a counter's card: work the index plays out on /indices first), or on the command line, which has no limit", s.opt.Timeout), http.StatusServiceUnavailable)
	default:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// errNoChart refuses a comparison without a chart.
var errNoChart = errors.New("no chart to compare: give chart=NAME ('bjchart charts' lists them)")

// compare diffs the query's published chart (of the library, or the
// uploaded one) against its rules, as 'bjchart diff' does: in a worker
// slot, kept for the next request (an upload by its content).
func (s *Server) compare(ctx context.Context, q query) (*charts.Diff, error) {
	job := q.chart
	if job == nil {
		return nil, badRequest{errNoChart}
	}
	key := q.rules.String() + "\x00" + q.compare.Chart
	if c := job.Chart; q.upload != "" {
		key = fmt.Sprintf("%s\x00upload %s\x00%q\x00%v", q.rules, c.Name, c.Comments, c.Cells) // the upload's own title and plays
	}
	return s.diffs.getKey(ctx, key, func(ctx context.Context) (*charts.Diff, error) { return job.Run(ctx, nil) })
}

// handReport looks up the query's hand in a table of its rules.
func handReport(q query, t *solve.Table) (render.HandReport, error) {
	job, err := q.hand.Check()
	if err != nil {
		return render.HandReport{}, err
	}
	l, err := t.Lookup(job.Hand)
	if err != nil {
		return render.HandReport{}, err
	}
	return render.NewHandReport(t, l), nil
}

// Link is a URL of the server with the query's rules.
func Link(path string, rules string, more ...string) string {
	v := url.Values{"rules": {rules}}
	for i := 0; i+1 < len(more); i += 2 {
		v.Set(more[i], more[i+1])
	}
	return path + "?" + strings.ReplaceAll(v.Encode(), "%20", "+")
}

// Bind binds a page's query to the request its route computes, with the
// route's checks: count.IndicesRequest for /indices, sim.Request for
// /sim, house.Request for /house, drill.Request for /drill, side.Request
// for /side, and for the routes of a chart's page
// solve.Request (/api/chart.json), solve.HandRequest (/api/hand.json),
// compose.CardRequest (/card.pdf), compose.PlotRequest (/plot.png),
// charts.CompareRequest (/api/diff.json) and solve.EffectsRequest
// (/api/effects.json). The command line binds its flags to the same
// requests; a test holds the two bindings equal.
func Bind(path string, v url.Values) (req any, err error) {
	switch path {
	case "/indices":
		q, err := parseIndexQuery(v)
		return q.req, err
	case "/sim":
		q, err := parseSimQuery(v)
		return q.req, err
	case "/house":
		req, _, err := houseQuery(v)
		return req, err
	case "/house/card.pdf":
		req, _, err := houseCardQuery(v)
		return req, err
	case "/house/plot.png":
		req, _, err := housePlotQuery(v)
		return req, err
	case "/drill":
		q, err := parseDrillQuery(v)
		return q.req, err
	case "/drill/table":
		return parseTableQuery(v)
	case "/holdem":
		req, _, err := holdemChartQuery(v)
		return req, err
	case "/holdem/equity":
		return parseHoldemEquityQuery(v)
	case "/risk":
		req, _, err := riskQuery(v)
		return req, err
	case "/holdem/nash":
		req, _, err := parseHoldemNashQuery(v)
		return req, err
	case "/side":
		req, _, _, err := sideQuery(v)
		return req, err
	}
	q, err := parseQuery(v)
	switch path {
	case "/api/chart.json":
		return q.hand.Request, err
	case "/api/hand.json":
		if err == nil {
			_, err = q.hand.Check()
		}
		return q.hand, err
	case "/card.pdf":
		return q.card, err
	case "/plot.png":
		return q.plot, err
	case "/api/diff.json":
		if err == nil && q.chart == nil {
			err = errNoChart
		}
		return q.compare, err
	case "/api/effects.json":
		return q.effectsRequest(), err
	}
	return nil, fmt.Errorf("no request is bound at %s", path)
}

// Assets are the page's scripts and styles, as it serves them under
// /assets/ (the static site copies them).
func Assets() fs.FS {
	assets, _ := fs.Sub(files, "assets")
	return assets
}

// DefaultRules is the game the page shows where none is asked for.
func DefaultRules() (solve.Rules, error) {
	q, err := parseQuery(url.Values{})
	return q.rules, err
}
