package solve

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
)

// ruleGrid returns a spread of rule sets covering every token of the rule
// language at least once.
func ruleGrid(decks string) []string {
	var grid []string
	for _, base := range []string{
		"S17 DOA DAS SPL3 NS 3:2 PEEK",
		"H17 DOA DAS SPL3 LS 3:2 PEEK",
		"S17 D10 NDAS SPL1 ES 6:5 ENHC",
		"H17 D9 DAS SPL2 RSA HSA LS 1:1 OBO",
		"S17 NDD NDAS SPL3 RSA ES 2:1 PEEK",
		"H17 DOA DAS SPL3 HSA NS 3:2 ENHC",
	} {
		grid = append(grid, decks+" "+base)
	}
	return grid
}

func TestDealerSumsToOne(t *testing.T) {
	for _, rules := range ruleGrid("INF") {
		tab := mustSolve(t, rules)
		for i, d := range tab.Dealer {
			if s := d.Sum(); math.Abs(s-1) > 1e-12 {
				t.Errorf("%s: dealer up %v outcomes sum to %.15f", rules, Rank(i+1), s)
			}
			if s := d.NoBlackjack().Sum(); math.Abs(s-1) > 1e-12 {
				t.Errorf("%s: dealer up %v outcomes given no blackjack sum to %.15f", rules, Rank(i+1), s)
			}
		}
		// Blackjack only under an ace or a ten: P = 4/13 and 1/13.
		if got := tab.Dealer[0][DealerBlackjack]; math.Abs(got-4.0/13) > 1e-15 {
			t.Errorf("P(blackjack | A) = %v, want 4/13", got)
		}
		if got := tab.Dealer[9][DealerBlackjack]; math.Abs(got-1.0/13) > 1e-15 {
			t.Errorf("P(blackjack | T) = %v, want 1/13", got)
		}
	}
}

func TestCellInvariants(t *testing.T) {
	for _, rules := range ruleGrid("INF") {
		tab := mustSolve(t, rules)
		for _, up := range UpCards {
			prev := math.Inf(-1)
			for total := 4; total <= 21; total++ {
				c := tab.Cell(Hard, itoa(total), up)
				if c.EV[Stand] < prev-1e-15 {
					t.Errorf("%s: stand %d v %v = %v, below stand %d = %v", rules, total, up, c.EV[Stand], total-1, prev)
				}
				prev = c.EV[Stand]
			}
		}
		for i := range tab.Cells {
			c := &tab.Cells[i]
			hard21 := c.Table == Hard && c.Hand == "21" // no two-card hand: stand or hit only
			if c.Legal[Surrender] && tab.Conditioning == NoDealerBlackjack && c.EV[Surrender] != -0.5 {
				t.Errorf("%s: surrender %s v %v = %v, want -0.5", rules, c.Hand, c.Up, c.EV[Surrender])
			}
			if c.Legal[Surrender] != (tab.Rules.Surrender != NoSurrender && !hard21) {
				t.Errorf("%s: surrender legal = %v for %s v %v", rules, c.Legal[Surrender], c.Hand, c.Up)
			}
			if c.Legal[Split] != (c.Table == Pairs) {
				t.Errorf("%s: split legal = %v for %v %s", rules, c.Legal[Split], c.Table, c.Hand)
			}
			for _, a := range Actions {
				if c.Legal[a] && (c.EV[a] > c.Best()+1e-15 || c.EV[a] < -4.0-1e-12 || c.EV[a] > 4.0) {
					t.Errorf("%s: %v %s v %v: %v = %v, best %v", rules, c.Table, c.Hand, c.Up, a, c.EV[a], c.Best())
				}
			}
			if c.Margin < 0 {
				t.Errorf("%s: %s v %v margin %v < 0", rules, c.Hand, c.Up, c.Margin)
			}
		}
	}
}

