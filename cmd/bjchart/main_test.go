package main

import (
	"bjchart/render/draw"
	"bjchart/solve/simreport"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// runCmd runs the command line in-process, as a user with no NO_COLOR would.
func runCmd(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb, func(string) string { return "" })
	return code, out.String(), errb.String()
}

// golden compares got with testdata/name, or rewrites it under -update
// where it differs by more than the tolerance (a file that holds within
// it is left as it is: -update does not churn the last bits of floats).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if want, err := os.ReadFile(path); err == nil && (got == string(want) || sameUpToRounding(got, string(want))) {
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/bjchart -update to create it)", err)
	}
	if got != string(want) && !sameUpToRounding(got, string(want)) {
		t.Errorf("output differs from %s (rerun with -update if intended):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// goldenTolerance is how far a number in a golden file may move, relative
// to its size (absolute below one): rounding in the last bits of a
// float64, from a change in the order of summation, which figures such as
// N0 (a variance over a squared edge) magnify.
const goldenTolerance = 1e-12

// sameUpToRounding reports whether two outputs differ only in numbers, and
// those by at most goldenTolerance. Everything else must match exactly.
func sameUpToRounding(got, want string) bool {
	g, w := number.FindAllString(got, -1), number.FindAllString(want, -1)
	if len(g) != len(w) || number.ReplaceAllString(got, "#") != number.ReplaceAllString(want, "#") {
		return false
	}
	for i := range g {
		x, err1 := strconv.ParseFloat(g[i], 64)
		y, err2 := strconv.ParseFloat(w[i], 64)
		if g[i] != w[i] && (err1 != nil || err2 != nil || math.Abs(x-y) > goldenTolerance*max(1, math.Abs(y))) {
			return false
		}
	}
	return true
}

var number = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`)

func TestGolden(t *testing.T) {
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	tests := []struct {
		name string
		args []string
	}{
		{"chart-default.txt", nil},
		{"chart-inf.txt", []string{"--rules", "INF"}},
		{"chart-inf-h17-ls-ev.txt", []string{"chart", "--rules", "inf h17 das ls", "--ev"}},
		{"chart-inf-flags-color.txt", []string{"chart", "--decks", "inf", "--surrender", "late", "--das=false", "--color", "always"}},
		{"chart-inf.csv", []string{"chart", "--rules", "INF ENHC", "--format", "csv"}},
		{"rules.txt", []string{"rules"}},
		{"chart-1d-cd.txt", []string{"chart", "--rules", "1D S17 DAS", "--cd"}},
		{"chart-shoe.txt", []string{"chart", "--rules", "H17", "--shoe", "4,4,4,4,4,4,4,4,4,20", "--split", "cdp1", "--cd"}},
		{"grid-inf.csv", []string{"grid", "--decks-list", "inf", "--format", "csv"}},
		{"counts-1d-hilo.txt", []string{"counts", "--rules", "1D S17 NDAS", "--count", "hilo"}},
		{"charts.txt", []string{"charts"}},
		{"charts-show-itoh.txt", []string{"charts", "show", "itoh-2023-1to6deck"}},
		{"diff-thorp-1d.txt", []string{"diff", "thorp-1966-1deck", "--rules", "1D S17"}},
		{"diff-wizard-1d.json", []string{"diff", "wizard-1d-s17-das-ls", "--format", "json"}},
		{"diff-thorp-inf.txt", []string{"diff", "thorp-1966-1deck", "--rules", "INF"}},
		{"dealer-default.txt", []string{"dealer"}},
		{"dealer-1d-h17.csv", []string{"dealer", "--rules", "1D H17", "--format", "csv"}},
		{"dealer-shoe.json", []string{"dealer", "--rules", "2D", "--shoe", "8,8,8,8,8,8,8,8,8,20", "--format", "json"}},
		{"dealer-inf.txt", []string{"dealer", "--rules", "INF H17"}},
		{"house-as-built.txt", []string{"house"}},
		{"chart-inf-5cc.txt", []string{"chart", "--rules", "INF S17 DAS 5CC"}},
		{"hand-inf-5cc.txt", []string{"hand", "2,4,4,4", "v", "T", "--rules", "INF 5CC"}},
		{"hand-dany.txt", []string{"hand", "2,3,5", "v", "6", "--rules", "2D H17 DANY RESCUE"}},
		{"chart-dany.txt", []string{"chart", "--rules", "INF H17 LS DANY RESCUE"}},
		{"house-designed.json", []string{"house", "--rules", "house inf designed", "--format", "json"}},
		{"hand-t6-vt.txt", []string{"hand", "T,6", "v", "T", "--rules", "6D H17 DAS LS"}},
		{"hand-16-vt-1d.txt", []string{"hand", "16 v T", "--rules", "1D"}},
		{"hand-466-vt-1d.txt", []string{"hand", "4,6,6", "v", "T", "--rules", "1D"}},
		{"hand-88-va.json", []string{"hand", "8,8", "v", "A", "--rules", "2D H17 NDAS LS", "--format", "json"}},
		{"hand-soft18-v9-inf.txt", []string{"hand", "soft", "18", "vs", "9", "--rules", "INF"}},
		{"hand-shoe.json", []string{"hand", "A,7 v 2", "--rules", "2D", "--shoe", "8,8,8,8,8,8,8,8,8,20", "--format", "json"}},
		{"holdem.txt", []string{"holdem"}},
		{"holdem.csv", []string{"holdem", "--format", "csv"}},
		{"holdem-aks-v-qq.txt", []string{"holdem", "AKs", "v", "QQ"}},
		{"holdem-aa-kk.json", []string{"holdem", "AsAh v KsKd", "--format", "json"}},
		{"holdem-aks-3.txt", []string{"holdem", "AKs", "--opponents", "3", "--deals", "20000", "--seed", "5"}},
		{"holdem-equity-flop.txt", []string{"holdem", "equity", "AKs,QQ+", "22+,ATs+", "--board", "Kh7d2c"}},
		{"holdem-nash-10.txt", []string{"holdem", "nash", "--stack", "10"}},
		{"holdem-equity-preflop.json", []string{"holdem", "equity", "QQ+,AK", "22+,A2s+,KTo+", "--trials", "20k", "--format", "json"}},
		{"risk-1d.txt", []string{"risk", "--rules", "1D S17 DAS LS", "--shoes", "20", "--rounds", "100k", "--spread", "1-8", "--wong-out", "-1", "--trip-bank", "500"}},
		{"risk-1d.json", []string{"risk", "--rules", "1D S17 DAS LS", "--shoes", "20", "--rounds", "100k", "--format", "json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !*long && tt.name == "risk-1d.json" {
				t.Skip("a second risk run (risk-1d.txt runs without -long)")
			}
			code, out, errOut := runCmd(t, tt.args...)
			if code != exitOK {
				t.Fatalf("bjchart %v: exit %d, stderr %q", tt.args, code, errOut)
			}
			golden(t, tt.name, out)
		})
	}
}

// runJSON runs bjchart and decodes its JSON, which must hold only known fields.
func runJSON(t *testing.T, args ...string) render.JSONTable {
	t.Helper()
	code, out, errOut := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("bjchart %q: exit %d: %s", args, code, errOut)
	}
	var got render.JSONTable
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestJSON(t *testing.T) {
	got := runJSON(t, "chart", "--rules", "INF S17 LS", "--format", "json")
	if got.Rules != "INF S17 DOA DAS SPL3 LS 3:2 PEEK" || got.Conditioning != "no-dealer-blackjack" {
		t.Errorf("rules %q conditioning %q", got.Rules, got.Conditioning)
	}
	if n := len(got.Cells); n != (18+10+10)*10 {
		t.Errorf("%d cells, want 380", n)
	}
	var c16 *render.JSONCell
	for i, c := range got.Cells {
		if c.Table == "hard" && c.Hand == "16" && c.Up == "T" {
			c16 = &got.Cells[i]
		}
	}
	if c16 == nil || c16.Action != "Rh" || c16.EV["surrender"] != -0.5 || len(c16.EV) != 4 {
		t.Errorf("16 v T cell = %+v, want Rh with stand, hit, double, surrender", c16)
	}
}

// TestJSONCD checks the composition-dependent values --cd adds to JSON:
// every two-card start but blackjack against every up card, and hands of
// three or more cards with stand and hit only.
func TestJSONCD(t *testing.T) {
	got := runJSON(t, "chart", "--rules", "1D S17", "--cd", "--format", "json")
	if got.CDSplit != "CDZ-" || len(got.Hands) != 54*10 || len(got.Compositions) == 0 {
		t.Fatalf("split %q, %d hands (want 540), %d compositions", got.CDSplit, len(got.Hands), len(got.Compositions))
	}
	var t16 bool
	for _, c := range got.Compositions {
		if len(c.EV) != 2 || (c.Best != "stand" && c.Best != "hit") || c.Freq < 0 || c.Freq > 1 {
			t.Errorf("composition %+v", c)
		}
		if c.Cards == "4,4,8" && c.Up == "T" {
			t16 = c.Total == 16 && !c.Soft && c.Best == "stand" && c.EV["stand"] > c.EV["hit"]
		}
	}
	if !t16 {
		t.Error("4,4,8 v T: want a hard 16 that stands (Thorp's three-card exception)")
	}
}

// TestCSVCD checks the CSV form of --cd: one line per hand, two-card starts
// then hands of three or more cards, agreeing with the JSON form.
func TestCSVCD(t *testing.T) {
	args := []string{"chart", "--rules", "1D H17 ENHC", "--cd", "--format"}
	_, out, errOut := runCmd(t, append(args, "csv")...)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("%v (%s)", err, errOut)
	}
	if !slices.Equal(recs[0], render.CSVHandsHeader) {
		t.Fatalf("header %q", recs[0])
	}
	js := runJSON(t, append(args, "json")...)
	if got, want := len(recs)-1, len(js.Hands)+len(js.Compositions); got != want {
		t.Fatalf("%d lines, want %d", got, want)
	}
	col := func(name string) int { return slices.Index(render.CSVHandsHeader, name) }
	for i, rec := range recs[1:] {
		var cards, best, hit string
		if i < len(js.Hands) {
			h := js.Hands[i]
			cards, best, hit = h.Cards, h.Best, strconv.FormatFloat(h.EV["hit"], 'f', 9, 64)
		} else {
			c := js.Compositions[i-len(js.Hands)]
			cards, best, hit = c.Cards, c.Best, strconv.FormatFloat(c.EV["hit"], 'f', 9, 64)
		}
		if rec[col("cards")] != cards || rec[col("best")] != best || rec[col("hit")] != hit {
			t.Fatalf("line %d = %q; JSON has %s best %s hit %s", i+2, rec, cards, best, hit)
		}
		if i >= len(js.Hands) && (rec[col("double")] != "" || rec[col("split")] != "") {
			t.Fatalf("line %d = %q: a hand of three cards may only stand or hit", i+2, rec)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "6D H18"}, `--rules "6D H18": unknown rule "H18" at 3 (did you mean H17?); want S17 or H17`},
		{[]string{"--rules", "S17 H17"}, `contradicts`},
		{[]string{"chart", "--bogus"}, `unknown flag: --bogus`},
		{[]string{"chart", "--format", "xml"}, `--format "xml": want text, json or csv`},
		{[]string{"chart", "--decks", "0"}, `--decks "0": want a count from 1 to 100000, or inf`},
		{[]string{"chart", "--surrender", "sometimes"}, `--surrender "sometimes": want none, late or early`},
		{[]string{"chart", "--split-hands", "5"}, `--split-hands 5: want 2, 3 or 4`},
		{[]string{"chart", "--blackjack-pays", "lots"}, `--blackjack-pays "lots": want a ratio`},
		{[]string{"chart", "--color", "pink"}, `--color "pink": want auto, always or never`},
		{[]string{"chart", "extra"}, `unexpected argument "extra"`},
		{[]string{"rules", "6D H18"}, `unknown rule "H18"`},
		{[]string{"diff", "no-such-chart"}, `"no-such-chart" is neither a chart name ('bjchart charts' lists them) nor a file`},
		{[]string{"diff"}, `takes a chart name or file; got 0 arguments`},
		{[]string{"diff", "thorp-1966-1deck", "--format", "csv"}, `--format "csv": want text or json`},
		{[]string{"diff", "testdata/bad-chart.txt"}, `testdata/bad-chart.txt:3: unknown section "[hardest]"`},
		{[]string{"charts", "show", "nope"}, `"nope" is neither a chart name`},
		{[]string{"card", "--size", "poster"}, `--size "poster": want letter, a4 or wallet`},
		{[]string{"card", "--paper", "legal"}, `--paper "legal": want letter or a4`},
		{[]string{"card", "-o", "card.png"}, `-o "card.png": a card is a PDF; want a name ending in .pdf`},
		{[]string{"card", "--date", "yesterday"}, `--date "yesterday": want a day from 1970-01-01 to 9999-12-31`},
		{[]string{"card", "--date", "1969-12-31"}, `--date "1969-12-31": want a day from 1970-01-01`},
		{[]string{"card", "--count", "hilo", "--rules", "INF"}, `indices with an infinite deck`},
		{[]string{"plot", "--metric", "index"}, `--metric index and --count go together`},
		{[]string{"plot", "--count", "hilo"}, `--metric index and --count go together`},
		{[]string{"plot", "--metric", "index", "--count", "hilo", "--vs", "6D"}, `--vs and --against are for EVs`},
		{[]string{"card", "--count", "hilo", "--set", "fab4"}, `--set fab4: needs late surrender`},
		{[]string{"plot", "-o", "x.gif"}, `-o "x.gif": unknown extension ".gif"; want .png, .svg or .pdf`},
		{[]string{"plot", "--table", "diamonds"}, `--table "diamonds": want hard, soft, pairs or all`},
		{[]string{"plot", "--metric", "luck"}, `--metric "luck": want best, stand, hit, double, split, surrender, margin, gain or index`},
		{[]string{"plot", "--vs", "INF", "--against", "thorp-1966-1deck"}, `--vs and --against draw different things; give one`},
		{[]string{"plot", "--rules", "INF", "--vs", "S18"}, `--vs "S18": unknown rule "S18"`},
		{[]string{"dealer", "--format", "xml"}, `--format "xml": want text, json or csv`},
		{[]string{"dealer", "--rules", "INF", "--shoe", "4,4,4,4,4,4,4,4,4,16"}, `--shoe needs a finite deck count`},
		{[]string{"dealer", "--shoe", "4,4"}, `--shoe "4,4": 2 counts; want 10`},
		{[]string{"dealer", "extra"}, `unexpected argument "extra"`},
		{[]string{"--rules", "HOUSE"}, `HOUSE and its tokens describe the house game (hit or stand only): see 'bjchart house --help'`},
		{[]string{"house", "--rules", "1D 2D"}, `"2D" at 3: contradicts "1D" (decks given twice)`},
		{[]string{"house", "--rules", "BET=0-5"}, `want BET=A-B with 1 <= A <= B <= 1000`},
		{[]string{"house", "--rules", "DHIT17=2"}, `want DHIT17=P with P a probability from 0 to 1`},
		{[]string{"house", "--format", "csv"}, `--format "csv": want text or json`},
		{[]string{"house", "extra"}, `unexpected argument "extra"`},
		{[]string{"house", "--card", "seed.png"}, `--card "seed.png": a card is a PDF; want a name ending in .pdf`},
		{[]string{"house", "--plot", "seed.gif"}, `--plot "seed.gif": unknown extension ".gif"; want .png, .svg or .pdf`},
		{[]string{"house", "--plot", "seed.png", "--card", "seed.pdf"}, `--card and --plot: give one of them`},
		{[]string{"house", "--card", "seed.pdf", "--paper", "legal"}, `--paper "legal": want letter or a4`},
		{[]string{"house", "--card", "seed.pdf", "--date", "soon"}, `--date "soon": want a day from 1970-01-01`},
		{[]string{"--rules", "NDD DANY"}, `DANY with NDD: DANY and RESCUE need doubling (DOA, D9 or D10)`},
		{[]string{"sim", "--rules", "6D DANY", "--strategy", "emcts", "--rounds", "100"}, `eMCTS does not play DANY or RESCUE`},
		{[]string{"chart", "--blackjack-pays", "H17,6:5"}, `--blackjack-pays "H17,6:5": want a ratio`},
		{[]string{"chart", "--blackjack-pays", " 6:5"}, `--blackjack-pays " 6:5": want a ratio`},
		{[]string{"--rules", "6D 2D"}, `"2D" at 3 contradicts "6D" at 0`},
		{[]string{"--rules", "-1D"}, `want 1D..100000D or INF`},
		{[]string{"--rules", strings.Repeat("X", 100000)}, `"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"... at 0`},
		{[]string{"plot", "--rules", "INF NS", "--metric", "surrender", "-o", "x.png"}, `--metric surrender: no cell of the tables asked for has a value under INF`},
		{[]string{"sim", "--rounds", "0"}, `--rounds "0": want a whole number of rounds`},
		{[]string{"sim", "--rounds", "lots"}, `--rounds "lots": want a whole number of rounds`},
		{[]string{"sim", "--penetration", "150%"}, `--penetration "150%": want a percentage above 0 and below 100`},
		{[]string{"sim", "--penetration", "0.75"}, `--penetration "0.75": want a percentage`},
		{[]string{"sim", "--csm", "--penetration", "80%"}, `--csm and --penetration`},
		{[]string{"sim", "--format", "csv"}, `--format "csv": want text or json`},
		{[]string{"sim", "--strategy", "nosuch"}, `"nosuch" is neither a chart name`},
		{[]string{"sim", "--players", "9"}, `--players 9: want 1 to 7`},
		{[]string{"sim", "--ramp", "0:1,2:4"}, `--ramp needs --count`},
		{[]string{"sim", "--count", "zen2"}, `--count "zen2": want a built-in count (hilo, hiopt1`},
		{[]string{"indices", "--count", "2=1,2=1"}, `--count "2=1,2=1": tag "2=1": rank 2 tagged twice`},
		{[]string{"indices", "--count", "zen", "--tags", "2=1"}, `--count and --tags both name the count; give one`},
		{[]string{"chart", "--count", "zen", "--tags", "2=1", "--tc", "1"}, `--count and --tags both name the count; give one`},
		{[]string{"indices", "--tags", "zen"}, `--tags "zen": want tags such as`},
		{[]string{"indices", "--tags", "2=1,T=11"}, `--tags "2=1,T=11": tag "T=11": want RANK=TAG`},
		{[]string{"sim", "--count", "hilo", "--ramp", "2:4,1:2"}, `counts must rise from step to step`},
		{[]string{"sim", "--count", "hilo", "--ramp", "2:-4"}, `want COUNT:BET with a count from -1000 to 1000 and a bet from 0 (sit out)`},
		{[]string{"chart", "--rules", "6D DECK=4-4-4-4-4-4-4-4-4"}, `want ten counts A-2-3-4-5-6-7-8-9-T`},
		{[]string{"chart", "--rules", "6D DECK=4-4-4-4-4-4-4-4-0-16"}, `want a count from 1 to 1000 of each rank`},
		{[]string{"chart", "--rules", "6D SPANISH DECK=4-4-4-4-4-4-4-4-4-18"}, `(deck given twice)`},
		{[]string{"sim", "--rules", "6D SPANISH", "--count", "hilo"}, `counts and their true counts are defined on 52-card decks`},
		{[]string{"indices", "--rules", "6D SPANISH"}, `counts and their true counts are defined on 52-card decks`},
		{[]string{"chart", "--rules", "6D 5CC 6C21=2:1"}, `a bonus for a 6-card 21 with 5CC: no hand gets past 5 cards`},
		{[]string{"chart", "--rules", "6D 3C21=3:2"}, `a bonus 21 of 3 cards: want 4 to 8`},
		{[]string{"chart", "--rules", "6D 5C21=3"}, `want a payout ratio such as 5C21=3:2`},
		{[]string{"chart", "--rules", "6D 5C21=3:2 5C21=2:1"}, `(bonus 5-card 21 given twice)`},
		{[]string{"chart", "--rules", "6D DHIT16=1.5"}, `"1.5": want a probability from 0 to 1`},
		{[]string{"chart", "--rules", "6D DHIT17=1"}, `want a probability above 0 and below 1`},
		{[]string{"chart", "--rules", "6D H17 DHIT17=0.2"}, `DHIT17 decides every 17, hard and soft; drop H17`},
		{[]string{"chart", "--rules", "6D 5CC 6CC"}, `"6CC" at 7 contradicts "5CC" at 3 (charlie given twice)`},
		{[]string{"emcts-check", "--c", "x"}, `--c "x": want constants of 0 or more`},
		{[]string{"emcts-check", "--playouts", "0"}, `--playouts 0: want 1 to 100,000,000`},
		{[]string{"serve", "--addr", "nonsense"}, `--addr "nonsense": want HOST:PORT`},
		{[]string{"emcts-check", "--tree", "forest"}, `--tree "forest": want actions or cards`},
		{[]string{"sim", "--strategy", "emcts", "--backup", "min"}, `--backup "min": want mean or max`},
		{[]string{"emcts-check", "--backup", "mean,max", "--plot", "x.png"}, `--plot draws one setting`},
		{[]string{"sim", "--shard", "5/3"}, `--shard "5/3": want i/n`},
		{[]string{"sim", "--strategy", "nonesuch"}, `"nonesuch" is neither a chart name`},
		{[]string{"sim", "--seat", "foo=1"}, `unknown key "foo"`},
		{[]string{"sim", "--count", "hilo", "--ramp", "0:1e308"}, `a bet from 0 (sit out) to 1e+06 units`},
		{[]string{"card", "--count", "bogus"}, `--count "bogus": want a built-in count`},
		{[]string{"plot", "--vs", "6D H18"}, `--vs "6D H18": unknown rule "H18"`},
		{[]string{"plot", "--format", "svg", "-o", "p.png"}, `--format svg and -o "p.png" disagree`},
		{[]string{"emcts-check", "--reward", "table8"}, `--reward "table8": want winlose, table7 or winlose,table7`},
		{[]string{"emcts-check", "--runs", "0"}, `--runs 0: want 1 to 1000`},
		{[]string{"emcts-check", "--c", "1,2", "--plot", "x.png"}, `--plot draws one setting: give one --c, --reward, --tree, --backup and --chance (got 2 settings)`},
		{[]string{"emcts-check", "--plot", "x.gif"}, `--plot "x.gif": unknown extension ".gif"`},
		{[]string{"emcts-check", "--decks", "inf"}, `emcts-check searches a finite shoe's unseen cards`},
		{[]string{"sim", "--preset", "itoh-2023-t13"}, `--preset "itoh-2023-t13": want itoh-2023-t8, -t9, -t10, -t11 or -t12`},
		{[]string{"sim", "--preset", "itoh-2023-t9", "--reward", "table7"}, `sets --reward itself`},
		{[]string{"sim", "--preset", "itoh-2023-t8", "--c", "2"}, `--c is a setting of the tree search`},
		{[]string{"sim", "--c", "2"}, `--c is a setting of the tree search: it needs --strategy emcts`},
		{[]string{"sim", "--strategy", "emcts", "--reward", "money"}, `--reward "money": want winlose or table7`},
		{[]string{"sim", "--strategy", "emcts", "--playouts", "0"}, `--playouts 0: want 1 to 100,000,000`},
		{[]string{"sim", "--strategy", "emcts", "--c", "-1"}, `--c -1: want a constant of 0 or more`},
		{[]string{"sim", "--strategy", "emcts", "--decks", "inf"}, `eMCTS samples the unseen cards of a finite shoe`},
		{[]string{"sim", "--strategy", "optimal", "--rules", "6D ENHC"}, `--strategy optimal plays finite shoes with a peek`},
		{[]string{"sim", "--strategy", "optimal", "--count", "hilo", "--indices", "published"}, `--indices with --strategy optimal: a strategy that decides by the cards it sees needs no index plays`},
		{[]string{"sim", "--count", "hilo", "--indices", "published", "--seat", "strategy=emcts"}, `(seat 1): indices with strategy emcts`},
		{[]string{"sim", "--preset", "itoh-2023-t8", "--decks", "2"}, `the paper has 1 or 4 players and 1 or 6 decks`},
		{[]string{"sim", "--preset", "itoh-2023-t8", "--count", "hilo"}, `sets --count itself`},
		{[]string{"sim", "--plot", "x.png"}, `--plot needs --count`},
		{[]string{"sim", "--bankroll", "100"}, `--bankroll needs --count`},
		{[]string{"sim", "--count", "hilo", "--plot", "x.gif"}, `--plot "x.gif": unknown extension ".gif"`},
		{[]string{"sim", "--insure-at", "3"}, `--insure-at needs --count`},
		{[]string{"sim", "--count", "hilo", "--insure-at", "NaN"}, `--insure-at "NaN": want a count`},
		{[]string{"sim", "--count", "hilo", "--ramp", "-100:0"}, `every bet is 0, so no round is ever played`},
		{[]string{"indices", "--count", "zen3"}, `--count "zen3": want a built-in count (hilo, hiopt1`},
		{[]string{"indices", "--set", "i20"}, `--set "i20": want i18, fab4, i18,fab4 or all`},
		{[]string{"indices", "--set", "all,i18"}, `all is every cell already`},
		{[]string{"indices", "--shoes", "5"}, `--shoes 5: want 50 to 100000`},
		{[]string{"indices", "--rules", "INF"}, `nothing to count`},
		{[]string{"indices", "--rules", "6D NS", "--set", "fab4"}, `needs late surrender`},
		{[]string{"sim", "--indices", "published"}, `--indices needs --count hilo`},
		{[]string{"sim", "--count", "hilo", "--indices", "nosuch.json"}, `--indices "nosuch.json": want published, computed or the JSON output`},
		{[]string{"sim", "--seat", "strategy=cd", "--seat", "luck=7"}, `--seat "luck=7" (seat 2): unknown key "luck"`},
		{[]string{"sim", "--seat", "ramp=0:1"}, `a ramp, indices or insurance needs --count`},
		{[]string{"sim", "--seat", "strategy=cd", "--players", "3"}, `--players 3 but --seat given 1 times`},
		{[]string{"chart", "--tc", "3"}, `--count goes with one of --tc and --rc`},
		{[]string{"chart", "--count", "hilo", "--tc", "3", "--rc", "4"}, `--count goes with one of --tc and --rc`},
		{[]string{"chart", "--count", "ko", "--tc", "3"}, `--tc with ko: an unbalanced count has no true count; give its running count with --rc`},
		{[]string{"chart", "--count", "ko", "--rc", "x"}, `--rc "x": want a running count`},
		{[]string{"chart", "--count", "hilo", "--tc", "99"}, `--tc "99": want a true count from -20 to +20`},
		{[]string{"chart", "--rules", "INF", "--count", "hilo", "--tc", "3"}, `--tc and --rc need full 52-card decks`},
		{[]string{"help", "nosuch"}, `unknown help topic "nosuch"`},
		{[]string{"help", "dealr"}, `did you mean dealer?`},
		{[]string{"chrt"}, `unknown command "chrt" for "bjchart"; did you mean card or chart or charts?`},
		{[]string{"diff", "thorp-1966-1deck", "--tie", "NaN"}, `--tie "NaN": want a finite, non-negative EV`},
		{[]string{"diff", "thorp-1966-1deck", "--tie", "Inf"}, `--tie "Inf": want a finite, non-negative EV`},
		{[]string{"hand"}, `takes a hand, e.g. T,6 v T; got 0 arguments`},
		{[]string{"rules", "6D", "H17"}, `takes at most one rule string (quote it: "6D H17"); got 2 arguments`},
		{[]string{"hand", "T,6"}, `want HAND v UP`},
		{[]string{"hand", "T,6 v X"}, `up card: unknown card "x"`},
		{[]string{"hand", "T,T,5 v 6"}, `25: the hand has busted`},
		{[]string{"hand", "16 v T", "--format", "csv"}, `--format "csv": want text or json`},
		{[]string{"hand", "A,A v 2", "--rules", "1D", "--shoe", "1,4,4,4,4,4,4,4,4,16"}, `cannot be dealt from this shoe`},
		{[]string{"chart", "--shoe", "1,2"}, `--shoe "1,2": 2 counts; want 10 (A,2,3,4,5,6,7,8,9,T)`},
		{[]string{"chart", "--shoe", "0,4,4,4,4,4,4,4,4,16"}, `0 cards of rank A; want at least 1 of each rank`},
		{[]string{"chart", "--split", "cdp9"}, `--split "cdp9": want cdz- or cdp1`},
		{[]string{"chart", "--rules", "INF", "--shoe", "4,4,4,4,4,4,4,4,4,16"}, `--shoe needs a finite deck count`},
		{[]string{"chart", "--rules", "INF", "--cd", "--format", "json"}, `--cd with --format json needs a finite deck count`},
		{[]string{"grid", "--decks-list", "1,x"}, `--decks-list: "x" is not a deck count`},
		{[]string{"grid", "--format", "yaml"}, `--format "yaml": want text, json or csv`},
		{[]string{"holdem", "AK"}, `hand "AK": say suited or offsuit: AKs or AKo`},
		{[]string{"holdem", "AsKs v AsQd"}, `the hands share cards`},
		{[]string{"holdem", "AKs", "--opponents", "12"}, `--opponents 12: want 1 to 9`},
		{[]string{"holdem", "--opponents", "3"}, `--opponents, --deals and --seed are for a HAND`},
		{[]string{"holdem", "AKs", "--format", "csv"}, `--format csv is the chart's`},
		{[]string{"holdem", "AKs", "--card", "x.pdf"}, `--card and --plot draw the whole chart`},
		{[]string{"holdem", "--card", "x.png"}, `a card is a PDF`},
		{[]string{"holdem", "--show", "odds"}, `--show "odds"`},
		{[]string{"holdem", "AKs", "--deals", "0"}, `--deals "0"`},
		{[]string{"risk", "--spread", "12-1"}, `--spread "12-1": want units smallest-largest`},
		{[]string{"risk", "--count", "ko", "--wong-out", "-30"}, `--wong-out "-30": want a running count from -25 to 25`},
		{[]string{"drill", "count", "--cards", "0"}, `--cards 0: want 1 to 311 (the shoe holds 312)`},
		{[]string{"drill", "count", "--speed", "0"}, `--speed 0: want cards a second from above 0 to 20`},
		{[]string{"drill", "count", "--format", "json"}, `--format json needs --answers`},
		{[]string{"drill", "count", "--rules", "INF"}, `an infinite deck has nothing to count`},
		{[]string{"drill", "count", "--count", "nope"}, `--count "nope"`},
		{[]string{"risk", "--rules", "INF"}, `nothing to count`},
		{[]string{"risk", "--ror", "0%"}, `--ror "0%"`},
		{[]string{"risk", "--chip", "1000"}, `chip 1000`},
		{[]string{"risk", "--wong-out", "x"}, `--wong-out "x"`},
		{[]string{"risk", "--format", "xml"}, `--format "xml"`},
		{[]string{"risk", "--play", "best"}, `--play "best": want chart or indices`},
		{[]string{"risk", "--play", "indices", "--count", "zen"}, `--play indices needs --count hilo`},
		{[]string{"card", "--ramp", "1:2"}, `--ramp needs --count`},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.args...)
		if code != exitUsage {
			t.Errorf("bjchart %q: exit %d, want %d", tt.args, code, exitUsage)
		}
		if out != "" {
			t.Errorf("bjchart %q wrote to stdout: %q", tt.args, out)
		}
		if !strings.Contains(errOut, tt.want) {
			t.Errorf("bjchart %.200q: stderr %.300q, want it to contain %q", tt.args, errOut, tt.want)
		}
		if len(errOut) > 400 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("bjchart %.200q: stderr is not one short line: %d bytes", tt.args, len(errOut))
		}
	}
}

