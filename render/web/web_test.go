package web

import (
	"bjchart/render/draw"
	"bytes"
	"context"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
)

func get(t testing.TB, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, request("GET", target, nil))
	return w
}

// request is an httptest request to the page on loopback (httptest's
// default host, example.com, is not served).
func request(method, target string, body io.Reader) *http.Request {
	r := httptest.NewRequest(method, target, body)
	r.Host = "127.0.0.1:8080"
	return r
}

// TestSafeOnALaptop: a Host header that does not name the server is
// refused (421: a DNS-rebinding page cannot drive it), HEAD does no work
// (405), the assets are not listed, and a download is named for what it
// is and its rules.
func TestSafeOnALaptop(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	for _, tc := range []struct {
		method, host, target string
		status               int
	}{
		{"GET", "evil.example", "/?rules=INF", http.StatusMisdirectedRequest},
		{"GET", "evil.example:8080", "/sim/run?rules=INF&rounds=1000", http.StatusMisdirectedRequest},
		{"GET", "localhost:8080", "/?rules=INF", 200},
		{"GET", "[::1]:8080", "/?rules=INF", 200},
		{"HEAD", "127.0.0.1:8080", "/sim/run?rules=INF&rounds=1000", http.StatusMethodNotAllowed},
		{"HEAD", "127.0.0.1:8080", "/?rules=8D", http.StatusMethodNotAllowed},
		{"GET", "127.0.0.1:8080", "/assets/", http.StatusNotFound},
		{"HEAD", "127.0.0.1:8080", "/assets/style.css", 200},
	} {
		r := httptest.NewRequest(tc.method, tc.target, nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != tc.status {
			t.Errorf("%s %s (Host %s): %d, want %d: %.100s", tc.method, tc.target, tc.host, w.Code, tc.status, w.Body.String())
		}
	}
	for target, want := range map[string]string{
		"/card.pdf?rules=6D+H17+DAS+LS": `inline; filename="strategy-card-6D-H17-DAS-LS.pdf"`,
		"/api/chart.csv?rules=INF+6:5":  `inline; filename="chart-INF-6-5.csv"`,
		"/plot.svg":                     `inline; filename="heatmap-default.svg"`,
		"/?rules=INF":                   "",
	} {
		if got := get(t, s, target).Header().Get("Content-Disposition"); got != want {
			t.Errorf("%s: Content-Disposition %q, want %q", target, got, want)
		}
	}
}

// TestRoutes: every route answers, with its content type and the security
// headers; a bad query is a 400 with the parser's message.
func TestRoutes(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	for _, tc := range []struct {
		target, ctype string
		status        int
		body          string
	}{
		{"/?rules=INF+H17", "text/html; charset=utf-8", 200, "INF H17 DOA DAS SPL3 NS 3:2 PEEK"},
		{"/?rules=1D+S17", "text/html; charset=utf-8", 200, "composition-dependent exceptions: 4,8: stand, not the chart&#39;s hit"},
		{"/?rules=INF&hand=T,6+v+T", "text/html; charset=utf-8", 200, "EV per unit bet"},
		{"/?rules=INF&hand=22+v+5", "text/html; charset=utf-8", 200, "cards are separated by commas: 2,2"},
		{"/?rules=6D+H18", "text/html; charset=utf-8", 400, "(did you mean H17?)"},
		{"/?rules=INF&colour=red", "text/html; charset=utf-8", 400, "unknown parameter"},
		{"/api/chart.json?rules=INF", "application/json", 200, `"rules": "INF S17 DOA DAS SPL3 NS 3:2 PEEK"`},
		{"/api/chart.csv?rules=INF", "text/csv; charset=utf-8", 200, "rules,shoe,conditioning"},
		{"/api/hand.json?rules=INF&hand=16+v+T", "application/json", 200, `"best": "hit"`},
		{"/api/hand.json?rules=INF&hand=16", "text/plain; charset=utf-8", 400, "want HAND v UP"},
		{"/card.pdf?rules=INF", "application/pdf", 200, "%PDF"},
		{"/card.pdf?rules=INF&size=poster", "text/plain; charset=utf-8", 400, "want letter, a4 or wallet"},
		{"/plot.svg?rules=INF&table=soft", "image/svg+xml", 200, "<svg"},
		{"/plot.png?rules=INF&metric=surrender", "text/plain; charset=utf-8", 400, "has a value under"},
		{"/?rules=1D+H17+DAS&chart=thorp-1966-1deck", "text/html; charset=utf-8", 200, "the published chart costs"},
		{"/api/diff.json?rules=INF&chart=thorp-1966-1deck", "application/json", 200, `"chart": "thorp-1966-1deck"`},
		{"/api/diff.json?rules=INF&chart=/etc/passwd", "text/plain; charset=utf-8", 400, "not a chart of the library"},
		{"/?rules=INF&effects=1", "text/html; charset=utf-8", 200, "TIESLOSE"},
		{"/api/effects.json?rules=INF", "application/json", 200, `"change": "H17"`},
		{"/?rules=INF&effects=yes", "text/html; charset=utf-8", 400, "effects"},
		{"/house", "text/html; charset=utf-8", 200, "HOUSE"},
		{"/house?rules=HOUSE+INF+DESIGNED", "text/html; charset=utf-8", 200, "designed"},
		{"/house?rules=SEED003", "text/html; charset=utf-8", 400, "SEED003"},
		{"/house.json?rules=HOUSE+INF", "application/json", 200, `"rules"`},
		{"/house/card.pdf", "application/pdf", 200, "%PDF"},
		{"/sim?go=1&rules=6D+S17", "text/html; charset=utf-8", 200, "/sim/run?"},
		{"/sim", "text/html; charset=utf-8", 200, `value="6D S17 DOA DAS SPL3 NS 3:2 PEEK"`}, // a link fills the form, the rules shown
		{"/indices?rules=6D+S17", "text/html; charset=utf-8", 200, `<input type="hidden" name="go" value="1">`},
		{"/sim?rules=6D+S17&rounds=1e12", "text/html; charset=utf-8", 400, "the page plays at most 20000000 rounds"},
		{"/sim/run?rules=6D+S17&rounds=2000", "text/event-stream", 200, "event: result"},
		{"/indices?go=1&rules=6D+S17+DAS+LS", "text/html; charset=utf-8", 200, "/indices/run?"},
		{"/indices?rules=INF", "text/html; charset=utf-8", 400, "nothing to count"},
		{"/indices?rules=6D&set=all&shoes=500", "text/html; charset=utf-8", 400, "at most 200 shoes for set all"},
		{"/indices/run?rules=2D+S17+DAS&set=i18&shoes=50", "text/event-stream", 200, "16 v T"},
		{"/drill?rules=INF+H17&hands=3&seed=4&answers=H", "text/html; charset=utf-8", 200, "hand 1 of 3 answered"},
		{"/drill?rules=INF&answers=HX", "text/html; charset=utf-8", 400, "want one of H, S, D, P or R a hand"},
		{"/drill?hands=500", "text/html; charset=utf-8", 400, "at most 200 hands"},
		{"/drill/table?rules=1D&seed=27731&moves=b10+p", "text/html; charset=utf-8", 200, "The chart plays double."},
		{"/drill/table?rules=1D&seed=27731&moves=b10+p+h", "text/html; charset=utf-8", 200, "hit on A,3 v 6 gave up 0.0960 of a bet"},
		{"/drill/table?rules=1D&moves=h", "text/html; charset=utf-8", 400, "move 1 (h): the table waits for a bet"},
		{"/drill/table?bet=0", "text/html; charset=utf-8", 400, "Bet 0: want a whole number of units"},
		{"/holdem", "text/html; charset=utf-8", 200, `data-class="AKs">67.0</td>`},
		{"/charts/nope.txt", "text/plain; charset=utf-8", 404, "the library's are bcmm-1956-1deck.txt"},
		{"/risk?rules=2D", "text/html; charset=utf-8", 200, `value="2D"`},
		{"/risk?shoes=1000&go=1", "text/html; charset=utf-8", 400, "the page solves at most 300 shoes"},
		{"/risk/plot.png?rules=5D", "text/plain; charset=utf-8", 404, "no such game has been worked out here lately"},
		{"/holdem?show=pushfold", "text/html; charset=utf-8", 200, `data-class="72o">2.2</td>`},
		{"/holdem/equity?range=AKs,QQ%2B&range=22%2B,ATs%2B&board=Kh7d2c", "text/html; charset=utf-8", 200, "80.0526%"},
		{"/holdem/equity?range=AKs", "text/html; charset=utf-8", 400, "2 to 9 ranges"},
		{"/holdem/equity?range=AA&range=KK&trials=50M", "text/html; charset=utf-8", 400, "the page simulates at most 10M deals"},
		{"/holdem/nash?stack=10", "text/html; charset=utf-8", 200, "The small blind pushes 58.3% of hands"},
		{"/holdem/nash?stack=0", "text/html; charset=utf-8", 400, "want 1 to 1000 big blinds"},
		{"/drill/count?rules=2D&drills=2&seed=3&cards=5&rc=1&tc=0.5", "text/html; charset=utf-8", 200, "Drill 1: Right"},
		{"/drill/count?rules=2D&drills=1&seed=3&cards=5&rc=1&tc=0.5", "text/html; charset=utf-8", 200, "1 of 1 right"},
		{"/drill/count?rules=2D&drills=1&seed=3&cards=5&rc=2&tc=0.5", "text/html; charset=utf-8", 200, "0 of 1 right"},
		{"/drill/count?rules=INF", "text/html; charset=utf-8", 400, "an infinite deck has nothing to count"},
		{"/drill/count?drills=500", "text/html; charset=utf-8", 400, "at most 50 a session"},
		{"/drill/count?rules=2D&rc=lots", "text/html; charset=utf-8", 400, "the running count is a number"},
		{"/assets/count.js", "text/javascript; charset=utf-8", 200, "use strict"},
		{"/drill/index?rules=6D+S17+DAS&drills=3&seed=2", "text/html; charset=utf-8", 200, "at true count"},
		{"/drill/index?rules=6D+S17+DAS&drills=1&seed=2&answers=Q", "text/html; charset=utf-8", 400, "drill 1:"},
		{"/drill/index?rules=INF", "text/html; charset=utf-8", 400, "nothing to count"},
		{"/drill/index?rules=6D&set=all", "text/html; charset=utf-8", 400, "want i18, fab4 or i18,fab4"},
		{"/assets/app.js", "text/javascript; charset=utf-8", 200, "use strict"},
		{"/nowhere", "text/plain; charset=utf-8", 404, "not found"},
	} {
		w := get(t, s, tc.target)
		body := w.Body.String()
		if w.Code != tc.status || w.Header().Get("Content-Type") != tc.ctype || !strings.Contains(body, tc.body) {
			t.Errorf("GET %s: %d %q, body %.200q; want %d %q with %q", tc.target, w.Code, w.Header().Get("Content-Type"), body, tc.status, tc.ctype, tc.body)
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.target, csp)
		}
		if w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", tc.target)
		}
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, request("POST", "/?rules=INF", strings.NewReader("x")))
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", w.Code)
	}
	if w := get(t, s, "/?rules="+strings.Repeat("x", 3000)); w.Code != http.StatusRequestURITooLong {
		t.Errorf("a 3000-byte query: %d, want 414", w.Code)
	}
}

