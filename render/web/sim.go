package web

import (
	"bjchart/render/compose"
	"bjchart/solve/panics"
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/param"
	"bjchart/solve/sim"
	"bjchart/solve/simreport"
)

// maxSimRounds caps a simulation the page runs (the page says so; the
// command line runs any number): about two seconds on two cores.
const maxSimRounds = 20_000_000

// exampleRamp is the ramp field's placeholder: a ramp the player may
// type (in units by true count), 1 to 12. A count without a ramp bets
// one unit, as on the command line.
const exampleRamp = "-100:1,1:2,2:4,3:8,4:12"

// simFields are the simulation request's fields the page takes: one
// player, the chart solved for the rules.
var simFields = []string{"rules", "rounds", "seed", "penetration", "csm", "count", "ramp", "side"}

// simQuery is a simulation the page was asked for: the request ('bjchart
// sim' binds the same fields to flags) and its checked job.
type simQuery struct {
	req compose.SimRequest
	job compose.SimJob
}

// values is the query as a URL's: the canonical rules and every field
// given.
func (q simQuery) values() url.Values {
	req, def := q.req, compose.DefaultSimRequest()
	req.Sim.Game = solve.Game{Rules: q.job.Sim.Rules.String()}
	req.Sim.Rounds = q.job.Sim.Rounds
	var fields, defaults param.Set
	req.Params(&fields)
	def.Params(&defaults)
	v := fields.Changed(&defaults)
	v.Set("rounds", strconv.FormatInt(q.job.Sim.Rounds, 10)) // always named, as the page shows them
	return v
}

// parseSimQuery binds the query to a simulation request, with the
// request's own defaults and checks; the page adds only its bound on the
// rounds a request may ask of the server.
func parseSimQuery(v url.Values) (simQuery, error) {
	q := simQuery{req: compose.DefaultSimRequest()}
	var fields param.Set
	q.req.Params(&fields)
	v, _ = jobAsked(v)
	if err := fields.ParseQuery(v, simFields...); err != nil {
		return q, err
	}
	job, err := q.req.Check()
	if err != nil {
		return q, err
	}
	q.job = job
	if job.Sim.Rounds > maxSimRounds {
		return q, param.NumberErrorf("rounds", job.Sim.Rounds, "the page plays at most %d rounds; 'bjchart sim' plays more", maxSimRounds)
	}
	return q, nil
}

// eventStream writes server-sent events.
type eventStream struct {
	w       http.ResponseWriter
	flusher http.Flusher
	rc      *http.ResponseController
	// gone is called when a write fails (the browser left): it stops the
	// job the stream reports, so that no work runs for nobody.
	gone func()
	// failed logs a job's panic with the request that started it.
	failed func(err error)
}

// sendLimit is how long one event may take to reach the browser: the
// server's write timeout does not cut a stream (a job runs as long as its
// bounded work takes), but a browser that stops reading is let go.
const sendLimit = 30 * time.Second

// newEventStream starts a response of server-sent events, or answers 500
// where the connection cannot stream.
func newEventStream(w http.ResponseWriter) (eventStream, bool) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return eventStream{}, false
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	return eventStream{w: w, flusher: flusher, rc: http.NewResponseController(w), gone: func() {}}, true
}

// send writes one event, its data line by line, within sendLimit; a
// write that fails calls gone.
func (e eventStream) send(event, data string) {
	e.rc.SetWriteDeadline(time.Now().Add(sendLimit)) // not every writer has deadlines (a test's recorder): then none
	var b strings.Builder
	fmt.Fprintf(&b, "event: %s\n", event)
	for _, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		fmt.Fprintf(&b, "data: %s\n", line)
	}
	b.WriteString("\n")
	if _, err := io.WriteString(e.w, b.String()); err != nil {
		e.gone()
		return
	}
	e.flusher.Flush()
}

// result sends a finished job's report as its command prints it
// ("result"), or "failed" where it cannot be written.
func (e eventStream) result(write func(*bytes.Buffer) error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		e.send("failed", err.Error())
		return
	}
	e.send("result", render.WrapProse(buf.String(), reportWidth))
}