func TestNoColorWhenPiped(t *testing.T) {
	_, out, _ := runCmd(t, "--rules", "INF")
	if strings.Contains(out, "\x1b[") {
		t.Error("colour escapes written to a non-terminal")
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"chart", "--help"}, {"rules", "--help"}} {
		code, out, _ := runCmd(t, args...)
		if code != exitOK || !strings.Contains(out, "Examples:") {
			t.Errorf("bjchart %q: exit %d, output without examples:\n%s", args, code, out)
		}
	}
}

func TestDiffExitCode(t *testing.T) {
	code, _, errOut := runCmd(t, "diff", "thorp-1966-1deck", "--rules", "1D S17", "--exit-code")
	if code != exitDiff {
		t.Errorf("Thorp v 1D S17 with --exit-code: exit %d, want %d (%s)", code, exitDiff, errOut)
	}
	code, _, errOut = runCmd(t, "diff", "wizard-1d-s17-das-ls", "--exit-code")
	if code != exitOK {
		t.Errorf("Wizard 1D S17 with --exit-code: exit %d, want 0 (%s)", code, errOut)
	}
}

func TestDiffChartFile(t *testing.T) {
	code, out, errOut := runCmd(t, "diff", "testdata/my-chart.txt", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var d render.JSONDiff
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Chart != "my-chart" || d.Beyond != 1 || d.Rules != "6D S17 DOA DAS SPL3 LS 3:2 PEEK" {
		t.Errorf("diff of testdata/my-chart.txt: chart %q, %d beyond ties, rules %q", d.Chart, d.Beyond, d.Rules)
	}
}

// TestPlot renders the README's heatmap with the README's command and
// compares it with the committed image by decoded pixels.
func TestPlot(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "heatmap.png")
	code, _, errOut := runCmd(t, "plot", "--rules", "6D H17 DAS LS", "--codes", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "readme-heatmap.png")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		a, errA := png.Decode(bytes.NewReader(got))
		b, errB := png.Decode(bytes.NewReader(want))
		if errA != nil || errB != nil {
			t.Fatalf("decoding: %v, %v", errA, errB)
		}
		if a.Bounds() != b.Bounds() {
			t.Fatalf("size %v, golden %v", a.Bounds(), b.Bounds())
		}
		if n, total := draw.PixelsOff(a, b, 8); n*1000 > total {
			t.Errorf("%d of %d pixels differ from %s", n, total, golden)
		}
	}
	for _, f := range []string{"x.svg", "x.pdf"} {
		code, _, errOut := runCmd(t, "plot", "--rules", "INF", "--table", "soft", "--metric", "margin", "-o", filepath.Join(dir, f))
		if code != exitOK {
			t.Errorf("plot -o %s: exit %d: %s", f, code, errOut)
		}
	}
	// Nothing is left behind: the two outputs, the PNG, and no temporary files.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files left in the output directory: %v", names)
	}
}

