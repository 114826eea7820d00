//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputFileModes checks that a new output file honours the umask, a
// replaced one keeps its mode, and the status line goes to stderr.
func TestOutputFileModes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "card.pdf")
	old := syscall.Umask(0o077)
	code, stdout, stderr := runCmd(t, "card", "--rules", "INF", "--date", "2026-01-01", "-o", out)
	syscall.Umask(old)
	if code != exitOK || stdout != "" || stderr != "wrote "+out+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: %v, %v; want -rw-------", fi.Mode(), err)
	}
	if err := os.Chmod(out, 0o640); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCmd(t, "card", "--rules", "INF", "--date", "2026-01-01", "-o", out); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o640 {
		t.Errorf("replaced file: %v; want its old mode -rw-r-----", fi.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestOutputStdout checks -o - and that an unwritable path fails before
// any work, naming the user's path.
func TestOutputStdout(t *testing.T) {
	code, stdout, stderr := runCmd(t, "card", "--rules", "INF", "--date", "2026-01-01", "-o", "-")
	if code != exitOK || !strings.HasPrefix(stdout, "%PDF-") || stderr != "" {
		t.Errorf("card -o -: exit %d, stdout %.10q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = runCmd(t, "plot", "--rules", "INF", "-o", "-")
	if code != exitOK || !bytes.HasPrefix([]byte(stdout), []byte("\x89PNG")) {
		t.Errorf("plot -o -: exit %d, stdout %.10q", code, stdout)
	}
	bad := filepath.Join(t.TempDir(), "no-such-dir", "card.pdf")
	code, _, stderr = runCmd(t, "card", "-o", bad)
	if want := fmt.Sprintf("bjchart: %q: folder %q does not exist; create it first (bjchart makes no folder you did not name)\n", bad, filepath.Dir(bad)+"/"); code != exitUsage || stderr != want {
		t.Errorf("unwritable: exit %d, stderr %q", code, stderr)
	}
}

// TestCardDate checks SOURCE_DATE_EPOCH: two runs make the same bytes.
func TestCardDate(t *testing.T) {
	run1 := func() string {
		var out, errb bytes.Buffer
		getenv := func(k string) string {
			if k == "SOURCE_DATE_EPOCH" {
				return "1700000000"
			}
			return ""
		}
		if code := run([]string{"card", "--rules", "INF", "-o", "-"}, &out, &errb, getenv); code != exitOK {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	a, b := run1(), run1()
	if a != b {
		t.Error("SOURCE_DATE_EPOCH: two runs differ")
	}
	if !strings.Contains(a, "20231114") { // 1700000000 is 2023-11-14 UTC
		t.Error("SOURCE_DATE_EPOCH: the PDF does not carry its date")
	}
}

// TestProgressEstimate: off a terminal, a run whose pace from its first
// unit on puts it over a minute more says how long once; a short one
// says nothing. The setup before the first unit is not in the pace.
func TestProgressEstimate(t *testing.T) {
	for _, tc := range []struct {
		first, done int // units done at the first update, and 3 s later
		total       int64
		want        string
	}{
		{1, 3, 100, "bjchart: sampling shoes: about 2m26s more (from the pace of 2 shoes in 3s; 3 of 100 done)\n"},
		{1, 60, 100, ""},
	} {
		var errb bytes.Buffer
		p := newProgress(env{stderr: &errb, getenv: func(string) string { return "" }}, tc.total, "sampling shoes", "shoes")
		p.SetOf(int64(tc.first), tc.total) // after a long setup: not in the pace
		p.firstUpdate = p.firstUpdate.Add(-3 * time.Second)
		p.SetOf(int64(tc.done), tc.total)
		p.SetOf(int64(tc.done+1), tc.total) // told already
		got := errb.String()
		if tc.want != "" && !strings.HasPrefix(got, "bjchart: sampling shoes: about 2m2") || tc.want == "" && got != "" {
			t.Errorf("%d then %d of %d 3 s later: %q, want %q", tc.first, tc.done, tc.total, got, tc.want)
		}
		if strings.Count(got, "\n") > 1 {
			t.Errorf("estimate printed more than once: %q", got)
		}
	}
}
