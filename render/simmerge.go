package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"bjchart/solve"
	"bjchart/solve/risk"
	"bjchart/solve/sim"
)

// NewPaperRef sets a published payout ratio (source, over the paper's
// rounds) beside the simulated one of s, in the standard errors of a run
// of the paper's length; nil for a setting the paper did not run (a NaN
// payout).
func NewPaperRef(source string, rounds int64, payout float64, s SimReport) *PaperRef {
	if math.IsNaN(payout) {
		return nil
	}
	se := (s.PayoutCI95[1] - s.PayoutCI95[0]) / (2 * 1.96) * math.Sqrt(float64(s.Rounds)/float64(rounds))
	return &PaperRef{Source: source, Rounds: rounds, PayoutRatio: payout, SEAtPaperRounds: se, SEsApart: (payout - s.PayoutRatio) / se}
}

// CountPlot is the edge by count with 95% error bars (counts with fewer
// than MinCountRounds rounds left out: they say nothing), for
// DrawCountPlot.
func (s SimReport) CountPlot() (CountPlot, error) {
	kind := "running count"
	if s.Balanced {
		kind = "true count (running count per deck left), floored"
	}
	cp := CountPlot{
		Title:  fmt.Sprintf("%s, %s: edge by count (%d rounds, seed %d)", RulesText(s.Rules, s.Shoe), s.Count, s.Rounds, s.Seed),
		XLabel: kind + ", at the bet",
		YLabel: "player's edge, % of the amount wagered (95% interval)",
	}
	for _, r := range s.ByCount {
		if r.Rounds >= MinCountRounds {
			cp.Points = append(cp.Points, CountPoint{Count: r.Count, Value: 100 * r.Edge, HalfWidth: 196 * r.EdgeSE})
		}
	}
	if len(cp.Points) == 0 {
		return cp, fmt.Errorf("no count has %d rounds: play more rounds", MinCountRounds)
	}
	return cp, nil
}

// ReadSimPart reads one part of a split run (the JSON output of 'bjchart
// sim --shard i/n --format json'): its report, which part it is and of how
// many. Sums that sim.Result.Check refuses are refused.
func ReadSimPart(data []byte) (part SimReport, i, n int, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&part); err != nil || part.Sums == nil || part.Fingerprint == "" {
		return part, 0, 0, fmt.Errorf("not the JSON output of 'bjchart sim --shard i/n --format json'")
	}
	if i, n, err = sim.ParseShard(part.Shard); err != nil {
		return part, 0, 0, fmt.Errorf("no --shard part: %v", err)
	}
	r, err := solve.ParseRules(part.Rules)
	if err != nil {
		return part, 0, 0, fmt.Errorf("rules: %v", err)
	}
	if part.Sums.Players != part.Players || len(part.SeatResults) > part.Players {
		return part, 0, 0, fmt.Errorf("the players do not agree with the sums")
	}
	for _, seat := range part.SeatResults {
		if seat.Seat < 1 || seat.Seat > part.Players {
			return part, 0, 0, fmt.Errorf("seat %d of %d", seat.Seat, part.Players)
		}
	}
	if ref := part.Reference; ref != nil && (ref.Rounds < 1 || !(ref.PayoutRatio > 0 && ref.PayoutRatio < 10)) {
		return part, 0, 0, fmt.Errorf("the paper's reference is damaged")
	}
	if c := part.Counter; c != nil && !(c.Bankroll >= 0 && c.Bankroll < 1e300) {
		return part, 0, 0, fmt.Errorf("bankroll %v", c.Bankroll)
	}
	if err := part.Sums.Check(sim.MaxPays(r)); err != nil {
		return part, 0, 0, fmt.Errorf("damaged sums: %v", err)
	}
	if part.Seal == "" || SealPart(part) != part.Seal {
		return part, 0, 0, fmt.Errorf("part %s has been edited since 'bjchart sim' wrote it (its seal does not match its label, header and sums)", part.Shard)
	}
	return part, i, n, nil
}

