package drill

import (
	"context"
	"math"
	"strings"
	"testing"

	"bjchart/solve"
	"bjchart/solve/count"
)

// TestCountDrills: each drill's running count is the cards' Hi-Lo tags
// summed by a count written out here, apart from the count package's
// table; its true count the running count per 52 cards left; the same
// seed deals the same cards, another seed others; KO starts at its
// initial count (4 - 4 x 6 = -20 at six decks) and has no true count.
func TestCountDrills(t *testing.T) {
	hilo := func(c solve.Rank) float64 {
		switch {
		case c >= 2 && c <= 6:
			return 1
		case c == 1 || c == 10:
			return -1
		}
		return 0
	}
	q := DefaultCountRequest()
	q.Game, q.Cards, q.Drills = solve.Game{Rules: "6D"}, 40, 20
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	drills := deal(t, job)
	again := deal(t, job)
	for i, d := range drills {
		rc := 0.0
		for _, c := range d.Cards {
			rc += hilo(c)
		}
		if len(d.Cards) != 40 || d.Left != 312-40 || d.Running != rc || math.Abs(d.True-rc*52/272) > 1e-12 {
			t.Errorf("drill %d: %d cards, %d left, running %+g (by hand %+g), true %+g", i, len(d.Cards), d.Left, d.Running, rc, d.True)
		}
		if CardList(d.Cards) != CardList(again[i].Cards) {
			t.Errorf("drill %d deals other cards the second time", i)
		}
	}
	q.Seed = 2
	other, _ := q.Check()
	if CardList(deal(t, other)[0].Cards) == CardList(drills[0].Cards) {
		t.Error("seed 2 deals seed 1's cards")
	}
	q.Count, q.Seed = "ko", 1
	ko, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range deal(t, ko) {
		rc := -20.0
		for _, c := range d.Cards {
			rc += hilo(c)
			if c == 7 {
				rc++ // KO tags sevens +1
			}
		}
		if d.Running != rc || !math.IsNaN(d.True) {
			t.Errorf("KO drill %d: running %+g (by hand %+g), true %v", i, d.Running, rc, d.True)
		}
	}
}

// TestCountGrade: a drill is right with the running count exact and the
// true count within half a point; wrong with either off or the true count
// missing for a balanced count; an unbalanced count needs no true count.
func TestCountGrade(t *testing.T) {
	d := CountDrill{Running: 4, Left: 104, True: 2}
	nan := math.NaN()
	for _, c := range []struct {
		a    CountAnswer
		want bool
	}{{CountAnswer{4, 2}, true}, {CountAnswer{4, 2.5}, true}, {CountAnswer{4, 2.6}, false}, {CountAnswer{3, 2}, false}, {CountAnswer{4, nan}, false}} {
		if g := d.Grade(c.a); g.Right != c.want {
			t.Errorf("%+v: right %v, want %v", c.a, g.Right, c.want)
		}
	}
	ko := CountDrill{Running: -3, Left: 100, True: nan}
	if !ko.Grade(CountAnswer{-3, nan}).Right || ko.Grade(CountAnswer{-2, nan}).Right {
		t.Error("an unbalanced count's drill is graded on its running count alone")
	}
	for _, bad := range []string{"", "x", "1 2 3", "+4 y", "1e9"} {
		if _, err := ParseCountAnswer(bad); err == nil {
			t.Errorf("%q read as an answer", bad)
		}
	}
	if a, err := ParseCountAnswer(" +4  1.5 "); err != nil || a.Running != 4 || a.True != 1.5 {
		t.Errorf("\" +4  1.5 \": %+v, %v", a, err)
	}
}

// FuzzParseCountAnswer: any line is an answer with finite counts or an
// error, never a panic.
func FuzzParseCountAnswer(f *testing.F) {
	for _, s := range []string{"+4 1.5", "-2", "x", "1 2 3", "NaN", "Inf 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseCountAnswer(s)
		if err == nil && (math.IsNaN(a.Running) || math.IsInf(a.Running, 0) || math.IsInf(a.True, 0)) {
			t.Fatalf("%q read as %+v", s, a)
		}
	})
}

