package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"

	"bjchart/render"
	"bjchart/solve/drill"
	"bjchart/solve/param"
)

// indexDrillData is what the index drill's page shows.
type indexDrillData struct {
	Input, Rules, Set, Error string
	Drills, Done             int
	Seed                     uint64
	Hand                     string // the drill to answer, if any
	TrueCount                string
	Answers                  []downloadLink // a link a play: the page with that answer added
	Last                     string
	LastRight                bool
	Summary                  textView    // the session as 'bjchart drill index' prints it
	SummaryTable             reportTable // its drills
	SummaryLines             []string
	Again                    string
	Version                  string
	Source                   string // whose indices the drills grade by
	Address                  string // this session's address with its seed, where the request gave none
	// KeyStream, when the game's indices are still being worked out, is
	// the address of that job's progress; the page reloads when it ends.
	KeyStream string
}

// keyProgress is how far an index key being worked out is.
type keyProgress struct{ done, total atomic.Int64 }

// progressOf returns the progress of the index key name, kept while any
// page streams it.
func (s *Server) progressOf(name string) *keyProgress {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	p, ok := s.keyProgress[name]
	if !ok {
		p = &keyProgress{}
		s.keyProgress[name] = p
	}
	return p
}

// indexKey works out (or finds) the index drill's key of job under the
// cache name, telling its progress to progressOf(name).
func (s *Server) indexKey(ctx context.Context, name string, job drill.IndexJob) (drill.IndexKey, error) {
	p := s.progressOf(name)
	return s.indexKeys.getKey(ctx, name, func(ctx context.Context) (drill.IndexKey, error) {
		return job.Key(ctx, func(done, total int64) { p.done.Store(done); p.total.Store(total) })
	})
}

// indexDrillName is the cache name of an index drill's key: its game,
// set and shoes.
func indexDrillName(job drill.IndexJob, set string) string {
	return fmt.Sprintf("%s|%s|%d", job.Rules, set, job.KeyShoes())
}

// handleIndexDrillKey works an index drill's key out as a job and streams
// its progress as server-sent events ("progress" with the share done,
// then "done", or "failed" with why); the page then reloads, its key
// kept. A browser that leaves stops it unless another page waits for it.
func (s *Server) handleIndexDrillKey(w http.ResponseWriter, r *http.Request) {
	req := drill.DefaultIndexRequest()
	var fields, all param.Set
	req.Params(&fields)
	all.Take(&fields, "rules", "set", "drills", "seed")
	if err := all.ParseQuery(r.URL.Query()); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	job, err := req.Check()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	stream, ok := newEventStream(w)
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stream.gone = cancel
	name := indexDrillName(job, req.Set)
	p := s.progressOf(name)
	finished := make(chan error, 1)
	go func() {
		_, err := s.indexKey(ctx, name, job)
		finished <- err
	}()
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if total := p.total.Load(); total > 0 {
				stream.send("progress", strconv.FormatFloat(float64(p.done.Load())/float64(total), 'f', 4, 64))
			}
		case err := <-finished:
			if err != nil {
				stream.send("failed", formError(err, "index_drill.html"))
				return
			}
			stream.send("done", "1")
			return
		}
	}
}

