package web

import (
	"bjchart/render/draw"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bjchart/render/web/internal/browsertest"
	"bjchart/solve"
	"bjchart/solve/drill"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// browserEnv, when set (.ci/run sets it), makes a missing browser fail
// TestBrowser instead of skipping it.
const browserEnv = browsertest.BrowserEnv

// TestBrowser drives headless Chromium (Debian's chromium package) against
// the page on loopback: it loads a game, switches S17 to H17 with the
// select and sees a cell the solver says changes change, opens a cell and
// reads its EVs equal to the chart JSON's to 1e-9, downloads the card and
// finds a PDF with the rules in it, plays the trainer (20 hands by key, 5
// by tap) and a round at the table (a split, the advice equal to 'hand
// --shoe' to 1e-9), and sees no console error (a Content-Security-Policy
// violation would be one).
func TestBrowser(t *testing.T) {
	ctx, cancel := newBrowser(t, 60*time.Second)
	defer cancel()
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "test"}))
	defer srv.Close()

	// The cell the rule change changes, by the solver.
	s17, _ := solve.ParseRules("6D S17 DAS LS")
	h17, _ := solve.ParseRules("6D H17 DAS LS")
	ts, _ := solve.Solve(s17)
	th, _ := solve.Solve(h17)
	var key, before, after string
	for i := range ts.Cells {
		a, b := &ts.Cells[i], &th.Cells[i]
		if a.Code != b.Code && a.Table != solve.Pairs {
			key = cellOf(ts, a).Key
			before, after = "a-"+a.Code.Best.Letter(), "a-"+b.Code.Best.Letter()
			break
		}
	}
	if key == "" || before == after {
		t.Fatal("no cell changes colour from S17 to H17")
	}

	var mu sync.Mutex
	var consoleErrors []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError {
				consoleErrors = append(consoleErrors, string(ev.Type))
			}
		case *runtime.EventExceptionThrown:
			consoleErrors = append(consoleErrors, ev.ExceptionDetails.Text)
		}
	})

	cell := `td[data-cell="` + key + `"]`
	var classBefore, classAfter, location, evText, shown string
	err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/?rules=6D+S17+DAS+LS"),
		chromedp.WaitVisible(cell),
		chromedp.AttributeValue(cell, "class", &classBefore, nil),
		// The select for soft 17: choose H17 as a user does (the value, then
		// the change event, in one step: the change submits the form).
		chromedp.Evaluate(`(() => { const s = document.querySelector('select[aria-label="Soft 17"]'); s.value = "H17"; s.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.WaitVisible(cell+`.`+after),
		chromedp.AttributeValue(cell, "class", &classAfter, nil),
		chromedp.Location(&location),
		chromedp.Click(cell),
		chromedp.AttributeValue("#details", "data-ev", &evText, nil),
		chromedp.Text("#details", &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if classBefore != before || classAfter != after || !strings.Contains(location, "H17") {
		t.Errorf("cell %s: %q before, %q after the select (want %q, %q); the page's URL %s", key, classBefore, classAfter, before, after, location)
	}
	var got map[string]float64
	if err := json.Unmarshal([]byte(evText), &got); err != nil || len(got) == 0 {
		t.Fatalf("cell details: %q: %v", evText, err)
	}
	resp, err := http.Get(srv.URL + "/api/chart.json?rules=6D+H17+DAS+LS")
	if err != nil {
		t.Fatal(err)
	}
	var chart struct {
		Cells []struct {
			Table, Hand, Up string
			EV              map[string]float64 `json:"ev"`
		} `json:"cells"`
	}
	json.NewDecoder(resp.Body).Decode(&chart)
	resp.Body.Close()
	for _, c := range chart.Cells {
		if c.Table+"-"+c.Hand+"-"+c.Up != key {
			continue
		}
		for a, ev := range c.EV {
			if math.Abs(got[a]-ev) > 1e-9 {
				t.Errorf("%s %s: the page says %v, the chart JSON %v", key, a, got[a], ev)
			}
		}
	}
	if !strings.Contains(shown, "EV per unit bet") {
		t.Errorf("the details show %q", shown)
	}

	// The heatmap switches to the margins: the page's cells, shaded on
	// the log scale, each the value the PNG prints.
	var margins string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const s = document.getElementById("metric"); s.value = "margin"; s.dispatchEvent(new Event("change")); })()`, nil),
		waitFor(`location.search.includes("metric=margin") && document.querySelector("table.heat td.hm-l0, table.heat td[class^='hm-l']") !== null`),
		chromedp.Text(`section[aria-labelledby="heat-h"] p strong`, &margins),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(margins, "margin") {
		t.Errorf("the heatmap after choosing the margins: %q", margins)
	}
	// A checkbox adds its rule: the dealer wins ties.
	var canon string
	if err := chromedp.Run(ctx, chromedp.Click(`input[data-token="TIESLOSE"]`)); err != nil {
		t.Fatal(err)
	}
	for range 100 { // the checkbox submits the form: wait for the new page
		if chromedp.Run(ctx, chromedp.Location(&location)) == nil && strings.Contains(location, "TIESLOSE") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := chromedp.Run(ctx, chromedp.WaitVisible(".rules-canon strong"), chromedp.Text(".rules-canon strong", &canon)); err != nil {
		t.Fatal(err)
	}
	if canon != "6D H17 DOA DAS SPL3 LS 3:2 PEEK TIESLOSE" {
		t.Errorf("after the ties checkbox the page solves %q", canon)
	}
	var href string
	if err := chromedp.Run(ctx, chromedp.AttributeValue(`a[href^="/card.pdf"]`, "href", &href, nil)); err != nil {
		t.Fatal(err)
	}
	resp, err = http.Get(srv.URL + href)
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.HasPrefix(string(pdf), "%PDF") || !strings.Contains(string(pdf), "6D H17 DOA DAS SPL3 LS 3:2 PEEK TIESLOSE") {
		t.Errorf("the card link %s: %d bytes, not a PDF of 6D H17 DOA DAS SPL3 LS 3:2 PEEK TIESLOSE", href, len(pdf))
	}
	// A short simulation with Hi-Lo: the progress bar fills, the report
	// comes with the edge by count, and its plot is drawn.
	var value, report string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/sim?go=1&rules=6D+S17&rounds=2000000&count=hilo"),
		chromedp.WaitVisible(`#bar[value="1"]`),
		chromedp.WaitVisible(`#result`),
		chromedp.AttributeValue("#bar", "value", &value, nil),
	); err != nil {
		t.Fatal(err)
	}
	report = resultText(ctx, 100)
	if value != "1" || !strings.Contains(report, "2000000 rounds") || !strings.Contains(report, "By true count") {
		t.Errorf("simulation: progress %q, report %.200q", value, report)
	}
	loaded := false
	for range 200 {
		if chromedp.Run(ctx, chromedp.Evaluate(`(() => { const i = document.getElementById("plot"); return !i.hidden && i.complete && i.naturalWidth > 0; })()`, &loaded)) == nil && loaded {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !loaded {
		t.Error("the edge-by-count plot did not load after the simulation")
	}
	// The same form run flat: the count set to none and the ramp left as
	// it is; the script leaves the ramp out, and the run comes back.
	var flatURL string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/sim?go=1&rules=6D+S17&rounds=20000&count=hilo"),
		chromedp.SetValue("#count", ""),
		chromedp.Evaluate(`document.getElementById("count").dispatchEvent(new Event("change"))`, nil),
		chromedp.Submit("#count"),
		chromedp.WaitVisible(`#bar[value="1"]`),
		chromedp.Location(&flatURL),
	); err != nil {
		t.Fatal(err)
	}
	flat := resultText(ctx, 100)
	var figures bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`!document.getElementById("job-chart").hidden && !!document.querySelector("#sim-figures td[data-ev]")`, &figures)); err != nil {
		t.Fatal(err)
	}
	if !figures {
		t.Error("the simulation's figures are not drawn as a table")
	}
	if strings.Contains(flatURL, "ramp=") || !strings.Contains(flat, "20000 rounds") || strings.Contains(flat, "bjchart:") {
		t.Errorf("the form run flat: %s, report %.200q", flatURL, flat)
	}
	// The bankroll and risk page: the form sent, the figures drawn with
	// their SEs, the plot shown.
	var winRate string
	var plotShown bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/risk?rules=2D&shoes=30&rounds=200k&go=1"),
		waitFor(`!document.getElementById("job-chart").hidden && !!document.getElementById("risk-figures")`),
		chromedp.Text("#risk-figures td.num", &winRate),
		waitFor(`!document.getElementById("plot").hidden`),
		chromedp.Evaluate(`document.getElementById("plot").complete`, &plotShown),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(winRate, "±") {
		t.Errorf("risk: win rate %q, plot shown %v", winRate, plotShown)
	}
	// Index plays on a game without late surrender: the I18 alone, said.
	var note string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/indices?go=1&rules=6D+S17+DAS&shoes=50"),
		chromedp.Text(".note", &note),
		chromedp.WaitVisible(`#bar[value="1"]`),
	); err != nil {
		t.Fatal(err)
	}
	indices := resultText(ctx, 200)
	var inCell bool
	var tapped string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`!document.getElementById("job-chart").hidden && !!document.querySelector('#job-chart td[title^="16 v T"]')`, &inCell),
		chromedp.Click(`#job-chart td[title^="16 v T"]`, chromedp.NodeVisible), chromedp.Text("#index-detail", &tapped)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tapped, "16 v T: stand at") {
		t.Errorf("a tapped index cell says %q", tapped)
	}
	if !strings.Contains(note, "I18 only") || !strings.Contains(indices, "16 v T") || strings.Contains(indices, "bjchart:") || !inCell {
		t.Errorf("index plays without surrender: note %q, report %.300q, 16 v T in its cell %v", note, indices, inCell)
	}
	// The trainer at a phone's width: 20 hands answered by key (a
	// deliberate mistake first) and 5 by tap (a click with touch
	// emulated), the mistake priced, the summary, the missed cell
	// remembered across a reload, nothing scrolling sideways.
	var last, summary, missed string
	var overflow, onChart bool
	answered := func(n int) chromedp.Action {
		return waitFor(fmt.Sprintf(`document.body.innerText.includes("hand %d of 25 answered") || %d === 25 && !!document.getElementById("summary")`, n, n))
	}
	steps := chromedp.Tasks{
		chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		chromedp.Navigate(srv.URL + "/drill?rules=INF+H17+DAS+LS&hands=25&seed=4"),
		chromedp.WaitVisible("#hand"),
		chromedp.Evaluate(`localStorage.clear()`, nil),
		chromedp.KeyEvent("h"),
		answered(1),
		chromedp.Text("#last", &last),
	}
	for n := 2; n <= 20; n++ {
		steps = append(steps, chromedp.KeyEvent("s"), answered(n))
	}
	for n := 21; n <= 25; n++ {
		steps = append(steps, chromedp.Click(`a.answer[data-key="S"]`, chromedp.NodeVisible), answered(n))
	}
	steps = append(steps,
		chromedp.WaitVisible("#summary"),
		chromedp.Text("#summary", &summary),
		chromedp.Reload(),
		chromedp.WaitVisible("#summary"),
		chromedp.Text("#missed", &missed),
		chromedp.Evaluate(`!document.getElementById("miss-chart").hidden && document.querySelector('#miss-chart td[data-cell="hard 17 v 9"]').textContent === "1"`, &onChart),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow))
	if err := chromedp.Run(ctx, steps); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(last, "7,T v 9: Wrong: the chart plays stand; hit gives up") || !strings.Contains(summary, "of 25 right") ||
		!strings.Contains(missed, "hard 17 v 9: missed 1 time") || !onChart || overflow {
		t.Errorf("trainer: last %q, summary %.200q, missed %q, on the chart %v, sideways scroll %v", last, summary, missed, onChart, overflow)
	}
	// The table at a phone's width: a round dealt by key, the pair split by
	// tap, the advice opened by key and its EVs equal to 'hand --shoe' on
	// the shoe it names, to 1e-9; the round played to its end.
	var advice []struct {
		Play string
		EV   string
	}
	var command, net string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/drill/table?rules=1D&seed=27731"),
		chromedp.WaitVisible("#bets"),
		chromedp.KeyEvent("b"),
		chromedp.WaitVisible(`a.answer[data-key="P"]`),
		chromedp.Click(`a.answer[data-key="P"]`, chromedp.NodeVisible),
		waitFor(`document.querySelectorAll(".seat").length === 3 && !!document.getElementById("advice")`),
		chromedp.KeyEvent("a"),
		chromedp.WaitVisible("table.advice"),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#advice tbody tr")).map(r => ({Play: r.querySelector(".play").textContent, EV: r.querySelector("[data-ev]").dataset.ev}))`, &advice),
		chromedp.Text("#advice code.cmd", &command),
	); err != nil {
		t.Fatal(err)
	}
	checkAdvice(t, command, advice)
	var tableCount string
	if err := chromedp.Run(ctx, chromedp.KeyEvent("c"), waitFor(`document.getElementById("count").open`), chromedp.Text("#count p", &tableCount)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tableCount, "running count") {
		t.Errorf("the table's count: %q", tableCount)
	}
	for range 8 { // stand until the round is over
		var over bool
		if err := chromedp.Run(ctx, chromedp.Evaluate(`!!document.getElementById("round-net")`, &over)); err != nil {
			t.Fatal(err)
		}
		if over {
			break
		}
		if err := chromedp.Run(ctx, chromedp.KeyEvent("s"), chromedp.Sleep(300*time.Millisecond), chromedp.WaitReady("#status")); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible("#round-net"),
		chromedp.Text("#round-net", &net),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(net, "Round 1: ") || overflow {
		t.Errorf("table: round ended %q, sideways scroll %v", net, overflow)
	}
	// Two rounds more, by key: a bet, then stand (or decline insurance)
	// until each ends.
	for round := 2; round <= 3; round++ {
		if err := chromedp.Run(ctx, waitFor(`!!document.getElementById("bets")`), chromedp.KeyEvent("b"),
			waitFor(`!!document.querySelector(".felt")`)); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			var over bool
			if err := chromedp.Run(ctx, waitFor("true"), chromedp.Evaluate(`!!document.getElementById("round-net")`, &over)); err != nil {
				t.Fatal(err)
			}
			if over {
				break
			}
			key := "s"
			var insuring bool
			chromedp.Run(ctx, chromedp.Evaluate(`!!document.querySelector('a.answer[data-key="N"]')`, &insuring))
			if insuring {
				key = "n"
			}
			if err := chromedp.Run(ctx, chromedp.KeyEvent(key), chromedp.Sleep(200*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Run(ctx, waitFor(`!!document.getElementById("round-net")`), chromedp.Text("#round-net", &net)); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("Round %d: ", round); !strings.HasPrefix(net, want) {
			t.Errorf("table: round %d ended %q", round, net)
		}
	}
	// The counting drill at a phone's width: the cards come one at a time,
	// then the form; an answer is graded. The index drill answers by key.
	var firstShown, formHidden, formShown bool
	var counted, indexed string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/drill/count?rules=2D&drills=2&seed=3&cards=5"),
		chromedp.WaitReady("#shown"),
		chromedp.Evaluate(`document.querySelectorAll("#shown .card:not([hidden])").length === 1`, &firstShown),
		chromedp.Evaluate(`document.getElementById("answer").hidden`, &formHidden),
		chromedp.WaitVisible("#rc"),
		chromedp.Evaluate(`!document.getElementById("answer").hidden`, &formShown),
		chromedp.SendKeys("#rc", "1"),
		chromedp.SendKeys("#tc", "0.5"),
		chromedp.Submit("#answer"),
		chromedp.WaitVisible("#last"),
		chromedp.Text("#last", &counted),
		chromedp.Navigate(srv.URL+"/drill/index?rules=6D+S17+DAS+LS&drills=2&seed=5"),
		chromedp.WaitVisible("#hand"),
		chromedp.KeyEvent("h"),
		chromedp.WaitVisible("#last"),
		chromedp.Text("#last", &indexed),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
	); err != nil {
		t.Fatal(err)
	}
	if !firstShown || !formHidden || !formShown || !strings.Contains(counted, "Drill 1: Right: running count +1") || !strings.Contains(indexed, "at ") || overflow {
		t.Errorf("counting drill: one card first %v, form hidden then shown %v %v, graded %q; index drill graded %q; sideways scroll %v",
			firstShown, formHidden, formShown, counted, indexed, overflow)
	}
	// Every page at a phone's width and a desktop's, the reports of the
	// jobs too: no element is wider than its box (the page does not
	// scroll sideways, nor does a box hide part of what it holds; a text
	// field's own text aside).
	for _, width := range []int64{390, 1280} {
		for _, page := range []string{"/?rules=6D+H17+DAS+LS", "/?rules=6D+H17+DAS+LS&metric=margin", "/?rules=6D+H17+DAS+LS&hand=T,6+v+T", "/?rules=6D+H17+DAS+LS&effects=true",
			"/indices", "/sim", "/risk", "/house", "/house?rules=HOUSE", "/drill", "/drill?rules=INF+H17+DAS+LS&hands=3&seed=4&answers=HSD",
			"/drill/count", "/drill/count?rules=2D&drills=1&seed=3&cards=5&rc=1&tc=0.5", "/drill/index", "/drill/index?rules=6D+S17+DAS+LS&drills=1&seed=5&answers=S",
			"/drill/table?rules=1D&seed=27731&moves=b10+p", "/holdem", "/holdem/equity?range=AKs,QQ%2B&range=22%2B,ATs%2B&board=Kh7d2c",
			"/holdem/nash?stack=10", "/?rules=1D+S17&chart=thorp-1966-1deck", "/risk?rules=2D", "/docs/",
			"/sim?go=1&rules=6D+S17&rounds=20000&count=hilo", "/indices?go=1&rules=6D+S17+DAS&shoes=50&set=i18",
			"/risk?go=1&rules=6D+S17+DAS+LS&shoes=20&rounds=100000"} {
			var wide string
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(width, 844), chromedp.Navigate(srv.URL+page),
				waitFor(`document.getElementById("result") === null || document.getElementById("result").textContent !== ""`), // a job's report, once run
				chromedp.Evaluate(widerThanBox, &wide)); err != nil {
				t.Fatal(err)
			}
			if wide != "" {
				t.Errorf("%s at %d px: wider than their box: %s", page, width, wide)
			}
		}
	}
	// At the phone's width the chart's and the heatmap's cells are tap
	// targets 40 px tall, a report's table has 16 px text, and a tapped
	// heatmap cell says its value in full.
	var targets string
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/?rules=6D+H17+DAS+LS&hand=T,6+v+T"),
		chromedp.WaitVisible("table.heat"),
		chromedp.Click(`table.heat td[title^="HARD 16 v T"]`, chromedp.NodeVisible),
		chromedp.Evaluate(`(() => { const out = [];
			for (const sel of ["table.chart:not(.heat) td", "table.heat td", ".controls select", ".controls label.toggle", "nav.site a"]) { const h = Math.min(...[...document.querySelectorAll(sel)].map(td => td.getBoundingClientRect().height)); if (h < 40) out.push(sel + " " + h + " px tall"); }
			const f = parseFloat(getComputedStyle(document.querySelector("table.report-table td")).fontSize); if (f < 16) out.push("report table text " + f + " px");
			if (!document.getElementById("heat-detail").textContent.startsWith("HARD 16 v T: -")) out.push("tapped heat cell: " + document.getElementById("heat-detail").textContent);
			return out.join("; "); })()`, &targets)); err != nil {
		t.Fatal(err)
	}
	if targets != "" {
		t.Errorf("at 390 px: %s", targets)
	}
	// A form's result is where the eye is: each form of the page sends to
	// its section's anchor, and at a phone's width the result (the hand's
	// plays, the comparison, the effects, the heatmap) is on the screen
	// after the page loads, not screens below it.
	for _, c := range []struct{ url, result string }{
		{"/?rules=6D+H17+DAS+LS&hand=T,6+v+T#hand-h", "table.report-table"},
		{"/?rules=1D+S17&chart=thorp-1966-1deck#cmp-h", "#diff"},
		{"/?rules=INF+H17+DAS+LS&effects=1#eff-h", `section[aria-labelledby="eff-h"] table`},
		{"/?rules=6D+H17+DAS+LS&metric=margin#heat-h", "table.heat"},
	} {
		var seen bool
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+c.url), waitFor("true"),
			chromedp.Sleep(100*time.Millisecond), // the browser's scroll to the anchor
			chromedp.Evaluate(`(() => { const r = document.querySelector('`+c.result+`').getBoundingClientRect(); return r.top < window.innerHeight && r.bottom > 0; })()`, &seen)); err != nil {
			t.Fatal(err)
		}
		if !seen {
			t.Errorf("%s at 390 px: %s is off the screen after the page loads", c.url, c.result)
		}
	}
	// At the phone's width a tapped cell's numbers open beside it, inside
	// the window, and Esc closes them.
	var inside, below, closed bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/?rules=INF+H17+LS"),
		chromedp.WaitVisible(`td[data-cell="hard-16-T"]`),
		chromedp.ScrollIntoView(`td[data-cell="hard-16-T"]`),
		chromedp.Click(`td[data-cell="hard-16-T"]`),
		chromedp.Evaluate(`(() => { const d = document.getElementById("details").getBoundingClientRect();
			return d.left >= 0 && d.right <= window.innerWidth && d.top >= 0 && d.bottom <= window.innerHeight; })()`, &inside),
		chromedp.Evaluate(`(() => { const c = document.querySelector('td[data-cell="hard-16-T"]').getBoundingClientRect();
			const d = document.getElementById("details").getBoundingClientRect();
			return Math.abs(d.top - c.bottom) < 8 || Math.abs(d.bottom - c.top) < 8; })()`, &below),
		chromedp.KeyEvent("\x1b"),
		chromedp.Evaluate(`!document.getElementById("details").classList.contains("popover")`, &closed),
	); err != nil {
		t.Fatal(err)
	}
	if !inside || !below || !closed {
		t.Errorf("a tapped cell at 390 px: inside the window %v, beside the cell %v, closed by Esc %v", inside, below, closed)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(consoleErrors) > 0 {
		t.Errorf("console errors: %q", consoleErrors)
	}
}

