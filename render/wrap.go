package render

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// WrapProse wraps the lines of a text report longer than width columns at
// spaces, and leaves tables alone (a line drawn with box characters, which
// a terminal reader scrolls rather than reads folded) and commands a
// reader copies (a line that starts "bjchart " or "go run "). A wrapped line's
// continuation is indented to its second column, where the line has one
// ("label   value ..." as a tabwriter aligns it) near enough the left, and
// otherwise to its own indent.
func WrapProse(text string, width int) string {
	if width < 20 {
		width = 20
	}
	var b strings.Builder
	lines := strings.SplitAfter(text, "\n")
	for _, line := range lines {
		body := strings.TrimSuffix(line, "\n")
		if columns(body) <= width || strings.ContainsAny(body, "│┌└├─┬┼┤┐┘") {
			b.WriteString(line)
			continue
		}
		if isCommand(body) {
			b.WriteString(wrapCommand(body, width))
			if strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
			continue
		}
		indent := hangingIndent(body, width)
		b.WriteString(wrapLine(body, width, indent))
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// isCommand reports whether a line is a command a reader copies ("bjchart
// sim --rules ..." or "go run ..."), not a report's heading ("bjchart
// diff: ...").
func isCommand(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "go run ") {
		return true
	}
	rest, ok := strings.CutPrefix(t, "bjchart ")
	word, _, _ := strings.Cut(rest, " ")
	return ok && !strings.HasSuffix(word, ":")
}

// wrapCommand breaks a long command at spaces outside quotes, ending each
// line but the last with " \\" (the shell's continuation), so that it
// still copies and runs; continuations are indented four past the line's
// own indent.
func wrapCommand(line string, width int) string {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	pad := strings.Repeat(" ", lead+4)
	var words []string // the command's words, quotes kept whole
	quoted := false
	start := lead
	for i := lead; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' && !quoted {
			if i > start {
				words = append(words, line[start:i])
			}
			start = i + 1
			continue
		}
		if line[i] == '"' || line[i] == '\'' {
			quoted = !quoted
		}
	}
	// A flag and its value stay on one line: "--spread 1-12".
	var groups []string
	for _, w := range words {
		if n := len(groups); n > 0 && !strings.HasPrefix(w, "-") && strings.HasPrefix(groups[n-1], "-") &&
			!strings.ContainsAny(groups[n-1], " =") {
			groups[n-1] += " " + w
			continue
		}
		groups = append(groups, w)
	}
	var out []string
	cur := line[:lead]
	for _, w := range groups {
		if strings.TrimSpace(cur) != "" && columns(cur)+1+columns(w)+2 > width {
			out = append(out, cur+" \\")
			cur = pad + w
			continue
		}
		if strings.TrimSpace(cur) != "" {
			cur += " "
		}
		cur += w
	}
	return strings.Join(append(out, cur), "\n")
}

// hangingIndent returns the column a line's continuations start at: the
// start of its last column (after a run of two or more spaces) within the
// left half, else two past its own indent.
func hangingIndent(line string, width int) int {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	col := lead + 2
	for i := lead; i+1 < len(line); i++ {
		if line[i] == ' ' && line[i+1] == ' ' {
			j := i
			for j < len(line) && line[j] == ' ' {
				j++
			}
			if c := columns(line[:j]); j < len(line) && c <= width/2 {
				col = c
			}
			i = j
		}
	}
	return col
}

// wrapLine breaks one line at spaces into lines of at most width columns
// (a word longer than that stands alone), continuations indented.
func wrapLine(line string, width, indent int) string {
	pad := strings.Repeat(" ", indent)
	// Keep the line's own leading spaces and its runs of spaces (column
	// alignment) on the first line: split only where a word would cross
	// the width.
	var out []string
	for limit := width; columns(line) > limit; limit = width - indent {
		cut := breakAt(line, limit)
		out = append(out, strings.TrimRight(line[:cut], " "))
		line = strings.TrimLeft(line[cut:], " ")
	}
	if line != "" {
		out = append(out, line)
	}
	for i := 1; i < len(out); i++ {
		out[i] = pad + out[i]
	}
	return strings.Join(out, "\n")
}

// breakAt returns the byte offset to break s at so that the first part
// takes at most limit columns: the last space within the limit, or the limit
// itself where there is none.
func breakAt(s string, limit int) int {
	n, last := 0, -1
	for i, r := range s {
		w := runewidth.RuneWidth(r)
		if n+w > limit {
			if last > 0 {
				return last
			}
			return max(i, 1)
		}
		if r == ' ' && i > 0 && s[i-1] != ' ' {
			last = i
		}
		n += w
	}
	return len(s)
}

// columns is how many columns a terminal gives s: two for a wide
// character (Japanese, Chinese), one for others.
func columns(s string) int { return runewidth.StringWidth(s) }
