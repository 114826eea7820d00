package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The checks of "nothing silently wrong": each case below exited 0 with a
// wrong or misleading result before it was fixed.

// allUnknownChart writes the Itoh chart with every cell printed ? and
// returns its path.
func allUnknownChart(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../../charts/data/itoh-2023-1to6deck.txt")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`\b(H|S|Dh|Ds|P|Rh|Rs|Rp)\b`)
	var out []string
	for _, line := range strings.Split(string(src), "\n") {
		if line != "" && line[0] != '#' && line[0] != '[' && line[0] != ' ' {
			label, rest, _ := strings.Cut(line, " ")
			line = label + " " + code.ReplaceAllString(rest, "?")
		}
		out = append(out, line)
	}
	f := filepath.Join(t.TempDir(), "all-unknown.txt")
	if err := os.WriteFile(f, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestUnknownCellsAreNamed: a published chart's cells printed ? are
// never passed off as agreement: the diff marks them, a simulation
// playing the chart says how they are played, and a chart of nothing but
// ? is refused by every command that reads a chart.
func TestUnknownCellsAreNamed(t *testing.T) {
	const rules = "1D S17 NDAS SPL1 LS"
	code, out, stderr := runCmd(t, "diff", "itoh-2023-1to6deck", "--rules", rules, "--color", "never")
	if code != exitOK {
		t.Fatalf("diff: exit %d: %s", code, stderr)
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "its 10 cells printed ? (no play given) played as the solution plays them") {
		t.Errorf("diff names no unknown cells in its summary:\n%s", out)
	}
	if !regexp.MustCompile(`A9 │\s*S\?`).MatchString(out) {
		t.Errorf("diff's soft table does not mark A9 as unknown:\n%s", out)
	}
	code, out, stderr = runCmd(t, "sim", "--strategy", "itoh-2023-1to6deck", "--rules", rules, "--rounds", "2000", "--format", "json")
	if code != exitOK || !strings.Contains(out, `"strategy": "itoh-2023-1to6deck (its 10 cells printed ? (no play given) played as the solution plays them)"`) {
		t.Errorf("sim on a chart with ? cells: exit %d (%s), strategy not named with its unknown cells:\n%.400s", code, stderr, out)
	}
	all := allUnknownChart(t)
	for _, args := range [][]string{
		{"diff", all},
		{"sim", "--strategy", all, "--rounds", "1000"},
		{"plot", "--against", all, "-o", filepath.Join(t.TempDir(), "x.png")},
		{"card", "--diff", all, "-o", filepath.Join(t.TempDir(), "x.pdf")},
		{"emcts-check", "--playout-chart", all},
	} {
		code, out, stderr := runCmd(t, append(args, "--rules", rules)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, "every cell is ?") {
			t.Errorf("%v: exit %d, %q, %q; want exit %d and the chart refused", args, code, out, stderr, exitUsage)
		}
	}
}

// TestIndicesFileEveryEntry: every entry of an indices file is played,
// listed as not played with the reason, or refused with its number;
// a file computed for other rules is noted.
func TestIndicesFileEveryEntry(t *testing.T) {
	good := `{"table": "hard", "hand": "16", "up": "T", "base": "hit", "play": "stand", "index": 0.2}`
	file := func(rules string, entries ...string) string {
		f := filepath.Join(t.TempDir(), "ind.json")
		data := `{"rules": "` + rules + `", "count": "hilo", "indices": [` + strings.Join(entries, ",") + `]}`
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	sim := func(f string) (int, string, string) {
		return runCmd(t, "sim", "--rules", "6D S17 DAS LS", "--count", "hilo", "--indices", f, "--rounds", "2000")
	}
	for _, c := range []struct{ entry, want string }{
		{`{"table": "hard", "hand": "16", "up": "Z", "base": "hit", "play": "stand", "index": 0}`, `up card "Z"`},
		{`{"table": "hard", "hand": "99", "up": "T", "base": "hit", "play": "stand", "index": 0}`, `hand "99"`},
		{`{"table": "pair", "hand": "98", "up": "T", "base": "hit", "play": "split", "index": 0}`, `hand "98"`},
		{`{"table": "hard", "hand": "16", "up": "T", "base": "hit", "play": "fly", "index": 0}`, `play "fly"`},
		{`{"table": "hard", "hand": "15", "up": "T", "base": "hit", "play": "stand", "index": 1e308}`, `index 1e+308`},
		{`{"table": "side", "hand": "16", "up": "T", "base": "hit", "play": "stand", "index": 1}`, `table "side"`},
		{`{"table": "hard", "hand": "16", "up": "T", "base": "hit", "play": "stand", "index": 1.5}`, `the same decision as entry 1`},
	} {
		code, out, stderr := sim(file("6D S17 DAS LS", good, c.entry))
		if code != exitUsage || out != "" || !strings.Contains(stderr, "entry 2") || !strings.Contains(stderr, c.want) {
			t.Errorf("entry %s: exit %d, %q; want exit %d naming entry 2 and %s", c.entry, code, stderr, exitUsage, c.want)
		}
	}
	code, out, stderr := sim(file("1D H17", good,
		`{"table": "hard", "hand": "15", "up": "T", "base": "hit", "play": "stand"}`,
		`{"table": "soft", "hand": "A8", "up": "6", "base": "stand", "play": "double", "index": 1}`))
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"computed for 1D H17", "16 v T stand at +0.20", "15 v T: no index", "A8 v 6 soft: the simulator plays"} {
		if code != exitOK || !strings.Contains(flat, want) {
			t.Errorf("sim with an indices file: exit %d (%s); %q not in the report:\n%s", code, stderr, want, out)
		}
	}
}

// TestOutputPaths: -o writes through a symbolic link to its target,
// refuses a read-only file, and refuses a path through a missing
// directory before any work, naming the path, never a temporary file.
func TestOutputPaths(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("real.png", []byte("old"), 0o644)
	os.Symlink("real.png", "link.png")
	if code, _, stderr := runCmd(t, "plot", "--rules", "INF", "-o", "link.png"); code != exitOK {
		t.Fatalf("-o link.png: exit %d: %s", code, stderr)
	}
	if fi, err := os.Lstat("link.png"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("-o link.png replaced the link: %v %v", fi.Mode(), err)
	}
	if data, _ := os.ReadFile("real.png"); len(data) < 100 {
		t.Errorf("-o link.png did not write its target: %q", data)
	}
	os.WriteFile("ro.png", []byte("keep"), 0o444)
	code, _, stderr := runCmd(t, "plot", "--rules", "INF", "-o", "ro.png")
	if data, _ := os.ReadFile("ro.png"); code != exitUsage || string(data) != "keep" || !strings.Contains(stderr, "read-only") {
		t.Errorf("-o onto a read-only file: exit %d, %q, file %q; want exit %d, refused, unchanged", code, stderr, data, exitUsage)
	}
	code, _, stderr = runCmd(t, "card", "--rules", "INF", "-o", "missing/../x.pdf")
	if code != exitUsage || strings.Contains(stderr, ".tmp") || !strings.Contains(stderr, `"missing/../" does not exist`) {
		t.Errorf("-o missing/../x.pdf: exit %d, %q; want exit %d naming the missing directory", code, stderr, exitUsage)
	}
}

// TestBadValuesAndMessages: each value below was taken silently (NaN,
// zero where zero means nothing, an empty value, a key or a setting
// twice) or refused in a library's words; each is now refused with the
// flag, the value and what is allowed, before any work. Files that exist
// but cannot be read exit 1; a bad file's content exits 2.
func TestBadValuesAndMessages(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("dir", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		// NaN, zero and empty values.
		{[]string{"risk", "--wong-out", "NaN"}, exitUsage, `--wong-out "NaN": want a true count from -20 to 20`},
		{[]string{"risk", "--chip", "0"}, exitUsage, `--chip 0: want a step above 0`},
		{[]string{"risk", "--trip-bank", "0"}, exitUsage, `--trip-bank 0: want more than 0`},
		{[]string{"risk", "--unit", "Inf"}, exitUsage, `--unit "Inf": want a finite number`},
		{[]string{"sim", "--count", "hilo", "--bankroll", "0"}, exitUsage, `--bankroll 0: want more than 0 units`},
		{[]string{"sim", "--count", "hilo", "--bankroll", "NaN"}, exitUsage, `--bankroll "NaN": want a number`},
		{[]string{"chart", "--shoe", ""}, exitUsage, `--shoe "": an empty value`},
		{[]string{"plot", "--vs", ""}, exitUsage, `--vs "": an empty value`},
		{[]string{"sim", "--seat", "strategy=cd;strategy=optimal"}, exitUsage, `strategy given twice`},
		{[]string{"sim", "--seat", "strategy="}, exitUsage, `strategy= has no value`},
		{[]string{"emcts-check", "--reward", "winlose,winlose"}, exitUsage, `--reward "winlose,winlose": want winlose, table7 or winlose,table7, each once`},
		{[]string{"emcts-check", "--c", "1,1"}, exitUsage, `each once`},
		{[]string{"diff", "thorp-1966-1deck", "--tie", "NaN"}, exitUsage, `--tie "NaN": want a finite, non-negative EV`},
		// Exit codes: a file that cannot be read is an error (1).
		{[]string{"diff", "dir"}, exitError, `cannot read dir: not a regular file`},
		{[]string{"diff", "/proc/self/mem"}, exitError, `cannot read /proc/self/mem`},
		{[]string{"diff", "/dev/zero"}, exitError, `cannot read /dev/zero: not a regular file`},
		{[]string{"sim", "merge", "nosuch.json"}, exitError, `cannot read nosuch.json: no such file`},
		{[]string{"sim", "merge", "dir"}, exitError, `cannot read dir: not a regular file`},
		{[]string{"sim", "--count", "hilo", "--indices", "dir"}, exitError, `cannot read dir: not a regular file`},
		{[]string{"diff", "testdata-missing.txt"}, exitUsage, `is neither a chart name`},
		// Messages in the program's words.
		{[]string{"chart", "--h17=maybe"}, exitUsage, `--h17 "maybe": want true or false`},
		{[]string{"sim", "--seed=-1"}, exitUsage, `--seed "-1": want a whole number from 0`},
		{[]string{"chart", "--split-hands=1e3"}, exitUsage, `--split-hands "1e3": want a whole number`},
		{[]string{"diff", "thorp-1966-1deck", "--tie=abc"}, exitUsage, `--tie "abc": want a finite, non-negative EV`},
		{[]string{"emcts-check", "--list=x"}, exitUsage, `--list "x": want a whole number`},
		{[]string{"risk", "--shoes=NaN"}, exitUsage, `--shoes "NaN": want a whole number`},
		{[]string{"rules", "-1D"}, exitUsage, `"-1D" is read as a flag; put an argument that starts with - after --`},
		{[]string{"hand", "-5", "v", "T"}, exitUsage, `"-5" is read as a flag`},
		{[]string{"sim", "merge", "-"}, exitUsage, `standard input is not read here`},
		{[]string{"serve", "--addr", "unix:/tmp/x"}, exitUsage, `--addr "unix:/tmp/x": want HOST:PORT`},
		{[]string{"holdem", "AKs", "v", "QQ", "v", "JJ"}, exitUsage, `one hand against one`},
		{[]string{"sim", "--shard", "2/2", "--rounds", "1", "--format", "json"}, exitUsage, `--shard 2/2 with --rounds 1: fewer rounds than parts`},
		{[]string{"risk", "--count", "x"}, exitUsage, `--count "x": want a built-in count`},
		// The bad-input sweep's cases (#55): each a clear refusal.
		{[]string{"drill", "table", "--moves", "b10 b1.5"}, exitUsage, `--moves "b10 b1.5": move 2: bet "b1.5": want a whole number of units from 1 to 1000000000`},
		{[]string{"drill", "table", "--moves", `"b0"`}, exitUsage, `--moves "\"b0\"": move 1: "\"b0\"": want bN`},
		{[]string{"drill", "table", "--penetration", "0.75"}, exitUsage, `--penetration "0.75": want a percentage above 0 and below 100, e.g. 75%`},
		{[]string{"drill", "table", "--penetration", "95%"}, exitUsage, `--penetration 95%: want 50% to 90%`},
		{[]string{"drill", "--rules", "6D NS", "--focus", "surrender"}, exitUsage, `--focus "surrender": these rules (6D S17 DOA DAS SPL3 NS 3:2 PEEK) have no surrender`},
		{[]string{"indices", "--shoes", "30"}, exitUsage, `--shoes 30: want 50 to 100000 (0: the default, 600)`},
		// A flag without the flag it applies with did nothing.
		{[]string{"chart", "--dealt", "30%"}, exitUsage, `--dealt applies only with --tc or --rc`},
		{[]string{"card", "--set", "i18"}, exitUsage, `--set applies only with --count or --tags`},
		{[]string{"plot", "--shoes", "100"}, exitUsage, `--shoes applies only with --count or --tags`},
		{[]string{"house", "--date", "2026-01-01"}, exitUsage, `--date applies only with --card`},
		{[]string{"holdem", "--size", "a4"}, exitUsage, `--size applies only with --card`},
	} {
		code, out, stderr := runCmd(t, c.args...)
		if code != c.code || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("bjchart %q: exit %d, stdout %.60q, stderr %q; want exit %d and one line with %q", c.args, code, out, stderr, c.code, c.want)
		}
	}
}

// TestEveryFlagRefusesNonsense walks the command tree: every flag of every
// command refuses an empty text value, a NaN number and a value its type
// cannot parse, naming itself, on one line, with exit 2 and before any
// work.
func TestEveryFlagRefusesNonsense(t *testing.T) {
	t.Chdir(t.TempDir())
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.Hidden || !c.Runnable() || c.Name() == "help" || c.Name() == "completion" {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		// A valid positional argument where one is needed: arguments are
		// checked before flag values.
		path = append(path, map[string][]string{
			"diff": {"thorp-1966-1deck"}, "hand": {"T,6", "v", "T"}, "show": {"thorp-1966-1deck"}, "merge": {"part.json"}, "play": {"measured.json"}, "equity": {"AKs", "QQ"}, "side trigger": {"21+3"}, "side sim": {"21+3"},
		}[argsKey(c)]...)
		c.Flags().VisitAll(func(f *pflag.Flag) {
			var bad []string
			switch f.Value.Type() {
			case "string", "stringArray":
				bad = []string{""}
			case "float64":
				bad = []string{"NaN", "x"}
			case "int", "uint64":
				bad = []string{"x", "1.5"}
			}
			for _, v := range bad {
				args := append(append([]string{}, path...), "--"+f.Name+"="+v)
				code, out, stderr := runCmd(t, args...)
				n++
				if code != exitUsage || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--"+f.Name) {
					t.Errorf("bjchart %q: exit %d, stdout %.60q, stderr %q; want exit %d naming --%s", args, code, out, stderr, exitUsage, f.Name)
				}
			}
		})
	}
	walk(newRootCmd(env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}))
	if n < 250 {
		t.Errorf("only %d flag values tried: the walk missed commands", n)
	}
}

