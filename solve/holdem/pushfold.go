package holdem

import (
	"cmp"
	"math"
	"slices"
)

// PushFold is the heads-up push-or-fold model of Sklansky and Chubukov
// ("No-Limit Hold'em: Theory and Practice"): the small blind (0.5 big
// blinds posted) moves all in for a stack of S big blinds or folds; the
// big blind (1 posted) sees the pusher's hand and calls exactly when
// calling loses him less than folding, his equity against that hand at
// least (S-1)/(2S); no antes. A hand's number is the largest S at which
// pushing does at least as well as folding.
//
// The caller sees the pusher's class (its suits are not used) and his own
// hand's class; equities are the exact class-against-class ones of the
// Matrix, each class of caller weighted by its hands that share no card
// with the pusher's.
type PushFold struct {
	Class Class
	// Stack is the largest stack in big blinds from which pushing does at
	// least as well as folding; +Inf if pushing is never worse (aces).
	Stack float64
	// Calls are the caller's classes that call at that stack, and
	// CallShare the share of his hands they hold.
	Calls     []Class
	CallShare float64
}

// SklanskyChubukov is the class's number in the convention of the
// published Sklansky-Chubukov table: the stack behind the posted small
// blind, counted in small blinds, 2 x Stack - 1 (KK: 2 x 477.4977 - 1 =
// 954.0, the published 954); +Inf where Stack is.
func (pf PushFold) SklanskyChubukov() float64 { return 2*pf.Stack - 1 }

// PushFoldChart is every class's number.
func PushFoldChart(m *Matrix) [Classes]PushFold {
	pairs := classPairs()
	var out [Classes]PushFold
	for c := range Class(Classes) {
		out[c] = pushFold(m, pairs, c)
	}
	return out
}

// pushFold finds a class's number. The push's gain over folding, for a
// stack S with the caller calling with the set C,
//
//	G(S) = sum over caller's classes b of p(b) x (b in C ? 2S e(b) - S + 0.5 : 1.5)
//
// (p(b) the share of the caller's hands in b, e(b) the pusher's equity
// against b), is linear in S between the stacks where a class leaves C
// (S = 1/(2e(b) - 1) for e(b) > 1/2: beyond it b folds). So G is solved
// exactly on each piece, the deepest first.
func pushFold(m *Matrix, pairs *[Classes][Classes]int64, c Class) PushFold {
	var total float64
	for b := range Class(Classes) {
		total += float64(pairs[c][b])
	}
	type caller struct {
		b       Class
		p, e    float64
		foldsAt float64 // the stack beyond which b folds; +Inf if it always calls
	}
	var cs []caller
	for b := range Class(Classes) {
		if pairs[c][b] == 0 {
			continue
		}
		x := caller{b: b, p: float64(pairs[c][b]) / total, e: m[c][b].Equity(), foldsAt: math.Inf(1)}
		if x.e > 0.5 {
			x.foldsAt = 1 / (2*x.e - 1)
		}
		cs = append(cs, x)
	}
	// The pieces' ends, deepest first; G is linear on (ends[i+1], ends[i]]
	// and continuous (at S = foldsAt, calling pays b's hand 1.5 less, as
	// folding does).
	ends := []float64{math.Inf(1)}
	for _, x := range cs {
		if !math.IsInf(x.foldsAt, 1) && x.foldsAt > 1 {
			ends = append(ends, x.foldsAt)
		}
	}
	ends = append(ends, 1)
	slices.SortFunc(ends, func(a, b float64) int { return cmp.Compare(b, a) })
	out := PushFold{Class: c, Stack: 1} // if pushing loses even at one big blind
	for i := 0; i+1 < len(ends); i++ {
		hi, lo := ends[i], ends[i+1]
		if hi == lo {
			continue
		}
		// On the piece, G(S) = a + k S, with the calling set just above lo.
		var a, k float64
		for _, x := range cs {
			if x.foldsAt > lo {
				a += x.p * 0.5
				k += x.p * (2*x.e - 1)
			} else {
				a += x.p * 1.5
			}
		}
		if math.IsInf(hi, 1) && (k > 0 || k == 0 && a >= 0) {
			out.Stack = math.Inf(1) // pushing never does worse, however deep
			break
		}
		if k < 0 && -a/k > lo { // G falls through zero on this piece
			out.Stack = min(-a/k, hi)
			break
		}
	}
	for _, x := range cs {
		if out.Stack <= x.foldsAt {
			out.Calls = append(out.Calls, x.b)
			out.CallShare += x.p
		}
	}
	return out
}

// Gain is the push's gain over folding, in big blinds, for a stack of s
// big blinds, the caller calling with the hands that gain by it: G(S)
// above. It is zero at the class's number.
func (pf PushFold) gain(m *Matrix, pairs *[Classes][Classes]int64, s float64) float64 {
	var total, g float64
	for b := range Class(Classes) {
		total += float64(pairs[pf.Class][b])
	}
	for b := range Class(Classes) {
		p, e := float64(pairs[pf.Class][b])/total, m[pf.Class][b].Equity()
		if call := 2*s*(1-e) - s; call >= -1 { // the caller's net if he calls, against -1 if he folds
			g += p * (2*s*e - s + 0.5)
		} else {
			g += p * 1.5
		}
	}
	return g
}