// TestPageHasNoInlineScript: the page loads its script from the server and
// has no inline script or style, as its Content-Security-Policy demands.
func TestPageHasNoInlineScript(t *testing.T) {
	body := get(t, New(Options{Painter: draw.Painter{}}), "/?rules=INF").Body.String()
	if strings.Count(body, "<script") != 1 || !strings.Contains(body, `<script src="/assets/app.js"`) || strings.Contains(body, "style=") || strings.Contains(body, "onclick") {
		t.Errorf("inline script or style in the page")
	}
}

// TestCacheSolvesOnce: concurrent requests for new rules solve them once,
// and the cache keeps at most its bound.
// TestShoeShareSameTables: games from one shoe solved with the browser's
// share of the last shoe's work (a dealer rule changed, a surrender, a
// split limit, then another shoe and back) give the tables of solves
// without it, to the last bit of their JSON (with -long; else a
// surrender added alone, on half a deck).
func TestShoeShareSameTables(t *testing.T) {
	c := newTableCache(8, 1)
	c.share = &shoeShare{}
	games := []string{"1D DECK=2-2-2-2-2-2-2-2-2-8 S17 DAS", "1D DECK=2-2-2-2-2-2-2-2-2-8 S17 DAS LS"}
	if *long {
		games = []string{"1D S17 DAS", "1D H17 DAS", "1D H17 DAS LS", "1D H17 NDAS SPL1", "2D S17", "1D S17 DAS 6:5"}
	}
	for _, rules := range games {
		r, _ := solve.ParseRules(rules)
		shared, err := tableOf(context.Background(), c, r)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		render.JSON(&got, shared, render.DataOptions{CD: true})
		render.JSON(&want, alone, render.DataOptions{CD: true})
		if got.String() != want.String() {
			t.Errorf("%s solved with the shoe's share differs from its solve alone", rules)
		}
	}
}

