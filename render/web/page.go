package web

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"
)

// reportWidth is the columns the page's text reports wrap their prose to,
// as the CLI's do to a terminal's.
const reportWidth = 100

// pageData is what the page template shows.
type pageData struct {
	DAS       bool   // the rules allow doubling after a split: splits print as P
	Input     string // the rule string as typed
	Rules     string // its canonical form ("" after an error)
	Error     string // the parser's or the solver's message
	Words     string // the rules in words
	Edge      string // house edge or player edge, with the EV
	Insurance string // what insurance and even money are worth
	BestPlay  string // the best play's EV, where it differs from the chart's
	Cond      string // what the cells' EVs are conditioned on
	Tables    []tableView
	Controls  []control
	Toggles   []option    // rules a checkbox turns on and off
	Hand      string      // the hand asked about
	HandText  textView    // its report, as 'bjchart hand' prints it
	HandTable reportTable // its plays, as the page lays them out
	// EffectsTable is the rule effects as the page lays them out.
	EffectsTable reportTable
	HandErr      string
	Dealer       []render.DealerTable // the dealer's outcomes, the tables 'bjchart dealer' prints
	Charts       []option             // the published charts to compare with
	Diff         textView             // the comparison, as 'bjchart diff NAME --rules R' prints it
	DiffPage     *render.DiffPage     // and as the card lays it out: its summary and each difference
	Effects      textView             // each rule's effect, as 'bjchart effects' prints it
	EffectsErr   string
	Upload       string // the uploaded chart's file name
	EffectsLink  string
	Heat         render.HeatPage // the heatmap: the chart's cells shaded by the metric
	HeatErr      string
	Metrics      []option // the metrics it switches between
	DiffErr      string
	Links        []downloadLink
	Version      string
}

type tableView struct {
	Name string
	Ups  []string      // the dealer's up cards, the columns
	Body template.HTML // its rows (appendRow)
}

// cellView is one chart cell: its code, colour class, and the numbers the
// page's script shows when it is pointed at, focused or tapped.
type cellView struct {
	Code, Class, Up string
	Key             string // "soft-A8-6": the cell's table, hand and up card
	Info            string // every action's EV, the margin, each play's cost
	EV              string // the EVs at full precision, as JSON: {"stand":-0.12,...}
}

// control is one select kept in step with the rule string by the script:
// choosing an option replaces its group's token (Pattern matches every
// token of the group).
type control struct {
	Label, Name, Pattern string
	Options              []option
}

type option struct {
	Token, Text string
	Selected    bool
}

type downloadLink struct{ Text, URL string }

// funcs are the templates' functions, every page's.
var funcs = template.FuncMap{
	"percent":  func(p float64) string { return render.PercentCell(p, 2) }, // a probability in percent, "-" for none
	"times100": func(x float64) float64 { return 100 * x },                 // a share as a percent
	"deref":    func(x *float64) float64 { return *x },                     // an optional figure known to be there
	"inc":      func(i int) int { return i + 1 },                           // a count from 1
	"shown":    render.ShownCounts,                                         // a simulation's counts with enough rounds
}

