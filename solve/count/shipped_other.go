//go:build !amd64

package count

import "errors"

// Runs ship on amd64 alone (ShippedGames): elsewhere a compiler may fuse
// a product and a sum that amd64's keeps apart, so the runs shipped
// would not be the ones this program computes, to the last bit; and the
// browser's WebAssembly fetches every byte.
func shippedRun(string, runKey, any) bool { return false }

func shippedRuns() map[string][]byte { return nil }

func encodeShipped(map[string][]byte) ([]byte, error) {
	return nil, errors.New("runs ship on amd64 alone")
}
