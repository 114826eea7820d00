package site

import "flag"

var long = flag.Bool("long", false, "run the slow checks too (the static site in the browser)")
