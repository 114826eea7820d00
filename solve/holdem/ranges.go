package holdem

import (
	"bjchart/solve/panics"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// A Range is a set of hands a player may hold, each with a weight: how
// likely the player is to hold it when the cards allow, against a weight
// of 1 ("AKs:0.5" is held half as often as a hand of weight 1).
type Range struct {
	Text    string    // as given
	Hands   []Hand    // each once, in a fixed order
	Weights []float64 // Hands' weights, in (0, 1]
}

// MaxRangeText bounds a range's text.
const MaxRangeText = 2000

// ParseRange reads a range in the usual notation, items separated by
// commas: a pair ("QQ"), pairs from one up ("QQ+") or between two
// ("22-55"); suited or offsuit hands ("AKs", "KQo", or "AK" for both);
// the kicker from one up to just below the high card ("A2s+", "K9o+") or
// between two ("KTo-K8o"); a specific hand ("AhKh"); any item with a
// weight after a colon, from 0 (not included) to 1 ("AKs:0.5",
// "QQ+:0.25"; 1 without one). Case aside for the ranks; a hand named
// twice counts once, at its first weight.
func ParseRange(s string) (Range, error) {
	if len(s) > MaxRangeText {
		return Range{}, fmt.Errorf("range of %d characters: at most %d", len(s), MaxRangeText)
	}
	r := Range{Text: strings.TrimSpace(s)}
	seen := map[Hand]bool{}
	add := func(w float64, hs ...Hand) {
		for _, h := range hs {
			if !seen[h] {
				seen[h] = true
				r.Hands = append(r.Hands, h)
				r.Weights = append(r.Weights, w)
			}
		}
	}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return Range{}, fmt.Errorf("range %q: an empty item; want items such as QQ+, AKs, A2s+, KTo-K8o, AhKh, AKs:0.5 separated by commas", quote(s))
		}
		w := 1.0
		if hands, weight, ok := strings.Cut(item, ":"); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(weight), 64)
			if err != nil || !(v > 0 && v <= 1) {
				return Range{}, fmt.Errorf("range item %q: the weight %q: want a number above 0, at most 1 (AKs:0.5)", quote(item), quote(weight))
			}
			item, w = strings.TrimSpace(hands), v
		}
		hs, err := rangeItem(item)
		if err != nil {
			return Range{}, fmt.Errorf("range item %q: %v", quote(item), err)
		}
		add(w, hs...)
	}
	return r, nil
}

// rangeItem reads one item of a range.
func rangeItem(item string) ([]Hand, error) {
	const want = "want a class (QQ, AKs, KQo, AK), a class and + (QQ+, A2s+), two classes with - (22-55, KTo-K8o) or a hand (AhKh)"
	if len(item) == 4 && !strings.ContainsAny(item, "+-") { // two cards
		if hs, _, err := ParseHands(item); err == nil {
			return hs, nil
		}
	}
	classes := func(text string) ([]Class, error) { // "AK" is both suits
		if len(text) == 2 && text[0] != text[1] && strings.ToUpper(text[:1]) != strings.ToUpper(text[1:]) {
			s, err1 := ParseClass(text + "s")
			o, err2 := ParseClass(text + "o")
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s", want)
			}
			return []Class{s, o}, nil
		}
		c, err := ParseClass(text)
		if err != nil {
			return nil, fmt.Errorf("%s", want)
		}
		return []Class{c}, nil
	}
	var out []Class
	switch {
	case strings.HasSuffix(item, "+"):
		base, err := classes(strings.TrimSuffix(item, "+"))
		if err != nil {
			return nil, err
		}
		for _, c := range base {
			hi, lo, suited := c.Ranks()
			if hi == lo { // pairs up to aces
				for r := lo; r <= 12; r++ {
					out = append(out, NewClass(r, r, false))
				}
				continue
			}
			for k := lo; k < hi; k++ { // the kicker up to just below the high card
				out = append(out, NewClass(hi, k, suited))
			}
		}
	case strings.Contains(item, "-"):
		a, b, _ := strings.Cut(item, "-")
		ca, err1 := classes(a)
		cb, err2 := classes(b)
		if err1 != nil || err2 != nil || len(ca) != len(cb) {
			return nil, fmt.Errorf("%s", want)
		}
		for i := range ca {
			h1, l1, s1 := ca[i].Ranks()
			h2, l2, s2 := cb[i].Ranks()
			switch {
			case h1 == l1 && h2 == l2: // pairs between the two
				for r := min(l1, l2); r <= max(l1, l2); r++ {
					out = append(out, NewClass(r, r, false))
				}
			case h1 == h2 && s1 == s2 && h1 != l1 && h2 != l2: // one high card, kickers between
				for k := min(l1, l2); k <= max(l1, l2); k++ {
					out = append(out, NewClass(h1, k, s1))
				}
			default:
				return nil, fmt.Errorf("a span is of pairs (22-55) or of one high card's kickers, alike suited (KTo-K8o)")
			}
		}
	default:
		c, err := classes(item)
		if err != nil {
			return nil, err
		}
		out = c
	}
	var hs []Hand
	for _, c := range out {
		hs = append(hs, c.Hands()...)
	}
	return hs, nil
}

