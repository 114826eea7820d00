package web

import (
	"bytes"
	"fmt"

	"net/http"
	"net/url"
	"strings"

	"bjchart/render"
	"bjchart/solve/drill"
	"bjchart/solve/param"
)

// maxCountDrills bounds the page's counting drills: every answer so far
// rides in the query (the command line takes more).
const maxCountDrills = 50

// countDrillData is what the counting drill's page shows.
type countDrillData struct {
	Input, Rules, Count, Error string
	Counts                     []string
	Cards, Drills, Done        int
	Seed                       uint64
	Speed                      float64 // cards shown a second
	Speeds                     []float64
	Shown                      []string // the drill's cards, to show one at a time
	Left                       int
	Decks                      float64
	Balanced                   bool
	Start                      string // where the running count starts
	Answers                    string // the answers so far, for the form
	Last                       string // the last drill graded
	LastRight                  bool
	Summary                    textView    // the session as 'bjchart drill count' prints it
	SummaryTable               reportTable // its drills
	SummaryLines               []string
	Again                      string
	Address                    string // this session's address with its seed, where the request gave none
	Version                    string
}

// handleCountDrill serves the counting drill: a drill's cards (shown one
// at a time by the page's script, all at once without it) and a form for
// the running and true counts; the last drill graded; at the end, the
// session's summary. The dealing and grading are 'bjchart drill count's
// (drill.CountRequest); the page keeps no session: the answers so far
// ride in the query, and the drills are dealt again from the seed.
func (s *Server) handleCountDrill(w http.ResponseWriter, r *http.Request) {
	req := drill.DefaultCountRequest()
	var fields param.Set
	req.Params(&fields)
	var all param.Set
	all.Take(&fields, "rules", "count", "cards", "drills", "seed", "speed")
	var answers, running, trueCount string
	all.String(&answers, "answers", "the answers so far: each drill's running and true counts, drills separated by ';'")
	all.String(&running, "rc", "this drill's running count")
	all.String(&trueCount, "tc", "this drill's true count")
	d := countDrillData{Version: s.opt.Version, Counts: []string{"hilo", "ko", "hiopt1", "hiopt2", "omega2", "zen", "wong-halves", "red7"}}
	fail := func(err error) {
		d.Error = formError(err, "count_drill.html")
		s.html(w, s.countDrillPage, d, http.StatusBadRequest)
	}
	err := all.ParseQuery(r.URL.Query())
	d.Input, d.Count, d.Cards, d.Drills, d.Seed, d.Speed, d.Speeds = req.Game.Rules, req.Count, req.Cards, req.Drills, req.Seed, req.Speed, []float64{0.5, 1, 2, 3, 5, 8}
	if err != nil {
		fail(err)
		return
	}
	job, err := req.Check()
	if err != nil {
		fail(err)
		return
	}
	d.Seed = job.Seed // a fresh one where the request gave none: the answers' form keeps it
	if job.Drills > maxCountDrills {
		fail(param.NumberErrorf("drills", job.Drills, "the page drills at most %d a session; 'bjchart drill count' drills more", maxCountDrills))
		return
	}
	var given []string
	if answers != "" {
		given = strings.Split(answers, ";")
	}
	if running != "" {
		given = append(given, strings.TrimSpace(running+" "+trueCount))
	}
	if len(given) > job.Drills {
		fail(param.Errorf("answers", answers, "more answers than the %d drills", job.Drills))
		return
	}
	drills, err := job.Run(r.Context(), nil)
	if err != nil {
		s.fail(w, err)
		return
	}
	var grades []drill.CountGrade
	for i, line := range given {
		a, err := drill.ParseCountAnswer(line)
		if err != nil {
			fail(fmt.Errorf("drill %d: %v", i+1, err))
			return
		}
		grades = append(grades, drills[i].Grade(a))
	}
	d.Rules, d.Count, d.Balanced = job.Rules.String(), job.System.Name, job.System.Balanced()
	session := url.Values{"rules": {d.Rules}, "count": {d.Count}, "cards": {fmt.Sprint(job.Cards)}, "drills": {fmt.Sprint(job.Drills)}, "speed": {fmt.Sprint(job.Speed)}}
	if req.Seed == 0 {
		d.Address = sessionAddress("/drill/count", session, "seed", fmt.Sprint(job.Seed))
	}
	d.Start = fmt.Sprintf("%+g", job.Start())
	d.Done, d.Answers = len(grades), strings.Join(given, ";")
	if n := len(grades); n > 0 {
		d.Last, d.LastRight = fmt.Sprintf("Drill %d: %s", n, render.CountGradeText(grades[n-1])), grades[n-1].Right
	}
	if d.Done < job.Drills {
		next := drills[d.Done]
		for _, c := range next.Cards {
			d.Shown = append(d.Shown, c.String())
		}
		d.Left, d.Decks = next.Left, next.Decks()
	} else {
		rep := render.NewCountDrillReport(job, grades)
		var buf bytes.Buffer
		if err := rep.WriteText(&buf); err == nil {
			d.Summary = textView{"The session as 'bjchart drill count' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-drill-count.txt"}
		}
		d.SummaryTable, d.SummaryLines = rep.Table(), []string{rep.Score(), rep.Note}
		d.Again = "/drill/count?" + session.Encode() // a fresh seed
	}
	s.html(w, s.countDrillPage, d, http.StatusOK)
}
