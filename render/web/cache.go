package web

import (
	"bjchart/solve/panics"
	"container/list"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"bjchart/solve"
)

// A workCache keeps the most recently used results of one kind of solve
// (tables, comparisons, house games) by key, at most max of them, and
// computes a key once however many requests ask for it at the same time.
// Every workCache of a server shares its worker slots: at most workers
// solves of any kind run at once, so concurrent requests queue rather
// than each holding a solve's memory. A request that gives up (its
// context ends) stops waiting; once every request that wanted a solve
// has gone, the solve is stopped too (within its stop's latency), so
// that abandoned work never holds a slot.
type workCache[T any] struct {
	max   int
	slots chan struct{} // one per solve allowed to run, shared

	wide sync.Mutex // held while a run that takes every slot gathers them

	mu      sync.Mutex
	order   *list.List // of *entry[T], most recent first
	entries map[string]*list.Element
	flight  map[string]*call[T]

	// log takes a solve's panic with its key (the Server's Options.Log).
	log func(format string, args ...any)
	// computed counts the solves run (compute's and workAll's), for the
	// tests that ask whether an answer was kept rather than worked again.
	computed atomic.Int64
	// limit is how long a solve may run once it has its slot (the
	// Server's Options.Timeout; 0: no limit): the time in line is not
	// counted.
	limit time.Duration
	// share, if not nil, lends the tables' solves the work of the last
	// shoe solved (tableOf; the browser's).
	share *shoeShare
}

// A shoeShare keeps a solve.Cache for the shoe and dealer's rule last
// solved: a game with the same takes its layout of compositions and its
// dealer's distributions, most of a solve (a doubling, a surrender or a
// payout changed with one of the page's selects). Its numbers are a
// solve's without it, to the last bit. It holds one game's work,
// replaced when another shoe or dealer's rule is solved (a shared layout
// keeps every dealer's rule's distributions; a second rule's solve on it
// was slower in WebAssembly than a solve alone). What it holds while the
// next game from another is solved costs that solve about a tenth.
type shoeShare struct {
	mu     sync.Mutex
	shoe   solve.Shoe
	dealer solve.DealerRule
	cache  *solve.Cache
}

// cacheFor returns the cache for the shoe the rules deal from and their
// dealer's rule, nil for an infinite deck (nothing to share) or a nil
// share.
func (s *shoeShare) cacheFor(r solve.Rules) *solve.Cache {
	if s == nil || r.Infinite() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sh, d := r.FullShoe(), r.Dealer(); s.cache == nil || s.shoe != sh || s.dealer != d {
		s.shoe, s.dealer, s.cache = sh, d, solve.NewCache()
	}
	return s.cache
}

// limitKey is the context key of a request's requestLimit.
type limitKey struct{}

// A requestLimit is a request's time limit, which runs from its work's
// slot (ServeHTTP puts it in the request's context), and how to give the
// answer's write the same time from then.
type requestLimit struct {
	d      time.Duration
	extend func() // the write's deadline: the limit from now
}

// withLimit returns ctx with its request's limit running from now, and
// the answer's write given that long; stop releases it.
func withLimit(ctx context.Context) (context.Context, context.CancelFunc) {
	l, ok := ctx.Value(limitKey{}).(requestLimit)
	if !ok || l.d <= 0 {
		return context.WithCancel(ctx)
	}
	if l.extend != nil {
		l.extend()
	}
	return context.WithTimeout(ctx, l.d)
}

type entry[T any] struct {
	key string
	v   T
}

// call is a solve under way; done is closed when v or err is set.
type call[T any] struct {
	done    chan struct{}
	v       T
	err     error
	waiting int                // requests waiting for it; guarded by the cache's mu
	stop    context.CancelFunc // stops the solve once waiting falls to 0
}

func newWorkCache[T any](max int, slots chan struct{}) *workCache[T] {
	return &workCache[T]{max: max, slots: slots, order: list.New(),
		entries: map[string]*list.Element{}, flight: map[string]*call[T]{}}
}

// A tableCache keeps solved tables by canonical rule string.
type tableCache = workCache[*solve.Table]

func newTableCache(max, workers int) *tableCache {
	return newWorkCache[*solve.Table](max, make(chan struct{}, workers))
}

