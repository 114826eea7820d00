package param

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFolderKeepsTheUsersFiles: a folder WriteFolder wrote is
// replaced by the next run; a file added to it keeps it, named; a missing
// parent is refused and not made.
func TestWriteFolderKeepsTheUsersFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	files := map[string][]byte{"index.md": []byte("a"), "man/x.1": []byte("b")}
	for range 2 {
		if err := WriteFolder(dir, files); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "man", "mine.txt"), []byte("mine"), 0o644)
	var oe *OutputError
	if err := WriteFolder(dir, files); !errors.As(err, &oe) || !strings.Contains(err.Error(), "man/mine.txt") {
		t.Errorf("a folder with the user's file: %v, want it refused, naming the file", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "man", "mine.txt")); string(data) != "mine" {
		t.Error("the user's file was lost")
	}
	missing := filepath.Join(t.TempDir(), "a", "b")
	if err := WriteFolder(missing, files); !errors.As(err, &oe) {
		t.Errorf("a missing parent: %v, want it refused", err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("the missing parent was made")
	}
}

// FuzzCheckFolder feeds CheckFolder a manifest of any content beside one
// file of its own: it never panics, and it allows the folder only when
// the manifest is bjchart's and lists the file.
func FuzzCheckFolder(f *testing.F) {
	f.Add(manifestHeader+"\nnotes.txt\n", "notes.txt")
	f.Add(manifestHeader+"\nother.txt\n", "notes.txt")
	f.Add("junk\nnotes.txt\n", "notes.txt")
	f.Add("", "a")
	f.Add(manifestHeader+"\n../notes.txt\n\x00\n", "notes.txt")
	f.Fuzz(func(t *testing.T, manifest, name string) {
		if name == "" || strings.ContainsAny(name, "/\\\x00") || name == "." || name == ".." || name == ManifestName || len(name) > 100 {
			return
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(manifest), 0o644); err != nil {
			return
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			return
		}
		err := CheckFolder(dir)
		listed := strings.HasPrefix(manifest, manifestHeader+"\n") && strings.Contains("\n"+manifest, "\n"+name+"\n")
		if (err == nil) != listed {
			t.Errorf("manifest %q, file %q: CheckFolder = %v; want allowed %v", manifest, name, err, listed)
		}
	})
}