// TestRuleDirections checks that each rule moves the round's EV the way it
// should, and by the right amount where that is known in closed form.
func TestRuleDirections(t *testing.T) {
	if !*long {
		t.Skip("every rule changed alone on several games; -long runs it")
	}
	ev := func(rules string) float64 { return mustSolve(t, rules).EV }
	worse := []struct{ better, worse string }{
		{"INF S17", "INF H17"},
		{"INF PEEK", "INF ENHC"},
		{"INF OBO", "INF ENHC"},
		{"INF DAS", "INF NDAS"},
		{"INF SPL3", "INF SPL2"},
		{"INF SPL2", "INF SPL1"},
		{"INF RSA", "INF"},
		{"INF HSA", "INF"},
		{"INF LS", "INF NS"},
		{"INF ES", "INF LS"},
		{"INF DOA", "INF D9"},
		{"INF D9", "INF D10"},
		{"INF D10", "INF NDD"},
		{"INF 2:1", "INF 3:2"},
		{"INF 3:2", "INF 6:5"},
		{"INF 6:5", "INF 1:1"},
		{"INF", "INF TIESLOSE"},
		{"2D H17 ENHC", "2D H17 ENHC TIESLOSE"},
		{"2D 5CC", "2D 6CC"},
		{"2D 6CC", "2D 7CC"},
		{"2D 7CC", "2D"},
		{"1D ENHC 5CC", "1D ENHC"},
		{"INF P21WINS", "INF"},
		{"2D DHIT16=0.5", "2D"}, // a dealer standing on 16 helps the player
		{"2D DHIT17=0.5", "2D"}, // hitting 17 hurts
		{"INF DHIT17=0.5", "INF"},
		{"INF", "INF PUSH22"},
		{"2D ENHC", "2D ENHC PUSH22"},
		{"INF DHIT16=0", "INF DHIT16=0.5"}, // always standing on 16 helps more
		{"INF", "INF SPANISH"},
		{"2D 5C21=3:2", "2D"},
		{"2D 5C21=2:1", "2D 5C21=3:2"},
		{"2D", "2D SPANISH"},
		{"6D DECK=4-4-4-4-4-4-4-4-4-18", "6D"},
		{"INF TIESLOSE P21WINS", "INF TIESLOSE"},
	}
	for _, w := range worse {
		if !*long && strings.HasPrefix(w.better, "6D") {
			continue // six decks with -long only
		}
		if !*long && strings.HasPrefix(w.better, "2D") && strings.HasPrefix(w.worse, "2D") {
			w.better, w.worse = "1D"+w.better[2:], "1D"+w.worse[2:] // one deck solves in a fraction of two's time
		}
		if b, x := ev(w.better), ev(w.worse); !(x < b) {
			t.Errorf("EV(%s) = %.6f%%, not below EV(%s) = %.6f%%", w.worse, 100*x, w.better, 100*b)
		}
	}
	// DANY and RESCUE are the best play's: each raises it and leaves the
	// chart's EV (two-card doubles, no rescue) as it was, to the bit.
	for _, base := range []string{"INF H17 LS", "2D S17 DAS", "1D H17 NDAS ENHC"} {
		plain := mustSolve(t, base)
		for _, extra := range []string{" DANY", " RESCUE"} {
			with := mustSolve(t, base+extra)
			if with.EV != plain.EV {
				t.Errorf("%s: chart EV %.9f%%, without %.9f%%; want equal", base+extra, 100*with.EV, 100*plain.EV)
			}
			if !(with.CDEV[CDZMinus] > plain.CDEV[CDZMinus]) {
				t.Errorf("%s: best play %.6f%%, not above %.6f%% without it", base+extra, 100*with.CDEV[CDZMinus], 100*plain.CDEV[CDZMinus])
			}
		}
	}
	// OBO differs from PEEK only in when the blackjack is revealed, which
	// does not change any decision without early surrender.
	if a, b := ev("INF OBO"), ev("INF PEEK"); math.Abs(a-b) > 1e-15 {
		t.Errorf("EV(OBO) = %v, EV(PEEK) = %v, want equal", a, b)
	}
	// The payout changes the EV by the change in payout times P(player
	// blackjack, dealer none): 2 x 4/13 x 1/13 x (1 - P(dealer blackjack)).
	pbj := 2 * (1.0 / 13) * (4.0 / 13)
	pboth := pbj * pbj
	if got, want := ev("INF 3:2")-ev("INF 6:5"), (1.5-1.2)*(pbj-pboth); math.Abs(got-want) > 1e-15 {
		t.Errorf("EV(3:2) - EV(6:5) = %.12f, want %.12f", got, want)
	}
}

