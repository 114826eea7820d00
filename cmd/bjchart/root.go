package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
)

// Exit codes, the one table of them.
const (
	exitOK    = 0
	exitError = 1 // the command failed
	exitUsage = 2 // bad flags, arguments or rules
	exitDiff  = 3 // a diff found disagreements (only when asked for)
)

// usageError marks an error in what the user typed.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// env carries what a command needs from its surroundings, so tests can run
// commands in-process.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
}

// colorAuto reports whether output to w should be coloured: only on a
// terminal, and never when NO_COLOR is set.
func (e env) colorAuto(w io.Writer) bool {
	if e.getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// run executes the command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	e := env{stdout: stdout, stderr: stderr, getenv: getenv}
	root := newRootCmd(e)
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "bjchart: %v\n", err)
	var ue usageError
	switch {
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, errDiffFound):
		return exitDiff
	}
	return exitError
}

var errDiffFound = errors.New("differences found")

func newRootCmd(e env) *cobra.Command {
	opts := newChartOptions()
	root := &cobra.Command{
		Use:   "bjchart",
		Short: "Exact blackjack basic strategy for any rule set",
		Long: `bjchart solves blackjack exactly (combinatorially, never by simulation)
for a casino rule set and prints the basic-strategy chart with the EV
behind every cell.

With no command it prints the chart for the rules given by --rules and the
rule flags (default: ` + "`6D S17 DOA DAS SPL3 NS 3:2 PEEK`" + `).`,
		Example: `  bjchart
  bjchart --rules "6D H17 DAS LS"
  bjchart chart --rules "INF S17" --ev
  bjchart chart --format json > chart.json
  bjchart rules`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return opts.run(cmd, e)
		},
	}
	opts.bind(root)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newChartCmd(e), newRulesCmd(e), newGridCmd(e), newChartsCmd(e), newDiffCmd(e), newPlotCmd(e), newCardCmd(e), newDealerCmd(e), newHandCmd(e))
	return root
}

// argsBetween accepts from lo to hi positional arguments (hi < 0: any
// number), else a usage error.
func argsBetween(lo, hi int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < lo || hi >= 0 && len(args) > hi {
			return usagef("%s takes %s; got %d arguments; see '%s --help'", cmd.CommandPath(), what, len(args), cmd.CommandPath())
		}
		return nil
	}
}

// noArgs rejects positional arguments as a usage error.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q for %q; see '%s --help'", args[0], cmd.CommandPath(), cmd.CommandPath())
	}
	return nil
}