// TestPlotIndex draws a one-deck index heatmap, small, and checks it is a
// PNG whose title names the count.
func TestPlotIndex(t *testing.T) {
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	out := filepath.Join(t.TempDir(), "idx.svg")
	code, _, errOut := runCmd(t, "plot", "--metric", "index", "--count", "hilo", "--rules", "1D S17 DAS",
		"--shoes", "50", "--penetration", "60%", "--table", "hard", "--set", "i18", "-o", out) // the set all is TestIndicesAllCells's
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	svg, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(svg, []byte("hilo: index plays")) || !bytes.Contains(svg, []byte("index (true count)")) {
		t.Errorf("index heatmap: %v, %d bytes", err, len(svg))
	}
}

func TestPlotUnwritable(t *testing.T) {
	code, _, errOut := runCmd(t, "plot", "--rules", "INF", "-o", filepath.Join(t.TempDir(), "missing", "x.png"))
	if code != exitUsage || !strings.Contains(errOut, "does not exist; create it first") { // the path is the user's to change
		t.Errorf("unwritable output: exit %d, %q", code, errOut)
	}
}

func TestCard(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"card", "--rules", "INF H17 LS", "-o", filepath.Join(dir, "a.pdf")},
		{"card", "--rules", "INF", "--size", "wallet", "--paper", "a4", "--ev", "-o", filepath.Join(dir, "b.pdf")},
		{"card", "--rules", "1D S17", "--diff", "thorp-1966-1deck", "--date", "2026-11-21", "-o", filepath.Join(dir, "c.pdf")},
		{"card", "--rules", "1D S17 DAS", "--count", "hilo", "--shoes", "50", "--size", "wallet", "-o", filepath.Join(dir, "d.pdf")},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != exitOK || out != "" || !strings.HasPrefix(errOut, "wrote ") {
			t.Errorf("bjchart %v: exit %d, %q %q", args, code, out, errOut)
			continue
		}
		data, err := os.ReadFile(args[len(args)-1])
		if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
			t.Errorf("bjchart %v: not a PDF (%v)", args, err)
		}
	}
	// The default name derives from the rules, in the working directory.
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if code, _, errOut := runCmd(t, "card", "--rules", "INF S17"); code != exitOK {
		t.Fatalf("default name: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat("strategy-card-INF-S17-DOA-DAS-SPL3-NS-3-2-PEEK.pdf"); err != nil {
		t.Error(err)
	}
	code, _, errOut := runCmd(t, "card", "--rules", "INF", "-o", filepath.Join(dir, "no", "such", "dir", "x.pdf"))
	if code != exitUsage || !strings.Contains(errOut, "does not exist; create it first") { // the path is the user's to change
		t.Errorf("unwritable path: exit %d, %q", code, errOut)
	}
}

