package render

import (
	"html/template"
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
