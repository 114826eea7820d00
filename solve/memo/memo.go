//go:build !js

package memo

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"bjchart/solve/param"
)

// MaxBytes bounds a store's files together; MaxFile bounds one, so that a
// file is never read whole before it is known to be one of the store's.
const (
	MaxBytes = 64 << 20
	MaxFile  = 8 << 20
)

// ext is the extension of a store's files, and tmpPrefix the start of
// the name of one being written (one older than staleTemp was left by a
// process stopped before its rename): nothing else in its folder is read
// or removed.
const (
	ext       = ".memo"
	tmpPrefix = ".bjchart-memo-"
	staleTemp = time.Hour
)

// magic starts every stored file, with its format's version.
const magic = "bjchart memo 1\n"

// A Store is a folder of stored results for one program. The nil Store
// stores nothing and finds nothing. It is safe for concurrent use, by
// goroutines and by processes sharing the folder (a file is written
// whole under another name, then renamed).
type Store struct {
	dir     string
	program string // the program's fingerprint
	mu      sync.Mutex
	hits    int
}

// Open returns the store in folder dir for a program known by its
// fingerprint (any string that changes whenever its results might: see
// Default), creating the folder if need be.
func Open(dir, program string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Store{dir: dir, program: program}, nil
}

// Key returns the key of a result of a kind ("indices") decided by
// fields, written as JSON: two requests whose fields write alike share a
// key, so fields must hold everything the result depends on.
func (s *Store) Key(kind string, fields any) string {
	if s == nil {
		return ""
	}
	b, err := json.Marshal(fields)
	if err != nil {
		return "" // a key that cannot be written is never found
	}
	h := sha256.New()
	for _, part := range [][]byte{[]byte(s.program), []byte(kind), b} {
		h.Write([]byte{byte(len(part) >> 24), byte(len(part) >> 16), byte(len(part) >> 8), byte(len(part))})
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Load reads the result stored under key into v (a pointer, as for gob),
// reporting whether it was there, whole and of this key.
func (s *Store) Load(key string, v any) bool {
	if s == nil || key == "" {
		return false
	}
	path := filepath.Join(s.dir, key+ext)
	data, err := param.ReadFile(path, MaxFile, "not one of the store's") // not there, not a file (a pipe would block), too large
	if err != nil {
		return false
	}
	payload, ok := open(data, key)
	if !ok || decode(payload, v) != nil {
		return false
	}
	now := time.Now()
	_ = os.Chtimes(path, now, now) // recently used: kept before older ones
	s.mu.Lock()
	s.hits++
	s.mu.Unlock()
	return true
}

// open returns a stored file's payload if the file is whole and holds
// key's: the magic line, the key's line, the payload's checksum's line,
// the payload.
func open(data []byte, key string) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(data, []byte(magic))
	if !ok {
		return nil, false
	}
	line, rest, ok := bytes.Cut(rest, []byte("\n"))
	if !ok || string(line) != key {
		return nil, false
	}
	line, payload, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, false
	}
	sum := sha256.Sum256(payload)
	if string(line) != hex.EncodeToString(sum[:]) {
		return nil, false
	}
	return payload, true
}

// Save stores v under key, written whole under another name and renamed,
// then drops the least recently used files past MaxBytes. A store that
// cannot be written keeps nothing: the error says why, for a caller that
// wants to know; most need not.
func (s *Store) Save(key string, v any) error {
	if s == nil || key == "" {
		return nil
	}
	payload, err := encode(v)
	if err != nil {
		return err
	}
	if len(payload) > MaxFile-1024 {
		return errors.New("memo: a result too large to keep")
	}
	sum := sha256.Sum256(payload)
	data := slices.Concat([]byte(magic), []byte(key+"\n"+hex.EncodeToString(sum[:])+"\n"), payload)
	tmp, err := os.CreateTemp(s.dir, tmpPrefix+"*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(s.dir, key+ext))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return s.trim(MaxBytes)
}

// trim drops the least recently used of the store's files until they
// hold at most limit bytes together.
func (s *Store) trim(limit int64) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	type file struct {
		name string
		size int64
		used time.Time
	}
	var files []file
	var total int64
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		if strings.HasPrefix(e.Name(), tmpPrefix) && strings.HasSuffix(e.Name(), ".tmp") && time.Since(info.ModTime()) > staleTemp {
			os.Remove(filepath.Join(s.dir, e.Name())) // a writer stopped before its rename
			continue
		}
		if !strings.HasSuffix(e.Name(), ext) {
			continue
		}
		files = append(files, file{e.Name(), info.Size(), info.ModTime()})
		total += info.Size()
	}
	slices.SortFunc(files, func(a, b file) int { return a.used.Compare(b.used) })
	for _, f := range files {
		if total <= limit {
			break
		}
		if err := os.Remove(filepath.Join(s.dir, f.name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		total -= f.size
	}
	return nil
}

// Hits is how many results the store has given back since it was opened.
func (s *Store) Hits() int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

var (
	defaultOnce  sync.Once
	defaultStore *Store
)

// Default returns the process's store (see the package's doc), opened at
// the first call, or nil where there is none.
func Default() *Store {
	defaultOnce.Do(func() { defaultStore, _ = OpenFolder(os.Getenv("BJCHART_CACHE")) })
	return defaultStore
}

// OpenFolder returns the running program's store in folder dir, as
// $BJCHART_CACHE names it: "" is bjchart's folder under the user's cache
// folder, "off" (in any case) none. A relative dir, or one that cannot be
// made, is no store and an error saying why; a user with no cache folder,
// or a program that cannot read its own executable, is no store and no
// error (no one's mistake to report).
func OpenFolder(dir string) (*Store, error) {
	switch {
	case strings.EqualFold(dir, "off"):
		return nil, nil
	case dir != "" && !filepath.IsAbs(dir):
		return nil, fmt.Errorf("%q: want an absolute path (a relative one would move with the working folder)", dir)
	case dir == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, nil
		}
		dir = filepath.Join(base, "bjchart")
	}
	program, err := fingerprint()
	if err != nil {
		return nil, nil
	}
	s, err := Open(dir, program)
	if err != nil {
		return nil, fmt.Errorf("%q: %v", dir, errors.Unwrap(err))
	}
	return s, nil
}

// fingerprint is the hash of the running executable: Go builds the same
// source to the same bytes, so 'go run' of one checkout is one program.
func fingerprint() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// encode writes v as gob, which keeps every float64 to the bit (NaN too).
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(v)
	return b.Bytes(), err
}

// decode reads what encode wrote into v, a pointer.
func decode(payload []byte, v any) error {
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(v)
}
