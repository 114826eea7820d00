package holdem

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
)

// TestParseRange: each item of the notation gives its hands, once each.
func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		text string
		n    int
	}{
		{"QQ+", 18}, {"22-55", 24}, {"55-22", 24}, {"A2s+", 48}, {"K9o+", 48}, {"KTo-K8o", 36}, {"AK", 16},
		{"AhKh", 1}, {"AKs,QQ+", 22}, {"22+,ATs+", 94}, {"AKs, AKs, AsKs", 4}, {"qq+", 18}, {"72o", 12},
	} {
		r, err := ParseRange(c.text)
		if err != nil || len(r.Hands) != c.n {
			t.Errorf("ParseRange(%q) = %d hands, %v; want %d", c.text, len(r.Hands), err, c.n)
		}
	}
	for _, bad := range []string{"", "QQ,", "Q", "AKx", "KTo-Q8o", "AKs-AQo", "22-AKs", "AsAs", "ZZ+"} {
		if _, err := ParseRange(bad); err == nil {
			t.Errorf("ParseRange(%q): no error", bad)
		}
	}
}

// bruteEquity is an independent enumeration: every deal of one hand a
// player from its list, every board completion, dead cards kept off both,
// each seven cards ranked by the simple best-of-21 evaluator.
func bruteEquity(lists [][]Hand, board, dead []Card) []float64 {
	out := append(append([]Card{}, board...), dead...) // no player holds these
	n := len(lists)
	share := make([]float64, n)
	total := 0.0
	var deal func(i int, hands []Hand)
	deal = func(i int, hands []Hand) {
		if i < n {
			for _, h := range lists[i] {
				ok := !slices.Contains(out, h[0]) && !slices.Contains(out, h[1])
				for _, g := range hands {
					ok = ok && h[0] != g[0] && h[0] != g[1] && h[1] != g[0] && h[1] != g[1]
				}
				if ok {
					deal(i+1, append(hands, h))
				}
			}
			return
		}
		var rest []Card
		for c := Card(0); c < 52; c++ {
			taken := slices.Contains(out, c)
			for _, h := range hands {
				taken = taken || h[0] == c || h[1] == c
			}
			if !taken {
				rest = append(rest, c)
			}
		}
		var rec func(start int, b []Card)
		rec = func(start int, b []Card) {
			if len(b) == 5 {
				bruteShowdown(hands, b, share)
				total++
				return
			}
			for j := start; j < len(rest); j++ {
				rec(j+1, append(b, rest[j]))
			}
		}
		rec(0, append([]Card{}, board...))
	}
	deal(0, nil)
	for i := range share {
		share[i] /= total
	}
	return share
}

// bruteShowdown adds a board's showdown to share: the best hands by the
// simple evaluator split the pot.
func bruteShowdown(hands []Hand, board []Card, share []float64) {
	var best []int
	var winners []int
	for k, h := range hands {
		r := simpleBest(append([]Card{h[0], h[1]}, board...))
		switch c := slices.Compare(r, best); {
		case best == nil || c > 0:
			best, winners = r, []int{k}
		case c == 0:
			winners = append(winners, k)
		}
	}
	for _, k := range winners {
		share[k] += 1 / float64(len(winners))
	}
}

