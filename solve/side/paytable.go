package side

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"bjchart/solve/param"
)

// A Table is a bet's pay table: what each outcome it lists pays. An
// outcome it does not list pays nothing: the bet loses.
type Table struct {
	Name   string // e.g. "100-40-30-10-5"; "" for a table the user wrote
	Source string // where the table is published
	// Checked states the published figures this package reproduces for
	// the table (its tests assert them), or the figures it computes.
	Checked string
	Pays    []Pay // in the order written
}

// A Pay is what an outcome pays, "to 1": a winning bet returns Pays times
// the bet besides the bet itself, so its result is +Pays bets and a lost
// bet's is -1.
type Pay struct {
	Outcome string
	Pays    *big.Rat // from 0 (the bet is returned) to MaxPays
}

// MaxPays bounds what an outcome may pay, to 1.
const MaxPays = 1_000_000

// String returns the table as ParseTable reads it: its pays as
// "outcome:pays,...".
func (t Table) String() string {
	parts := make([]string, len(t.Pays))
	for i, p := range t.Pays {
		parts[i] = p.Outcome + ":" + formatPays(p.Pays)
	}
	return strings.Join(parts, ",")
}

// Lookup returns what the table pays for outcome, and whether it lists it.
func (t Table) Lookup(outcome string) (*big.Rat, bool) {
	i := slices.IndexFunc(t.Pays, func(p Pay) bool { return p.Outcome == outcome })
	if i < 0 {
		return nil, false
	}
	return t.Pays[i].Pays, true
}

// formatPays writes pays as a decimal where it is one ("2.5"), else as a
// fraction ("10/3").
func formatPays(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	for digits := 1; digits <= 6; digits++ {
		s := x.FloatString(digits)
		if y, ok := new(big.Rat).SetString(s); ok && y.Cmp(x) == 0 {
			return s
		}
	}
	return x.RatString()
}

// validPays reports whether s is what a pay may be: a whole number of 1
// to 7 digits, a decimal with 1 to 6 more after its point, or a fraction
// of two whole numbers of 1 to 7 digits.
func validPays(s string) bool {
	digits := func(s string, most int) bool {
		if len(s) < 1 || len(s) > most {
			return false
		}
		for i := range len(s) {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return true
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		return digits(num, 7) && digits(den, 7)
	}
	if whole, frac, ok := strings.Cut(s, "."); ok {
		return digits(whole, 7) && digits(frac, 6)
	}
	return digits(s, 7)
}

// ParseTable reads a pay table for bet b: one of its published tables by
// name, or pays written as "outcome:pays,...", e.g.
// "perfect-pair:25,coloured-pair:12,mixed-pair:6", each pays "to 1" as a
// whole number, a decimal (2.5) or a fraction (5/2). "" is the bet's
// first table.
func ParseTable(b *Bet, s string) (Table, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return b.Tables[0], nil
	}
	for _, t := range b.Tables {
		if strings.EqualFold(t.Name, s) {
			return t, nil
		}
	}
	if !strings.Contains(s, ":") {
		var names []string
		for _, t := range b.Tables {
			names = append(names, t.Name)
		}
		return Table{}, fmt.Errorf("%s: no %s table of that name; want %s, or outcome:pays,... (e.g. %s)",
			param.Quote(s, 40), b.Name, orList(names), b.Tables[0])
	}
	return parsePays(b, s)
}

// parsePays reads "outcome:pays,...".
func parsePays(b *Bet, s string) (Table, error) {
	var t Table
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		at := func() string { return fmt.Sprintf("%s: item %d", param.Quote(s, 40), i+1) } // said only on an error
		name, pays, ok := strings.Cut(item, ":")
		name, pays = strings.TrimSpace(name), strings.TrimSpace(pays)
		if !ok || name == "" || pays == "" {
			return Table{}, fmt.Errorf("%s, %s: want outcome:pays, e.g. %s:%s", at(), param.Quote(item, 30), b.Outcomes[0], "10")
		}
		j := slices.IndexFunc(b.Outcomes, func(o string) bool { return strings.EqualFold(o, name) })
		if j < 0 {
			return Table{}, fmt.Errorf("%s: unknown %s outcome %s; want %s", at(), b.Name, param.Quote(name, 30), orList(b.Outcomes))
		}
		name = b.Outcomes[j]
		if _, dup := t.Lookup(name); dup {
			return Table{}, fmt.Errorf("%s: outcome %s given twice; give each once", at(), name)
		}
		x, ok := new(big.Rat).SetString(pays)
		if !validPays(pays) || !ok || x.Cmp(big.NewRat(MaxPays, 1)) > 0 {
			return Table{}, fmt.Errorf("%s: %s pays %s; want a number from 0 to %d (to 1), e.g. 9, 2.5 or 5/2", at(), name, param.Quote(pays, 20), MaxPays)
		}
		t.Pays = append(t.Pays, Pay{Outcome: name, Pays: x})
	}
	return t, nil
}

// oneBet refuses a table that pays what are two bets at the table: Over
// 13 and Under 13 are each their own circle (a table of both, which the
// tests count with, would value the pair of them as one bet).
func oneBet(b *Bet, t Table) error {
	_, over := t.Lookup("over-13")
	if _, under := t.Lookup("under-13"); b == overUnder13 && over && under {
		return fmt.Errorf("%s: over 13 and under 13 are two bets, each on its own circle; give one (over-13:1 or under-13:1)", param.Quote(t.String(), 40))
	}
	return nil
}
