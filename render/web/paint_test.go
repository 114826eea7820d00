package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bjchart/render"
	"bjchart/render/draw"
)

// TestPaintSeam: a page without a painter (the static site's core)
// answers every drawing route at once with a 501 and PaintHeader, the
// count plots with their data; a page with one paints that data, and
// refuses what is not count plots.
func TestPaintSeam(t *testing.T) {
	core := New(Options{Version: "test"})
	for _, target := range []string{"/card.pdf?rules=6D", "/plot.png?rules=6D", "/plot.svg?rules=INF", "/house/card.pdf", "/house/plot.png", "/indices/card.pdf?rules=6D&count=hilo"} {
		w := get(t, core, target)
		if w.Code != http.StatusNotImplemented || w.Header().Get(PaintHeader) != "again" {
			t.Errorf("%s without a painter: %d %q, want 501 and %s: again", target, w.Code, w.Header().Get(PaintHeader), PaintHeader)
		}
	}
	plots := []render.CountPlot{{Title: "edge", XLabel: "true count", YLabel: "edge", Points: []render.CountPoint{{Count: -1, Value: -0.01, HalfWidth: 0.002}, {Count: 0, Value: 0, HalfWidth: 0.001}, {Count: 1, Value: 0.01, HalfWidth: 0.002}}}}
	w := httptest.NewRecorder()
	core.paintCountPlots(w, plots)
	if w.Code != http.StatusNotImplemented || w.Header().Get(PaintHeader) != countPlotsPath {
		t.Fatalf("count plots without a painter: %d %q", w.Code, w.Header().Get(PaintHeader))
	}
	data := w.Body.Bytes()

	painter := New(Options{Version: "test", Painter: draw.Painter{}})
	post := func(body []byte) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", countPlotsPath, bytes.NewReader(body))
		r.Host = "localhost"
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		painter.ServeHTTP(w, r)
		return w
	}
	if w := post(data); w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte("\x89PNG")) {
		t.Errorf("the painter given the core's data: %d %q", w.Code, w.Body.String()[:min(80, w.Body.Len())])
	}
	var want bytes.Buffer
	if err := (draw.Painter{}).CountPlots(&want, "png", plots...); err != nil || !bytes.Equal(post(data).Body.Bytes(), want.Bytes()) {
		t.Errorf("the painted plot is not the plot drawn from the same values (%v)", err)
	}
	many, _ := json.Marshal(make([]render.CountPlot, 5))
	for name, body := range map[string][]byte{"not JSON": []byte("<svg>"), "no plots": []byte("[]"), "five plots": many, "more than 1 MB": bytes.Repeat([]byte(" "), 2<<20)} {
		if w := post(body); w.Code < 400 || w.Code >= 500 || !strings.Contains(w.Body.String(), "count plots") {
			t.Errorf("%s: %d %q, want a 4xx naming the count plots", name, w.Code, w.Body.String())
		}
	}
}

// TestNewPainter: the drawing module's server routes exactly the
// drawings (DrawingPaths), the ones the page's server answers with
// PaintHeader when it has no painter, and no page.
func TestNewPainter(t *testing.T) {
	core, drawings := New(Options{Version: "test"}), NewPainter(Options{Version: "test"})
	for _, p := range DrawingPaths {
		method := http.MethodGet
		if p == countPlotsPath {
			method = http.MethodPost
		}
		for _, s := range []*Server{core, drawings} {
			if _, pattern := s.mux.Handler(httptest.NewRequest(method, p, nil)); pattern == "" {
				t.Errorf("%s %s is not routed", method, p)
			}
		}
	}
	for _, p := range []string{"/", "/sim", "/holdem", "/assets/style.css", "/api/chart.json"} {
		if _, pattern := drawings.mux.Handler(httptest.NewRequest(http.MethodGet, p, nil)); pattern != "" {
			t.Errorf("NewPainter routes GET %s (%s); want the drawings only", p, pattern)
		}
	}
}
