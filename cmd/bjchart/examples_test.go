package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"bjchart/solve/sim"

	"github.com/spf13/cobra"
)

// TestHelpExamplesRun parses every example of every command's --help, of
// every help topic ("$ bjchart ..." lines) and of the README's tour, and
// checks its flags as a run would before it starts (without -long), or
// runs each (with -long), in a scratch directory holding my-chart.txt,
// and wants exit 0. A shell pipe
// ends the command line; "> FILE" writes its output there, for the
// examples after it. Index examples (indices, card and plot with --count)
// sample 50 shoes, the least allowed (risk 20, with 100k rounds; holdem
// simulates 20k deals); the tree search's examples run 300
// playouts a decision and one search a position.
func isSearchPreset(arg string) bool {
	return arg == "itoh-2023-t9" || arg == "itoh-2023-t10" || arg == "itoh-2023-t12"
}

func TestHelpExamplesRun(t *testing.T) {
	written := documentedCommands(t) // before the test moves to its scratch directory
	chart, err := os.ReadFile("testdata/my-chart.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "my-chart.txt"), chart, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var examples []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, line := range strings.Split(c.Example, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				examples = append(examples, line)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(env{}))
	if len(examples) < 20 {
		t.Fatalf("found %d examples", len(examples))
	}
	if len(written) < 40 {
		t.Fatalf("found %d commands in the topics and the README", len(written))
	}
	examples = append(examples, written...)
	risks, sites := 0, 0
	for _, ex := range examples {
		if strings.Contains(ex, "--set all") && !*long {
			continue // 4 s each; TestIndicesAllCells and TestPlotIndex run the set without -long
		}
		args, err := shellWords(ex)
		if err != nil {
			t.Errorf("%s: %v", ex, err)
			continue
		}
		if len(args) == 0 || args[0] != "bjchart" {
			t.Errorf("example %q does not start with bjchart", ex)
			continue
		}
		if !*long {
			if err := parseExample(args[1:]); err != nil {
				t.Errorf("%s: %v", ex, err)
			} else if bindsRequest(args[1:]) {
				if _, err := bindCLI(t, args[1:]...); err != nil {
					t.Errorf("%s: its request: %v", ex, err)
				}
			}
			continue
		}
		if len(args) > 1 && args[1] == "serve" {
			continue // runs until stopped; TestServeSameBytesAsCLI and package web test it
		}
		if len(args) > 1 && args[1] == "site" {
			if sites++; sites > 1 {
				continue // the first stands for the others (a WebAssembly build and 60 pages each); package web tests the site
			}
		}
		if len(args) > 1 && (args[1] == "indices" && (len(args) < 3 || args[2] != "merge") || slices.Contains([]string{"card", "plot"}, args[1]) && slices.Contains(args, "--count")) {
			args = append(args, "--shoes", "50") // sampling at its smallest: the run, not the figures, is tested
		}
		if len(args) > 1 && args[1] == "risk" && !*long {
			if risks++; risks > 1 {
				continue // the first stands for the others (seconds each); TestGolden runs two more
			}
		}
		if len(args) > 1 && args[1] == "risk" && (len(args) < 3 || args[2] != "merge" && args[2] != "play") {
			args = append(args, "--shoes", "20", "--rounds", "100k") // the run, not the figures (the measurement's; its merge and play take them from it)
		}
		if len(args) > 1 && args[1] == "holdem" && slices.Contains(args, "--deals") {
			args = append(args, "--deals", "20k")
		}
		if len(args) > 1 && (args[1] == "emcts-check" || slices.Contains(args, "emcts") || slices.ContainsFunc(args, isSearchPreset)) {
			args = append(args, "--playouts", "300") // the tree search at a small budget, likewise
			if args[1] == "emcts-check" {
				args = append(args, "--runs", "1")
			}
		}
		if !*long && len(args) > 2 && args[1] == "sim" && args[2] != "merge" && !slices.Contains(args, "--shard") {
			rounds := int64(10_000_000)
			if i := slices.Index(args, "--rounds"); i >= 0 && i+1 < len(args) {
				rounds, _ = sim.ParseRounds(args[i+1])
			}
			if rounds > 20_000 {
				args = append(args, "--rounds", "20k") // the run, not the figures; the last --rounds counts
			}
		}
		if !*long && len(args) > 1 && args[1] == "plot" && slices.Contains(args, "index") {
			args = append(args, "--set", "i18") // every cell's indices are TestPlotIndex's
		}
		if !*long && len(args) > 1 && args[1] == "effects" {
			args = append(args, "--rules", "INF") // 25 solves of an infinite deck, not of the example's shoe
		}
		if !*long && len(args) > 1 && args[1] == "grid" {
			args = append(args, "--decks-list", "inf") // one deck count's 8 rule sets, not 40
		}
		if !*long && !slices.Contains(args, "--decks") && !slices.ContainsFunc(args, isSearchPreset) &&
			!slices.ContainsFunc(args, func(a string) bool { return strings.Contains(strings.ToUpper(a), "INF") }) {
			if c, _, err := newRootCmd(env{}).Find(args[1:]); err == nil && c.Flags().Lookup("decks") != nil {
				args = append(args, "--decks", "1") // one deck solves in a fraction of six's time; -long runs the examples as written
			}
		}
		start := time.Now()
		code, stdout, stderr := runCmd(t, args[1:]...)
		t.Logf("%5.2fs %s", time.Since(start).Seconds(), ex)
		if code != exitOK && !(code == exitDiff && strings.Contains(ex, "--exit-code")) {
			t.Errorf("%s: exit %d: %s", ex, code, stderr)
		}
		if _, file, ok := strings.Cut(ex, " > "); ok && !strings.ContainsAny(file, "|;$") { // a redirection the next example reads
			if err := os.WriteFile(strings.TrimSpace(file), []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// parseExample parses an example's arguments as its command would and
// checks them as far as the command does before it starts: the command
// and its flags exist, their values parse, and the checks every flag gets
// (checkFlagValues) and the positional arguments pass.
func parseExample(args []string) error {
	root := newRootCmd(env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }})
	c, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return flagError(c, err)
	}
	if err := c.ValidateArgs(c.Flags().Args()); err != nil {
		return err
	}
	return checkFlagValues(c)
}

// bindsRequest reports whether a command line's command binds a request
// it checks before it runs (env.checked), which parseExample's checks
// then include.
func bindsRequest(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "risk":
		return len(args) < 2 || args[1] != "merge" && args[1] != "play"
	case "house", "hand", "emcts-check", "chart", "dealer", "effects", "diff", "card", "plot", "grid", "counts", "drill":
		return true
	case "sim", "indices":
		return len(args) < 2 || args[1] != "merge"
	case "holdem":
		return len(args) > 1 && (args[1] == "equity" || args[1] == "nash")
	}
	return false
}

// shellWords splits a command line as a POSIX shell would for the quoting
// the examples use (single and double quotes), stopping at | or >.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, os.ErrInvalid
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '|' || c == '>':
			if inWord {
				words = append(words, cur.String())
			}
			return words, nil
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
