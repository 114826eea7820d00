package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
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
	q := indexQuery{shoes: 400}
	if err := checkParams(v, "rules", "set", "shoes"); err != nil {
		return q, err
	}
	q.input = v.Get("rules")
	r, err := solve.ParseRules(q.input)
	if err != nil {
		return q, err
	}
	q.rules = r
	q.set = count.DefaultSet(r)
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
		d.Stream = "/indices/run?" + q.values().Encode()
		card := "/indices/card.pdf?" + q.values().Encode()
		d.Cards = []downloadLink{{"Counter's card (PDF, letter)", card}, {"Counter's card (PDF, A4)", card + "&size=a4"}, {"Counter's wallet cards (PDF)", card + "&size=wallet"}}
	}
	d.Set = q.set
	if err == nil && q.rules.Surrender != solve.LateSurrender && !strings.Contains(q.set, "fab4") {
		d.Note = "The I18 only: the Fab 4 are late-surrender indices, and these rules have no late surrender."
	}
	s.html(w, s.indexPage, d, status)
}

// values is the query as a URL's: the canonical rules, set and shoes.
func (q indexQuery) values() url.Values {
	return url.Values{"rules": {q.rules.String()}, "set": {q.set}, "shoes": {strconv.Itoa(q.shoes)}}
}

// indexReport computes the query's index plays (or takes them from the
// last computed), calling progress once a shoe; it stops with
// count.ErrStopped when ctx ends (the browser left).
func (s *Server) indexReport(ctx context.Context, q indexQuery, progress func()) (*render.IndicesReport, error) {
	key := q.values().Encode()
	if rep, ok := s.indices.get(key); ok {
		return rep, nil
	}
	opt := count.Options{Shoes: q.shoes, Penetration: 0.8, Seed: 1, Progress: progress, Stop: ctx.Done()}
	var got []count.Index
	var err error
	if q.set == "all" {
		got, err = count.AllCells(q.rules, count.HiLo, opt)
	} else {
		got, err = count.Compute(q.rules, count.HiLo, q.decisions, opt)
	}
	if err != nil {
		return nil, err
	}
	rep := render.NewIndicesReport(q.rules, count.HiLo, q.sets, count.Nearest, count.AtDecision, q.shoes, 0.8, 1, got)
	s.indices.put(key, rep)
	return rep, nil
}

// handleIndicesRun computes the index plays and streams them as
// server-sent events, as handleSimRun does: one long job at a time, which
// stops when the browser leaves.
func (s *Server) handleIndicesRun(w http.ResponseWriter, r *http.Request) {
	q, err := parseIndexQuery(r.URL.Query())
	stream, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	var done atomic.Int64
	var rep *render.IndicesReport
	err = stream.run(int64(q.shoes), &done, func() (err error) {
		rep, err = s.indexReport(r.Context(), q, func() { done.Add(1) })
		return err
	})
	switch {
	case errors.Is(err, count.ErrStopped): // the browser left
		return
	case err != nil:
		stream.send("failed", err.Error())
		return
	}
	var buf bytes.Buffer
	if err := rep.Text(&buf); err != nil {
		stream.send("failed", err.Error())
		return
	}
	stream.send("result", render.WrapProse(buf.String(), reportWidth))
}

// handleCounterCard writes the counter's card ('bjchart card --count hilo
// --set S --shoes N'): the chart in front, the index plays on the back.
// Index plays computed here lately are reused; others are computed in the
// one long job's slot within the request's time.
func (s *Server) handleCounterCard(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	size, paper := v.Get("size"), v.Get("paper")
	v.Del("size")
	v.Del("paper")
	q, err := parseIndexQuery(v)
	if err == nil {
		size, paper, err = cardSize(size, paper)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	t, err := tableOf(r.Context(), s.tables, q.rules)
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
		rep, err = s.indexReport(r.Context(), q, nil)
		release()
		if err != nil {
			s.fail(w, err)
			return
		}
	}
	opt := render.CardOptions{Size: size, Paper: paper, Version: s.opt.Version, Date: s.today(), Indices: render.NewIndexPage(rep, t)}
	s.respond(w, "application/pdf", func(b *bytes.Buffer) error { return render.Card(b, t, opt) })
}
