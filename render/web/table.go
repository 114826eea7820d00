package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
	"bjchart/solve/param"
)

// tableData is what the table's page shows.
type tableData struct {
	Input, Rules, Error string
	Balance, Bet, Seed  string // the form's values
	Moves               string // the session's moves, for the form
	Round               *render.TableRound
	Actions             []moveLink // a link a move the table takes now: the page with it added
	Bets                []moveLink // the bets a round may take: the default and a few chips
	SideTakes           []moveLink // the side bets the next deal may take, a unit each, with their prices
	Waiting             string
	Advice              *adviceData // the hand in play's exact values, if any
	LastPrice           string      // what the last play gave up
	Status              string      // the balance and the shoe
	SideBets            string      // the side bets priced on the cards not seen, while the table waits for a bet
	Count               string      // the Hi-Lo count of the cards seen
	Summary             string
	Decisions           []decisionRow // the last few, newest first
	Again               string        // a new session
	GoOn                string        // the session is at the page's bound: a new shoe with the balance
	Command             string        // the same session in the terminal
	Version             string
	Address             string     // this session's address with its seed, where the request gave none
	CountChecks         bool       // the session asks count checks
	CountForm           url.Values // the fields the count check's form carries, when the table waits for one
}

// A moveLink is the page with a move added; Key is the key that makes
// it ("" for none).
type moveLink struct{ Text, URL, Key string }

// adviceData is a decision's exact values on the cards left.
type adviceData struct {
	Rows     []adviceRow
	Chart    string
	Unvalued string
	Command  string
	Error    string
	// Insurance is the insurance (even money) advice's note, where the
	// table waits for insurance: there is no chart play or hand command.
	Insurance string
}

// A decisionRow is a decision made, priced.
type decisionRow struct {
	Round                  int
	Hand, Play, Best, Cost string
}

type adviceRow struct {
	Play, EV, Diff string
	Exact          string // the EV to the last digit, for programs (data-ev)
	Best           bool
}

// maxTableQuery bounds a session's query on the page: past it the page
// deals no more rounds in the session but offers to go on at a new shoe
// with the balance (a request's query is at most maxQuery bytes; the
// command line's sessions are not bounded so).
const maxTableQuery = maxQuery - 256

// tableChips are the bets the page offers besides the default.
var tableChips = []float64{1, 5, 10, 25, 100}

// parseTableQuery binds the query to a table request and checks it.
func parseTableQuery(v url.Values) (drill.TableRequest, error) {
	req := drill.DefaultTableRequest()
	var fields param.Set
	req.Params(&fields)
	var all param.Set
	all.Take(&fields, "rules", "seed", "balance", "bet", "penetration", "moves", "count-checks")
	if v.Has("count") { // the count check's form: its answer joins the moves
		v = cloneValues(v)
		a, err := drill.ParseCountAnswer(v.Get("count"))
		if err != nil {
			return req, param.Errorf("count", v.Get("count"), "%v", err)
		}
		v.Set("moves", strings.TrimSpace(v.Get("moves")+" "+drill.Move{Count: &a}.String()))
		v.Del("count")
	}
	if err := all.ParseQuery(v); err != nil {
		return req, err
	}
	_, err := req.Check()
	return req, err
}

