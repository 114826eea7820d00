package solve

import "sync"

// A Cache shares work between solves of rule sets dealt from the same shoe
// with the same split limits: the hand graphs, and the dealer's
// distributions for every up card under each dealer rule (S17 or H17;
// with or without a hole card). Rule sets that differ only in doubling,
// DAS, surrender or the blackjack payout share all of it, which is most of
// a finite-deck solve. A Cache is safe for concurrent use and holds what
// it computed until it is dropped.
type Cache struct {
	mu      sync.Mutex
	layouts map[layoutKey]*layout
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{layouts: map[layoutKey]*layout{}} }

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
		c.layouts[key] = l
	}
	return l
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
// layout is shared (a layout of one solve needs them only while f lives).
func (l *layout) dist(f *finiteUp) []DealerDist {
	if !l.shared {
		return f.contract()
	}
	rule := dealerRule{f.r.Dealer(), f.r.HoleCard == ENHC}
	l.distMu.Lock()
	if l.dists == nil {
		l.dists = map[dealerRule]*[10]sharedDist{}
	}
	ups := l.dists[rule]
	if ups == nil {
		ups = &[10]sharedDist{}
		l.dists[rule] = ups
	}
	l.distMu.Unlock()
	s := &ups[f.up-1]
	s.once.Do(func() { s.dist = f.contract() })
	return s.dist
}
