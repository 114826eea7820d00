//go:build unix

package memo

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestPipeIsAMiss: a named pipe under a key's name is not opened (the
// open would wait for a writer).
func TestPipeIsAMiss(t *testing.T) {
	s := mustOpen(t)
	key := s.Key("x", 1)
	if err := syscall.Mkfifo(filepath.Join(s.dir, key+ext), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if s.Load(key, new(result)) {
		t.Error("a pipe was read")
	}
}