// TestTiesLoseWhereNoTie: where no tie can happen, TIESLOSE changes
// nothing. Standing on 16 or less never ties (the dealer ends on 17 or
// more), so every such stand EV is the same with and without it, to the
// last bit, finite and infinite. A player blackjack under a peek against
// a 2-9 cannot meet a dealer blackjack either: the round EV's change is
// all in the cells and the blackjacks against an ace or a ten.
func TestTiesLoseWhereNoTie(t *testing.T) {
	if !*long {
		t.Skip("TIESLOSE against games without ties; -long runs it")
	}
	for _, rules := range []string{"INF S17 DAS", "2D H17 DAS SPL3 LS", "1D S17 ENHC"} {
		push, lose := mustSolve(t, rules), mustSolve(t, rules+" TIESLOSE")
		n := 0
		for i := range push.Cells {
			c, d := &push.Cells[i], &lose.Cells[i]
			total, _, _ := handCards(c.Table, c.Hand)
			if c.Table == Pairs || effective(total, c.Table == Soft) > 16 {
				continue
			}
			if c.EV[Stand] != d.EV[Stand] {
				t.Errorf("%s: stand on %s %s v %v: %v, TIESLOSE %v", rules, c.Table, c.Hand, c.Up, c.EV[Stand], d.EV[Stand])
			}
			n++
		}
		if n < 100 {
			t.Errorf("%s: %d cells checked", rules, n)
		}
	}
}

func itoa(n int) string { return Rows(Hard)[n-4] }

// TestMarginPerDecision checks that finite-shoe margins are per decision,
// like the cells' EVs: a pair row decides only its two-card pair (split
// hands at the limit take their hard row), so its margin is exactly the
// EV of the chart's action less the best other action's, in the table's
// conditioning (under a peek, against A and T too).
func TestMarginPerDecision(t *testing.T) {
	for _, rules := range []string{"2D S17 DAS SPL3 LS PEEK", "2D H17 NDAS SPL1 ENHC"} {
		tab := mustSolve(t, rules)
		for _, c := range tab.Cells {
			if c.Table != Pairs {
				continue
			}
			other := math.Inf(-1)
			for _, a := range Actions {
				if c.Legal[a] && a != c.Code.Best {
					other = max(other, c.EV[a])
				}
			}
			if want := c.EV[c.Code.Best] - other; math.Abs(c.Margin-want) > 1e-9 {
				t.Errorf("%s: %s v %v margin %.9f, want %.9f", rules, c.Hand, c.Up, c.Margin, want)
			}
		}
	}
}

// TestHandFreqSumsToOne checks the two-card starts' frequencies: without a
// peek every start but a player blackjack is decided, so they sum to
// 1 - P(player blackjack).
func TestHandFreqSumsToOne(t *testing.T) {
	tab := mustSolve(t, "2D H17 ENHC")
	sum := 0.0
	for _, h := range tab.Hands {
		sum += h.Freq
	}
	n := float64(tab.Shoe.Total())
	bj := 2 * float64(tab.Shoe.Counts[0]) / n * float64(tab.Shoe.Counts[9]) / (n - 1)
	if math.Abs(sum+bj-1) > 1e-12 {
		t.Errorf("hands' frequencies sum to %.15f; want 1 - P(blackjack) = %.15f", sum, 1-bj)
	}
}