// TestIndexDrillPlays: the play an index drill wants is the card's: at
// the index the index play, a point below the other (16 v T stands at 0
// and hits at -1; 12 v 4 stands at 0; insurance at +3, not at +2; 10 v T
// doubles at +4); with late surrender 15 v T surrenders at 0 and hits
// below, and 16 v T surrenders at any count (a two-card hand the chart
// surrenders; its stand index is for the hands not surrendered).
func TestIndexDrillPlays(t *testing.T) {
	solved := map[string]*solve.Table{}
	for _, c := range []struct {
		rules, hand string
		tc          int
		want        string
	}{
		{"6D S17 DAS", "16 v T", 0, "S"}, {"6D S17 DAS", "16 v T", -1, "H"},
		{"6D S17 DAS", "12 v 4", 0, "S"}, {"6D S17 DAS", "12 v 4", -1, "H"},
		{"6D S17 DAS", "insurance (ace up)", 3, "I"}, {"6D S17 DAS", "insurance (ace up)", 2, "N"},
		{"6D S17 DAS", "10 v T", 4, "D"}, {"6D S17 DAS", "10 v T", 3, "H"},
		{"6D S17 DAS", "T,T v 6", 4, "P"}, {"6D S17 DAS", "T,T v 6", 3, "S"},
		{"6D S17 DAS LS", "15 v T", 0, "R"}, {"6D S17 DAS LS", "15 v T", -1, "H"},
		{"6D S17 DAS LS", "16 v T", -3, "R"}, {"6D S17 DAS LS", "16 v T", 2, "R"},
	} {
		q := DefaultIndexRequest()
		q.Game = solve.Game{Rules: c.rules}
		job, err := q.Check()
		if err != nil {
			t.Fatal(err)
		}
		basic := solved[c.rules]
		if basic == nil {
			if basic, err = solve.Solve(job.Rules); err != nil {
				t.Fatal(err)
			}
			solved[c.rules] = basic
		}
		found := false
		for _, d := range job.Decisions {
			x := indexDrill(basic, job.Decisions, d, c.tc)
			if x.Hand != c.hand {
				continue
			}
			found = true
			if x.Want != c.want {
				t.Errorf("%s, %s at %+d: %s (%s), want %s", c.rules, c.hand, c.tc, x.Want, x.Play, c.want)
			}
		}
		if !found {
			t.Errorf("%s: no drill for %s", c.rules, c.hand)
		}
	}
}

// TestReviewBringsCellsBack: with a review of one cell (hard 16 v T) a
// session deals it about three times as often as without (the other
// hands are kept a third of the time): over 3,000 hands of each, the
// ratio of its shares is within 3 SE of p/(p + (1 - p)/3)/p. A review
// names cells as the faces keep them; a bad one is refused.
func TestReviewBringsCellsBack(t *testing.T) {
	share := func(review string) (float64, int) {
		q := DefaultRequest()
		q.Game, q.Hands, q.Seed, q.Review = solve.Game{Rules: "6D S17 DAS"}, 3000, 7, review
		s, err := startSession(q)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for range q.Hands {
			h, ok, err := s.Next()
			if err != nil || !ok {
				t.Fatal(err)
			}
			if h.Cell == "hard 16" && h.Up == 10 && len(h.Cards) == 2 {
				n++
			}
			s.Grade(h, h.Chart) // never hit: every hand is two cards
		}
		return float64(n) / float64(q.Hands), n
	}
	p0, _ := share("")
	p1, n1 := share("hard 16 v T")
	want := p0 / (p0 + (1-p0)*ReviewKeep)
	se := math.Sqrt(want * (1 - want) / 3000)
	t.Logf("hard 16 v T: %.4f of hands without a review, %.4f with it (%d), expected %.4f ± %.4f", p0, p1, n1, want, se)
	se0 := 3 * math.Sqrt(p0*(1-p0)/3000) // the expected share moves about three times the measured p0's error
	if math.Abs(p1-want) > 3*math.Hypot(se, se0) {
		t.Errorf("with a review: %.4f, want %.4f ± %.4f", p1, want, se)
	}
	for _, bad := range []string{"hard 16", "hard 16 v X", "tens 16 v T", "hard 16 against T"} {
		if _, err := ParseReview(bad); err == nil {
			t.Errorf("review %q read", bad)
		}
	}
}

