package drill

import (
	"context"
	"math"
	"strings"
	"testing"

	"bjchart/solve"
)

// start starts a session of n hands of a game.
func start(t *testing.T, rules, focus string, n int, seed uint64) *Session {
	t.Helper()
	q := DefaultRequest()
	q.Game, q.Focus, q.Hands, q.Seed = solve.Game{Rules: rules}, focus, n, seed
	s, err := startSession(q)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGradingEqualsTheSolver: for every two-card hand against every up
// card, each play's grade is the solver's own difference: the chart's
// play's EV less the answer's, from the two-card hand's exact values in a
// finite shoe (Table.Hands) and from its cell's in an infinite deck
// (Table.Cells), as 'chart --format json' gives them; a play the rules
// do not allow is refused, not priced.
func TestGradingEqualsTheSolver(t *testing.T) {
	for _, rules := range []string{"1D H17 DAS LS", "INF S17 NDAS"} {
		s := start(t, rules, "all", 1, 1)
		r := s.Rules
		tab, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for a := solve.Rank(1); a <= 10; a++ {
			for b := a; b <= 10; b++ {
				if a == 1 && b == 10 {
					continue // a blackjack: no decision
				}
				for _, up := range solve.UpCards {
					h, err := s.lookup([]solve.Rank{a, b}, up)
					if err != nil {
						t.Fatalf("%v,%v v %v: %v", a, b, up, err)
					}
					var chart solve.Action
					var ev [solve.Surrender + 1]float64
					var legal [solve.Surrender + 1]bool
					if r.Infinite() {
						c := tab.Cell(kind(a, b), row(a, b), up)
						ev, legal, chart = c.EV, c.Legal, c.Code.Best
						if !legal[chart] { // a double or split the cards do not allow: the code's fallback
							chart = c.Code.Fallback
						}
					} else {
						found := false
						for _, x := range tab.Hands {
							if x.Cards == [2]solve.Rank{a, b} && x.Up == up {
								ev, legal, chart, found = x.EV, x.Legal, x.Chart, true
							}
						}
						if !found {
							t.Fatalf("%v,%v v %v: not among the solver's hands", a, b, up)
						}
					}
					if h.Chart != chart {
						t.Errorf("%s %v: the drill's chart play %v, the solver's %v", rules, h, h.Chart, chart)
					}
					for ans := solve.Stand; ans <= solve.Surrender; ans++ {
						g := s.Grade(h, ans)
						switch {
						case !legal[ans]:
							if g.Allowed || !math.IsNaN(g.Cost) {
								t.Errorf("%s %v %v: not allowed, graded %+v", rules, h, ans, g)
							}
						case g.Cost != ev[chart]-ev[ans] || g.Correct != (ans == chart):
							t.Errorf("%s %v %v: cost %v, the solver's %v", rules, h, ans, g.Cost, ev[chart]-ev[ans])
						default:
							checked++
						}
					}
				}
			}
		}
		if checked < 1000 {
			t.Errorf("%s: %d grades checked", rules, checked)
		}
	}
}

func kind(a, b solve.Rank) solve.TableKind { k, _ := solve.CellOf([]solve.Rank{a, b}); return k }
func row(a, b solve.Rank) string           { _, r := solve.CellOf([]solve.Rank{a, b}); return r }

// TestDealingFrequencies: the hands dealt come at their real frequencies:
// over 100,000 hands of a two-deck game (dealt from a shoe to its cut
// card, the player's and the dealer's blackjacks dealt past), each
// cell's share of the decisions is within 3 standard errors of the
// solver's exact probability (Table.Hands' Freq, normalised), but for at
// most two of the 330 cells (at 3 SE about 0.9 are expected by chance)
// and none beyond 4.5 (this seed's worst is 4.2; four runs of 400,000
// hands each had their worst at 2.2 to 3.5 SE, no cell twice). The cut
// card's effect on the first cards is far below these errors.
func TestDealingFrequencies(t *testing.T) {
	const n = 100_000
	s := start(t, "2D S17 DAS", "all", n, 7)
	tab := s.table
	exact := map[string]float64{}
	total := 0.0
	for _, h := range tab.Hands {
		k, r := solve.CellOf(h.Cards[:])
		exact[k.String()+" "+r+" v "+h.Up.String()] += h.Freq
		total += h.Freq
	}
	dealt := map[string]int{}
	for {
		h, ok, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		dealt[h.Cell+" v "+h.Up.String()]++
	}
	beyond3, worst := 0, 0.0
	for cell, f := range exact {
		p := f / total
		se := math.Sqrt(p * (1 - p) / n)
		z := math.Abs(float64(dealt[cell])/n-p) / se
		worst = max(worst, z)
		if z > 3 {
			beyond3++
		}
	}
	for cell := range dealt {
		if _, ok := exact[cell]; !ok {
			t.Errorf("dealt %s, which the solver never decides", cell)
		}
	}
	if beyond3 > 2 || worst > 4.5 {
		t.Errorf("%d cells beyond 3 SE, the worst %.2f SE", beyond3, worst)
	}
	t.Logf("%d cells; %d beyond 3 SE; the worst %.2f SE", len(exact), beyond3, worst)
}

// TestFocus: a focused drill deals only its kind of hand, and the same
// seed deals the same hands.
func TestFocus(t *testing.T) {
	r, err := solve.ParseRules("6D H17 DAS LS")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Solve(r) // one solve for every session
	if err != nil {
		t.Fatal(err)
	}
	session := func(focus string) *Session {
		q := DefaultRequest()
		q.Game, q.Focus, q.Hands, q.Seed = solve.Game{Rules: tab.Rules.String()}, focus, 200, 3
		if focus == "missed" {
			q.Review = "hard 16 v T, pairs 88 v A"
		}
		s, err := session(q, tab)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, focus := range Focuses {
		s, again := session(focus), session(focus)
		for i := 0; ; i++ {
			h, ok, err := s.Next()
			h2, _, _ := again.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if i != 200 {
					t.Errorf("%s: %d hands dealt, want 200", focus, i)
				}
				break
			}
			if h.String() != h2.String() || h.Cell != h2.Cell {
				t.Fatalf("%s: hand %d is %v, then %v with the same seed", focus, i, h, h2)
			}
			ok = map[string]bool{"all": true, "hard": strings.HasPrefix(h.Cell, "hard"), "soft": strings.HasPrefix(h.Cell, "soft"),
				"pairs": strings.HasPrefix(h.Cell, "pairs"), "surrender": h.Chart == solve.Surrender, "close": s.wants(h),
				"missed": h.String() != "" && (h.Cell+" v "+h.Up.String() == "hard 16 v T" || h.Cell+" v "+h.Up.String() == "pairs 88 v A")}[focus]
			if !ok {
				t.Errorf("%s: dealt %v (%s, chart %v)", focus, h, h.Cell, h.Chart)
			}
		}
	}
}

// TestRefuses: bad requests and answers, in the program's words.
func TestRefuses(t *testing.T) {
	for _, q := range []Request{{Hands: 0, Focus: "all"}, {Hands: 10, Focus: "aces"}, {Game: solve.Game{Rules: "7Q"}, Hands: 1, Focus: "all"}} {
		if _, err := q.Check(); err == nil {
			t.Errorf("%+v: accepted", q)
		}
	}
	for _, a := range []string{"", "X", "hold"} {
		if _, err := ParseAnswer(a); err == nil {
			t.Errorf("answer %q: accepted", a)
		}
	}
	for in, want := range map[string]solve.Action{"h": solve.Hit, "S": solve.Stand, "double": solve.Double, " P ": solve.Split, "r": solve.Surrender} {
		if a, err := ParseAnswer(in); err != nil || a != want {
			t.Errorf("answer %q: %v %v, want %v", in, a, err, want)
		}
	}
}

// TestPlayedOnAfterAHit: a hand hit is played on: the next hand is the
// same cards and a card more against the same up card (or, at 21 or
// over, a new round, said in Ended), graded by the solver's values for
// those exact cards (Table.Compositions) in a finite shoe and by the
// cell's in an infinite deck, the chart's play there its play for hands
// of three or more cards.
func TestPlayedOnAfterAHit(t *testing.T) {
	for _, rules := range []string{"1D S17 DAS", "INF H17"} {
		s := start(t, rules, "all", 2000, 5)
		tab := s.table
		played, ended := 0, 0
		var hit *Hand
		for {
			h, ok, err := s.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if s.Ended != "" {
				ended++
			}
			if hit != nil && s.Ended == "" {
				if !h.Continued() || h.Up != hit.Up || len(h.Cards) != len(hit.Cards)+1 || h.String()[:len(hit.String())-4] != hit.String()[:len(hit.String())-4] {
					t.Fatalf("%s: hit %v, then %v", rules, hit, h)
				}
				played++
				var ev [solve.Surrender + 1]float64
				var chart solve.Action
				kind, row := solve.CellOf(h.Cards)
				cell := tab.Cell(kind, row, h.Up)
				if tab.Rules.Infinite() {
					ev, chart = cell.EV, cell.MultiCard
				} else {
					var counts [10]uint8
					for _, c := range h.Cards {
						counts[c-1]++
					}
					for _, c := range tab.Compositions {
						if c.Up == h.Up && c.Counts == counts {
							copy(ev[:], c.EV[:])
							chart = c.Chart
						}
					}
				}
				if h.Chart != chart || h.EV[solve.Stand] != ev[solve.Stand] || h.EV[solve.Hit] != ev[solve.Hit] {
					t.Fatalf("%s %v: chart %v, stand %v, hit %v; the solver's %v, %v, %v", rules, h, h.Chart, h.EV[solve.Stand], h.EV[solve.Hit], chart, ev[solve.Stand], ev[solve.Hit])
				}
			}
			hit = nil
			if tot, _ := total(h.Cards); tot <= 16 && h.Legal[solve.Hit] {
				s.Grade(h, solve.Hit)
				hit = &h
			} else {
				s.Grade(h, solve.Stand)
			}
		}
		if played < 200 || ended < 50 {
			t.Errorf("%s: %d hands played on, %d ended by the card drawn", rules, played, ended)
		}
	}
}

// TestSplitHandsPlayedOn: a pair answered P is played on hand by hand:
// the next hands are its split hands, each the pair card and a card
// drawn, with no surrender, a double only with DAS, the chart's play by
// the hard or soft row (split again while the rules allow, where the
// chart splits the pair; a pair it does not split, as its cell plays it), priced by
// the cards' own values but not per 100 rounds.
func TestSplitHandsPlayedOn(t *testing.T) {
	for _, rules := range []string{"2D S17 NDAS LS SPL3", "INF H17 DAS LS SPL1"} {
		s := start(t, rules, "pairs", 60, 3)
		splitHands := 0
		for {
			h, ok, err := s.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if !h.Split {
				s.Grade(h, solve.Split)
				continue
			}
			splitHands++
			if h.Cards[0] != h.Cards[1] && !strings.HasPrefix(h.Cell, "hard") && !strings.HasPrefix(h.Cell, "soft") {
				t.Errorf("%s %v: cell %s", rules, h, h.Cell)
			}
			if h.Legal[solve.Surrender] || h.Legal[solve.Double] && !s.Rules.DAS {
				t.Errorf("%s %v: legal %v", rules, h, h.Legal)
			}
			if h.Legal[solve.Split] {
				kind, row := solve.CellOf(h.Cards)
				splits := s.table.Cell(kind, row, h.Up).Code.Best == solve.Split
				if (h.Chart == solve.Split) != splits {
					t.Errorf("%s %v: a resplit allowed, the chart plays %v (its pair cell splits: %v)", rules, h, h.Chart, splits)
				}
			}
			g := s.Grade(h, solve.Stand)
			if !g.Correct && h.Chart != solve.Split && (math.IsNaN(g.Cost) || !math.IsNaN(g.Per100)) {
				t.Errorf("%s %v: stand graded %+v", rules, h, g)
			}
		}
		if splitHands < 20 {
			t.Errorf("%s: %d split hands dealt", rules, splitHands)
		}
	}
}

// TestFocusMissed deals only the cells missed before, and refuses to
// start without any.
func TestFocusMissed(t *testing.T) {
	q := DefaultRequest()
	q.Game, q.Focus, q.Hands, q.Review, q.Seed = solve.Game{Rules: "INF S17 DAS"}, "missed", 30, "hard 16 v T, soft A7 v 9", 1
	s, err := startSession(q)
	if err != nil {
		t.Fatal(err)
	}
	for {
		h, ok, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if c := h.Cell + " v " + h.Up.String(); c != "hard 16 v T" && c != "soft A7 v 9" {
			t.Errorf("dealt %s", c)
		}
		s.Grade(h, solve.Stand)
	}
	q.Review = ""
	if _, err := startSession(q); err == nil || !strings.Contains(err.Error(), "no cells missed before") {
		t.Errorf("no review: %v", err)
	}
}

// startSession checks a trainer request and starts its session.
func startSession(q Request) (*Session, error) {
	job, err := q.Check()
	if err != nil {
		return nil, err
	}
	return job.Run(context.Background(), nil)
}

// session checks a trainer request and starts its session on a table
// solved for it.
func session(q Request, t *solve.Table) (*Session, error) {
	job, err := q.Check()
	if err != nil {
		return nil, err
	}
	return job.Session(t)
}
