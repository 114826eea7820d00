package main

import (
	"bjchart/render"
	"bjchart/solve/panics"
	"bjchart/solve/param"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// Exit codes, the one table of them.
const (
	exitOK    = 0
	exitError = 1 // the command failed
	exitUsage = 2 // bad flags, arguments or rules
	exitDiff  = 3 // a diff found disagreements (only when asked for)
	// exitInterrupted is a run stopped by Ctrl-C (SIGINT) or SIGTERM
	// through its context, as a shell reports a process a SIGINT ended.
	exitInterrupted = 130
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
	stdin          io.Reader // nil: os.Stdin
	getenv         func(string) string
	// reads are the files the run reads, which no output of it replaces.
	reads *readFiles
	// shortHelp is set by -h (not --help): help is a one-screen summary.
	shortHelp bool
	// beforeRun, if not nil, is called before a command runs (main's
	// hugeHeap: a process that only prints help or its version need not
	// pay for it).
	beforeRun func()
	// checkOnly, if not nil, stops a command that binds a request once the
	// request is bound and checked, recording both (the tests compare it
	// with the page's binding).
	checkOnly *boundRequest
}

// A boundRequest is a request as a command bound and checked it.
type boundRequest struct {
	req any
	err error // the check's error, as the command line says it
}

// checked ends a command's check of its request: it reports whether the
// command stops here, with the check's error as the command line says it
// (a field's as its flag). When the command runs to check only, it
// records the request and that error instead, and stops.
func (e env) checked(req any, err error) (bool, error) {
	err = requestError(err)
	if e.checkOnly != nil {
		e.checkOnly.req, e.checkOnly.err = req, err
		return true, nil
	}
	return err != nil, err
}

// colorAuto reports whether output to w should be coloured: only on a
// terminal, and never when NO_COLOR is set.
func (e env) colorAuto(w io.Writer) bool {
	if e.getenv("NO_COLOR") != "" {
		return false
	}
	return terminal(w)
}

// terminal reports whether w is a terminal.
func terminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// width is the number of columns text output wraps its prose to: the
// terminal's, or $COLUMNS, or 80 off a terminal.
func (e env) width() int {
	if f, ok := e.stdout.(interface{ Fd() uintptr }); ok && isatty.IsTerminal(f.Fd()) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w >= 20 {
			return w
		}
	}
	if e.getenv == nil {
		return 80
	}
	if w, err := strconv.Atoi(e.getenv("COLUMNS")); err == nil && w >= 20 && w <= 1000 {
		return w
	}
	return 80
}

// run executes the command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	return runIn(args, nil, stdout, stderr, getenv)
}

// runIn is run reading standard input from stdin (nil: os.Stdin).
func runIn(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return runContext(context.Background(), args, stdin, stdout, stderr, getenv, nil)
}

// runContext is runIn under ctx: every command's run stops through its
// context once ctx ends (main's ends at Ctrl-C or SIGTERM), writing no
// partial file, and exits 130. beforeRun, if not nil, is called once a
// command's flags are read and checked, before it runs: not for help or
// the version.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string, beforeRun func()) int {
	out := &errWriter{w: stdout}
	e := env{stdin: stdin, stdout: out, stderr: stderr, getenv: getenv, reads: &readFiles{}, shortHelp: askedShortHelp(args), beforeRun: beforeRun}
	root := newRootCmdFor(e, args)
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		registerCompletions(root) // only a shell's completion request reads them
	}
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root.SetArgs(args)
	err := func() (err error) {
		defer panics.Recover(&err) // a bug: said, with its stack, as a failure
		return root.ExecuteContext(ctx)
	}()
	if pe := (*panics.Error)(nil); errors.As(err, &pe) {
		fmt.Fprintf(stderr, "bjchart: %v\n%s", err, pe.Stack)
		return exitError
	}
	if err == nil && out.err != nil { // output whose writer returns no error: help, version
		err = out.err
	}
	if err == nil {
		return exitOK
	}
	if ctx.Err() != nil { // stopped by the interrupt, whatever the run's own words for it
		fmt.Fprintln(stderr, "bjchart: interrupted")
		return exitInterrupted
	}
	var pe *param.Error
	if errors.As(err, &pe) && !errors.As(err, new(usageError)) {
		// a request's field refused by its run (what only the solve
		// shows): the user's, as its flag
		err = requestError(err)
	}
	fmt.Fprintf(stderr, "bjchart: %v\n", err)
	var ue usageError
	switch {
	case errors.As(err, &ue), errors.As(err, new(*param.OutputError)): // an output the user must change
		return exitUsage
	case errors.Is(err, errDiffFound):
		return exitDiff
	}
	return exitError
}

