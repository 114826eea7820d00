package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"bjchart/render"
)

// PaintHeader is how a page built without a painter (the static site's
// core WebAssembly) sends a drawing to the drawing module, which is the
// same handler given one: "again" asks the shell to send the same
// request there (a card, a heatmap: the drawing module works them out
// itself), an address to post the answer's body to (the data of a plot
// whose job ran here). Its answer's status is 501.
const PaintHeader = "X-Bjchart-Paint"

// drawn answers a drawing route with h; without a painter, at once and
// before any work, with a 501 that sends the shell to the drawing module.
func (s *Server) drawn(h http.HandlerFunc) http.HandlerFunc {
	if s.opt.Painter != nil {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(PaintHeader, "again")
		http.Error(w, "this build of the page draws nothing: its drawing module answers "+r.URL.Path, http.StatusNotImplemented)
	}
}

// countPlotsPath is where a painter takes count plots' data to paint.
const countPlotsPath = "/paint/count-plots.png"

// DrawingPaths are the paths of the drawings, which NewPainter serves:
// the cards, the heatmaps and the count plots posted. The static site's
// shell sends them straight to its drawing module.
var DrawingPaths = []string{"/card.pdf", "/indices/card.pdf", "/house/card.pdf", "/house/plot.png", "/plot.png", "/plot.svg", "/plot.pdf", countPlotsPath}

// Bounds on the count plots a post asks to paint.
const (
	maxPaintBody   = 1 << 20
	maxCountPlots  = 4
	maxCountPoints = 2000
)

// paintCountPlots answers with plots as a PNG; without a painter, with
// their data for the drawing module (PaintHeader).
func (s *Server) paintCountPlots(w http.ResponseWriter, plots []render.CountPlot) {
	if s.opt.Painter == nil {
		data, err := json.Marshal(plots)
		if err != nil {
			s.fail(w, err)
			return
		}
		w.Header().Set(PaintHeader, countPlotsPath)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotImplemented)
		w.Write(data)
		return
	}
	s.respond(w, "image/png", func(b *bytes.Buffer) error { return s.opt.Painter.CountPlots(b, "png", plots...) })
}

// handlePaintCountPlots paints the count plots posted (paintCountPlots'
// data) as a PNG.
func (s *Server) handlePaintCountPlots(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body) // at most maxPaintBody (maxBody)
	if err != nil {
		http.Error(w, "count plots: at most 1 MB of data: "+err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	var plots []render.CountPlot
	if err := json.Unmarshal(data, &plots); err != nil {
		http.Error(w, "count plots: "+err.Error(), http.StatusBadRequest)
		return
	}
	if len(plots) == 0 || len(plots) > maxCountPlots {
		http.Error(w, "count plots: want 1 to 4 plots", http.StatusBadRequest)
		return
	}
	for _, p := range plots {
		if len(p.Points) > maxCountPoints {
			http.Error(w, "count plots: at most 2000 points a plot", http.StatusBadRequest)
			return
		}
	}
	s.respond(w, "image/png", func(b *bytes.Buffer) error { return s.opt.Painter.CountPlots(b, "png", plots...) })
}
