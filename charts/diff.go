package charts

import (
	"fmt"

	"bjchart/solve"
)

// DefaultTie is the EV per occurrence below which a difference is a near-tie.
const DefaultTie = 0.0005

// A Difference is one cell where the published chart and the solution
// disagree.
type Difference struct {
	Table solve.TableKind
	Hand  string
	Up    solve.Rank
	// ThreeCard marks a difference in the play of hands of three or more
	// cards of the cell's total (the published play is the row's hit/stand
	// play); otherwise the two-card play differs.
	ThreeCard bool
	Printed   string     // the published code as printed
	Published solve.Play // as resolved for the rules
	Solver    solve.Play
	// EVPublished and EVSolver are the EVs of the two first actions in the
	// solver's cell (two-card differences), in the table's conditioning.
	EVPublished, EVSolver float64
	// PerRound is the round's EV given up (fraction of the initial bet)
	// when the solver's chart follows the published play in this cell only;
	// Cost is that per occurrence of the cell.
	PerRound, Cost float64
	NearTie        bool // Cost below the tie threshold
}

// A CellRef names a cell.
type CellRef struct {
	Table solve.TableKind
	Hand  string
	Up    solve.Rank
}

// A Diff compares a published chart with the solution of a rule set.
type Diff struct {
	Chart       *Chart
	Resolved    *Resolved
	Solved      *solve.Table // the solution: the best chart for the rules
	Published   *solve.Table // the published chart valued exactly under the same rules
	Differences []Difference
	// Unknown are the cells printed ?: the chart gives no play there, and
	// Published plays them as the solution does, so Cost is what the
	// chart's printed cells give up. Every report of a diff names them.
	Unknown []CellRef
	Tie     float64
	// Cost is what following the published chart gives up: the
	// solution's round EV minus the published chart's, as a fraction of
	// the initial bet (0 or more, like every cell's cost).
	Cost float64
}

// UnknownNote says, for a report, how the chart's unknown cells were
// valued ("" when it has none).
func (d *Diff) UnknownNote() string {
	if len(d.Unknown) == 0 {
		return ""
	}
	return fmt.Sprintf("its %d cells printed ? (no play given) played as the solution plays them", len(d.Unknown))
}

// IsUnknown reports whether the chart prints ? at a cell.
func (d *Diff) IsUnknown(ref CellRef) bool {
	for _, u := range d.Unknown {
		if u == ref {
			return true
		}
	}
	return false
}

// Beyond counts the two-card differences that are not near-ties: the
// cells where the printed chart disagrees with the solution. Differences in
// the play of three or more cards are not counted: the format prints no
// such play, and reading it as the row's hit/stand play is bjchart's.
func (d *Diff) Beyond() int {
	n := 0
	for _, x := range d.Differences {
		if !x.NearTie && !x.ThreeCard {
			n++
		}
	}
	return n
}

// Compare diffs a chart against a solved rule set, with tie the EV per
// occurrence below which a difference counts as a near-tie.
func Compare(s *solve.Solver, c *Chart, tie float64) (*Diff, error) {
	t := s.Table()
	res := Resolve(c, t.Rules, t)
	printed, unknown := 0, 0
	for i := range res.Printed {
		if res.Printed[i] != "" {
			printed++
			if res.Unknown[i] {
				unknown++
			}
		}
	}
	if printed > 0 && unknown == printed {
		return nil, fmt.Errorf("chart %s prints ? in every cell: it gives no play to compare or to play", c.Name)
	}
	pub, err := s.Evaluate(res.Strategy)
	if err != nil {
		return nil, fmt.Errorf("valuing chart %s: %w", c.Name, err)
	}
	d := &Diff{Chart: c, Resolved: res, Solved: t, Published: pub, Tie: tie, Cost: t.EV - pub.EV}
	own := t.Strategy()
	for i := range t.Cells {
		cell := &t.Cells[i]
		if res.Printed[i] == "" {
			continue
		}
		if res.Unknown[i] {
			d.Unknown = append(d.Unknown, CellRef{cell.Table, cell.Hand, cell.Up})
			continue
		}
		p := res.Strategy[i]
		if !sameTwoCard(p.Code, cell.Code) {
			play := own[i]
			play.Code = p.Code
			x, err := d.difference(s, own, i, play, cell.Freq)
			if err != nil {
				return nil, err
			}
			x.EVPublished, x.EVSolver = cell.EV[p.Code.Best], cell.EV[cell.Code.Best]
			d.Differences = append(d.Differences, x)
		}
		if cell.Table != solve.Pairs && p.MultiCard != cell.MultiCard {
			play := own[i]
			play.MultiCard = p.MultiCard
			x, err := d.difference(s, own, i, play, cell.MultiFreq)
			if err != nil {
				return nil, err
			}
			x.ThreeCard = true
			d.Differences = append(d.Differences, x)
		}
	}
	return d, nil
}

// difference values the solution's chart own with cell i played as play
// instead, freq being how often that play decides a hand.
func (d *Diff) difference(s *solve.Solver, own solve.Strategy, i int, play solve.Play, freq float64) (Difference, error) {
	st := append(solve.Strategy(nil), own...)
	st[i] = play
	alt, err := s.Evaluate(st)
	if err != nil {
		return Difference{}, err
	}
	cell := &d.Solved.Cells[i]
	x := Difference{
		Table: cell.Table, Hand: cell.Hand, Up: cell.Up,
		Printed: d.Resolved.Printed[i], Published: d.Resolved.Strategy[i], Solver: own[i],
		PerRound: d.Solved.EV - alt.EV,
	}
	if freq > 0 {
		x.Cost = x.PerRound / freq
	}
	x.NearTie = x.Cost < d.Tie
	return x, nil
}

// sameTwoCard reports whether two codes play two-card hands alike: the
// same action, and for doubles and surrenders the same fallback (a
// split's printed fallback only describes other rules).
func sameTwoCard(a, b solve.Code) bool {
	if a.Best != b.Best {
		return false
	}
	if a.Best == solve.Double || a.Best == solve.Surrender {
		return a.Fallback == b.Fallback
	}
	return true
}
