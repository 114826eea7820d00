package web

import (
	"encoding/csv"
	"encoding/json"
	"html"
	"math"
	"net/url"
	"strings"
	"testing"

	"bjchart/render"
	"bjchart/solve/side"
)

// TestSidePage: the side-bet page and its downloads. 21+3 on the 9-to-1
// table from six decks is the Wizard of Odds' 3.2386% (its 21+3 page,
// version 1: "reproduced", solve/side's published test), exactly
// -4059/125333; the page names the command that prints the same; a bad
// field is a 400 that names it by its label; with no bet the bets are
// listed with their tables' sources.
func TestSidePage(t *testing.T) {
	s := New(Options{Version: "test"})
	for _, tc := range []struct {
		target string
		status int
		want   []string
	}{
		{"/side?bet=21%2B3&pays=9-to-1&decks=6", 200, []string{"House edge 3.2386%", "-4059/125333", "straight-flush:9,trips:9,straight:9,flush:9",
			"<code class=\"cmd\">bjchart side 21+3 --decks 6 --pays 9-to-1</code>", "wizardofodds.com/games/blackjack/side-bets/21plus3 (version 1)",
			`<option value="9-to-1" selected>`, "/api/side.json?bet=21%2B3&amp;decks=6&amp;pays=9-to-1"}},
		{"/side", 200, []string{"The bets", "lucky-ladies", "pay table A", "/side?bet=buster#side-result", `<option value="21+3" selected>`}},
		{"/side?bet=21%2B3&pays=own&own=flush:x", 400, []string{`id="side-error" class="error" role="alert">Your own pay table "flush:x": item 1: flush pays "x"`,
			`name="own" value="flush:x"`, `<option value="own" selected>`}},
		{"/side?bet=21%2B3&pays=nope", 400, []string{`Your own pay table "nope": no 21+3 table of that name; want 100-40-30-10-5, 9-to-1 or 100-35-33-10-5`}},
		{"/side?bet=21%2B3&pays=own&own=", 400, []string{`Your own pay table is empty: write it as OUTCOME:PAYS,...`, "choose one of the bet's tables in “Pay table”"}},
		{"/side?bet=21%2B3&pays=9-to-1&decks=0", 400, []string{"Decks 0: want 1 to 100", `<option value="9-to-1" selected>`}},
		{"/side?bet=perfect-pairs&pays=25-12-6&own=flush:9", 200, []string{"House edge 6.1093%", `name="own" value=""`}}, // the select's table; what was written is dropped
		{"/side?bet=21%2B3&decks=0", 400, []string{"Decks 0: want 1 to 100"}},
		{"/side?bet=21%2B3&decks=six", 400, []string{`Decks "six"`}},
		{"/side?bet=21%2B3&count=true&shoe=20,24,24,24,24,24,24,24,24,96", 400, []string{"Count is worked out on the full shoe (its effects of removal); leave out “Shoe left”"}},
		{"/side?bet=perfect-pairs&h17=true", 400, []string{"Dealer hits soft 17 is a rule of the dealer"}},
		{"/side?bet=22%2B3", 400, []string{`Bet "22+3"`}},
		{"/side?decks=8", 400, []string{"Bet: choose one; with none the page lists the bets", "The bets"}},
		{"/side?bet=21%2B3&colour=red", 400, []string{"unknown parameter"}},
		{"/side?bet=21%2B3&count=true", 200, []string{"The count", "The tags&#39; correlation with the effects: 0.994", "bjchart side 21+3 --decks 6 --count"}},
		{"/side?bet=buster&rules=6D+H17", 200, []string{"bjchart side buster --rules &#34;6D H17&#34;", `id="side-h17"`}},
		{"/side?bet=buster&h17=true&decks=8", 200, []string{"bjchart side buster --decks 8 --h17", `name="h17" value="true" checked`}},
		{"/side?bet=over-under-13&shoe=20,24,24,24,24,24,24,24,24,90", 200, []string{"over the suits the removed cards may have had", "by rank"}},
		{"/side?bet=21%2B3&pays=flush:9,+straight:9", 200, []string{"Your own table", "--pays flush:9,straight:9", `value="flush:9, straight:9"`}},
	} {
		w := get(t, s, tc.target)
		body := w.Body.String()
		if w.Code != tc.status || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s: %d %s, want %d: %.300s", tc.target, w.Code, w.Header().Get("Content-Type"), tc.status, body)
			continue
		}
		for _, want := range tc.want {
			if !strings.Contains(body, want) && !strings.Contains(html.UnescapeString(body), want) {
				t.Errorf("GET %s: no %q in the page", tc.target, want)
			}
		}
	}

	// The JSON and CSV are the command's: the same figure, exactly.
	w := get(t, s, "/api/side.json?bet=21%2B3&pays=9-to-1&decks=6")
	var j render.JSONSide
	if err := json.Unmarshal(w.Body.Bytes(), &j); w.Code != 200 || err != nil {
		t.Fatalf("/api/side.json: %d %v: %.200s", w.Code, err, w.Body.String())
	}
	if math.Abs(100*j.HouseEdge-3.2386) > 5e-5 || j.ReturnRat != "-4059/125333" || j.Table != "9-to-1" {
		t.Errorf("/api/side.json: house edge %.5f%% (%s), table %q; want 3.2386%%, -4059/125333, 9-to-1", 100*j.HouseEdge, j.ReturnRat, j.Table)
	}
	if got := w.Header().Get("Content-Disposition"); got != `inline; filename="side-bet-21-3.json"` {
		t.Errorf("/api/side.json: Content-Disposition %q", got)
	}
	w = get(t, s, "/api/side.csv?bet=21%2B3&pays=9-to-1&decks=6")
	rows, err := csv.NewReader(w.Body).ReadAll()
	if w.Code != 200 || err != nil || len(rows) != 7 || rows[0][3] != "outcome" || rows[6][3] != "total" || !strings.HasPrefix(rows[6][7], "-0.03238") {
		t.Errorf("/api/side.csv: %d %v %q", w.Code, err, rows)
	}
	for _, target := range []string{"/api/side.json?bet=21%2B3&pays=straight:x", "/api/side.csv", "/api/side.json?bet=21%2B3&decks=101"} {
		if w := get(t, s, target); w.Code != 400 || !strings.Contains(w.Body.String(), "want") {
			t.Errorf("GET %s: %d %q, want 400 saying what it wants", target, w.Code, w.Body.String())
		}
	}

	// Every bet, on each of its tables, with its count: a page, and the
	// edge the JSON gives.
	for _, b := range side.Bets() {
		for _, tb := range b.Tables {
			q := url.Values{"bet": {b.Name}, "pays": {tb.Name}, "count": {"true"}}.Encode()
			w := get(t, s, "/side?"+q)
			j := get(t, s, "/api/side.json?"+q)
			var r render.JSONSide
			if err := json.Unmarshal(j.Body.Bytes(), &r); w.Code != 200 || err != nil || r.Effects == nil {
				t.Errorf("%s: page %d, JSON %v %.200s", q, w.Code, err, j.Body.String())
				continue
			}
			if want := render.EdgeText(r.Return, 4); !strings.Contains(strings.ToLower(w.Body.String()), want) {
				t.Errorf("%s: the page does not say %q", q, want)
			}
		}
	}
}

// TestSideCommand: the command the page names asks what the page's
// query asks (the same request bound), its switches as flags alone.
func TestSideCommand(t *testing.T) {
	for _, tc := range []struct{ query, want string }{
		{"bet=21%2B3", "bjchart side 21+3 --decks 6"},
		{"bet=lucky-ladies&decks=8&count=true&pays=1000-200-25-10-4", "bjchart side lucky-ladies --decks 8 --pays 1000-200-25-10-4 --count"},
		{"bet=buster&rules=6D+H17&count=true", `bjchart side buster --rules "6D H17" --count`},
		{"bet=21%2B3&pays=own&own=flush:9", "bjchart side 21+3 --decks 6 --pays flush:9"},
		{"bet=perfect-pairs&pays=25-12-6", "bjchart side perfect-pairs --decks 6"},
	} {
		v, _ := url.ParseQuery(tc.query)
		req, job, _, err := sideQuery(v)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		if got := sideCommand(sideValues(req, job)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.query, got, tc.want)
		}
	}
}
