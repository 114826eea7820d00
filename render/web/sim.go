package web

import (
	"bytes"
	"context"
	"fmt"
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
	"bjchart/solve/sim"
)

// maxSimRounds caps a simulation the page runs (the page says so): about
// two seconds on two cores.
const maxSimRounds = 20_000_000

// defaultRamp is the page's bet ramp when it counts (in units by Hi-Lo
// true count): 1 to 12.
const defaultRamp = "-100:1,1:2,2:4,3:8,4:12"

// simQuery is a simulation's parameters: rules, rounds (default 1M, at
// most maxSimRounds) and seed (default 1); the shoe is dealt to 75%. With
// count=hilo the player counts and bets by ramp (default defaultRamp), and
// the report gives the edge by count.
type simQuery struct {
	input  string
	rules  solve.Rules
	rounds int64
	seed   uint64
	count  string // "" or "hilo"
	ramp   string
	steps  []sim.Step
}

// values is the query as a URL's: the canonical rules and every setting.
func (q simQuery) values() url.Values {
	v := url.Values{"rules": {q.rules.String()}, "rounds": {strconv.FormatInt(q.rounds, 10)}, "seed": {strconv.FormatUint(q.seed, 10)}}
	if q.count != "" {
		v.Set("count", q.count)
		v.Set("ramp", q.ramp)
	}
	return v
}

func parseSimQuery(v url.Values) (simQuery, error) {
	q := simQuery{rounds: 1_000_000, seed: 1}
	if err := checkParams(v, "rules", "rounds", "seed", "count", "ramp"); err != nil {
		return q, err
	}
	q.input = v.Get("rules")
	r, err := solve.ParseRules(q.input)
	if err != nil {
		return q, err
	}
	q.rules = r
	if s := v.Get("rounds"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1000 || n > maxSimRounds {
			return q, fmt.Errorf("rounds %s: want 1000 to %d", solve.QuoteInput(s, 20), maxSimRounds)
		}
		q.rounds = n
	}
	if s := v.Get("seed"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return q, fmt.Errorf("seed %s: want a whole number", solve.QuoteInput(s, 20))
		}
		q.seed = n
	}
	switch q.count = v.Get("count"); q.count {
	case "":
		if v.Get("ramp") != "" {
			return q, fmt.Errorf("ramp needs count=hilo: a ramp bets by the count")
		}
		return q, nil
	case "hilo":
	default:
		return q, fmt.Errorf("count %s: want hilo, or none", solve.QuoteInput(q.count, 20))
	}
	if err := count.CheckGame(r); err != nil {
		return q, err
	}
	q.ramp = v.Get("ramp")
	if q.ramp == "" {
		q.ramp = defaultRamp
	}
	steps, err := sim.ParseRamp(q.ramp)
	if err != nil {
		return q, fmt.Errorf("ramp %v", err)
	}
	if slices.IndexFunc(steps, func(st sim.Step) bool { return st.Bet > 0 }) < 0 {
		return q, fmt.Errorf("ramp %s: every bet is 0, so no round is ever played", solve.QuoteInput(q.ramp, 40))
	}
	q.steps = steps
	return q, nil
}

// eventStream writes server-sent events.
type eventStream struct {
	w       http.ResponseWriter
	flusher http.Flusher
}

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
	return eventStream{w, flusher}, true
}

// send writes one event, its data line by line.
func (e eventStream) send(event, data string) {
	fmt.Fprintf(e.w, "event: %s\n", event)
	for _, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		fmt.Fprintf(e.w, "data: %s\n", line)
	}
	fmt.Fprint(e.w, "\n")
	e.flusher.Flush()
}

// startJob starts a long job's response: a 400 for a query that did not
// parse, else an event stream once the job's slot is free (one long job at
// a time; a request that leaves or runs out of time waiting is told so).
// The caller calls release when the job is done.
func (s *Server) startJob(w http.ResponseWriter, r *http.Request, queryErr error) (stream eventStream, release func(), ok bool) {
	if queryErr != nil {
		http.Error(w, queryErr.Error(), http.StatusBadRequest)
		return stream, nil, false
	}
	if stream, ok = newEventStream(w); !ok {
		return stream, nil, false
	}
	release, err := s.takeSlot(r.Context())
	if err != nil {
		stream.send("failed", "another long job is running: try again")
		return stream, nil, false
	}
	return stream, release, true
}

