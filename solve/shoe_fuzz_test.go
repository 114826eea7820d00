package solve

import (
	"strings"
	"testing"
)

// FuzzParseShoe checks that ParseShoe never panics, keeps its errors to
// one short line, and reads back what String writes of a shoe it accepts.
func FuzzParseShoe(f *testing.F) {
	for _, s := range []string{"4,4,4,4,4,4,4,4,4,16", "1 2 3 4 5 6 7 8 9 10", "0,4,4,4,4,4,4,4,4,16", "1,2", "-1,4,4,4,4,4,4,4,4,16", "99999999999999999999,1,1,1,1,1,1,1,1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShoe(s)
		if err != nil {
			if msg := err.Error(); len(msg) > 500 || strings.Contains(msg, "\n") {
				t.Errorf("error not one short line: %q", msg)
			}
			return
		}
		if err := sh.Validate(); err != nil {
			t.Errorf("%q: accepted an invalid shoe: %v", s, err)
		}
		back, err := ParseShoe(sh.String())
		if err != nil || back != sh {
			t.Errorf("%q: String %q reads back as %v, %v", s, sh.String(), back, err)
		}
	})
}