// A Share is one player's result of an equity computation: the share of
// the pot won (ties split), and the share of deals won outright and tied,
// each with its standard error (0 when exact).
type Share struct {
	Equity, Win, Tie float64
	SE               float64
}

// An EquityResult is ranges' equities against each other with a board.
type EquityResult struct {
	Players []Share
	Exact   bool  // every deal and every board enumerated; else simulated
	Deals   int64 // deals of the players' hands (exact) or trials (simulated)
	Boards  int64 // boards per deal (exact)
	Seed    uint64
}

// MaxExactEvaluations bounds an exact equity: deals x boards x players.
// Beyond it Equity simulates.
const MaxExactEvaluations = 150_000_000

// Equity is the share of the pot of each range against the others with a
// board of 0, 3, 4 or 5 cards and dead cards: every way to deal the
// players one hand each from their ranges without a card in common or on
// the board or dead (each way equally likely), and every board completed
// from the cards left. It is exact by enumeration where that takes at most
// MaxExactEvaluations hand evaluations, else simulated over trials random
// deals (seeded: the same seed gives the same figures).
//
// It stops, with ctx's error, when ctx ends; progress (nil: none) is
// called with the work done of the whole, from one goroutine at a time.
func Equity(ctx context.Context, ranges []Range, board, dead []Card, trials int64, seed uint64, progress func(done, total int64)) (EquityResult, error) {
	if progress == nil {
		progress = func(int64, int64) {}
	}
	if len(ranges) < 2 || len(ranges) > 9 {
		return EquityResult{}, fmt.Errorf("%d ranges: want 2 to 9 players", len(ranges))
	}
	switch len(board) {
	case 0, 3, 4, 5:
	default:
		return EquityResult{}, fmt.Errorf("a board of %d cards: want 0, 3, 4 or 5", len(board))
	}
	var used uint64
	for _, c := range append(append([]Card{}, board...), dead...) {
		if used&(1<<c) != 0 {
			return EquityResult{}, fmt.Errorf("card %v twice on the board and among the dead cards", c)
		}
		used |= 1 << c
	}
	// Each range without the hands the board and dead cards rule out.
	live := make([][]Hand, len(ranges))
	weights := make([][]float64, len(ranges))
	for i, r := range ranges {
		for k, h := range r.Hands {
			if h.mask()&used == 0 {
				live[i] = append(live[i], h)
				weights[i] = append(weights[i], r.weight(k))
			}
		}
		if len(live[i]) == 0 {
			return EquityResult{}, fmt.Errorf("range %d (%s): every hand holds a card of the board or the dead cards", i+1, ranges[i].Text)
		}
	}
	left := 52 - bitsSet(used) - 2*len(ranges)
	boards := choose(left, 5-len(board))
	// The deals are counted only as far as an exact enumeration could go:
	// six players' ranges of 78 hands each would be 10^11 deals to count.
	exactDeals := int64(MaxExactEvaluations / (float64(max(boards, 1)) * float64(len(ranges))))
	deals := countDeals(live, used, exactDeals+1)
	if deals == 0 {
		return EquityResult{}, fmt.Errorf("no deal gives every player a hand: the ranges share every card")
	}
	if deals <= exactDeals {
		res := exactEquity(ctx, live, weights, board, used, deals, boards, progress)
		return res, ctx.Err()
	}
	if trials < 1 {
		return EquityResult{}, fmt.Errorf("%d trials: want at least 1", trials)
	}
	return simulateEquity(ctx, live, weights, board, used, trials, seed, progress)
}

