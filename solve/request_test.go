package solve

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestRunStops: a request's run stops when its context ends, between up
// cards, and says so by the context's error; a stopped solve is never a
// table. An eight-deck solve stopped at once returns in a fraction of
// its time (it begins at most one up card a processor).
func TestRunStops(t *testing.T) {
	q := DefaultRequest()
	q.Game.Rules = "8D H17 DAS"
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if tab, err := job.Run(ctx, nil); tab != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: table %v, error %v", tab != nil, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if tab, err := job.Run(ctx, nil); tab != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("out of time: table %v, error %v", tab != nil, err)
	}
	ended, end := context.WithCancel(context.Background())
	end()
	r, _ := ParseRules("2D S17")
	if _, err := SolveWith(ended, r, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("an ended context: %v, want context.Canceled", err)
	}
	effectsJob, err := EffectsRequest{Game: Game{Rules: "2D S17"}}.Check()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := effectsJob.Run(ctx, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("effects out of time: %v", err)
	}
}