// checkAdvice holds the table's advice equal to 'bjchart hand' run as
// the command the page shows (its hand, rules and shoe), to 1e-9.
func checkAdvice(t *testing.T, command string, advice []struct{ Play, EV string }) {
	t.Helper()
	// bjchart hand A,3 v 6 --rules "1D ..." --shoe 4,4,...
	rest, ok := strings.CutPrefix(command, "bjchart hand ")
	hand, rest, ok2 := strings.Cut(rest, " --rules ")
	rules, shoe, ok3 := strings.Cut(rest, " --shoe ")
	if !ok || !ok2 || !ok3 || len(advice) < 2 {
		t.Fatalf("table advice: command %q, rows %v", command, advice)
	}
	q := solve.DefaultHandRequest()
	q.Game.Rules, q.Hand, q.Shoe = strings.Trim(rules, `"`), hand, shoe
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	res, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	l := res.Lookup
	for _, row := range advice {
		var act solve.Action
		for a := solve.Stand; a <= solve.Surrender; a++ {
			if a.String() == row.Play {
				act = a
			}
		}
		ev, err := strconv.ParseFloat(row.EV, 64)
		if err != nil || act == solve.NoAction || !l.Legal[act] || math.Abs(ev-l.EV[act]) > 1e-9 {
			t.Errorf("table advice %s: %s, hand --shoe %v (%v)", row.Play, row.EV, l.EV[act], err)
		}
	}
}

