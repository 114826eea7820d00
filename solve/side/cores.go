package side

import (
	"context"
	"runtime"
	"sync"

	"bjchart/solve/panics"
)

// onCores calls work(i) for each i in 0..n-1, on every core, in chunks of
// chunk; ctx's error if ctx ends first (no chunk is started after it, and
// those started finish: a chunk should take well under a second). A
// worker's panic is raised again here.
func onCores(ctx context.Context, n, chunk int, work func(i int)) error {
	next := make(chan int)
	var wg panics.Group
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for from := range next {
				for i := from; i < min(n, from+chunk); i++ {
					work(i)
				}
			}
		})
	}
	defer wg.Wait()
	defer close(next)
	for from := 0; from < n; from += chunk {
		select {
		case next <- from:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return ctx.Err()
}

// teller calls progress, when not nil, as each of total pieces of work is
// done, one call at a time.
type teller struct {
	mu       sync.Mutex
	done     int64
	total    int64
	progress func(done, total int64)
}

// tell counts a piece done.
func (t *teller) tell() {
	if t.progress == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done++
	t.progress(t.done, t.total)
}
