// Command bjchart solves blackjack exactly for a rule set and prints the
// basic-strategy chart, with the EV behind every cell.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// A solve's heap is mostly arrays of floats that the collector
		// need not scan, so collecting twice as often costs it little,
		// while every fresh page a larger heap touches costs the kernel
		// a fault: a six-deck chart peaks at 48 MB rather than 57, no
		// slower.
		debug.SetGCPercent(50)
	}
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
	os.Exit(runContext(ctx, os.Args[1:], nil, os.Stdout, os.Stderr, os.Getenv))
}
