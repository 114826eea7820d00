package count

import (
	"math"
	"testing"

	"bjchart/solve"
)

// TestOversampleWeighsBack: shoes kept by their count (Options.Oversample) and
// weighed back are the dealt shoes in expectation. Over 6D shoes dealt to
// below 80%, the weighed share of kept shoes in each band of true counts,
// and the weighed mean tens' share within it (a rank the count sees only
// in part), equal those of shoes dealt and all kept within 4 SE in every
// band. Unweighed, the kept shoes' shares are many SE off: the check
// fails when the weight is dropped. The kept shoes' counts are spread:
// at least twice as many beyond +-3 as among dealt ones.
func TestOversampleWeighsBack(t *testing.T) {
	r, _ := solve.ParseRules("6D S17 DAS LS")
	full := solve.NewShoe(r.Decks).Counts
	bands := []float64{-4, -2, -1, 0, 1, 2, 4} // and beyond either end
	band := func(tc float64) int {
		for b, edge := range bands {
			if tc < edge {
				return b
			}
		}
		return len(bands)
	}
	type shoe struct {
		band    int
		w, tens float64 // its weight, and the tens' share of its cards left
		farOut  bool    // |true count| > 3
	}
	deal := func(over float64, n int) []shoe {
		opt := Options{Penetration: 0.8, Seed: 5, Oversample: over}
		out := make([]shoe, n)
		for i := range out {
			left, c, w := dealShoe(r, HiLo, full, opt, i)
			tc := c.with()
			out[i] = shoe{band: band(tc), w: w, tens: float64(left[9]) / float64(c.n), farOut: math.Abs(tc) > 3}
		}
		return out
	}
	// share returns the weighed share of the shoes in band b and the mean
	// tens' share there, each with its SE (ratio estimators, linearised).
	share := func(shoes []shoe, b int, weighed bool) (p, seP, tens, seT float64) {
		var sw, swb, swt float64
		for _, s := range shoes {
			w := s.w
			if !weighed {
				w = 1
			}
			sw += w
			if s.band == b {
				swb += w
				swt += w * s.tens
			}
		}
		p, tens = swb/sw, swt/swb
		var vp, vt float64
		for _, s := range shoes {
			w := s.w
			if !weighed {
				w = 1
			}
			in := 0.0
			if s.band == b {
				in = 1
				vt += (w * (s.tens - tens)) * (w * (s.tens - tens))
			}
			vp += (w * (in - p)) * (w * (in - p))
		}
		return p, math.Sqrt(vp) / sw, tens, math.Sqrt(vt) / swb
	}
	far := func(shoes []shoe) float64 {
		n := 0
		for _, s := range shoes {
			if s.farOut {
				n++
			}
		}
		return float64(n) / float64(len(shoes))
	}
	dealt, kept := deal(0, 40000), deal(DefaultOversample("i18", 600), 20000)
	worstPlain := 0.0
	for b := 0; b <= len(bands); b++ {
		p, seP, tens, seT := share(dealt, b, true)
		q, seQ, tensQ, seTQ := share(kept, b, true)
		u, _, _, _ := share(kept, b, false)
		z, zt := (q-p)/math.Hypot(seP, seQ), (tensQ-tens)/math.Hypot(seT, seTQ)
		worstPlain = max(worstPlain, math.Abs(u-p)/math.Hypot(seP, seQ))
		t.Logf("band %d: dealt %.4f, kept and weighed %.4f (z %+.1f), unweighed %.4f; tens %.4f and %.4f (z %+.1f)", b, p, q, z, u, tens, tensQ, zt)
		if math.Abs(z) > 4 || math.Abs(zt) > 4 {
			t.Errorf("band %d: kept shoes weighed back: share %.4f and tens %.4f; dealt: %.4f and %.4f (%.1f and %.1f SE)", b, q, tensQ, p, tens, z, zt)
		}
	}
	if worstPlain < 10 {
		t.Errorf("unweighed, the kept shoes' shares are at most %.1f SE from the dealt ones': the check could not tell a missing weight", worstPlain)
	}
	if f, g := far(kept), far(dealt); f < 2*g {
		t.Errorf("beyond +-3: %.3f of kept shoes, %.3f of dealt ones; want at least twice", f, g)
	} else {
		t.Logf("beyond +-3: %.3f of kept shoes, %.3f of dealt ones; unweighed shares up to %.0f SE off", f, g, worstPlain)
	}
}
