package render

import (
	"strings"
	"testing"
)

// TestWrapProse: long prose wraps at spaces to the width with a hanging
// indent at the second column; tables and short lines are untouched.
func TestWrapProse(t *testing.T) {
	long := "EV per round  " + strings.Repeat("word ", 30)
	got := WrapProse(long+"\n│ a table row "+strings.Repeat("x", 100)+" │\nshort\n", 40)
	lines := strings.Split(got, "\n")
	for _, l := range lines {
		if !strings.Contains(l, "│") && len([]rune(l)) > 40 {
			t.Errorf("line of %d columns: %q", len([]rune(l)), l)
		}
	}
	if !strings.HasPrefix(lines[1], strings.Repeat(" ", len("EV per round  "))+"word") {
		t.Errorf("continuation %q: want it under the second column", lines[1])
	}
	if !strings.Contains(got, "│ a table row") || !strings.HasSuffix(got, "\nshort\n") {
		t.Errorf("table or short line changed:\n%s", got)
	}
}
