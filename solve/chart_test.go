package solve

import (
	"context"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// wizard6DS17 is the Wizard of Odds 4-8 deck S17 chart
// (shared/charts/wizard-4to8d-s17-das-ls.txt, from
// wizardofodds.com/games/blackjack/strategy/4-decks/) resolved for DAS and
// no surrender: Rh is H. Rows: hard 5-21, soft A2-A9, pairs 22-AA;
// columns 2..9, T, A.
const wizard6DS17 = `
5  H  H  H  H  H  H  H  H  H  H
6  H  H  H  H  H  H  H  H  H  H
7  H  H  H  H  H  H  H  H  H  H
8  H  H  H  H  H  H  H  H  H  H
9  H  Dh Dh Dh Dh H  H  H  H  H
10 Dh Dh Dh Dh Dh Dh Dh Dh H  H
11 Dh Dh Dh Dh Dh Dh Dh Dh Dh H
12 H  H  S  S  S  H  H  H  H  H
13 S  S  S  S  S  H  H  H  H  H
14 S  S  S  S  S  H  H  H  H  H
15 S  S  S  S  S  H  H  H  H  H
16 S  S  S  S  S  H  H  H  H  H
17 S  S  S  S  S  S  S  S  S  S
18 S  S  S  S  S  S  S  S  S  S
19 S  S  S  S  S  S  S  S  S  S
20 S  S  S  S  S  S  S  S  S  S
21 S  S  S  S  S  S  S  S  S  S
A2 H  H  H  Dh Dh H  H  H  H  H
A3 H  H  H  Dh Dh H  H  H  H  H
A4 H  H  Dh Dh Dh H  H  H  H  H
A5 H  H  Dh Dh Dh H  H  H  H  H
A6 H  Dh Dh Dh Dh H  H  H  H  H
A7 S  Ds Ds Ds Ds S  S  H  H  H
A8 S  S  S  S  S  S  S  S  S  S
A9 S  S  S  S  S  S  S  S  S  S
22 Ph Ph P  P  P  P  H  H  H  H
33 Ph Ph P  P  P  P  H  H  H  H
44 H  H  H  Ph Ph H  H  H  H  H
55 Dh Dh Dh Dh Dh Dh Dh Dh H  H
66 Ph P  P  P  P  H  H  H  H  H
77 P  P  P  P  P  P  H  H  H  H
88 P  P  P  P  P  P  P  P  P  P
99 P  P  P  P  P  S  P  P  S  S
TT S  S  S  S  S  S  S  S  S  S
AA P  P  P  P  P  P  P  P  P  P`

// TestDefaultChartMatchesWizard checks the chart bjchart prints by default
// (6 decks) against the published 4-8 deck chart, cell by cell.
func TestDefaultChartMatchesWizard(t *testing.T) {
	tab := mustSolve(t, "6D S17 DAS NS")
	lines := strings.Split(strings.TrimSpace(wizard6DS17), "\n")
	for i, line := range lines {
		f := strings.Fields(line)
		kind := Hard
		switch {
		case i >= 17+8:
			kind = Pairs
		case i >= 17:
			kind = Soft
		}
		for col, want := range f[1:] {
			c := tab.Cell(kind, f[0], UpCards[col])
			if got := c.Code.String(); got != want {
				t.Errorf("%v %s v %v = %s, want %s (Wizard 4-8 decks S17); EVs %v", kind, f[0], UpCards[col], got, want, c.EV)
			}
		}
	}
}

// TestChartLocallyOptimal re-evaluates the optimised chart after every
// single decision change, in full: each change's predicted effect must be
// the real one (to 1e-12), and none may improve the EV.
func TestChartLocallyOptimal(t *testing.T) {
	if !*long {
		t.Skip("every cell of several charts changed alone; -long runs it")
	}
	for _, tc := range []struct {
		rules string
		shoe  Shoe
	}{
		{"1D S17 DAS SPL3 LS", NewShoe(1)},
		{"2D H17 NDAS SPL2 ENHC", NewShoe(2)},
		{"S17 DAS SPL3 RSA LS", smallShoe},
	} {
		r, err := ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, up := range UpCards {
			f := newFiniteUp(r, newLayout(r, tc.shoe), up)
			td := newTDUp(f)
			cdU := make([][Surrender + 1]float64, len(td.starts))
			for si := range td.starts {
				s := &td.starts[si]
				td.fixedValues(s)
				cdU[si] = s.u
				cdU[si][Hit] = td.unconditional(s, td.base.hitValue(s.node, td.base.best))
			}
			ch := td.initialChart(cdU)
			tv := td.optimize(ch, r.DAS)
			for _, c := range td.changes(ch, tv) {
				alt := *ch
				c.apply(&alt)
				got := td.eval(&alt, r.DAS).ev - tv.ev
				if math.Abs(got-c.delta) > 1e-12 {
					t.Errorf("%s v %v: change (kind %d, row %d) predicted %.3g, real %.3g", tc.rules, up, c.kind, c.row, c.delta, got)
				}
				if got > 1e-12 {
					t.Errorf("%s v %v: change (kind %d, row %d) improves the chart by %.3g", tc.rules, up, c.kind, c.row, got)
				}
			}
			td.eval(ch, r.DAS) // restore
		}
	}
}

// TestEvaluateOwnChart values the solver's own chart as a fixed strategy:
// the EV and every cell must come back unchanged.
func TestEvaluateOwnChart(t *testing.T) {
	s, err := NewSolver(context.Background(), mustRules(t, "2D H17 DAS LS"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := s.Table()
	ev, err := s.Evaluate(tab.Strategy())
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ev.EV-tab.EV) > 1e-15 {
		t.Errorf("EV of the solver's own chart = %.15f, solved %.15f", ev.EV, tab.EV)
	}
	for i := range tab.Cells {
		a, b := &tab.Cells[i], &ev.Cells[i]
		if a.EV != b.EV || a.Code != b.Code {
			t.Errorf("%v %s v %v: evaluated %v %v, solved %v %v", a.Table, a.Hand, a.Up, b.Code, b.EV, a.Code, a.EV)
		}
	}
	// A worse chart costs: stand on 12 v 2 everywhere.
	st := tab.Strategy()
	st[cellIndex(Hard, 8, 2)] = Play{Code{Best: Stand}, Stand}
	worse, err := s.Evaluate(st)
	if err != nil {
		t.Fatal(err)
	}
	if !(worse.EV < tab.EV) {
		t.Errorf("standing on 12 v 2: EV %.8f, not below %.8f", worse.EV, tab.EV)
	}
	// A Solver that kept only its table solves again to value it: the
	// same numbers.
	lean, err := NewSolver(context.Background(), mustRules(t, "2D H17 DAS LS"), Options{TableOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := lean.Evaluate(st)
	if err != nil {
		t.Fatal(err)
	}
	if again.EV != worse.EV {
		t.Errorf("TableOnly: standing on 12 v 2 valued %.17f, kept graphs %.17f", again.EV, worse.EV)
	}
}

func mustRules(t *testing.T, s string) Rules {
	t.Helper()
	r, err := ParseRules(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEvaluateOwnChartInfinite checks the infinite-deck evaluator on the
// solver's own charts: in an infinite deck the chart is optimal play, so
// valuing it must give the solved round EV and the solved cell EVs.
func TestEvaluateOwnChartInfinite(t *testing.T) {
	for _, rules := range ruleGrid("INF") {
		s, err := NewSolver(context.Background(), mustRules(t, rules), Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab := s.Table()
		ev, err := s.Evaluate(tab.Strategy())
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(ev.EV-tab.EV) > 1e-14 {
			t.Errorf("%s: EV of the solver's own chart = %.15f, solved %.15f", rules, ev.EV, tab.EV)
		}
		for i := range tab.Cells {
			a, b := &tab.Cells[i], &ev.Cells[i]
			best := a.Code.Best
			if math.Abs(a.EV[best]-b.EV[best]) > 1e-14 || a.Freq != b.Freq || a.MultiFreq != b.MultiFreq {
				t.Errorf("%s: %v %s v %v: evaluated %v %.15f, solved %.15f", rules, a.Table, a.Hand, a.Up, best, b.EV[best], a.EV[best])
			}
		}
	}
}

// TestEvaluateInfiniteLimit checks the infinite-deck evaluator against the
// finite one at 100,000 decks on a chart far from optimal (a player who
// never doubles, splits only aces and eights, and stands on 12 and up),
// so every path of the evaluators is used: round EVs within 1e-5, cell
// EVs within 1e-4 and frequencies within 1e-6 per round.
func TestEvaluateInfiniteLimit(t *testing.T) {
	for _, rules := range []string{"S17 DAS SPL3 LS", "H17 NDAS SPL1 RSA HSA ENHC"} {
		inf, err := NewSolver(context.Background(), mustRules(t, "INF "+rules), Options{})
		if err != nil {
			t.Fatal(err)
		}
		fin, err := NewSolver(context.Background(), mustRules(t, "100000D "+rules), Options{})
		if err != nil {
			t.Fatal(err)
		}
		st := inf.Table().Strategy()
		for i, c := range inf.Table().Cells {
			sum, ace, pair := handCards(c.Table, c.Hand)
			total := effective(sum, ace)
			play := Play{Code{Best: Hit}, Hit}
			if total >= 12 {
				play = Play{Code{Best: Stand}, Stand}
			}
			if pair == 1 || pair == 8 {
				play.Code = Code{Best: Split}
			}
			if c.Table == Pairs {
				play.MultiCard = NoAction
			}
			st[i] = play
		}
		a, err := inf.Evaluate(st)
		if err != nil {
			t.Fatal(err)
		}
		b, err := fin.Evaluate(st)
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(a.EV - b.EV); d > 1e-5 || a.EV > -0.03 {
			t.Errorf("%s: infinite EV %.7f, 100,000 decks %.7f", rules, a.EV, b.EV)
		}
		for i := range a.Cells {
			x, y := &a.Cells[i], &b.Cells[i]
			for _, act := range Actions {
				if x.Legal[act] != y.Legal[act] || math.Abs(x.EV[act]-y.EV[act]) > 1e-4 {
					t.Errorf("%s: %v %s v %v %v: infinite %.6f, 100,000 decks %.6f", rules, x.Table, x.Hand, x.Up, act, x.EV[act], y.EV[act])
				}
			}
			if math.Abs(x.Freq-y.Freq) > 1e-6 || math.Abs(x.MultiFreq-y.MultiFreq) > 1e-6 {
				t.Errorf("%s: %v %s v %v: frequencies %.8f %.8f, 100,000 decks %.8f %.8f", rules, x.Table, x.Hand, x.Up, x.Freq, x.MultiFreq, y.Freq, y.MultiFreq)
			}
		}
	}
}

// TestCellCostByReevaluation: a cell's Cost, what the chart's choice is
// made on, equals what playing the other action there costs when the whole
// changed chart is valued afresh (Solver.Evaluate, which shares nothing
// with the chart search's single-change sums), per decision of the cell.
// Soft 17 v 2 in 2D H17 DAS LS is the cell whose split hands outweigh its
// two-card hand (hit costs there though its two-card hand hits).
func TestCellCostByReevaluation(t *testing.T) {
	r, _ := ParseRules("2D H17 DAS LS")
	s, err := NewSolver(context.Background(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := s.Table()
	for _, c := range []struct {
		kind TableKind
		hand string
		up   Rank
	}{{Soft, "A6", 2}, {Hard, "16", 10}, {Hard, "12", 3}, {Pairs, "88", 10}, {Soft, "A7", 9}} {
		i := cellIndex(c.kind, slices.Index(Rows(c.kind), c.hand), c.up)
		cell := &tab.Cells[i]
		for _, a := range []Action{Stand, Hit} {
			if a == cell.Code.Best || !cell.Legal[a] {
				continue
			}
			st := tab.Strategy()
			st[i].Code = Code{Best: a}
			alt, err := s.Evaluate(st)
			if err != nil {
				t.Fatal(err)
			}
			want := (tab.EV - alt.EV) / cell.Freq
			if math.Abs(cell.Cost[a]-want) > 1e-12 {
				t.Errorf("%v %s v %v, %v: Cost %.12f, re-evaluated %.12f", c.kind, c.hand, c.up, a, cell.Cost[a], want)
			}
		}
	}
}

// TestHandsOnlyKeepsHands: a solve with HandsOnly gives the hands, the
// compositions, the EV and the split strategy's CD EV of the full solve
// to the last bit, on a full and a depleted shoe of games that split,
// double after splits and resplit aces; its cells are left empty.
func TestHandsOnlyKeepsHands(t *testing.T) {
	for _, c := range []struct {
		rules string
		shoe  *Shoe
	}{
		{"2D H17 DAS RSA LS", nil},
		{"6D S17 DAS", &Shoe{Counts: [10]int{13, 20, 9, 17, 24, 11, 22, 19, 16, 70}}},
	} {
		r := mustRules(t, c.rules)
		full, err := SolveWith(context.Background(), r, Options{Shoe: c.shoe})
		if err != nil {
			t.Fatal(err)
		}
		lean, err := SolveWith(context.Background(), r, Options{Shoe: c.shoe, HandsOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !reflect.DeepEqual(lean.Hands, full.Hands):
			t.Errorf("%s: the hands differ", c.rules)
		case !reflect.DeepEqual(lean.Compositions, full.Compositions):
			t.Errorf("%s: the compositions differ", c.rules)
		case lean.EV != full.EV || lean.CDEV[full.Split] != full.CDEV[full.Split]:
			t.Errorf("%s: EV %.17g, CD %.17g; the full solve's %.17g, %.17g", c.rules, lean.EV, lean.CDEV[full.Split], full.EV, full.CDEV[full.Split])
		case lean.Cells[0].Code != (Code{}):
			t.Errorf("%s: a cell filled: %+v", c.rules, lean.Cells[0])
		case !math.IsNaN(lean.CDEV[1-full.Split]):
			t.Errorf("%s: the other split strategy's CD EV %.17g, not valued, want NaN", c.rules, lean.CDEV[1-full.Split])
		}
	}
}