// TestGridJobsCapped runs grid with far more workers asked for than there
// is work: it must start no more than the work needs (this once took 3 GB).
func TestGridJobsCapped(t *testing.T) {
	code, out, stderr := runCmd(t, "grid", "--decks-list", "inf", "--jobs", "100000000", "--format", "csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden(t, "grid-inf.csv", out)
}

// TestVersion prints the version.
func TestVersion(t *testing.T) {
	code, out, _ := runCmd(t, "--version")
	if code != exitOK || !strings.HasPrefix(out, "bjchart "+version) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// TestCompletion checks that flag values and chart names complete.
func TestCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "plot", "--metric", ""}, "margin\n"},
		{[]string{"__complete", "plot", "--format", ""}, "svg\n"},
		{[]string{"__complete", "card", "--size", ""}, "wallet\n"},
		{[]string{"__complete", "chart", "--surrender", ""}, "late\n"},
		{[]string{"__complete", "hand", "--format", ""}, "json\n"},
		{[]string{"__complete", "diff", ""}, "thorp-1966-1deck\n"},
		{[]string{"__complete", "plot", "--against", ""}, "wizard-1d-s17-das-ls\n"},
	} {
		if _, out, _ := runCmd(t, tc.args...); !strings.Contains(out, tc.want) {
			t.Errorf("%q: completions %q, want %q among them", tc.args, out, tc.want)
		}
	}
}

