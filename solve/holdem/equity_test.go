package holdem

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// TestCanonicalBoards: the classes of boards under the suits' permutations
// number 134,459 and stand for all C(52,5) boards.
func TestCanonicalBoards(t *testing.T) {
	if !*long {
		t.Skip("sweeps every board; -long runs it")
	}
	bs := canonicalBoards()
	var sum int64
	for _, b := range bs {
		sum += b.weight
	}
	if len(bs) != 134459 || sum != boardsOf5 {
		t.Errorf("%d canonical boards standing for %d; want 134459 and %d", len(bs), sum, boardsOf5)
	}
}

// TestVsRandomInvariants: against a random hand the 1,326 hands' equities
// average exactly 1/2, and every class's counts add up: the shipped
// matrix's rows, and under -long the table computed (VsRandom, 4 s on two
// cores; TestMatrixData holds the two equal).
func TestVsRandomInvariants(t *testing.T) {
	m, err := LoadMatrix()
	if err != nil {
		t.Fatal(err)
	}
	eq := m.Rows()
	if *long {
		eq = VsRandom()
	}
	sum := new(big.Rat)
	for c := range Class(Classes) {
		x := eq[c]
		if x.Wins < 0 || x.Ties < 0 || x.Wins+x.Ties > x.Total {
			t.Errorf("%v: %+v", c, x)
		}
		sum.Add(sum, new(big.Rat).Mul(x.Fraction(), big.NewRat(int64(c.Combos()), 1326)))
	}
	if sum.Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("the hands' equities average %v, want exactly 1/2", sum)
	}
}

// TestVersusKnown: hand-against-hand equities against published values,
// each to its printed precision, and the two tallies of one matchup sum
// to its boards. Sources: Kevin Gong, "Calling Pre-Flop All-In with KK or
// AK" (2007): AA against KK, suits unknown, 81.946031% (exactly, it is
// 255,121/311,328 = 81.9460505%: his figure is no multiple of a half
// board in 1,712,304, so not an exact enumeration, and is held to 5e-7),
// and by suits shared 82.6%, 81.9%, 81.3%; a PokerStrategy
// forum thread (AKs against QQ, no shared suit) and Equilab as quoted by
// SplitSuit (AKs against TT): 46%.
func TestVersusKnown(t *testing.T) {
	if !*long {
		t.Skip("published heads-up equities by full enumeration (TestEquityAgainstBruteForce keeps an exact check in the default run); -long runs it")
	}
	for _, tc := range []struct {
		a, b      string
		want, tol float64 // equity of a
	}{
		{"AA", "KK", 0.81946031, 5e-7},
		{"AsAh", "KsKh", 0.826, 0.0005},
		{"AsAh", "KsKd", 0.819, 0.0005},
		{"AsAh", "KdKc", 0.813, 0.0005},
		{"AsKs", "QhQd", 0.46, 0.005},
		{"AKs", "TT", 0.46, 0.005},
	} {
		a, _, err := ParseHands(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		b, _, _ := ParseHands(tc.b)
		x, err := Versus(a, b)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := Versus(b, a)
		if x.Total != y.Total || x.Ties != y.Ties || x.Wins+y.Wins+x.Ties != x.Total {
			t.Errorf("%s v %s: %+v and back %+v do not add up", tc.a, tc.b, x, y)
		}
		if math.Abs(x.Equity()-tc.want) > tc.tol {
			t.Errorf("%s v %s: %.8f, want %v within %v", tc.a, tc.b, x.Equity(), tc.want, tc.tol)
		}
	}
}

// TestVersusBrute holds Versus to a brute force with the simple evaluator,
// board by board: every board of 48 cards for two matchups under -long
// (about a minute), the tallies equal; else 20,000 random boards each, every
// one decided alike.
func TestVersusBrute(t *testing.T) {
	if !*long {
		t.Skip("two matchups board by board against the simple evaluator; -long runs it")
	}
	for _, m := range [][2]string{{"AsKs", "QhQd"}, {"7c2d", "8h8s"}} {
		a, _, _ := ParseHands(m[0])
		b, _, _ := ParseHands(m[1])
		x, y := a[0], b[0]
		var deck []Card
		for c := Card(0); c < 52; c++ {
			if (x.mask()|y.mask())&(1<<c) == 0 {
				deck = append(deck, c)
			}
		}
		decide := func(board []Card) int {
			sx := simpleBest(append([]Card{x[0], x[1]}, board...))
			sy := simpleBest(append([]Card{y[0], y[1]}, board...))
			return slices.Compare(sx, sy)
		}
		if !*long {
			rng := rand.New(rand.NewPCG(3, 4))
			for range 20000 {
				rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
				board := deck[:5]
				rx, ry := Eval7(append([]Card{x[0], x[1]}, board...)...), Eval7(append([]Card{y[0], y[1]}, board...)...)
				if cmp3(rx, ry) != decide(board) {
					t.Fatalf("%s v %s on %v: Eval and the simple evaluator disagree", m[0], m[1], board)
				}
			}
			continue
		}
		var mu sync.Mutex
		var brute Tally
		var wg sync.WaitGroup
		for i := range deck {
			wg.Add(1)
			go func() { // the boards whose lowest card is deck[i]
				defer wg.Done()
				var local Tally
				rest := deck[i+1:]
				for j := 0; j < len(rest); j++ {
					for k := j + 1; k < len(rest); k++ {
						for l := k + 1; l < len(rest); l++ {
							for n := l + 1; n < len(rest); n++ {
								switch decide([]Card{deck[i], rest[j], rest[k], rest[l], rest[n]}) {
								case 1:
									local.Wins++
								case 0:
									local.Ties++
								}
								local.Total++
							}
						}
					}
				}
				mu.Lock()
				brute.Add(local)
				mu.Unlock()
			}()
		}
		wg.Wait()
		got, _ := Versus(a, b)
		if got != brute {
			t.Errorf("%s v %s: Versus %+v, brute force %+v", m[0], m[1], got, brute)
		}
	}
}

// TestSuitIsomorphic: matchups alike up to the suits have the same
// tally, dealt out board by board; with -long (about a minute) one
// holding against every hand has its class's tally against a random hand
// over the class's hands, which the CLI uses for a holding.
func TestSuitIsomorphic(t *testing.T) {
	for _, set := range [][2][2]string{
		{{"AsKs", "QhQd"}, {"AhKh", "QsQc"}},
		{{"7c2d", "8h8s"}, {"7h2s", "8d8c"}},
		{{"JsTs", "AsKd"}, {"JdTd", "AdKc"}},
	} {
		var got [2]Tally
		for i, m := range set {
			a, _, _ := ParseHands(m[0])
			b, _, _ := ParseHands(m[1])
			got[i], _ = Versus(a, b)
		}
		if got[0] != got[1] {
			t.Errorf("%v: %+v; %v: %+v", set[0], got[0], set[1], got[1])
		}
	}
	if !*long {
		return
	}
	h, _, _ := ParseHands("AsKs")
	one, err := Versus(h, AllHands())
	if err != nil {
		t.Fatal(err)
	}
	class := VsRandom()[h[0].Class()]
	if 4*one.Wins != class.Wins || 4*one.Ties != class.Ties || 4*one.Total != class.Total {
		t.Errorf("AsKs: %+v; AKs over its 4 hands: %+v", one, class)
	}
}