// controls are the rule groups the page offers as selects; every other
// rule is typed in the rule string, which the selects keep.
var controls = []control{
	{Label: "Decks", Name: "decks", Pattern: `^([0-9]+D|INF)$`, Options: []option{{"1D", "1", false}, {"2D", "2", false}, {"4D", "4", false}, {"6D", "6", false}, {"8D", "8", false}, {"INF", "infinite", false}}},
	{Label: "Soft 17", Name: "s17", Pattern: `^(S17|H17|DHIT17=.*)$`, Options: []option{{"S17", "dealer stands", false}, {"H17", "dealer hits", false}, {"DHIT17=0.2", "hits every 17 at 20%", false}}},
	{Label: "Dealer 16", Name: "d16", Pattern: `^DHIT16=.*$`, Options: []option{{"", "dealer hits", false}, {"DHIT16=0.4", "hits at 40%", false}, {"DHIT16=0", "stands", false}}},
	{Label: "Double", Name: "double", Pattern: `^(DOA|D9|D10|NDD)$`, Options: []option{{"DOA", "any two cards", false}, {"D9", "9-11", false}, {"D10", "10-11", false}, {"NDD", "never", false}}},
	{Label: "After a split", Name: "das", Pattern: `^(DAS|NDAS)$`, Options: []option{{"DAS", "double allowed", false}, {"NDAS", "no double", false}}},
	{Label: "Splits", Name: "splits", Pattern: `^SPL[123]$`, Options: []option{{"SPL1", "to 2 hands", false}, {"SPL2", "to 3 hands", false}, {"SPL3", "to 4 hands", false}}},
	{Label: "Surrender", Name: "surrender", Pattern: `^(NS|LS|ES)$`, Options: []option{{"NS", "none", false}, {"LS", "late", false}, {"ES", "early", false}}},
	{Label: "Blackjack pays", Name: "payout", Pattern: `^[0-9]+:[0-9]+$`, Options: []option{{"3:2", "3:2", false}, {"6:5", "6:5", false}, {"1:1", "1:1", false}, {"2:1", "2:1", false}}},
	{Label: "Hole card", Name: "hole", Pattern: `^(PEEK|ENHC|OBO)$`, Options: []option{{"PEEK", "peek (US)", false}, {"ENHC", "no hole card", false}, {"OBO", "original bet only", false}}},
	{Label: "Charlie", Name: "charlie", Pattern: `^[5-7]CC(=[0-9]+:[0-9]+)?$`, Options: []option{{"", "none", false}, {"5CC", "5 cards", false}, {"6CC", "6 cards", false}, {"7CC", "7 cards", false}}},
	{Label: "Bonus 21", Name: "bonus", Pattern: `^[4-8]C21=[0-9]+:[0-9]+$`, Options: []option{{"", "none", false}, {"5C21=3:2", "5+ cards 3:2", false}, {"5C21=3:2 6C21=2:1 7C21=3:1", "Spanish 21's", false}}},
	{Label: "Deck", Name: "deck", Pattern: `^(SPANISH|DECK=.*)$`, Options: []option{{"", "52 cards", false}, {"SPANISH", "Spanish (no 10s)", false}, {"DECK=4-4-4-4-4-4-4-4-4-18", "custom (edit DECK=)", false}}},
}

// controlPatterns are the controls' patterns, each compiled the first
// time a page needs it (not when any bjchart command starts): only a
// rule string with a value its select does not list, or none of its group.
var controlPatterns = func() []func() *regexp.Regexp {
	out := make([]func() *regexp.Regexp, len(controls))
	for i, c := range controls {
		out[i] = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(c.Pattern) })
	}
	return out
}()

// toggles are the rules a checkbox turns on and off.
var toggles = []option{
	{"RSA", "resplit aces", false}, {"HSA", "hit split aces", false}, {"TIESLOSE", "dealer wins ties", false},
	{"PUSH22", "dealer 22 pushes", false}, {"P21WINS", "player 21 wins", false}, {"DANY", "double any cards", false},
	{"RESCUE", "double-down rescue", false},
}

// handlePage serves the page for the query's rules.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	d := pageData{Version: s.opt.Version}
	q, err := parseQuery(r.URL.Query())
	d.Input = q.input()
	status := http.StatusOK
	if err != nil {
		d.Error, status = formError(err, "page.html"), http.StatusBadRequest
	} else if t, err := tableOf(r.Context(), s.tables, q.rules); err != nil {
		d.Error, status = err.Error(), http.StatusServiceUnavailable
	} else {
		s.fill(r.Context(), &d, q, t)
	}
	if d.Input == "" {
		d.Input = d.Rules
	}
	s.html(w, s.page, d, status)
}

