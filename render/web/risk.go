package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"sync/atomic"

	"bjchart/render"
	"bjchart/solve/param"
	"bjchart/solve/risk"
)

// The page's bounds on a counter's game: the request's defaults (300
// shoes, 10M rounds: about 50 s on two cores) are the most it runs;
// 'bjchart risk' takes more. The run stops within a shoe's solve when the
// browser leaves (its context).
const (
	maxRiskShoes  = 300
	maxRiskRounds = 10_000_000
)

// jobAsked reads the query of a job's page (simulation, index plays,
// risk): its fields without "go", and whether go=1 asks for the job to
// run now (the form's button sends it; a link, the navigation's among
// them, only fills the form, so that no work starts unasked).
func jobAsked(v url.Values) (url.Values, bool) {
	if !v.Has("go") {
		return v, false
	}
	asked := v.Get("go") == "1"
	v = cloneValues(v)
	v.Del("go")
	return v, asked
}

// jobWanted reports whether a job page's request asks for its job to run
// now (go=1, jobAsked).
func jobWanted(r *http.Request) bool {
	_, asked := jobAsked(r.URL.Query())
	return asked
}

// riskQuery binds the query to a counter's game's request ('bjchart risk'
// binds the same fields to flags) and checks it, with the page's bound on
// the work.
func riskQuery(v url.Values) (risk.Request, risk.Job, error) {
	req := risk.DefaultRequest()
	var fields param.Set
	req.Params(&fields)
	v, _ = jobAsked(v)
	if err := fields.ParseQuery(v); err != nil {
		return req, risk.Job{}, err
	}
	job, err := req.Check()
	if err != nil {
		return req, job, err
	}
	if req.Shoes > maxRiskShoes {
		return req, job, param.NumberErrorf("shoes", req.Shoes, "the page solves at most %d shoes; 'bjchart risk' takes more", maxRiskShoes)
	}
	if req.Rounds > maxRiskRounds {
		return req, job, param.NumberErrorf("rounds", req.Rounds, "the page simulates at most 10M rounds; 'bjchart risk' takes more")
	}
	return req, job, nil
}

// riskValues is the query as a URL's: every field unlike the default, the
// rules canonical.
func riskValues(req risk.Request, job risk.Job) url.Values {
	def := risk.DefaultRequest()
	req.Game.Rules = job.Rules.String()
	var fields, defaults param.Set
	req.Params(&fields)
	def.Params(&defaults)
	return fields.Changed(&defaults)
}

// riskData is what the risk page shows before its job runs.
type riskData struct {
	simData
	Req      risk.Request
	Spread   string
	Plays    []string
	Bankroll string
}

// handleRisk serves the bankroll and risk page: the form, and a script
// that works the game out from /risk/run, showing the progress, then the
// figures with their SEs, the ramp and the plot.
func (s *Server) handleRisk(w http.ResponseWriter, r *http.Request) {
	req, job, err := riskQuery(r.URL.Query())
	d := riskData{simData: simData{Input: req.Game.Rules, Version: s.opt.Version, Count: req.Count, Counts: countNames(),
		Bounds: fmt.Sprintf("at most %d exact shoes and %s simulated rounds here", maxRiskShoes, render.Thousands(maxRiskRounds))},
		Req: req, Plays: []string{"chart", "indices"}, Bankroll: render.Thousands(int64(req.Bankroll))}
	status := http.StatusOK
	if err != nil {
		d.Error, status = formError(err, "risk.html"), http.StatusBadRequest
	} else if d.Rules = job.Rules.String(); jobWanted(r) { // the form sent: work it out (a link fills the form)
		v := riskValues(req, job)
		d.Stream = "/risk/run?" + v.Encode()
		d.Command = commandLine("risk", v)
		d.Plot = "/risk/plot.png?" + v.Encode()
	}
	s.html(w, s.riskPage, d, status)
}

// riskResult is what the page draws once a risk job is done (its
// command line is above it, with the form).
type riskResult struct {
	Rep render.RiskReport
}

// handleRiskRun works a counter's game out and streams it as server-sent
// events: the progress, then the figures as HTML (the "chart" event, from
// the page's template) and the report as 'bjchart risk' prints it.
func (s *Server) handleRiskRun(w http.ResponseWriter, r *http.Request) {
	req, job, err := riskQuery(r.URL.Query())
	stream, ctx, release, ok := s.startJob(w, r, err)
	if !ok {
		return
	}
	defer release()
	const scale = 1_000_000 // progress in millionths
	var done atomic.Int64
	var res risk.Result
	err = stream.run(s.jobs, scale, &done, func() (err error) {
		res, err = job.Run(ctx, func(d, total int64) {
			if total > 0 {
				done.Store(scale * d / total)
			}
		})
		return err
	})
	if err != nil {
		stream.send("failed", formError(err, "risk.html"))
		return
	}
	rep := render.NewRiskReport(job.Rules.String(), res.Game, job.Table, res.Bets, res.Steps, res.Figures)
	v := riskValues(req, job)
	s.risks.put(v.Encode(), rep)
	var page bytes.Buffer
	if s.riskPage.ExecuteTemplate(&page, "riskresult", riskResult{Rep: rep}) == nil {
		stream.send("chart", page.String())
	}
	stream.result(func(b *bytes.Buffer) error { return rep.Text(b) })
}

// handleRiskPlot draws the edge by count and the ramp of a risk job run
// here lately, as 'bjchart risk --plot' draws them.
func (s *Server) handleRiskPlot(w http.ResponseWriter, r *http.Request) {
	req, job, err := riskQuery(r.URL.Query())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	key := riskValues(req, job).Encode()
	rep, ok := s.risks.get(key)
	if !ok {
		http.Error(w, "no such game has been worked out here lately: run it on /risk?"+key, http.StatusNotFound)
		return
	}
	s.paintCountPlots(w, rep.Plots())
}

// cloneValues copies a query.
func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, x := range v {
		out[k] = append([]string(nil), x...)
	}
	return out
}
