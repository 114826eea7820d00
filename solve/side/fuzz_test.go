package side

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseTable checks that ParseTable never panics, keeps its errors to
// one short line, and reads back what String writes of a table it
// accepts, for every bet.
func FuzzParseTable(f *testing.F) {
	for _, s := range []string{
		"suited-trips:100,straight-flush:40,trips:30,straight:10,flush:5", // 21+3's default, written out
		"9-to-1", // a table by name
		"perfect-pair:25, coloured-pair:12 ,mixed-pair:6", // spaces around items
		"royal-match:25,easy-match:2.5",                   // a decimal pay
		"easy-match:5/2",                                  // a fraction
		"over-13:1,over-13:2",                             // an outcome twice
		"flush:-1",                                        // a negative pay
		"flush:1e9",                                       // an exponent
		"flush:3/0",                                       // a zero denominator
		"nothing:1",                                       // an unknown outcome
		":",                                               // an empty item
		"flush:1,,trips:2",                                // an empty item between two
		"20:2,19:0",                                       // a pay of 0: the bet back
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, b := range Bets() {
			tb, err := ParseTable(b, s)
			if err != nil {
				if msg := err.Error(); len(msg) > 600 || strings.Contains(msg, "\n") {
					t.Errorf("%s %q: error not one short line: %q", b.Name, s, msg)
				}
				continue
			}
			for _, p := range tb.Pays {
				if p.Pays.Sign() < 0 || p.Pays.Cmp(bigInt(MaxPays)) > 0 {
					t.Errorf("%s %q: %s pays %v", b.Name, s, p.Outcome, p.Pays)
				}
			}
			back, err := ParseTable(b, tb.String())
			if err != nil || back.String() != tb.String() || len(back.Pays) != len(tb.Pays) {
				t.Errorf("%s %q: String %q reads back as %q, %v", b.Name, s, tb.String(), back.String(), err)
				continue
			}
			for i := range back.Pays {
				if back.Pays[i].Pays.Cmp(tb.Pays[i].Pays) != 0 {
					t.Errorf("%s %q: %s pays %v, back %v", b.Name, s, tb.Pays[i].Outcome, tb.Pays[i].Pays, back.Pays[i].Pays)
				}
			}
		}
	})
}

// FuzzParseShoe checks that ParseShoe never panics, keeps its errors to
// one line, and reads back what String writes of a shoe it accepts.
func FuzzParseShoe(f *testing.F) {
	for _, s := range []string{
		"",                              // the full shoe
		"24,24,24,24,24,24,24,24,24,96", // six decks by rank: the full shoe
		"20,22,19,24,21,23,23,20,24,80", // depleted, by rank
		"25,24,24,24,24,24,24,24,24,96", // more aces than six decks hold
		"1,2",                           // too few counts
		strings.Repeat("6,", 51) + "5",  // 52 counts
		strings.Repeat("6,", 51) + "7",  // a kind over six decks
		"-1,24,24,24,24,24,24,24,24,96", // a negative count
	} {
		f.Add(6, s)
	}
	f.Fuzz(func(t *testing.T, decks int, s string) {
		sh, err := ParseShoe(decks, s)
		if err != nil {
			if msg := err.Error(); len(msg) > 300 || strings.Contains(msg, "\n") {
				t.Errorf("%q: error not one short line: %q", s, msg)
			}
			return
		}
		if sh.Full() {
			return
		}
		back, err := ParseShoe(decks, sh.String())
		if err != nil || back != sh {
			t.Errorf("%q: String %q reads back as %v, %v", s, sh.String(), back, err)
		}
	})
}

// FuzzValidPays checks validPays against the pattern it stands for, the
// regular expression ParseTable once matched pays with.
func FuzzValidPays(f *testing.F) {
	for _, s := range []string{
		"9", "2.5", "5/2", "1234567", "12345678", "1.123456", "1.1234567", "0/0", // edges of each form
		"", ".", "/", "1.", ".5", "1/", "/2", "1.5/2", "1/2/3", "1.2.3", "-1", "+1", "1e3", " 1", "1\n", "٣", // none
	} {
		f.Add(s)
	}
	pattern := regexp.MustCompile(`^[0-9]{1,7}(\.[0-9]{1,6})?$|^[0-9]{1,7}/[0-9]{1,7}$`)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validPays(s), pattern.MatchString(s); got != want {
			t.Errorf("validPays(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzParsePlay checks that ParsePlay (the simulator's --side) never
// panics, keeps its errors to one short line, and that a play it reads
// names a bet it knows, a table of it, and a finite trigger, which read
// back from the bet's name, the table written out and the trigger.
func FuzzParsePlay(f *testing.F) {
	for _, s := range []string{"21+3", "perfect-pairs:30-10-5", "21+3:9-to-1@3", "21+3@9.42", "lucky-ladies:any-20:4@-2",
		"buster@1", "21+3@", "@3", "21+3:@3", "21+3@NaN", "21+3@1e400", "nothing", "21+3::", "21+3:flush:5,flush:6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, tb, trigger, err := ParsePlay(s)
		if err != nil {
			if msg := err.Error(); len(msg) > 600 || strings.Contains(msg, "\n") {
				t.Errorf("%q: error not one short line: %q", s, msg)
			}
			return
		}
		if _, lerr := LookupBet(b.Name); lerr != nil {
			t.Fatalf("%q: bet %q unknown", s, b.Name)
		}
		if trigger != nil && (math.IsNaN(*trigger) || math.IsInf(*trigger, 0)) {
			t.Fatalf("%q: trigger %v", s, *trigger)
		}
		again := b.Name + ":" + tb.String()
		if trigger != nil {
			again += "@" + strconv.FormatFloat(*trigger, 'g', -1, 64)
		}
		b2, tb2, trigger2, err := ParsePlay(again)
		if err != nil || b2 != b || tb2.String() != tb.String() || (trigger == nil) != (trigger2 == nil) || trigger != nil && *trigger2 != *trigger {
			t.Fatalf("%q read as %q, which reads back as %v %v %v %v", s, again, b2, tb2, trigger2, err)
		}
	})
}