// handleTable serves the table: the round in play drawn as cards, a
// button a move the table takes (keys H S D P R, I N, B deals), the
// exact values of the hand's plays on the cards left (A), what each play
// gave up, the session so far. The table is 'bjchart drill table's
// (drill.TableRequest): the moves so far ride in the query and are made
// again; a decision's values are kept as a table is (the advice cache),
// so that a play is priced by the values shown for it.
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	d := tableData{Version: s.opt.Version}
	fail := func(err error) {
		d.Error = formError(err, "table.html")
		s.html(w, s.tablePage, d, http.StatusBadRequest)
	}
	req, err := parseTableQuery(r.URL.Query())
	d.Input, d.Balance, d.Bet, d.Moves = req.Game.Rules, drill.Units(req.Balance), drill.Units(req.Bet), req.Moves
	if req.Seed != 0 {
		d.Seed = fmt.Sprint(req.Seed)
	}
	if err != nil {
		fail(err)
		return
	}
	job, err := req.Check()
	if err != nil {
		fail(err)
		return
	}
	t, err := job.Run(r.Context(), nil)
	if err != nil {
		fail(err)
		return
	}
	chart, err := tableOf(r.Context(), s.tables, t.Rules)
	if err != nil {
		s.fail(w, err)
		return
	}
	d.Rules, d.Seed = t.Rules.String(), fmt.Sprint(t.Seed)
	key := func(dec drill.Decision) string { return d.Rules + "|" + drill.AdviceKey(dec) } // a decision's values, by game
	advise := func(ctx context.Context, dec drill.Decision) (drill.Advice, error) {
		return s.advice.getKey(ctx, key(dec), func(ctx context.Context) (drill.Advice, error) {
			return drill.Advise(ctx, t.Rules, dec, chart)
		})
	}
	if n := len(t.Decisions); n > 0 && len(t.Moves) > 0 && t.Moves[len(t.Moves)-1].Play != solve.NoAction {
		advise(r.Context(), t.Decisions[n-1]) // the play just made: priced even if its values were not kept
	}
	t.Price(func(dec drill.Decision) (drill.Advice, bool) { // the rest by the values kept
		return s.advice.known(key(dec))
	})
	if n := len(t.Decisions); n > 0 && (t.Moves[len(t.Moves)-1].Play != solve.NoAction || t.Moves[len(t.Moves)-1].Insure != 0) {
		d.LastPrice = render.PlayPriceText(t.Decisions[n-1])
	}
	insurance, insuring := t.Insurance()
	take, decline := "I insure", "N no insurance"
	if insurance.EvenMoney {
		take, decline = "I even money", "N no even money"
	}
	rep := render.NewTableReport(t, req.Seed)
	d.Round, d.Waiting, d.SideBets = rep.Round, rep.Waiting, render.SidePricesText(rep.SideBets)
	base := url.Values{"rules": {d.Rules}, "seed": {d.Seed}, "balance": {d.Balance}, "bet": {d.Bet}}
	if req.CountChecks {
		base.Set("count-checks", "true")
	}
	d.CountChecks = req.CountChecks
	if t.Phase == drill.Counting { // the form that answers it, with the session so far
		d.CountForm = cloneValues(base)
		d.CountForm.Set("moves", drill.MovesText(t.Moves))
	}
	if n := len(t.CountChecks); n > 0 && len(t.Moves) > 0 && t.Moves[len(t.Moves)-1].Count != nil {
		d.LastPrice = render.CountCheckText(t.CountChecks[n-1])
	}
	if req.Penetration != drill.DefaultTableRequest().Penetration {
		base.Set("penetration", param.FormatPercent(req.Penetration))
	}
	if req.Seed == 0 { // a fresh seed: the address says which
		d.Address = sessionAddress("/drill/table", base, "moves", req.Moves)
	}
	link := func(text, key string, m drill.Move) moveLink {
		v := cloneValues(base)
		v.Set("moves", strings.TrimSpace(rep.Moves+" "+m.String()))
		return moveLink{Text: text, URL: "/drill/table?" + v.Encode(), Key: key}
	}
	full := len(url.Values{"moves": {rep.Moves + " b" + drill.Units(req.Bet)}}.Encode())+len(base.Encode()) > maxTableQuery
	if full && t.Phase == drill.Betting { // the query would outgrow the page: the balance goes on at a new shoe
		next := url.Values{"rules": {d.Rules}, "balance": {drill.Units(math.Floor(t.Balance))}, "bet": {d.Bet}}
		if req.Bet > math.Floor(t.Balance) {
			next.Set("bet", drill.Units(math.Floor(t.Balance)))
		}
		d.GoOn = "/drill/table?" + next.Encode()
	}
	for _, m := range t.Legal() {
		switch {
		case m.Bet > 0 && d.GoOn != "":
		case m.Bet > 0:
			d.Bets = append(d.Bets, link("Deal, bet "+drill.Units(m.Bet), "B", m))
			for _, c := range tableChips {
				if c != m.Bet && c <= t.Balance {
					d.Bets = append(d.Bets, link("Bet "+drill.Units(c), "", drill.Move{Bet: c}))
				}
			}
			for _, p := range rep.SideBets {
				if !slices.ContainsFunc(rep.SidePlaced, func(m drill.SideMove) bool { return m.Bet == p.Bet }) {
					d.SideTakes = append(d.SideTakes, link("+"+p.Bet+" "+render.EdgeText(p.EV, 2), "", drill.Move{Side: &drill.SideMove{Bet: p.Bet, Stake: 1}}))
				}
			}
		case m.Insure > 0:
			d.Actions = append(d.Actions, link(take, "I", m))
		case m.Insure < 0:
			d.Actions = append(d.Actions, link(decline, "N", m))
		default:
			d.Actions = append(d.Actions, link(m.Play.Letter()+" "+t.PlayName(m.Play), m.Play.Letter(), m))
		}
	}
	if insuring {
		d.Advice = &adviceData{Insurance: render.InsuranceAdviceText(insurance)}
		best := math.Max(insurance.Take, insurance.Decline)
		row := func(play string, ev float64, isBest bool) adviceRow {
			return adviceRow{Play: play, EV: fmt.Sprintf("%+.6f", ev), Exact: strconv.FormatFloat(ev, 'g', -1, 64),
				Diff: fmt.Sprintf("%.6f", best-ev), Best: isBest}
		}
		rows := []adviceRow{row(strings.TrimPrefix(take, "I "), insurance.Take, insurance.Best()),
			row(strings.TrimPrefix(decline, "N "), insurance.Decline, !insurance.Best())}
		if !insurance.Best() {
			rows[0], rows[1] = rows[1], rows[0]
		}
		d.Advice.Rows = rows
	}
	if dec, ok := t.Pending(); ok {
		rep := render.AdviceReport{Rules: t.Rules, Decision: dec}
		d.Advice = &adviceData{Command: rep.Command()}
		if a, err := advise(r.Context(), dec); err != nil {
			d.Advice.Error = "No values for this hand: " + err.Error()
		} else {
			d.Advice.Chart, d.Advice.Unvalued = a.Chart.String(), a.Unvalued
			rep.Advice = a
			for _, act := range rep.Plays() {
				d.Advice.Rows = append(d.Advice.Rows, adviceRow{Play: act.String(), EV: fmt.Sprintf("%+.6f", a.EV[act]), Exact: strconv.FormatFloat(a.EV[act], 'g', -1, 64),
					Diff: fmt.Sprintf("%.6f", a.EV[a.Best]-a.EV[act]), Best: act == a.Best})
			}
		}
	}
	status := fmt.Sprintf("Balance %s units", drill.Units(t.Balance))
	if left, toCut := t.CardsLeft(); t.Round != nil && left > 0 {
		status += fmt.Sprintf("; %d cards left in the shoe, %d before the cut card", left, toCut)
	}
	d.Status = status + "."
	d.Count = render.TableCountText(t)
	if t.Rounds > 0 {
		d.Summary = rep.SummaryText()
	}
	for i := len(rep.Decisions) - 1; i >= 0 && len(d.Decisions) < 8; i-- {
		x := rep.Decisions[i]
		row := decisionRow{Round: x.Round, Hand: x.Hand, Play: x.Play, Best: "not priced"}
		if x.Split {
			row.Hand += " (split)"
		}
		if x.Cost != nil {
			row.Best, row.Cost = x.Best, fmt.Sprintf("%.4f", *x.Cost)
		}
		d.Decisions = append(d.Decisions, row)
	}
	again := cloneValues(base) // the same table's settings, the next seed
	again.Set("seed", fmt.Sprint(req.Seed+1))
	d.Again = "/drill/table?" + again.Encode()
	asked, def := req, drill.DefaultTableRequest() // this table on the command line: its game, seed and every move so far
	asked.Game, asked.Seed, asked.Moves = solve.Game{Rules: d.Rules}, t.Seed, rep.Moves
	d.Command = requestCommand("drill table", &asked, &def)
	s.html(w, s.tablePage, d, http.StatusOK)
}
