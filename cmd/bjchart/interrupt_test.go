package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptStopsRun: a long run whose context ends (as main's does at
// Ctrl-C) stops within a second, writes nothing, and exits 130; so do
// the simulator's, the counter's risk and a plot's run.
func TestInterruptStopsRun(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"indices", "--rules", "6D", "--set", "all"},
		{"sim", "--rules", "6D", "--rounds", "2000M", "--count", "hilo", "--plot", filepath.Join(dir, "sim.png")},
		{"risk", "--rules", "6D"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(150*time.Millisecond, cancel)
		var out, errb bytes.Buffer
		start := time.Now()
		code := runContext(ctx, args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
		took := time.Since(start)
		if code != exitInterrupted || out.Len() != 0 || !strings.Contains(errb.String(), "interrupted") || took > 1300*time.Millisecond {
			t.Errorf("%v interrupted at 0.15 s: exit %d after %v, %d bytes written, %q", args, code, took.Round(time.Millisecond), out.Len(), errb.String())
		}
		cancel()
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left by interrupted runs: %v", entries)
	}
}

// TestSIGINTStopsRun: the real signal, to a bjchart process (this test's
// binary running main): 'bjchart indices --set all' stops within a
// second of a SIGINT and exits 130 with no output.
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
	time.Sleep(1500 * time.Millisecond) // under way
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	took := time.Since(sent)
	code := cmd.ProcessState.ExitCode()
	if code != exitInterrupted || took > time.Second || out.Len() != 0 || !strings.Contains(errb.String(), "bjchart: interrupted") {
		t.Errorf("SIGINT: exit %d (%v) after %v; stdout %d bytes; stderr %q", code, err, took.Round(time.Millisecond), out.Len(), errb.String())
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