func TestCacheSolvesOnce(t *testing.T) {
	c := newTableCache(2, 2)
	r, _ := solve.ParseRules("INF H17")
	var wg sync.WaitGroup
	tables := make([]*solve.Table, 8)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tables[i], _ = tableOf(context.Background(), c, r)
		}()
	}
	wg.Wait()
	for _, tab := range tables {
		if tab == nil || tab != tables[0] {
			t.Fatalf("concurrent requests got different tables: solved more than once")
		}
	}
	for _, s := range []string{"INF S17", "INF LS", "INF ENHC"} {
		r, _ := solve.ParseRules(s)
		tableOf(context.Background(), c, r)
	}
	if n := c.len(); n != 2 {
		t.Errorf("cache holds %d tables, want its bound 2", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	r, _ = solve.ParseRules("8D H17 DAS LS RSA")
	if _, err := tableOf(ctx, c, r); err == nil {
		t.Error("a request out of time got a table")
	}
}

// TestCacheStopsAbandonedWork: once every request waiting for a solve
// has gone, the solve's context ends and it frees its slot; a request
// that comes later starts it afresh, and one still waiting keeps it
// running.
func TestCacheStopsAbandonedWork(t *testing.T) {
	c := newWorkCache[int](4, make(chan struct{}, 1))
	started, stopped := make(chan struct{}), make(chan struct{})
	slow := func(ctx context.Context) (int, error) {
		close(started)
		<-ctx.Done()
		close(stopped)
		return 0, ctx.Err()
	}
	a, leaveA := context.WithCancel(context.Background())
	b, leaveB := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	go func() { _, err := c.getKey(a, "k", slow); errs <- err }()
	<-started
	go func() { _, err := c.getKey(b, "k", slow); errs <- err }() // joins the solve under way
	for joined := false; !joined; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		joined = c.flight["k"].waiting == 2
		c.mu.Unlock()
	}
	leaveA()
	<-errs
	select {
	case <-stopped:
		t.Fatal("the solve stopped while a request still waited for it")
	case <-time.After(50 * time.Millisecond):
	}
	leaveB()
	<-errs
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("the solve ran on after every request had gone")
	}
	v, err := c.getKey(context.Background(), "k", func(context.Context) (int, error) { return 7, nil }) // the slot is free again
	if v != 7 || err != nil {
		t.Errorf("a later request: %d, %v; want a fresh solve's 7", v, err)
	}
}

