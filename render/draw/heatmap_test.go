package draw

import (
	"bjchart/render"
	"bjchart/solve"
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// -long is every package's flag for its slow checks; this one has none.
var _ = flag.Bool("long", false, "run the slow checks too (this package has none)")

// TestHeatmapGolden compares a PNG heatmap with its golden image by
// decoded pixels (a small tolerance absorbs anti-aliasing differences), and
// checks that SVG and PDF output is produced and deterministic.
func TestHeatmapGolden(t *testing.T) {
	tab := solved(t, "INF H17 DAS LS")
	var grids []*render.EVGrid
	for _, k := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		g, err := render.MetricGrid(tab, k, render.MetricBest)
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g)
	}
	opt := render.HeatmapOptions{Title: tab.Rules.String() + ": EV of the best play", Scale: "EV", Codes: true}
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
	tab := solved(t, "INF")
	g, err := render.MetricGrid(tab, solve.Hard, render.MetricBest)
	if err != nil {
		t.Fatal(err)
	}
	render := func(format string) []byte {
		var buf bytes.Buffer
		if err := Heatmap(&buf, format, []*render.EVGrid{g}, render.HeatmapOptions{Title: "t", Scale: "EV"}); err != nil {
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

// TestHeatCSSCurrent: the page's heat.css is HeatCSS's (go generate
// writes it).
func TestHeatCSSCurrent(t *testing.T) {
	got, err := os.ReadFile("../web/assets/heat.css")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != HeatCSS() {
		t.Error("render/web/assets/heat.css is not HeatCSS's: run go generate ./render/draw")
	}
}

// solved solves a game for a test.
func solved(t *testing.T, rules string) *solve.Table {
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