// fill lays a solved table out for the page.
func (s *Server) fill(ctx context.Context, d *pageData, q query, t *solve.Table) {
	rules := t.Rules.String()
	d.Rules, d.Words, d.DAS = rules, render.DescribeRules(t.Rules), t.Rules.DAS
	d.Edge = fmt.Sprintf("%s playing this chart (player EV %+.4f%% of the initial bet per round)", sentence(render.EdgeText(t.EV, 4)), 100*t.EV)
	d.Insurance = render.InsuranceText(t.Insurance())
	if line := render.BestPlayText(t); line != "" { // the command line's words
		d.BestPlay = sentence(line) + "."
	}
	d.Cond = t.Conditioning.Describe() + "."
	// The composition-dependent exceptions of each cell: two-card hands
	// whose exact best play is not the chart's.
	exceptions := map[string][]string{}
	for _, h := range t.Hands {
		if h.Best != h.Chart && h.Legal[h.Chart] {
			kind, row := solve.CellOf(h.Cards[:])
			key := fmt.Sprintf("%s-%s-%v", kind, row, h.Up)
			exceptions[key] = append(exceptions[key], fmt.Sprintf("%v,%v: %s, not the chart's %s (+%.6f a hand)",
				h.Cards[0], h.Cards[1], h.Best, h.Chart, h.EV[h.Best]-h.EV[h.Chart]))
		}
	}
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		tv := tableView{Name: strings.ToUpper(kind.String()), Ups: []string{"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"}}
		var body []byte
		cells := make([]cellView, len(solve.UpCards))
		for _, hand := range render.ChartRows(kind) {
			for i, up := range solve.UpCards {
				cv := cellOf(t, t.Cell(kind, hand, up))
				if ex := exceptions[cv.Key]; len(ex) > 0 {
					cv.Info += "\ncomposition-dependent exceptions: " + strings.Join(ex, "; ")
				}
				cells[i] = cv
			}
			body = appendRow(body, hand, cells)
		}
		tv.Body = template.HTML(body)
		d.Tables = append(d.Tables, tv)
	}
	d.Controls = selectedControls(rules)
	for _, tg := range toggles {
		tg.Selected = slices.Contains(strings.Fields(rules), tg.Token)
		d.Toggles = append(d.Toggles, tg)
	}
	if q.hand.Hand != "" {
		d.Hand = q.hand.Hand
		var buf bytes.Buffer
		if rep, err := handReport(q, t); err != nil {
			d.HandErr = err.Error()
		} else if err := rep.WriteText(&buf); err == nil {
			d.HandText = textView{"The hand as 'bjchart hand' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-hand.txt"}
			d.HandTable.Header, d.HandTable.Rows = rep.Rows()
			d.HandTable.Ranked = true
			if len(d.HandTable.Rows) > 0 {
				d.HandTable.Caption = fmt.Sprintf("%s: every play's EV (%s), the best first; the chart plays %s", handTitle(rep), rep.Conditioning, rep.Chart)
			}
		}
	}
	for _, name := range charts.Names() {
		d.Charts = append(d.Charts, option{Token: name, Text: name, Selected: name == q.compare.Chart})
	}
	if q.chart != nil {
		if diff, err := s.compare(ctx, q); err != nil {
			d.DiffErr = err.Error()
		} else {
			var buf bytes.Buffer
			rep := render.DiffReport{Diff: diff, From: q.compare.RulesFrom()}
			if err := rep.Text(&buf, false); err == nil {
				d.Diff = textView{"The comparison as 'bjchart diff' prints it", render.WrapProse(buf.String(), reportWidth), "bjchart-diff.txt"}
			}
			d.DiffPage = rep.Page()
		}
	}
	d.EffectsLink = Link("/", rules, "effects", "1")
	metric := q.plot.Metric
	if !slices.Contains(pageMetrics, metric) {
		metric = render.MetricBest
	}
	for _, m := range pageMetrics {
		d.Metrics = append(d.Metrics, option{Token: string(m), Text: render.MetricTitle(m), Selected: m == metric})
	}
	if heat, err := render.NewHeatPage(t, metric); err != nil {
		d.HeatErr = err.Error()
	} else {
		d.Heat = heat
	}
	if q.effects {
		if effects, err := s.effectsOf(ctx, q); err != nil {
			d.EffectsErr = err.Error()
		} else {
			var buf bytes.Buffer
			rep := render.EffectsReport{Table: t, Effects: effects}
			if rep.Text(&buf) == nil {
				d.Effects = textView{"The effects as 'bjchart effects' prints them", render.WrapProse(buf.String(), reportWidth), "bjchart-effects.txt"}
			}
			d.EffectsTable.Header, d.EffectsTable.Rows = rep.Rows()
			d.EffectsTable.Caption = fmt.Sprintf("Each rule changed alone: the change in the player's EV per round, in percentage points of the initial bet (%s: %+.4f%%)", t.Rules, 100*t.EV)
		}
	}
	if dist, err := solve.DealerOutcomes(t.Rules, solve.Options{}); err == nil {
		d.Dealer = render.NewDealer(t.Rules, nil, dist).Tables()
	}
	d.Links = []downloadLink{
		{"Card (PDF, letter)", Link("/card.pdf", rules)},
		{"Card (PDF, A4)", Link("/card.pdf", rules, "size", "a4")},
		{"Wallet cards (PDF)", Link("/card.pdf", rules, "size", "wallet")},
		{"Heatmap (PNG)", Link("/plot.png", rules, "metric", string(metric), "codes", "true")},
		{"Heatmap (SVG)", Link("/plot.svg", rules, "metric", string(metric), "codes", "true")},
		{"Heatmap (PDF)", Link("/plot.pdf", rules, "metric", string(metric), "codes", "true")},
		{"Chart (JSON)", Link("/api/chart.json", rules)},
		{"Chart (CSV)", Link("/api/chart.csv", rules)},
	}
	if q.compare.Chart != "" && d.Diff.Text != "" {
		d.Links = append(d.Links, downloadLink{"Comparison (JSON)", Link("/api/diff.json", rules, "chart", q.compare.Chart)})
	}
	if q.effects {
		d.Links = append(d.Links, downloadLink{"Rule effects (JSON)", Link("/api/effects.json", rules)}, downloadLink{"Rule effects (CSV)", Link("/api/effects.csv", rules)})
	}
}

