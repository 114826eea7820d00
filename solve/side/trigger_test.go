package side

import (
	"context"
	"errors"
	"math"
	"runtime"
	"testing"
	"time"

	"bjchart/solve/param"
	"bjchart/solve/sim"
)

// TestDefaultPenetration keeps the counter's default penetration the
// simulator's.
func TestDefaultPenetration(t *testing.T) {
	if DefaultPenetration != sim.DefaultPenetration {
		t.Errorf("DefaultPenetration = %v, want sim.DefaultPenetration %v", DefaultPenetration, sim.DefaultPenetration)
	}
}

// runTrigger runs a trigger request, failing the test on an error.
func runTrigger(t *testing.T, q TriggerRequest) *Trigger {
	t.Helper()
	j, err := q.Check()
	if err != nil {
		t.Fatalf("Check(%+v): %v", q, err)
	}
	tr, err := j.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run(%+v): %v", q, err)
	}
	return tr
}

// TestTriggerLineAtZero checks the line over every shoe against the
// exact full-shoe EV at a true count of 0: the mean EV of a shoe dealt to
// a random depth is the full shoe's (the next cards of a shuffled shoe
// are any cards), and the balanced true count averages 0, so the line
// passes there within its SE. The trigger is checked to lie where the
// bins cross.
func TestTriggerLineAtZero(t *testing.T) {
	for _, pays := range []string{"100-40-30-10-5", "9-to-1"} {
		q := DefaultTriggerRequest()
		q.Pays, q.Shoes = pays, 100_000
		tr := runTrigger(t, q)
		ev, se := tr.Line.At(0)
		if math.Abs(ev-tr.FullEV) > 3*se {
			t.Errorf("21+3 %s: line at TC 0 = %.6f ± %.6f, want the full shoe's %.6f within 3 SE", pays, ev, se, tr.FullEV)
		}
		if !(tr.Line.Slope > 0) {
			t.Errorf("21+3 %s: slope %g, want the bet's own count to favour it as it rises", pays, tr.Line.Slope)
		}
		// The trigger within a true count of the bins' crossing, where
		// there is one, and well above 0.
		if !(tr.TC > 5 && tr.TC < 15) || tr.SE > 0.5 {
			t.Errorf("21+3 %s: trigger %.2f ± %.2f, want +5..+15 within half a count", pays, tr.TC, tr.SE)
		}
		if !math.IsNaN(tr.BinTC) && math.Abs(tr.BinTC+0.5-tr.TC) > 1.5 {
			t.Errorf("21+3 %s: trigger %.2f, bins cross at %v", pays, tr.TC, tr.BinTC)
		}
		t.Logf("21+3 %s: full %.5f, line %.5f + %.5f TC, trigger %+.2f ± %.2f (bins %+v), above %.4f at %.4f",
			pays, tr.FullEV, tr.Line.Intercept, tr.Line.Slope, tr.TC, tr.SE, tr.BinTC, tr.Above, tr.AboveEV)
	}
}

// TestTriggerSeeds checks that a run is the same on one core as on every
// core (each shoe has its own stream of the seed), and changes with the
// seed.
func TestTriggerSeeds(t *testing.T) {
	q := DefaultTriggerRequest()
	q.Shoes = 20_000
	a := runTrigger(t, q)
	prev := runtime.GOMAXPROCS(1)
	b := runTrigger(t, q)
	runtime.GOMAXPROCS(prev)
	if math.Float64bits(a.TC) != math.Float64bits(b.TC) || a.Line != b.Line || math.IsNaN(a.TC) {
		t.Errorf("one core: trigger %v line %+v; every core: %v %+v", b.TC, b.Line, a.TC, a.Line)
	}
	q.Seed++
	if c := runTrigger(t, q); c.TC == a.TC {
		t.Errorf("seeds %d and %d: the same trigger %v", q.Seed-1, q.Seed, c.TC)
	}
}

// TestTriggerProgressAndCancel checks that progress is told for every
// shoe, and that a cancelled run stops within a second.
func TestTriggerProgressAndCancel(t *testing.T) {
	q := DefaultTriggerRequest()
	q.Shoes = 5_000
	j, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	calls, last := 0, int64(0)
	if _, err := j.Run(context.Background(), func(done, total int64) {
		calls++
		if done != last+1 || total != int64(q.Shoes) {
			t.Fatalf("progress(%d, %d) after %d", done, total, last)
		}
		last = done
	}); err != nil {
		t.Fatal(err)
	}
	if calls != q.Shoes {
		t.Errorf("progress told %d times, want %d (each shoe)", calls, q.Shoes)
	}

	j.Shoes = 1_000_000
	ctx, cancel := context.WithCancel(context.Background())
	var stopped time.Time
	_, err = j.Run(ctx, func(done, total int64) {
		if done == 10_000 {
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

// TestTriggerCheck checks the request's errors name their fields.
func TestTriggerCheck(t *testing.T) {
	for _, c := range []struct {
		edit  func(*TriggerRequest)
		field string
	}{
		{func(q *TriggerRequest) { q.Bet = "buster" }, "bet"},
		{func(q *TriggerRequest) { q.Bet = "nope" }, "bet"},
		{func(q *TriggerRequest) { q.Pays = "flush:x" }, "pays"},
		{func(q *TriggerRequest) { q.Decks = 0 }, "decks"},
		{func(q *TriggerRequest) { q.Penetration = 1 }, "penetration"},
		{func(q *TriggerRequest) { q.Shoes = 10 }, "shoes"},
		{func(q *TriggerRequest) { q.Tags = "A=x" }, "tags"},
		{func(q *TriggerRequest) { q.Tags = "A=0" }, "tags"},
		{func(q *TriggerRequest) { q.Bet = "perfect-pairs" }, "tags"},
	} {
		q := DefaultTriggerRequest()
		c.edit(&q)
		_, err := q.Check()
		var pe *param.Error
		if !errors.As(err, &pe) || pe.Name != c.field {
			t.Errorf("Check(%+v) = %v, want an error of field %q", q, err, c.field)
		}
	}
	q := DefaultTriggerRequest()
	q.Tags = "hilo"
	j, err := q.Check()
	if err != nil || j.Count.Tags != [10]float64{-1, 1, 1, 1, 1, 1, 0, 0, 0, -1} {
		t.Errorf("Check(tags hilo) = %v, %v; want Hi-Lo's tags", j.Count, err)
	}
}
