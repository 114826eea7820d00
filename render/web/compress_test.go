package web

import (
	"bjchart/render/draw"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestCompress: a page, the style and JSON go gzipped to a browser that
// asks, and read back the same bytes; an event stream, a PNG and a
// request that does not ask go as they are.
func TestCompress(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	h := Compress(s)
	for _, c := range []struct {
		path, accept string
		gzipped      bool
	}{
		{"/?rules=INF", "gzip, deflate, br", true},
		{"/assets/style.css", "gzip", true},
		{"/api/chart.json?rules=INF", "br;q=1.0, gzip;q=0.8", true},
		{"/?rules=INF", "", false},
		{"/?rules=INF", "gzip;q=0", false},
		{"/plot.png?rules=INF", "gzip", false},
		{"/sim/run?rules=INF&rounds=10000", "gzip", false},
	} {
		r := httptest.NewRequest(http.MethodGet, c.path, nil)
		r.Host = "localhost"
		if c.accept != "" {
			r.Header.Set("Accept-Encoding", c.accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		plain := httptest.NewRecorder()
		r2 := httptest.NewRequest(http.MethodGet, c.path, nil)
		r2.Host = "localhost"
		s.ServeHTTP(plain, r2)
		gz := w.Header().Get("Content-Encoding") == "gzip"
		if gz != c.gzipped || w.Code != plain.Code {
			t.Errorf("%s (Accept-Encoding %q): %d, gzipped %v; want %d, %v", c.path, c.accept, w.Code, gz, plain.Code, c.gzipped)
			continue
		}
		body := w.Body.Bytes()
		if gz {
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			if w.Body.Len() >= len(body) && len(body) > 1000 {
				t.Errorf("%s: %d bytes gzipped from %d", c.path, w.Body.Len(), len(body))
			}
		}
		if !strings.HasPrefix(c.path, "/sim/run") && string(body) != plain.Body.String() {
			t.Errorf("%s: the gzipped body differs from the plain one", c.path)
		}
	}
}
