package count

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"bjchart/solve"
)

// BenchmarkShoe values one sampled six-deck shoe three ways: the I18's
// and Fab 4's hard decisions and insurance with the hand-by-hand solver
// (solve.HandValues: only the hands those decisions hold), the two split decisions
// (one up card's hand graphs each, solve.PairPlays), and the whole table
// (solve.SolveWith with the shoe, what --set all needs).
func BenchmarkShoe(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	full := solve.NewShoe(r.Decks).Counts
	left, c, _ := dealShoe(r, HiLo, full, Options{Shoes: 1, Penetration: 0.5, Seed: 1}, 0)
	n := c.n
	hands, splits := publishedBySolve()
	plans := newPlans(r, hands)
	b.Run("hands=i18+fab4", func(b *testing.B) {
		for b.Loop() {
			vals := valuesFor(r, left, plans)
			for _, d := range hands {
				gain(r, d, left, n, vals)
			}
		}
	})
	b.Run("splits=TTv5+TTv6", func(b *testing.B) {
		pairs := newPlans(r, nil) // the pair's plan is made at the first shoe, once a run
		gain(r, splits[0], left, n, valuesFor(r, left, pairs))
		for b.Loop() {
			vals := valuesFor(r, left, pairs)
			for _, d := range splits {
				gain(r, d, left, n, vals)
			}
		}
	})
	b.Run("table", func(b *testing.B) {
		shoe := solve.Shoe{Counts: left}
		for b.Loop() {
			if _, err := solve.SolveWith(context.Background(), r, solve.Options{Shoe: &shoe}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkControlShoe deals one control shoe and adds the I18's and Fab
// 4's points on it to their sums (controls.go): the cost of a control
// shoe, ControlShoes of which go with each solved one.
func BenchmarkControlShoe(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	full := solve.NewShoe(r.Decks).Counts
	decisions := append(append([]Decision(nil), I18...), Fab4...)
	sums := make([]moments, len(decisions))
	for k := range sums {
		sums[k].lo, sums[k].hi = -8, 8
	}
	deck := sortedDeck(full)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([][]point, len(decisions))
	for b.Loop() {
		left, c := deal(deck, rng, full, HiLo, r.Decks, 0.8)
		u := newUnseen(&left)
		for k, d := range decisions {
			buf[k] = decisionPoints(buf[k][:0], r, d, left, c, nil, false)
			for _, p := range buf[k] {
				sums[k].add(p, u)
			}
		}
	}
}

// BenchmarkI18Fab4 computes the I18 and Fab 4 on 6D S17 DAS LS from 100
// shoes, control shoes and fits included: a run of `indices` in small.
func BenchmarkI18Fab4(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	decisions := append(append([]Decision(nil), I18...), Fab4...)
	for b.Loop() {
		if _, err := Compute(context.Background(), r, HiLo, decisions, Options{Shoes: 100, Penetration: 0.8, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAllCells computes every cell's indices on 6D S17 DAS NS from
// 20 shoes: a run of `indices --set all` in small (the control shoes,
// the sums and the fits included; the solves are most of it).
func BenchmarkAllCells(b *testing.B) {
	r, _ := solve.ParseRules("6D S17 DAS NS")
	for b.Loop() {
		if _, err := AllCells(context.Background(), r, HiLo, Options{Shoes: allCellsShoes, Penetration: 0.8, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// allCellsShoes is BenchmarkAllCells's shoes: -allcells.shoes sets it
// (100 or more for a profile in which the run's fixed cost is small).
var allCellsShoes int

func init() { flag.IntVar(&allCellsShoes, "allcells.shoes", 20, "BenchmarkAllCells's shoes") }
