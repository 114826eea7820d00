// Package simreport is a simulation's report: its figures from a run's
// sums, the published figure beside them, and the parts of a run split
// across machines ('bjchart sim --shard'), sealed and merged. The run
// itself, which plays published charts, is render/compose's SimRequest;
// package render formats the report.
package simreport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/risk"
	"bjchart/solve/sim"
)

// A Report is a simulation's figures (the output of 'bjchart sim' and
// the page's simulation); its JSON field names are stable.
type Report struct {
	Rules    string `json:"rules"`
	Shoe     string `json:"shoe,omitempty"` // the shoe dealt from (counts of A,2..9,T), when not full decks
	Strategy string `json:"strategy"`
	Seed     uint64 `json:"seed"`
	Shuffle  string `json:"shuffle"` // "continuous" or "75% penetration"
	Rounds   int64  `json:"rounds"`
	Hands    int64  `json:"hands"`
	// EV, SE, CI95, SD, AverageBet, Wagered and Returned are in units: a
	// unit is a bet of 1 in the ramp (without one, the flat bet).
	EV          float64    `json:"ev"` // per player and round
	SE          float64    `json:"se"`
	CI95        [2]float64 `json:"ci95"`
	SD          float64    `json:"sd"`
	AverageBet  float64    `json:"average_bet"` // wagered per round, doubles and splits included
	Wagered     float64    `json:"wagered"`
	Returned    float64    `json:"returned"`
	PayoutRatio float64    `json:"payout_ratio"`
	PayoutCI95  [2]float64 `json:"payout_ratio_ci95"`
	Wins        int64      `json:"wins"`
	Pushes      int64      `json:"pushes"`
	Losses      int64      `json:"losses"`
	ExactEV     float64    `json:"exact_ev"` // the strategy's exact EV with a fresh full shoe every round
	// ExactOf names what ExactEV is of when the strategy has no exact EV
	// of its own ("" for the strategy itself).
	ExactOf   string  `json:"exact_ev_of,omitempty"`
	RoundsSec float64 `json:"rounds_per_sec"`
	// Shard, Fingerprint and Sums let 'bjchart sim merge' combine runs
	// exactly; Fingerprint identifies everything that defines the run
	// (runFingerprint).
	Shard       string `json:"shard,omitempty"` // "i/n"
	Fingerprint string `json:"fingerprint,omitempty"`
	// Seal binds a part's label, header and sums together (Seal), so
	// that 'bjchart sim merge' notices an edited or relabelled part.
	Seal    string      `json:"seal,omitempty"`
	Sums    *sim.Result `json:"sums"`
	Players int         `json:"players"`
	Watched int64       `json:"watched,omitempty"` // rounds sat out (a ramp bet of 0), not in rounds
	Count   string      `json:"count,omitempty"`
	// TrueCount says how the counter reads the true count when not
	// exactly (sim.Estimate).
	TrueCount string `json:"true_count,omitempty"`
	Ramp      string `json:"ramp,omitempty"`
	// IndexPlays, with --indices: the index plays made and those not.
	IndexPlays *IndexPlaySet `json:"index_plays,omitempty"`
	Reference  *PaperRef     `json:"reference,omitempty"` // a preset's published figure
	// With a count: the counter's figures (in units) and the breakdown by
	// count.
	Counter *risk.Counter `json:"counter,omitempty"`
	// SeatResults, with --seat: each seat's own rounds.
	SeatResults []SeatRow       `json:"seats,omitempty"`
	ByCount     []risk.CountRow `json:"by_count,omitempty"`

	// Side is the side bet placed beside the main bet, with what it won.
	Side *SideRow `json:"side,omitempty"`

	UnitBet  bool `json:"-"` // a flat bet of 1 unit: EVs read as fractions of the bet
	Balanced bool `json:"balanced,omitempty"`
}

// An IndexPlaySet is the index plays a simulation makes, as its report
// lists them.
type IndexPlaySet struct {
	Source string `json:"source"` // the set: published, computed or a file
	// ComputedFor is the rules an indices file was computed for, when
	// they are not the rules simulated.
	ComputedFor string   `json:"computed_for,omitempty"`
	Scope       string   `json:"scope"`                // where they are taken (IndexScopeText)
	InPlay      []string `json:"in_play"`              // "16 v T stand at +0.00"
	NotPlayed   []string `json:"not_played,omitempty"` // each with why
}

// IndexScopeText says where a simulation takes its index plays, by the
// scope's name (sim.IndexScopes).
var IndexScopeText = map[string]string{
	"card":  "wherever the counter's card prints them (split hands, hands of three or more cards, pairs played by their total, the hand not surrendered)",
	"first": "at the first play of an unsplit two-card hand only",
}

