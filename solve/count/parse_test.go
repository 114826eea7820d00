package count

import (
	"math"
	"slices"
	"testing"

	"bjchart/solve"
)

func TestParseSystem(t *testing.T) {
	sys, err := ParseSystem("A=-1, 2=1,3=1,4=1,5=1,6=1,T=-1")
	if err != nil || sys.Tags != HiLo.Tags || !sys.Balanced() {
		t.Errorf("custom Hi-Lo: %+v, %v", sys, err)
	}
	if sys, err := ParseSystem("zen"); err != nil || sys.Name != "zen" {
		t.Errorf("zen: %+v, %v", sys, err)
	}
	for _, bad := range []string{"", "hilo2", "A=-1,A=1", "2=10", "2=0.3", "X=1", "2=", "=1", "2=NaN", "2=Inf"} {
		if _, err := ParseSystem(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzParseSystem: any input gives a count with finite tags within -9..9,
// or an error; never a panic.
func FuzzParseSystem(f *testing.F) {
	for _, s := range []string{"hilo", "A=-1,2=1,T=-1", "7=0.5", "2=1,2=1", "10=-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sys, err := ParseSystem(s)
		if err != nil {
			return
		}
		for r, tag := range sys.Tags {
			if math.IsNaN(tag) || tag < -9 || tag > 9 || (r == 0 && tag != 0) {
				t.Errorf("%q: tag %v for rank %d", s, tag, r)
			}
		}
	})
}

// FuzzDecisionCheck: Check never panics, and a decision it accepts is one
// the index sets could hold: a known table, and two different plays.
func FuzzDecisionCheck(f *testing.F) {
	for _, d := range append(append([]Decision{}, I18...), Fab4...) {
		f.Add(d.Table, d.Hand, uint8(d.Up), d.Base, d.Play)
	}
	f.Add("pair", "99", uint8(7), "split", "stand")
	f.Add("soft", "A9", uint8(6), "stand", "double")
	f.Add("hard", "99", uint8(10), "hit", "fly")
	f.Fuzz(func(t *testing.T, table, hand string, up uint8, base, play string) {
		d := Decision{Table: table, Hand: hand, Up: solve.Rank(up), Base: base, Play: play}
		if d.Check() != nil {
			return
		}
		if base == play || !slices.Contains([]string{"hard", "soft", "pair", "surrender", "insurance"}, table) {
			t.Errorf("accepted %+v", d)
		}
	})
}
