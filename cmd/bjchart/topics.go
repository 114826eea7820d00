package main

import (
	"bufio"
	"embed"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
)

// The help topics: the documentation a reader opens with 'bjchart help
// TOPIC', kept beside the commands they describe (help/NAME.md, each
// starting with a "# Title" line). 'bjchart docs' writes them with the
// commands' pages, and the page serves them under /docs/.

//go:embed help/*.md
var topicFiles embed.FS

// A topic is one help topic.
type topic struct {
	Name  string // what 'bjchart help NAME' takes
	Title string // its first line, without the "# "
	Text  string // the whole file, markdown
}

// topicOrder is the order 'bjchart help' lists the topics in: a player's
// first, then an analyst's, then a programmer's.
var topicOrder = []string{
	"game", "numbers", "chart-files", "cards", "training", "index-plays", "bankroll",
	"simulation", "side-bets", "house-game", "texas-holdem", "web", "formats", "environment", "shards", "library", "speed",
}

// topics reads every topic, in topicOrder (a file not listed there comes
// last, by name, so that none is lost).
func topics() []topic {
	all := topicList()
	for i := range all {
		all[i].Text = readTopic(all[i].Name)
	}
	return all
}

// topicList lists the topics as topics does, with their names and titles
// only: the command line lists them on every start, and shows a topic's
// text (readTopic) only when asked for it.
func topicList() []topic {
	entries, err := fs.ReadDir(topicFiles, "help")
	if err != nil {
		panic(err) // embedded
	}
	var all []topic
	for _, e := range entries {
		f, err := topicFiles.Open("help/" + e.Name())
		if err != nil {
			panic(err)
		}
		title, _ := bufio.NewReaderSize(f, 256).ReadString('\n') // the first line, not the whole file
		f.Close()
		title = strings.TrimSuffix(title, "\n")
		all = append(all, topic{Name: strings.TrimSuffix(e.Name(), path.Ext(e.Name())), Title: strings.TrimPrefix(title, "# ")})
	}
	rank := func(name string) int {
		if i := slices.Index(topicOrder, name); i >= 0 {
			return i
		}
		return len(topicOrder)
	}
	slices.SortStableFunc(all, func(a, b topic) int { return rank(a.Name) - rank(b.Name) })
	return all
}

// readTopic returns the text of the topic named name.
func readTopic(name string) string {
	data, err := topicFiles.ReadFile("help/" + name + ".md")
	if err != nil {
		panic(err) // embedded
	}
	return string(data)
}

// topicAnnotation marks a command that is a help topic, not a command.
const topicAnnotation = "bjchart-topic"

// addTopics adds each topic to root as a help topic: a command without a
// run, which cobra lists under "Additional help topics" and 'bjchart help
// NAME' opens (the help function reads its text then: the command has no
// Long).
func addTopics(root *cobra.Command) {
	for _, t := range topicList() {
		root.AddCommand(&cobra.Command{
			Use:         t.Name,
			Short:       t.Title,
			Annotations: map[string]string{topicAnnotation: t.Name},
		})
	}
}

// isTopic reports whether c is a help topic.
func isTopic(c *cobra.Command) bool { return c.Annotations[topicAnnotation] != "" }

// topicText is a topic as a terminal shows it: its paragraphs and list
// items reflowed to width, its code blocks and tables as written.
func topicText(md string, width int) string {
	var b strings.Builder
	var para []string
	flush := func() {
		if len(para) == 0 {
			return
		}
		indent := ""
		first := para[0]
		if m := listItem(first); m != "" {
			indent = strings.Repeat(" ", len(m))
		}
		b.WriteString(reflow(strings.Join(para, " "), width, indent) + "\n")
		para = nil
	}
	var table []string
	flushTable := func() {
		b.WriteString(tableText(table, width))
		table = nil
	}
	fenced := false
	sc := bufio.NewScanner(strings.NewReader(md))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if len(table) > 0 && !strings.HasPrefix(trimmed, "|") {
			flushTable()
		}
		switch {
		case strings.HasPrefix(trimmed, "```"):
			flush()
			fenced = !fenced
			continue // the fence itself is markdown's, not the reader's
		case !fenced && strings.HasPrefix(trimmed, "|"):
			flush()
			table = append(table, line)
			continue
		case fenced, strings.HasPrefix(line, "    "), strings.HasPrefix(trimmed, "#"):
			flush()
			b.WriteString(line + "\n")
		case trimmed == "":
			flush()
			b.WriteString("\n")
		case listItem(line) != "":
			flush()
			para = append(para, line)
		default:
			if len(para) > 0 {
				line = trimmed
			}
			para = append(para, line)
		}
	}
	flush()
	flushTable()
	return b.String()
}

// tableText is a markdown table as a terminal shows it: as written where
// every line fits the width, else a block a row, its first cell then
// each other cell under its column's name, reflowed.
func tableText(lines []string, width int) string {
	fits := true
	for _, l := range lines {
		if utf8.RuneCountInString(l) > width {
			fits = false
		}
	}
	if fits || len(lines) < 2 {
		if len(lines) == 0 {
			return ""
		}
		return strings.Join(lines, "\n") + "\n"
	}
	cells := func(l string) []string {
		parts := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), " | ")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts
	}
	header := cells(lines[0])
	var b strings.Builder
	for k, l := range lines[2:] {
		row := cells(l)
		if k > 0 {
			b.WriteString("\n")
		}
		b.WriteString(reflow("- "+row[0], width, "  ") + "\n")
		for i := 1; i < len(row) && i < len(header); i++ {
			if row[i] == "" {
				continue
			}
			b.WriteString(reflow("    "+header[i]+": "+row[i], width, "      ") + "\n")
		}
	}
	return b.String()
}

// listItem is the marker of a markdown list item that starts line ("- ",
// "  - ", "12. "), with its indent, or "".
func listItem(line string) string {
	t := strings.TrimLeft(line, " ")
	lead := len(line) - len(t)
	switch {
	case strings.HasPrefix(t, "- "), strings.HasPrefix(t, "* "):
		return line[:lead+2]
	}
	for i := 0; i < len(t) && i < 3; i++ {
		if t[i] >= '0' && t[i] <= '9' {
			continue
		}
		if i > 0 && strings.HasPrefix(t[i:], ". ") {
			return line[:lead+i+2]
		}
		break
	}
	return ""
}

// reflow breaks a paragraph at spaces into lines of at most width runes
// (a longer word stands alone), continuations indented by indent.
func reflow(text string, width int, indent string) string {
	lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
	words := strings.Fields(text)
	var b strings.Builder
	col := 0
	for i, w := range words {
		n := utf8.RuneCountInString(w)
		switch {
		case i == 0:
			b.WriteString(lead + w)
			col = utf8.RuneCountInString(lead) + n
		case col+1+n > width:
			b.WriteString("\n" + indent + w)
			col = utf8.RuneCountInString(indent) + n
		default:
			b.WriteString(" " + w)
			col += 1 + n
		}
	}
	return b.String()
}