// startJob starts a long job's response: a 400 for a query that did not
// parse, else an event stream that says where the job stands in the line
// for the one long job's slot ("queued" events) until it is its turn. The
// request's time limit runs from then, not from the request (ServeHTTP
// leaves the job routes unbounded while they wait): a job the page
// started never runs out of time in the line. The caller runs its job
// with ctx and calls release when it is done.
func (s *Server) startJob(w http.ResponseWriter, r *http.Request, queryErr error) (stream eventStream, ctx context.Context, release func(), ok bool) {
	if queryErr != nil {
		http.Error(w, queryErr.Error(), http.StatusBadRequest)
		return stream, nil, nil, false
	}
	if stream, ok = newEventStream(w); !ok {
		return stream, nil, nil, false
	}
	// The job ends when its bounded work does, or when the browser leaves
	// (its request's context, or a write that fails): no timeout cuts it,
	// waiting in line or running.
	ctx, cancel := context.WithCancel(r.Context())
	stream.gone = cancel
	stream.failed = func(err error) { s.logPanic(r, err) }
	free, err := s.jobs.take(ctx, func(status string) { stream.send("queued", status) })
	if err != nil {
		cancel()
		stream.send("failed", err.Error())
		return stream, nil, nil, false
	}
	return stream, ctx, func() { cancel(); free() }, true
}

// takeSlot waits for the one long job's slot, or for ctx to end; the
// caller calls release when its job is done.
func (s *Server) takeSlot(ctx context.Context) (release func(), err error) {
	return s.jobs.take(ctx, nil)
}

// run runs job in the background and, until it returns, sends its
// progress (done of total, its share) twice a second, then 1 if it
// succeeded; it returns job's error. A panic in job is its error (an
// *panics.Error, logged), not the server's end.
func (e eventStream) run(q *jobQueue, total int64, done *atomic.Int64, job func() error) error {
	q.running(done, total)
	finished := make(chan error, 1)
	go func() {
		err := func() (err error) {
			defer panics.Recover(&err)
			return job()
		}()
		if e.failed != nil {
			e.failed(err)
		}
		finished <- err
	}()
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			e.send("progress", strconv.FormatFloat(float64(done.Load())/float64(total), 'f', 4, 64))
		case err := <-finished:
			if err == nil {
				e.send("progress", "1")
			}
			return err
		}
	}
}

// simData is what a long job's page (a simulation, index plays) shows
// before it runs.
type simData struct {
	Input, Rules, Error, Stream, Version string
	Note                                 string         // said before the job runs
	Bounds                               string         // what the page takes at most, and the defaults it does not show, from the code
	DefaultPenetration                   string         // the shoe dealt unless asked otherwise (sim.DefaultPenetration)
	Set                                  string         // index plays' set
	Count, Ramp                          string         // a simulation's count and ramp
	Side                                 string         // a side bet placed beside the main bet
	DefaultRamp                          string         // the ramp field's placeholder
	Counts                               []string       // the counts the page offers
	Plot                                 string         // the URL of the plot drawn after the run
	Cards                                []downloadLink // the counter's cards, after index plays
	Rounds                               int64
	Seed                                 uint64
	Max                                  string // the most rounds the page deals, grouped: 20,000,000
	Command                              string // the job on the command line
}

// requestCommand is the command that asks what req asks: the fields in
// which it differs from def (the request's defaults) as flags.
func requestCommand(sub string, req, def interface{ Params(*param.Set) }) string {
	var fields, defaults param.Set
	req.Params(&fields)
	def.Params(&defaults)
	v := fields.Changed(&defaults)
	switches := ""
	for _, p := range fields.All() { // a true-or-false field is a switch: --compute, or --compute=false
		if x, ok := v[p.Name]; ok && p.Value.Type() == "bool" {
			delete(v, p.Name)
			if switches += " --" + p.Name; len(x) > 0 && x[0] != "true" {
				switches += "=" + x[0]
			}
		}
	}
	return commandLine(sub, v) + switches
}

