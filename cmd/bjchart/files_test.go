package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
)

// TestOutputsSpareTheUsersFiles holds the one rule for outputs
// (param.WriteFile, param.WriteFolder) through the commands that write:
// each case here lost or changed a user's file on build 0438fe3.
func TestOutputsSpareTheUsersFiles(t *testing.T) {
	dir := t.TempDir()
	chartFile, err := os.ReadFile(filepath.Join("..", "..", "charts", "data", "thorp-1966-1deck.txt"))
	if err != nil {
		t.Fatal(err)
	}

	// A chart file whose name is the output's: refused, unchanged.
	for _, tc := range []struct{ name, flag, cmd string }{
		{"mine.png", "--against", "plot"},
		{"mine.pdf", "--diff", "card"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, chartFile, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd(t, tc.cmd, "--rules", "1D S17", tc.flag, path, "-o", path)
		if data, _ := os.ReadFile(path); code != exitUsage || !bytes.Equal(data, chartFile) || !strings.Contains(stderr, "which this run reads") {
			t.Errorf("%s %s F -o F: exit %d, %q; file changed: %v; want exit 2, refused, unchanged", tc.cmd, tc.flag, code, stderr, !bytes.Equal(data, chartFile))
		}
	}

	// docs -o: an earlier run's folder is replaced; once the user adds a
	// file there, it is refused and the file kept.
	docs := filepath.Join(dir, "docs")
	for range 2 {
		if code, _, stderr := runCmd(t, "docs", "-o", docs); code != exitOK {
			t.Fatalf("docs -o: exit %d: %s", code, stderr)
		}
	}
	mine := filepath.Join(docs, "notes", "mine.md")
	os.MkdirAll(filepath.Dir(mine), 0o755)
	os.WriteFile(mine, []byte("my notes"), 0o644)
	code, _, stderr := runCmd(t, "docs", "-o", docs)
	if data, _ := os.ReadFile(mine); code != exitUsage || string(data) != "my notes" || !strings.Contains(stderr, "notes/mine.md") {
		t.Errorf("docs -o over a folder with the user's file: exit %d, %q, file %q; want exit 2 naming it, the file kept", code, stderr, data)
	}

	// Missing parent folders: refused alike by every -o.
	for _, args := range [][]string{
		{"docs", "-o", filepath.Join(dir, "a", "b", "c")},
		{"card", "--rules", "INF", "-o", filepath.Join(dir, "a", "b", "c.pdf")},
		{"plot", "--rules", "INF", "-o", filepath.Join(dir, "a", "b", "c.png")},
	} {
		code, _, stderr := runCmd(t, args...)
		if code != exitUsage || !strings.Contains(stderr, "does not exist; create it first") {
			t.Errorf("%q: exit %d, %q; want exit 2, the missing folder named", args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
		t.Error("a missing parent folder was created")
	}
}

// TestDrillMemoryUnusable: a memory file that is a FIFO (the session
// blocked writing it on build 0438fe3), a link to /dev/zero or junk is
// named, then left as it is; the session goes on.
func TestDrillMemoryUnusable(t *testing.T) {
	for _, kind := range []string{"fifo", "zero", "junk"} {
		t.Run(kind, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, ".config", "bjchart", "drill-missed.json")
			os.MkdirAll(filepath.Dir(path), 0o755)
			switch kind {
			case "fifo":
				if err := syscall.Mkfifo(path, 0o644); err != nil {
					t.Skip(err)
				}
			case "zero":
				os.Symlink("/dev/zero", path)
			case "junk":
				os.WriteFile(path, bytes.Repeat([]byte(" "), 3<<20), 0o644)
			}
			before, _ := os.Lstat(path)
			getenv := func(k string) string {
				if k == "HOME" {
					return home
				}
				return ""
			}
			var out, errb bytes.Buffer
			code := runIn([]string{"drill", "--rules", "INF", "--hands", "2", "--seed", "2"}, strings.NewReader("H\nH\n"), &out, &errb, getenv)
			if code != exitOK || !strings.Contains(errb.String(), "drill-missed.json") || !strings.Contains(errb.String(), "neither reads nor replaces it") {
				t.Errorf("exit %d, stderr %q; want 0 and the file named", code, errb.String())
			}
			if after, err := os.Lstat(path); err != nil || after.Mode() != before.Mode() || after.Size() != before.Size() {
				t.Errorf("the memory file was changed: %v", err)
			}
		})
	}
}

// TestMessagesSayWhatToDo: the messages of the sweep of 2026-11-28
// (issue items 10 and 12), each one line, exit 2, before any work.
func TestMessagesSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	empty, long := filepath.Join(dir, "empty"), filepath.Join(dir, "long")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(long, bytes.Repeat([]byte("x"), 70000), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"drill", "table", "--rules", "1D", "--answers", empty}, "holds no answers"},
		{[]string{"drill", "index", "--rules", "6D S17 DAS LS", "--answers", empty}, "holds no answers"},
		{[]string{"drill", "table", "--rules", "1D", "--answers", long}, "line 1: longer than 64 KB"},
		{[]string{"sim", "--rounds", "1000", "--index-scope", "first"}, "--index-scope first needs --indices"},
		{[]string{"risk", "--bankroll", "1e308"}, "at most 1e300 in size"},
		{[]string{"risk", "--bankroll", "lots"}, `"lots": want a number`},
	} {
		code, _, stderr := runCmd(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want exit 2, one line saying %q", tc.args, code, stderr, tc.want)
		}
	}
	// Names read alike: case does not matter, _ is -.
	for _, args := range [][]string{
		{"chart", "--rules", "INF", "--format", "JSON"},
		{"counts", "--count", "HiLo", "--rules", "1D"},
	} {
		if code, _, stderr := runCmd(t, args...); code != exitOK {
			t.Errorf("%q: exit %d, %s", args, code, stderr)
		}
	}
}

// TestShortHelp: -h is a summary that fits a screen, --help the whole
// page, for every command.
func TestShortHelp(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		args := append(strings.Fields(c.CommandPath())[1:], "-h")
		code, short, _ := runCmd(t, args...)
		if lines := strings.Count(short, "\n"); code != exitOK || lines > 24 || !strings.Contains(short, "--help' gives the whole page") {
			t.Errorf("%q: exit %d, %d lines; want a summary of at most 24 lines:\n%s", args, code, lines, short)
		}
		args[len(args)-1] = "--help"
		if _, long, _ := runCmd(t, args...); len(long) <= len(short) && c.HasAvailableFlags() {
			t.Errorf("%q: %d bytes, no more than -h's %d", args, len(long), len(short))
		}
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() && sub.Name() != "help" {
				walk(sub)
			}
		}
	}
	walk(newRootCmd(env{}))
}
