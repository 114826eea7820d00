//go:build amd64

package count

import (
	"bytes"
	_ "embed"
	"encoding/gob"
	"slices"
	"strings"
	"sync"
)

// shippedFile holds the shipped runs (ShippedGames): the gob of a list
// of shippedRun, in the order of their keys, so that the same runs write
// the same bytes.
//
//go:embed shipped.runs
var shippedFile []byte

// shippedRuns reads shippedFile the first time a run is asked for.
var shippedRuns = sync.OnceValue(func() map[string][]byte {
	var list []shippedEntry
	if gob.NewDecoder(bytes.NewReader(shippedFile)).Decode(&list) != nil {
		return nil // TestShippedRuns reads it whole
	}
	runs := make(map[string][]byte, len(list))
	for _, e := range list {
		runs[e.Key] = e.Run
	}
	return runs
})

// A shippedEntry is one shipped run: its sourceKey and its gob (keptRun).
type shippedEntry struct {
	Key string
	Run []byte
}

// encodeShipped writes runs as shippedFile holds them.
func encodeShipped(runs map[string][]byte) ([]byte, error) {
	var list []shippedEntry
	for k, r := range runs {
		list = append(list, shippedEntry{k, r})
	}
	slices.SortFunc(list, func(a, b shippedEntry) int { return strings.Compare(a.Key, b.Key) })
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(list)
	return b.Bytes(), err
}

// shippedRun reads the shipped run of kind decided by key into kept,
// reporting whether there is one.
func shippedRun(kind string, key runKey, kept any) bool {
	b, ok := shippedRuns()[sourceKey(kind, key)]
	return ok && gob.NewDecoder(bytes.NewReader(b)).Decode(kept) == nil
}