// appendRow appends a chart row as the page's table body has it, each
// cell with its code, colour and numbers. Written here rather than by the
// page's template, whose reflection over every cell was most of a page's
// time in the browser's WebAssembly; escaped as the template escapes.
func appendRow(b []byte, label string, cells []cellView) []byte {
	b = append(b, `<tr><th scope="row">`...)
	b = render.AppendHTMLEscaped(b, label)
	b = append(b, "</th>"...)
	for _, c := range cells {
		b = append(b, `<td class="`...)
		b = render.AppendHTMLEscaped(b, c.Class)
		b = append(b, `" tabindex="0" data-cell="`...)
		b = render.AppendHTMLEscaped(b, c.Key)
		b = append(b, `" data-info="`...)
		b = render.AppendHTMLEscaped(b, c.Info)
		b = append(b, `" data-ev="`...)
		b = render.AppendHTMLEscaped(b, c.EV)
		b = append(b, `">`...)
		b = render.AppendHTMLEscaped(b, c.Code)
		b = append(b, "</td>"...)
	}
	return append(b, "</tr>\n"...)
}

// cellOf lays out one cell: code, colour and the numbers behind it,
// written with strconv (fmt and encoding/json were most of a page's
// layout in the browser's WebAssembly).
func cellOf(t *solve.Table, c *solve.Cell) cellView {
	cell := c.Hand + " v " + c.Up.String()
	cv := cellView{Up: c.Up.String(), Key: c.Table.String() + "-" + c.Hand + "-" + c.Up.String()}
	if c.Impossible {
		cv.Code, cv.Class, cv.Info = "-", "none", cell+": the shoe cannot deal this hand."
		return cv
	}
	cv.Code, cv.Class = render.CardCode(t.Rules, c.Code), "a-"+c.Code.Best.Letter()
	if c.Marked() {
		cv.Code += "*"
	}
	b := make([]byte, 0, 512)
	b = append(append(append(append(b, c.Table.String()...), ' '), cell...), ": "+c.Code.Best.String()...)
	if c.Code.Fallback != solve.NoAction {
		b = append(b, " (else "+c.Code.Fallback.String()+")"...)
	}
	best := c.Code.Best
	if !c.Legal[best] {
		best = c.Code.Fallback
	}
	b = append(b, "\nEV per unit bet, and against the best play here:"...)
	for _, a := range solve.Actions {
		if !c.Legal[a] {
			continue
		}
		name := a.String() // as %-9s
		b = append(append(b, "\n  "+name...), "         "[min(len(name), 9):]...)
		b = appendSigned(append(b, ' '), c.EV[a])
		if a == best {
			b = append(b, "  (the best)"...)
		} else {
			b = append(appendSigned(append(b, "  ("...), c.EV[a]-c.EV[best]), ')')
		}
	}
	if m := render.CellMargin(c); m != nil {
		b = append(b, "\nChart-wide cost per decision, how the chart chooses (every hand this cell decides, split hands and hands of three or more cards too, so not the difference above): margin "...)
		b = strconv.AppendFloat(b, *m, 'f', 6, 64) // as %.6f
		for _, a := range solve.Actions {
			if c.Legal[a] && a != c.Code.Best {
				b = strconv.AppendFloat(append(b, "\n  "+a.String()+" would cost "...), c.Cost[a], 'f', 6, 64)
			}
		}
	} else {
		b = append(b, "\nno hand is decided at this cell"...)
	}
	if c.MultiCard != solve.NoAction {
		b = append(b, "\nthree or more cards: "+c.MultiCard.String()...)
	}
	cv.Info = string(b)
	cv.EV = evJSON(c)
	return cv
}