var errDiffFound = errors.New("differences found")

// errWriter keeps the first error writing to w, for output written where
// no error can be returned (cobra's help and version).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// Fd lets a terminal be detected through the wrapper.
func (e *errWriter) Fd() uintptr {
	if f, ok := e.w.(*os.File); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}

// newRootCmd builds the whole command tree.
func newRootCmd(e env) *cobra.Command {
	root := newRootOnly(e)
	addCommands(e, root)
	return root
}

// addCommands adds every command to root, and the help topics.
func addCommands(e env, root *cobra.Command) {
	for _, c := range subcommands {
		root.AddCommand(c.build(e, root))
	}
	addTopics(root)
}

// newRootCmdFor builds the tree that args need: when they ask for no
// help, the root and the command they name alone, or the root alone for
// its own chart (a process builds no command it does not run); else,
// for help, a shell's completion and a name not found, the whole tree.
func newRootCmdFor(e env, args []string) *cobra.Command {
	root := newRootOnly(e)
	switch c, ok := commandFor(root, args); {
	case !ok:
		addCommands(e, root)
	case c.build != nil:
		root.AddCommand(c.build(e, root))
	}
	return root
}

// A subcommand is one of the root's commands: its name, and how it is
// built.
type subcommand struct {
	name  string
	build func(e env, root *cobra.Command) *cobra.Command
	tree  bool // it reads the whole tree it is in (docs; the page's manual): never built alone
}

// subcommands are the root's commands, in the order they are added.
var subcommands = func() []subcommand {
	plain := func(name string, f func(env) *cobra.Command) subcommand {
		return subcommand{name: name, build: func(e env, _ *cobra.Command) *cobra.Command { return f(e) }}
	}
	withTree := func(c subcommand) subcommand { c.tree = true; return c } // the pages it serves document every command
	return []subcommand{plain("chart", newChartCmd), plain("rules", newRulesCmd), plain("grid", newGridCmd), plain("charts", newChartsCmd),
		plain("diff", newDiffCmd), plain("plot", newPlotCmd), plain("card", newCardCmd), plain("dealer", newDealerCmd), plain("hand", newHandCmd),
		plain("sim", newSimCmd), plain("indices", newIndicesCmd), plain("emcts-check", newEMCTSCheckCmd), plain("house", newHouseCmd),
		withTree(plain("serve", newServeCmd)), plain("effects", newEffectsCmd), plain("holdem", newHoldemCmd), plain("risk", newRiskCmd),
		plain("counts", newCountsCmd), plain("drill", newDrillCmd), withTree(plain("site", newSiteCmd)), plain("side", newSideCmd),
		{name: "docs", build: newDocsCmd, tree: true}}
}()

// commandFor returns the subcommand args run, found as cobra finds it
// (the root's flags and their values skipped) among stand-ins by name,
// if args ask for no help and it needs no other command; for the root's
// own run (flags alone), one with no build.
func commandFor(root *cobra.Command, args []string) (subcommand, bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" {
			return subcommand{}, false
		}
	}
	stubs := make([]*cobra.Command, len(subcommands))
	for i, c := range subcommands {
		stubs[i] = &cobra.Command{Use: c.name}
	}
	root.AddCommand(stubs...)
	check := root.Args
	root.Args = nil // so that Find refuses a word it does not know as a command (cobra's legacyArgs)
	found, _, err := root.Find(args)
	root.Args = check
	root.RemoveCommand(stubs...)
	switch i := slices.Index(stubs, found); {
	case err != nil: // a name not found (help, completion, a typo): the whole tree
		return subcommand{}, false
	case found == root: // flags alone: the root's chart
		return subcommand{}, true
	case i >= 0 && !subcommands[i].tree:
		return subcommands[i], true
	}
	return subcommand{}, false
}

