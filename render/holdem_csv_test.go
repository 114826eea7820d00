package render

import (
	"bytes"
	"context"
	"encoding/csv"
	"strconv"
	"testing"

	"bjchart/solve/holdem"
)

// TestHoldemCSV: the equity CSV's rows are the report's players, its
// numbers the same floats; the equilibrium's has a row per class with
// the push and call shares.
func TestHoldemCSV(t *testing.T) {
	var ranges []holdem.Range
	for _, s := range []string{"AKs,QQ+", "22+,ATs+:0.5"} {
		r, err := holdem.ParseRange(s)
		if err != nil {
			t.Fatal(err)
		}
		ranges = append(ranges, r)
	}
	board, _ := holdem.ParseCards("Kh7d2c")
	res, err := holdem.Equity(context.Background(), ranges, board, nil, 1000, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := NewHoldemEquityReport(ranges, board, nil, res)
	var buf bytes.Buffer
	if err := rep.CSV(&buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows: %v", len(rows), err)
	}
	for i, p := range rep.Players {
		row := rows[i+1]
		eq, _ := strconv.ParseFloat(row[3], 64)
		if row[1] != p.Range || eq != p.Equity || row[6] != "true" || row[7] != "" || row[8] != "Kh 7d 2c" {
			t.Errorf("row %d %q, the report's %+v", i+1, row, p)
		}
	}
	nash := HoldemNashReport{Stack: 10, Classes: []HoldemNashClass{{"AA", 1, 1}, {"72o", 0, 0.25}}}
	buf.Reset()
	if err := nash.CSV(&buf); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "class,push,call,stack_bb,ante_bb\nAA,1,1,10,0\n72o,0,0.25,10,0\n"; got != want {
		t.Errorf("the equilibrium's CSV:\n%s\nwant\n%s", got, want)
	}
}