// appendSigned appends f as fmt's %+.6f.
func appendSigned(b []byte, f float64) []byte {
	if !math.Signbit(f) && !math.IsInf(f, 1) || math.IsNaN(f) {
		b = append(b, '+')
	}
	return strconv.AppendFloat(b, f, 'f', 6, 64)
}

// evJSON returns the legal actions' EVs as the JSON object
// json.Marshal writes of them by name: {"hit":-0.1,"stand":-0.2}.
func evJSON(c *solve.Cell) string {
	b, ok := render.AppendEVJSON(make([]byte, 0, 128), c)
	if !ok {
		return "" // what json.Marshal's error left
	}
	return string(b)
}

// selectedControls marks each control's option that the rule string has.
func selectedControls(rules string) []control {
	tokens := strings.Fields(rules)
	out := make([]control, len(controls))
	for i, c := range controls {
		c.Options = append([]option(nil), c.Options...)
		found := false
		for j := len(c.Options) - 1; j >= 0; j-- { // the most specific first; an option of several tokens: all of them there
			opt := strings.Fields(c.Options[j].Token)
			if len(opt) > 0 && !found && !slices.ContainsFunc(opt, func(t string) bool { return !slices.Contains(tokens, t) }) {
				c.Options[j].Selected, found = true, true
			}
		}
		if !found { // a value the select does not list (3D, 7:5): offer it as it is
			re := controlPatterns[i]()
			for _, t := range tokens {
				if re.MatchString(t) {
					c.Options, found = append(c.Options, option{t, t, true}), true
				}
			}
		}
		if !found && c.Options[0].Token == "" { // none of the group: the empty option
			c.Options[0].Selected = true
		}
		out[i] = c
	}
	return out
}

// pageMetrics are the heatmap's metrics the page offers, in its order.
var pageMetrics = []render.Metric{render.MetricBest, render.MetricMargin, render.MetricGain, render.MetricStand, render.MetricHit, render.MetricDouble}

// A reportTable is a report's table as the page lays it out.
type reportTable = render.ReportTable

// A textView is a report as its command prints it: on a wide screen in a
// box that opens, on a phone a download (a box of text wider than the
// screen would hide its columns).
type textView struct {
	Summary string // what the text is: "The session as 'bjchart drill' prints it"
	Text    string
	File    string // the download's name
}

// Href is the text as a link's address.
func (v textView) Href() template.URL {
	return template.URL("data:text/plain;charset=utf-8," + url.PathEscape(v.Text))
}

// handTitle names a looked-up hand: "T,6 v T" or "hard 16 v T".
func handTitle(rep render.HandReport) string {
	if rep.Cards != "" {
		return rep.Cards + " v " + rep.Up
	}
	kind := "hard"
	if rep.Soft {
		kind = "soft"
	}
	return fmt.Sprintf("%s %d v %s", kind, rep.Total, rep.Up)
}
