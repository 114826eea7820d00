package render

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"bjchart/solve"
)

// FuzzAppendIndented checks appendIndented against json.Indent: for any
// valid JSON, compacted as json.Marshal leaves it, the two write the same
// bytes.
func FuzzAppendIndented(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":[1,2,{"c":null}]}`,             // nesting
		`{}`, `[]`, `{"a":{},"b":[]}`, `[[],[{}]]`, // empty objects and arrays stay {} and []
		`"a string"`, `1.5e-7`, `true`, // values at the top
		`{"q\"uote":"\\","s":"a,b:{c}[d]"}`, // punctuation and escapes inside strings
		`{"u":"\u003chtml\u003e \u2028 é"}`, // escapes as json.Marshal writes them
		` { "spaced" : [ 1 , 2 ] } `,        // compacted first
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var compact bytes.Buffer
		if json.Compact(&compact, data) != nil {
			return // not JSON
		}
		var want bytes.Buffer
		if err := json.Indent(&want, compact.Bytes(), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := appendIndented(nil, compact.Bytes(), "  "); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("appendIndented(%q) = %q, want %q", compact.Bytes(), got, want.Bytes())
		}
	})
}

// TestWriteJSONIsTheEncoders checks that WriteJSON writes what a
// json.Encoder indenting by two spaces writes, HTML's characters escaped.
func TestWriteJSONIsTheEncoders(t *testing.T) {
	for _, v := range []any{
		map[string]any{"b": []int{}, "a": map[string]float64{"z": 1e-7, "y": 1e21}, "c": "<&>"},
		[]any{nil, 1.5, "x", struct{ A []string }{}},
		"top", 42,
	} {
		var got, want bytes.Buffer
		if err := WriteJSON(&got, v); err != nil {
			t.Fatal(err)
		}
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("WriteJSON(%v) = %q, want %q", v, got.String(), want.String())
		}
	}
}

// BenchmarkWriteJSON writes a one-deck chart's JSON (about 150 KB).
func BenchmarkWriteJSON(b *testing.B) {
	r, _ := solve.ParseRules("1D")
	tab, err := solve.Solve(r)
	if err != nil {
		b.Fatal(err)
	}
	v := newJSONTable(tab, DataOptions{}, true)
	for b.Loop() {
		if err := WriteJSON(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSON writes a one-deck chart's JSON as the chart command does.
func BenchmarkJSON(b *testing.B) {
	r, _ := solve.ParseRules("1D")
	tab, err := solve.Solve(r)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := JSON(io.Discard, tab, DataOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestJSONAsWriteJSON: a chart's JSON, its cells written without
// encoding/json, is byte for byte WriteJSON's of its JSONTable: cells
// with a Charlie's three-card plays, cells the shoe cannot deal, -0.
func TestJSONAsWriteJSON(t *testing.T) {
	for _, rules := range []string{"1D S17 NDAS SPL1", "INF H17 5CC LS", "1D DECK=4-1-4-4-4-4-4-4-4-16"} {
		tab := infTable(t, rules) // any rules, finite too
		var got, want bytes.Buffer
		if err := JSON(&got, tab, DataOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&want, newJSONTable(tab, DataOptions{}, true)); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("JSON of %q differs from WriteJSON's (%d bytes, want %d)", rules, got.Len(), want.Len())
		}
	}
}
