package solve

import "sync"

// A Cache shares work between solves of rule sets dealt from the same shoe
// with the same split limits: the hand graphs, and the dealer's
// distributions for every up card under each dealer rule (S17 or H17;
// with or without a hole card). Rule sets that differ only in doubling,
// DAS, surrender or the blackjack payout share all of it, which is most of
// a finite-deck solve. Rule sets dealt from the same shoe with other split
// limits or a Charlie share the dealer's distributions too, where their
// compositions are among those of a layout already laid out (fewer
// resplits, hands ended sooner: the dealer's chances for a composition do
// not depend on which hands need it); and a game without a hole card
// (ENHC) takes the peeked game's, the blackjack added. A Cache is safe for
// concurrent use and holds what it computed until it is dropped.
type Cache struct {
	mu      sync.Mutex
	layouts map[layoutKey]*layout
	first   map[[10]int]*layout // the first layout laid out for each shoe: the only donor (layout.donor)
	// keepValues has the first layout of each shoe keep the node values
	// of the first rules that ask (layout.keptValues): for solves that
	// mostly differ in the play, not the hands' values. They hold about
	// 10 MB for six decks.
	keepValues bool
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{layouts: map[layoutKey]*layout{}, first: map[[10]int]*layout{}}
}

// layoutKey is what a layout depends on.
type layoutKey struct {
	shoe    [10]int
	limits  [11]int // splitLimit by pair rank
	charlie int     // hands end at this many cards
}