// TestSim runs the simulator from the command line: a seed gives the same
// numbers twice, the figures hang together, and with a continuous
// shuffler the EV is within 4 SE of the exact one printed beside it.
func TestSim(t *testing.T) {
	args := []string{"sim", "--rules", "1D H17 DAS LS", "--csm", "--rounds", "2M", "--seed", "3", "--format", "json"}
	var runs [2]map[string]any
	for i := range runs {
		code, out, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if err := json.Unmarshal([]byte(out), &runs[i]); err != nil {
			t.Fatal(err)
		}
		delete(runs[i], "rounds_per_sec")
	}
	a, b := fmt.Sprint(runs[0]), fmt.Sprint(runs[1])
	if a != b {
		t.Errorf("one seed, two results:\n%s\n%s", a, b)
	}
	r := runs[0]
	num := func(k string) float64 { return r[k].(float64) }
	if num("rounds") != 2e6 || num("wins")+num("pushes")+num("losses") != 2e6 {
		t.Errorf("rounds %v, wins+pushes+losses %v", num("rounds"), num("wins")+num("pushes")+num("losses"))
	}
	if d := num("returned") - num("wagered") - num("ev")*num("rounds"); math.Abs(d) > 1e-6*num("wagered") {
		t.Errorf("returned - wagered differs from ev x rounds by %v", d)
	}
	if d := (num("ev") - num("exact_ev")) / num("se"); math.Abs(d) > 4 {
		t.Errorf("simulated EV %v is %.1f SE from the exact %v", num("ev"), d, num("exact_ev"))
	}
}

