package draw

import (
	"bjchart/render"
	"bjchart/solve"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"
)

// pdfText extracts the text of every page with a Go PDF reader.
func pdfText(t testing.TB, data []byte) []string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for i := 1; i <= r.NumPage(); i++ {
		s, err := r.Page(i).GetPlainText(nil)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, s)
	}
	return pages
}

func tokens(page string) []string {
	var out []string
	for _, l := range strings.Split(page, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func card(t testing.TB, tab *solve.Table, opt render.CardOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Card(&buf, tab, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCardCells reads every cell of the printed card back out of the PDF
// and checks it against the solver's chart, collapsed rows included.
func TestCardCells(t *testing.T) {
	for _, rules := range []string{"INF S17 DAS NS", "INF H17 NDAS LS 6:5", "1D S17 DAS LS"} {
		tab := solved(t, rules)
		for _, size := range []string{"letter", "a4", "wallet"} {
			pages := pdfText(t, card(t, tab, render.CardOptions{Size: size, Version: "test"}))
			text := strings.Join(pages, "\n")
			tok := tokens(text)
			layout := render.NewCardLayout(tab, render.CardOptions{Size: size})
			for ki, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
				heading := strings.ToUpper(kind.String())
				if kind != solve.Pairs {
					heading += " TOTALS"
				}
				at := -1
				for i, x := range tok {
					if strings.HasPrefix(x, heading) {
						at = i
						break
					}
				}
				if at < 0 {
					t.Fatalf("%s %s: no %q heading", rules, size, heading)
				}
				i := at + 1
				for i < len(tok) && (tok[i] == "Dealer's up card" || tok[i] == "Hand" || tok[i] == tab.Rules.String()) { // axis labels; the wallet's rule line
					i++
				}
				for k, up := range solve.UpCards {
					if tok[i+k] != up.String() {
						t.Fatalf("%s %s %v: header %v, want up cards", rules, size, kind, tok[i:i+10])
					}
				}
				i += 10
				for _, row := range layout.Chart[ki] {
					if tok[i] != row.Label {
						t.Fatalf("%s %s %v: row label %q, want %q", rules, size, kind, tok[i], row.Label)
					}
					hands := labelHands(row.Label)
					for k, up := range solve.UpCards {
						for _, hand := range hands {
							c := tab.Cell(kind, hand, up)
							want := render.CardCode(tab.Rules, c.Code) // resolved for the rules (TestCardCodeResolved)
							if c.Marked() {
								want += "*"
							}
							if got := tok[i+1+k]; got != want {
								t.Errorf("%s %s: %v %s v %v printed %q, chart %q", rules, size, kind, hand, up, got, want)
							}
						}
					}
					i += 11
				}
			}
			if !strings.Contains(text, tab.Rules.String()) {
				t.Errorf("%s %s: rule line missing", rules, size)
			}
		}
	}
}

// TestCardGolden compares the text content of a card with EV and diff
// pages against its golden file, and checks that output is deterministic
// and that --date changes only the date.
func TestCardGolden(t *testing.T) {
	tab := solved(t, "INF H17 DAS LS")
	diff := &render.DiffPage{
		Title:   "Compared with a published chart",
		Summary: []string{"a summary line"},
		Marks:   map[render.CellKey]string{{Table: solve.Hard, Hand: "12", Up: 3}: "!S"},
		Header:  []string{"hand", "up", "published", "solution"},
		Rows:    [][]string{{"hard 12", "3", "S", "H"}},
	}
	opt := render.CardOptions{Size: "letter", Version: "test", EV: true, Diff: diff}
	a, b := card(t, tab, opt), card(t, tab, opt)
	if !bytes.Equal(a, b) {
		t.Error("the same card twice gives different bytes")
	}
	opt.Date = time.Date(2030, 6, 1, 0, 0, 0, 0, time.UTC)
	dated := card(t, tab, opt)
	if bytes.Equal(a, dated) || !strings.Contains(strings.Join(pdfText(t, dated), "\n"), "2030-06-01") {
		t.Error("--date does not change the card's date")
	}
	if !goldenText(t, "card-inf-h17.txt", strings.Join(pdfText(t, a), "\n--- page ---\n")) {
		return
	}
	if n := len(pdfText(t, a)); n != 6 {
		t.Errorf("%d pages, want 6 (card, three EV pages, dealer, diff)", n)
	}
	if err := Card(&bytes.Buffer{}, tab, render.CardOptions{Size: "poster"}); err == nil {
		t.Error("Card accepted size poster")
	}
}

// goldenText compares a card's text with testdata/name, or rewrites it
// under -update (and then reports false: nothing more to check).
func goldenText(t *testing.T, name, got string) bool {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return false
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update)", err)
	}
	if got != string(want) {
		t.Errorf("card text differs from %s (rerun with -update if intended)", golden)
	}
	return true
}

// BenchmarkCard measures rendering a letter card (solving excluded).
func BenchmarkCard(b *testing.B) {
	r, _ := solve.ParseRules("INF H17 DAS LS")
	tab, _ := solve.Solve(r)
	for _, size := range []string{"letter", "wallet"} {
		b.Run("size="+size, func(b *testing.B) {
			for b.Loop() {
				if err := Card(&bytes.Buffer{}, tab, render.CardOptions{Size: size, Version: "bench"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLegendCoversCodes checks that every code a chart prints has a line
// in the card's legend, on rule sets that print Pd, Ps and the R codes.
func TestLegendCoversCodes(t *testing.T) {
	for _, rules := range []string{"1D S17", "1D H17 DAS LS", "INF H17 LS", "2D H17 NDAS LS", "6D S17 ES"} {
		tab := solved(t, rules)
		known := map[string]bool{}
		for _, it := range render.NewCardLayout(tab, render.CardOptions{Size: "letter"}).Legend {
			known[it.Cell.Code] = true
		}
		for _, c := range tab.Cells {
			if code := render.CardCode(tab.Rules, c.Code); !known[code] {
				t.Errorf("%s: %s %s v %v prints %s, which the legend does not explain", rules, c.Table, c.Hand, c.Up, code)
			}
		}
	}
}

// TestWalletSeven: nothing on a wallet card, index cards included, is
// printed below 7 pt (every text run's font size read back from the
// PDF).
func TestWalletSeven(t *testing.T) {
	tab := solved(t, "1D S17 DAS LS")
	ip := &render.IndexPage{Title: "Index plays: hilo", Count: "true count", Insurance: "Insurance: take it at true count +3 or more",
		Marks: map[render.CellKey][]render.IndexMark{{Table: solve.Hard, Hand: "16", Up: 10}: {{Index: 0, Play: solve.Stand, Base: solve.Hit, NotSurrendering: true}}}}
	data := card(t, tab, render.CardOptions{Size: "wallet", Version: "test", Indices: ip})
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for i := 1; i <= r.NumPage(); i++ {
		for _, x := range r.Page(i).Content().Text {
			runs++
			if x.FontSize < 7-1e-9 {
				t.Errorf("page %d: %q at %.2f pt", i, x.S, x.FontSize)
			}
		}
	}
	if runs == 0 {
		t.Fatal("no text read back (the test's premise)")
	}
}

// TestWalletLegend checks that a wallet card explains its codes and its
// marks: the legend names every code it prints, and a * has its note.
func TestWalletLegend(t *testing.T) {
	tab := solved(t, "1D S17 DAS LS")
	text := strings.Join(pdfText(t, card(t, tab, render.CardOptions{Size: "wallet", Version: "test"})), " ")
	text = strings.Join(strings.Fields(text), " ")
	legend, _, _ := strings.Cut(text[strings.Index(text, "H hit;"):], ".")
	for _, c := range tab.Cells {
		// Codes are grouped: "Dh/Ds double, else hit/stand".
		code := render.CardCode(tab.Rules, c.Code)
		if !regexp.MustCompile(`(^|[ /])` + code + `[ /]`).MatchString(legend) {
			t.Errorf("the wallet legend does not explain %s", code)
		}
	}
	if len(render.NewCardLayout(tab, render.CardOptions{Size: "wallet"}).Multi) > 0 && !strings.Contains(text, "* Three or more cards:") {
		t.Error("a * on the wallet card has no note")
	}
}

// labelHands lists the totals a printed row stands for: "5-7", "18+" or one.
func labelHands(label string) []string {
	from, to := label, label
	if a, b, ok := strings.Cut(label, "-"); ok {
		from, to = a, b
	} else if a, ok := strings.CutSuffix(label, "+"); ok {
		from, to = a, "21"
	}
	lo, errLo := strconv.Atoi(from)
	hi, errHi := strconv.Atoi(to)
	if errLo != nil || errHi != nil {
		return []string{label}
	}
	var hands []string
	for n := lo; n <= hi; n++ {
		hands = append(hands, strconv.Itoa(n))
	}
	return hands
}

// TestIndexCard draws a counter's card from a small set of indices: the
// letter card's back page and the wallet's second card hold each cell's
// index nearest zero with its play's letter, the others on a second line,
// an integer the shoes do not settle marked ~ (named with its integers on
// the wallet's back), the insurance index and (letter) the list.
func TestIndexCard(t *testing.T) {
	tab := solved(t, "INF S17 DAS")
	published := 3.0 // 12 v 3's published index, where this card's is +2
	ip := &render.IndexPage{
		Title: "Index plays: hilo", Count: "true count",
		Insurance: "Insurance: take it at true count +3 or more",
		Notes:     []string{"a note on conventions"},
		Marks: map[render.CellKey][]render.IndexMark{
			{Table: solve.Hard, Hand: "16", Up: 10}: {{Index: 0, Play: solve.Stand, Base: solve.Hit}},
			{Table: solve.Hard, Hand: "12", Up: 3}:  {{Index: 2, Play: solve.Stand, Base: solve.Hit, Published: &published}},
			{Table: solve.Hard, Hand: "15", Up: 10}: {{Index: 4, Play: solve.Stand, Base: solve.Hit, NotSurrendering: true}},
			{Table: solve.Pairs, Hand: "44", Up: 4}: {{Index: 6, Play: solve.Double, Base: solve.Hit}, {Index: 2, Play: solve.Split, Base: solve.Hit}},
			{Table: solve.Hard, Hand: "10", Up: 1}:  {{Index: 4, Play: solve.Double, Base: solve.Hit, Unsettled: true, Between: [2]int{3, 4}}},
		},
		List:  []string{"16 v T: stand at +0 or more, else hit", "12 v 3: stand at +2 or more, else hit"},
		Multi: []string{"16 v 9 +4S"},
	}
	letter := pdfText(t, card(t, tab, render.CardOptions{Size: "letter", Version: "test", Indices: ip}))
	if len(letter) != 2 {
		t.Fatalf("letter: %d pages, want 2", len(letter))
	}
	for _, want := range []string{"+0S", "+2S*", "R+4S", "+2P", "+6D", "~+4D", "Insurance: take it at true count +3 or more.",
		"16 v T: stand at +0 or more, else hit", "a note on conventions"} {
		if !strings.Contains(letter[1], want) {
			t.Errorf("letter back: no %q in\n%s", want, letter[1])
		}
	}
	wallet := pdfText(t, card(t, tab, render.CardOptions{Size: "wallet", Version: "test", Indices: ip}))
	if len(wallet) != 8 {
		t.Fatalf("wallet: %d pages, want 8 (two chart cards and two index cards, both sides)", len(wallet))
	}
	if !strings.Contains(wallet[4], "+0S") || !strings.Contains(wallet[4], "+2S*") || !strings.Contains(wallet[4], "R+4S") || !strings.Contains(wallet[4], "~+4D") {
		t.Errorf("wallet index front:\n%s", wallet[4])
	}
	if !strings.Contains(wallet[6], "+2P") || !strings.Contains(wallet[6], "+6D") {
		t.Errorf("wallet pairs index front:\n%s", wallet[6])
	}
	notes := strings.Join(strings.Fields(wallet[7]), " ")
	for _, want := range []string{"Insurance: take it at true count +3 or more.",
		"Indices, three or more cards: 16 v 9 +4S.", "* Differs from the published index: 12 v 3 (published +3).",
		"~ These shoes do not settle the integer (its 95% interval rounds to more than one; another seed may print another): 10 v A (+3/+4).",
		"R+4S: surrender; a hand not surrendered (after a split, or of three or more cards): stand at +4 or more."} {
		if !strings.Contains(notes, want) {
			t.Errorf("wallet index notes: no %q in\n%s", want, notes)
		}
	}
}

// TestIndexListFitsTheBackPage: the I18 and Fab 4 with their crossings
// (24 entries, some wrapping) stay on the letter card's back page, so that
// the card prints duplex on one sheet.
func TestIndexListFitsTheBackPage(t *testing.T) {
	tab := solved(t, "INF S17 DAS LS")
	ip := &render.IndexPage{Title: "Index plays: hilo", Count: "true count", Marks: map[render.CellKey][]render.IndexMark{},
		Notes: []string{strings.Repeat("A long note on conventions and provenance. ", 12)}}
	for i := range 24 {
		ip.List = append(ip.List, fmt.Sprintf("1%d v T: stand at +%d or more, else hit (crossing +0.66, SE 0.18), if not surrendering", i%10, i%7))
	}
	pages := pdfText(t, card(t, tab, render.CardOptions{Size: "letter", Version: "test", Indices: ip}))
	if len(pages) != 2 {
		t.Errorf("letter: %d pages, want 2 (the list spilled overleaf)", len(pages))
	}
}
