// Package panics carries a panic from the goroutine where it happened to
// the one that waits for it, and turns it into an error where a job
// ends, so that a bug in one job is that job's failure, not the end of a
// server running others.
//
// A solve spreads its work over goroutines (Group); a panic in one of
// them is raised again by Wait, on the goroutine that started the work.
// A job's runner (the page's, the browser worker's, the command line's)
// defers Recover, which turns the panic into an *Error that keeps the
// panicking goroutine's stack for the log.
package panics

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// An Error is a recovered panic: its value and the stack of the
// goroutine that panicked.
type Error struct {
	Value any
	Stack []byte
}

// Error says what the panic was; the stack is for the log.
func (e *Error) Error() string {
	return fmt.Sprintf("internal error (a bug in bjchart; please report it with the request): %v", e.Value)
}

// A Group runs functions on goroutines and waits for them, as a
// sync.WaitGroup does; a panic in one of them is raised again by Wait.
// The zero Group is ready to use.
type Group struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	first *Error
}

// Go calls f on a new goroutine.
func (g *Group) Go(f func()) {
	g.wg.Go(func() {
		defer func() {
			if v := recover(); v != nil {
				g.keep(asError(v))
			}
		}()
		f()
	})
}

// keep holds the group's first panic.
func (g *Group) keep(e *Error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.first == nil {
		g.first = e
	}
}

// Wait waits for every function Go started; if one of them panicked, it
// panics with the first one's *Error.
func (g *Group) Wait() {
	g.wg.Wait()
	if g.first != nil {
		panic(g.first)
	}
}

// asError is v as an *Error, with the current goroutine's stack unless
// it already carries the one where it began.
func asError(v any) *Error {
	if e, ok := v.(*Error); ok {
		return e
	}
	return &Error{Value: v, Stack: debug.Stack()}
}

// Recover, deferred by a function that returns an error in *err, turns
// a panic in that function (or in a Group it waited for) into an *Error
// in *err. It must be called directly by the deferred statement.
func Recover(err *error) {
	if v := recover(); v != nil {
		*err = asError(v)
	}
}