// TestSimPreset runs seed 001's table 8 set-up for one player and one
// deck at the paper's 5,000 rounds and checks the paper's figure is set
// beside the simulated one with its distance in standard errors.
func TestSimPreset(t *testing.T) {
	code, out, stderr := runCmd(t, "sim", "--preset", "itoh-2023-t8", "--players", "1", "--decks", "1", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Rules, Strategy string
		Rounds          int64
		Payout          float64 `json:"payout_ratio"`
		Reference       struct {
			PayoutRatio float64 `json:"payout_ratio"`
			SEsApart    float64 `json:"ses_apart"`
			SE          float64 `json:"se_at_paper_rounds"`
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Rules != "1D S17 DOA NDAS SPL1 LS 3:2 PEEK" || !strings.HasPrefix(r.Strategy, "itoh-2023-1to6deck (its 10 cells printed ?") || r.Rounds != 5000 || r.Reference.PayoutRatio != 1.0359 {
		t.Errorf("preset set up %+v", r)
	}
	if want := (r.Reference.PayoutRatio - r.Payout) / r.Reference.SE; math.Abs(r.Reference.SEsApart-want) > 1e-9 || r.Reference.SE < 0.005 || r.Reference.SE > 0.03 {
		t.Errorf("distance %v SE (SE %v), want %v", r.Reference.SEsApart, r.Reference.SE, want)
	}
}

// TestSimCount: a counted game reports the counter's figures and the
// breakdown by count, whose rounds add up, and draws it.
func TestSimCount(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "bycount.png")
	code, out, stderr := runCmd(t, "sim", "--rules", "6D S17 DAS LS", "--count", "hilo", "--ramp", "-100:1,2:2,3:4,4:8",
		"--rounds", "500k", "--penetration", "80%", "--bankroll", "500", "--plot", plot, "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Rounds  int64
		Counter struct {
			DI, Score  float64
			RiskOfRuin *float64 `json:"risk_of_ruin"`
		}
		ByCount []struct{ Rounds int64 } `json:"by_count"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	n := int64(0)
	for _, b := range r.ByCount {
		n += b.Rounds
	}
	if n != r.Rounds || r.Counter.RiskOfRuin == nil || math.Abs(r.Counter.Score-r.Counter.DI*r.Counter.DI) > 1e-6*r.Counter.Score {
		t.Errorf("by count %d of %d rounds; counter %+v", n, r.Rounds, r.Counter)
	}
	if data, err := os.ReadFile(plot); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("the plot: %v", err)
	}
}

// TestSimMerge splits a run into three parts and merges them: the merged
// sums are the parts' sums; a missing, repeated or foreign part is refused.
func TestSimMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	var rounds float64
	for i := 1; i <= 3; i++ {
		code, out, stderr := runCmd(t, "sim", "--rules", "1D S17", "--rounds", "100001", "--shard", fmt.Sprintf("%d/3", i), "--format", "json")
		if code != exitOK {
			t.Fatalf("part %d: exit %d: %s", i, code, stderr)
		}
		var part map[string]any
		json.Unmarshal([]byte(out), &part)
		rounds += part["rounds"].(float64)
		f := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
		os.WriteFile(f, []byte(out), 0o644)
		files = append(files, f)
	}
	code, out, stderr := runCmd(t, append([]string{"sim", "merge", "--format", "json"}, files...)...)
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	var merged map[string]any
	json.Unmarshal([]byte(out), &merged)
	if merged["rounds"].(float64) != 100001 || rounds != 100001 {
		t.Errorf("merged %v rounds of parts summing to %v, want 100001", merged["rounds"], rounds)
	}
	bad := [][]string{files[:2], {files[0], files[0], files[2]}}
	// A third part of another run: each option that defines the run.
	for i, opts := range [][]string{
		{"--rules", "1D H17", "--rounds", "100001"},
		{"--rules", "1D S17", "--rounds", "100002"},
		{"--rules", "1D S17", "--rounds", "100001", "--seed", "2"},
		{"--rules", "1D S17", "--rounds", "100001", "--penetration", "80%"},
		{"--rules", "1D S17", "--rounds", "100001", "--shoe", "4,4,4,4,4,4,4,4,4,16"},
	} {
		other := filepath.Join(dir, fmt.Sprintf("other%d.json", i))
		_, o, _ := runCmd(t, append(opts, "sim", "--shard", "3/3", "--format", "json")...)
		os.WriteFile(other, []byte(o), 0o644)
		bad = append(bad, []string{files[0], files[1], other})
	}
	// Damaged sums.
	for i, edit := range [][2]string{{`"Rounds": 33333`, `"Rounds": -33333`}, {`"Players": 1`, `"Players": -3`}, {`"Wagered": `, `"Wagered": 1e308, "x": `}} {
		data, _ := os.ReadFile(files[2])
		damaged := strings.Replace(string(data), edit[0], edit[1], 1)
		if damaged == string(data) {
			t.Fatalf("edit %q found nothing to change", edit[0])
		}
		f := filepath.Join(dir, fmt.Sprintf("damaged%d.json", i))
		os.WriteFile(f, []byte(damaged), 0o644)
		bad = append(bad, []string{files[0], files[1], f})
	}
	// A part relabelled to stand in for another (its sums counted twice),
	// and a header edited to another game: the seal refuses both.
	edited := func(name, from, to string, src int) string {
		data, _ := os.ReadFile(files[src])
		out := strings.Replace(string(data), from, to, 1)
		if out == string(data) {
			t.Fatalf("edit %q found nothing to change", from)
		}
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(out), 0o644)
		return f
	}
	relabelled := edited("fake2.json", `"shard": "1/3"`, `"shard": "2/3"`, 0)
	bad = append(bad, []string{files[0], relabelled, files[2]})
	for i := range files {
		other := edited(fmt.Sprintf("header%d.json", i), `"rules": "1D S17`, `"rules": "1D H17`, i)
		parts := append([]string{}, files...)
		parts[i] = other
		bad = append(bad, parts)
	}
	for _, b := range bad {
		if code, _, stderr := runCmd(t, append([]string{"sim", "merge"}, b...)...); code != exitUsage {
			t.Errorf("merge %v: exit %d (%s), want %d", b, code, stderr, exitUsage)
		}
	}
	if _, _, stderr := runCmd(t, "sim", "merge", files[0], relabelled, files[2]); !strings.Contains(stderr, "edited") {
		t.Errorf("merge with a relabelled part: %q, want it named as edited", stderr)
	}
	// A header edited to another game and sealed again (a forgery the seal
	// cannot see): the parts' headers must agree, as every merge checks.
	data, _ := os.ReadFile(files[2])
	part, _, _, err := simreport.ReadPart(data)
	if err != nil {
		t.Fatal(err)
	}
	part.Rules = "1D H17 DOA DAS SPL3 NS 3:2 PEEK"
	part.Seal = simreport.Seal(part)
	resealed := filepath.Join(dir, "resealed.json")
	out2, _ := json.Marshal(part)
	os.WriteFile(resealed, out2, 0o644)
	if code, _, stderr := runCmd(t, "sim", "merge", files[0], files[1], resealed); code != exitUsage || !strings.Contains(stderr, "not a part of the same run") {
		t.Errorf("merge with a resealed header: exit %d %q, want it refused as another run's", code, stderr)
	}
	// Two parts joined into one file are refused, not read as the first.
	a, _ := os.ReadFile(files[0])
	b, _ := os.ReadFile(files[1])
	joined := filepath.Join(dir, "joined.json")
	os.WriteFile(joined, append(a, b...), 0o644)
	if code, _, stderr := runCmd(t, "sim", "merge", joined, files[2]); code != exitUsage || !strings.Contains(stderr, "more than one JSON value") {
		t.Errorf("merge of two parts in one file: exit %d %q", code, stderr)
	}
}

// TestSimMergeInputs: a part made with a chart file differs from one made
// with the same path holding another chart, and a merge keeps the seats
// and a preset's paper comparison.
func TestSimMergeInputs(t *testing.T) {
	src, err := os.ReadFile("../../charts/data/wizard-4to8d-s17-das-ls.txt")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	os.WriteFile("c.txt", src, 0o644)
	part := func(i int, extra ...string) string {
		args := append([]string{"sim", "--rounds", "20000", "--shard", fmt.Sprintf("%d/2", i), "--format", "json", "--decks", "2"}, extra...) // two decks solve faster than the default six
		code, out, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		f := fmt.Sprintf("p%d-%d.json", i, len(extra))
		os.WriteFile(f, []byte(out), 0o644)
		return f
	}
	a := part(1, "--strategy", "c.txt")
	edited := strings.Replace(string(src), "\n", "\n# edited\n", 1)
	os.WriteFile("c.txt", []byte(edited), 0o644)
	b := part(2, "--strategy", "c.txt")
	if code, _, _ := runCmd(t, "sim", "merge", a, b); code != exitUsage {
		t.Errorf("parts with different chart files merged: exit %d", code)
	}
	seats := []string{"--players", "2", "--seat", "strategy=cd", "--seat", "strategy=solved"}
	code, out, stderr := runCmd(t, "sim", "merge", "--format", "json", part(1, seats...), part(2, seats...))
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	var merged struct {
		Seats []struct{ Rounds int64 } `json:"seats"`
	}
	json.Unmarshal([]byte(out), &merged)
	if len(merged.Seats) != 2 || merged.Seats[0].Rounds != 20000 {
		t.Errorf("merged seats %+v, want two of 20000 rounds", merged.Seats)
	}
	preset := []string{"--preset", "itoh-2023-t8", "--players", "1", "--decks", "1"}
	code, out, stderr = runCmd(t, "sim", "merge", part(1, preset...), part(2, preset...))
	if code != exitOK || !strings.Contains(out, "published payout ratio") {
		t.Errorf("merged preset: exit %d, no paper comparison: %s%s", code, out, stderr)
	}
}

// TestOneSplitUnchanged holds one-split games to the values bjchart gave
// before exact resplits (commit 143b0ef, recorded in
// testdata/before-exact-splits-*.json): without a resplit the exact
// method reduces to the old one. They agreed bit for bit until the dealer's
// contraction changed its order of summation (tens first); what may move
// now is rounding, well under 1e-13.
func TestOneSplitUnchanged(t *testing.T) {
	for _, rules := range []string{"2D S17 DAS SPL1", "1D H17 NDAS SPL1 LS ENHC"} {
		name := "testdata/before-exact-splits-" + strings.ToLower(strings.ReplaceAll(rules, " ", "-")) + ".json"
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		type hand struct {
			Cards, Up string
			EV        map[string]float64
		}
		var before, now struct {
			EV    float64            `json:"ev"`
			EVCD  map[string]float64 `json:"ev_cd"`
			Hands []hand             `json:"hands"`
		}
		if err := json.Unmarshal(data, &before); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCmd(t, "chart", "--rules", rules, "--cd", "--format", "json")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if err := json.Unmarshal([]byte(out), &now); err != nil {
			t.Fatal(err)
		}
		same := func(a, b map[string]float64) bool {
			if len(a) != len(b) {
				return false
			}
			for k, x := range a {
				if y, ok := b[k]; !ok || math.Abs(x-y) > 1e-13 {
					return false
				}
			}
			return true
		}
		if math.Abs(now.EV-before.EV) > 1e-13 || !same(now.EVCD, before.EVCD) || len(now.Hands) != len(before.Hands) {
			t.Fatalf("%s: ev %v, ev_cd %v, %d hands; before %v, %v, %d", rules, now.EV, now.EVCD, len(now.Hands), before.EV, before.EVCD, len(before.Hands))
		}
		for i, h := range now.Hands {
			if b := before.Hands[i]; h.Cards != b.Cards || h.Up != b.Up || !same(h.EV, b.EV) {
				t.Errorf("%s: %s v %s: %v, before %v", rules, h.Cards, h.Up, h.EV, b.EV)
			}
		}
	}
}

// TestIndices runs the indices command small and checks its JSON: every
// decision listed with an index, an SE and the rounded value.
func TestIndices(t *testing.T) {
	code, out, stderr := runCmd(t, "indices", "--rules", "2D S17 DAS LS", "--set", "i18,fab4", "--shoes", "60", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Conventions string
		Indices     []struct {
			Table, Hand string
			Index, SE   *float64
			Rounded     *int
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Indices) != 22 || !strings.Contains(r.Conventions, "at or above the index") {
		t.Fatalf("%d decisions; conventions %q", len(r.Indices), r.Conventions)
	}
	for _, x := range r.Indices {
		// Sixty shoes hold too few high counts for the splits at +5 (the
		// count tests solve them with more shoes): null there is fine.
		if (x.Index == nil) != (x.SE == nil) || (x.Index == nil) != (x.Rounded == nil) || x.Index == nil && x.Table != "pair" {
			t.Errorf("%s %s: index %v se %v rounded %v", x.Table, x.Hand, x.Index, x.SE, x.Rounded)
		}
	}
}

// TestIndicesAllCells runs every cell's indices small (one deck, 100
// shoes dealt to below 60%: the wiring, not the figures, which package
// count checks) and checks the text shows the charts and the list.
func TestIndicesAllCells(t *testing.T) {
	if !*long {
		t.Skip("solves the whole table on each shoe; -long runs it")
	}
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	code, out, stderr := runCmd(t, "indices", "--rules", "1D S17 DAS", "--set", "all", "--shoes", "100", "--penetration", "60%")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"\nhard\n", "\nsoft\n", "\npairs\n", "the play taken at or above it", "insurance"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestSimSeats gives two seats their own strategies and checks each is
// reported apart, its rounds those of the table.
func TestSimSeats(t *testing.T) {
	code, out, stderr := runCmd(t, "sim", "--rules", "2D S17 DAS", "--csm", "--rounds", "200k",
		"--seat", "strategy=solved", "--seat", "strategy=cd", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Rounds  int64
		Players int
		Seats   []struct {
			Seat   int
			Spec   string
			Rounds int64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Players != 2 || len(r.Seats) != 2 || r.Seats[1].Spec != "strategy=cd" || r.Seats[0].Rounds != r.Rounds || r.Seats[1].Rounds != r.Rounds {
		t.Errorf("seats %+v of %d rounds, %d players", r.Seats, r.Rounds, r.Players)
	}
}

// TestChartAtRunningCount solves the shoes KO's running counts leave half
// way through six decks (KO starts at -20 and drifts +12 over three
// decks, so -8 there is Hi-Lo's 0): 16 v T stands at +4 and hits at -16.
func TestChartAtRunningCount(t *testing.T) {
	for rc, want := range map[string]string{"+4": "S", "-16": "H"} {
		code, out, stderr := runCmd(t, "chart", "--rules", "6D S17 DAS", "--count", "ko", "--rc", rc, "--format", "json")
		var r render.JSONTable
		if code != exitOK || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("--rc %s: exit %d: %s", rc, code, stderr)
		}
		for _, c := range r.Cells {
			if c.Table == "hard" && c.Hand == "16" && c.Up == "T" && c.Action != want {
				t.Errorf("KO running count %s: 16 v T %s, want %s", rc, c.Action, want)
			}
		}
	}
	code, out, _ := runCmd(t, "chart", "--rules", "6D S17 DAS", "--count", "ko", "--rc", "+4")
	if code != exitOK || !strings.HasPrefix(strings.Join(strings.Fields(out), " "), "the shoe a ko running count of +4 typically leaves with 50% dealt (running count +4") {
		t.Errorf("header: %.200q", out)
	}
}

// TestChartAtTrueCount solves the shoe Hi-Lo +3 typically leaves: 16 v T
// stands there (its index is 0) and the header says what was solved.
func TestChartAtTrueCount(t *testing.T) {
	code, out, stderr := runCmd(t, "chart", "--rules", "6D S17 DAS", "--count", "hilo", "--tc", "+3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(out, "the shoe a hilo true count of +3 typically leaves") || !strings.Contains(out, "player edge") {
		t.Errorf("header: %.200q", out)
	}
	code, out, _ = runCmd(t, "chart", "--rules", "6D S17 DAS", "--count", "hilo", "--tc", "+3", "--format", "json")
	var r render.JSONTable
	if code != exitOK || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("exit %d", code)
	}
	for _, c := range r.Cells {
		if c.Table == "hard" && c.Hand == "16" && c.Up == "T" && c.Action != "S" {
			t.Errorf("16 v T at +3: %s, want S", c.Action)
		}
	}
}

// TestEMCTSCheck runs the check at a small budget on one deck: every
// two-card hand against every up card is decided, the summary agrees
// with the positions listed wrong, and the plot is drawn.
func TestEMCTSCheck(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "emcts.png")
	code, out, stderr := runCmd(t, "emcts-check", "--rules", "1D S17 DOA NDAS SPL1 LS", "--playouts", "400", "--runs", "1", "--plot", plot, "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Settings []struct {
			Positions, Right int
			Lost             float64 `json:"ev_lost_per_round"`
			Wrong            []struct {
				PerRound float64 `json:"ev_lost_per_round"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Settings) != 1 {
		t.Fatalf("%d settings", len(r.Settings))
	}
	s := r.Settings[0]
	sum := 0.0
	for _, w := range s.Wrong {
		sum += w.PerRound
	}
	if s.Positions < 500 || s.Right+len(s.Wrong) != s.Positions || math.Abs(sum-s.Lost) > 1e-12 || s.Lost <= 0 {
		t.Errorf("%d positions, %d right, %d wrong, lost %v (wrong ones sum to %v)", s.Positions, s.Right, len(s.Wrong), s.Lost, sum)
	}
	if fi, err := os.Stat(plot); err != nil || fi.Size() < 10000 {
		t.Errorf("plot: %v", err)
	}
}

// TestCustomShoeStated: every output dealt from --shoe names that shoe and
// no deck count, and marks the cells the shoe cannot deal (2,2 from a shoe
// of one 2) instead of giving them another hand's values.
func TestCustomShoeStated(t *testing.T) {
	const shoe = "4,1,4,4,4,4,4,4,4,16"
	for _, args := range [][]string{
		{"chart", "--format", "csv"},
		{"chart", "--format", "json"},
		{"chart"},
		{"hand", "T,6", "v", "T", "--format", "json"},
		{"hand", "T,6", "v", "T"},
		{"dealer", "--format", "csv"},
		{"sim", "--rounds", "2000"},
		{"sim", "--rounds", "2000", "--format", "json"},
	} {
		code, out, stderr := runCmd(t, append(args, "--shoe", shoe)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if !strings.Contains(out, shoe) || strings.Contains(out, "6D") {
			t.Errorf("%v --shoe %s: output names the shoe %v, a deck count %v", args, shoe, strings.Contains(out, shoe), strings.Contains(out, "6D"))
		}
	}
	_, out, _ := runCmd(t, "chart", "--shoe", shoe, "--format", "json")
	var tab struct {
		Cells []struct {
			Hand       string             `json:"hand"`
			Up         string             `json:"up"`
			EV         map[string]float64 `json:"ev"`
			Impossible bool               `json:"impossible"`
		} `json:"cells"`
	}
	json.Unmarshal([]byte(out), &tab)
	pairs := 0
	for _, c := range tab.Cells {
		// Only 2,2 (and hard 4, its total), and against a 2 (the shoe's one 2) hands that need a 2.
		if c.Impossible && (len(c.EV) > 0 || c.Hand != "22" && c.Hand != "4" && c.Up != "2") || c.Hand == "22" && !c.Impossible {
			t.Errorf("cell %s v %s: impossible %v, EVs %v", c.Hand, c.Up, c.Impossible, c.EV)
		}
		if c.Impossible && c.Hand == "22" {
			pairs++
		}
	}
	if pairs != 10 {
		t.Errorf("2,2 impossible against %d up cards, want 10", pairs)
	}
}

// TestPrintDateByTheDay: a card is dated by the day, so two runs a second
// (or hours) apart print the same bytes; SOURCE_DATE_EPOCH is held to the
// years 1970-9999.
func TestPrintDateByTheDay(t *testing.T) {
	at := func(epoch string) (time.Time, error) {
		return printDate(env{getenv: func(string) string { return epoch }}, "")
	}
	a, _ := at("1700000000") // 2023-11-14 22:13:20 UTC
	b, _ := at("1700003599")
	if !a.Equal(b) || a.Hour() != 0 || a.Minute() != 0 || a.Second() != 0 {
		t.Errorf("dates %v and %v: want the same day at midnight", a, b)
	}
	for _, bad := range []string{"-1", "253402300800", "1e9", "now"} {
		if _, err := at(bad); err == nil {
			t.Errorf("SOURCE_DATE_EPOCH=%s accepted", bad)
		}
	}
	if now, _ := printDate(env{getenv: func(string) string { return "" }}, ""); now.Hour() != 0 || now.Minute() != 0 {
		t.Errorf("today is %v: want no time of day", now)
	}
}

// TestPlotSaysWhatItShows: a heatmap's notes explain its codes, its grey
// cells and its conditioning; --against marks the play of three or more
// cards where only it differs (Thorp's 16 v T), --vs has a unit and no
// -0.000; SVG text names fallback fonts; a PDF is a letter page.
func TestPlotSaysWhatItShows(t *testing.T) {
	dir := t.TempDir()
	svg := func(args ...string) string {
		out := filepath.Join(dir, "p.svg")
		if code, _, stderr := runCmd(t, append(args, "-o", out)...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		data, _ := os.ReadFile(out)
		return string(data)
	}
	s := svg("plot", "--rules", "1D H17 DAS LS", "--codes")
	for _, want := range []string{"Codes: H hit", "Grey: no value", "conditioned on the dealer not having blackjack", "'Liberation Serif','Times New Roman',Times,serif"} {
		if !strings.Contains(s, want) {
			t.Errorf("plot --codes: no %q", want)
		}
	}
	if s := svg("plot", "--against", "thorp-1966-1deck"); !strings.Contains(s, "3+: H→S") {
		t.Error("plot --against thorp-1966-1deck: no three-card difference marked")
	}
	s = svg("plot", "--rules", "1D H17 DAS", "--vs", "1D S17 DAS")
	if strings.Contains(s, "-0.000<") || !strings.Contains(s, "EV difference (fraction of the initial bet)") {
		t.Error("plot --vs: a -0.000 label or no unit")
	}
	out := filepath.Join(dir, "p.pdf")
	runCmd(t, "plot", "-o", out)
	data, _ := os.ReadFile(out)
	if !bytes.Contains(data, []byte("/MediaBox [0 0 792.00 612.00]")) && !bytes.Contains(data, []byte("/MediaBox [0 0 792 612]")) {
		t.Errorf("plot PDF: not a letter landscape page: %q", regexp.MustCompile(`/MediaBox \[[^]]*\]`).Find(data))
	}
}

// TestOutputsFitTheWidth: off a terminal, text reports and help wrap their
// prose to 80 columns (tables and commands to copy excepted); they ran to
// 487 columns.
func TestOutputsFitTheWidth(t *testing.T) {
	t.Parallel() // in-process runs share no state; the tests that change directory run first
	for _, args := range [][]string{
		{}, {"--help"}, {"sim", "--help"}, {"house", "--help"}, {"rules"}, {"hand", "soft 17 v 2"},
		{"indices", "--rules", "1D", "--shoes", "50"}, {"diff", "thorp-1966-1deck"}, {"sim", "--rules", "1D", "--rounds", "20000", "--count", "hilo", "--ramp", "-100:1,2:4", "--bankroll", "1000"},
		{"dealer"}, {"house"},
	} {
		code, out, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for _, l := range strings.Split(out, "\n") {
			trimmed := strings.TrimSpace(l)
			if utf8.RuneCountInString(l) > 80 && !strings.ContainsAny(l, "│─") && !strings.HasPrefix(trimmed, "bjchart ") {
				t.Errorf("%v: a line of %d columns: %.100q", args, utf8.RuneCountInString(l), l)
			}
		}
	}
}

// failWriter fails every write, as /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorsFail: output that cannot be written fails the command
// (exit 1), help and version included (they exited 0).
func TestWriteErrorsFail(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"--version"}, {"rules"}, {"chart", "--rules", "INF"}} {
		var errb bytes.Buffer
		if code := run(args, failWriter{}, &errb, func(string) string { return "" }); code != exitError {
			t.Errorf("%v to a full disk: exit %d (%s), want %d", args, code, errb.String(), exitError)
		}
	}
}

// TestHints: a typo in a rule gets the token it is one edit from, and a
// pair written without its comma the way to write it.
func TestHints(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "6D H18"}, "(did you mean H17?)"},
		{[]string{"--rules", "6D S17 PEK"}, "(did you mean PEEK?)"},
		{[]string{"--rules", "6D SDA"}, "see 'bjchart rules'"},
		{[]string{"hand", "22", "v", "5"}, "(cards are separated by commas: 2,2)"},
	} {
		code, _, stderr := runCmd(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestDuplicatesRemoved: a deck count or an index set named twice is
// solved once.
func TestDuplicatesRemoved(t *testing.T) {
	_, once, _ := runCmd(t, "grid", "--decks-list", "inf", "--format", "csv")
	_, twice, _ := runCmd(t, "grid", "--decks-list", "inf,INF,inf", "--format", "csv")
	if once != twice {
		t.Errorf("grid --decks-list inf,INF,inf differs from inf:\n%s", twice)
	}
}

// TestHoldemFiles: the Hold'em card (page and wallet) and heatmap are the
// same bytes run after run for one --date, and a card is a PDF.
func TestHoldemFiles(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"holdem", "--card", "c.pdf", "--date", "2026-11-24"},
		{"holdem", "--card", "w.pdf", "--size", "wallet", "--paper", "a4", "--date", "2026-11-24"},
		{"holdem", "--plot", "p.svg"},
	} {
		var got [2]string
		for i := range got {
			out := filepath.Join(dir, fmt.Sprint(i, args[2]))
			a := slices.Clone(args)
			a[2] = out
			if code, _, stderr := runCmd(t, a...); code != exitOK {
				t.Fatalf("%v: exit %d: %s", a, code, stderr)
			}
			data, _ := os.ReadFile(out)
			got[i] = string(data)
		}
		if got[0] != got[1] || len(got[0]) < 1000 {
			t.Errorf("%v: %d and %d bytes, not the same", args, len(got[0]), len(got[1]))
		}
		if strings.HasSuffix(args[2], ".pdf") && !strings.HasPrefix(got[0], "%PDF") {
			t.Errorf("%v: not a PDF", args)
		}
	}
}