// FuzzParseQuery: any query is read or refused with a one-line message;
// what is read names rules that parse.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"rules=6D+H17+DAS+LS", "rules=INF&hand=T,6+v+T", "size=wallet&paper=a4", "metric=margin&table=soft", "rules=%ff", "rules=1&rules=2", "x=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := parseQuery(v)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: a message of more than one line: %q", raw, err)
			}
			return
		}
		if _, err := solve.ParseRules(q.rules.String()); err != nil {
			t.Errorf("%q: read rules %v do not parse back: %v", raw, q.rules, err)
		}
	})
}

// FuzzParseJobQuery: the long jobs' queries (a simulation's, index
// plays') are read or refused with a one-line message, and what is read is
// within the page's caps.
func FuzzParseJobQuery(f *testing.F) {
	for _, s := range []string{"rules=6D&rounds=20000&count=hilo&ramp=-100:1,2:4", "rules=6D&set=all&shoes=100", "rules=2D&set=i18,fab4", "count=hilo&ramp=1:1e308", "rounds=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		if q, err := parseSimQuery(v); err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: a message of more than one line: %q", raw, err)
			}
		} else if q.job.Sim.Rounds < 1 || q.job.Sim.Rounds > maxSimRounds || (q.req.Sim.Ramp != "" && len(q.job.Sim.Ramp) == 0) {
			t.Errorf("%q: read %+v", raw, q)
		}
		if q, err := parseIndexQuery(v); err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: a message of more than one line: %q", raw, err)
			}
		} else if q.job.Shoes < 50 || q.job.Shoes > maxIndexShoes[q.set] {
			t.Errorf("%q: read %d shoes for %s", raw, q.job.Shoes, q.set)
		}
	})
}

