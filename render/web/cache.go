package web

import (
	"container/list"
	"context"
	"sync"

	"bjchart/solve"
)

// A tableCache keeps the most recently used solved tables by canonical
// rule string, at most max of them, and solves a rule set once however
// many requests ask for it at the same time. At most workers solves run at
// once; a request that waits longer than its context allows gives up.
type tableCache struct {
	max   int
	slots chan struct{} // one per solve allowed to run

	mu      sync.Mutex
	order   *list.List // of *entry, most recent first
	entries map[string]*list.Element
	flight  map[string]*call
}

type entry struct {
	key string
	t   *solve.Table
}

// call is a solve under way; done is closed when t or err is set.
type call struct {
	done chan struct{}
	t    *solve.Table
	err  error
}

func newTableCache(max, workers int) *tableCache {
	return &tableCache{max: max, slots: make(chan struct{}, workers), order: list.New(),
		entries: map[string]*list.Element{}, flight: map[string]*call{}}
}

// get returns the table of the rules, solving it if no request has.
func (c *tableCache) get(ctx context.Context, r solve.Rules) (*solve.Table, error) {
	key := r.String()
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*entry).t, nil
	}
	cl, ok := c.flight[key]
	if !ok {
		cl = &call{done: make(chan struct{})}
		c.flight[key] = cl
		go c.solve(key, r, cl)
	}
	c.mu.Unlock()
	select {
	case <-cl.done:
		return cl.t, cl.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// solve solves one rule set in a worker slot and files the result. It
// runs to the end even if every request that wanted it has gone: the next
// one finds it solved.
func (c *tableCache) solve(key string, r solve.Rules, cl *call) {
	c.slots <- struct{}{}
	cl.t, cl.err = solve.Solve(r)
	<-c.slots
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.flight, key)
	close(cl.done)
	if cl.err != nil {
		return
	}
	c.entries[key] = c.order.PushFront(&entry{key, cl.t})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*entry).key)
	}
}

// len reports how many tables are kept.
func (c *tableCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// work runs f in a worker slot, as a solve does (effects' solves go
// through here, so that the page's work stays within the workers); it
// gives up if ctx ends while waiting for the slot.
func (c *tableCache) work(ctx context.Context, f func()) error {
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-c.slots }()
	f()
	return nil
}

// recent keeps the last max results of long jobs by key (a simulation's
// report for its plot, index plays for the counter's card, a game's rule
// effects), oldest dropped first.
type recent[T any] struct {
	mu   sync.Mutex
	max  int
	keys []string // oldest first
	vals map[string]T
}

func newRecent[T any](max int) *recent[T] {
	return &recent[T]{max: max, vals: map[string]T{}}
}

func (c *recent[T]) get(key string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[key]
	return v, ok
}

func (c *recent[T]) put(key string, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.vals[key]; !ok {
		c.keys = append(c.keys, key)
	}
	c.vals[key] = v
	for len(c.keys) > c.max {
		delete(c.vals, c.keys[0])
		c.keys = c.keys[1:]
	}
}
