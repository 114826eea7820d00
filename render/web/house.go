package web

import (
	"bytes"
	"context"
	"net/http"
	"net/url"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/solve/house"
)

// houseData is what the house game's page shows.
type houseData struct {
	Input, Rules, Error string
	Text                textView // the report as 'bjchart house' prints it
	Headline            []string
	First               render.ReportTable
	Charts              []render.ReportTable
	PlayNote            string
	Links               []downloadLink
	Version             string
}

// houseQuery binds the query to a house game's request ('bjchart house'
// binds the same field to --rules), with its default and check.
func houseQuery(v url.Values) (house.Request, house.Rules, error) {
	req := house.DefaultRequest()
	if err := bindQuery(v, &req); err != nil {
		return req, house.Rules{}, err
	}
	job, err := req.Check()
	return req, job.Rules, err
}

// handleHouse serves the house game's page: the value flat and with the
// best bet, and the play, as 'bjchart house' prints them.
func (s *Server) handleHouse(w http.ResponseWriter, r *http.Request) {
	d := houseData{Version: s.opt.Version}
	req, rules, err := houseQuery(r.URL.Query())
	d.Input = req.Rules
	status := http.StatusOK
	if err != nil {
		d.Error, status = formError(err, "house.html"), http.StatusBadRequest
	} else if sol, err := s.houseGame(r.Context(), rules); err != nil {
		d.Error, status = err.Error(), http.StatusInternalServerError
	} else {
		var buf bytes.Buffer
		rep := render.HouseReport{Solution: sol}
		rep.Text(&buf)
		d.Rules, d.Text = rules.String(), textView{"The report as 'bjchart house' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-house.txt"}
		d.Headline, d.PlayNote = rep.Headline()[1:], rep.PlayNote()
		d.First, d.Charts = rep.Tables()
		d.Links = []downloadLink{
			{"Card (PDF)", Link("/house/card.pdf", d.Rules)},
			{"Heatmap (PNG)", Link("/house/plot.png", d.Rules)},
			{"Solution (JSON)", Link("/house.json", d.Rules)},
		}
	}
	s.html(w, s.house, d, status)
}

// houseGame solves the house game's rules in a worker slot, kept for the
// next request.
func (s *Server) houseGame(ctx context.Context, rules house.Rules) (*house.Solution, error) {
	return s.houses.getKey(ctx, rules.String(), func(context.Context) (*house.Solution, error) { return house.Solve(rules) }) // seconds at most: not stopped midway
}

// houseDownload serves what write makes of a house game's solution:
// bind reads the query into a checked job and its game's rules (a 400
// where it refuses), the game is solved in a worker slot and kept, and
// write lays out and writes the job's answer.
func houseDownload[J any](s *Server, contentType string, bind func(url.Values) (J, house.Rules, error), write func(*bytes.Buffer, J, *house.Solution) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		job, rules, err := bind(r.URL.Query())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		sol, err := s.houseGame(r.Context(), rules)
		if err != nil {
			s.fail(w, err)
			return
		}
		s.respond(w, contentType, func(b *bytes.Buffer) error { return write(b, job, sol) })
	}
}

// houseCardQuery binds a query to the house game's card request
// (compose.HouseCardRequest, as 'bjchart house --card') and checks it.
func houseCardQuery(v url.Values) (compose.HouseCardRequest, compose.HouseCardJob, error) {
	req := compose.DefaultHouseCardRequest()
	if err := bindQuery(v, &req); err != nil {
		return req, compose.HouseCardJob{}, err
	}
	job, err := req.Check()
	return req, job, err
}

// houseCardJob is houseCardQuery's job and its game, for houseDownload.
func houseCardJob(v url.Values) (compose.HouseCardJob, house.Rules, error) {
	_, job, err := houseCardQuery(v)
	return job, job.Rules(), err
}

// housePlotQuery binds a query to the house game's heatmap request
// (compose.HousePlotRequest, as 'bjchart house --plot') and checks it.
func housePlotQuery(v url.Values) (compose.HousePlotRequest, compose.HousePlotJob, error) {
	req := compose.DefaultHousePlotRequest()
	if err := bindQuery(v, &req); err != nil {
		return req, compose.HousePlotJob{}, err
	}
	job, err := req.Check()
	return req, job, err
}

// housePlotJob is housePlotQuery's job and its game, for houseDownload.
func housePlotJob(v url.Values) (compose.HousePlotJob, house.Rules, error) {
	_, job, err := housePlotQuery(v)
	return job, job.Rules(), err
}
