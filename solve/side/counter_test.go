package side

import (
	"context"
	"errors"
	"math"
	"runtime"
	"testing"
	"time"

	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// runSim runs a simulation request, failing the test on an error; edit,
// when not nil, changes the checked job first.
func runSim(t *testing.T, q SimRequest, edit func(*SimJob)) *Sim {
	t.Helper()
	j, err := q.Check()
	if err != nil {
		t.Fatalf("Check(%+v): %v", q, err)
	}
	if edit != nil {
		edit(&j)
	}
	s, err := j.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run(%+v): %v", q, err)
	}
	return s
}

func trigger(x float64) *float64 { return &x }

// TestSimAgrees checks that the simulated results of the bets agree with
// their exact EVs within 3 SE (Sim.Check), at a modest size and a fixed
// seed: 21+3 at its trigger and at 0 (half the rounds bet), Over 13 (an
// even-money bet: a small SE) and Lucky Ladies (four cards, the hole card
// among them).
func TestSimAgrees(t *testing.T) {
	for _, c := range []struct {
		bet, pays string
		trigger   float64
		shoes     int
	}{
		{"21+3", "", 9.4, 5_000},
		{"21+3", "9-to-1", 0, 2_000},
		{"over-under-13", "over", 0, 2_000},
		{"lucky-ladies", "", 0, 2_000},
	} {
		q := DefaultSimRequest()
		q.Bet, q.Pays, q.Trigger, q.Shoes = c.bet, c.pays, trigger(c.trigger), c.shoes
		s := runSim(t, q, nil)
		if err := s.Check(); err != nil {
			t.Errorf("%s from %+g: %v", c.bet, c.trigger, err)
		}
		if s.Bets == 0 || s.Rounds < int64(40*c.shoes) {
			t.Errorf("%s from %+g: %d bets in %d rounds of %d shoes", c.bet, c.trigger, s.Bets, s.Rounds, c.shoes)
		}
		t.Logf("%s %s from %+g: %d rounds, bet %v, won %v, exact %v, diff %v", c.bet, c.pays, c.trigger, s.Rounds, s.Frequency, s.Won, s.EV, s.Diff)
	}
}

// TestSimCheckFailsOnABrokenModel checks that Sim.Check has the power to
// see a wrong model: bets valued on the full shoe, as if the count told
// nothing, against Over 13 bet from a true count of +1, where the count
// has moved the edge by some 2%.
func TestSimCheckFailsOnABrokenModel(t *testing.T) {
	q := DefaultSimRequest()
	q.Bet, q.Pays, q.Trigger, q.Shoes = "over-under-13", "over", trigger(1), 2_000
	s := runSim(t, q, func(j *SimJob) {
		full := j.v.ev
		j.value = func([10]int) float64 { return full }
	})
	if err := s.Check(); err == nil {
		t.Errorf("over 13 valued on the full shoe: Check passed (won %v, exact %v), want it to fail", s.Won, s.EV)
	} else {
		t.Logf("broken model: %v", err)
	}
}

// TestSimBrokenCountLoses checks that a count with its tags negated, bet
// from the same trigger, wins less than the bet's own: it bets where the
// edge is lowest. For 21+3, whose bets' luck hides a win rate of
// hundredths of a unit a hundred rounds, by the bets' exact EVs; for
// Over 13, by what the bets won.
func TestSimBrokenCountLoses(t *testing.T) {
	for _, c := range []struct {
		bet, pays, negated string
		trigger            float64
		exact              bool
	}{
		{"21+3", "", "A=-2,2=-2,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=0", 9.4, true},
		{"over-under-13", "over", "A=-2,2=-2,3=-2,4=-1,8=1,9=1,T=1", 1, false},
	} {
		q := DefaultSimRequest()
		q.Bet, q.Pays, q.Trigger, q.Shoes = c.bet, c.pays, trigger(c.trigger), 5_000
		right := runSim(t, q, nil)
		q.Tags = c.negated
		broken := runSim(t, q, nil)
		r, b := right.Per100, broken.Per100
		if c.exact {
			r, b = right.ExactPer100, broken.ExactPer100
		}
		if d, se := r.Value-b.Value, math.Hypot(r.SE, b.SE); d < 3*se {
			t.Errorf("%s from %+g: own tags %v units a 100 rounds, negated %v; want the negated count below by 3 SE (exact EVs: %v)", c.bet, c.trigger, r, b, c.exact)
		}
		t.Logf("%s from %+g: own tags %v exact, %v won; negated %v exact, %v won (units a 100 rounds)",
			c.bet, c.trigger, right.ExactPer100, right.Per100, broken.ExactPer100, broken.Per100)
	}
}