// A SideRow is a side bet placed a unit a time beside the main bet:
// how often, what it returned a placing (with its standard error by
// batch means over the shards), the mean of its exact value on the cards
// not seen at each placing (a bet on the first cards), and what it won
// per 100 rounds dealt.
type SideRow struct {
	Bet       string   `json:"bet"` // "21+3 (100-40-30-10-5)"
	Trigger   *float64 `json:"trigger,omitempty"`
	Count     string   `json:"count,omitempty"` // the count the trigger is read on
	Placed    int64    `json:"placed"`
	Share     float64  `json:"share"` // of the rounds dealt to each player
	EV        float64  `json:"ev"`    // a placing's return, a fraction of the stake
	SE        float64  `json:"se"`
	ExactEV   *float64 `json:"exact_ev_when_placed,omitempty"`
	Per100    float64  `json:"units_per_100_rounds"` // per player
	Per100SE  float64  `json:"units_per_100_rounds_se"`
	BatchMean bool     `json:"batch_means"` // the SEs are by batch means over the shards
}

// SeatRow is one seat's result, in units.
type SeatRow struct {
	Seat     int     `json:"seat"`
	Spec     string  `json:"spec"`
	Rounds   int64   `json:"rounds"` // played
	EV       float64 `json:"ev"`
	SE       float64 `json:"se"`
	Wagered  float64 `json:"wagered"`
	Returned float64 `json:"returned"`
}

// PaperRef sets a published payout ratio beside the simulated one.
type PaperRef struct {
	Source      string  `json:"source"`
	Rounds      int64   `json:"rounds"` // the paper's
	PayoutRatio float64 `json:"payout_ratio"`
	// SEAtPaperRounds is the standard error a payout ratio has over the
	// paper's rounds (the simulation's, scaled by the square root of the
	// rounds), and SEsApart the published figure's distance from the
	// simulated one in those errors.
	SEAtPaperRounds float64 `json:"se_at_paper_rounds"`
	SEsApart        float64 `json:"ses_apart"`
}

// Head describes a run before its result (WithResult adds it): the game
// as the report names it (rules, and shoe when it is dealt from a shoe
// other than full decks), the strategy, the seed, and the shuffle, count
// and ramp of cfg (ramp as given).
func Head(rules, shoe, strategy string, seed uint64, cfg sim.Config, ramp string) Report {
	h := Report{Rules: rules, Shoe: shoe, Strategy: strategy, Seed: seed, Shuffle: cfg.ShuffleText(), UnitBet: len(cfg.Ramp) == 0}
	if cfg.Count != nil {
		h.Count, h.Ramp, h.Balanced, h.TrueCount = cfg.Count.Name, ramp, cfg.Count.Balanced, cfg.Count.Estimate.String()
	}
	if cfg.Side != nil {
		h.Side = &SideRow{Bet: cfg.Side.Name, Trigger: cfg.Side.Trigger, Count: cfg.Side.CountName}
	}
	return h
}

// WithResult fills a report whose run is described (rules, strategy,
// seed, shuffle, count) with a result; took is the time it took, 0 for
// merged parts (no speed then).
func (s Report) WithResult(res sim.Result, exact float64, took time.Duration) Report {
	pr, prSE := res.PayoutRatio(), res.PayoutRatioSE()
	s.Rounds, s.Hands, s.EV, s.SE = res.Rounds, res.Hands, res.EV(), res.SE()
	s.CI95, s.SD = res.CI95(), res.SD()
	s.AverageBet, s.Wagered, s.Returned = res.Wagered/float64(res.Rounds), res.Wagered, res.Wagered+res.Net
	s.PayoutRatio, s.PayoutCI95 = pr, [2]float64{pr - 1.96*prSE, pr + 1.96*prSE}
	s.Wins, s.Pushes, s.Losses = res.Wins, res.Pushes, res.Losses
	s.ExactEV, s.Players, s.Watched = exact, res.Players, res.Watched
	if took > 0 {
		s.RoundsSec = float64(res.Rounds+res.Watched) / took.Seconds()
	}
	if s.Side != nil && res.Side != nil {
		row := *s.Side
		st := res.Side
		players := float64(max(res.Players, 1)) // the figures are per player, as the main game's
		row.Placed = st.Placed
		if st.Rounds > 0 {
			row.Share = float64(st.Placed) / float64(st.Rounds) / players
		}
		row.EV, row.SE, _ = res.SideEstimate()
		w, wse, batch := res.SidePerRound()
		row.Per100, row.Per100SE, row.BatchMean = 100*w/players, 100*wse/players, batch
		if st.EVs > 0 {
			x := st.EV / float64(st.EVs)
			row.ExactEV = &x
		}
		s.Side = &row
	}
	return s
}

// NewPaperRef sets a published payout ratio (source, over the paper's
// rounds) beside the simulated one of s, in the standard errors of a run
// of the paper's length; nil for a setting the paper did not run (a NaN
// payout).
func NewPaperRef(source string, rounds int64, payout float64, s Report) *PaperRef {
	if math.IsNaN(payout) {
		return nil
	}
	se := (s.PayoutCI95[1] - s.PayoutCI95[0]) / (2 * 1.96) * math.Sqrt(float64(s.Rounds)/float64(rounds))
	return &PaperRef{Source: source, Rounds: rounds, PayoutRatio: payout, SEAtPaperRounds: se, SEsApart: (payout - s.PayoutRatio) / se}
}

