//go:build !js

package memo

import "flag"

// long runs the slow checks too (.ci/run sets it; go test ./... -long);
// update rewrites golden files. Every test package defines both so that
// either can be given to all of them at once; this package has neither.
var (
	_ = flag.Bool("long", false, "run the slow statistical and brute-force checks too")
	_ = flag.Bool("update", false, "rewrite golden files (this package has none)")
)
