package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// documentedCommands are the command lines the documentation shows: every
// "$ bjchart ..." line of the help topics, and every "    bjchart ..."
// line of the README, each without its comment, as examples to run.
func documentedCommands(t *testing.T) []string {
	t.Helper()
	var lines []string
	for _, tp := range topics() {
		for _, l := range strings.Split(tp.Text, "\n") {
			if cmd, ok := strings.CutPrefix(strings.TrimSpace(l), "$ "); ok && strings.HasPrefix(cmd, "bjchart ") {
				lines = append(lines, withoutComment(cmd))
			}
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(readme), "\n") {
		if cmd, ok := strings.CutPrefix(l, "    "); ok && strings.HasPrefix(cmd, "bjchart ") {
			lines = append(lines, withoutComment(cmd))
		}
	}
	return lines
}

// withoutComment is a command line without a shell comment (" # ..."
// outside quotes).
func withoutComment(line string) string {
	quote := byte(0)
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && i > 0 && line[i-1] == ' ':
			return strings.TrimSpace(line[:i])
		}
	}
	return strings.TrimSpace(line)
}

// TestReadmeShort holds the README to a front door: at most 300 lines,
// with the two commands it promises (run the program, run the tests) as
// written.
func TestReadmeShort(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if n := strings.Count(text, "\n"); n > 300 {
		t.Errorf("README.md has %d lines; at most 300 (the detail belongs in a help topic)", n)
	}
	for _, cmd := range []string{"\n    go run ./cmd/bjchart\n", "\n    go test ./...\n"} {
		if !strings.Contains(text, cmd) {
			t.Errorf("README.md lacks the command %q", strings.TrimSpace(cmd))
		}
	}
	for _, tp := range topics() {
		if !strings.Contains(text, "`"+tp.Name+"`") {
			t.Errorf("README.md does not name the topic %s", tp.Name)
		}
	}
}

// TestHelpTopics: 'bjchart help' lists every topic, each opens by name
// (as 'bjchart help NAME' and as 'bjchart NAME'), with its title first;
// every topic file is in the listing's order, and no topic is named as a
// command is.
func TestHelpTopics(t *testing.T) {
	code, list, stderr := runCmd(t, "help")
	if code != exitOK {
		t.Fatalf("bjchart help: exit %d: %s", code, stderr)
	}
	root := newRootCmd(env{})
	all := topics()
	if len(all) < 12 {
		t.Fatalf("%d topics", len(all))
	}
	for _, tp := range all {
		if !strings.Contains(list, tp.Name) || !strings.Contains(list, tp.Title) {
			t.Errorf("bjchart help does not list %s (%s)", tp.Name, tp.Title)
		}
		if !strings.Contains(strings.Join(topicOrder, " "), tp.Name) {
			t.Errorf("topic %s is not in topicOrder", tp.Name)
		}
		if tp.Title == "" || strings.HasPrefix(tp.Title, "#") {
			t.Errorf("topic %s: its first line is not a title: %q", tp.Name, tp.Title)
		}
		for _, args := range [][]string{{"help", tp.Name}, {tp.Name}} {
			code, out, stderr := runCmd(t, args...)
			if code != exitOK || !strings.HasPrefix(out, "# "+tp.Title+"\n") {
				t.Errorf("bjchart %s: exit %d, starts %.80q: %s", strings.Join(args, " "), code, out, stderr)
			}
		}
		n := 0
		for _, c := range root.Commands() {
			if c.Name() == tp.Name {
				n++
			}
		}
		if n != 1 {
			t.Errorf("topic %s is the name of %d commands", tp.Name, n)
		}
	}
	code, _, stderr = runCmd(t, "help", "gam")
	if code != exitUsage || !strings.Contains(stderr, "did you mean game") {
		t.Errorf("bjchart help gam: exit %d, %q; want a usage error suggesting game", code, stderr)
	}
}

// TestTopicText: a topic on a terminal keeps its code and tables as
// written and reflows its prose to the width.
func TestTopicText(t *testing.T) {
	md := "# T\n\nA paragraph of words that goes on past the width of the terminal it is shown on.\n\n    $ bjchart chart --rules \"6D H17 DAS LS\" --ev --format json  # a long command kept whole\n\n| a | b |\n|---|---|\n\n- an item that is long enough to wrap onto a second line here\n"
	got := topicText(md, 40)
	want := "# T\n\nA paragraph of words that goes on past\nthe width of the terminal it is shown\non.\n\n    $ bjchart chart --rules \"6D H17 DAS LS\" --ev --format json  # a long command kept whole\n\n| a | b |\n|---|---|\n\n- an item that is long enough to wrap\n  onto a second line here\n"
	if got != want {
		t.Errorf("topicText =\n%s\nwant\n%s", got, want)
	}
	wide := "| game | wall | note |\n|---|---|---|\n| 1D S17 | 0.091 s | the reference takes 0.055 s on the same machine |\n| 6D | 0.18 s | |\n"
	got = topicText(wide, 40)
	want = "- 1D S17\n    wall: 0.091 s\n    note: the reference takes 0.055 s on\n      the same machine\n\n- 6D\n    wall: 0.18 s\n"
	if got != want {
		t.Errorf("a wide table =\n%s\nwant\n%s", got, want)
	}
}

