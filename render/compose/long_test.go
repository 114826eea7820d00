package compose

import "flag"

// long runs the slow statistical and brute-force checks too (.ci/run sets
// it; go test ./... -long). Every test package defines it so that the flag
// can be given to all of them at once.
var long = flag.Bool("long", false, "run the slow statistical and brute-force checks too")

// update is -update, which rewrites golden files where a package has
// them (cmd/bjchart, render); defined here too so that one -update can be
// given to every package at once. Shipped data is go generate's.
var _ = flag.Bool("update", false, "rewrite golden files (this package has none)")