// TestEnumFlagsDeclaredOnce: every flag with a fixed set of values
// (enumVar) lists them in its help, refuses any other with that list, and
// completes them; every command's --format is one.
func TestEnumFlagsDeclaredOnce(t *testing.T) {
	root := newRootCmd(env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if f := c.Flags().Lookup("format"); f != nil && len(f.Annotations[enumAnnotation]) == 0 {
			t.Errorf("%s --format: no declared values", c.CommandPath())
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			values := f.Annotations[enumAnnotation]
			if len(values) == 0 {
				return
			}
			if !strings.Contains(f.Usage, orList(values)) {
				t.Errorf("%s --%s: help %q does not list %v", c.CommandPath(), f.Name, f.Usage, values)
			}
			path := strings.Fields(c.CommandPath())[1:]
			code, out, _ := runCmd(t, append(append([]string{"__complete"}, path...), "--"+f.Name, "")...)
			if code != exitOK || !strings.HasPrefix(out, strings.Join(values, "\n")+"\n") {
				t.Errorf("%s --%s completes %q, want %v", c.CommandPath(), f.Name, out, values)
			}
		})
	}
	walk(root)
	if code, _, stderr := runCmd(t, "sim", "--format", "xml"); code != exitUsage || !strings.Contains(stderr, `--format "xml": want text or json`) {
		t.Errorf("sim --format xml: exit %d, %q", code, stderr)
	}
}

// argsKey is a command's key in TestEveryFlagRefusesNonsense's valid
// arguments: its name, or its parent's too where a name is used twice.
func argsKey(c *cobra.Command) string {
	if p := c.Parent(); p != nil && p.Name() == "side" {
		return "side " + c.Name()
	}
	return c.Name()
}