var _ = io.Discard

// BenchmarkPage serves the page for 6D H17 DAS LS: new (a server with
// nothing solved: the solve and the page) and cached (the table kept).
func BenchmarkPage(b *testing.B) {
	const target = "/?rules=6D+H17+DAS+LS"
	b.Run("table=new", func(b *testing.B) {
		for b.Loop() {
			if w := get(b, New(Options{Painter: draw.Painter{}}), target); w.Code != 200 {
				b.Fatal(w.Code)
			}
		}
	})
	b.Run("table=cached", func(b *testing.B) {
		s := New(Options{Painter: draw.Painter{}})
		get(b, s, target)
		for b.Loop() {
			if w := get(b, s, target); w.Code != 200 {
				b.Fatal(w.Code)
			}
		}
	})
}

// BenchmarkTablePage serves the table mid-round (6D H17 DAS LS, a hand
// to play): advice=new values the hand on the shoe left (the table's
// chart solved once, outside the loop), advice=cached finds it kept; the
// ENHC game values it by solving the shoe's whole table.
func BenchmarkTablePage(b *testing.B) {
	for _, c := range []struct{ name, rules string }{{"game=peek", "6D+H17+DAS+LS"}, {"game=enhc", "6D+H17+DAS+ENHC"}} {
		target := "/drill/table?rules=" + c.rules + "&seed=4&moves=b10"
		b.Run(c.name+"/advice=new", func(b *testing.B) {
			s := New(Options{Painter: draw.Painter{}})
			get(b, s, "/?rules="+c.rules) // the chart solved
			for b.Loop() {
				s.advice = newWorkCache[drill.Advice](drill.MaxAdvised, s.tables.slots)
				if w := get(b, s, target); w.Code != 200 {
					b.Fatal(w.Code)
				}
			}
		})
		b.Run(c.name+"/advice=cached", func(b *testing.B) {
			s := New(Options{Painter: draw.Painter{}})
			get(b, s, target)
			for b.Loop() {
				if w := get(b, s, target); w.Code != 200 {
					b.Fatal(w.Code)
				}
			}
		})
	}
}