// takeSlot waits for the one long job's slot, or for ctx to end; the
// caller calls release when its job is done.
func (s *Server) takeSlot(ctx context.Context) (release func(), err error) {
	select {
	case s.simSlot <- struct{}{}:
		return func() { <-s.simSlot }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run runs job in the background and, until it returns, sends its
// progress (done of total, its share) twice a second, then 1 if it
// succeeded; it returns job's error.
func (e eventStream) run(total int64, done *atomic.Int64, job func() error) error {
	finished := make(chan error, 1)
	go func() { finished <- job() }()
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
	Set                                  string         // index plays' set
	Count, Ramp                          string         // a simulation's count and ramp
	DefaultRamp                          string         // the ramp with count=hilo and no ramp given
	Plot                                 string         // the URL of the plot drawn after the run
	Cards                                []downloadLink // the counter's cards, after index plays
	Rounds                               int64
	Seed                                 uint64
	Max                                  int64
}

// handleSim serves the simulation page; its script runs the simulation
// from /sim/run and shows its progress and result.
func (s *Server) handleSim(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	// The ramp field holds the ramp only when the page counts; otherwise
	// its default shows as a placeholder, so that a flat-bet run sends
	// none (a ramp without a count is refused, as on the command line).
	d := simData{Input: q.input, Rounds: q.rounds, Seed: q.seed, Max: maxSimRounds, Version: s.opt.Version, Count: q.count, DefaultRamp: defaultRamp}
	if q.count != "" {
		d.Ramp = q.ramp
	}
	status := http.StatusOK
	if err != nil {
		d.Error, status = err.Error(), http.StatusBadRequest
	} else {
		d.Rules = q.rules.String()
		d.Stream = "/sim/run?" + q.values().Encode()
		if q.count != "" {
			d.Plot = "/sim/plot.png?" + q.values().Encode()
		}
	}
	s.html(w, s.simPage, d, status)
}

// handleSimRun runs a simulation and streams it as server-sent events:
// "progress" (the share of rounds dealt) twice a second, then "result"
// (the report 'bjchart sim' prints) or "failed" (a one-line message). One
// simulation runs at a time; it stops when the browser leaves.
func (s *Server) handleSimRun(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	stream, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	send := stream.send
	ctx := r.Context()
	t, err := tableOf(ctx, s.tables, q.rules)
	if err != nil {
		send("failed", err.Error())
		return
	}
	ch, err := sim.NewChart(t)
	if err != nil {
		send("failed", err.Error())
		return
	}
	// Stop when the browser leaves or the request's time runs out.
	cfg := sim.Config{Rules: q.rules, Rounds: q.rounds, Seed: q.seed, Players: 1, Penetration: 0.75, Stop: ctx.Done()}
	if q.count != "" {
		if cfg.Count, err = sim.ParseCount(q.count, q.rules.Decks); err != nil {
			send("failed", err.Error())
			return
		}
		cfg.Ramp = q.steps
	}
	var res sim.Result
	var dealt atomic.Int64
	start := time.Now()
	err = stream.run(q.rounds, &dealt, func() (err error) {
		res, err = sim.Run(cfg, ch, dealt.Store)
		return err
	})
	if err != nil {
		send("failed", err.Error())
		return
	}
	head := render.SimReport{Rules: q.rules.String(), Strategy: "solved", Seed: q.seed, Shuffle: "75% penetration", UnitBet: q.count == ""}
	if q.count != "" {
		head.Count, head.Ramp, head.Balanced = cfg.Count.Name, q.ramp, cfg.Count.Balanced
	}
	report := head.WithResult(res, t.EV, time.Since(start))
	if q.count != "" {
		report.Counter, report.ByCount = render.NewCounter(res, 0)
		s.sims.put(q.values().Encode(), report)
	}
	var buf bytes.Buffer
	if err := report.Text(&buf); err != nil {
		send("failed", err.Error())
		return
	}
	send("result", render.WrapProse(buf.String(), reportWidth))
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
		http.Error(w, "no such simulation has run here lately: run it on /sim?"+q.values().Encode(), http.StatusNotFound)
		return
	}
	cp, err := rep.CountPlot()
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	s.respond(w, "image/png", func(b *bytes.Buffer) error { return render.DrawCountPlot(b, "png", cp) })
}