// TestSimSeeds checks that a run is the same on one core as on every
// core (each shoe has its own stream of the seed, and the shoes' sums are
// merged in order).
func TestSimSeeds(t *testing.T) {
	q := DefaultSimRequest()
	q.Trigger, q.Shoes = trigger(0), 300
	a := runSim(t, q, nil)
	prev := runtime.GOMAXPROCS(1)
	b := runSim(t, q, nil)
	runtime.GOMAXPROCS(prev)
	if a.Rounds != b.Rounds || a.Won != b.Won || a.EV != b.EV || a.Main != b.Main {
		t.Errorf("seed %d on every core: %d rounds, won %v, exact %v, main %v; on one: %d, %v, %v, %v",
			q.Seed, a.Rounds, a.Won, a.EV, a.Main, b.Rounds, b.Won, b.EV, b.Main)
	}
}

// TestSimMainGame checks the main game as the simulation plays it. Short:
// against the chart's exact EV off the top of the shoe (the table's),
// within 3 SE at 20,000 shoes (SE 0.12% at six decks, 0.2% at two), the
// cut card's effect (some -0.03% at six decks, -0.08% at two) well
// inside. -long: against the simulator's own game (solve/sim, the chart
// dealt to the same penetration, a card burned), within 3 SE of the
// difference, at a million shoes and 20 million rounds.
func TestSimMainGame(t *testing.T) {
	for _, rules := range []string{"6D S17 DAS", "2D H17 LS RSA"} {
		q := DefaultSimRequest()
		q.Rules, q.Trigger, q.Shoes = rules, trigger(1e9), 20_000
		if *long {
			q.Shoes = 1_000_000
		}
		s := runSim(t, q, nil)
		want, se := s.MainExact, 0.0
		if *long {
			want, se = simMain(t, s.Rules, s.Penetration)
		}
		if d := s.Main.Value - want; math.Abs(d) > 3*math.Hypot(s.Main.SE, se) {
			t.Errorf("%s: the main game won %v a round, want %.5f ± %.5f", rules, s.Main, want, se)
		}
		t.Logf("%s: main game %v a round over %d rounds, want %.5f ± %.5f (chart %.5f)", rules, s.Main, s.Rounds, want, se, s.MainExact)
	}
}

// simMain returns the simulator's EV a round for the chart of r, and its
// SE, over 20 million rounds.
func simMain(t *testing.T, r solve.Rules, pen float64) (ev, se float64) {
	t.Helper()
	tb, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := sim.NewChart(tb)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Rules: r, Rounds: 20_000_000, Seed: 7, Penetration: pen, Players: 1}, ch, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.EV(), res.SE()
}

// TestSimProgressAndCancel checks that progress is told for every shoe
// (the trigger's first), and that a cancelled run stops within a second.
func TestSimProgressAndCancel(t *testing.T) {
	q := DefaultSimRequest()
	q.Shoes = 1_000
	j, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	j.FindTrigger.Shoes = 20_000
	var last, total int64
	if _, err := j.Run(context.Background(), func(done, n int64) {
		if done != last+1 {
			t.Fatalf("progress(%d, %d) after %d", done, n, last)
		}
		last, total = done, n
	}); err != nil {
		t.Fatal(err)
	}
	if last != 21_000 || total != 21_000 {
		t.Errorf("progress ended at %d of %d, want 21000 of 21000", last, total)
	}

	q.Trigger, q.Shoes = trigger(0), MaxSimShoes
	j, err = q.Check()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stopped time.Time
	_, err = j.Run(ctx, func(done, total int64) {
		if done == 500 {
			cancel()
			stopped = time.Now()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v, want context.Canceled", err)
	}
	if d := time.Since(stopped); d > time.Second {
		t.Errorf("cancelled run stopped after %v, want within a second", d)
	}
}

// TestSimCheck checks the request's errors name their fields.
func TestSimCheck(t *testing.T) {
	for _, c := range []struct {
		edit  func(*SimRequest)
		field string
	}{
		{func(q *SimRequest) { q.Bet = "buster" }, "bet"},
		{func(q *SimRequest) { q.Rules = "6D H18" }, "rules"},
		{func(q *SimRequest) { q.Rules = "ID" }, "rules"},
		{func(q *SimRequest) { q.Rules = "6D INF" }, "rules"},
		{func(q *SimRequest) { q.Penetration = 0 }, "penetration"},
		{func(q *SimRequest) { q.Shoes = 1 }, "shoes"},
		{func(q *SimRequest) { q.Tags = "Z=1" }, "tags"},
		{func(q *SimRequest) { q.Trigger = trigger(math.NaN()) }, "trigger"},
	} {
		q := DefaultSimRequest()
		c.edit(&q)
		_, err := q.Check()
		var pe *param.Error
		if !errors.As(err, &pe) || pe.Name != c.field {
			t.Errorf("Check(%+v) = %v, want an error of field %q", q, err, c.field)
		}
	}
}