// resultText waits for the page's #result to fill, polling every 50 ms
// up to tries times, and returns its text ("" if it never fills).
func resultText(ctx context.Context, tries int) string {
	var text string
	for range tries {
		if chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("result").textContent`, &text)) == nil && text != "" { // it may sit in a closed <details>
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	return text
}

// screenshotsEnv names a folder: TestScreenshots writes the pages there
// at a phone's width and a desktop's, to be looked at.
const screenshotsEnv = browsertest.ScreenshotsEnv

// TestScreenshots writes full-page screenshots of the trainer (with
// misses kept), the table (a split round, the advice open), the side-bet
// page and the others at 390 and 1280 px into $BJCHART_SCREENSHOTS;
// without it, it does nothing.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		t.Skip("writes screenshots where " + screenshotsEnv + " names a folder")
	}
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "test"}))
	defer srv.Close()
	ctx, cancel := newBrowser(t, 60*time.Second)
	defer cancel()
	shot := func(name string, width int64, url string, then ...chromedp.Action) {
		var png []byte
		steps := chromedp.Tasks{chromedp.EmulateViewport(width, 844), chromedp.Navigate(srv.URL + url), waitFor("true")}
		steps = append(steps, then...)
		steps = append(steps, chromedp.FullScreenshot(&png, 100)) // quality 100: a PNG
		if err := chromedp.Run(ctx, steps); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/%s-%d.png", dir, name, width), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The README's pictures: the page as a window shows it first.
	for _, v := range []struct {
		name string
		w, h int64
		url  string
	}{{"readme-serve-desktop", 1280, 1100, "/?rules=6D+H17+DAS+LS"}, {"readme-serve-phone", 390, 844, "/?rules=6D+H17+DAS+LS"},
		{"readme-table-phone", 390, 844, "/drill/table?rules=6D+H17+DAS+LS&seed=4&moves=b10"}} {
		var png []byte
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(v.w, v.h), chromedp.Navigate(srv.URL+v.url), waitFor("true"),
			chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/%s.png", dir, v.name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range []int64{390, 1280} {
		shot("drill", w, "/drill?rules=INF+H17+DAS+LS&hands=3&seed=4&answers=HSD",
			chromedp.Evaluate(`localStorage.setItem("bjchart-drill-missed", JSON.stringify({"hard 17 v 9": 3, "hard 14 v T": 1, "soft A7 v 9": 2, "pairs 88 v A": 1}))`, nil),
			chromedp.Reload(), waitFor("true"))
		shot("table", w, "/drill/table?rules=1D&seed=27731&moves=b10+p", chromedp.KeyEvent("a"))
		shot("table-end", w, "/drill/table?rules=1D&seed=27731&moves=b10+p+h+s+s")
		var dealer []byte
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, 844), chromedp.Navigate(srv.URL+"/?rules=6D+H17+DAS+PUSH22"), waitFor("true"),
			chromedp.Evaluate(`document.getElementById("dealer").open = true`, nil), chromedp.Screenshot("#dealer", &dealer, chromedp.NodeVisible)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/dealer-%d.png", dir, w), dealer, 0o644); err != nil {
			t.Fatal(err)
		}
		shot("holdem", w, "/holdem/nash?stack=10")
		shot("house", w, "/house")
		shot("side", w, "/side?bet=lucky-ladies&decks=8&count=true")
		shot("side-list", w, "/side")
		shot("hand", w, "/?rules=6D+H17+DAS+LS&hand=T,6+v+T#hand-h")
		shot("effects", w, "/?rules=INF+H17+DAS+LS&effects=1#eff-h")
		shot("docs", w, "/docs/")
		var diff []byte
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, 844), chromedp.Navigate(srv.URL+"/?rules=1D+S17&chart=thorp-1966-1deck"), waitFor("true"),
			chromedp.Screenshot("#diff", &diff, chromedp.NodeVisible)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/diff-%d.png", dir, w), diff, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"best", "margin"} {
			var heat []byte
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, 844), chromedp.Navigate(srv.URL+"/?rules=6D+H17+DAS+LS&metric="+m+"#heat-h"), waitFor("true"),
				chromedp.Screenshot(`section[aria-labelledby="heat-h"]`, &heat, chromedp.NodeVisible)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(fmt.Sprintf("%s/heat-%s-%d.png", dir, m, w), heat, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		shot("drill-count", w, "/drill/count?rules=6D&cards=5&drills=2&seed=3&answers=1+0.2&rc=-1&tc=0")
		shot("drill-index", w, "/drill/index?rules=6D+S17+DAS+LS&drills=3&seed=2&answers=SRP")
		shot("indices", w, "/indices?go=1&rules=6D+S17+DAS+LS&shoes=100", waitFor(`!document.getElementById("job-chart").hidden`))
		shot("sim", w, "/sim?go=1&rules=6D+S17&rounds=2000000&count=hilo&ramp=-100:1,1:2,2:4,3:8", waitFor(`!document.getElementById("job-chart").hidden`), waitFor(`!document.getElementById("plot").hidden && document.getElementById("plot").complete`))
		shot("risk", w, "/risk?rules=6D+S17+DAS+LS&shoes=60&rounds=1M&go=1", waitFor(`!document.getElementById("job-chart").hidden`), waitFor(`!document.getElementById("plot").hidden && document.getElementById("plot").complete`))
	}
}

// TestIndexDrillH17InBrowser: the page's index drill on an H17 game
// quizzes that game's own indices: at 11 v A at true count +0 the answer
// D (this game doubles there; the published six-deck S17 index, +1, would
// call it wrong) is graded right.
func TestIndexDrillH17InBrowser(t *testing.T) {
	ctx, cancel := newBrowser(t, 90*time.Second)
	defer cancel()
	q := drill.DefaultIndexRequest()
	q.Game, q.Drills = solve.Game{Rules: "6D H17 DAS LS"}, 40
	var url string
	for seed := uint64(1); seed <= 200 && url == ""; seed++ {
		q.Seed = seed
		job, err := q.Check()
		if err != nil {
			t.Fatal(err)
		}
		key, err := job.Key(context.Background(), nil) // the same run the page makes, once a game
		if err != nil {
			t.Fatal(err)
		}
		drills, err := job.DealFrom(context.Background(), key)
		if err != nil {
			t.Fatal(err)
		}
		var answers strings.Builder
		for _, d := range drills {
			if d.Hand == "11 v A" && d.TrueCount == 0 {
				url = fmt.Sprintf("/drill/index?rules=6D+H17+DAS+LS&drills=40&seed=%d&answers=%sD", seed, answers.String())
				break
			}
			if d.Insurance() {
				answers.WriteString("N")
			} else {
				answers.WriteString("S")
			}
		}
	}
	if url == "" {
		t.Fatal("no seed of 200 deals 11 v A at +0")
	}
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "test"}))
	defer srv.Close()
	var last string
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+url), chromedp.WaitVisible("#last"), chromedp.Text("#last", &last)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(last, "Right: 11 v A at +0: double") {
		t.Errorf("%s: %q, want D graded right", url, last)
	}
}

// newBrowser starts headless Chromium for a test (browsertest.New).
func newBrowser(t *testing.T, limit time.Duration) (context.Context, context.CancelFunc) {
	t.Helper()
	return browsertest.New(t, limit, *long)
}

const widerThanBox = browsertest.WiderThanBox

var waitFor = browsertest.WaitFor
