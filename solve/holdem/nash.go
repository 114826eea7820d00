package holdem

import "math"

// A Nash is the heads-up push-or-fold equilibrium at one effective stack:
// the small blind (0.5 big blinds and an ante posted) moves all in or
// folds; the big blind (1 and an ante posted), seeing only that he was
// pushed on, calls or folds. Neither sees the other's cards. Push[c] and
// Call[c] are the chances each class pushes and calls (mostly 0 or 1; a
// class at the edge of a range mixes). Stacks and values are in big
// blinds, the stack counting everything the player had before posting.
type Nash struct {
	Stack, Ante float64
	Push, Call  [Classes]float64
	// Value is the small blind's expected result a hand at the
	// equilibrium, and Exploitability what the two players together
	// could gain by a best answer to the other's strategy (0 at an exact
	// equilibrium): the distance from one, in big blinds a hand.
	Value, Exploitability float64
	Iterations            int
}

// nashGame holds the payoffs of the push-or-fold game for each pair of
// classes, weighed by how often the pair is dealt.
type nashGame struct {
	w    [Classes][Classes]float64 // the pair's share of deals
	wSB  [Classes]float64          // the small blind's class's share
	call [Classes][Classes]float64 // the small blind's net when called: 2 S e - S
	win  float64                   // the small blind's net when the big blind folds
	fold float64                   // the small blind's net when he folds
}

func newNashGame(m *Matrix, stack, ante float64) *nashGame {
	pairs := classPairs()
	g := &nashGame{win: 1 + ante, fold: -(0.5 + ante)}
	var total float64
	for c := range Class(Classes) {
		for b := range Class(Classes) {
			total += float64(pairs[c][b])
		}
	}
	for c := range Class(Classes) {
		for b := range Class(Classes) {
			g.w[c][b] = float64(pairs[c][b]) / total
			g.wSB[c] += g.w[c][b]
			if pairs[c][b] > 0 {
				g.call[c][b] = 2*stack*m[c][b].Equity() - stack
			}
		}
	}
	return g
}

// pushGain is, for each small-blind class, pushing's result less folding's
// against the big blind calling with q, over all deals of the class.
func (g *nashGame) pushGain(q *[Classes]float64) (gain [Classes]float64) {
	for c := range Class(Classes) {
		var push float64
		for b := range Class(Classes) {
			push += g.w[c][b] * ((1-q[b])*g.win + q[b]*g.call[c][b])
		}
		gain[c] = push - g.wSB[c]*g.fold
	}
	return gain
}

// callGain is, for each big-blind class, calling's result less folding's
// (for the big blind) against the small blind pushing with p.
func (g *nashGame) callGain(p *[Classes]float64) (gain [Classes]float64) {
	for b := range Class(Classes) {
		var x float64
		for c := range Class(Classes) {
			// The big blind's net is the small blind's loss: calling gives
			// -call, folding -win.
			x += g.w[c][b] * p[c] * (g.win - g.call[c][b])
		}
		gain[b] = x
	}
	return gain
}

// value is the small blind's expected result a hand for p and q.
func (g *nashGame) value(p, q *[Classes]float64) float64 {
	v := 0.0
	gain := g.pushGain(q)
	for c := range Class(Classes) {
		v += g.wSB[c]*g.fold + p[c]*gain[c]
	}
	return v
}

// exploitability is what best answers to p and to q gain over the value
// of (p, q) together.
func (g *nashGame) exploitability(p, q *[Classes]float64) float64 {
	var bestSB, bestBB [Classes]float64
	for c, x := range g.pushGain(q) {
		if x > 0 {
			bestSB[c] = 1
		}
	}
	for b, x := range g.callGain(p) {
		if x > 0 {
			bestBB[b] = 1
		}
	}
	return g.value(&bestSB, q) - g.value(p, &bestBB)
}

// PushFoldNash finds the equilibrium at a stack and ante (big blinds) by
// CFR+ (regret matching with regrets floored at zero, the players taking
// turns, the strategies averaged with weights rising with the iteration),
// until the exploitability is below tol big blinds a hand or after
// maxIter iterations.
func PushFoldNash(m *Matrix, stack, ante, tol float64, maxIter int) Nash {
	g := newNashGame(m, stack, ante)
	var rPush, rFold, rCall, rPass [Classes]float64 // regrets, floored at 0
	var p, q, sumP, sumQ [Classes]float64
	var wsum float64
	match := func(a, b float64) float64 {
		if a+b <= 0 {
			return 0.5
		}
		return a / (a + b)
	}
	out := Nash{Stack: stack, Ante: ante}
	for it := 1; it <= maxIter; it++ {
		for c := range p {
			p[c] = match(rPush[c], rFold[c])
		}
		gain := g.pushGain(&q)
		for c, x := range gain { // regret of each action against the mix
			rPush[c] = math.Max(0, rPush[c]+(1-p[c])*x)
			rFold[c] = math.Max(0, rFold[c]-p[c]*x)
			p[c] = match(rPush[c], rFold[c])
		}
		cg := g.callGain(&p)
		for b, x := range cg {
			q[b] = match(rCall[b], rPass[b])
			rCall[b] = math.Max(0, rCall[b]+(1-q[b])*x)
			rPass[b] = math.Max(0, rPass[b]-q[b]*x)
			q[b] = match(rCall[b], rPass[b])
		}
		wt := float64(it)
		wsum += wt
		for c := range p {
			sumP[c] += wt * p[c]
			sumQ[c] += wt * q[c]
		}
		if it%50 == 0 || it == maxIter {
			for c := range p {
				out.Push[c], out.Call[c] = sumP[c]/wsum, sumQ[c]/wsum
			}
			out.Iterations = it
			if out.Exploitability = g.exploitability(&out.Push, &out.Call); out.Exploitability < tol {
				break
			}
		}
	}
	out.Value = g.value(&out.Push, &out.Call)
	return out
}

// OneClassGain is the most a player gains at n's strategies by changing
// one class's play alone (pushing or folding it, calling or folding it),
// in big blinds a hand: 0 at an exact equilibrium.
func (n Nash) OneClassGain(m *Matrix) float64 {
	g := newNashGame(m, n.Stack, n.Ante)
	best := 0.0
	for c, x := range g.pushGain(&n.Call) {
		best = math.Max(best, math.Max(x*(1-n.Push[c]), -x*n.Push[c]))
	}
	for b, x := range g.callGain(&n.Push) {
		best = math.Max(best, math.Max(x*(1-n.Call[b]), -x*n.Call[b]))
	}
	return best
}
