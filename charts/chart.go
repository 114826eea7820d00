// Package charts holds published basic-strategy charts, the format they are
// written in, and the diff between a published chart and a solution.
//
// A chart file is text:
//
//	# name: ...                      comment lines: provenance, rules, notes
//	# rules: decks=4-8 dealer=S17 double=any das=both resplit=? surrender=late peek=yes
//	[hard]
//	     2   3   4   5   6   7   8   9   T   A
//	5    H   H   H   H   H   H   H   H   H   H
//	...                              hard 5..21, soft A2..A9, pairs 22..TT, AA
//
// Cells hold the codes of printed charts (H, S, Dh, Ds, P, Ph, Pd, Ps, Rh,
// Rs, Rp, Rpn) or ? for a cell the source does not establish. The pipeline
// of a diff is:
//
//  1. Parse the file (Parse; errors carry file:line).
//  2. Read its rules header (RuleSpec), and pick the rules to solve
//     (RuleSpec.Reading, unless the user gives rules).
//  3. Resolve every code for those rules (Resolve): Ph is a split with DAS
//     and a hit without, Rh a hit where surrender is not offered, ...
//  4. Solve the rules, value the resolved chart exactly (solve.Solver), and
//     compare cell by cell (Compare).
package charts

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"bjchart/solve"
)

// A Code is a published chart cell.
type Code int

const (
	Unknown Code = iota // ?: not established by the source
	H                   // hit
	S                   // stand
	Dh                  // double, else hit
	Ds                  // double, else stand
	P                   // split
	Ph                  // split if DAS, else hit
	Pd                  // split if DAS, else double (else hit)
	Ps                  // split if DAS, else stand
	Rh                  // surrender, else hit
	Rs                  // surrender, else stand
	Rp                  // surrender, else split
	Rpn                 // surrender if late surrender is offered and DAS is not, else split
)

var codeNames = [...]string{"?", "H", "S", "Dh", "Ds", "P", "Ph", "Pd", "Ps", "Rh", "Rs", "Rp", "Rpn"}

func (c Code) String() string { return codeNames[c] }

// ParseCode reads a code as printed (case-sensitive, as in the files).
func ParseCode(s string) (Code, bool) {
	for i, n := range codeNames {
		if n == s {
			return Code(i), true
		}
	}
	return Unknown, false
}

// Sections and their rows, in file order.
var (
	Sections = []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs}
	rowNames = map[solve.TableKind][]string{
		solve.Hard:  {"5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21"},
		solve.Soft:  {"A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"},
		solve.Pairs: {"22", "33", "44", "55", "66", "77", "88", "99", "TT", "AA"},
	}
	columns = "2 3 4 5 6 7 8 9 T A"
)

// Rows returns the row labels of a section, in file order.
func Rows(kind solve.TableKind) []string { return rowNames[kind] }

// A Chart is a parsed chart file.
type Chart struct {
	// Name is the chart's file name without ".txt" (the name users type).
	Name string
	// Comments are the file's comment lines, "# " included, in order.
	Comments []string
	// Cells holds the codes by section, row (file order) and up card column (2..9, T, A).
	Cells [3][][10]Code
}

