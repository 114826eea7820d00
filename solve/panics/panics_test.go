package panics

import (
	"errors"
	"strings"
	"testing"
)

// TestGroupCarriesThePanic checks that a panic in one of a Group's
// goroutines reaches the caller of Wait, and Recover makes it an error
// that keeps the stack where it happened.
func TestGroupCarriesThePanic(t *testing.T) {
	run := func() (err error) {
		defer Recover(&err)
		var g Group
		for i := range 4 {
			g.Go(func() {
				if i == 2 {
					var s []int
					_ = s[i] // index out of range
				}
			})
		}
		g.Wait()
		return nil
	}
	err := run()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("run() = %v, want an *Error", err)
	}
	if !strings.Contains(err.Error(), "index out of range") || !strings.Contains(string(pe.Stack), "TestGroupCarriesThePanic") {
		t.Errorf("error %q, stack %s: want the panic and the goroutine it happened on", err, pe.Stack)
	}
}

// TestGroupWithoutPanic checks that Wait returns when nothing panicked.
func TestGroupWithoutPanic(t *testing.T) {
	var g Group
	n := make([]int, 8)
	for i := range n {
		g.Go(func() { n[i] = i })
	}
	g.Wait()
	for i, v := range n {
		if v != i {
			t.Fatalf("n[%d] = %d", i, v)
		}
	}
}