// TestDocs writes the reference with manual pages: a page per command
// and topic, an index naming each, manual pages that man renders (where
// man is installed), the same bytes twice; and refuses a folder of other
// files.
func TestDocs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "docs")
	getenv := func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return "1800000000"
		}
		return ""
	}
	run := func(args ...string) (int, string) {
		var out, errb strings.Builder
		code := run(args, &out, &errb, getenv)
		return code, out.String() + errb.String()
	}
	if code, out := run("docs", "-o", dir, "--man"); code != exitOK {
		t.Fatalf("bjchart docs: exit %d: %s", code, out)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range docCommands(newRootCmd(env{})) {
		name := docName(c)
		if _, err := os.Stat(filepath.Join(dir, name+".md")); err != nil || !strings.Contains(string(index), "("+name+".md)") {
			t.Errorf("%s: no page, or not in index.md (%v)", c.CommandPath(), err)
		}
		if _, err := os.Stat(filepath.Join(dir, "man/man1", strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")); err != nil {
			t.Errorf("%s: no manual page: %v", c.CommandPath(), err)
		}
	}
	for _, tp := range topics() {
		if _, err := os.Stat(filepath.Join(dir, tp.Name+".md")); err != nil || !strings.Contains(string(index), "("+tp.Name+".md)") {
			t.Errorf("topic %s: no page, or not in index.md (%v)", tp.Name, err)
		}
	}
	if man, err := exec.LookPath("man"); err == nil {
		for _, page := range []string{"man1/bjchart.1", "man1/bjchart-indices.1", "man7/bjchart-game.7"} {
			cmd := exec.Command(man, "-l", filepath.Join(dir, "man", page))
			cmd.Env = append(os.Environ(), "MANPAGER=cat", "PAGER=cat", "MANWIDTH=80")
			out, err := cmd.Output()
			if err != nil || !strings.Contains(string(out), "NAME") {
				t.Errorf("man -l %s: %v, %.200q", page, err, out)
			}
		}
	} else {
		t.Log("man is not installed: the manual pages are written, not rendered")
	}
	first, _ := os.ReadFile(filepath.Join(dir, "man/man1/bjchart-chart.1"))
	if code, out := run("docs", "-o", dir, "--man"); code != exitOK {
		t.Fatalf("bjchart docs again: exit %d: %s", code, out)
	}
	second, _ := os.ReadFile(filepath.Join(dir, "man/man1/bjchart-chart.1"))
	if string(first) != string(second) || len(first) == 0 {
		t.Errorf("the manual page differs between two runs on one date")
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "mine.txt"), []byte("x"), 0o644)
	if code, out := run("docs", "-o", other); code != exitUsage || !strings.Contains(out, "did not write") {
		t.Errorf("docs into a folder of other files: exit %d, %q; want a usage error", code, out)
	}
	if data, _ := os.ReadFile(filepath.Join(other, "mine.txt")); string(data) != "x" {
		t.Errorf("the folder's file was touched")
	}
}

// TestWebDocs: every topic and command has a page for /docs/, in HTML,
// its links to other pages under /docs/.
func TestWebDocs(t *testing.T) {
	root := newRootCmd(env{})
	pages, err := webDocs(root)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range pages {
		names[p.Name] = true
		if strings.Contains(p.HTML, "<img") {
			t.Errorf("%s shows a picture, whose file the page does not have", p.Name)
		}
		if !strings.Contains(p.HTML, "<h1") && !strings.Contains(p.HTML, "<h2") {
			t.Errorf("%s: no heading in %.100q", p.Name, p.HTML)
		}
		sc := bufio.NewScanner(strings.NewReader(p.HTML))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			for _, part := range strings.Split(sc.Text(), `href="/docs/`)[1:] {
				target, _, _ := strings.Cut(part, `"`)
				if !names[target] && !strings.Contains(target, "#") {
					defer func(target string) {
						if !names[target] {
							t.Errorf("%s links /docs/%s, which is no page", p.Name, target)
						}
					}(target)
				}
			}
		}
	}
	var cmds []*cobra.Command = docCommands(root)
	if len(pages) != len(topics())+len(cmds) {
		t.Errorf("%d pages, want %d topics and %d commands", len(pages), len(topics()), len(cmds))
	}
}