// commandLine is the command that does what a page's query asks: the
// query's fields are the command's flags (the two faces bind the same
// requests), in order of name.
func commandLine(sub string, v url.Values) string {
	cmd := "bjchart " + sub
	for _, k := range slices.Sorted(maps.Keys(v)) {
		arg := v.Get(k)
		if strings.ContainsAny(arg, " \"'") || arg == "" {
			arg = strconv.Quote(arg)
		}
		cmd += " --" + k + " " + arg
	}
	return cmd
}

// handleSim serves the simulation page; its script runs the simulation
// from /sim/run and shows its progress and result.
func (s *Server) handleSim(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	d := simData{Input: q.req.Sim.Game.Rules, Rounds: q.req.Sim.Rounds, Seed: q.req.Sim.Seed, Max: render.Thousands(maxSimRounds), Version: s.opt.Version,
		Count: q.req.Sim.Count, Ramp: q.req.Sim.Ramp, Side: q.req.Side, DefaultRamp: exampleRamp, Counts: countNames(),
		DefaultPenetration: param.FormatPercent(sim.DefaultPenetration)}
	status := http.StatusOK
	asked := jobWanted(r) // the form sent: run it (a link fills the form)
	switch {
	case err != nil:
		d.Error, status = formError(err, "sim.html"), http.StatusBadRequest
	case !asked:
		d.Rules = q.job.Sim.Rules.String()
	default:
		d.Rules = q.job.Sim.Rules.String()
		d.Stream = "/sim/run?" + q.values().Encode()
		d.Command = commandLine("sim", q.values())
		if q.job.Sim.Count != nil {
			d.Plot = "/sim/plot.png?" + q.values().Encode()
		}
	}
	s.html(w, s.simPage, d, status)
}

// countNames are the built-in counts, Hi-Lo first, for the page's list.
func countNames() []string {
	names := []string{"hilo"}
	for _, n := range slices.Sorted(maps.Keys(count.Systems)) {
		if n != "hilo" {
			names = append(names, n)
		}
	}
	return names
}

// handleSimRun runs a simulation and streams it as server-sent events:
// "progress" (the share of rounds dealt) twice a second, then "result"
// (the report 'bjchart sim' prints) or "failed" (a one-line message). One
// simulation runs at a time; it stops when the browser leaves.
func (s *Server) handleSimRun(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	stream, ctx, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	send := stream.send
	t, err := tableOf(ctx, s.tables, q.job.Sim.Rules)
	if err != nil {
		send("failed", err.Error())
		return
	}
	plan, err := q.job.Plan(t)
	if err != nil {
		send("failed", formError(err, "sim.html"))
		return
	}
	// Stop when the browser leaves.
	var report simreport.Report
	var dealt atomic.Int64
	err = stream.run(s.jobs, q.job.Sim.Rounds, &dealt, func() (err error) {
		report, err = plan.Run(ctx, func(n, _ int64) { dealt.Store(n) })
		return err
	})
	if err != nil {
		send("failed", formError(err, "sim.html"))
		return
	}
	if q.job.Sim.Count != nil {
		s.sims.put(q.values().Encode(), report)
	}
	var page bytes.Buffer // the figures as a page, from the page's template
	if s.simPage.ExecuteTemplate(&page, "simresult", report) == nil {
		send("chart", page.String())
	}
	stream.result(func(b *bytes.Buffer) error { return render.SimReport{Report: report}.Text(b) })
}

// handleSimPlot draws the edge by count of a counting simulation the page
// has just run (render.SimReport.CountPlot, as 'bjchart sim --plot'); a
// simulation not run here lately is a 404 that says to run it.
func (s *Server) handleSimPlot(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rep, ok := s.sims.get(q.values().Encode())
	if !ok {
		http.Error(w, "no such simulation has run here lately: run it on /sim?go=1&"+q.values().Encode(), http.StatusNotFound)
		return
	}
	cp, err := render.SimReport{Report: rep}.CountPlot()
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	s.paintCountPlots(w, []render.CountPlot{cp})
}
