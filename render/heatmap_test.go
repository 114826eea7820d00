package render

import (
	"bytes"
	"flag"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"bjchart/solve"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func infTable(t *testing.T, rules string) *solve.Table {
	t.Helper()
	r, err := solve.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestEVGrid checks the GridXYZ adapter on its own: dimensions, the first
// chart row at the top, columns in up-card order, NaN where an action is
// not allowed, and each metric's definition.
func TestEVGrid(t *testing.T) {
	tab := infTable(t, "INF S17 DAS LS")
	g, err := metricGrid(tab, solve.Hard, MetricStand)
	if err != nil {
		t.Fatal(err)
	}
	if c, r := g.Dims(); c != 10 || r != 17 {
		t.Fatalf("Dims() = %d, %d; want 10, 17 (hard 5..21)", c, r)
	}
	// Row r counts from the bottom: r = 16 is hard 5, r = 0 hard 21.
	if got, want := g.Z(8, 16), tab.Cell(solve.Hard, "5", 10).EV[solve.Stand]; got != want {
		t.Errorf("Z(8, 16) = %v, want stand 5 v T = %v", got, want)
	}
	if got, want := g.Z(9, 0), tab.Cell(solve.Hard, "21", 1).EV[solve.Stand]; got != want {
		t.Errorf("Z(9, 0) = %v, want stand 21 v A = %v", got, want)
	}
	if g.X(0) != 0 || g.X(9) != 9 || g.Y(0) != 0 || g.Y(16) != 16 {
		t.Errorf("coordinates: X(0)=%v X(9)=%v Y(0)=%v Y(16)=%v", g.X(0), g.X(9), g.Y(0), g.Y(16))
	}
	split, _ := metricGrid(tab, solve.Hard, MetricSplit)
	if !math.IsNaN(split.Z(0, 0)) {
		t.Errorf("split EV of a hard total = %v, want NaN", split.Z(0, 0))
	}
	gain, _ := metricGrid(tab, solve.Pairs, MetricGain)
	c := tab.Cell(solve.Pairs, "88", 10)
	if got, want := gain.Values[6][8], c.EV[c.Code.Best]-c.EV[solve.Stand]; got != want {
		t.Errorf("gain 88 v T = %v, want %v", got, want)
	}
	margin, _ := metricGrid(tab, solve.Soft, MetricMargin)
	if got := margin.Values[5][0]; got != tab.Cell(solve.Soft, "A7", 2).Margin || got < 0 {
		t.Errorf("margin A7 v 2 = %v", got)
	}
	if _, err := metricGrid(tab, solve.Hard, "luck"); err == nil {
		t.Error("metricGrid accepted an unknown metric")
	}
}

// TestHeatmapGolden compares a PNG heatmap with its golden image by
// decoded pixels (a small tolerance absorbs anti-aliasing differences), and
// checks that SVG and PDF output is produced and deterministic.
func TestHeatmapGolden(t *testing.T) {
	tab := infTable(t, "INF H17 DAS LS")
	var grids []*EVGrid
	for _, k := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		g, err := metricGrid(tab, k, MetricBest)
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g)
	}
	opt := HeatmapOptions{Title: tab.Rules.String() + ": EV of the best play", Scale: "EV", Codes: true}
	var buf bytes.Buffer
	if err := Heatmap(&buf, "png", grids, opt); err != nil {
		t.Fatal(err)
	}
	comparePNG(t, filepath.Join("testdata", "heatmap-inf-h17.png"), buf.Bytes())

	for _, format := range []string{"svg", "pdf"} {
		var a, b bytes.Buffer
		if err := Heatmap(&a, format, grids, opt); err != nil {
			t.Fatal(err)
		}
		if err := Heatmap(&b, format, grids, opt); err != nil {
			t.Fatal(err)
		}
		if a.Len() < 1000 || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: %d bytes, deterministic %v", format, a.Len(), bytes.Equal(a.Bytes(), b.Bytes()))
		}
	}
	if err := Heatmap(&buf, "gif", grids, opt); err == nil {
		t.Error("Heatmap accepted gif")
	}
}

// comparePNG compares decoded pixels with the golden file: every channel
// within 8 of 255 and at most 0.1% of pixels off, or rewrites it under -update.
func comparePNG(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("image size %v, golden %v", a.Bounds(), b.Bounds())
	}
	if n, total := PixelsOff(a, b, 8); n*1000 > total {
		t.Errorf("%d of %d pixels differ from %s (rerun with -update if intended)", n, total, golden)
	}
}

// TestColorBar checks the colour bar in every format: blue (gains) at the
// top and red (losses) at the bottom of the PNG, as on the cells (players
// read red as losing); and
// drawn as vector paths in SVG and PDF (an image there was drawn upside
// down in PDF and not at all by most SVG viewers), with no font embedded
// in SVG.
func TestColorBar(t *testing.T) {
	tab := infTable(t, "INF")
	g, err := metricGrid(tab, solve.Hard, MetricBest)
	if err != nil {
		t.Fatal(err)
	}
	render := func(format string) []byte {
		var buf bytes.Buffer
		if err := Heatmap(&buf, format, []*EVGrid{g}, HeatmapOptions{Title: "t", Scale: "EV"}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	img, err := png.Decode(bytes.NewReader(render("png")))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	top, bottom := -1, -1
	var topC, bottomC [3]uint32
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Max.X - 150; x < b.Max.X; x++ { // the bar's strip
			r, _, bl, _ := img.At(x, y).RGBA()
			if absDiff(r, bl) > 0x5000 {
				if top < 0 {
					top, topC = y, [3]uint32{r, 0, bl}
				}
				bottom, bottomC = y, [3]uint32{r, 0, bl}
			}
		}
	}
	if top < 0 || topC[2] <= topC[0] || bottomC[0] <= bottomC[2] {
		t.Errorf("PNG colour bar: top row %d %v, bottom row %d %v; want blue on top, red below", top, topC, bottom, bottomC)
	}
	if svg := render("svg"); bytes.Contains(svg, []byte("<image")) || len(svg) > 200_000 {
		t.Errorf("SVG: %d bytes, image element %v; want vector paths and no embedded font", len(svg), bytes.Contains(svg, []byte("<image")))
	}
	if pdf := render("pdf"); bytes.Contains(pdf, []byte("/Subtype /Image")) {
		t.Error("PDF: the colour bar is an image")
	}
}

// TestCellLabel: a value that rounds to zero is printed 0.000, never
// -0.000, and a small cost keeps a fourth decimal rather than read 0.000.
func TestCellLabel(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		signed bool
		want   string
	}{
		{-0.00004, true, "0.0000"}, {math.Copysign(0, -1), true, "0.000"}, {-1e-9, true, "0.0000"},
		{0.0004, false, "0.0004"}, {0.0123, true, "+0.012"}, {-0.5, true, "-0.500"}, {0, false, "0.000"},
	} {
		if got := cellLabel(tc.v, tc.signed); got != tc.want {
			t.Errorf("cellLabel(%g, %v) = %q, want %q", tc.v, tc.signed, got, tc.want)
		}
	}
}
