package solve

import (
	"strings"
	"testing"
)

func TestParseRules(t *testing.T) {
	tests := []struct {
		in   string
		want string // canonical form
	}{
		{"", "6D S17 DOA DAS SPL3 NS 3:2 PEEK"},
		{"6D H17 DAS LS", "6D H17 DOA DAS SPL3 LS 3:2 PEEK"},
		{"inf s17 doa das spl3 ns 3:2 peek", "INF S17 DOA DAS SPL3 NS 3:2 PEEK"},
		{"1d h17 d10 ndas spl1 rsa hsa es 6:5 enhc", "1D H17 D10 NDAS SPL1 RSA HSA ES 6:5 ENHC"},
		{"2D D9 SPL2 OBO 1:1", "2D S17 D9 DAS SPL2 NS 1:1 OBO"},
		{"8D NDD 2:1", "8D S17 NDD DAS SPL3 NS 2:1 PEEK"},
		{"  12d\t6:4 ", "12D S17 DOA DAS SPL3 NS 3:2 PEEK"}, // ratios are reduced
		{"6D 6d", "6D S17 DOA DAS SPL3 NS 3:2 PEEK"},        // repeating a rule is not a contradiction
	}
	for _, tt := range tests {
		r, err := ParseRules(tt.in)
		if err != nil {
			t.Errorf("ParseRules(%q) error: %v", tt.in, err)
			continue
		}
		if got := r.String(); got != tt.want {
			t.Errorf("ParseRules(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseRulesDefault(t *testing.T) {
	r, err := ParseRules("")
	if err != nil || r != Default {
		t.Fatalf("ParseRules(\"\") = %v, %v; want Default", r, err)
	}
}

func TestParseRulesErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"6D H18", `"6D H18": unknown rule "H18" at 3 (did you mean H17?); want S17 or H17`},
		// Odd spellings: Unicode letters that upper-case to ASCII, floats
		// that are not plain decimals, a soft-17 rule beside DHIT17.
		{"ınf", `a rule token is ASCII`},
		{"ſ17", `a rule token is ASCII`},
		{"DHIT16=0x1p-2", `as a decimal of at most six places`},
		{"DHIT16=1e-1", `as a decimal of at most six places`},
		{"DHIT17=+0.5", `want a probability above 0 and below 1`},
		{"S17 DHIT17=0.5", `DHIT17 decides every 17, hard and soft; drop S17`},
		{"1D DECK=1-1-1-1-1-1-1-1-1-1", `want at least 20`},
		{"100000D DECK=1000-1000-1000-1000-1000-1000-1000-1000-1000-1000", `want at most`},
		{"S17 H17", `"S17 H17": "H17" at 4 contradicts "S17" at 0 (dealer soft 17 given twice)`},
		{"6D 2D", `contradicts "6D" at 0 (decks given twice)`},
		{"LS ES", `(surrender given twice)`},
		{"0D", `"0D" at 0: want a deck count from 1D to 100000D, or INF`},
		{"3:0", `want a payout ratio N:M`},
		{"SPL4", `unknown rule "SPL4" at 0; want SPL1, SPL2 or SPL3`},
		{"6D xyzzy", `unknown rule "xyzzy" at 3; see 'bjchart rules'`},
	}
	for _, tt := range tests {
		_, err := ParseRules(tt.in)
		if err == nil {
			t.Errorf("ParseRules(%q) succeeded, want error containing %q", tt.in, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRules(%q) error = %q, want it to contain %q", tt.in, err, tt.want)
		}
	}
}

// FuzzParseRules checks that the parser never panics and that every rule set
// it accepts prints canonically and parses back to itself.
func FuzzParseRules(f *testing.F) {
	for _, s := range []string{
		"",                                 // all defaults
		"6D H17 DAS LS",                    // the common way to write a game
		"INF S17 DOA DAS SPL3 NS 3:2 PEEK", // canonical form
		"1d h17 d10 ndas spl1 rsa hsa es 6:5 enhc", // every non-default token
		"S17 H17",               // contradiction
		"6D H18",                // near miss
		"99999999999999999999D", // overflow
		"3:2:1 ,, 4D",           // odd separators
		"2D TIESLOSE 5CC P21WINS SPANISH 5C21=3:2 6C21=2:1", // the variant tokens
		"INF 6CC",                           // parses, does not go together
		"1D DECK=1-2-3-4-5-6-7-8-9-10",      // any deck
		"6D DECK=4-4-4-4-4-4-4-4-4-16",      // the standard deck, written out
		"6D 9C21=1:1 DECK=0-0-0-0-0-0-0",    // near misses
		"6D DHIT16=0.4 DHIT17=0.2 TIESLOSE", // the house game's dealer
		"6D H17 DHIT17=0.5 DHIT16=2",        // contradictions
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRules(s)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRules(%q) = %v, which does not validate: %v", s, r, err)
		}
		r2, err := ParseRules(r.String())
		if err != nil {
			t.Fatalf("ParseRules(%q) (canonical form of %q) error: %v", r.String(), s, err)
		}
		if r2 != r {
			t.Fatalf("ParseRules(%q) = %+v, want %+v", r.String(), r2, r)
		}
	})
}
