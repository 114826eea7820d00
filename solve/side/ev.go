package side

import (
	"fmt"
	"math/big"
	"slices"
)

// A Report is a side bet's exact value on a shoe: one line for each way
// it pays and one for the loss, and its expected result.
//
// The cards the bet looks at are the first dealt from the shoe (the
// player's two, the dealer's up card, and for Lucky Ladies the hole card);
// cards dealt to other players, unseen, do not change the probabilities.
type Report struct {
	Bet      string
	Table    Table
	Decks    int    // decks of the full shoe
	Shoe     string // the shoe as ParseShoe reads it; "" for the full shoe
	RankOnly bool   // the shoe's suits are not known
	Cards    int    // the cards the bet looks at; 0 for the dealer's whole hand
	Dealer   string // for a bet on the dealer's whole hand, its soft-17 rule: S17 or H17; else ""
	// Deals is the number of ordered deals of Cards physical cards from
	// the shoe (n(n-1)... for n cards); nil for a rank-only shoe, whose
	// deals are not known.
	Deals *big.Int
	Lines []Line
	// Return is the bet's expected result in bets (the sum of the lines'
	// returns); the house edge is -Return.
	Return *big.Rat
	EV     float64 // Return as a float
	// Effects are the effects of removal, when asked for (nil otherwise).
	Effects *Effects
}

// HouseEdge returns the house's expected win, as a fraction of the bet.
func (r *Report) HouseEdge() float64 { return -r.EV }

// A Line is one way a bet is settled: an outcome it pays (for Match the
// Dealer, a hand's matches), or the loss.
type Line struct {
	Outcome string   // an outcome's name, or "loss"
	Pays    *big.Rat // to 1; -1 for the loss
	// Deals is the number of ordered deals settled this way (nil for a
	// rank-only shoe); dividing by 2 (by 6 for a bet on three cards all
	// alike, 21+3 and Lucky Lucky) gives unordered combinations.
	Deals  *big.Int
	Prob   *big.Rat // exact probability
	P      float64  // Prob as a float
	Return float64  // P times Pays, in bets
}

// LossOutcome names the line of the deals the table pays nothing for.
const LossOutcome = "loss"

// matchLines are Match the Dealer's lines: (suited, unsuited) matches.
var matchLines = []struct {
	name             string
	suited, unsuited int
}{
	{"two-suited-matches", 2, 0},
	{"suited-and-unsuited-match", 1, 1},
	{"suited-match", 1, 0},
	{"two-unsuited-matches", 0, 2},
	{"unsuited-match", 0, 1},
}

// settlement returns the lines of b under table t (the loss last), what
// each pays, and each class's line.
func (b *Bet) settlement(t Table) (names []string, pays []*big.Rat, lineOf []int) {
	lineOf = make([]int, b.classes())
	if b.perCard {
		ps, sok := t.Lookup("suited-match")
		pu, uok := t.Lookup("unsuited-match")
		for i := range lineOf {
			lineOf[i] = -1
		}
		for _, m := range matchLines {
			x := new(big.Rat)
			paid := false
			if m.suited > 0 && sok {
				x.Add(x, new(big.Rat).Mul(ps, big.NewRat(int64(m.suited), 1)))
				paid = true
			}
			if m.unsuited > 0 && uok {
				x.Add(x, new(big.Rat).Mul(pu, big.NewRat(int64(m.unsuited), 1)))
				paid = true
			}
			if paid {
				lineOf[3*m.suited+m.unsuited] = len(names)
				names, pays = append(names, m.name), append(pays, x)
			}
		}
		for i := range lineOf {
			if lineOf[i] < 0 {
				lineOf[i] = len(names)
			}
		}
	} else {
		for _, p := range t.Pays {
			names, pays = append(names, p.Outcome), append(pays, p.Pays)
		}
		for class := range lineOf {
			best, bestOutcome := len(t.Pays), -1
			for i, p := range t.Pays {
				o := slices.Index(b.Outcomes, p.Outcome)
				if class&(1<<o) == 0 {
					continue
				}
				// The best pay; between equal pays, the outcome the bet
				// ranks first.
				if bestOutcome < 0 || p.Pays.Cmp(pays[best]) > 0 || p.Pays.Cmp(pays[best]) == 0 && o < bestOutcome {
					best, bestOutcome = i, o
				}
			}
			lineOf[class] = best
		}
	}
	return append(names, LossOutcome), append(pays, big.NewRat(-1, 1)), lineOf
}

// Evaluate returns the exact value of bet b paid by table t on shoe s;
// the rules matter only to a bet on the dealer's whole hand (buster).
func Evaluate(b *Bet, t Table, s Shoe, rules Rules) (*Report, error) {
	if n := s.Total(); n < b.size() {
		return nil, fmt.Errorf("%d cards in the shoe; %s needs %d", n, b.Name, b.size())
	}
	r := &Report{Bet: b.Name, Table: t, Decks: s.Decks, RankOnly: s.RankOnly, Cards: b.size()}
	if !s.Full() {
		r.Shoe = s.String()
	}
	var num []*big.Int
	var den *big.Int
	var deals []uint64
	if b.dealer {
		r.Cards = 0
		r.Dealer = "S17"
		if rules.H17 {
			r.Dealer = "H17"
		}
		num, den = dealerClasses(b, s, rules)
	} else {
		num, den, deals = classDeals(b, s)
	}
	names, pays, lineOf := b.settlement(t)
	lineNum := make([]*big.Int, len(names))
	var lineDeals []uint64
	for i := range lineNum {
		lineNum[i] = new(big.Int)
	}
	if deals != nil {
		lineDeals = make([]uint64, len(names))
		r.Deals = new(big.Int).Set(den)
	}
	for class, x := range num {
		lineNum[lineOf[class]].Add(lineNum[lineOf[class]], x)
		if deals != nil {
			lineDeals[lineOf[class]] += deals[class]
		}
	}
	r.Return = new(big.Rat)
	for i, name := range names {
		l := Line{Outcome: name, Pays: pays[i], Prob: new(big.Rat).SetFrac(lineNum[i], den)}
		if deals != nil {
			l.Deals = new(big.Int).SetUint64(lineDeals[i])
		}
		l.P, _ = l.Prob.Float64()
		ret := new(big.Rat).Mul(l.Prob, l.Pays)
		l.Return, _ = ret.Float64()
		r.Return.Add(r.Return, ret)
		r.Lines = append(r.Lines, l)
	}
	r.EV, _ = r.Return.Float64()
	return r, nil
}
