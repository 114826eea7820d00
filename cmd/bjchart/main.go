// Command bjchart solves blackjack exactly for a rule set and prints the
// basic-strategy chart, with the EV behind every cell.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Getenv)) }