// upload posts a chart file to /compare as the page's form does.
func upload(t *testing.T, s http.Handler, rules, name, content string) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(content))
	mw.Close()
	req := request("POST", "/compare?rules="+url.QueryEscape(rules), &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

// TestUploadChart: an uploaded chart file is compared as 'bjchart diff
// FILE' compares it; a file that does not parse, or too large, is a 400
// with the parser's message.
func TestUploadChart(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}})
	served := get(t, s, "/charts/thorp-1966-1deck.txt") // the file the upload's help links to
	thorp := served.Body.Bytes()
	if served.Code != 200 || !bytes.Contains(thorp, []byte("[hard]")) {
		t.Fatalf("/charts/thorp-1966-1deck.txt: %d %.100q", served.Code, thorp)
	}
	w := upload(t, s, "1D S17", "mine.txt", string(thorp))
	if body := w.Body.String(); w.Code != 200 || !strings.Contains(body, "your chart costs") || !strings.Contains(body, "mine.txt") ||
		!strings.Contains(body, "<th>yours</th>") || strings.Contains(body, "<th>published</th>") {
		t.Errorf("upload: %d %.300q", w.Code, body)
	}
	w = upload(t, s, "1D S17", "bad.txt", "name: x\nhard\n16 S S\n")
	if body := w.Body.String(); w.Code != 400 || !strings.Contains(body, "bad.txt") {
		t.Errorf("a bad chart: %d %.300q", w.Code, body)
	}
	w = upload(t, s, "1D S17", "big.txt", strings.Repeat("# comment\n", maxUpload/10+1))
	if body := w.Body.String(); w.Code != 400 || !strings.Contains(body, "a chart file is a few kilobytes") {
		t.Errorf("a chart too large: %d %.300q", w.Code, body)
	}
}

// TestSimCounts: a simulation with Hi-Lo and a ramp reports the edge by
// count, and its plot is drawn afterwards (a 404 before).
func TestSimCounts(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}})
	q := "rules=6D+S17+DAS&rounds=300000&count=hilo&ramp=-100:1,2:4"
	if w := get(t, s, "/sim/plot.png?"+q); w.Code != 404 || !strings.Contains(w.Body.String(), "run it on /sim?") {
		t.Errorf("plot before the run: %d %q", w.Code, w.Body.String())
	}
	w := get(t, s, "/sim/run?"+q)
	if body := w.Body.String(); !strings.Contains(body, "event: result") || !strings.Contains(body, "hilo") || !strings.Contains(body, "By true count") {
		t.Errorf("run: %.2000q", body)
	}
	if w := get(t, s, "/sim/plot.png?"+q); w.Code != 200 || w.Header().Get("Content-Type") != "image/png" {
		t.Errorf("plot after the run: %d %q", w.Code, w.Body.String())
	}
	for _, bad := range []string{"count=zen3", "count=hilo&ramp=1:0", "ramp=1:2", "count=hilo&rules=INF", "rounds=20000001"} {
		if w := get(t, s, "/sim?rules=6D&"+bad); w.Code != 400 {
			t.Errorf("/sim?%s: %d, want 400", bad, w.Code)
		}
	}
}

// TestSelectedControls: each select shows the option the rule string
// has, an option of several tokens only when all are there, and a value
// it does not list as itself.
func TestSelectedControls(t *testing.T) {
	selected := func(rules, name string) string {
		for _, c := range selectedControls(rules) {
			if c.Name == name {
				for _, o := range c.Options {
					if o.Selected {
						return o.Token
					}
				}
			}
		}
		return "?"
	}
	for _, tc := range []struct{ rules, name, want string }{
		{"6D H17 DOA DAS SPL3 NS 3:2 PEEK 5C21=3:2 6C21=2:1 7C21=3:1", "bonus", "5C21=3:2 6C21=2:1 7C21=3:1"},
		{"6D S17 5C21=3:2", "bonus", "5C21=3:2"},
		{"6D S17", "bonus", ""},
		{"6D DHIT17=0.2", "s17", "DHIT17=0.2"},
		{"6D DHIT16=0.3", "d16", "DHIT16=0.3"},
		{"1D DECK=1-2-3-4-5-6-7-8-9-10", "deck", "DECK=1-2-3-4-5-6-7-8-9-10"},
		{"3D", "decks", "3D"},
	} {
		if got := selected(tc.rules, tc.name); got != tc.want {
			t.Errorf("%s: %s selects %q, want %q", tc.rules, tc.name, got, tc.want)
		}
	}
}

