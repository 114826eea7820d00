package web

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"net/http/httptest"
)

// TestSideInBrowser drives the side-bet page in headless Chromium at a
// phone's width and a desktop's: no element is wider than its box, the
// outcome table shows its five columns inside the window (none hidden in
// a box that scrolls), a form's result lands with its edge on the
// screen, choosing another bet values it at once on its own default
// table, writing a table chooses "your own", and nothing is refused by
// the Content-Security-Policy (no console error).
func TestSideInBrowser(t *testing.T) {
	ctx, cancel := newBrowser(t, 90*time.Second)
	defer cancel()
	srv := httptest.NewServer(New(Options{Version: "test"}))
	defer srv.Close()
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
	// columns lists what is wrong with the outcome table's columns: a
	// heading or a cell outside the window, a row without five cells, a
	// table wider than its box.
	const columns = `(() => { const out = []; const t = document.getElementById("side-outcomes"); if (!t) return "no outcome table";
		if (t.parentElement.scrollWidth > t.parentElement.clientWidth + 1) out.push("the table scrolls in its box: " + t.parentElement.scrollWidth + "/" + t.parentElement.clientWidth);
		for (const row of t.rows) { if (row.cells.length !== 5) out.push("a row of " + row.cells.length + " cells");
			for (const c of row.cells) { const r = c.getBoundingClientRect(); if (r.left < 0 || r.right > window.innerWidth + 1) out.push(c.textContent + " at " + Math.round(r.left) + "-" + Math.round(r.right)); } }
		return out.slice(0, 6).join("; "); })()`
	for _, width := range []int64{390, 1280} {
		for _, page := range []string{"/side", "/side?bet=21%2B3&pays=9-to-1&decks=6", "/side?bet=lucky-ladies&decks=100&count=true",
			"/side?bet=buster&decks=8&h17=true", "/side?bet=lucky-lucky&decks=8", "/side?bet=21%2B3&pays=own&own=flush:x",
			"/side?bet=over-under-13&shoe=20,24,24,24,24,24,24,24,24,90"} {
			var wide, cols string
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(width, 844), chromedp.Navigate(srv.URL+page), waitFor("true"),
				chromedp.Evaluate(widerThanBox, &wide), chromedp.Evaluate(`document.getElementById("side-outcomes") ? `+columns+` : ""`, &cols)); err != nil {
				t.Fatal(err)
			}
			if wide != "" || cols != "" {
				t.Errorf("%s at %d px: wider than their box: %q; the outcome table: %q", page, width, wide, cols)
			}
		}
	}
	// The form sends to its result: at a phone's width the edge is on the
	// screen, large.
	var edge string
	var seen bool
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/side?bet=21%2B3&pays=9-to-1&decks=6#side-result"), waitFor("true"),
		chromedp.Sleep(100*time.Millisecond), // the browser's scroll to the anchor
		chromedp.Text(".side-edge strong", &edge),
		chromedp.Evaluate(`(() => { const r = document.querySelector(".side-edge strong").getBoundingClientRect(); return r.top >= 0 && r.bottom < window.innerHeight && parseFloat(getComputedStyle(document.querySelector(".side-edge strong")).fontSize) >= 24; })()`, &seen)); err != nil {
		t.Fatal(err)
	}
	if edge != "House edge 3.2386%" || !seen {
		t.Errorf("21+3 9-to-1 at 390 px: the edge %q, on the screen and large %v", edge, seen)
	}
	// Another bet is valued at once, on its own default table (the old
	// bet's table sent would be refused); a table written chooses "own".
	var location, pays string
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1280, 844), chromedp.Navigate(srv.URL+"/side?bet=21%2B3&pays=9-to-1&decks=6"), waitFor("true"),
		chromedp.Evaluate(`(() => { const s = document.getElementById("side-bet"); s.value = "perfect-pairs"; s.dispatchEvent(new Event("change")); })()`, nil),
		waitFor(`location.search.includes("bet=perfect-pairs") && document.querySelector(".side-edge strong") !== null`),
		chromedp.Location(&location), chromedp.Text(".side-edge strong", &edge),
		chromedp.Evaluate(`(() => { const o = document.getElementById("side-own"); o.value = "perfect-pair:30"; o.dispatchEvent(new Event("input")); return document.getElementById("side-pays").value; })()`, &pays)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(location, "pays=") || edge != "House edge 6.1093%" || pays != "own" {
		t.Errorf("the bet changed to perfect-pairs: %s shows %q (want 6.1093%%, no pays sent); a table written leaves the select at %q, want own", location, edge, pays)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(consoleErrors) > 0 {
		t.Errorf("console errors: %q", consoleErrors)
	}
}
