package render

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// TestRiskCSVWithoutShoes: a count no exact shoe fell in has no exact
// mean in the CSV (and one shoe no SE), as the text prints "-": an empty
// field, not a 0 a program would read as an edge.
func TestRiskCSVWithoutShoes(t *testing.T) {
	rep := RiskReport{Ramp: []riskRow{{Count: -13, Shoes: 0}, {Count: 0, Shoes: 1, ShoeEdge: 0.01}, {Count: 1, Shoes: 5, ShoeEdge: 0.02, ShoeSE: 0.003}}}
	var b bytes.Buffer
	if err := rep.CSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := [][2]string{{rows[1][3], rows[1][4]}, {rows[2][3], rows[2][4]}, {rows[3][3], rows[3][4]}}
	want := [][2]string{{"", ""}, {"0.01", ""}, {"0.02", "0.003"}}
	if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || rows[0][3] != "exact_edge" {
		t.Errorf("exact_edge, exact_edge_se by count: %v, want %v", got, want)
	}
}