// handleIndexDrill serves the index drill: a hand and a true count, a
// button a play; the last drill graded; at the end, the session's
// summary. The dealing and grading are 'bjchart drill index's
// (drill.IndexRequest); the answers so far ride in the query, one letter
// a drill.
func (s *Server) handleIndexDrill(w http.ResponseWriter, r *http.Request) {
	req := drill.DefaultIndexRequest()
	var fields param.Set
	req.Params(&fields)
	var all param.Set
	all.Take(&fields, "rules", "set", "drills", "seed")
	var letters string
	all.String(&letters, "answers", "the answers so far, one letter a drill")
	d := indexDrillData{Version: s.opt.Version}
	fail := func(err error) {
		d.Error = formError(err, "index_drill.html")
		s.html(w, s.indexDrillPage, d, http.StatusBadRequest)
	}
	err := all.ParseQuery(r.URL.Query())
	d.Input, d.Set, d.Drills, d.Seed = req.Game.Rules, req.Set, req.Drills, req.Seed
	if err != nil {
		fail(err)
		return
	}
	job, err := req.Check()
	if err != nil {
		fail(err)
		return
	}
	if job.Drills > maxCountDrills {
		fail(param.NumberErrorf("drills", job.Drills, "the page drills at most %d a session; 'bjchart drill index' drills more", maxCountDrills))
		return
	}
	if len(letters) > job.Drills {
		fail(param.Errorf("answers", letters, "more answers than the %d drills", job.Drills))
		return
	}
	// The game's own indices are a run of 'bjchart indices' where the
	// published ones are another game's: found once a game, for every
	// answer of every session.
	name := indexDrillName(job, req.Set)
	if _, ok := s.indexKeys.known(name); !ok && !s.opt.InBrowser && job.KeyShoes() > 0 {
		// Seconds of work: the page says so at once and streams it.
		d.Rules = job.Rules.String()
		v := url.Values{"rules": {d.Rules}, "set": {req.Set}, "drills": {fmt.Sprint(job.Drills)}, "seed": {fmt.Sprint(req.Seed)}}
		d.KeyStream = "/drill/index/key?" + v.Encode()
		s.html(w, s.indexDrillPage, d, http.StatusOK)
		return
	}
	key, err := s.indexKey(r.Context(), name, job)
	if err != nil {
		s.fail(w, err)
		return
	}
	d.Source = key.Source
	drills, err := job.DealFrom(r.Context(), key)
	if err != nil {
		s.fail(w, err)
		return
	}
	var grades []drill.IndexGrade
	for i, c := range letters {
		a, err := drill.ParseIndexAnswer(string(c), drills[i].Insurance())
		if err != nil {
			fail(fmt.Errorf("drill %d: %v", i+1, err))
			return
		}
		grades = append(grades, drills[i].Grade(a))
	}
	d.Rules, d.Done = job.Rules.String(), len(grades)
	if n := len(grades); n > 0 {
		d.Last, d.LastRight = render.IndexGradeText(grades[n-1]), grades[n-1].Right
	}
	base := url.Values{"rules": {d.Rules}, "set": {req.Set}, "drills": {fmt.Sprint(job.Drills)}, "seed": {fmt.Sprint(job.Seed)}}
	if req.Seed == 0 {
		d.Address = sessionAddress("/drill/index", base, "answers", letters)
	}
	if d.Done < job.Drills {
		next := drills[d.Done]
		d.Hand, d.TrueCount = next.Hand, fmt.Sprintf("%+d", next.TrueCount)
		plays := [][2]string{{"H", "hit"}, {"S", "stand"}, {"D", "double"}, {"P", "split"}, {"R", "surrender"}}
		if next.Insurance() {
			plays = [][2]string{{"I", "insure"}, {"N", "no insurance"}}
		}
		for _, p := range plays {
			v := url.Values{}
			for k, x := range base {
				v[k] = x
			}
			v.Set("answers", letters+p[0])
			d.Answers = append(d.Answers, downloadLink{Text: p[0] + " " + p[1], URL: "/drill/index?" + v.Encode()})
		}
	} else {
		rep := render.NewIndexDrillReport(job, key, grades)
		var buf bytes.Buffer
		if err := rep.WriteText(&buf); err == nil {
			d.Summary = textView{"The session as 'bjchart drill index' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-drill-index.txt"}
		}
		d.SummaryTable, d.SummaryLines = rep.Table(), []string{rep.Score(), rep.Note}
		base.Del("seed") // a fresh one
		d.Again = "/drill/index?" + base.Encode()
	}
	s.html(w, s.indexDrillPage, d, http.StatusOK)
}
