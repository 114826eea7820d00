package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"bjchart/solve/panics"
)

// panicLog is a server log that keeps what it is given.
type panicLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *panicLog) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *panicLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// TestPanicIsTheRequestsFailure checks that a panic in a handler, in a
// long job and in a cached solve ends that request with its error, logged
// with the request and the stack, and the server answers the next one.
func TestPanicIsTheRequestsFailure(t *testing.T) {
	var log panicLog
	s := New(Options{Log: log.printf})
	s.mux.HandleFunc("GET /test/panic", func(http.ResponseWriter, *http.Request) {
		var cells []int
		_ = cells[len(cells)-1] // index out of range [-1]
	})
	w := get(t, s, "/test/panic?rules=2D+H17+DAS+ES")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), "internal error") {
		t.Errorf("a handler's panic: %d %q, want 500 and the internal error", w.Code, w.Body)
	}
	if got := log.String(); !strings.Contains(got, "GET /test/panic?rules=2D+H17+DAS+ES: panic: runtime error: index out of range [-1]") ||
		!strings.Contains(got, "panic_test.go") {
		t.Errorf("log %q: want the request, the panic and its stack", got)
	}
	if w := get(t, s, "/?rules=1D"); w.Code != http.StatusOK {
		t.Errorf("the next request: %d, want 200", w.Code)
	}

	// A long job's panic, on a worker of the solve it ran.
	stream, ok := newEventStream(httptest.NewRecorder())
	if !ok {
		t.Fatal("no event stream")
	}
	var logged error
	stream.failed = func(err error) { logged = err }
	var done atomic.Int64
	err := stream.run(newJobQueue(), 1, &done, func() error {
		var g panics.Group
		g.Go(func() { panic("a bug in a worker") })
		g.Wait()
		return nil
	})
	var pe *panics.Error
	if !errors.As(err, &pe) || pe.Value != "a bug in a worker" || logged != err {
		t.Errorf("a job's panic: run = %v, logged %v; want the *panics.Error, logged", err, logged)
	}

	// A cached solve's panic: its error, logged with its key; the next
	// request for the key solves again.
	c := newWorkCache[int](4, make(chan struct{}, 1))
	c.log = log.printf
	if _, err := c.getKey(context.Background(), "6D H17 ES", func(context.Context) (int, error) { panic("a bug in a solve") }); !errors.As(err, &pe) {
		t.Errorf("a cached solve's panic: %v, want a *panics.Error", err)
	}
	if !strings.Contains(log.String(), "solving 6D H17 ES: panic: a bug in a solve") {
		t.Errorf("log %q: want the key and the panic", log.String())
	}
	if v, err := c.getKey(context.Background(), "6D H17 ES", func(context.Context) (int, error) { return 7, nil }); v != 7 || err != nil {
		t.Errorf("after a panic: %v, %v; want 7", v, err)
	}
}