// header returns the value of a "# key: value" comment, or "".
func (c *Chart) header(key string) string {
	for _, line := range c.Comments {
		if v, ok := strings.CutPrefix(line, "# "+key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Title returns the "# name:" header.
func (c *Chart) Title() string { return c.header("name") }

// Source returns the "# source:" header.
func (c *Chart) Source() string { return c.header("source") }

// RulesLine returns the "# rules:" header.
func (c *Chart) RulesLine() string { return c.header("rules") }

// Rules parses the "# rules:" header.
func (c *Chart) Rules() (RuleSpec, error) { return ParseRuleSpec(c.RulesLine()) }

// Cell returns the code of a row (by label) against an up card, and
// whether the chart has that row.
func (c *Chart) Cell(kind solve.TableKind, row string, up solve.Rank) (Code, bool) {
	for i, name := range rowNames[kind] {
		if name == row {
			return c.Cells[kind][i][column(up)], true
		}
	}
	return Unknown, false
}

// column returns the column of an up card: 2..9, T are 0..8, A is 9.
func column(up solve.Rank) int {
	if up == 1 {
		return 9
	}
	return int(up) - 2
}

// A SyntaxError is a malformed chart file.
type SyntaxError struct {
	File string
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Limits of a chart file: a chart is a few kilobytes.
const (
	MaxFile = 1 << 20 // bytes in a chart file
	MaxLine = 4096    // bytes in one line
)

// Parse reads a chart file; file names it in errors and, without its
// directory and ".txt", is the chart's Name.
func Parse(file string, data []byte) (*Chart, error) {
	name := file
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	c := &Chart{Name: strings.TrimSuffix(name, ".txt")}
	errf := func(line int, format string, args ...any) error {
		return &SyntaxError{file, line, fmt.Sprintf(format, args...)}
	}
	section := -1
	var sectionLine [3]int
	var seen [3]map[string]int // row label -> line
	var headerSeen [3]bool
	for i := range c.Cells {
		c.Cells[i] = make([][10]Code, len(rowNames[Sections[i]]))
		seen[i] = map[string]int{}
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a UTF-8 byte order mark
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, MaxLine)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), " \t\r")
		switch {
		case strings.HasPrefix(text, "#"):
			c.Comments = append(c.Comments, text)
			continue
		case strings.TrimSpace(text) == "":
			continue
		case strings.HasPrefix(text, "["):
			found := false
			for i, kind := range Sections {
				if text == "["+kind.String()+"]" {
					if sectionLine[i] != 0 {
						return nil, errf(line, "section %s repeated (first at line %d)", text, sectionLine[i])
					}
					section, sectionLine[i], found = i, line, true
				}
			}
			if !found {
				return nil, errf(line, "unknown section %q; want [hard], [soft] or [pairs]", text)
			}
			continue
		}
		if section < 0 {
			return nil, errf(line, "row before any section; want [hard], [soft] or [pairs] first")
		}
		fields := strings.Fields(text)
		if !headerSeen[section] {
			if strings.Join(fields, " ") != columns {
				return nil, errf(line, "column header %q; want %q", strings.Join(fields, " "), columns)
			}
			headerSeen[section] = true
			continue
		}
		kind := Sections[section]
		row := -1
		for i, name := range rowNames[kind] {
			if fields[0] == name {
				row = i
			}
		}
		if row < 0 {
			return nil, errf(line, "unknown %s row %q; want one of %s", kind, fields[0], strings.Join(rowNames[kind], " "))
		}
		if prev, dup := seen[section][fields[0]]; dup {
			return nil, errf(line, "%s row %s repeated (first at line %d)", kind, fields[0], prev)
		}
		seen[section][fields[0]] = line
		if len(fields)-1 != 10 {
			return nil, errf(line, "%s row %s has %d cells; want 10 (up cards %s)", kind, fields[0], len(fields)-1, columns)
		}
		for col, f := range fields[1:] {
			code, ok := ParseCode(f)
			if !ok {
				return nil, errf(line, "%s row %s, column %s: unknown code %q; want one of %s",
					kind, fields[0], strings.Fields(columns)[col], f, strings.Join(codeNames[:], " "))
			}
			c.Cells[section][row][col] = code
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, errf(line+1, "line longer than %d bytes", MaxLine)
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for i, kind := range Sections {
		if sectionLine[i] == 0 {
			return nil, errf(max(line, 1), "section [%s] missing", kind)
		}
		if len(seen[i]) != len(rowNames[kind]) {
			var missing []string
			for _, name := range rowNames[kind] {
				if _, ok := seen[i][name]; !ok {
					missing = append(missing, name)
				}
			}
			return nil, errf(sectionLine[i], "[%s] lacks rows %s", kind, strings.Join(missing, " "))
		}
	}
	if c.RulesLine() != "" {
		if _, err := c.Rules(); err != nil {
			return nil, errf(rulesLineNumber(data), "%v", err)
		}
	}
	if !c.givesAPlay() {
		return nil, errf(sectionLine[0], "every cell is ? (not given): the chart gives no play to compare or to play")
	}
	return c, nil
}

// givesAPlay reports whether any cell holds a play rather than ?.
func (c *Chart) givesAPlay() bool {
	for _, rows := range c.Cells {
		for _, row := range rows {
			for _, code := range row {
				if code != Unknown {
					return true
				}
			}
		}
	}
	return false
}

// rulesLineNumber returns the line of the "# rules:" header.
func rulesLineNumber(data []byte) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "# rules:") {
			return i + 1
		}
	}
	return 0
}

// Format writes a chart in the file format: the comments, then the three
// sections. Parse reads it back to the same Chart.
func Format(w io.Writer, c *Chart) error {
	var b bytes.Buffer
	line := func(cells ...string) {
		var l strings.Builder
		for i, cell := range cells {
			if i == 0 {
				fmt.Fprintf(&l, "%-5s", cell)
			} else {
				fmt.Fprintf(&l, "%-4s", cell)
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	for _, l := range c.Comments {
		b.WriteString(l + "\n")
	}
	for i, kind := range Sections {
		fmt.Fprintf(&b, "[%s]\n", kind)
		line(append([]string{""}, strings.Fields(columns)...)...)
		for row, name := range rowNames[kind] {
			cells := []string{name}
			for _, code := range c.Cells[i][row] {
				cells = append(cells, code.String())
			}
			line(cells...)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}
