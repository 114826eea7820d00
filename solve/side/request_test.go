package side

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"bjchart/solve/param"
)

// TestCheckErrors checks that a bad request names its field and says what
// is allowed, in one line.
func TestCheckErrors(t *testing.T) {
	tests := []struct {
		edit  func(q *Request)
		field string
		want  string
	}{
		{func(q *Request) { q.Bet = "keno" }, "bet", `bet "keno": want 21+3, perfect-pairs`},
		{func(q *Request) { q.Pays = "flush:9,nothing:3" }, "pays", `item 2: unknown 21+3 outcome "nothing"; want suited-trips, straight-flush`},
		{func(q *Request) { q.Pays = "flush:x" }, "pays", `flush pays "x"; want a number from 0 to 1000000`},
		{func(q *Request) { q.Pays = "v9" }, "pays", `no 21+3 table of that name; want 100-40-30-10-5, 9-to-1 or 100-35-33-10-5`},
		{func(q *Request) { q.Decks = 0 }, "decks", "decks 0: want 1 to 100"},
		{func(q *Request) { q.Shoe = "1,2,3" }, "shoe", "3 counts; want 10"},
		{func(q *Request) { q.Shoe = "25,24,24,24,24,24,24,24,24,96" }, "shoe", "25 cards of rank A; want 0 to 24 in 6 decks"},
		{func(q *Request) { q.Shoe = "0,0,0,0,0,0,0,0,1,1" }, "shoe", "shoe holds 2 cards; 21+3 deals 3"},
		{func(q *Request) { q.H17 = true }, "h17", "h17 is a rule of the dealer's draw, which only buster is settled on"},
		{func(q *Request) { q.Effects, q.Shoe = true, "20,24,24,24,24,24,24,24,24,96" }, "count", "worked out on the full shoe"},
	}
	for _, tt := range tests {
		q := DefaultRequest()
		tt.edit(&q)
		_, err := q.Check()
		pe, ok := err.(*param.Error)
		if !ok {
			t.Errorf("%+v: Check() = %v, want a *param.Error", q, err)
			continue
		}
		if msg := pe.Error(); pe.Name != tt.field || !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
			t.Errorf("%+v: Check() = %s (field %s), want field %s saying %q", q, msg, pe.Name, tt.field, tt.want)
		}
	}
}

// TestInvariants checks, for every bet and table on full, suited and
// rank-only shoes, that the lines' probabilities sum to 1, their deals to
// the shoe's, and their returns to the bet's.
func TestInvariants(t *testing.T) {
	suited := NewShoe(2)
	for c := range 30 {
		suited.Counts[(c*7)%NumKinds]--
	}
	suited, err := SuitedShoe(2, suited.Counts)
	if err != nil {
		t.Fatal(err)
	}
	rankOnly, err := RankShoe(6, [10]int{20, 22, 19, 24, 21, 23, 23, 20, 24, 80})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range Bets() {
		for _, tb := range b.Tables {
			for _, s := range []Shoe{NewShoe(6), suited, rankOnly} {
				r, err := Evaluate(b, tb, s, Rules{})
				if err != nil {
					t.Fatal(err)
				}
				p, ret := new(big.Rat), new(big.Rat)
				deals := new(big.Int)
				for _, l := range r.Lines {
					p.Add(p, l.Prob)
					ret.Add(ret, new(big.Rat).Mul(l.Prob, l.Pays))
					if l.Deals != nil {
						deals.Add(deals, l.Deals)
					}
				}
				if p.Cmp(big.NewRat(1, 1)) != 0 {
					t.Errorf("%s %s %s: probabilities sum to %v", b.Name, tb.Name, s, p)
				}
				if ret.Cmp(r.Return) != 0 {
					t.Errorf("%s %s %s: returns sum to %v, Return %v", b.Name, tb.Name, s, ret, r.Return)
				}
				if r.Deals != nil && deals.Cmp(r.Deals) != 0 {
					t.Errorf("%s %s %s: deals sum to %v of %v", b.Name, tb.Name, s, deals, r.Deals)
				}
			}
		}
	}
}

// TestBestPay checks that a hand making several outcomes is paid once,
// at the best pay its table lists: a suited 7-7-7 on a table that pays
// 21 more than 777 is paid as 21; on one that lists only 20, it loses.
func TestBestPay(t *testing.T) {
	b, _ := LookupBet("lucky-lucky")
	names := func(pays string) (string, string) {
		tb, err := ParseTable(b, pays)
		if err != nil {
			t.Fatal(err)
		}
		lines, _, lineOf := b.settlement(tb)
		h := []Card{NewCard(7, Hearts), NewCard(7, Hearts), NewCard(7, Hearts)}
		return lines[lineOf[b.classify(h)]], lines[lineOf[0]]
	}
	if got, _ := names("777:5,21:9"); got != "21" {
		t.Errorf("suited 7-7-7 on 777:5,21:9 paid as %s, want 21", got)
	}
	if got, _ := names("777:9,21:9,suited-21:9"); got != "777" {
		t.Errorf("suited 7-7-7 on equal pays paid as %s, want 777 (the outcome the bet ranks first)", got)
	}
	if got, loss := names("20:2"); got != LossOutcome || loss != LossOutcome {
		t.Errorf("suited 7-7-7 on 20:2 paid as %s, want %s", got, LossOutcome)
	}
}

// TestRun runs a request with its effects and checks the progress calls.
func TestRun(t *testing.T) {
	q := DefaultRequest()
	q.Bet, q.Effects = "lucky-lucky", true
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	var calls, last int64
	r, err := job.Run(context.Background(), func(done, total int64) { calls, last = done, total })
	if err != nil {
		t.Fatal(err)
	}
	if r.Effects == nil || calls != 11 || last != 11 {
		t.Errorf("effects %v, progress %d of %d; want effects and 11 of 11", r.Effects, calls, last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := job.Run(ctx, nil); err == nil {
		t.Errorf("Run with a cancelled context succeeded")
	}
}

// TestWriteList checks that the listing names every bet and table.
func TestWriteList(t *testing.T) {
	var sb strings.Builder
	if err := WriteList(&sb); err != nil {
		t.Fatal(err)
	}
	for _, b := range Bets() {
		for _, tb := range b.Tables {
			if !strings.Contains(sb.String(), "table "+tb.Name) {
				t.Errorf("listing lacks %s table %s", b.Name, tb.Name)
			}
		}
	}
}