// newRootOnly builds the root command, its flags and its help, without
// its commands.
func newRootOnly(e env) *cobra.Command {
	opts := newChartOptions(e)
	root := &cobra.Command{
		Use:   "bjchart",
		Short: "Exact blackjack basic strategy for any rule set",
		Long: `bjchart solves blackjack exactly (combinatorially) for a casino rule set
and prints the basic-strategy chart with the EV behind every cell. Charts,
hands, the dealer and the diffs are exact; the simulator (sim), the tree
search (emcts-check) and the index plays (indices, sampled shoes each
solved exactly) are statistical and carry their error bars.

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
			return runChart(cmd.Context(), opts)
		},
	}
	opts.bind(root)
	root.Version = buildVersion()
	root.SuggestionsMinimumDistance = 2
	root.SetVersionTemplate("bjchart {{.Version}}\n")
	root.SetHelpCommand(newHelpCmd(root))
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	// Help wrapped to the terminal (80 columns off one): flags by pflag,
	// the rest as prose.
	usage := strings.ReplaceAll(root.UsageTemplate(), "FlagUsages ", fmt.Sprintf("FlagUsagesWrapped %d ", e.width()))
	root.SetUsageTemplate(strings.ReplaceAll(usage, "Additional help topics:", "Help topics (bjchart help TOPIC, or bjchart docs for them all):"))
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if isTopic(c) {
			fmt.Fprint(e.stdout, topicText(readTopic(c.Annotations[topicAnnotation]), e.width()))
			return
		}
		var buf bytes.Buffer
		if e.shortHelp {
			summary(&buf, c)
			fmt.Fprint(e.stdout, render.WrapProse(buf.String(), e.width()))
			return
		}
		c.SetOut(&buf)
		help(c, args)
		c.SetOut(e.stdout)
		fmt.Fprint(e.stdout, render.WrapProse(buf.String(), e.width()))
	})
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{flagError(c, err)} })
	root.PersistentPreRunE = func(c *cobra.Command, args []string) error {
		e.reads.note(c, args)
		if err := checkFlagValues(c); err != nil {
			return err
		}
		if e.beforeRun != nil && c.Name() != "help" && !isTopic(c) { // help prints text alone
			e.beforeRun()
		}
		return nil
	}
	return root
}

// flagValueError matches pflag's message for a value its type cannot
// parse: invalid argument "maybe" for "--h17" flag: strconv.ParseBool: ...
var flagValueError = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?--([\w-]+)" flag: `)
})

