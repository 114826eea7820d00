package memo

import "flag"

// long is the -long flag every package's tests take (the project's slow
// checks); this package has none.
var long = flag.Bool("long", false, "run the slow checks too")