// TestCountRequestRefuses: a counting drill's request refuses what it
// cannot show, in the program's words.
func TestCountRequestRefuses(t *testing.T) {
	for _, c := range []struct {
		edit func(*CountRequest)
		want string
	}{
		{func(q *CountRequest) { q.Speed = 0 }, "speed 0: want cards a second from above 0 to 20"},
		{func(q *CountRequest) { q.Speed = 25 }, "speed 25: want cards a second from above 0 to 20"},
		{func(q *CountRequest) { q.Drills = 0 }, "drills 0: want 1 to 1000"},
		{func(q *CountRequest) { q.Game.Rules = "INF" }, "an infinite deck has nothing to count"},
	} {
		q := DefaultCountRequest()
		c.edit(&q)
		if _, err := q.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", q, err, c.want)
		}
	}
}

// TestIndexKeyIsTheGames: on a game the published indices were not
// computed for (H17), the drill grades by the game's own, the run
// 'bjchart indices' makes with the same shoes, integer for integer: 11 v
// A doubles at a true count of 0, as this game's chart does (the
// published S17 index, +1, would say hit). On the game they were
// published for, the drill grades by them, and says so.
func TestIndexKeyIsTheGames(t *testing.T) {
	q := DefaultIndexRequest()
	q.Game, q.Shoes = solve.Game{Rules: "6D H17 DAS LS"}, 50
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	key, err := job.Key(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(key.Source, "own") {
		t.Errorf("H17: the key's source %q does not say it is the game's own", key.Source)
	}
	indices, err := count.IndicesRequest{Game: q.Game, Set: "i18,fab4", Shoes: 50, Penetration: 0.8, Seed: 1, Round: "nearest", CountAt: "decision"}.Check()
	if err != nil {
		t.Fatal(err)
	}
	run, err := indices.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for _, x := range run.Indices {
		if x.HasIndex() {
			want[decisionName(x.Decision)+" "+x.Play] = float64(run.Rounding.Round(x.Index))
		}
	}
	basic, err := solve.Solve(job.Rules)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range key.Decisions {
		name := decisionName(d) + " " + d.Play
		if w, ok := want[name]; ok && w != d.Published {
			t.Errorf("%s: the drill's index %+g, bjchart indices' %+g", name, d.Published, w)
		}
		if name == "11 v A double" {
			found = true
			if x := indexDrill(basic, key.Decisions, d, 0); x.Want != "D" {
				t.Errorf("H17, 11 v A at +0: the drill wants %s (%s), this game doubles (index %+g)", x.Want, x.Play, d.Published)
			}
		}
	}
	if !found {
		t.Errorf("H17: no 11 v A in the key %v", key.Decisions)
	}
	q.Game = solve.Game{Rules: "6D S17 DAS LS"}
	job, err = q.Check()
	if err != nil {
		t.Fatal(err)
	}
	if key, err = job.Key(context.Background(), nil); err != nil || !strings.Contains(key.Source, "published") || len(key.Decisions) != len(job.Decisions) || job.KeyShoes() != 0 {
		t.Errorf("6D S17 DAS LS: key %q (%d decisions), %v; want the published ones", key.Source, len(key.Decisions), err)
	}
}

// deal deals a count drill job's drills.
func deal(t *testing.T, job CountJob) []CountDrill {
	t.Helper()
	drills, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return drills
}
