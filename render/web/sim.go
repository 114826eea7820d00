package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/sim"
)

// maxSimRounds caps a simulation the page runs (the page says so): about
// two seconds on two cores.
const maxSimRounds = 20_000_000

// simQuery is a simulation's parameters: rules, rounds (default 1M, at
// most maxSimRounds) and seed (default 1); the shoe is dealt to 75%.
type simQuery struct {
	input  string
	rules  solve.Rules
	rounds int64
	seed   uint64
}

func parseSimQuery(v url.Values) (simQuery, error) {
	q := simQuery{rounds: 1_000_000, seed: 1}
	if err := checkParams(v, "rules", "rounds", "seed"); err != nil {
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
	select {
	case s.simSlot <- struct{}{}:
		return stream, func() { <-s.simSlot }, true
	case <-r.Context().Done():
		stream.send("failed", "another long job is running: try again")
		return stream, nil, false
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
	Set                                  string // index plays' set
	Rounds                               int64
	Seed                                 uint64
	Max                                  int64
}

// handleSim serves the simulation page; its script runs the simulation
// from /sim/run and shows its progress and result.
func (s *Server) handleSim(w http.ResponseWriter, r *http.Request) {
	q, err := parseSimQuery(r.URL.Query())
	d := simData{Input: q.input, Rounds: q.rounds, Seed: q.seed, Max: maxSimRounds, Version: s.opt.Version}
	status := http.StatusOK
	if err != nil {
		d.Error, status = err.Error(), http.StatusBadRequest
	} else {
		d.Rules = q.rules.String()
		v := url.Values{"rules": {d.Rules}, "rounds": {strconv.FormatInt(q.rounds, 10)}, "seed": {strconv.FormatUint(q.seed, 10)}}
		d.Stream = "/sim/run?" + v.Encode()
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
	t, err := s.tables.get(ctx, q.rules)
	if err != nil {
		send("failed", err.Error())
		return
	}
	ch, err := sim.NewChart(t)
	if err != nil {
		send("failed", err.Error())
		return
	}
	stop := make(chan struct{})
	go func() {
		<-ctx.Done() // the browser left, or the request's time ran out
		close(stop)
	}()
	cfg := sim.Config{Rules: q.rules, Rounds: q.rounds, Seed: q.seed, Players: 1, Penetration: 0.75, Stop: stop}
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
	head := render.SimReport{Rules: q.rules.String(), Strategy: "solved", Seed: q.seed, Shuffle: "75% penetration", UnitBet: true}
	report := head.WithResult(res, t.EV, time.Since(start))
	var buf bytes.Buffer
	if err := report.Text(&buf); err != nil {
		send("failed", err.Error())
		return
	}
	send("result", render.WrapProse(buf.String(), reportWidth))
}
