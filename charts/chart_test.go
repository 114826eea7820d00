package charts

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"bjchart/solve"
)

func TestLibraryParsesAndRoundTrips(t *testing.T) {
	names := Names()
	if len(names) != 11 {
		t.Errorf("library has %d charts, want 11: %v", len(names), names)
	}
	for _, name := range names {
		c, err := Library(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c.Title() == "" || c.Source() == "" || c.RulesLine() == "" {
			t.Errorf("%s: provenance header lost (name %q, source %q, rules %q)", name, c.Title(), c.Source(), c.RulesLine())
		}
		if Confidence[name] == "" {
			t.Errorf("%s: no confidence entry", name)
		}
		var buf bytes.Buffer
		if err := Format(&buf, c); err != nil {
			t.Fatal(err)
		}
		c2, err := Parse(name+".txt", buf.Bytes())
		if err != nil {
			t.Fatalf("%s: formatted chart does not parse: %v", name, err)
		}
		if !reflect.DeepEqual(c, c2) {
			t.Errorf("%s: Parse(Format(c)) differs from c", name)
		}
		// The embedded file is the research note itself, byte for byte.
		orig, err := os.ReadFile("../../shared/charts/" + name + ".txt")
		if err == nil {
			data, _ := library.ReadFile("data/" + name + ".txt")
			if !bytes.Equal(orig, data) {
				t.Errorf("%s: embedded copy differs from shared/charts", name)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	good, err := library.ReadFile("data/wizard-4to8d-s17-das-ls.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(good), "\n")
	hardHeader := -1
	for i, l := range lines {
		if l == "[hard]" {
			hardHeader = i
		}
	}
	edit := func(f func(lines []string) []string) []byte {
		c := append([]string(nil), lines...)
		return []byte(strings.Join(f(c), "\n"))
	}
	row16 := hardHeader + 1 + 12 // [hard], columns, 5..16
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"unknown code", edit(func(l []string) []string { l[row16] = strings.Replace(l[row16], "Rh", "Xx", 1); return l }),
			`my.txt:` + itoa(row16+1) + `: hard row 16, column 9: unknown code "Xx"; want one of ? H S Dh Ds P Ph Pd Ps Rh Rs Rp Rpn`},
		{"short row", edit(func(l []string) []string { l[row16] = "16   S   S"; return l }),
			`my.txt:` + itoa(row16+1) + `: hard row 16 has 2 cells; want 10`},
		{"duplicate row", edit(func(l []string) []string { l[row16] = l[row16-1]; return l }),
			`my.txt:` + itoa(row16+1) + `: hard row 15 repeated (first at line ` + itoa(row16) + `)`},
		{"missing row", edit(func(l []string) []string { return append(l[:row16], l[row16+1:]...) }),
			`[hard] lacks rows 16`},
		{"unknown row", edit(func(l []string) []string { l[row16] = strings.Replace(l[row16], "16 ", "26 ", 1); return l }),
			`unknown hard row "26"`},
		{"bad header", edit(func(l []string) []string { l[hardHeader+1] = "     2   3   4"; return l }),
			`my.txt:` + itoa(hardHeader+2) + `: column header "2 3 4"; want "2 3 4 5 6 7 8 9 T A"`},
		{"unknown section", edit(func(l []string) []string { l[hardHeader] = "[hardest]"; return l }),
			`unknown section "[hardest]"`},
		{"bad rules", edit(func(l []string) []string {
			for i := range l {
				if strings.HasPrefix(l[i], "# rules:") {
					l[i] = "# rules: decks=4-8 dealer=S18"
				}
			}
			return l
		}), `rules: dealer="S18"; want S17, H17, ?`},
		{"empty", []byte(""), `section [hard] missing`},
	}
	for _, tt := range tests {
		_, err := Parse("my.txt", tt.data)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Parse error = %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// FuzzParseChart checks that the parser never panics and that every chart
// it accepts formats to a file it reads back to the same chart.
func FuzzParseChart(f *testing.F) {
	for _, name := range Names() { // every published chart
		data, _ := library.ReadFile("data/" + name + ".txt")
		f.Add(data)
	}
	f.Add([]byte("[hard]\n 2 3 4 5 6 7 8 9 T A\n5 H H H H H H H H H H\n")) // truncated
	f.Add([]byte("# rules: decks=9-2\n"))                                  // bad range
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.txt", data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Format(&buf, c); err != nil {
			t.Fatal(err)
		}
		c2, err := Parse("fuzz.txt", buf.Bytes())
		if err != nil {
			t.Fatalf("formatted chart does not parse: %v\n%s", err, buf.Bytes())
		}
		if !reflect.DeepEqual(c, c2) {
			t.Fatalf("Parse(Format(c)) != c\n%s", buf.Bytes())
		}
	})
}

func TestRuleSpec(t *testing.T) {
	tests := []struct {
		header string
		spec   string
		rules  string
	}{
		{"decks=4-8 dealer=S17 double=any das=both resplit=? surrender=late peek=yes",
			"decks=4-8 dealer=S17 double=any das=both resplit=? surrender=late peek=yes", "6D S17 DOA DAS SPL3 LS 3:2 PEEK"},
		{"decks=1-6 dealer=S17 double=any das=no resplit=no surrender=late peek=?",
			"decks=1-6 dealer=S17 double=any das=no resplit=no surrender=late peek=?", "6D S17 DOA NDAS SPL1 LS 3:2 PEEK"},
		{"decks=1 dealer=H17", "decks=1 dealer=H17 double=? das=? resplit=? surrender=? peek=?", "1D H17 DOA DAS SPL3 NS 3:2 PEEK"},
		{"decks=? dealer=S17 das=both", "decks=? dealer=S17 double=? das=both resplit=? surrender=? peek=?", "6D S17 DOA DAS SPL3 NS 3:2 PEEK"},
		{"decks=1-2 double=10-11 peek=no", "decks=1-2 dealer=? double=10-11 das=? resplit=? surrender=? peek=no", "2D S17 D10 DAS SPL3 NS 3:2 ENHC"},
	}
	for _, tt := range tests {
		spec, err := ParseRuleSpec(tt.header)
		if err != nil {
			t.Errorf("ParseRuleSpec(%q): %v", tt.header, err)
			continue
		}
		if got := spec.String(); got != tt.spec {
			t.Errorf("ParseRuleSpec(%q) = %q, want %q", tt.header, got, tt.spec)
		}
		if got := spec.Reading().String(); got != tt.rules {
			t.Errorf("ParseRuleSpec(%q).Reading() = %q, want %q", tt.header, got, tt.rules)
		}
	}
	for _, bad := range []string{"decks=0", "decks=8-4", "dealer", "das=maybe", "color=red", "das=yes das=no"} {
		if _, err := ParseRuleSpec(bad); err == nil {
			t.Errorf("ParseRuleSpec(%q) succeeded, want an error", bad)
		}
	}
}

func TestResolveCodes(t *testing.T) {
	rules := func(s string) solve.Rules {
		r, err := solve.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tests := []struct {
		code      Code
		rules     string
		canDouble bool
		want      string
	}{
		{Dh, "DOA", true, "Dh"}, {Dh, "D10", false, "H"}, {Ds, "NDD", false, "S"},
		{Ph, "DAS", true, "P"}, {Ph, "NDAS", true, "H"},
		{Pd, "NDAS", true, "Dh"}, {Pd, "NDAS D10", false, "H"}, {Ps, "NDAS", true, "S"},
		{Rh, "LS", true, "Rh"}, {Rh, "NS", true, "H"}, {Rs, "ES", true, "Rs"}, {Rp, "NS", true, "P"},
		{Rpn, "LS NDAS", true, "Rp"}, {Rpn, "LS DAS", true, "P"}, {Rpn, "NS NDAS", true, "P"},
	}
	for _, tt := range tests {
		if got := resolve(tt.code, rules(tt.rules), tt.canDouble).Code.String(); got != tt.want {
			t.Errorf("resolve(%v, %q, canDouble=%v) = %s, want %s", tt.code, tt.rules, tt.canDouble, got, tt.want)
		}
	}
}

// FuzzParseRuleSpec checks that the rules header parser never panics,
// keeps its errors to one short line, and accepts only known values.
func FuzzParseRuleSpec(f *testing.F) {
	for _, s := range []string{"decks=4-8 dealer=S17 double=any das=both resplit=? surrender=late peek=yes", "decks=1", "decks=9-2", "dealer=X", "x", "decks=1 decks=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseRuleSpec(s)
		if err != nil {
			if msg := err.Error(); len(msg) > 500 || strings.Contains(msg, "\n") {
				t.Errorf("error not one short line: %q", msg)
			}
			return
		}
		for _, v := range []string{spec.Dealer, spec.Double, spec.DAS, spec.Resplit, spec.Surrender, spec.Peek} {
			if strings.ContainsAny(v, " =\n") {
				t.Errorf("%q: accepted value %q", s, v)
			}
		}
	})
}

// TestParseFileLimits checks a byte order mark, an empty file, an
// over-long line and an over-large file.
func TestParseFileLimits(t *testing.T) {
	good, _ := library.ReadFile("data/thorp-1966-1deck.txt")
	if _, err := Parse("bom.txt", append([]byte("\ufeff"), good...)); err != nil {
		t.Errorf("a chart with a byte order mark: %v", err)
	}
	if _, err := Parse("empty.txt", nil); err == nil || !strings.HasPrefix(err.Error(), "empty.txt:1: ") {
		t.Errorf("empty file: %v, want it reported at line 1", err)
	}
	long := append([]byte("# a comment\n# "), bytes.Repeat([]byte("x"), MaxLine)...)
	if _, err := Parse("long.txt", long); err == nil || !strings.HasPrefix(err.Error(), "long.txt:2: line longer than") {
		t.Errorf("long line: %v, want it reported at line 2", err)
	}
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("# comment\n"), MaxFile/10+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over %d bytes: %v", MaxFile, err)
	}
}

// TestPublications names the publication of every library chart.
func TestPublications(t *testing.T) {
	for _, name := range Names() {
		if p := Publication[name]; p == "" || strings.Contains(p, "could not") || strings.Contains(p, "index id") {
			t.Errorf("%s: publication %q", name, p)
		}
	}
}
