package web

import (
	"bytes"
	"errors"
	"html"
	"html/template"
	"io"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"bjchart/render"
	"bjchart/solve/param"
	"bjchart/solve/side"
)

// The side-bet page (/side) binds its query to side.Request, the request
// 'bjchart side BET' binds its flags to, and shows what the command
// prints: the bet's table line by line, its house edge, and with count
// its effects of removal and tags. With no bet it lists the bets. Every
// request is one exact evaluation (milliseconds), or eleven with count
// (a tenth of a second for Lucky Ladies and Buster Blackjack, the
// slowest; about ten times that in the static site's WebAssembly).

// ownPays is the pay table select's value for a table the user writes in
// the field ownField: the form's two fields for one request field, pays.
const (
	ownPays  = "own"
	ownField = "own"
)

// sideLabels are the side page's form labels, by field: a field's error
// is said with them, as the command line says it with its flags.
var sideLabels = map[string]string{
	"bet": "Bet", "pays": "Pay table", "decks": "Decks", "shoe": "Shoe left",
	"count": "Count", "h17": "Dealer hits soft 17", "rules": "Game rules", ownField: "Your own pay table",
}

// errNoBet refuses a side-bet query with fields but no bet, as 'bjchart
// side' refuses flags without one.
var errNoBet = param.Fieldf("bet", "{bet}: choose one; with none the page lists the bets")

// sideQuery binds a query to a side bet's request ('bjchart side' binds
// the same fields to flags) and checks it. The form's pay table is its
// select (pays: a table's name, or ownPays) and the field beside it
// (own): the select's choice, or with ownPays the table written. list
// reports a query with no bet at all, for the list of bets.
func sideQuery(v url.Values) (req side.Request, job side.Job, list bool, err error) {
	req = side.DefaultRequest()
	v = cloneValues(v)
	own := v.Get(ownField)
	if len(v[ownField]) > 1 {
		return req, job, false, param.Errorf(ownField, own, "given %d times; give it once", len(v[ownField]))
	}
	v.Del(ownField)
	if v.Get("pays") == ownPays {
		if strings.TrimSpace(own) == "" {
			return req, job, false, param.Fieldf(ownField, "{%s} is empty: write it as OUTCOME:PAYS,... (pays to 1), or choose one of the bet's tables in {pays}", ownField)
		}
		v.Set("pays", own)
	}
	if err := bindQuery(v, &req); err != nil {
		return req, job, false, err
	}
	if v.Get("bet") == "" {
		for _, x := range v {
			if len(x) > 0 && x[0] != "" {
				return req, job, true, errNoBet
			}
		}
		return req, job, true, nil
	}
	job, err = req.Check()
	return req, job, false, err
}

// sideValues is a checked request as a link's query: the bet, the fields
// unlike the defaults, and the decks (unless the rules give them), the
// pay table by its name or as written canonically.
func sideValues(req side.Request, job side.Job) url.Values {
	def := side.DefaultRequest()
	req.Pays = job.Table.Name
	if req.Pays == job.Bet.Tables[0].Name {
		req.Pays = ""
	} else if req.Pays == "" {
		req.Pays = job.Table.String()
	}
	req.Bet = job.Bet.Name
	var fields, defaults param.Set
	req.Params(&fields)
	def.Params(&defaults)
	v := fields.Changed(&defaults)
	v.Set("bet", req.Bet)
	if req.Rules == "" { // the figure's first condition, said even at its default
		v.Set("decks", strconv.Itoa(req.Decks))
	}
	return v
}

// sideCommand is the command that asks what v asks: the bet as its
// argument, the other fields as flags, a true switch as the flag alone.
func sideCommand(v url.Values) string {
	v = cloneValues(v)
	bet := v.Get("bet")
	v.Del("bet")
	var switches []string
	for _, k := range []string{"count", "h17"} {
		if v.Get(k) == "true" {
			switches = append(switches, " --"+k)
			v.Del(k)
		}
	}
	return commandLine("side "+bet, v) + strings.Join(switches, "")
}

// sideError says a side-bet request's error with its fields named by the
// form's labels (labelled); the table written in the form's own field is
// the pay table in error.
func sideError(err error, own bool) string {
	labels := sideLabels
	var pe *param.Error
	if own && errors.As(err, &pe) && pe.Name == "pays" {
		labels = maps.Clone(sideLabels)
		labels["pays"] = labels[ownField]
	}
	return labelled(err, labels)
}

// sideField is the field a side-bet request's error names, "" for none.
func sideField(err error) string {
	var pe *param.Error
	if errors.As(err, &pe) {
		return pe.Name
	}
	return ""
}

// sideData is what the side-bet page shows: the form, then the bet
// valued, or with no bet the list of bets.
type sideData struct {
	Version string
	Error   string // the request's error, its fields named by their labels
	// Field is the field in error (its input is marked).
	Field string
	Req   side.Request // the form's values
	// Own is the pay table written in the form's own field, and OwnShown
	// whether the select shows it (it is not one of the bet's tables).
	Own      string
	OwnShown bool
	Selected string      // the named pay table the select shows, unless OwnShown
	Bet      *side.Bet   // the bet chosen (the form's), for its tables
	Bets     []*side.Bet // the select's bets, and the list's
	List     bool        // no bet chosen: the page lists the bets
	Listed   []*side.Bet // the bets described: every one, or the one chosen
	Result   *sideResult
}