// negativeArg matches pflag's message for an argument such as -1D or -5
// that it reads as short flags.
var negativeArg = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^unknown shorthand flag: '\d' in (-\d\S*)$`)
})

// flagError says a flag's unparsable value in the program's words (the
// flag, the value, what its type allows), not strconv's.
func flagError(c *cobra.Command, err error) error {
	if m := negativeArg().FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%q is read as a flag; put an argument that starts with - after --, e.g. bjchart %s -- %s", m[1], c.Name(), m[1])
	}
	m := flagValueError().FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	value, name := m[1], m[2]
	f := c.Flags().Lookup(name)
	if f == nil {
		return err
	}
	want := strings.TrimPrefix(err.Error(), m[0]) // a request field's own message
	if strings.Contains(want, "strconv.") {       // pflag's typed flags say it in Go's words
		want = map[string]string{
			"bool":    "want true or false (or the flag alone for true)",
			"int":     "want a whole number, e.g. 3",
			"uint64":  "want a whole number from 0, e.g. 1",
			"float64": "want a number, e.g. 0.5",
		}[f.Value.Type()]
	}
	if want == "" {
		return err
	}
	return fmt.Errorf("--%s %q: %s", name, value, want)
}

// enumAnnotation lists the values a flag takes (enumVar): one list for
// its help, its check (checkFlagValues) and its shell completion.
const enumAnnotation = "bjchart-enum"

// enumVar binds a flag that takes one of values; usage holds %s where the
// list goes ("output format: %s" → "output format: text, json or csv").
func enumVar(fl *pflag.FlagSet, p *string, name, value, usage string, values ...string) {
	fl.StringVar(p, name, value, fmt.Sprintf(usage, orList(values)))
	if err := fl.SetAnnotation(name, enumAnnotation, values); err != nil {
		panic(err) // the flag was just bound
	}
}

// orList joins values as "a, b or c".
func orList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// wantAnnotation is the flag annotation that says what a number flag
// allows, for checkFlagValues' message ("a finite, non-negative EV").
const wantAnnotation = "bjchart-want"

// needsAnnotation lists the flags a flag has no effect without (--dealt
// without --tc or --rc); checkFlagValues refuses it alone rather than
// ignore it.
const needsAnnotation = "bjchart-needs"

// needs declares that flag applies only with one of others.
func needs(cmd *cobra.Command, flag string, others ...string) {
	if err := cmd.Flags().SetAnnotation(flag, needsAnnotation, others); err != nil {
		panic(err) // a flag name mistyped in the program
	}
}

// checkFlagValues refuses, for every command, what no flag means: a
// flag given without the flag it applies with (needs), an empty value
// given to a flag that takes text (give one, or leave the flag out for
// its default), and a number that is not finite.
func checkFlagValues(c *cobra.Command) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		if needs := f.Annotations[needsAnnotation]; len(needs) > 0 && !slices.ContainsFunc(needs, func(n string) bool { return c.Flags().Changed(n) }) {
			err = usagef("--%s applies only with --%s: give that too, or leave --%s out", f.Name, strings.Join(needs, " or --"), f.Name)
			return
		}
		if values := f.Annotations[enumAnnotation]; len(values) > 0 && f.Value.String() != "" {
			i := slices.IndexFunc(values, func(v string) bool { return param.Name(v) == param.Name(f.Value.String()) })
			if i < 0 {
				err = usagef("--%s %q: want %s", f.Name, f.Value.String(), orList(values))
				return
			}
			f.Value.Set(values[i]) // "JSON" is json, as every name is read (param.Name)
		}
		switch f.Value.Type() {
		case "string":
			if strings.TrimSpace(f.Value.String()) == "" {
				err = usagef("--%s %q: an empty value; give one, or leave --%s out for its default", f.Name, f.Value.String(), f.Name)
			}
		case "stringArray", "stringSlice":
			slice, ok := f.Value.(pflag.SliceValue)
			if !ok {
				return // a request's field, which refuses an empty value itself
			}
			for _, v := range slice.GetSlice() {
				if strings.TrimSpace(v) == "" {
					err = usagef("--%s %q: an empty value; give one, or leave --%s out", f.Name, v, f.Name)
				}
			}
		case "float64":
			if x, _ := strconv.ParseFloat(f.Value.String(), 64); math.IsNaN(x) || math.IsInf(x, 0) {
				want := "a finite number"
				if w := f.Annotations[wantAnnotation]; len(w) > 0 {
					want = w[0]
				}
				err = usagef("--%s %s: want %s", f.Name, f.Value.String(), want)
			}
		}
	})
	return err
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

// askedShortHelp says whether args ask for the short help: -h, before
// any "--" (--help asks for the whole page).
func askedShortHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h":
			return true
		}
	}
	return false
}

// summary writes a command's help on one screen (-h): what it does, its
// usage, its first examples and its flags' names; --help has the rest.
func summary(w io.Writer, c *cobra.Command) {
	fmt.Fprintf(w, "%s: %s\n\nUsage: %s\n", c.CommandPath(), c.Short, c.UseLine())
	if c.HasAvailableSubCommands() {
		var subs []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				subs = append(subs, sub.Name())
			}
		}
		fmt.Fprintf(w, "Commands: %s\n", strings.Join(subs, ", "))
	}
	if c.Example != "" { // the first three, each whole (a line ending in \ goes on)
		var lines []string
		examples := 0
		for _, line := range strings.Split(strings.TrimRight(c.Example, "\n"), "\n") {
			if !strings.HasPrefix(line, "      ") { // a continuation is indented further
				if examples++; examples > 3 {
					break
				}
			}
			lines = append(lines, line)
		}
		fmt.Fprintf(w, "\nExamples:\n%s\n", strings.Join(lines, "\n"))
	}
	var flags []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Name != "help" {
			flags = append(flags, "--"+f.Name)
		}
	})
	if len(flags) > 0 {
		fmt.Fprintf(w, "\nFlags: %s.\n", strings.Join(flags, ", "))
	}
	fmt.Fprintf(w, "\n'%s --help' gives the whole page: what it does and every flag's meaning.\n", c.CommandPath())
}

// noArgs rejects positional arguments as a usage error, suggesting a
// command for a mistyped one.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		slices.Sort(s)
		return usagef("unknown command %q for %q; did you mean %s?", args[0], cmd.CommandPath(), strings.Join(s, " or "))
	}
	return usagef("unexpected argument %q for %q; see '%s --help'", args[0], cmd.CommandPath(), cmd.CommandPath())
}

// newHelpCmd is help that fails, as a usage error, on an unknown topic.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(_ *cobra.Command, args []string) error {
			c, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 || len(args) > 0 && c == root {
				topic := strings.Join(args, " ")
				s := root.SuggestionsFor(args[0])
				for _, t := range topics() {
					if strings.HasPrefix(t.Name, strings.ToLower(args[0])) && !slices.Contains(s, t.Name) {
						s = append(s, t.Name) // cobra suggests commands only
					}
				}
				if len(s) > 0 {
					slices.Sort(s)
					return usagef("unknown help topic %q; did you mean %s?", topic, strings.Join(s, " or "))
				}
				return usagef("unknown help topic %q; 'bjchart help' lists the commands and the topics", topic)
			}
			return c.Help()
		},
	}
}

// buildVersion returns bjchart's version with the module version and the
// VCS revision the binary was built from, as runtime/debug reports them.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	v := version
	if m := info.Main.Version; m != "" && m != "(devel)" {
		v += ", module " + m
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		v += ", revision " + rev[:min(12, len(rev))] + modified
	}
	return v
}
