package house

// The house game's designed dealer (its slides "アルゴリズム1-15"): the dealer
// hits 11 or less always (its premise) and otherwise by a threshold chosen
// from the player's visible cards. The player's cards are X, ?, Y, Z, F in
// the order dealt; the second (?) is face down to the dealer. Card values
// are their points with an ace as 1; "up" is the dealer's first card,
// valued the same way.
//
// The slides leave some cases blank or garbled. Where they do, this file
// fills them so, each marked "fill":
//   - a blank case in slides 2-7 takes the threshold of the case stated
//     just before it (X = 9 against a 7 or 8+, X = 10, X+Y <= 12);
//   - a blank case in slides 8-13 takes the premise alone, as the slides'
//     own fall-through cases do ("(前提条件)");
//   - slide 8's second "(c) Z = A" for X+Y = 18 is read as Z = 2, which is
//     what its threshold 20 fits;
//   - slide 14 states the five-card cases for F = 6 (premise when
//     X+Y+Z >= 12, else draw to five cards) and names F = 5's split at 13
//     without its actions: F <= 6 takes the premise when X+Y+Z >= 18-F and
//     draws to five cards below that.

// policy is how a dealer decides: hit with probability hit[t] on total t
// (soft counting high), and first, when toFive is set, hit until it holds
// five cards.
type policy struct {
	hit    [22]float64
	toFive bool
}

// hitChance returns the chance the dealer hits a total t in a hand of n cards.
func (p *policy) hitChance(t, n int) float64 {
	if p.toFive && n < 5 {
		return 1
	}
	return p.hit[t]
}

// upTo hits every total up to t (and 11 or less, the premise).
func upTo(t int) policy {
	var p policy
	for i := range p.hit {
		if i <= max(t, 11) {
			p.hit[i] = 1
		}
	}
	return p
}

// halfUpTo hits 11 or less always and 12 up to t with probability 1/2.
func halfUpTo(t int) policy {
	p := upTo(11)
	for i := 12; i <= t; i++ {
		p.hit[i] = 0.5
	}
	return p
}

// premise hits 11 or less only.
func premise() policy { return upTo(11) }

// builtPolicy is the built dealer's: 15 or less always, 16 and 17 by chance.
func builtPolicy(r *Rules) policy {
	p := upTo(15)
	p.hit[16], p.hit[17] = r.Hit16, r.Hit17
	return p
}

// visible is what the designed dealer reads of the player's hand: the card
// count and the values of the visible cards X, Y, Z, F (0 where not dealt),
// folded as see says.
type visible struct {
	n          int8
	x, y, z, f int8
}

// see returns v after the player draws a card of value c as card number
// n. It keeps only what the dealer's later decisions read, so that hands
// the dealer cannot tell apart are one state: from the fourth card only
// X+Y (kept in x), from the fifth X+Y+Z, from the sixth nothing.
func (v visible) see(c int, n int) visible {
	v.n = int8(n)
	switch n {
	case 1:
		v.x = int8(c)
	case 3:
		v.y = int8(c)
	case 4:
		v.x, v.y, v.z = v.x+v.y, 0, int8(c)
	case 5:
		v.x, v.z, v.f = v.x+v.z, 0, int8(c)
	case 6:
		v = visible{n: 6}
	}
	return v
}

// designedPolicy returns the designed dealer's policy against the visible
// cards v when its own first card is worth up.
func designedPolicy(v visible, up int) policy {
	switch {
	case v.n == 2:
		return twoCards(int(v.x), up)
	case v.n == 3:
		return threeCards(int(v.x), int(v.x+v.y))
	case v.n == 4:
		return fourCards(int(v.x), int(v.z)) // x holds X+Y
	case v.n == 5:
		if f, xyz := int(v.f), int(v.x); f >= 7 || xyz >= 18-f { // x holds X+Y+Z
			return premise()
		}
		p := premise()
		p.toFive = true
		return p
	}
	return premise() // six cards or more: "バーストとみなし" (taken for a bust)
}

// twoCards is slides 2-5 (the player shows X only).
func twoCards(x, up int) policy {
	switch x {
	case 1:
		return upTo(17)
	case 2:
		return premise()
	case 3, 4:
		return upTo(13)
	case 5:
		return upTo(14)
	case 6:
		return upTo(15)
	case 7:
		return upTo(16)
	case 8:
		p := upTo(16)
		if up >= 8 {
			p.hit[17] = 0.5
		}
		return p
	}
	return upTo(17) // X = 9 against up <= 6; fill: X = 9 against 7 or 8+, and X = 10
}

// threeCards is slides 6-7 (the player shows X and Y; s = X+Y).
func threeCards(x, s int) policy {
	switch {
	case s >= 17:
		return premise()
	case s == 16:
		if x >= 9 {
			return upTo(15)
		}
		return premise()
	case s == 15:
		switch {
		case x >= 8:
			return upTo(15)
		case x == 7:
			return halfUpTo(15)
		}
		return premise()
	case s == 14:
		if x >= 6 {
			return upTo(15)
		}
		return halfUpTo(15)
	case s == 13 && x == 3:
		return halfUpTo(15)
	}
	return upTo(15) // s = 13 with X >= 4; fill: s <= 12
}

// fourCards is slides 8-13 (the player shows X, Y and Z; s = X+Y). Each
// row lists the thresholds for Z = A, 2, 3, ...; a row ends where the
// premise takes over, and a negative entry hits with probability 1/2 up
// to its absolute value.
func fourCards(s, z int) policy {
	rows := map[int][]int{
		19: {20},
		18: {19, 20}, // the slide's second "Z = A" read as Z = 2
		17: {18},
		16: {17, 18, -19},
		15: {16, 17, 18, 19},
		14: {15, 16, 18, 18},
		13: {15, 15, 16, 17, 18},
		12: {15, 15, 15, 16, 17, 18},
		11: {15, 15, 15, 15, 16, 18, -18},
		10: {15, 15, 15, 15, 15, 16, -18},
		9:  {15, 15, 15, 15, 15, 15, -16},
		8:  {-16, -16, -16, -16, -16, -16, -16},
	}
	if s <= 7 {
		return upTo(15) // s = 7; fill: s <= 6
	}
	row := rows[s] // s >= 20: no row, the premise
	if z > len(row) {
		return premise()
	}
	if t := row[z-1]; t < 0 {
		return halfUpTo(-t)
	} else {
		return upTo(t)
	}
}