// sideResult is a side bet valued.
type sideResult struct {
	Rep    *side.Report
	Edge   string             // "House edge 3.2386%", or "Player edge ..."
	Player bool               // the bet favours the player
	Shoe   string             // the shoe, in words
	Table  render.ReportTable // outcome, combinations, probability, pays, return
	// Header and Rows are Table as the page prints it: a long heading
	// with a place to hyphenate, a long number with places to break
	// after its commas, so that the five columns fit a phone.
	Header  []template.HTML
	Rows    [][]template.HTML
	Effects render.ReportTable // with count: rank, effect, tag
	Count   string             // the tags' correlation, or that no count helps
	Note    string             // what the effects and tags are
	Command string             // the same on the command line
	Links   []downloadLink
	Text    textView // the report as 'bjchart side' prints it
}

// handleSide serves the side-bet page.
func (s *Server) handleSide(w http.ResponseWriter, r *http.Request) {
	req, job, list, err := sideQuery(r.URL.Query())
	d := sideData{Version: s.opt.Version, Req: req, Bets: side.Bets(), List: list}
	d.Bet, _ = side.LookupBet(req.Bet)
	if d.Bet == nil {
		d.Bet = side.Bets()[0]
	}
	d.Own = req.Pays
	if t, err := side.ParseTable(d.Bet, req.Pays); err == nil && t.Name != "" {
		d.Own, d.Selected = "", t.Name
	} else {
		d.OwnShown = true
	}
	if q := r.URL.Query(); q.Get("pays") == ownPays { // as sent, a table written or not
		d.Own, d.OwnShown = q.Get(ownField), true
	}
	d.Listed = []*side.Bet{d.Bet}
	if list {
		d.Listed = d.Bets
	}
	status := http.StatusOK
	if err != nil {
		d.Error, d.Field, status = sideError(err, d.OwnShown), sideField(err), http.StatusBadRequest
		s.html(w, s.sidePage, d, status)
		return
	}
	if !list {
		res, err := s.sideResult(r, req, job)
		if err != nil {
			s.fail(w, err)
			return
		}
		d.Result = res
	}
	s.html(w, s.sidePage, d, status)
}

// sideResult values a checked request and lays it out.
func (s *Server) sideResult(r *http.Request, req side.Request, job side.Job) (*sideResult, error) {
	rep, err := job.Run(r.Context(), nil)
	if err != nil {
		return nil, err
	}
	v := sideValues(req, job)
	sr := render.SideReport{Report: rep, Bet: job.Bet}
	res := &sideResult{Rep: rep, Edge: sentence(render.EdgeText(rep.EV, 4)), Player: rep.EV > 0, Shoe: sr.Shoe(),
		Table: sr.Rows(), Command: sideCommand(v),
		Links: []downloadLink{{"Outcomes (JSON)", "/api/side.json?" + v.Encode()}, {"Outcomes (CSV)", "/api/side.csv?" + v.Encode()}}}
	res.Header, res.Rows = breakable(res.Table)
	if rep.Effects != nil {
		res.Effects, res.Count, res.Note = sr.EffectsRows(), sr.CountText(), sr.EffectsNote()
	}
	var buf bytes.Buffer
	if err := sr.Text(&buf); err != nil {
		return nil, err
	}
	res.Text = textView{"The bet as 'bjchart side' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-side.txt"}
	return res, nil
}

// sideDownload serves what write makes of the query's side bet: the
// bytes 'bjchart side BET --format json' (or csv) writes.
func (s *Server) sideDownload(contentType string, write func(render.SideReport, io.Writer) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, job, list, err := sideQuery(r.URL.Query())
		if err == nil && list {
			err = param.Errorf("bet", "", "want %s", param.OrList(sideBetNames()))
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		rep, err := job.Run(r.Context(), nil)
		if err != nil {
			s.fail(w, err)
			return
		}
		s.respond(w, contentType, func(b *bytes.Buffer) error { return write(render.SideReport{Report: rep, Bet: job.Bet}, b) })
	}
}

// sideBetNames are the bets' names.
func sideBetNames() []string {
	var names []string
	for _, b := range side.Bets() {
		names = append(names, b.Name)
	}
	return names
}

// sentence is s with its first letter a capital: "House edge 3.2386%".
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// breakable is a side bet's table as HTML whose cells may break where a
// reader expects: a heading at its syllables (combi-nations), a number
// after each comma.
func breakable(t render.ReportTable) (header []template.HTML, rows [][]template.HTML) {
	for _, h := range t.Header {
		h = html.EscapeString(h)
		h = strings.NewReplacer("combinations", "combi&shy;nations", "probability", "proba&shy;bility").Replace(h)
		header = append(header, template.HTML(h))
	}
	for _, r := range t.Rows {
		var row []template.HTML
		for _, c := range r {
			row = append(row, template.HTML(strings.ReplaceAll(html.EscapeString(c), ",", ",<wbr>")))
		}
		rows = append(rows, row)
	}
	return header, rows
}
