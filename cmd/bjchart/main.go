// Command bjchart solves blackjack exactly for a rule set and prints the
// basic-strategy chart, with the EV behind every cell.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"syscall"

	"bjchart/solve/count"
	"bjchart/solve/memo"
)

func main() {
	if runtime.GOMAXPROCS(0) > runtime.NumCPU() {
		// More solves at once than cores only multiplies the memory held
		// (GOMAXPROCS=100000 would hold a hundred thousand up cards' work).
		runtime.GOMAXPROCS(runtime.NumCPU())
	}
	// Ctrl-C and SIGTERM end the run's context: a long run stops within
	// a second, writes no partial file and exits 130; a second Ctrl-C
	// kills at once (the signal's default again once the first is seen).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() { <-ctx.Done(); stop() }()
	if dir := os.Getenv("BJCHART_CACHE"); !strings.EqualFold(dir, "off") {
		// Whole index and risk runs from those shipped and kept, kept when
		// computed (the environment topic).
		count.Keep(keptRuns(dir, os.Stderr))
	}
	os.Exit(runContext(ctx, os.Args[1:], nil, os.Stdout, os.Stderr, os.Getenv, prepareHeap))
}

// keptRuns returns the store of kept runs in folder dir ($BJCHART_CACHE),
// opened when first asked for (at the first run no shipped run answers);
// a folder that cannot be used is said on stderr then, once, and nothing
// is kept.
func keptRuns(dir string, stderr io.Writer) func() *memo.Store {
	return sync.OnceValue(func() *memo.Store {
		s, err := memo.OpenFolder(dir)
		if err != nil {
			fmt.Fprintf(stderr, "bjchart: BJCHART_CACHE %v; no run is kept\n", err)
		}
		return s
	})
}

// prepareHeap readies the heap for a command's run: its first pages huge
// (hugeHeap) unless $BJCHART_HUGEPAGES is off (a host whose kernel
// compacts memory to make them might stall the first faults), then the
// collector tuned (collectFrom) unless GOGC is set.
func prepareHeap() {
	if !strings.EqualFold(os.Getenv("BJCHART_HUGEPAGES"), "off") {
		hugeHeap()
	}
	if os.Getenv("GOGC") == "" {
		collectFrom(gcFloor, 50)
	}
}

// gcFloor is the heap below which the collector does not run
// (collectFrom): a one-deck chart's whole heap.
const gcFloor = 16 << 20

// collectFrom has the collector run when the heap reaches the larger of
// floor bytes and percent more than the heap live after the last
// collection.
//
// A solve's heap is mostly arrays of floats that the collector need not
// scan, so collecting at 50% costs it little, while every fresh page a
// larger heap touches costs the kernel a fault (the speed topic has the
// figures). But a heap grown from nothing at 50% would be collected a
// dozen times before it reached the floor (the collector's own floor is
// 4 MB times the percent).
func collectFrom(floor int64, percent int) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var tune func(*[16]byte)
	tune = func(*[16]byte) { // after each collection
		metrics.Read(sample)
		debug.SetGCPercent(gcPercent(int64(sample[0].Value.Uint64()), floor, percent))
		runtime.SetFinalizer(new([16]byte), tune)
	}
	debug.SetGCPercent(gcPercent(4<<20, floor, percent)) // before any: the collector takes 4 MB as live
	runtime.SetFinalizer(new([16]byte), tune)
}

// gcPercent returns the percent (debug.SetGCPercent) that has the next
// collection at the larger of floor bytes and percent more than live.
func gcPercent(live, floor int64, percent int) int {
	if live <= 0 || live*int64(100+percent) >= floor*100 {
		return percent
	}
	return int(floor*100/live) - 100
}