// MaxDealTries bounds a simulated equity's work: the random deals it
// tries (a deal whose hands clash is tried again) are at most this many
// times its trials; ranges that clash more often are refused, with how
// rarely they deal, rather than left to run for hours.
const MaxDealTries = 200

// weight is hand k's weight: 1 where the range gives none.
func (r Range) weight(k int) float64 {
	if k < len(r.Weights) {
		return r.Weights[k]
	}
	return 1
}

func bitsSet(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func choose(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	r := int64(1)
	for i := 0; i < k; i++ {
		r = r * int64(n-i) / int64(i+1)
	}
	return r
}

// countDeals counts the ways to give each player a hand of its list with
// no card in common or in used, up to limit (a count of limit means
// limit or more).
func countDeals(live [][]Hand, used uint64, limit int64) int64 {
	var n int64
	var rec func(i int, used uint64)
	rec = func(i int, used uint64) {
		if i == len(live) {
			n++
			return
		}
		for _, h := range live[i] {
			if n >= limit {
				return
			}
			if h.mask()&used == 0 {
				rec(i+1, used|h.mask())
			}
		}
	}
	rec(0, used)
	return n
}

// showdown adds one board's result, at weight wt, to the players'
// tallies: the best hands share the pot.
func showdown(hands []Hand, board set, ranks []Rank, wins, ties []float64, share []float64, wt float64) {
	best := Rank(0)
	for i, h := range hands {
		ranks[i] = board.evalWith(h)
		best = max(best, ranks[i])
	}
	n := 0
	for _, r := range ranks {
		if r == best {
			n++
		}
	}
	for i, r := range ranks {
		if r == best {
			share[i] += wt / float64(n)
			if n == 1 {
				wins[i] += wt
			} else {
				ties[i] += wt
			}
		}
	}
}

// exactEquity enumerates every deal and every board, the first player's
// hands split among the cores; a deal counts at the product of its
// hands' weights.
func exactEquity(ctx context.Context, live [][]Hand, weights [][]float64, board []Card, used uint64, deals, boards int64, progress func(done, total int64)) EquityResult {
	n := len(live)
	type sums struct {
		share, wins, ties []float64
		weight            float64 // the deals' weights, summed
	}
	workers := runtime.GOMAXPROCS(0)
	parts := make([]sums, workers)
	var wg panics.Group // a worker's panic raised again by Wait
	var mu sync.Mutex   // progress, one goroutine at a time
	var dealt int64
	for w := range workers {
		parts[w] = sums{share: make([]float64, n), wins: make([]float64, n), ties: make([]float64, n)}
		wg.Go(func() {
			p := &parts[w]
			hands, ranks := make([]Hand, n), make([]Rank, n)
			var deal func(i int, used uint64, wt float64)
			deal = func(i int, used uint64, wt float64) {
				if i == n {
					if ctx.Err() != nil {
						return // stopped: the caller returns ctx's error
					}
					p.weight += wt
					forEachBoard(board, used, func(b set) { showdown(hands, b, ranks, p.wins, p.ties, p.share, wt) })
					mu.Lock()
					dealt++
					progress(dealt, deals)
					mu.Unlock()
					return
				}
				for k, h := range live[i] {
					if i == 0 && k%workers != w {
						continue
					}
					if h.mask()&used == 0 {
						hands[i] = h
						deal(i+1, used|h.mask(), wt*weights[i][k])
					}
				}
			}
			deal(0, used, 1)
		})
	}
	wg.Wait()
	res := EquityResult{Players: make([]Share, n), Exact: true, Deals: deals, Boards: boards}
	var weight float64
	for _, p := range parts {
		weight += p.weight
	}
	total := weight * float64(boards)
	for i := range n {
		var s Share
		for _, p := range parts {
			s.Equity += p.share[i]
			s.Win += p.wins[i]
			s.Tie += p.ties[i]
		}
		s.Equity, s.Win, s.Tie = s.Equity/total, s.Win/total, s.Tie/total
		res.Players[i] = s
	}
	return res
}

// forEachBoard calls f with every completion of board from the cards not
// in used.
func forEachBoard(board []Card, used uint64, f func(set)) {
	var base set
	for _, c := range board {
		base.add(c)
	}
	var rest []Card
	for c := Card(0); c < 52; c++ {
		if used&(1<<c) == 0 {
			rest = append(rest, c)
		}
	}
	var rec func(start, need int, s set)
	rec = func(start, need int, s set) {
		if need == 0 {
			f(s)
			return
		}
		for i := start; i <= len(rest)-need; i++ {
			t := s
			t.add(rest[i])
			rec(i+1, need-1, t)
		}
	}
	rec(0, 5-len(board), base)
}

// simulateEquity deals trials random deals (each player a hand of its
// list, kept at its weight against the list's heaviest, drawn again while
// cards clash or a hand is not kept) and boards, on streams of (seed,
// shard) so the figures do not depend on the cores.
func simulateEquity(ctx context.Context, live [][]Hand, weights [][]float64, board []Card, used uint64, trials int64, seed uint64, progress func(done, total int64)) (EquityResult, error) {
	n := len(live)
	var tries atomic.Int64 // deals tried, every shard's: bounded by MaxDealTries a trial
	var failed atomic.Bool // the bound was reached, or ctx ended
	var mu sync.Mutex      // progress, one goroutine at a time
	var done int64
	heaviest := make([]float64, n)
	for i, ws := range weights {
		for _, w := range ws {
			heaviest[i] = max(heaviest[i], w)
		}
	}
	const shard = 1 << 14
	shards := (trials + shard - 1) / shard
	type sums struct{ share, share2, wins, ties []float64 }
	parts := make([]sums, shards)
	var next sync.Mutex
	k := int64(0)
	var wg panics.Group // a worker's panic raised again by Wait
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				next.Lock()
				s := k
				k++
				next.Unlock()
				if s >= shards || failed.Load() {
					return
				}
				rng := rand.New(rand.NewPCG(seed, uint64(s)))
				tried := int64(0) // deals tried since the shared count last took them
				p := sums{make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)}
				share := make([]float64, n)
				hands, ranks := make([]Hand, n), make([]Rank, n)
				for t := s * shard; t < min(trials, (s+1)*shard); t++ {
					var taken uint64
					for {
						if tried++; tried == 4096 { // the shared count, and ctx, now and then
							if tries.Add(tried) > MaxDealTries*trials+1<<20 || ctx.Err() != nil {
								failed.Store(true)
								return
							}
							tried = 0
						}
						taken = used
						ok := true
						for i := range n {
							k := rng.IntN(len(live[i]))
							h := live[i][k]
							if h.mask()&taken != 0 || weights[i][k] < heaviest[i] && rng.Float64()*heaviest[i] >= weights[i][k] {
								ok = false
								break
							}
							hands[i], taken = h, taken|h.mask()
						}
						if ok {
							break
						}
					}
					var b set
					for _, c := range board {
						b.add(c)
					}
					for need := 5 - len(board); need > 0; {
						c := Card(rng.IntN(52))
						if taken&(1<<c) == 0 {
							taken |= 1 << c
							b.add(c)
							need--
						}
					}
					clear(share)
					showdown(hands, b, ranks, p.wins, p.ties, share, 1)
					for i, x := range share {
						p.share[i] += x
						p.share2[i] += x * x
					}
				}
				parts[s] = p
				mu.Lock()
				done += min(trials, (s+1)*shard) - s*shard
				progress(done, trials)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return EquityResult{}, err
	}
	if failed.Load() {
		return EquityResult{}, fmt.Errorf("these ranges deal every player a hand without a card in common in fewer than 1 of %d tries: give fewer players, wider ranges or fewer trials", MaxDealTries)
	}
	res := EquityResult{Players: make([]Share, n), Deals: trials, Seed: seed}
	tf := float64(trials)
	for i := range n {
		var s, s2 Share
		for _, p := range parts {
			s.Equity += p.share[i]
			s2.Equity += p.share2[i]
			s.Win += p.wins[i]
			s.Tie += p.ties[i]
		}
		mean := s.Equity / tf
		res.Players[i] = Share{Equity: mean, Win: s.Win / tf, Tie: s.Tie / tf,
			SE: math.Sqrt(math.Max(0, s2.Equity/tf-mean*mean) / tf)}
	}
	return res, nil
}
