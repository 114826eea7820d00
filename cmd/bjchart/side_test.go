package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bjchart/render"
	"bjchart/solve/side"
)

// TestSide: a side bet's table as text (golden), JSON and CSV, the list
// of bets, and its usage errors.
func TestSide(t *testing.T) {
	code, out, stderr := runCmd(t, "side", "21+3", "--rules", "6D H17 DAS LS", "--pays", "9-to-1")
	if code != exitOK {
		t.Fatalf("side: exit %d: %s", code, stderr)
	}
	golden(t, "side-21plus3-6d.txt", out)

	code, out, _ = runCmd(t, "side", "perfect-pairs", "--decks", "8", "--format", "json")
	var j render.JSONSide
	if err := json.Unmarshal([]byte(out), &j); code != exitOK || err != nil {
		t.Fatalf("side --format json: exit %d, %v", code, err)
	}
	// The Wizard of Odds' Perfect Pairs, pay table A, eight decks.
	if got := 100 * j.HouseEdge; got < 4.09635 || got > 4.09645 || j.Outcomes[0].Combinations.Int64() != 1456 {
		t.Errorf("perfect pairs, eight decks: house edge %.5f%%, %v perfect pairs; want 4.0964%% and 1456", got, j.Outcomes[0].Combinations)
	}

	code, out, _ = runCmd(t, "side", "over-under-13", "--format", "csv", "--shoe", "20,24,24,24,24,24,24,24,24,90")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != exitOK || len(lines) != 4 || !strings.Contains(lines[3], ",total,") {
		t.Errorf("side --format csv: exit %d:\n%s", code, out)
	}

	if code, out, _ := runCmd(t, "side"); code != exitOK || !strings.Contains(out, "lucky-ladies") || !strings.Contains(out, "wizardofodds.com") {
		t.Errorf("side with no bet: exit %d, want the list:\n%.300s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"side", "22+3"}, "BET \"22+3\""},
		{[]string{"side", "21+3", "--pays", "straight:x"}, "--pays"},
		{[]string{"side", "21+3", "--rules", "INF"}, "infinite deck"},
		{[]string{"side", "21+3", "--decks", "0"}, "--decks 0"},
		{[]string{"side", "21+3", "--shoe", "1,2,3"}, "--shoe"},
		{[]string{"side", "21+3", "--count", "--shoe", "20,24,24,24,24,24,24,24,24,96"}, "--count"},
		{[]string{"side", "--decks", "2"}, "name the bet"},
		{[]string{"side", "21+3", "perfect-pairs"}, "at most one bet"},
	} {
		code, _, stderr := runCmd(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want exit 2, one line naming %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestSideCounting: the trigger and the counter's simulation through the
// command line, small: a trigger with its error bar, and a simulation
// whose results agree with their exact EVs.
func TestSideCounting(t *testing.T) {
	code, out, stderr := runCmd(t, "side", "trigger", "over-under-13", "--pays", "over", "--shoes", "20000")
	if code != exitOK || !strings.Contains(out, "Trigger: bet at a true count of") {
		t.Errorf("side trigger: exit %d, %s\n%s", code, stderr, out)
	}
	code, out, stderr = runCmd(t, "side", "sim", "over-under-13", "--pays", "over", "--trigger", "1", "--shoes", "2000", "--rules", "6D H17 DAS LS")
	if code != exitOK || !strings.Contains(out, "agree with their exact EVs within 3 SE") {
		t.Errorf("side sim: exit %d, %s\n%s", code, stderr, out)
	}
}

// TestSideCardAndHeatmap: the side-bet card as text (a row a bet), JSON
// and a PDF, and the trigger's heatmap as a PNG, small; an output the
// card cannot be is refused before the run, exit 2.
func TestSideCardAndHeatmap(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := runCmd(t, "side", "card", "--rules", "2D H17", "--shoes", "2000")
	if code != exitOK || strings.Count(out, "│") < 8*8 || !strings.Contains(out, "lucky-lucky") {
		t.Errorf("side card: exit %d, %s\n%s", code, stderr, out)
	}
	code, out, _ = runCmd(t, "side", "card", "--rules", "2D H17", "--shoes", "2000", "--format", "json")
	if code != exitOK || strings.Count(out, `"house_edge"`) != len(side.Bets()) {
		t.Errorf("side card --format json: exit %d\n%s", code, out)
	}
	pdf := filepath.Join(dir, "side.pdf")
	code, _, stderr = runCmd(t, "side", "card", "--shoes", "2000", "-o", pdf, "--date", "2026-01-02")
	if b, err := os.ReadFile(pdf); code != exitOK || err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("side card -o %s: exit %d, %s, %v", pdf, code, stderr, err)
	}
	code, _, stderr = runCmd(t, "side", "card", "--shoes", "2000", "-o", filepath.Join(dir, "side.png"))
	if code != exitUsage || !strings.Contains(stderr, "a card is a PDF") {
		t.Errorf("side card -o side.png: exit %d, %s", code, stderr)
	}
	png := filepath.Join(dir, "heat.png")
	code, _, stderr = runCmd(t, "side", "trigger", "21+3", "--shoes", "20000", "--plot", png)
	if b, err := os.ReadFile(png); code != exitOK || err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("side trigger --plot %s: exit %d, %s, %v", png, code, stderr, err)
	}
}

// TestSimSideBetParts: a simulation with a side bet split in two parts
// merges to a report that still has the side bet, its figures from the
// parts' sums (placings added up).
func TestSimSideBetParts(t *testing.T) {
	dir := t.TempDir()
	var parts []string
	for _, shard := range []string{"1/2", "2/2"} {
		code, out, stderr := runCmd(t, "sim", "--rules", "6D H17 DAS LS", "--rounds", "40000", "--side", "21+3", "--shard", shard, "--format", "json")
		if code != exitOK {
			t.Fatalf("sim --shard %s: exit %d, %s", shard, code, stderr)
		}
		name := filepath.Join(dir, strings.ReplaceAll(shard, "/", "-")+".json")
		if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, name)
	}
	code, out, stderr := runCmd(t, append([]string{"sim", "merge"}, parts...)...)
	if code != exitOK || !strings.Contains(out, "Side bet 21+3 (100-40-30-10-5)") || !strings.Contains(out, "(40000 placings)") {
		t.Errorf("sim merge: exit %d, %s\n%s", code, stderr, out)
	}
}
