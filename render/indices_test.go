package render

import (
	"bytes"
	"strings"
	"testing"

	"bjchart/solve/count"
)

// TestFormatIndex: a crossing near a half shows which side of it lies
// on, so the rounding beside it agrees; no -0.00.
func TestFormatIndex(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{3.497, "+3.497"}, {3.501, "+3.501"}, {3.5, "+3.50"}, {3.4996, "+3.4996"},
		{-0.001, "+0.00"}, {-0.004, "+0.00"}, {-1.2, "-1.20"}, {-2.5004, "-2.5004"}, {0.126, "+0.13"},
	} {
		if got := formatIndex(c.x); got != c.want {
			t.Errorf("formatIndex(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

// TestRepeatLine checks the line that says how far a run's integers
// hold: a share under 95% never prints as 95%, and the shoes it names.
func TestRepeatLine(t *testing.T) {
	for _, c := range []struct {
		rp   count.Repeat
		want string
	}{
		{count.Repeat{}, ""},
		{count.Repeat{Indices: 22, Share: 0.9696, Shoes95: 600}, "round about 96% of these 22 indices alike."},
		{count.Repeat{Indices: 22, Share: 0.9499, Shoes95: 700}, "round about 94% of these 22 indices alike; about 700 shoes would make it 95%"},
		{count.Repeat{Indices: 127, Share: 0.72, Shoes95: 11900}, "about 11,900 shoes would make it 95%"},
		{count.Repeat{Indices: 5, Share: 0.5}, "more than 64 times these shoes would be needed for 95%"},
	} {
		got := IndicesReport{Repeat: c.rp}.RepeatLine()
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want it to hold %q", c.rp, got, c.want)
		}
	}
}

// TestIndexGridsFit80: a grid of wide cells (two indices a cell, each
// with its unsettled range) is printed as two tables of five up cards
// rather than wider than 80 columns, where a wrapped line would put the
// ace's cell under the row.
func TestIndexGridsFit80(t *testing.T) {
	rep := IndicesReport{Balanced: true}
	for _, up := range []string{"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"} {
		for _, play := range []string{"double", "stand"} {
			r, lo, hi := 3, -12, 12
			rep.Indices = append(rep.Indices, indexRow{Table: "hard", Hand: "10", Up: up, Base: "hit", Play: play, Rounded: &r, Between: &[2]int{lo, hi}})
		}
	}
	var b bytes.Buffer
	if err := rep.grids(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, " 10") && columns(line) > textWidth {
			t.Errorf("a grid row of %d columns: %q", columns(line), line)
		}
	}
	if !strings.Contains(b.String(), "      A") && !strings.Contains(b.String(), " A\n") {
		t.Errorf("no ace column:\n%s", b.String())
	}
}
