package main

import (
	"bjchart/render/draw"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"bjchart/render/web"
)

// TestServeSameBytesAsCLI: the page's downloads are the bytes the CLI
// writes for the same request (one core, two faces).
func TestServeSameBytesAsCLI(t *testing.T) {
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	day := time.Date(2026, 11, 24, 15, 4, 5, 0, time.UTC)
	s := web.New(web.Options{Painter: draw.Painter{}, Version: version, Now: func() time.Time { return day }})
	dir := t.TempDir()
	file := func(name string) func(args ...string) string {
		return func(args ...string) string {
			out := filepath.Join(dir, name)
			if code, _, stderr := runCmd(t, append(args, "-o", out)...); code != exitOK {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			data, _ := os.ReadFile(out)
			return string(data)
		}
	}
	stdout := func(args ...string) string {
		code, out, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return out
	}
	houseCard := func(rules string) string {
		out := filepath.Join(dir, "house.pdf")
		if code, _, stderr := runCmd(t, "house", "--rules", rules, "--card", out, "--date", "2026-11-24"); code != exitOK {
			t.Fatalf("house --card: exit %d: %s", code, stderr)
		}
		data, _ := os.ReadFile(out)
		return string(data)
	}
	type pair struct{ target, cli string }
	pairs := []pair{
		{"/api/chart.json?rules=1D+H17+DAS+LS", stdout("chart", "--rules", "1D H17 DAS LS", "--format", "json")},
		{"/api/diff.json?rules=1D+H17+DAS+LS&chart=wizard-1d-h17-das-ls", stdout("diff", "wizard-1d-h17-das-ls", "--rules", "1D H17 DAS LS", "--format", "json")},
		{"/api/hand.json?rules=1D+H17+DAS+LS&hand=soft+17+v+2", stdout("hand", "soft 17 v 2", "--rules", "1D H17 DAS LS", "--format", "json")},
		{"/card.pdf?rules=1D+H17+DAS+LS", file("c.pdf")("card", "--rules", "1D H17 DAS LS", "--date", "2026-11-24")},
		{"/card.pdf?rules=INF&size=wallet&paper=a4", file("w.pdf")("card", "--rules", "INF", "--size", "wallet", "--paper", "a4", "--date", "2026-11-24")},
		{"/house.json?rules=HOUSE+INF", stdout("house", "--rules", "HOUSE INF", "--format", "json")},
		{"/plot.svg?rules=INF+LS&metric=margin&codes=true", file("p.svg")("plot", "--rules", "INF LS", "--metric", "margin", "--codes")},
		{"/plot.png?rules=INF&table=soft&codes=true", file("p.png")("plot", "--rules", "INF", "--table", "soft", "--codes")},
		{"/api/chart.csv?rules=1D+S17", stdout("chart", "--rules", "1D S17", "--format", "csv")},
	}
	if *long { // the heavier pairs: 25 solves, sampled shoes, the designed house game
		pairs = append(pairs,
			pair{"/api/effects.csv?rules=INF+H17", stdout("effects", "--rules", "INF H17", "--format", "csv")},
			pair{"/house/card.pdf?rules=HOUSE+INF+DESIGNED", houseCard("HOUSE INF DESIGNED")},
			pair{"/indices/card.pdf?rules=1D+S17+DAS+LS&set=i18&shoes=50", file("k.pdf")("card", "--rules", "1D S17 DAS LS", "--count", "hilo", "--set", "i18", "--shoes", "50", "--date", "2026-11-24")},
		)
	}
	for _, tc := range pairs {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("GET", tc.target, nil)
		req.Host = "127.0.0.1:8080" // a loopback name: the page answers to no other
		s.ServeHTTP(w, req)
		if w.Code != 200 || w.Body.String() != tc.cli {
			t.Errorf("GET %s: %d, %d bytes differ from the CLI's %d", tc.target, w.Code, w.Body.Len(), len(tc.cli))
		}
	}
}
