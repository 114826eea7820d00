//go:build js

package memo

import "errors"

// Store is the nil store in the browser's WebAssembly: no executable to
// fingerprint, no disk; its methods keep and find nothing.
type Store struct{}

// Default is nil in the browser.
func Default() *Store { return nil }

// OpenFolder has no folder to open in the browser.
func OpenFolder(dir string) (*Store, error) { return nil, nil }

// Open has no folder to open in the browser.
func Open(dir, program string) (*Store, error) {
	return nil, errors.New("memo: no store in the browser")
}

func (*Store) Key(kind string, fields any) string { return "" }
func (*Store) Load(key string, v any) bool        { return false }
func (*Store) Save(key string, v any) error       { return nil }
func (*Store) Hits() int                          { return 0 }
