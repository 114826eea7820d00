package solve

import (
	"fmt"
	"strconv"
	"strings"

	"bjchart/solve/param"
)

// A Game is a rule set as a user names it: a rule string ("6D H17 DAS
// LS", see ParseRules) and single rules that override it. An override
// left at its zero value (nil, "" or 0) keeps the rule string's rule.
// Every request that plays a game of blackjack holds one; the command
// line binds it as --rules, --decks, --h17 ..., the page as rules=,
// decks=, h17= ...
type Game struct {
	Rules         string
	Decks         string // 1 to MaxDecks, or inf
	H17           *bool
	Double        string // any, 9-11, 10-11 or none
	DAS           *bool
	SplitHands    int // 2, 3 or 4
	RSA, HSA      *bool
	Surrender     string // none, late or early
	BlackjackPays string // a ratio, e.g. 3:2
	HoleCard      string // peek, enhc or obo
}

// Params adds the game's fields to s.
func (g *Game) Params(s *param.Set) {
	s.String(&g.Rules, "rules", "rule string, e.g. \"6D H17 DAS LS\" (see 'bjchart rules'); unnamed rules keep their defaults")
	s.String(&g.Decks, "decks", "number of decks (1, 2, ... or inf); overrides {rules}")
	s.OptBool(&g.H17, "h17", "dealer hits soft 17 ({h17}=false: stands); overrides {rules}")
	s.Enum(&g.Double, "double", "doubling: %s; overrides {rules}", "any", "9-11", "10-11", "none")
	s.OptBool(&g.DAS, "das", "double after split ({das}=false: not); overrides {rules}")
	s.Int(&g.SplitHands, "split-hands", "most hands a pair may be split into: 2, 3 or 4; overrides {rules}")
	s.OptBool(&g.RSA, "rsa", "resplit aces; overrides {rules}")
	s.OptBool(&g.HSA, "hsa", "hit split aces; overrides {rules}")
	s.Enum(&g.Surrender, "surrender", "surrender: %s; overrides {rules}", "none", "late", "early")
	s.String(&g.BlackjackPays, "blackjack-pays", "blackjack payout ratio, e.g. 3:2 or 6:5; overrides {rules}")
	s.Enum(&g.HoleCard, "hole-card", "the hole card: %s (peek: the US game; enhc: no hole card, all lost to a blackjack; obo: original bet only); overrides {rules}", "peek", "enhc", "obo")
}

// Resolve returns the rules: the rule string first, then each override
// given.
func (g Game) Resolve() (Rules, error) {
	r, err := ParseRules(g.Rules)
	if err != nil {
		return r, &param.Error{Name: "rules", Input: err.Error()}
	}
	if g.Decks != "" {
		if strings.EqualFold(g.Decks, "inf") {
			r.Decks = 0
		} else if n, err := strconv.Atoi(g.Decks); err == nil && n >= 1 && n <= MaxDecks {
			r.Decks = n
		} else {
			return r, param.Errorf("decks", g.Decks, "want a count from 1 to %d, or inf", MaxDecks)
		}
	}
	if g.H17 != nil {
		r.H17 = *g.H17
	}
	if g.DAS != nil {
		r.DAS = *g.DAS
	}
	if g.SplitHands != 0 {
		if g.SplitHands < 2 || g.SplitHands > 4 {
			return r, param.NumberErrorf("split-hands", g.SplitHands, "want 2, 3 or 4")
		}
		r.MaxSplitHands = g.SplitHands
	}
	if g.RSA != nil {
		r.RSA = *g.RSA
	}
	if g.HSA != nil {
		r.HSA = *g.HSA
	}
	if g.BlackjackPays != "" {
		p, err := ParseRules(g.BlackjackPays)
		n, d, ratio := strings.Cut(g.BlackjackPays, ":")
		if err != nil || !ratio || !allDigits(n) || !allDigits(d) {
			return r, param.Errorf("blackjack-pays", g.BlackjackPays, "want a ratio such as 3:2, 6:5, 1:1 or 2:1")
		}
		r.BlackjackPays = p.BlackjackPays
	}
	// The overrides of one of a list are rule tokens by other names: the
	// rule language reads each rule once.
	for _, o := range []struct {
		value  string
		tokens map[string]string
	}{
		{g.Double, map[string]string{"any": "DOA", "9-11": "D9", "10-11": "D10", "none": "NDD"}},
		{g.Surrender, map[string]string{"none": "NS", "late": "LS", "early": "ES"}},
		{g.HoleCard, map[string]string{"peek": "PEEK", "enhc": "ENHC", "obo": "OBO"}},
	} {
		if tok, ok := o.tokens[strings.ToLower(o.value)]; ok {
			_, apply, _ := lookupToken(tok)
			if err := apply(&r); err != nil {
				return r, err
			}
		}
	}
	if err := r.Validate(); err != nil { // rules that parse but do not go together
		return r, fmt.Errorf("rules %s: %v", r, err)
	}
	return r, nil
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
