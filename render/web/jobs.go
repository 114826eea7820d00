package web

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// maxQueued bounds the long jobs waiting for the one slot; one more is
// told to come back.
const maxQueued = 8

// jobQueue is the line for the one long job's slot (simulations, index
// plays): who waits in what order, and how far the running job is, so
// that a waiting page can say where it stands and about how long.
type jobQueue struct {
	slot chan struct{}

	mu      sync.Mutex
	waiting []int // tickets, first in line first
	next    int
	// The running job: when it started, its units done and in all.
	started time.Time
	done    *atomic.Int64
	total   int64
	// estimate is the running job's end as every waiter is told it, made
	// at estimated and kept for a second: one job, one estimate.
	estimate  string
	estimated time.Time
}

func newJobQueue() *jobQueue { return &jobQueue{slot: make(chan struct{}, 1)} }

// errQueueFull says the line is full.
var errQueueFull = fmt.Errorf("%d long jobs are waiting already: try again in a minute", maxQueued)

// take waits for the slot, calling status twice a second with where the
// job stands while it waits ("1 job ahead, about 20 s"); it gives up
// when ctx ends or the line is full. The caller calls release when its
// job is done.
func (q *jobQueue) take(ctx context.Context, status func(string)) (release func(), err error) {
	select {
	case q.slot <- struct{}{}:
		return q.release, nil
	default:
	}
	q.mu.Lock()
	if len(q.waiting) >= maxQueued {
		q.mu.Unlock()
		return nil, errQueueFull
	}
	ticket := q.next
	q.next++
	q.waiting = append(q.waiting, ticket)
	q.mu.Unlock()
	defer q.leave(ticket)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		if status != nil {
			status(q.standing(ticket))
		}
		select {
		case q.slot <- struct{}{}:
			return q.release, nil
		case <-tick.C:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// leave takes a ticket out of the line.
func (q *jobQueue) leave(ticket int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, t := range q.waiting {
		if t == ticket {
			q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
			return
		}
	}
}

func (q *jobQueue) release() {
	q.mu.Lock()
	q.done, q.total, q.estimated = nil, 0, time.Time{}
	q.mu.Unlock()
	<-q.slot
}

// running records the running job's progress, for the estimates.
func (q *jobQueue) running(done *atomic.Int64, total int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.started, q.done, q.total = time.Now(), done, total
}

// standing says where a ticket stands: the jobs ahead of it (the running
// one included) and, from the running job's pace, about when it ends.
func (q *jobQueue) standing(ticket int) string {
	q.mu.Lock()
	defer q.mu.Unlock()
	ahead := 1 // the running job
	for _, t := range q.waiting {
		if t == ticket {
			break
		}
		ahead++
	}
	text := fmt.Sprintf("waiting: %d job ahead", ahead)
	if ahead > 1 {
		text = fmt.Sprintf("waiting: %d jobs ahead", ahead)
	}
	return text + q.runningEnd(time.Now())
}

// runningEnd says when the running job ends, from its pace so far: made
// again at most once a second, so that every waiter is told the same
// (q.mu held).
func (q *jobQueue) runningEnd(now time.Time) string {
	if q.done == nil || q.total <= 0 {
		return ""
	}
	if !q.estimated.Before(q.started) && now.Sub(q.estimated) < time.Second {
		return q.estimate
	}
	d, elapsed := q.done.Load(), now.Sub(q.started)
	switch share := float64(d) / float64(q.total); {
	case share < 0.02 || elapsed < 2*time.Second:
		q.estimate = "; the running one has just begun, its end not yet known"
	default: // its pace so far, the rest at the same pace
		left := time.Duration(float64(elapsed) * (1 - share) / share)
		q.estimate = fmt.Sprintf("; the running one ends in about %s", left.Round(time.Second))
	}
	q.estimated = now
	return q.estimate
}
