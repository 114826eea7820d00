//go:build !js

package memo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

type result struct {
	Name   string
	Values []float64
}

func mustOpen(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), "program")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRoundTrip: a saved result reads back to the bit, NaN and the
// infinities included, under its key and no other.
func TestRoundTrip(t *testing.T) {
	s := mustOpen(t)
	in := result{"insurance", []float64{3.0287366961725, math.NaN(), math.Inf(-1), -0.0, 5e-324}}
	key := s.Key("indices", map[string]any{"rules": "6D S17", "seed": 1})
	if err := s.Save(key, in); err != nil {
		t.Fatal(err)
	}
	var out result
	if !s.Load(key, &out) {
		t.Fatal("Load found nothing under the key just saved")
	}
	for i := range in.Values {
		if math.Float64bits(in.Values[i]) != math.Float64bits(out.Values[i]) {
			t.Errorf("value %d: saved %v, loaded %v", i, in.Values[i], out.Values[i])
		}
	}
	other := s.Key("indices", map[string]any{"rules": "6D S17", "seed": 2})
	if other == key || s.Load(other, &out) {
		t.Errorf("another request's key %s found the result of %s", other, key)
	}
	if s.Hits() != 1 {
		t.Errorf("Hits() = %d, want 1", s.Hits())
	}
}

// TestKeysSeparate: the program, the kind and every field are in a key.
func TestKeysSeparate(t *testing.T) {
	s := mustOpen(t)
	t2, _ := Open(s.dir, "another program")
	keys := map[string]string{
		"base":          s.Key("indices", []any{"6D", 1}),
		"other kind":    s.Key("edges", []any{"6D", 1}),
		"other field":   s.Key("indices", []any{"6D", 2}),
		"other program": t2.Key("indices", []any{"6D", 1}),
		// the parts' lengths are hashed too: a kind's end cannot pass for a field's start
		"moved boundary": s.Key("indices[", []any{"6D", 1}),
	}
	seen := map[string]string{}
	for name, k := range keys {
		if was, ok := seen[k]; ok {
			t.Errorf("%s and %s share the key %s", name, was, k)
		}
		seen[k] = name
	}
	if k := s.Key("indices", func() {}); k != "" {
		t.Errorf("a key of fields JSON cannot write = %q, want none", k)
	}
}