// tableOf returns the table of the rules from c, solving it if no
// request has.
func tableOf(ctx context.Context, c *tableCache, r solve.Rules) (*solve.Table, error) {
	return c.getKey(ctx, r.String(), func(ctx context.Context) (*solve.Table, error) {
		return solve.SolveWith(ctx, r, solve.Options{Cache: c.share.cacheFor(r)})
	})
}

// getKey returns key's result, computing it with compute in a worker
// slot if no request has. compute's context ends when every request
// waiting for it has given up.
func (c *workCache[T]) getKey(ctx context.Context, key string, compute func(context.Context) (T, error)) (T, error) {
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*entry[T]).v, nil
	}
	cl, ok := c.flight[key]
	if !ok {
		work, stop := context.WithCancel(context.Background())
		cl = &call[T]{done: make(chan struct{}), stop: stop}
		c.flight[key] = cl
		go c.compute(work, key, compute, cl)
	}
	cl.waiting++
	c.mu.Unlock()
	select {
	case <-cl.done:
		if l, ok := ctx.Value(limitKey{}).(requestLimit); ok && l.extend != nil {
			l.extend() // a wait in line is not the answer's time
		}
		return cl.v, cl.err
	case <-ctx.Done():
		c.mu.Lock()
		cl.waiting--
		if cl.waiting == 0 {
			cl.stop()
			if c.flight[key] == cl {
				delete(c.flight, key) // the next request starts afresh
			}
		}
		c.mu.Unlock()
		var zero T
		return zero, ctx.Err()
	}
}

// computeRecovered calls f; a panic in it is its error, an
// *panics.Error.
func computeRecovered[T any](ctx context.Context, f func(context.Context) (T, error)) (v T, err error) {
	defer panics.Recover(&err)
	return f(ctx)
}

// compute runs one solve in a worker slot and files the result, unless
// every request that wanted it has gone (work ended): then it does not
// start, or is stopped, and nothing is kept.
func (c *workCache[T]) compute(work context.Context, key string, f func(context.Context) (T, error), cl *call[T]) {
	defer cl.stop()
	select {
	case c.slots <- struct{}{}:
		if c.limit > 0 { // from the slot, not from the requests' arrival
			var cancel context.CancelFunc
			work, cancel = context.WithTimeout(work, c.limit)
			defer cancel()
		}
		c.computed.Add(1)
		cl.v, cl.err = computeRecovered(work, f)
		<-c.slots
		if pe := (*panics.Error)(nil); errors.As(cl.err, &pe) && c.log != nil {
			c.log("solving %s: panic: %v\n%s", key, pe.Value, pe.Stack)
		}
	case <-work.Done():
		cl.err = work.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.flight[key] == cl {
		delete(c.flight, key)
	}
	close(cl.done)
	if cl.err != nil {
		return
	}
	if _, ok := c.entries[key]; ok { // a later request solved it too
		return
	}
	c.entries[key] = c.order.PushFront(&entry[T]{key, cl.v})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*entry[T]).key)
	}
}

// known returns key's result if it is kept, without computing it.
func (c *workCache[T]) known(key string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		return el.Value.(*entry[T]).v, true
	}
	var zero T
	return zero, false
}

// len reports how many results are kept.
func (c *workCache[T]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// work runs f in a worker slot, as a solve does (effects' solves go
// through here, so that the page's work stays within the workers), with
// the request's limit running from the slot; it gives up if ctx ends
// while waiting for the slot.
func (c *workCache[T]) work(ctx context.Context, f func(ctx context.Context)) error {
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-c.slots }()
	ctx, stop := withLimit(ctx)
	defer stop()
	c.computed.Add(1)
	f(ctx)
	return nil
}

// workAll runs f with every worker slot held, for work that runs on
// every core by itself and holds as much memory as the slots' solves
// together (a game's rule effects: about 25 solves, two at a time,
// sharing a cache); it gives up if ctx ends while gathering them.
func (c *workCache[T]) workAll(ctx context.Context, f func(ctx context.Context)) error {
	c.wide.Lock() // one gatherer at a time, so that two never hold a share each
	held := 0
	release := func() {
		for ; held > 0; held-- {
			<-c.slots
		}
	}
	for held < cap(c.slots) {
		select {
		case c.slots <- struct{}{}:
			held++
		case <-ctx.Done():
			release()
			c.wide.Unlock()
			return ctx.Err()
		}
	}
	c.wide.Unlock()
	defer release()
	ctx, stop := withLimit(ctx) // the request's limit runs from its slots
	defer stop()
	c.computed.Add(1)
	f(ctx)
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