func cards(t *testing.T, s ...string) []Card {
	var out []Card
	for _, x := range s {
		c, err := ParseCard(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// TestEquityAgainstBruteForce: exact equities equal an independent
// enumeration with the simple evaluator, for ranges on a turn, three
// players on a flop, and a dead card; and a range's equity is its hands'
// equities weighed by the deals each takes part in.
func TestEquityAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		ranges []string
		board  []string
		dead   []string
	}{
		{[]string{"AKs,QQ+", "22+,ATs+"}, []string{"Kh", "7d", "2c", "9s"}, nil},
		{[]string{"AhKh", "QsQd", "JcTc"}, []string{"Kc", "7d", "2s"}, nil},
		{[]string{"AA,KK", "AKo"}, []string{"Qh", "Jh", "2c", "3d"}, []string{"Th"}},
	} {
		var rs []Range
		var lists [][]Hand
		for _, s := range c.ranges {
			r, err := ParseRange(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
		board, dead := cards(t, c.board...), cards(t, c.dead...)
		for _, r := range rs {
			lists = append(lists, r.Hands)
		}
		got, err := Equity(context.Background(), rs, board, dead, 0, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteEquity(lists, board, dead)
		if !got.Exact {
			t.Fatalf("%v on %v: not exact", c.ranges, c.board)
		}
		for i := range want {
			if math.Abs(got.Players[i].Equity-want[i]) > 1e-12 {
				t.Errorf("%v on %v, dead %v: player %d %.12f, brute force %.12f", c.ranges, c.board, c.dead, i+1, got.Players[i].Equity, want[i])
			}
		}
	}
}

// TestEquitySimulated: preflop range against range is beyond the exact
// budget and simulated; it lands within 4 SE of the exact hand-against-
// hand figure where the ranges are single hands, and the same seed gives
// the same figures.
func TestEquitySimulated(t *testing.T) {
	a, _ := ParseRange("AKs,QQ+")
	b, _ := ParseRange("22+,ATs+")
	r1, err := Equity(context.Background(), []Range{a, b}, nil, nil, 200_000, 3, nil)
	if err != nil || r1.Exact || r1.Players[0].SE <= 0 {
		t.Fatalf("preflop ranges: %+v, %v; want simulated with an SE", r1, err)
	}
	r2, _ := Equity(context.Background(), []Range{a, b}, nil, nil, 200_000, 3, nil)
	if r1.Players[0] != r2.Players[0] {
		t.Errorf("the same seed gave %+v and %+v", r1.Players[0], r2.Players[0])
	}
	if s := r1.Players[0].Equity + r1.Players[1].Equity; math.Abs(s-1) > 1e-9 {
		t.Errorf("equities sum to %v", s)
	}
	aa, _ := ParseRange("AsAh")
	kk, _ := ParseRange("KsKd")
	exact, _ := Equity(context.Background(), []Range{aa, kk}, nil, nil, 0, 1, nil)
	if !exact.Exact || math.Abs(exact.Players[0].Equity-0.8187) > 0.001 {
		t.Errorf("AsAh v KsKd exact: %+v", exact)
	}
}

// FuzzParseRange: the range parser refuses what it cannot read with a
// message and never panics; a range it accepts holds distinct hands of
// two different cards.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"QQ+", "22-55", "A2s+,KTo-K8o", "AhKh", "AK", "", ",", "KTo-Q8o", "QQ+,AK,72o", "AKs:0.5,QQ+:1", "AA:1e-3", "KK:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			return
		}
		seen := map[Hand]bool{}
		for k, h := range r.Hands {
			if h[0] == h[1] || h[0] > 51 || h[1] > 51 || seen[h] {
				t.Errorf("ParseRange(%q): hand %v", s, h)
			}
			if w := r.weight(k); !(w > 0 && w <= 1) || len(r.Weights) != len(r.Hands) {
				t.Errorf("ParseRange(%q): hand %v at weight %v (%d weights)", s, h, w, len(r.Weights))
			}
			seen[h] = true
		}
		if len(r.Hands) == 0 {
			t.Errorf("ParseRange(%q): no hands and no error", s)
		}
	})
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"Kh7d2c", "Kh 7d 2c", "Th", "", "Xx", "AhAhAhAhAhAhAhAh", "Kh,7d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseCards(s)
		if err != nil {
			return
		}
		if len(cs) > 7 {
			t.Errorf("%q: %d cards", s, len(cs))
		}
	})
}

// TestEquityBoundedAndStopped: whether to enumerate is decided without
// counting every deal (six 22+ ranges have about 10^11; the count stops
// at the limit), and a run whose context has ended stops with its error.
func TestEquityBoundedAndStopped(t *testing.T) {
	var ranges []Range
	for range 6 {
		r, err := ParseRange("22+")
		if err != nil {
			t.Fatal(err)
		}
		ranges = append(ranges, r)
	}
	live := make([][]Hand, len(ranges))
	for i, r := range ranges {
		live[i] = r.Hands
	}
	if n := countDeals(live, 0, 1000); n != 1000 {
		t.Errorf("six 22+ ranges, deals counted to 1000: %d", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Equity(ctx, ranges, nil, nil, 1_000_000, 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a simulated equity with its context ended: %v, want context.Canceled", err)
	}
	if _, err := Equity(ctx, ranges[:2], nil, nil, 1_000, 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("an exact equity with its context ended: %v, want context.Canceled", err)
	}
	var calls, last, whole int64
	if _, err := Equity(context.Background(), ranges, nil, nil, 50_000, 1, func(done, total int64) { calls, last, whole = calls+1, done, total }); err != nil || calls == 0 || last != whole || whole != 50_000 {
		t.Errorf("progress: %d calls, last %d of %d (%v); want the trials done", calls, last, whole, err)
	}
}