// SealPart returns the seal of a part of a split run: the SHA-256 of its
// JSON with the seal left out, which binds the part's label (shard), its
// header (rules, seed, strategy, ...) and its sums. 'bjchart sim merge'
// recomputes it, so that an edit to any of them (a part relabelled to
// count twice, a header copied from another game) is refused. It is a
// check against mistakes and careless edits, not a signature: whoever
// edits a part can also recompute its seal.
func SealPart(part SimReport) string {
	part.Seal = ""
	data, err := json.Marshal(part)
	if err != nil {
		return "" // a report holds no value JSON cannot encode
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// MergeSimParts reads the parts of a split run (data[k] from the file
// names[k]) and reports their sum as one run. Every part must be there
// once, with the fingerprint of one run and sums that pass sim's checks.
func MergeSimParts(names []string, data [][]byte) (SimReport, error) {
	var first SimReport
	var total sim.Result
	seen := map[int]string{}
	sums := map[int]sim.Result{}
	sumsSeen := map[string]string{} // a part's sums as JSON → its file
	n := 0
	for k, f := range names {
		part, i, pn, err := ReadSimPart(data[k])
		if err != nil {
			return first, fmt.Errorf("%s: %v", f, err)
		}
		if k == 0 {
			first, n = part, pn
		} else if part.Fingerprint != first.Fingerprint || pn != n {
			return first, fmt.Errorf("%s: not a part of the same run as %s (every option but --shard, the content of every input file and the program's version must agree)", f, names[0])
		}
		if prev, dup := seen[i]; dup {
			return first, fmt.Errorf("%s: part %d/%d again (also %s)", f, i, n, prev)
		}
		key, _ := json.Marshal(part.Sums)
		if prev, dup := sumsSeen[string(key)]; dup {
			return first, fmt.Errorf("%s: the same sums as %s: one part given twice under two labels", f, prev)
		}
		sumsSeen[string(key)] = f
		seen[i], sums[i] = f, *part.Sums
	}
	if len(seen) != n {
		var missing []string
		for i := 1; i <= n && len(missing) < 10; i++ {
			if _, ok := seen[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		return first, fmt.Errorf("%d of %d parts given; missing %s", len(seen), n, strings.Join(missing, ", "))
	}
	for i := 1; i <= n; i++ { // in part order: the same sums on any machine
		total.Merge(sums[i])
	}
	total.Players = first.Players
	head := SimReport{Rules: first.Rules, Shoe: first.Shoe, Strategy: first.Strategy, Seed: first.Seed, Shuffle: first.Shuffle,
		Count: first.Count, Ramp: first.Ramp, IndexPlays: first.IndexPlays, Balanced: first.Balanced, UnitBet: first.Ramp == "", ExactOf: first.ExactOf}
	merged := head.WithResult(total, first.ExactEV, 0)
	merged.Sums = &total
	merged.SeatResults = SeatRows(total, first.SeatResults)
	if ref := first.Reference; ref != nil {
		merged.Reference = NewPaperRef(ref.Source, ref.Rounds, ref.PayoutRatio, merged)
	}
	if first.Counter != nil {
		merged.Counter, merged.ByCount = risk.NewCounter(total, first.Counter.Bankroll)
	}
	return merged, nil
}

// SeatRows are the rows of the seats of own (each with its number and
// spec) from a run's sums.
func SeatRows(res sim.Result, own []SeatRow) []SeatRow {
	var out []SeatRow
	for _, seat := range own {
		sr := res.Seats[seat.Seat-1]
		out = append(out, SeatRow{Seat: seat.Seat, Spec: seat.Spec, Rounds: sr.Rounds,
			EV: sr.EV(), SE: sr.SE(), Wagered: sr.Wagered, Returned: sr.Wagered + sr.Net})
	}
	return out
}
