package count

import (
	"math"
	"testing"
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
