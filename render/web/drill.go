package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
	"bjchart/solve/param"
)

// maxDrillHands bounds the page's drills: every answer so far rides in
// the query (the command line takes more).
const maxDrillHands = 200

// drillQuery is a drill the page was asked for: the request ('bjchart
// drill' binds the same fields to flags) and the answers given so far,
// one letter a hand (the page keeps no session: each answer reloads the
// page with the answers so far, and the hands are dealt again from the
// seed).
type drillQuery struct {
	req     drill.Request
	job     drill.Job   // the request checked
	rules   solve.Rules // its rules
	answers []solve.Action
	letters string
}

// parseDrillQuery binds the query to a drill request and reads the
// answers so far.
func parseDrillQuery(v url.Values) (drillQuery, error) {
	q := drillQuery{req: drill.DefaultRequest()}
	var fields param.Set
	q.req.Params(&fields)
	var all param.Set
	all.Take(&fields, "rules", "focus", "seed", "hands", "review")
	all.String(&q.letters, "answers", "the answers so far, one of H S D P R a hand")
	if err := all.ParseQuery(v); err != nil {
		return q, err
	}
	var err error
	if q.job, err = q.req.Check(); err != nil {
		return q, err
	}
	q.rules = q.job.Rules
	if q.req.Hands > maxDrillHands {
		return q, param.NumberErrorf("hands", q.req.Hands, "the page deals at most %d hands a session; 'bjchart drill' deals more", maxDrillHands)
	}
	if len(q.letters) > q.req.Hands {
		return q, param.Errorf("answers", q.letters, "more answers than the %d hands", q.req.Hands)
	}
	for _, c := range q.letters {
		a, err := drill.ParseAnswer(string(c))
		if err != nil {
			return q, param.Errorf("answers", q.letters, "want one of H, S, D, P or R a hand")
		}
		q.answers = append(q.answers, a)
	}
	return q, nil
}

// drillData is what the trainer's page shows.
type drillData struct {
	Input, Rules, Focus, Error string
	Focuses                    []string
	Hand, Cell                 string         // the hand to answer, if any
	Answers                    []downloadLink // a link a play: the page with that answer added
	Last                       string         // the last answer, graded
	LastCell                   string         // its cell, for the browser's memory of missed cells
	LastWrong                  bool
	Ended                      string // how the hand last hit ended, when the card drawn ended it
	Done                       int    // hands answered
	Hands                      int
	Summary                    textView    // the session as 'bjchart drill' prints it
	SummaryTable               reportTable // its hands
	SummaryLines               []string    // its score and misses
	Review                     string      // the cells the session brings back more often
	Again                      string      // a new session, with a fresh seed
	Address                    string      // this session's address with its seed, where the request gave none
	MissRows, Ups              []string    // the chart the browser draws its misses on
	Version                    string
}

// handleDrill serves the trainer: the next hand and a button a play; the
// last answer graded; at the end, the session's summary. The dealing and
// grading are 'bjchart drill's (package drill), on the page's cached
// table.
func (s *Server) handleDrill(w http.ResponseWriter, r *http.Request) {
	d := drillData{Version: s.opt.Version, Focuses: drill.Focuses, Focus: "all"}
	d.MissRows, d.Ups = render.DrillGrid()
	q, err := parseDrillQuery(r.URL.Query())
	d.Input, d.Focus, d.Hands = q.req.Game.Rules, q.req.Focus, q.req.Hands
	status := http.StatusOK
	if err != nil {
		d.Error, status = formError(err, "drill.html"), http.StatusBadRequest
		s.html(w, s.drillPage, d, status)
		return
	}
	rules := q.rules
	t, err := tableOf(r.Context(), s.tables, rules)
	if err != nil {
		s.fail(w, err)
		return
	}
	sess, err := q.job.Session(t)
	if err != nil {
		s.fail(w, err)
		return
	}
	next, more, err := sess.Replay(q.answers)
	if err != nil {
		d.Error, status = formError(err, "drill.html"), http.StatusBadRequest
	}
	d.Rules, d.Done = rules.String(), len(sess.Graded)
	if n := len(sess.Graded); n > 0 {
		g := sess.Graded[n-1]
		d.Last = fmt.Sprintf("%s: %s", g.Hand, render.GradeText(g))
		d.LastCell, d.LastWrong = fmt.Sprintf("%s v %v", g.Cell, g.Up), !g.Correct
	}
	base := url.Values{"rules": {d.Rules}, "focus": {q.req.Focus}, "seed": {fmt.Sprint(sess.Seed)}, "hands": {fmt.Sprint(q.req.Hands)}}
	if q.req.Review != "" { // the session's review rides along: its hands are dealt again with it
		base.Set("review", q.req.Review)
		d.Review = q.req.Review
	}
	if q.req.Seed == 0 {
		d.Address = sessionAddress("/drill", base, "answers", q.letters)
	}
	d.Ended = sess.Ended
	if more {
		d.Hand, d.Cell = next.String(), next.Cell
		for _, a := range []solve.Action{solve.Hit, solve.Stand, solve.Double, solve.Split, solve.Surrender} {
			d.Answers = append(d.Answers, answerLink(base, q.letters, a))
		}
	} else if err == nil {
		rep := render.NewDrillReport(sess, sess.Seed)
		var buf bytes.Buffer
		if err := rep.WriteText(&buf); err == nil {
			d.Summary = textView{"The session as 'bjchart drill' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-drill.txt"}
		}
		d.SummaryTable, d.SummaryLines = rep.Table(), rep.SummaryLines()
		again := url.Values{"rules": {d.Rules}, "focus": {q.req.Focus}, "hands": {fmt.Sprint(q.req.Hands)}} // a fresh seed; the page's script adds the misses kept since
		d.Again = "/drill?" + again.Encode()
	}
	s.html(w, s.drillPage, d, status)
}

// sessionAddress is the address of a trainer's session that the page gave
// a fresh seed (base holds it), with its progress so far (key=value,
// where there is any): the address the page puts in the browser's bar, so
// that a reload replays the session and the address shares it.
func sessionAddress(path string, base url.Values, key, value string) string {
	here := cloneValues(base)
	if value != "" {
		here.Set(key, value)
	}
	return path + "?" + here.Encode()
}

// answerLink is the page with answer a added to the answers so far.
func answerLink(base url.Values, letters string, a solve.Action) downloadLink {
	v := url.Values{}
	for k, x := range base {
		v[k] = x
	}
	v.Set("answers", letters+a.Letter())
	return downloadLink{Text: strings.ToUpper(a.Letter()) + " " + a.String(), URL: "/drill?" + v.Encode()}
}
