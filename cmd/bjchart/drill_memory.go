package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bjchart/solve/drill"
	"bjchart/solve/param"
)

// The terminal trainer's memory of missed cells, kept between sessions
// in the user's configuration directory ($XDG_CONFIG_HOME/bjchart, else
// ~/.config/bjchart): by game, each cell's misses less the times it was
// then answered right. A session asked aloud brings them back more often
// (drill.Request.Review) and adds its own; 'bjchart drill --forget'
// clears them. A scripted session (--answers) neither reads nor writes it.

// drillMemory is the file's content: game → cell → misses.
type drillMemory map[string]map[string]int

// memoryPath is the memory's file, or "" where there is no configuration
// directory (no XDG_CONFIG_HOME and no HOME).
func memoryPath(e env) string {
	if e.getenv == nil {
		return ""
	}
	dir := e.getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := e.getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "bjchart", "drill-missed.json")
}

// readMemory reads the memory: a missing file is an empty memory; one
// that cannot be used (not a regular file, too large, not the JSON
// bjchart writes) is an error that names it, and the session goes on
// without it and leaves it as it is (it is a convenience, never a reason
// to fail a session, nor to lose what a user keeps there).
func readMemory(path string) (drillMemory, error) {
	m := drillMemory{}
	if path == "" {
		return m, nil
	}
	data, err := param.ReadFile(path, 1<<20, "the missed cells' file is small") // a link to /dev/zero or a FIFO is refused, not read forever
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return m, nil
	case err != nil:
		return nil, fmt.Errorf("the missed cells' file %s cannot be used (%v); this session neither reads nor replaces it ('bjchart drill --forget' removes it)", path, unwrapRead(err))
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("the missed cells' file %s is not what bjchart writes there (%v); this session neither reads nor replaces it ('bjchart drill --forget' removes it)", path, err)
	}
	return m, nil
}

// unwrapRead is a read error's cause, without the path the message
// names already.
func unwrapRead(err error) error {
	var re *param.ReadError
	if errors.As(err, &re) {
		return param.PathCause(re.Err)
	}
	return err
}

// review is a game's missed cells, most missed first, as a review.
func (m drillMemory) review(game string) string {
	cells := m[game]
	var keys []string
	for c, n := range cells {
		if n > 0 {
			if _, err := drill.ParseReview(c); err == nil {
				keys = append(keys, c)
			}
		}
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cells[b]-cells[a], strings.Compare(a, b)) })
	if len(keys) > drill.MaxReview {
		keys = keys[:drill.MaxReview]
	}
	return strings.Join(keys, ", ")
}

// record adds a session's answers: a miss counts one more, a right answer
// to a cell missed before one fewer.
func (m drillMemory) record(game string, s *drill.Session) {
	cells := m[game]
	if cells == nil {
		cells = map[string]int{}
		m[game] = cells
	}
	for _, g := range s.Graded {
		cell := g.Cell + " v " + g.Up.String()
		switch {
		case !g.Correct:
			cells[cell]++
		case cells[cell] > 0:
			if cells[cell]--; cells[cell] == 0 {
				delete(cells, cell)
			}
		}
	}
}

// write saves the memory, creating bjchart's configuration folder if
// need be, by the one rule for outputs (whole or not at all; never over
// a FIFO or a device).
func (m drillMemory) write(path string) error {
	if path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return param.WriteFile(path, data, nil)
}

// forgetMemory removes the memory's file.
func forgetMemory(path string) error {
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
