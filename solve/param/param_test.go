package param

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// FuzzParse: the parsers of counts and percentages take what they say
// and nothing else, and a query binds its fields or refuses it in one
// line.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"10M", "2.5k", "1G", "12345", "1e6", "75%", "0.75", "100%", "-5%", "", "M", "NaN%", "shoes=5&x=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ParseCount(s); err == nil && (n < 1 || n > 1e15) {
			t.Errorf("ParseCount(%q) = %d", s, n)
		}
		if x, err := ParsePercent(s); err == nil && !(x > 0 && x < 1) {
			t.Errorf("ParsePercent(%q) = %v", s, x)
		}
		v, err := url.ParseQuery(s)
		if err != nil {
			return
		}
		var set Set
		var n int
		var p float64 = 0.5
		var e string
		set.Int(&n, "shoes", "")
		set.Percent(&p, "penetration", "")
		set.Enum(&e, "round", "%s", "nearest", "floor")
		if err := set.ParseQuery(v); err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: %q", s, err)
			}
			return
		}
		if !(p > 0 && p < 1) || e != "" && e != "nearest" && e != "floor" {
			t.Errorf("%q: bound penetration %v, round %q", s, p, e)
		}
	})
}

// TestGivenAndQuery: a field set by a query is given and goes back into
// the query; an empty one keeps its default and is not given; unknown
// and repeated parameters are refused.
func TestGivenAndQuery(t *testing.T) {
	var set Set
	n, p := 600, 0.8
	set.Int(&n, "shoes", "")
	set.Percent(&p, "penetration", "")
	if err := set.ParseQuery(url.Values{"shoes": {"300"}, "penetration": {""}}); err != nil {
		t.Fatal(err)
	}
	if n != 300 || p != 0.8 || !set.Given("shoes") || set.Given("penetration") {
		t.Errorf("shoes %d given %v, penetration %v given %v", n, set.Given("shoes"), p, set.Given("penetration"))
	}
	if got := set.Query().Encode(); got != "shoes=300" {
		t.Errorf("query %q", got)
	}
	for q, want := range map[string]string{"shoe=3": `unknown parameter "shoe"; want shoes or penetration`, "shoes=1&shoes=2": `parameter "shoes" given 2 times`, "penetration=80": `penetration "80": want a percentage above 0 and below 100, e.g. 80%`} {
		v, _ := url.ParseQuery(q)
		if err := set.ParseQuery(v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", q, err, want)
		}
	}
}

// TestChangedAndTake: a request's canonical query names the fields that
// differ from its defaults, given or not; Take binds another set's fields.
func TestChangedAndTake(t *testing.T) {
	type req struct {
		shoes int
		pen   float64
		count string
	}
	bind := func(r *req, s *Set) {
		s.Int(&r.shoes, "shoes", "")
		s.Percent(&r.pen, "penetration", "")
		s.String(&r.count, "count", "")
	}
	cur, def := req{600, 0.75, "zen"}, req{600, 0.8, ""}
	var cs, ds Set
	bind(&cur, &cs)
	bind(&def, &ds)
	if got := cs.Changed(&ds).Encode(); got != "count=zen&penetration=75%25" {
		t.Errorf("changed %q", got)
	}
	var page Set
	page.Take(&cs, "shoes")
	if err := page.ParseQuery(url.Values{"shoes": {"300"}}); err != nil || cur.shoes != 300 || !cs.Given("shoes") {
		t.Errorf("taken field: %v, shoes %d, given %v", err, cur.shoes, cs.Given("shoes"))
	}
	if err := page.ParseQuery(url.Values{"count": {"hilo"}}); err == nil {
		t.Error("a field not taken was bound")
	}
}

// TestFields: the fields a text names as {field} are each worded by the
// face: the command line's flags, a page's labels.
func TestFields(t *testing.T) {
	const usage = "with {tc} or {rc}: the count; {count}=hilo, not {Count} or {}"
	flags := Fields(usage, func(f string) string { return "--" + f })
	if want := "with --tc or --rc: the count; --count=hilo, not {Count} or {}"; flags != want {
		t.Errorf("Fields(%q, flags) = %q, want %q", usage, flags, want)
	}
	labels := Fields(usage, func(f string) string {
		return map[string]string{"tc": "True count", "rc": "Running count", "count": "Count"}[f]
	})
	if want := "with True count or Running count: the count; Count=hilo, not {Count} or {}"; labels != want {
		t.Errorf("Fields(%q, labels) = %q, want %q", usage, labels, want)
	}
}

// TestFieldsAsPattern: Fields names what the pattern of a field
// reference, {[a-z][a-z0-9-]*}, matches, and nothing else.
func TestFieldsAsPattern(t *testing.T) {
	ref := regexp.MustCompile(`\{[a-z][a-z0-9-]*\}`)
	name := func(f string) string { return "--" + f }
	for _, s := range []string{
		"", "no fields", "{count}", "x {count} and {ramp-2}.", "{{count}}", "{Count} {1x} {a b} {}", "{a", "a}", "{x-}{y}",
		"{shoes} needs {count}: a ramp bets by the count", "trailing {", "{é}", "{ab{cd}ef}",
	} {
		want := ref.ReplaceAllStringFunc(s, func(r string) string { return name(r[1 : len(r)-1]) })
		if got := Fields(s, name); got != want {
			t.Errorf("Fields(%q) = %q, want %q", s, got, want)
		}
	}
}
