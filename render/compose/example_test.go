package compose_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"time"

	"bjchart/render"
	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve"
)

// ExampleCardRequest writes a printable strategy card: the request
// checked, the game solved, the card drawn as a PDF.
func ExampleCardRequest() {
	q := compose.DefaultCardRequest()
	q.Game, q.Size = solve.Game{Rules: "1D H17 DAS"}, "a4"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	c.Options.Version, c.Options.Date = "example", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var pdf bytes.Buffer
	if err := draw.Card(&pdf, c.Table, c.Options); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")))
	// Output: true
}

// ExamplePlotRequest draws a game's EV heatmap of soft totals as SVG.
func ExamplePlotRequest() {
	q := compose.DefaultPlotRequest()
	q.Game, q.Table = solve.Game{Rules: "INF H17 DAS"}, "soft"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	if err := draw.Heatmap(&svg, "svg", h.Grids, h.Options); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(h.Grids), "grid;", bytes.Contains(svg.Bytes(), []byte("<svg")))
	// Output: 1 grid; true
}

// ExampleHouseCardRequest writes the house game's card: the request
// checked, the game solved and laid out, the card drawn as a PDF (the
// face dates it).
func ExampleHouseCardRequest() {
	q := compose.DefaultHouseCardRequest()
	q.House.Rules, q.Paper = "HOUSE INF", "a4"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	c.Options.Version, c.Options.Date = "example", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var pdf bytes.Buffer
	if err := draw.HouseCard(&pdf, c.Solution, c.Options); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Options.Size, bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")))
	// Output: a4 true
}

// ExampleHousePlotRequest draws the house game's value by first card and
// up card as a PNG.
func ExampleHousePlotRequest() {
	q := compose.DefaultHousePlotRequest()
	q.House.Rules = "HOUSE INF"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var png bytes.Buffer
	if err := draw.Heatmap(&png, "png", h.Grids, h.Options); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(h.Grids), "grid;", bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")))
	// Output: 1 grid; true
}

// ExampleHoldemChartRequest lays out the Hold'em preflop chart and reads
// one class's exact equity against a random hand.
func ExampleHoldemChartRequest() {
	q := compose.DefaultHoldemChartRequest()
	q.Show = "equity"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Classes {
		if c.Class == "AA" {
			fmt.Printf("%v: AA %.4f\n", job.Metrics(), c.Equity)
		}
	}
	// Output: [equity]: AA 0.8520
}

// ExampleSimRequest simulates a game by its solved chart and sets the
// simulated EV beside the chart's exact one.
func ExampleSimRequest() {
	q := compose.DefaultSimRequest()
	q.Sim.Game, q.Sim.Rounds, q.Sim.Seed = solve.Game{Rules: "6D S17 DAS LS"}, 200_000, 7
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rounds of %s; within 3 SE of the exact EV: %v\n", rep.Rounds, rep.Strategy, math.Abs(rep.EV-rep.ExactEV) < 3*rep.SE)
	// Output: 200000 rounds of solved; within 3 SE of the exact EV: true
}

// ExampleEMCTSCheckRequest checks a request for Itoh 2023's tree search
// against the exact best play ('bjchart emcts-check'): every setting it
// will search, found before anything is solved.
func ExampleEMCTSCheckRequest() {
	q := compose.DefaultEMCTSCheckRequest()
	q.Game, q.C = solve.Game{Rules: "6D S17 NDAS SPL1 LS"}, "1,3"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(job.Rules, "-", len(job.Settings), "settings,", job.Runs, "searches a position")
	// Output: 6D S17 DOA NDAS SPL1 LS 3:2 PEEK - 2 settings, 5 searches a position
}

// ExampleHoldemHandRequest counts two hands' exact equity before the
// flop, as 'bjchart holdem AKs v QQ' does.
func ExampleHoldemHandRequest() {
	q := compose.DefaultHoldemHandRequest()
	q.Hands = "AKs v QQ"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	v := rep.(render.HoldemVersus)
	fmt.Printf("%s v %s: %.4f\n", v.Hand, v.Against, v.Equity)
	// Output: AKs v QQ: 0.4605
}
