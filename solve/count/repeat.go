package count

import "math"

// A Repeat says how many of a run's rounded indices two seeds' runs can be
// expected to round alike: the integers a counter memorises are only as
// good as that. It is computed from the run's own crossings and standard
// errors: each crossing's truth normal about its estimate with its SE, and
// each run's crossing normal about the truth with its SE (one over the
// square root of the shoes). So it speaks for the indices the run placed,
// not for a play one seed places and another does not.
type Repeat struct {
	Indices int     `json:"indices"` // the indices with a crossing it is over
	Share   float64 `json:"share"`   // the expected share of them that two runs of as many shoes round alike
	// Shoes95 is about how many shoes make Share 95% (rounded up to a
	// hundred): the run's own where it already is, 0 where it would take
	// more than RepeatReach times the run's.
	Shoes95 int `json:"shoes_95"`
}

// repeatTarget is the share of integers a counter can rely on.
const repeatTarget = 0.95

// RepeatReach bounds how many times the run's shoes Repeat looks at.
const RepeatReach = 64

// RepeatOf returns how many of the indices with a crossing (not never,
// not unplaced) two runs of the same shoes round alike, and the shoes
// that would make it 95%.
func (r Rounding) RepeatOf(xs []Index, shoes int) Repeat {
	var placed []Index
	for _, x := range xs {
		if x.HasIndex() && !math.IsNaN(x.SE) {
			placed = append(placed, x)
		}
	}
	if len(placed) == 0 {
		return Repeat{}
	}
	share := func(k float64) float64 { // with k times the shoes
		s := 0.0
		for _, x := range placed {
			s += r.Agree(x.Index, x.SE, k)
		}
		return s / float64(len(placed))
	}
	out := Repeat{Indices: len(placed), Share: share(1), Shoes95: shoes}
	if out.Share >= repeatTarget {
		return out
	}
	out.Shoes95 = 0
	if share(RepeatReach) < repeatTarget {
		return out
	}
	lo, hi := 1.0, float64(RepeatReach) // share(lo) < target <= share(hi)
	for hi/lo > 1.01 {
		if mid := math.Sqrt(lo * hi); share(mid) >= repeatTarget {
			hi = mid
		} else {
			lo = mid
		}
	}
	out.Shoes95 = int(math.Ceil(hi*float64(shoes)/100)) * 100
	return out
}

// Agree returns the chance that two runs of k times a run's shoes round
// its crossing alike, the run's crossing being x with standard error se:
// the truth normal about x with se, each run's crossing normal about the
// truth with se over the square root of k. It integrates over the truth
// on a grid of a twentieth of se.
func (r Rounding) Agree(x, se, k float64) float64 {
	if se <= 0 {
		return 1
	}
	const step, reach = 0.05, 5.0
	s := se / math.Sqrt(k)
	p, w := 0.0, 0.0
	for z := -reach; z <= reach+step/2; z += step {
		wz := math.Exp(-z * z / 2)
		p += wz * r.sameRound(x+se*z, s)
		w += wz
	}
	return p / w
}

// sameRound returns the chance that two crossings normal about t with
// standard error s round alike: the sum over the integers n of the
// chance of rounding to n, squared.
func (r Rounding) sameRound(t, s float64) float64 {
	lo, hi := r.Round(t-8*s), r.Round(t+8*s)
	if hi-lo > 1000 { // the chance of any one integer is below a thousandth
		return 0
	}
	p := 0.0
	for n := lo; n <= hi; n++ {
		a, b := r.cell(n)
		q := normalCDF((b-t)/s) - normalCDF((a-t)/s)
		p += q * q
	}
	return p
}

// cell returns the counts a..b the rounding makes n of (which end is
// open does not change a chance).
func (r Rounding) cell(n int) (a, b float64) {
	f := float64(n)
	switch {
	case r == Floor:
		return f, f + 1
	case r == Truncate && n > 0:
		return f, f + 1
	case r == Truncate && n < 0:
		return f - 1, f
	case r == Truncate:
		return -1, 1
	}
	return f - 0.5, f + 0.5
}

// normalCDF is the standard normal distribution function.
func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
