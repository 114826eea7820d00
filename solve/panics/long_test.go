package panics

import "flag"

// long runs the slow statistical and brute-force checks too (.ci/run sets
// it; go test ./... -long). Every test package defines it so that the flag
// can be given to all of them at once.
var long = flag.Bool("long", false, "run the slow statistical and brute-force checks too")
