package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
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

// TestGCPercent holds the collector's percent to its floor: the next
// collection at the larger of the floor and the percent over the live
// heap.
func TestGCPercent(t *testing.T) {
	for _, c := range []struct {
		live, floor int64
		percent     int
		want        int
	}{
		{4 << 20, 16 << 20, 50, 300},  // 16 MB: four times 4
		{8 << 20, 16 << 20, 50, 100},  // 16 MB
		{12 << 20, 16 << 20, 50, 50},  // 18 MB: the percent's goal is above the floor
		{100 << 20, 16 << 20, 50, 50}, // 150 MB
		{0, 16 << 20, 50, 50},         // nothing measured: the percent
	} {
		got := gcPercent(c.live, c.floor, c.percent)
		if got != c.want {
			t.Errorf("gcPercent(%d MB live, %d MB floor, %d) = %d, want %d", c.live>>20, c.floor>>20, c.percent, got, c.want)
		}
		if goal := c.live + c.live*int64(got)/100; c.live > 0 && goal < c.floor {
			t.Errorf("%d MB live: the next collection at %d MB, under the %d MB floor", c.live>>20, goal>>20, c.floor>>20)
		}
	}
}

// TestHugeHeap: asking for huge pages leaves the collector's percent as
// it was (its block is allocated with the collector off).
func TestHugeHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(123))
	hugeHeap()
	if got := debug.SetGCPercent(123); got != 123 {
		t.Errorf("after hugeHeap the collector's percent is %d, want 123", got)
	}
}

// TestKeptRunsFolder: a $BJCHART_CACHE bjchart cannot use is said once on
// standard error, when the store is first asked for, and keeps nothing;
// a usable one says nothing.
func TestKeptRunsFolder(t *testing.T) {
	var stderr bytes.Buffer
	open := keptRuns("relative/cache", &stderr)
	if stderr.Len() != 0 {
		t.Errorf("said before the store was asked for: %q", stderr.String())
	}
	if s := open(); s != nil {
		t.Errorf("a relative folder opened %v", s)
	}
	open()
	if got := stderr.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, `BJCHART_CACHE "relative/cache": want an absolute path`) {
		t.Errorf("stderr %q, want one line naming the folder", got)
	}
	stderr.Reset()
	if s := keptRuns(t.TempDir(), &stderr)(); s == nil || stderr.Len() != 0 {
		t.Errorf("an absolute folder: store %v, stderr %q", s, stderr.String())
	}
}