// TestDrillCount: the counting drill graded from answers: the exact
// running and true counts of each drill (from the library's deal) are
// all right, a running count one off is wrong, and a line that is not an
// answer is refused by its number.
func TestDrillCount(t *testing.T) {
	q := drill.DefaultCountRequest()
	q.Game, q.Drills, q.Seed = solve.Game{Rules: "2D"}, 4, 9
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	var answers strings.Builder
	drills, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range drills {
		running := d.Running
		if i == 3 {
			running++ // one off
		}
		fmt.Fprintf(&answers, "%+g %.2f\n", running, d.True)
	}
	var out, errb bytes.Buffer
	code := runIn([]string{"drill", "count", "--rules", "2D", "--drills", "4", "--seed", "9", "--answers", "-", "--format", "json"},
		strings.NewReader(answers.String()), &out, &errb, func(string) string { return "" })
	var rep struct {
		Drills []struct{ Right bool }
		Right  int
	}
	if err := json.Unmarshal(out.Bytes(), &rep); code != exitOK || err != nil || len(rep.Drills) != 4 || rep.Right != 3 || rep.Drills[3].Right {
		t.Fatalf("exit %d (%s), %v: %s", code, errb.String(), err, out.String())
	}
	out.Reset()
	errb.Reset()
	code = runIn([]string{"drill", "count", "--seed", "1", "--answers", "-"}, strings.NewReader("+1 0.2\nlots\n"), &out, &errb, func(string) string { return "" })
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errb.String(), `--answers -, line 2: "lots": the running count is a number`) {
		t.Errorf("bad answer: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// TestDrill: the drill asks and grades aloud, a line that is not a play
// asked again; with --answers it grades a file without asking, the same
// hands for the same seed, and refuses a bad line by its number.
func TestDrill(t *testing.T) {
	var out, errb bytes.Buffer
	code := runIn([]string{"drill", "--rules", "INF H17 DAS LS", "--hands", "3", "--seed", "4"}, strings.NewReader("h\nx\nS\nD\n"), &out, &errb, func(string) string { return "" })
	if code != exitOK || strings.Count(out.String(), "H S D P R?") != 4 || !strings.Contains(out.String(), `answer "x": want H, S, D, P or R`) ||
		!strings.Contains(out.String(), "of 3 right") {
		t.Errorf("asked: exit %d, stderr %q, stdout:\n%s", code, errb.String(), out.String())
	}
	out.Reset()
	code = runIn([]string{"drill", "--rules", "INF H17 DAS LS", "--hands", "3", "--seed", "4", "--answers", "-", "--format", "json"}, strings.NewReader("h\nS\nD\n"), &out, &errb, func(string) string { return "" })
	if code != exitOK {
		t.Fatalf("answers: exit %d: %s", code, errb.String())
	}
	golden(t, "drill-inf.json", out.String())
	out.Reset()
	errb.Reset()
	code = runIn([]string{"drill", "--hands", "3", "--seed", "1", "--answers", "-"}, strings.NewReader("H\nhold\n"), &out, &errb, func(string) string { return "" })
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errb.String(), `--answers -, line 2: answer "hold"`) {
		t.Errorf("bad answer: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// TestDrillMemory: a session asked aloud keeps its misses in the
// configuration directory, the next session brings them back (and says
// so), and --forget clears them; a scripted session touches none.
func TestDrillMemory(t *testing.T) {
	// The infinite deck: the game does not matter here, and it solves at once.
	home := t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	var out, errb bytes.Buffer
	if code := runIn([]string{"drill", "--rules", "INF", "--hands", "3", "--seed", "2"}, strings.NewReader("S\nS\nS\n"), &out, &errb, getenv); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	path := filepath.Join(home, ".config", "bjchart", "drill-missed.json")
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), " v ") {
		t.Fatalf("memory %s: %v %q", path, err, data)
	}
	out.Reset()
	runIn([]string{"drill", "--rules", "INF", "--hands", "1", "--seed", "5"}, strings.NewReader("S\n"), &out, &errb, getenv)
	if !strings.Contains(out.String(), "Bringing back the cells you missed: ") {
		t.Errorf("second session:\n%s", out.String())
	}
	out.Reset()
	runIn([]string{"drill", "--forget"}, strings.NewReader(""), &out, &errb, getenv)
	if _, err := os.Stat(path); err == nil || !strings.Contains(out.String(), "forgotten") {
		t.Errorf("--forget: %v, %q", err, out.String())
	}
	runIn([]string{"drill", "--rules", "INF", "--hands", "2", "--seed", "3", "--answers", "-"}, strings.NewReader("S\nS\n"), &out, &errb, getenv)
	if _, err := os.Stat(path); err == nil {
		t.Error("a scripted session kept its misses")
	}
}

// TestHandBlackjack: a blackjack's lookup says it is paid and stops: no
// chart cell with margins of zero that price nothing (JSON marks it
// no_decision).
func TestHandBlackjack(t *testing.T) {
	code, out, _ := runCmd(t, "hand", "A,T v 6", "--rules", "INF") // the game does not matter
	if code != exitOK || !strings.Contains(out, "blackjack: paid 3:2, no decision") || strings.Contains(out, "margin") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCmd(t, "hand", "A,T v 6", "--rules", "INF", "--format", "json")
	if code != exitOK || !strings.Contains(out, `"no_decision": true`) {
		t.Errorf("JSON: exit %d:\n%s", code, out)
	}
}

// TestDrillTable: a session at the table played aloud (a bet by Enter,
// advice asked, a split played out, a key that is not a move asked
// again) and the same moves as JSON (golden), the decisions priced; a
// move out of turn in --answers is refused by its line, nothing written.
func TestDrillTable(t *testing.T) {
	noEnv := func(string) string { return "" }
	var out, errb bytes.Buffer
	code := runIn([]string{"drill", "table", "--rules", "1D", "--seed", "27731"}, strings.NewReader("\np\na\nx\nh\ns\ns\nq\n"), &out, &errb, noEnv)
	for _, want := range []string{"Hand 2  3", "Exact for the cards left: double +0.2573 (best)", `"x": want bN (a bet)`,
		"hit on A,3 v 6 gave up 0.0960 of a bet", "Round 1: ", "1 round, net"} {
		if code != exitOK || !strings.Contains(out.String(), want) {
			t.Errorf("aloud: exit %d, stderr %q, want %q in:\n%s", code, errb.String(), want, out.String())
			break
		}
	}
	out.Reset()
	code = runIn([]string{"drill", "table", "--rules", "1D", "--seed", "27731", "--moves", "b p h s s", "--answers", "-", "--format", "json"}, strings.NewReader("b20\n"), &out, &errb, noEnv)
	if code != exitOK {
		t.Fatalf("json: exit %d: %s", code, errb.String())
	}
	golden(t, "drill-table-1d.json", out.String())
	out.Reset()
	errb.Reset()
	code = runIn([]string{"drill", "table", "--seed", "1", "--answers", "-"}, strings.NewReader("b10\nb10\n"), &out, &errb, noEnv)
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errb.String(), "--answers -, line 2: b10: the table waits for a play") {
		t.Errorf("bad move: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
