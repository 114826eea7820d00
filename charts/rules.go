package charts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bjchart/solve"
)

// A RuleSpec is a chart's "# rules:" header: the rules the chart was
// published for, as the source states them. Ranges and unknowns are kept:
// decks=4-8 is DecksMin 4, DecksMax 8; a "?" is Unknown in its field.
type RuleSpec struct {
	DecksMin, DecksMax int    // 0, 0 when not stated
	Dealer             string // S17, H17 or ?
	Double             string // any, 9-11, 10-11, none or ?
	DAS                string // yes, no, both (the chart covers both) or ?
	Resplit            string // yes, no or ?
	Surrender          string // none, late, early or ?
	Peek               string // yes, no or ?
}

// ruleKeys lists the header's keys and their allowed values ("N" and
// "N-M" for decks).
var ruleKeys = []struct {
	key     string
	allowed []string
}{
	{"decks", []string{"N", "N-M", "?"}},
	{"dealer", []string{"S17", "H17", "?"}},
	{"double", []string{"any", "9-11", "10-11", "none", "?"}},
	{"das", []string{"yes", "no", "both", "?"}},
	{"resplit", []string{"yes", "no", "?"}},
	{"surrender", []string{"none", "late", "early", "?"}},
	{"peek", []string{"yes", "no", "?"}},
}

// ParseRuleSpec reads a rules header such as
// "decks=4-8 dealer=S17 double=any das=both resplit=? surrender=late peek=yes".
// Keys not given are "?".
func ParseRuleSpec(s string) (RuleSpec, error) {
	spec := RuleSpec{Dealer: "?", Double: "?", DAS: "?", Resplit: "?", Surrender: "?", Peek: "?"}
	seen := map[string]bool{}
	for _, f := range strings.Fields(s) {
		key, val, ok := strings.Cut(f, "=")
		if !ok {
			return spec, fmt.Errorf("rules: %s is not key=value", solve.QuoteInput(f, 30))
		}
		if seen[key] {
			return spec, fmt.Errorf("rules: %s given twice", solve.QuoteInput(key, 30))
		}
		seen[key] = true
		var allowed []string
		for _, k := range ruleKeys {
			if k.key == key {
				allowed = k.allowed
			}
		}
		if allowed == nil {
			var keys []string
			for _, k := range ruleKeys {
				keys = append(keys, k.key)
			}
			return spec, fmt.Errorf("rules: unknown key %s; want %s", solve.QuoteInput(key, 30), strings.Join(keys, ", "))
		}
		if key == "decks" {
			if err := spec.parseDecks(val); err != nil {
				return spec, err
			}
			continue
		}
		if !slices.Contains(allowed, val) {
			return spec, fmt.Errorf("rules: %s=%s; want %s", key, solve.QuoteInput(val, 30), strings.Join(allowed, ", "))
		}
		switch key {
		case "dealer":
			spec.Dealer = val
		case "double":
			spec.Double = val
		case "das":
			spec.DAS = val
		case "resplit":
			spec.Resplit = val
		case "surrender":
			spec.Surrender = val
		case "peek":
			spec.Peek = val
		}
	}
	return spec, nil
}

func (spec *RuleSpec) parseDecks(val string) error {
	if val == "?" {
		return nil
	}
	lo, hi, isRange := strings.Cut(val, "-")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || a < 1 || b < a || b > solve.MaxDecks {
		return fmt.Errorf("rules: decks=%s; want a count (6), a range (4-8) or ?", solve.QuoteInput(val, 30))
	}
	spec.DecksMin, spec.DecksMax = a, b
	return nil
}

// String returns the header as ParseRuleSpec reads it.
func (spec RuleSpec) String() string {
	decks := "?"
	switch {
	case spec.DecksMin == 0:
	case spec.DecksMin == spec.DecksMax:
		decks = strconv.Itoa(spec.DecksMin)
	default:
		decks = fmt.Sprintf("%d-%d", spec.DecksMin, spec.DecksMax)
	}
	return fmt.Sprintf("decks=%s dealer=%s double=%s das=%s resplit=%s surrender=%s peek=%s",
		decks, spec.Dealer, spec.Double, spec.DAS, spec.Resplit, spec.Surrender, spec.Peek)
}

// Reading returns the rules to solve a chart with when the user names none:
// the most common reading of the header. A deck range reads as 6 decks if
// it holds 6 (the common shoe), else its upper end; unstated decks as 6;
// das=both and das=? as DAS (both readings print the DAS play as P); an
// unstated resplit as split to 4 hands, resplit=no as one split; other
// unknowns as the solver's defaults (S17, double any two, no surrender,
// peek). Blackjack pays 3:2.
func (spec RuleSpec) Reading() solve.Rules {
	r := solve.Default
	switch {
	case spec.DecksMin == 0:
		r.Decks = 6
	case spec.DecksMin <= 6 && 6 <= spec.DecksMax:
		r.Decks = 6
	default:
		r.Decks = spec.DecksMax
	}
	r.H17 = spec.Dealer == "H17"
	r.Double = map[string]solve.Doubling{"9-11": solve.Double9to11, "10-11": solve.Double10to11, "none": solve.DoubleNone}[spec.Double]
	r.DAS = spec.DAS != "no"
	if spec.Resplit == "no" {
		r.MaxSplitHands = 2
	}
	r.Surrender = map[string]solve.SurrenderRule{"late": solve.LateSurrender, "early": solve.EarlySurrender}[spec.Surrender]
	if spec.Peek == "no" {
		r.HoleCard = solve.ENHC
	}
	return r
}
