package draw

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDrawingStaysHere: render and the page's core WebAssembly link no
// drawing library (gonum/plot, fpdf, the fonts they embed); the drawing
// module (-tags draw) does. It asks the Go toolchain (go list -deps), and
// fails if the seam is crossed: render importing a plotter again, or the
// web package importing this one.
func TestDrawingStaysHere(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain to list packages with")
	}
	drawing := func(env []string, args ...string) []string {
		t.Helper()
		cmd := exec.Command("go", append([]string{"list", "-deps"}, args...)...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %v: %v", args, err)
		}
		var found []string
		for _, p := range strings.Fields(string(out)) {
			if strings.HasPrefix(p, "gonum.org/v1/plot") || strings.HasPrefix(p, "codeberg.org/go-pdf/fpdf") || strings.HasPrefix(p, "codeberg.org/go-fonts/") {
				found = append(found, p)
			}
		}
		return found
	}
	wasm := []string{"GOOS=js", "GOARCH=wasm"}
	if got := drawing(nil, "bjchart/render", "bjchart/render/web"); len(got) > 0 {
		t.Errorf("render and render/web link drawing: %v", got)
	}
	if got := drawing(wasm, "bjchart/cmd/bjchart-wasm"); len(got) > 0 {
		t.Errorf("the core WebAssembly links drawing: %v", got)
	}
	if got := drawing(wasm, "-tags", "draw", "bjchart/cmd/bjchart-wasm"); len(got) == 0 {
		t.Error("the drawing module links no drawing")
	}
}
