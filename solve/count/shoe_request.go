package count

import (
	"fmt"
	"math"
	"strconv"

	"bjchart/solve"
	"bjchart/solve/param"
)

// A ShoeRequest asks for the shoe a count typically leaves: a true count
// of a balanced count, or a running count of any, with a share of the
// shoe dealt ('bjchart chart --count hilo --tc +3' solves its chart).
type ShoeRequest struct {
	Count string  // a built-in count's name
	Tags  string  // a custom count's tags, instead of Count
	TC    string  // a true count, e.g. "+3"; or
	RC    string  // a running count, e.g. "-4"
	Dealt float64 // the share of the shoe dealt
}

// DefaultShoeRequest asks for no shoe yet, half the shoe dealt.
func DefaultShoeRequest() ShoeRequest { return ShoeRequest{Dealt: 0.5} }

// Params adds the request's fields to s.
func (q *ShoeRequest) Params(s *param.Set) {
	s.String(&q.Count, "count", "with {tc} or {rc}: the count (a built-in name or tags \"A=-1,2=1,...\")")
	s.String(&q.Tags, "tags", "with {tc} or {rc}: a custom count's tags \"A=-1,2=1,...\" instead of {count}")
	s.String(&q.TC, "tc", "solve the shoe a true count typically leaves (with a balanced {count}), e.g. +3")
	s.String(&q.RC, "rc", "solve the shoe a running count typically leaves at {dealt} (with {count}; unbalanced counts from their initial count), e.g. -4")
	s.Percent(&q.Dealt, "dealt", "with {tc} or {rc}: how much of the shoe has been dealt")
}

// Asked reports whether the request asks for a shoe at all.
func (q ShoeRequest) Asked() bool { return q.TC != "" || q.RC != "" || q.Count != "" || q.Tags != "" }

// Shoe returns the shoe the request asks of the rules' full decks, and a
// line saying what it is. fromShoe says the solve was already given a
// remaining shoe, which a count's shoe cannot replace.
func (q ShoeRequest) Shoe(r solve.Rules, fromShoe bool) (solve.Shoe, string, error) {
	var sys System
	var err error
	if q.Tags != "" { // custom tags are checked first, the name of a count last
		if sys, err = (IndicesRequest{Count: q.Count, Tags: q.Tags}).System(); err != nil {
			return solve.Shoe{}, "", err
		}
	}
	if q.Count == "" && q.Tags == "" || (q.TC == "") == (q.RC == "") {
		return solve.Shoe{}, "", param.Fieldf("count", "{count} goes with one of {tc} and {rc}: the chart for the shoe a count leaves")
	}
	if fromShoe || r.Infinite() || r.FullShoe() != solve.NewShoe(r.Decks) {
		return solve.Shoe{}, "", param.Fieldf("tc", "{tc} and {rc} need full 52-card decks to deal from (not {shoe}, INF, SPANISH or DECK=)")
	}
	if q.Tags == "" {
		if sys, err = (IndicesRequest{Count: q.Count}).System(); err != nil {
			return solve.Shoe{}, "", err
		}
	}
	if !(q.Dealt > 0 && q.Dealt < 1) {
		return solve.Shoe{}, "", param.NumberErrorf("dealt", param.FormatPercent(q.Dealt), "want a percentage above 0 and below 100, e.g. 50%%")
	}
	// One of a running count, at any count, and a true count, at a
	// balanced one.
	kind, flag, given, limit, example, format := "running", "rc", q.RC, 1000.0, "-4", "%+g"
	typical, reading := TypicalShoeRC, RunningCount
	if q.TC != "" {
		if !sys.Balanced() {
			return solve.Shoe{}, "", param.Fieldf("tc", "{tc} with %s: an unbalanced count has no true count; give its running count with {rc}", sys.Name)
		}
		kind, flag, given, limit, example, format = "true", "tc", q.TC, 20, "+3", "%+.2f"
		typical, reading = TypicalShoe, TrueCount
	}
	c, err := strconv.ParseFloat(given, 64)
	if err != nil || math.IsNaN(c) || math.IsInf(c, 0) || math.Abs(c) > limit {
		return solve.Shoe{}, "", param.Errorf(flag, given, "want a %s count from -%g to +%g, e.g. %s", kind, limit, limit, example)
	}
	sh, err := typical(r.Decks, sys, c, q.Dealt)
	if err != nil {
		return solve.Shoe{}, "", err
	}
	return sh, fmt.Sprintf("the shoe a %s %s count of %+g typically leaves with %g%% dealt (%s count "+format+" in whole cards)",
		sys.Name, kind, c, 100*q.Dealt, kind, reading(r.Decks, sys, sh)), nil
}
