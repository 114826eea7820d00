package drill

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"bjchart/solve"
)

// playByChart plays rounds of a bet of one unit at t by the chart of
// chart (insurance declined) and returns the mean and SE of a round's
// result.
func playByChart(t *testing.T, tab *Table, chart *solve.Table, rounds int) (mean, se float64) {
	t.Helper()
	var sum, sq float64
	for range rounds {
		before := tab.Balance
		if err := tab.Do(Move{Bet: 1}); err != nil {
			t.Fatal(err)
		}
		for tab.Phase != Betting {
			var m Move
			switch tab.Phase {
			case Insuring:
				m = Move{Insure: -1}
			case Deciding:
				d, _ := tab.Pending()
				m = Move{Play: chartPlay(chart, d)}
			default:
				t.Fatalf("phase %v", tab.Phase)
			}
			if err := tab.Do(m); err != nil {
				t.Fatalf("%v: %v", m, err)
			}
		}
		x := tab.Balance - before
		if math.Abs(x-tab.Round.Net) > 1e-6 {
			t.Fatalf("the balance moved %v, the round's net is %v", x, tab.Round.Net)
		}
		sum += x
		sq += x * x
	}
	n := float64(rounds)
	mean = sum / n
	return mean, math.Sqrt((sq/n - mean*mean) / n)
}

// TestTablePaysTheChartsEV plays rounds at the table by the chart of an
// infinite deck (no cut-card effect) and holds the mean result within 3
// SE of the chart's exact EV: the table's dealing, plays, dealer and
// payouts against the solver, which shares none of their code. Rule
// sets cover the hole-card games, surrender, splits and the house
// variants.
func TestTablePaysTheChartsEV(t *testing.T) {
	rules := []string{
		"INF S17 DAS SPL3 LS",
		"INF H17 NDAS SPL1 ENHC ES 6:5",
		"INF S17 DAS RSA HSA OBO 5CC PUSH22",
		"INF H17 DAS DANY RESCUE P21WINS 5C21=3:2 DHIT16=0.5 TIESLOSE",
	}
	rounds := 200_000
	if !*long {
		rules, rounds = rules[:2], 100_000
	}
	for i, s := range rules {
		r, err := solve.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		chart, err := solve.Solve(r)
		if err != nil {
			t.Fatal(err)
		}
		q := DefaultTableRequest()
		q.Game.Rules, q.Seed, q.Balance = s, uint64(i+1), MaxBalance
		tab, err := sit(q)
		if err != nil {
			t.Fatal(err)
		}
		mean, se := playByChart(t, tab, chart, rounds)
		t.Logf("%s: %.5f ± %.5f a round, the chart's EV %.5f", s, mean, se, chart.EV)
		if z := (mean - chart.EV) / se; math.Abs(z) > 3 {
			t.Errorf("%s: the table pays %.5f ± %.5f a round, the chart's EV is %.5f (%.1f SE)", s, mean, se, chart.EV, z)
		}
	}
}

// TestTableCheckFailsOnABrokenModel: the same comparison finds a table
// that pays a blackjack 1:1 where the chart's EV has it at 3:2.
func TestTableCheckFailsOnABrokenModel(t *testing.T) {
	r, _ := solve.ParseRules("INF S17 DAS LS")
	chart, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	q := DefaultTableRequest()
	q.Game.Rules, q.Balance, q.Seed = "INF S17 DAS LS 1:1", MaxBalance, 1
	tab, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	mean, se := playByChart(t, tab, chart, 100_000)
	if z := (mean - chart.EV) / se; math.Abs(z) < 3 {
		t.Errorf("a blackjack paid 1:1: %.5f ± %.5f against %.5f, only %.1f SE", mean, se, chart.EV, z)
	}
}