// ReadPart reads one part of a split run (the JSON output of 'bjchart
// sim --shard i/n --format json'): its report, which part it is and of how
// many. Sums that sim.Result.Check refuses are refused.
func ReadPart(data []byte) (part Report, i, n int, err error) {
	if err := param.DecodePart(data, &part); errors.Is(err, param.ErrJoinedParts) {
		return part, 0, 0, err
	} else if err != nil || part.Sums == nil || part.Fingerprint == "" {
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
	if part.Seal == "" || Seal(part) != part.Seal {
		return part, 0, 0, fmt.Errorf("part %s has been edited since 'bjchart sim' wrote it (its seal does not match its label, header and sums)", part.Shard)
	}
	return part, i, n, nil
}

// Seal returns the seal of a part of a split run: the SHA-256 of its
// JSON with the seal left out, which binds the part's label (shard), its
// header (rules, seed, strategy, ...) and its sums. 'bjchart sim merge'
// recomputes it, so that an edit to any of them (a part relabelled to
// count twice, a header copied from another game) is refused. It is a
// check against mistakes and careless edits, not a signature: whoever
// edits a part can also recompute its seal.
func Seal(part Report) string {
	part.Seal = ""
	return param.Digest(part) // a report holds no value JSON cannot encode
}

// A MergeRequest asks for the parts of a split run as one run ('bjchart
// sim merge').
type MergeRequest struct {
	Parts []string // the parts' files, each the JSON of 'bjchart sim --shard i/n'
	// Read, if not nil, reads a part's file (a test's, from memory);
	// nil reads the file, at most MaxPartFile bytes (param.PartReader).
	Read func(name string) ([]byte, error)
}

// MaxPartFile bounds a part's file: a part is a few kilobytes.
const MaxPartFile = 1 << 20

// A MergeJob is a merge's parts, read.
type MergeJob struct {
	names []string
	data  [][]byte
}

// Check reads each part and checks that they are every part of one run
// once.
func (q MergeRequest) Check() (MergeJob, error) {
	read := q.Read
	if read == nil {
		read = param.PartReader(MaxPartFile, "a part is a few kilobytes")
	}
	if len(q.Parts) == 0 {
		return MergeJob{}, fmt.Errorf("no parts to merge: give the JSON files of the parts")
	}
	job := MergeJob{names: q.Parts, data: make([][]byte, len(q.Parts))}
	for k, f := range q.Parts {
		var err error
		if job.data[k], err = read(f); err != nil {
			return MergeJob{}, err
		}
	}
	return job, nil
}

// Run merges the parts (Merge); progress is not called.
func (j MergeJob) Run(ctx context.Context, progress func(done, total int64)) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	return Merge(j.names, j.data)
}

// Merge reads the parts of a split run (data[k] from the file
// names[k]) and reports their sum as one run. Every part must be there
// once, with the fingerprint of one run and sums that pass sim's checks.
func Merge(names []string, data [][]byte) (Report, error) {
	var first Report
	var total sim.Result
	sums := map[int]sim.Result{}
	sumsSeen := map[string]string{} // a part's sums as JSON → its file
	labels := make([]param.PartLabel, len(names))
	for k, f := range names {
		part, i, pn, err := ReadPart(data[k])
		if err != nil {
			return first, fmt.Errorf("%s: %v", f, err)
		}
		if k == 0 {
			first = part
		}
		// The header the merged report prints is the parts' own, not bound
		// by the fingerprint: it must be every part's alike.
		labels[k] = param.PartLabel{File: f, I: i, N: pn, Run: part.Fingerprint + "\x00" + param.Digest(header(part))}
		sums[i] = *part.Sums
	}
	if err := param.CheckParts(labels); err != nil {
		return first, err
	}
	for _, l := range labels { // every part once: a part relabelled as another has the other's sums
		key, _ := json.Marshal(sums[l.I])
		if prev, dup := sumsSeen[string(key)]; dup {
			return first, fmt.Errorf("%s: the same sums as %s: one part given twice under two labels", l.File, prev)
		}
		sumsSeen[string(key)] = l.File
	}
	n := labels[0].N
	for i := 1; i <= n; i++ { // in part order: the same sums on any machine
		total.Merge(sums[i])
	}
	total.Players = first.Players
	merged := header(first).WithResult(total, first.ExactEV, 0)
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

// header is what a merged report prints of its run, from a part: its
// rules, shoe, strategy, seed, shuffle, count, ramp, index plays and side
// bet (its figures again from the merged sums).
func header(p Report) Report {
	h := Report{Rules: p.Rules, Shoe: p.Shoe, Strategy: p.Strategy, Seed: p.Seed, Shuffle: p.Shuffle,
		Count: p.Count, TrueCount: p.TrueCount, Ramp: p.Ramp, IndexPlays: p.IndexPlays, Balanced: p.Balanced, UnitBet: p.Ramp == "", ExactOf: p.ExactOf}
	if p.Side != nil {
		h.Side = &SideRow{Bet: p.Side.Bet, Trigger: p.Side.Trigger, Count: p.Side.Count}
	}
	return h
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