// TestFirstContact: the page's own forms and links work on the games it
// shows. A flat-bet simulation's form sends no ramp (the field is empty,
// its default a placeholder), and runs; the index plays on a game without
// late surrender take the I18 alone and say so, where they asked for the
// Fab 4 and failed.
func TestFirstContact(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}})
	w := get(t, s, "/sim?rules=6D+S17+DAS")
	if body := w.Body.String(); w.Code != 200 || !strings.Contains(body, `name="ramp" value=""`) || !strings.Contains(body, `placeholder="`+exampleRamp+`"`) {
		t.Errorf("/sim: %d, the ramp field not empty with its default as a placeholder: %.3000s", w.Code, body)
	}
	if w := get(t, s, "/sim/run?rules=6D+S17+DAS&rounds=20000&count=&ramp="); !strings.Contains(w.Body.String(), "event: result") {
		t.Errorf("a flat-bet run as the form sends it: %d %.500q", w.Code, w.Body.String())
	}
	// A refused query's form still offers the set its rules take.
	if body := get(t, s, "/indices?rules=6D+S17+DAS&shoes=5").Body.String(); !strings.Contains(body, `value="i18" selected`) {
		t.Errorf("/indices refused: the form's set is not the I18 alone: %.3000s", body)
	}
	for rules, set := range map[string]string{"6D S17 DAS": "i18", "6D S17 DAS LS": "i18,fab4"} {
		w := get(t, s, "/indices?go=1&rules="+url.QueryEscape(rules))
		body := w.Body.String()
		if w.Code != 200 || !strings.Contains(body, "set="+url.QueryEscape(set)+"&") {
			t.Errorf("/indices?rules=%s: %d, want the set %s: %.3000s", rules, w.Code, set, body)
		}
		if said := strings.Contains(body, "the Fab 4 are late-surrender indices"); said != (set == "i18") {
			t.Errorf("/indices?rules=%s: says why the Fab 4 are left out: %v", rules, said)
		}
	}
}

// TestIndexDrillPage: answering every drill with the play the library
// wants ends the session with all right; one wrong answer is one fewer.
func TestIndexDrillPage(t *testing.T) {
	q := drill.DefaultIndexRequest()
	q.Game, q.Drills, q.Seed = solve.Game{Rules: "6D S17 DAS LS"}, 6, 5
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	drills, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var right, wrong strings.Builder
	for i, d := range drills {
		right.WriteString(d.Want)
		if i == 0 && d.Want != "H" && d.Want != "I" {
			wrong.WriteString("H")
		} else if i == 0 {
			wrong.WriteString(map[string]string{"H": "S", "I": "N"}[d.Want])
		} else {
			wrong.WriteString(d.Want)
		}
	}
	h := New(Options{Painter: draw.Painter{}, Version: "test"})
	for _, c := range []struct{ answers, want string }{{right.String(), "6 of 6 right"}, {wrong.String(), "5 of 6 right"}} {
		rec := get(t, h, "/drill/index?rules=6D+S17+DAS+LS&drills=6&seed=5&answers="+c.answers)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("answers %s: %d, want %q in\n%s", c.answers, rec.Code, c.want, rec.Body.String())
		}
	}
}

