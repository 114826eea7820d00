package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptStopsRun: a long run whose context ends (as main's does at
// Ctrl-C) stops: it exits 130, writes nothing, and leaves no goroutine of
// its work behind; so do the simulator's, the counter's risk and a
// plot's run. What happened is tested, not how long it took (the speed
// topic has the measured times to stop).
func TestInterruptStopsRun(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"indices", "--rules", "6D", "--set", "all"},
		{"sim", "--rules", "6D", "--rounds", "2000M", "--count", "hilo", "--plot", filepath.Join(dir, "sim.png")},
		{"risk", "--rules", "6D"},
	} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(150*time.Millisecond, cancel) // under way: every run here takes minutes
		var out, errb bytes.Buffer
		code := runContext(ctx, args, strings.NewReader(""), &out, &errb, func(string) string { return "" }, nil)
		if code != exitInterrupted || out.Len() != 0 || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%v interrupted: exit %d, %d bytes written, %q", args, code, out.Len(), errb.String())
		}
		cancel()
		// The run's workers are joined before it returns; a worker that
		// has said it is done may still be exiting (runtime.goexit), the
		// more so on a busy machine: it is given up to 10 s to be gone, a
		// bound for a goroutine that never ends, not a speed asked for.
		left := runtime.NumGoroutine()
		for i := 0; i < 1000 && left > before; i++ {
			time.Sleep(10 * time.Millisecond)
			left = runtime.NumGoroutine()
		}
		if left > before {
			buf := make([]byte, 1<<20)
			t.Errorf("%v interrupted: %d goroutines left behind:\n%s", args, left-before, buf[:runtime.Stack(buf, true)])
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left by interrupted runs: %v", entries)
	}
}

// TestSIGINTStopsRun: the real signal, to a bjchart process (this test's
// binary running main): 'bjchart indices --set all' stops at a SIGINT
// and exits 130 with no output.
func TestSIGINTStopsRun(t *testing.T) {
	if os.Getenv("BJCHART_TEST_MAIN") == "1" {
		os.Args = append([]string{"bjchart"}, flagArgs()...)
		main()
		return
	}
	if !*long {
		t.Skip("starts a process and signals it; run with -long")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGINTStopsRun$", "--", "indices", "--rules", "6D", "--set", "all")
	cmd.Env = append(os.Environ(), "BJCHART_TEST_MAIN=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond) // under way: the run takes minutes
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code != exitInterrupted || out.Len() != 0 || !strings.Contains(errb.String(), "bjchart: interrupted") {
		t.Errorf("SIGINT: exit %d (%v); stdout %d bytes; stderr %q", code, err, out.Len(), errb.String())
	}
}

// flagArgs are the arguments after "--" in this test binary's command
// line: the bjchart command a helper process runs.
func flagArgs() []string {
	for i, a := range os.Args {
		if a == "--" {
			return os.Args[i+1:]
		}
	}
	return nil
}
