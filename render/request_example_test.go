package render_test

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/render/draw"
	"bjchart/solve"
)

// ExampleCardRequest writes a printable strategy card: the request
// checked, the game solved, the card drawn as a PDF.
func ExampleCardRequest() {
	q := render.DefaultCardRequest()
	q.Game, q.Size = solve.Game{Rules: "1D H17 DAS"}, "a4"
	job, err := q.Check(charts.Load)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, opt, err := job.Run(context.Background(), nil, "example", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		fmt.Println(err)
		return
	}
	var pdf bytes.Buffer
	if err := draw.Card(&pdf, t, opt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")))
	// Output: true
}

// ExamplePlotRequest draws a game's EV heatmap of soft totals as SVG.
func ExamplePlotRequest() {
	q := render.DefaultPlotRequest()
	q.Game, q.Table = solve.Game{Rules: "INF H17 DAS"}, "soft"
	job, err := q.Check(charts.Load)
	if err != nil {
		fmt.Println(err)
		return
	}
	grids, opt, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	if err := draw.Heatmap(&svg, "svg", grids, opt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(grids), "grid;", bytes.Contains(svg.Bytes(), []byte("<svg")))
	// Output: 1 grid; true
}
