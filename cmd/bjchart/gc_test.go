package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector at a quarter of its usual
// work (GOGC 400): they allocate solved tables by the hundred, and the
// suite's time on two cores is its CPU, a fifth of which the collector
// took at the default; the price is a larger heap (the command line's
// tests peak near 1.6 GB, on a machine of 24).
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