// TestTableAdviceIsTheShoeLeft plays a one-deck game by the chart and,
// at every decision, checks the shoe the advice values it on against the
// cards seen since the shuffle (counted here from the rounds shown), and
// the advice's values (solve.HandValues and PairPlays, the per-shoe
// solver) against 'hand --shoe' on that shoe (the whole table solved),
// to 1e-9, wherever that takes the shoe (a card of every rank left).
func TestTableAdviceIsTheShoeLeft(t *testing.T) {
	q := DefaultTableRequest()
	q.Game.Rules, q.Seed = "1D S17 DAS LS", 7
	tab, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Rules
	chart, err := solve.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	full := r.FullShoe().Counts
	var seen [10]int
	shuffles, checked := 0, 0
	for range 12 {
		if err := tab.Do(Move{Bet: 10}); err != nil {
			t.Fatal(err)
		}
		if tab.Shuffles != shuffles {
			shuffles, seen = tab.Shuffles, [10]int{}
		}
		for tab.Phase != Betting {
			if tab.Phase == Insuring {
				if err := tab.Do(Move{Insure: -1}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			d, _ := tab.Pending()
			want := full
			for i := range want {
				want[i] -= seen[i]
			}
			rd := tab.Round
			for j, h := range rd.Hands { // the other hands' cards are seen
				if j != rd.At {
					for _, c := range h.Cards {
						want[c-1]--
					}
				}
			}
			if got := d.Shoe; got != (solve.Shoe{Counts: want}).String() {
				t.Fatalf("round %d, %s v %v: shoe %s, want %v", d.Round, CardList(d.Cards), d.Up, got, want)
			}
			var rc float64 // Hi-Lo over the cards seen: the rounds since the shuffle and this one's shown cards
			for i, n := range seen {
				rc += hiLoTag(i+1) * float64(n)
			}
			for _, h := range rd.Hands {
				for _, c := range h.Cards {
					rc += hiLoTag(int(c))
				}
			}
			for _, c := range rd.Dealer {
				rc += hiLoTag(int(c))
			}
			if got, _, _, ok := tab.HiLo(); !ok || got != rc {
				t.Fatalf("round %d: Hi-Lo running count %v, counted apart %v", d.Round, got, rc)
			}
			a, err := Advise(context.Background(), r, d, chart)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := solve.ParseShoe(d.Shoe); err == nil { // 'hand --shoe' takes it: the same values
				job, err := d.HandRequest(r).Check()
				if err != nil {
					t.Fatal(err)
				}
				res, err := job.Run(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				l := res.Lookup
				for act := solve.Stand; act <= solve.Surrender; act++ {
					if !a.Valued[act] {
						continue
					}
					if !l.Legal[act] || math.Abs(l.EV[act]-a.EV[act]) > 1e-9 {
						t.Errorf("%s v %v on %s, %v: advice %.12f, hand --shoe %.12f (legal %v)", CardList(d.Cards), d.Up, d.Shoe, act, a.EV[act], l.EV[act], l.Legal[act])
					}
					checked++
				}
			}
			if err := tab.Do(Move{Play: a.Chart}); err != nil {
				t.Fatal(err)
			}
		}
		for _, h := range tab.Round.Hands {
			for _, c := range h.Cards {
				seen[c-1]++
			}
		}
		for _, c := range tab.Round.Dealer {
			seen[c-1]++
		}
	}
	if checked < 10 {
		t.Errorf("checked %d values", checked)
	}
	tab.Price(func(d Decision) (Advice, bool) {
		a, err := Advise(context.Background(), r, d, chart)
		return a, err == nil
	})
	s := tab.Summary()
	if s.Priced != s.Decisions || s.Decisions == 0 {
		t.Errorf("%d of %d decisions priced", s.Priced, s.Decisions)
	}
	if s.GivenUp < 0 {
		t.Errorf("the chart's plays gave up %v against the best", s.GivenUp)
	}
}

// hiLoTag is Hi-Lo's tag of a rank, written out apart from the count
// table: 2-6 +1, 7-9 0, tens and aces -1.
func hiLoTag(rank int) float64 {
	switch {
	case rank >= 2 && rank <= 6:
		return 1
	case rank >= 7 && rank <= 9:
		return 0
	}
	return -1
}

// TestTableReplays: the moves a session made, passed as the request's,
// deal the same table again (the page's way), and a move out of turn is
// refused with what the table takes.
func TestTableReplays(t *testing.T) {
	q := DefaultTableRequest()
	q.Game.Rules, q.Seed = "2D H17 DAS LS", 1 // the moves replay on this seed's shoe
	tab, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	chart, err := solve.Solve(tab.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for range 30 {
		var m Move
		switch tab.Phase {
		case Betting:
			m = Move{Bet: 5}
		case Insuring:
			m = Move{Insure: 1}
		case Deciding:
			d, _ := tab.Pending()
			m = Move{Play: chartPlay(chart, d)}
		}
		if err := tab.Do(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m.String())
	}
	q.Moves = strings.Join(moves, " ")
	again, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	if again.Balance != tab.Balance || again.Rounds != tab.Rounds || len(again.Decisions) != len(tab.Decisions) || again.Phase != tab.Phase {
		t.Errorf("replayed: balance %v, %d rounds, %d decisions; played: %v, %d, %d", again.Balance, again.Rounds, len(again.Decisions), tab.Balance, tab.Rounds, len(tab.Decisions))
	}
	for _, c := range []struct{ moves, want string }{
		{"h", "waits for a bet"},
		{"b2000", "a bet of 2000: the balance is 1000"},
		{"b10 b10", ""}, // refused unless the round ended at once
		{"x", `"x": want bN (a bet), H, S, D, P, R, I, N, kR/T (a count check's answer) or +BET:N (a side bet)`},
		{"+21+3:0", "want +BET:N, N a whole number"},
		{"+poker", `side bet "+poker"`},
		{"+21+3:5 +21+3:5", "21+3 is placed already"},
		{"+21+3:1000", "must keep a unit for the main bet"},
		{"b0", "want a whole number of units"},
	} {
		q.Moves = c.moves
		_, err := sit(q)
		if c.want == "" {
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("moves %q: %v, want %q", c.moves, err, c.want)
		}
	}
}

// FuzzParseMoves: any text parses or is refused without a panic, and
// what parses writes back to moves that parse the same.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"b10 h s", "b.i.p.d.s", "B25,N,R", "b1e3", "b0", "hsdpr", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseMoves(s)
		if err != nil {
			return
		}
		var w []string
		for _, m := range ms {
			w = append(w, m.String())
		}
		again, err := ParseMoves(strings.Join(w, " "))
		if err != nil || len(again) != len(ms) {
			t.Fatalf("%q wrote %q: %v", s, w, err)
		}
		for i := range ms {
			if again[i] != ms[i] {
				t.Fatalf("%q: move %d %v, again %v", s, i, ms[i], again[i])
			}
		}
	})
}

// TestInsuranceAdvised: insurance against an ace is valued from the cards
// not seen, as the casino names it (even money on a blackjack), and
// priced as it is made. Six decks, 5,9 v A: 96 tens among the 309 cards
// not seen, the insurance bet worth half of 3p - 1; one deck, A,T v A: 15
// tens among 49, even money 1 against 1.5 (1 - p) declined.
func TestInsuranceAdvised(t *testing.T) {
	sit := func(rules string, seed uint64, moves string) *Table {
		t.Helper()
		q := DefaultTableRequest()
		q.Game, q.Seed, q.Moves = solve.Game{Rules: rules}, seed, moves
		tab, err := sit(q)
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	tab := sit("6D S17 DAS", 663, "b10")
	a, ok := tab.Insurance()
	p := 96.0 / 309
	if !ok || a.EvenMoney || a.Tens != 96 || a.Unseen != 309 || math.Abs(a.Take-0.5*(3*p-1)) > 1e-15 || a.Decline != 0 || a.Best() {
		t.Errorf("6D, 5,9 v A: %+v, %v; want 96 of 309 tens, insurance %+.6f, declined 0", a, ok, 0.5*(3*p-1))
	}
	tab = sit("6D S17 DAS", 663, "b10 i")
	d := tab.Decisions[len(tab.Decisions)-1]
	if !d.Insurance || !d.Insured || d.InsureBest || !d.Priced || math.Abs(d.Cost-0.5*(1-3*p)) > 1e-15 {
		t.Errorf("6D, insured 5,9 v A: %+v; want priced, giving up %.6f", d, 0.5*(1-3*p))
	}
	if s := tab.Summary(); s.Priced != 1 || s.Decisions != 1 || s.Mistakes != 1 {
		t.Errorf("summary %+v: want the insurance priced, a mistake", s)
	}
	tab = sit("1D S17 DAS", 693, "b10")
	a, _ = tab.Insurance()
	p = 15.0 / 49
	if !a.EvenMoney || a.Tens != 15 || a.Unseen != 49 || a.Take != p+(1-p)*1.0 || math.Abs(a.Decline-1.5*(1-p)) > 1e-15 || a.Best() {
		t.Errorf("1D, A,T v A: %+v; want even money 1 against %.6f declined", a, 1.5*(1-p))
	}
	if _, ok := sit("1D S17 DAS", 693, "b10 n").Insurance(); ok {
		t.Errorf("insurance advised after it was answered")
	}
}

// TestCountChecks: a table with count checks asks one round in
// CountCheckEvery and at every shuffle, graded against the Hi-Lo count of
// the cards seen since the shuffle (counted here from the rounds shown);
// asking deals no other card than the table without checks.
func TestCountChecks(t *testing.T) {
	q := DefaultTableRequest()
	q.Game.Rules, q.Seed, q.CountChecks = "1D S17 DAS", 3, true
	tab, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	q.CountChecks = false
	plain, err := sit(q)
	if err != nil {
		t.Fatal(err)
	}
	hilo := map[solve.Rank]float64{1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 10: -1}
	// counted is the count of the cards shown since the last shuffle.
	counted := func() (running, trueCount float64) {
		seen := 0
		for i := len(tab.Played) - 1; i >= 0; i-- {
			rd := tab.Played[i]
			cards := append([]solve.Rank{}, rd.Dealer...)
			for _, h := range rd.Hands {
				cards = append(cards, h.Cards...)
			}
			for _, c := range cards {
				running += hilo[c]
				seen++
			}
			if slices.ContainsFunc(rd.Notes, func(n string) bool { return strings.Contains(n, "shuffled") }) {
				break
			}
		}
		return running, running / (float64(52-seen) / 52) // the burn card unseen
	}
	asked, wrongGiven := 0, false
	for tab.Rounds < 60 {
		var m Move
		switch tab.Phase {
		case Betting:
			m = Move{Bet: 10}
		case Insuring:
			m = Move{Insure: -1}
		case Deciding:
			m = Move{Play: solve.Stand}
		case Counting:
			asked++
			rc, tc := counted()
			a := CountAnswer{Running: rc, True: tc + 0.3}
			if !wrongGiven {
				a.Running++ // one answer off by one
			}
			if err := tab.Do(Move{Count: &a}); err != nil {
				t.Fatal(err)
			}
			if c := tab.CountChecks[len(tab.CountChecks)-1]; c.Right == !wrongGiven || c.Running != rc || math.Abs(c.True-tc) > 1e-12 {
				t.Errorf("check %d: %+v; the count of the cards shown %+g, %+.4f", asked, c, rc, tc)
			}
			wrongGiven = true
			continue
		default:
			t.Fatalf("phase %v", tab.Phase)
		}
		if err := tab.Do(m); err != nil {
			t.Fatal(err)
		}
		if err := plain.Do(m); err != nil {
			t.Fatal(err)
		}
	}
	if asked < 60/CountCheckEvery/2 || tab.Shuffles == 0 {
		t.Errorf("%d count checks in 60 rounds and %d shuffles", asked, tab.Shuffles)
	}
	atShuffle := 0
	for _, c := range tab.CountChecks {
		if c.Shuffle {
			atShuffle++
		}
	}
	if atShuffle < tab.Shuffles {
		t.Errorf("%d checks at a shuffle, %d shuffles", atShuffle, tab.Shuffles)
	}
	if plain.Balance != tab.Balance || plain.Rounds != tab.Rounds {
		t.Errorf("the table with checks dealt other cards: balance %v against %v", tab.Balance, plain.Balance)
	}
}

// sit checks a table request and sits down at its table.
func sit(q TableRequest) (*Table, error) {
	job, err := q.Check()
	if err != nil {
		return nil, err
	}
	return job.Run(context.Background(), nil)
}