// layout returns the layout for a rule set and shoe, shared if c is not nil.
func (c *Cache) layout(r Rules, shoe Shoe) *layout {
	if c == nil {
		return newLayout(r, shoe)
	}
	key := layoutKey{shoe: shoe.Counts, charlie: r.Charlie}
	for p := 1; p <= 10; p++ {
		key.limits[p] = splitLimit(r, p)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.layouts[key]
	if !ok {
		l = newLayout(r, shoe)
		l.shared = true
		// The donor is the shoe's first layout, whatever others there
		// are: its distributions are one contraction's, so that what a
		// solve gets does not depend on which layouts came before it.
		if d := c.first[key.shoe]; d == nil {
			c.first[key.shoe] = l
			l.keep = c.keepValues
		} else if at, missing := d.places(l.comps); 2*missing < len(at) { // most of them: the donor's walk is mostly this one's
			l.donor, l.donorAt = d, at
			if missing > 0 { // resplit aces: split aces' hands with more aces out
				l.unheld = readMask(l.trie, func(ci int32) bool { return at[ci] < 0 })
			}
		}
		c.layouts[key] = l
	}
	return l
}

// places returns where each of comps is among the layout's compositions
// (-1 where it is not) and how many are not.
func (l *layout) places(comps [][10]uint8) (at []int32, missing int) {
	l.distMu.Lock()
	if l.byKey == nil {
		l.byKey = make(map[uint64]int32, len(l.comps))
		for i, g := range l.comps {
			l.byKey[key(g)] = int32(i)
		}
	}
	l.distMu.Unlock()
	at = make([]int32, len(comps))
	for i, g := range comps {
		j, ok := l.byKey[key(g)]
		if !ok {
			j = -1
			missing++
		}
		at[i] = j
	}
	return at, missing
}

// dealerRule is what the dealer's distributions depend on beyond the
// layout: how the dealer draws, and whether a dealer blackjack is an
// outcome of the distribution (ENHC) or excluded from it (a peek).
type dealerRule struct {
	draws DealerRule
	enhc  bool
}

// sharedDist holds one up card's distributions under one dealer rule,
// computed once.
type sharedDist struct {
	once sync.Once
	dist []DealerDist
}

// dist returns the dealer's distributions of f's up card for every
// composition of the layout, computing them once per dealer rule if the
// layout is shared (a layout of one solve needs them only while f lives):
// taken from the peeked game's under ENHC, or from the donor's (the
// shoe's first layout, where it holds every composition of this one),
// where the dealer's bust is one minus the rest in both (it is wherever
// the shoe holds more cards than a composition and a dealer's hand take:
// every shoe but a small custom one); else contracted.
func (l *layout) dist(f *finiteUp) []DealerDist {
	if !l.shared {
		return f.contract()
	}
	rule := dealerRule{f.r.Dealer(), f.r.HoleCard == ENHC}
	s := l.distsFor(rule, f.up)
	s.once.Do(func() {
		s.dist = l.derived(f, rule)
		if s.dist == nil {
			s.dist = f.contract()
		}
	})
	return s.dist
}

// distsFor returns the layout's distributions of one up card under one
// dealer rule, made empty at the first call.
func (l *layout) distsFor(rule dealerRule, up Rank) *sharedDist {
	l.distMu.Lock()
	defer l.distMu.Unlock()
	if l.dists == nil {
		l.dists = map[dealerRule]*[10]sharedDist{}
	}
	ups := l.dists[rule]
	if ups == nil {
		ups = &[10]sharedDist{}
		l.dists[rule] = ups
	}
	return &ups[up-1]
}

// derived returns f's distributions from others (dist), computing those
// if need be, or nil where it takes none.
func (l *layout) derived(f *finiteUp, rule dealerRule) []DealerDist {
	_, total := f.remaining([10]uint8{})
	if total-l.maxCards < f.draws.maxSize {
		return nil // the bust is not one minus the rest
	}
	if rule.enhc { // the peeked game's, and the hole card's blackjack
		peeked := *f
		peeked.r.HoleCard, peeked.scratch = Peek, nil
		peek := l.dist(&peeked)
		out := make([]DealerDist, len(peek))
		bj := f.bjRank()
		for i, d := range peek {
			if bj >= 0 && d != (DealerDist{}) { // a composition the shoe deals
				d[DealerBlackjack] = float64(f.shoe[bj]-int(l.comps[i][bj])) / float64(total-cardsIn(l.comps[i]))
			}
			out[i] = d
		}
		return out
	}
	d := l.donor
	if d == nil || total-d.maxCards < f.draws.maxSize {
		return nil
	}
	var out []DealerDist
	if l.unheld != nil { // the compositions the donor does not hold, contracted alone
		if f.read != nil {
			return nil
		}
		own := *f
		own.read, own.scratch = l.unheld, nil
		out = own.contract()
	} else {
		out = make([]DealerDist, len(l.comps))
	}
	on := *f
	on.lay, on.scratch = d, nil
	from := d.dist(&on)
	for i, j := range l.donorAt {
		if j >= 0 {
			out[i] = from[j]
		}
	}
	return out
}

// cardsIn is the number of cards in a composition.
func cardsIn(g [10]uint8) int {
	n := 0
	for _, k := range g {
		n += int(k)
	}
	return n
}

// upShape is a shape against an up card.
type upShape struct {
	up Rank
	s  *shape
}

// keptNodeValues are one shape's node values against one up card, valued
// once.
type keptNodeValues struct {
	once sync.Once
	v    nodeValues
}

// keptValues returns the node values of shape s against f's up card if
// the layout keeps them for f's rules (keep, and the first rules to ask
// were alike: standRules), valuing them the first time; otherwise nil.
// They are the values f would compute itself, to the last bit: the same
// distributions, shoe and payouts. They are read only.
func (l *layout) keptValues(f *finiteUp, s *shape) *nodeValues {
	shoe := l.shoe
	shoe[f.up-1]--
	if !l.keep || f.shoe != shoe { // another shoe's values (newFiniteUpOn) are not these
		return nil
	}
	rules := standRulesOf(f.r)
	key := upShape{f.up, s}
	l.keptMu.Lock()
	if l.keptRules == nil {
		l.keptRules, l.kept = &rules, map[upShape]*keptNodeValues{}
	}
	if *l.keptRules != rules {
		l.keptMu.Unlock()
		return nil
	}
	k := l.kept[key]
	if k == nil {
		k = &keptNodeValues{}
		l.kept[key] = k
	}
	l.keptMu.Unlock()
	k.once.Do(func() {
		x := &valuedShape{shape: s, f: f, nodeValues: newNodeValues(len(s.nodes))}
		for i := range s.nodes {
			x.value(int32(i))
		}
		k.v = x.nodeValues
	})
	return &k.v
}
