package side

import (
	"context"
	"math"
	"testing"
)

// TestPublishedLuckyLuckyCount reproduces a published count for a side
// bet from its effects of removal: Eliot Jacobson's "System 1" for Lucky
// Lucky at two decks, the EORs scaled so that the 7 tags -2, printed to
// two decimals as (-0.98, 0.90, 0.70, 0.47, 0.37, -1.21, -2.00, -1.46,
// 0.29, 0.73) for A, 2..9, T ("Card Counting the Lucky Lucky Side Bet",
// 888casino.com/blog/side-bets/card-counting-the-lucky-lucky-side-bet).
// The pay table is not named in the text; the 200-100-50-30-15-3-2-2
// table gives his tags within a hundredth each (the 2 is 0.909 here, the
// 4 0.475; the rest round to his).
func TestPublishedLuckyLuckyCount(t *testing.T) {
	want := [10]float64{-0.98, 0.90, 0.70, 0.47, 0.37, -1.21, -2.00, -1.46, 0.29, 0.73}
	b, err := LookupBet("lucky-lucky")
	if err != nil {
		t.Fatal(err)
	}
	e, err := RemovalEffects(context.Background(), b, b.Tables[0], 2, Rules{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got [10]float64
	for g := range got {
		got[g] = e.EOR[g] * -2 / e.EOR[6]
		if math.Abs(got[g]-want[g]) > 0.01 {
			t.Errorf("lucky-lucky %s 2D: rank %s scaled EOR %.3f, published %.2f", b.Tables[0].Name, groupNames[g], got[g], want[g])
		}
	}
	t.Logf("lucky-lucky 2D scaled EORs %.3f", got)
}
