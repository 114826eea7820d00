package render

import (
	"math"
	"strings"
	"testing"

	"bjchart/solve"
)

// TestCardCodeResolved: a DAS game prints P for Ph, Pd and Ps.
func TestCardCodeResolved(t *testing.T) {
	das, _ := solve.ParseRules("1D DAS")
	ndas, _ := solve.ParseRules("1D NDAS")
	ph := solve.Code{Best: solve.Split, Fallback: solve.Hit}
	if got := cardCode(das, ph); got != "P" {
		t.Errorf("DAS game prints %s for Ph", got)
	}
	if got := cardCode(ndas, ph); got != "Ph" {
		t.Errorf("NDAS game prints %s for Ph", got)
	}
}

// relLuminance is WCAG 2's relative luminance of an sRGB colour.
func relLuminance(c [3]int) float64 {
	var l [3]float64
	for i, v := range c {
		x := float64(v) / 255
		if x <= 0.03928 {
			l[i] = x / 12.92
		} else {
			l[i] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

func contrast(a, b [3]int) float64 {
	la, lb := relLuminance(a), relLuminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestCardContrast holds every fill and its text to WCAG AA (4.5:1), and
// double and surrender apart in grey (printed in black and white).
func TestCardContrast(t *testing.T) {
	white, black := [3]int{255, 255, 255}, [3]int{0, 0, 0}
	for a, fill := range cardColor {
		text := black
		if darkFill(a) {
			text = white
		}
		if r := contrast(fill, text); r < 4.5 {
			t.Errorf("%v: text contrast %.2f:1, want 4.5:1 or more", a, r)
		}
		tint := [3]int{fill[0]/2 + 128, fill[1]/2 + 128, fill[2]/2 + 128} // the EV pages
		if r := contrast(tint, black); r < 4.5 {
			t.Errorf("%v tint: text contrast %.2f:1", a, r)
		}
	}
	if r := contrast([3]int{60, 60, 60}, white); r < 4.5 {
		t.Errorf("headers: contrast %.2f:1", r)
	}
	if d := math.Abs(relLuminance(cardColor[solve.Double]) - relLuminance(cardColor[solve.Surrender])); d < 0.05 {
		t.Errorf("double and surrender differ by %.3f in luminance: alike in grey", d)
	}
}

// TestMergeEnds: identical rows merge at the two ends only, and FullRows
// keeps every total.
func TestMergeEnds(t *testing.T) {
	for _, tc := range []struct {
		rules string
		want  []string // the first and last two labels
	}{
		{"INF S17 DAS NS", []string{"5-8", "16", "17+"}},
		{"6D H17 DAS LS", []string{"5-8", "17", "18+"}},
	} {
		tab := infTable(t, tc.rules)
		rows := cardRows(tab, solve.Hard, nil, false)
		got := []string{rows[0].Label, rows[len(rows)-2].Label, rows[len(rows)-1].Label}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: rows %v ... %v, want %v", tc.rules, got[:1], got[1:], tc.want)
		}
		if full := cardRows(tab, solve.Hard, nil, true); len(full) != 17 {
			t.Errorf("%s: full rows %d, want 17 (5..21)", tc.rules, len(full))
		}
	}
}
