package sim

import (
	"bjchart/solve"
	"bjchart/solve/casino"
)

// Watch returns the configuration with a watcher told of every round once
// settled: the round engine's table, the insurance answers and the plays
// made, in order.
func Watch(cfg Config, watch func(t *casino.Table, insured []bool, plays []solve.Action)) Config {
	cfg.watch = watch
	return cfg
}

// Long says whether -long is given (the external tests' view of it).
func Long() bool { return *long }
