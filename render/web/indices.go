package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/count"
)

// maxIndexShoes caps the shoes the page samples for index plays (the page
// says so): the I18 and Fab 4 take about 7 s at 600 shoes on two cores,
// every cell about 15 s at 200.
var maxIndexShoes = map[string]int{"i18": 1000, "fab4": 1000, "i18,fab4": 1000, "all": 200}

// indexQuery is an index computation's parameters: rules, set (i18, fab4,
// i18,fab4 or all) and shoes; Hi-Lo, 80% penetration, seed 1, rounded to
// the nearest integer, as 'bjchart indices' does by default.
type indexQuery struct {
	input, set string
	sets       []string         // the set's parts (count.ParseSet)
	decisions  []count.Decision // nil for every cell
	rules      solve.Rules
	shoes      int
}

func parseIndexQuery(v url.Values) (indexQuery, error) {
	q := indexQuery{set: "i18,fab4", shoes: 400}
	if err := checkParams(v, "rules", "set", "shoes"); err != nil {
		return q, err
	}
	q.input = v.Get("rules")
	r, err := solve.ParseRules(q.input)
	if err != nil {
		return q, err
	}
	q.rules = r
	if s := v.Get("set"); s != "" {
		if _, ok := maxIndexShoes[s]; !ok {
			return q, fmt.Errorf("set %s: want i18, fab4, i18,fab4 or all", solve.QuoteInput(s, 20))
		}
		q.set = s
	}
	if q.set == "all" {
		q.shoes = 100
	}
	if s := v.Get("shoes"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 50 || n > maxIndexShoes[q.set] {
			return q, fmt.Errorf("shoes %s: want 50 to %d for set %s", solve.QuoteInput(s, 20), maxIndexShoes[q.set], q.set)
		}
		q.shoes = n
	}
	if q.sets, q.decisions, err = count.ParseSet(q.set); err != nil {
		return q, fmt.Errorf("set %s: %v", q.set, err)
	}
	if err := count.CheckGame(r); err != nil {
		return q, err
	}
	if err := count.CheckSets(r, q.sets); err != nil {
		return q, fmt.Errorf("set %s %v", q.set, err)
	}
	return q, nil
}

// handleIndices serves the index-plays page; its script computes them
// from /indices/run, showing the progress and then the report.
func (s *Server) handleIndices(w http.ResponseWriter, r *http.Request) {
	q, err := parseIndexQuery(r.URL.Query())
	d := simData{Input: q.input, Rounds: int64(q.shoes), Version: s.opt.Version}
	status := http.StatusOK
	if err != nil {
		d.Error, status = err.Error(), http.StatusBadRequest
	} else {
		d.Rules = q.rules.String()
		v := url.Values{"rules": {d.Rules}, "set": {q.set}, "shoes": {strconv.Itoa(q.shoes)}}
		d.Stream = "/indices/run?" + v.Encode()
	}
	d.Set = q.set
	s.html(w, s.indexPage, d, status)
}

// handleIndicesRun computes the index plays and streams them as
// server-sent events, as handleSimRun does: one long job at a time.
func (s *Server) handleIndicesRun(w http.ResponseWriter, r *http.Request) {
	q, err := parseIndexQuery(r.URL.Query())
	stream, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	ctx := r.Context()
	var done atomic.Int64
	opt := count.Options{Shoes: q.shoes, Penetration: 0.8, Seed: 1, Progress: func() { done.Add(1) }}
	var got []count.Index
	err = stream.run(int64(q.shoes), &done, func() (err error) {
		if q.set == "all" {
			got, err = count.AllCells(q.rules, count.HiLo, opt)
		} else {
			got, err = count.Compute(q.rules, count.HiLo, q.decisions, opt)
		}
		return err
	})
	switch {
	case ctx.Err() != nil: // the job has no stop: it finished its capped shoes for nobody
		return
	case err != nil:
		stream.send("failed", err.Error())
		return
	}
	rep := render.NewIndicesReport(q.rules, count.HiLo, q.sets, count.Nearest, q.shoes, 0.8, 1, got)
	var buf bytes.Buffer
	if err := rep.Text(&buf); err != nil {
		stream.send("failed", err.Error())
		return
	}
	stream.send("result", render.WrapProse(buf.String(), reportWidth))
}