// TestDamagedFilesAreMisses: a file cut short, with a byte changed, of
// another key, too large, or not a file is not read.
func TestDamagedFilesAreMisses(t *testing.T) {
	s := mustOpen(t)
	key := s.Key("indices", 1)
	if err := s.Save(key, result{"x", []float64{1, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(s.dir, key+ext)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)-3] ^= 1
	otherKey := s.Key("indices", 2)
	cases := map[string][]byte{
		"cut short":    good[:len(good)-5],
		"byte changed": flipped,
		"another key":  bytes.Replace(good, []byte(key), []byte(otherKey), 1),
		"empty":        nil,
		"too large":    append(bytes.Clone(good), make([]byte, MaxFile)...),
	}
	for name, data := range cases {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out result
		if s.Load(key, &out) {
			t.Errorf("%s: Load read it", name)
		}
	}
	os.Remove(path)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if s.Load(key, &result{}) {
		t.Error("a folder under the key's name was read")
	}
}

// TestTrimDropsLeastRecentlyUsed: past the bound, the files used longest
// ago go first; files that are not the store's are left, but for a
// temporary file a stopped writer left an hour ago.
func TestTrimDropsLeastRecentlyUsed(t *testing.T) {
	s := mustOpen(t)
	stranger := filepath.Join(s.dir, "notes.txt")
	if err := os.WriteFile(stranger, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	stale, writing := filepath.Join(s.dir, tmpPrefix+"1.tmp"), filepath.Join(s.dir, tmpPrefix+"2.tmp")
	another := filepath.Join(s.dir, ".tmp-another-program")
	long := time.Now().Add(-2 * staleTemp)
	for _, f := range []string{stale, writing, another} {
		os.WriteFile(f, nil, 0o644)
		if f != writing {
			os.Chtimes(f, long, long)
		}
	}
	var keys []string
	for i := range 4 {
		k := s.Key("x", i)
		if err := s.Save(k, result{Values: make([]float64, 1000)}); err != nil {
			t.Fatal(err)
		}
		past := time.Now().Add(time.Duration(i-10) * time.Hour)
		os.Chtimes(filepath.Join(s.dir, k+ext), past, past)
		keys = append(keys, k)
	}
	var r result
	s.Load(keys[0], &r) // the oldest, used now
	info, _ := os.Stat(filepath.Join(s.dir, keys[0]+ext))
	if err := s.trim(2 * info.Size()); err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		_, err := os.Stat(filepath.Join(s.dir, k+ext))
		if kept, want := err == nil, i == 0 || i == 3; kept != want {
			t.Errorf("file %d kept %v, want %v (the used one and the newest kept)", i, kept, want)
		}
	}
	if _, err := os.Stat(stranger); err != nil {
		t.Errorf("a file not the store's was touched: %v", err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a temporary file left by a stopped writer is still there")
	}
	if _, err := os.Stat(writing); err != nil {
		t.Errorf("a file being written was removed: %v", err)
	}
	if _, err := os.Stat(another); err != nil {
		t.Errorf("another program's old temporary file was removed: %v", err)
	}
}

// TestConcurrentSaves: goroutines saving and loading one key leave a
// whole file and no temporary ones.
func TestConcurrentSaves(t *testing.T) {
	s := mustOpen(t)
	key := s.Key("x", 1)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			var r result
			s.Save(key, result{"same", []float64{1, 2}})
			s.Load(key, &r)
		})
	}
	wg.Wait()
	var r result
	if !s.Load(key, &r) || r.Name != "same" {
		t.Errorf("after concurrent saves Load = %+v", r)
	}
	left, _ := filepath.Glob(filepath.Join(s.dir, ".tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestNilStore: the nil store keeps and finds nothing.
func TestNilStore(t *testing.T) {
	var s *Store
	if s.Key("x", 1) != "" || s.Save("k", 1) != nil || s.Load("k", new(int)) || s.Hits() != 0 {
		t.Error("the nil store did something")
	}
}

// TestOpenFolder: $BJCHART_CACHE off (any case) is no store and no
// error; a relative folder, or one that cannot be made, is no store and
// an error naming it; an absolute one is the store's folder.
func TestOpenFolder(t *testing.T) {
	for _, dir := range []string{"off", "OFF", "Off"} {
		if s, err := OpenFolder(dir); s != nil || err != nil {
			t.Errorf("OpenFolder(%q) = %v, %v; want no store, no error", dir, s, err)
		}
	}
	file := filepath.Join(t.TempDir(), "a file")
	os.WriteFile(file, nil, 0o644)
	for _, dir := range []string{"relative/cache", filepath.Join(file, "kept")} {
		if s, err := OpenFolder(dir); s != nil || err == nil || !strings.Contains(err.Error(), dir) {
			t.Errorf("OpenFolder(%q) = %v, %v; want no store and an error naming it", dir, s, err)
		}
	}
	dir := filepath.Join(t.TempDir(), "kept")
	if s, err := OpenFolder(dir); s == nil || s.dir != dir || err != nil {
		t.Errorf("OpenFolder(%q) = %v, %v", dir, s, err)
	}
}

// FuzzOpen: no file makes the reader panic, and one it accepts holds its
// key and a payload its checksum names.
func FuzzOpen(f *testing.F) {
	s, _ := Open(f.TempDir(), "program")
	key := s.Key("x", 1)
	payload, _ := encode(result{"x", []float64{1, math.NaN()}})
	sum := sha256.Sum256(payload)
	f.Add([]byte(magic + key + "\n" + hex.EncodeToString(sum[:]) + "\n" + string(payload))) // a whole file
	f.Add([]byte(magic + key + "\n" + "00\n" + string(payload)))                            // a wrong checksum
	f.Add([]byte(magic))                                                                    // cut after the magic line
	f.Add([]byte("bjchart memo 2\n"))                                                       // another format
	f.Add(payload)                                                                          // a payload alone
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := open(data, key)
		if !ok {
			return
		}
		if !bytes.HasPrefix(data, []byte(magic+key+"\n")) || !bytes.HasSuffix(data, got) {
			t.Errorf("open accepted a file not of its key: %q", data)
		}
		var r result
		decode(got, &r) // must not panic
	})
}
