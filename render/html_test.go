package render

import (
	"encoding/json"
	"html/template"
	"math"
	"strings"
	"testing"
)

// TestAppendHTMLEscaped: the escaping of text and of a quoted attribute
// value is html/template's, byte for byte.
func TestAppendHTMLEscaped(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<td title="{{.}}">{{.}}</td>`))
	for _, s := range []string{
		"", "plain", `a "quoted" & 'single' +1 <b>`, "nul\x00here", "ünïcödé ♠", "bad \xff\xfe utf-8",
		"+0.123456 (-0.000001)\nnext line", "&amp; stays escaped twice", "\ufdd0\uffff", "tab\tand\r",
	} {
		var want strings.Builder
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		e := string(AppendHTMLEscaped(nil, s))
		if got := `<td title="` + e + `">` + e + `</td>`; got != want.String() {
			t.Errorf("AppendHTMLEscaped(%q) = %q, want %q", s, got, want.String())
		}
	}
}

// TestAppendJSONFloat: floats are written as encoding/json writes them.
func TestAppendJSONFloat(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -0.5, 0.123456789012345678, 1e-6, 9.99e-7, -1.5e-9, 1e20, 1e21, 1.2345e22,
		math.MaxFloat64, math.SmallestNonzeroFloat64, -0.0042, 123456789.125, 1e-100} {
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(AppendJSONFloat(nil, f)); got != string(want) {
			t.Errorf("AppendJSONFloat(%v) = %s, want %s", f, got, want)
		}
	}
}