// TestCacheLendsDistributions: rule sets with fewer splits or a Charlie,
// solved after the game with one Cache, take the dealer's distributions
// from the game's layout (its donor); resplit aces take those the game
// holds and contract only the split aces' compositions with more aces
// out; the game without a hole card takes the peeked game's with the
// blackjack added; each equals its own solve without a cache to the last
// bit. A blackjack's chance left out of the hole-card game, or a
// composition taken from the wrong place or left uncontracted, would move
// its EVs.
func TestCacheLendsDistributions(t *testing.T) {
	cache := NewCache()
	game := "2D S17 DAS NS"
	for _, rs := range []string{game, "2D S17 DAS SPL1 NS", "2D S17 DAS NS 5CC", "2D S17 DAS NS ENHC", "2D S17 DAS NS RSA"} {
		r, _ := ParseRules(rs)
		shared, err := SolveWith(context.Background(), r, Options{Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		own := mustSolve(t, rs)
		if shared.EV != own.EV || shared.CDEV != own.CDEV || !slices.Equal(shared.Cells, own.Cells) {
			t.Errorf("%s: solved after %s with one cache EV %.17f, alone %.17f", rs, game, shared.EV, own.EV)
		}
	}
	lent, partly := 0, 0
	for _, l := range cache.layouts {
		if l.donor != nil {
			lent++
		}
		if l.unheld == nil {
			continue
		}
		partly++
		r, _ := ParseRules("2D S17 DAS NS RSA")
		for _, up := range []Rank{1, 2, 10} { // the lent and contracted distributions, against the whole walk
			f := newFiniteUp(r, l, up)
			if whole := f.contract(); !slices.Equal(f.dist, whole) {
				t.Errorf("RSA v %d: the distributions taken partly from the game's differ from the layout's own", up)
			}
		}
	}
	if lent != 3 || partly != 1 {
		t.Errorf("%d layouts took the game's distributions, %d of them some only; want 3 (SPL1, 5CC, RSA), 1 (RSA)", lent, partly)
	}
}

// TestCacheSharesWork solves rule sets that share a shoe concurrently with
// one Cache and checks every number against solves without it.
func TestCacheSharesWork(t *testing.T) {
	if !*long {
		t.Skip("solves with and without a shared cache compared; -long runs it")
	}
	rules := []string{"1D S17 DAS NS", "1D S17 NDAS LS", "1D H17 DAS NS", "1D S17 DAS NS ENHC", "1D S17 DAS NS 6:5", "1D S17 DAS SPL1 NS"}
	cache := NewCache()
	shared := solveAtOnce(t, rules, func(int) Options { return Options{Cache: cache} })
	if n := len(cache.layouts); n != 2 {
		t.Errorf("%d layouts cached, want 2 (SPL3 and SPL1)", n)
	}
	for i, rs := range rules {
		own := mustSolve(t, rs)
		if shared[i].EV != own.EV || shared[i].CDEV != own.CDEV || !slices.Equal(shared[i].Cells, own.Cells) {
			t.Errorf("%s: solved with a shared cache EV %.15f, alone %.15f", rs, shared[i].EV, own.EV)
		}
	}
}

// TestCacheKeepsNodeValues: with a Cache that keeps node values (Effects,
// a grid), rule sets solved concurrently after the game take the game's
// node values where they stand alike (another doubling, DAS, surrender
// or payout) and value their own where they do not (ties, a 21's pay,
// the dealer, a Charlie's layout, no hole card); every number equals
// each one's own solve without a cache to the last bit. A stand rule left
// out of standRules would hand TIESLOSE or P21WINS the game's values and
// move their EVs.
func TestCacheKeepsNodeValues(t *testing.T) {
	cache := NewCache()
	cache.keepValues = true
	game := "1D S17 DAS NS"
	g, _ := ParseRules(game)
	if _, err := SolveWith(context.Background(), g, Options{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	rules := []string{"1D S17 NDAS LS", "1D S17 DAS NS D10", "1D S17 DAS ES 6:5", "1D S17 DAS NS TIESLOSE",
		"1D S17 DAS NS P21WINS", "1D H17 DAS NS", "1D S17 DAS NS 5CC", "1D S17 DAS NS ENHC"}
	shared := solveAtOnce(t, rules, func(i int) Options { return Options{Cache: cache, HandsOnly: i%2 == 1} })
	for i, rs := range rules {
		r, _ := ParseRules(rs)
		own, err := SolveWith(context.Background(), r, Options{HandsOnly: i%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		if shared[i].EV != own.EV || !sameBits(shared[i].CDEV, own.CDEV) || !slices.Equal(shared[i].Cells, own.Cells) ||
			!slices.EqualFunc(shared[i].Hands, own.Hands, func(a, b Hand) bool { return a.EV == b.EV && a.Best == b.Best }) {
			t.Errorf("%s: solved after %s with a cache keeping node values EV %.17f, alone %.17f", rs, game, shared[i].EV, own.EV)
		}
	}
	// Which solves the kept values serve: those whose hands stand alike.
	lay := cache.first[g.FullShoe().Counts]
	if lay == nil || !lay.keep || len(lay.kept) == 0 {
		t.Fatalf("the game's layout keeps no node values")
	}
	for _, c := range []struct {
		rules string
		kept  bool
	}{{"1D S17 NDAS LS", true}, {"1D S17 DAS NS 6:5", true}, {"1D S17 DAS NS TIESLOSE", false}, {"1D H17 DAS NS", false}} {
		r, _ := ParseRules(c.rules)
		x := newFiniteUpIn(r, lay, 6, nil).valued(lay.base)
		if x.kept != c.kept {
			t.Errorf("%s: took the game's node values %v, want %v", c.rules, x.kept, c.kept)
		}
	}
}

// solveAtOnce solves the rule sets concurrently, each with opt(i).
func solveAtOnce(t *testing.T, rules []string, opt func(i int) Options) []*Table {
	t.Helper()
	out := make([]*Table, len(rules))
	var wg sync.WaitGroup
	for i, rs := range rules {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := ParseRules(rs)
			if err != nil {
				t.Error(err)
				return
			}
			if out[i], err = SolveWith(context.Background(), r, opt(i)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	return out
}

// sameBits reports whether two CD EVs are the same to the bit (a
// HandsOnly solve's NaN for the strategy it does not value included).
func sameBits(a, b [2]float64) bool {
	return math.Float64bits(a[0]) == math.Float64bits(b[0]) && math.Float64bits(a[1]) == math.Float64bits(b[1])
}