// TestTableSessionBound: a session whose moves would outgrow the page's
// query deals no more rounds but offers to go on at a new shoe with the
// balance, which the link carries.
func TestTableSessionBound(t *testing.T) {
	q := drill.DefaultTableRequest()
	q.Game.Rules, q.Seed = "6D", 1
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for len(drill.MovesText(tab.Moves)) < maxTableQuery-20 {
		m := drill.Move{Bet: 10}
		switch tab.Phase {
		case drill.Insuring:
			m = drill.Move{Insure: -1}
		case drill.Deciding:
			m = drill.Move{Play: solve.Stand}
		}
		if err := tab.Do(m); err != nil {
			t.Fatal(err)
		}
	}
	for tab.Phase != drill.Betting { // the round played out
		m := drill.Move{Play: solve.Stand}
		if tab.Phase == drill.Insuring {
			m = drill.Move{Insure: -1}
		}
		if err := tab.Do(m); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "test"}))
	defer srv.Close()
	u := srv.URL + "/drill/table?" + url.Values{"rules": {"6D"}, "seed": {"1"}, "moves": {drill.MovesText(tab.Moves)}}.Encode()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := "balance=" + drill.Units(math.Floor(tab.Balance))
	if resp.StatusCode != 200 || !strings.Contains(string(body), `id="go-on"`) || strings.Contains(string(body), `id="bets"`) || !strings.Contains(string(body), want) {
		t.Errorf("%d bytes of moves: status %d, go-on %v, bets %v, %s %v", len(u), resp.StatusCode, strings.Contains(string(body), `id="go-on"`),
			strings.Contains(string(body), `id="bets"`), want, strings.Contains(string(body), want))
	}
}

// TestLinksStartNoWork: a job page opened from a link (the navigation's,
// the chart page's) fills its form and starts nothing; its button
// (go=1) starts the job.
func TestLinksStartNoWork(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	for _, page := range []string{"/indices?rules=6D+S17+DAS", "/sim?rules=6D+S17", "/risk?rules=6D+S17+DAS+LS"} {
		body := get(t, s, page).Body.String()
		if strings.Contains(body, "data-stream=") {
			t.Errorf("%s starts a job unasked", page)
		}
		body = get(t, s, strings.Replace(page, "?", "?go=1&", 1)).Body.String()
		if !strings.Contains(body, "data-stream=") {
			t.Errorf("%s with go=1 starts no job", page)
		}
	}
}

// TestCompareAddressReloads: the address an upload's comparison shows,
// reloaded (a GET), goes to the game's page at its comparisons, since the
// file is not kept.
func TestCompareAddressReloads(t *testing.T) {
	w := get(t, New(Options{Painter: draw.Painter{}}), "/compare?rules=1D+S17")
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/?rules=1D+S17#cmp-h" {
		t.Errorf("GET /compare: %d, Location %q", w.Code, w.Header().Get("Location"))
	}
}

// TestTablePenetrationCarried: a table dealt to another penetration keeps
// it in its links, read back as the percentage the field takes.
func TestTablePenetrationCarried(t *testing.T) {
	w := get(t, New(Options{Painter: draw.Painter{}}), "/drill/table?rules=6D&seed=3&penetration=60%25&moves=b10")
	if body := w.Body.String(); w.Code != 200 || !strings.Contains(body, "penetration=60%25") {
		t.Errorf("%d, links without penetration=60%%: %.300q", w.Code, body)
	}
	if w := get(t, New(Options{Painter: draw.Painter{}}), "/holdem?format=xml"); w.Code != 400 || !strings.Contains(w.Body.String(), "unknown parameter") {
		t.Errorf("/holdem?format=xml: %d, want 400 naming the field", w.Code)
	}
}

// TestTableLinksKeepTheCut: a table asked for at a penetration of its own
// keeps it in every move's link, in the next table's and in its command
// line, which reproduces it (the command line and the next table's link
// dropped it before: they dealt at the default cut).
func TestTableLinksKeepTheCut(t *testing.T) {
	w := get(t, New(Options{Painter: draw.Painter{}}), "/drill/table?rules=6D&seed=3&penetration=60%25&moves=b10")
	if w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	body := w.Body.String()
	links := regexp.MustCompile(`href="(/drill/table\?[^"]*seed=[34][^"]*)"`).FindAllStringSubmatch(body, -1)
	if len(links) < 2 {
		t.Fatalf("%d links to the table", len(links))
	}
	next := false
	for _, l := range links {
		next = next || strings.Contains(l[1], "seed=4")
		if !strings.Contains(l[1], "penetration=60%25") {
			t.Errorf("a link drops the cut: %s", l[1])
		}
	}
	if !next {
		t.Error("no link to the next table")
	}
	if !strings.Contains(body, "--penetration 60%") {
		t.Error("the command line drops the cut")
	}
}
