package holdem

import (
	"strings"
	"testing"
)

// TestClasses: the 169 classes hold the 1,326 hands once each, in the
// grid's places, and read back from their names.
func TestClasses(t *testing.T) {
	seen := map[Hand]bool{}
	for c := range Class(Classes) {
		hands := c.Hands()
		if len(hands) != c.Combos() {
			t.Errorf("%v: %d hands, want %d", c, len(hands), c.Combos())
		}
		for _, h := range hands {
			if seen[h] || h.Class() != c {
				t.Errorf("%v: hand %v twice or of class %v", c, h, h.Class())
			}
			seen[h] = true
		}
		if back, err := ParseClass(c.String()); err != nil || back != c {
			t.Errorf("%v reads back as %v (%v)", c, back, err)
		}
	}
	if len(seen) != 1326 {
		t.Errorf("%d hands, want 1326", len(seen))
	}
	for name, cell := range map[string][2]int{"AA": {0, 0}, "AKs": {0, 1}, "AKo": {1, 0}, "72o": {12, 7}, "32s": {11, 12}} {
		c, _ := ParseClass(name)
		if r, col := c.Cell(); r != cell[0] || col != cell[1] {
			t.Errorf("%s at row %d, column %d; want %v", name, r, col, cell)
		}
	}
}

// FuzzParseHands: any input is read as hands of one class or two cards, or
// refused with a one-line message that repeats at most 20 of its bytes.
func FuzzParseHands(f *testing.F) {
	for _, s := range []string{"AKs", "QQ", "72o", "AsKd", "AK", "AsAs", "XX", "ak S", "T9O"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hands, name, err := ParseHands(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 {
				t.Errorf("%q: message %q", s, err)
			}
			return
		}
		if len(hands) == 0 || name == "" {
			t.Errorf("%q: no hands", s)
		}
		for _, h := range hands {
			if h[0] == h[1] || h[0] > 51 || h[1] > 51 {
				t.Errorf("%q: hand %v", s, h)
			}
		}
	})
}
