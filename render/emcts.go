package render

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"text/tabwriter"

	"bjchart/solve"
	"bjchart/solve/sim"
)

// EMCTSSetting is one setting of the search and how it decided.
type EMCTSSetting struct {
	Tree         string           `json:"tree"` // actions/mean, cards/max/exact, ...
	C            float64          `json:"c"`
	Reward       string           `json:"reward"`
	Positions    int              `json:"positions"`
	Right        int              `json:"right"`
	RightShare   float64          `json:"right_share"`
	RightByFreq  float64          `json:"right_by_frequency"`
	LostPerRound float64          `json:"ev_lost_per_round"`
	Wrong        []emctsWrongPlay `json:"wrong"` // costliest first
	positions    []sim.Position   // what the grids are drawn from
}

// emctsWrongPlay is one position the search decides otherwise than the exact
// best play.
type emctsWrongPlay struct {
	Hand     string  `json:"hand"` // "9,7"
	Up       string  `json:"up"`
	Search   string  `json:"search"`
	Votes    int     `json:"votes"` // of the runs
	Exact    string  `json:"exact"`
	Lost     float64 `json:"ev_lost"`           // per time the hand is played
	PerRound float64 `json:"ev_lost_per_round"` // weighed by how often it is dealt
}

// EMCTSCheckReport is 'bjchart emcts-check”s report: Itoh 2023's tree
// search set beside the exact best first play, one setting at a time.
type EMCTSCheckReport struct {
	Rules     string         `json:"rules"`
	Playouts  int            `json:"playouts"`
	Threshold int            `json:"threshold"`
	Runs      int            `json:"runs"`
	Seed      uint64         `json:"seed"`
	Playout   string         `json:"playout_chart"`
	Settings  []EMCTSSetting `json:"settings"`
}

// NewEMCTSSetting summarises how one setting (C, reward) decided the
// positions ps, its wrong decisions costliest first.
func NewEMCTSSetting(c float64, reward string, ps []sim.Position) EMCTSSetting {
	sum := sim.Summarize(ps)
	set := EMCTSSetting{C: c, Reward: reward, Positions: sum.Positions, Right: sum.Right, RightShare: sum.RightShare,
		RightByFreq: sum.RightByFreq, LostPerRound: sum.LostPerRound, positions: ps}
	for i := range ps {
		p := &ps[i]
		if p.Right() {
			continue
		}
		h := p.Hand
		set.Wrong = append(set.Wrong, emctsWrongPlay{Hand: fmt.Sprintf("%v,%v", h.Cards[1], h.Cards[0]), Up: h.Up.String(),
			Search: p.Play.String(), Votes: p.Votes[p.Play], Exact: h.Best.String(), Lost: p.Lost, PerRound: h.Freq * p.Lost})
	}
	slices.SortStableFunc(set.Wrong, func(a, b emctsWrongPlay) int { return cmp.Compare(b.PerRound, a.PerRound) })
	return set
}

// Text writes the report, listing each setting's list costliest wrong
// decisions.
func (rep EMCTSCheckReport) Text(b io.Writer, list int) error {
	fmt.Fprintf(b, "bjchart emcts-check: %s, full shoe\n", rep.Rules)
	runs := fmt.Sprintf("%d searches a position, the majority decides", rep.Runs)
	if rep.Runs == 1 {
		runs = "one search a position"
	}
	fmt.Fprintf(b, "eMCTS: %d playouts a decision, threshold %d, playouts by %s; %s (seed %d)\n\n",
		rep.Playouts, rep.Threshold, rep.Playout, runs, rep.Seed)
	fmt.Fprintln(b, "right: the share of the two-card positions where the search plays the exact best")
	fmt.Fprintln(b, "play, of the positions and (by frequency) weighed by how often each is dealt. EV")
	fmt.Fprintln(b, "given up: per round, first decisions only, in % of the initial bet.")
	fmt.Fprintln(b)
	tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "tree\tC\treward\tright, positions\tby frequency\tEV given up\t")
	for _, s := range rep.Settings {
		fmt.Fprintf(tw, "%s\t%g\t%s\t%d/%d = %.1f%%\t%.2f%%\t%.4f%%\t\n", s.Tree, s.C, s.Reward, s.Right, s.Positions, 100*s.RightShare, 100*s.RightByFreq, 100*s.LostPerRound)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if list == 0 {
		return nil
	}
	for _, s := range rep.Settings {
		fmt.Fprintf(b, "\n%s, C=%g, %s: the costliest wrong decisions, in %% of the initial bet\n", s.Tree, s.C, s.Reward)
		tw := tabwriter.NewWriter(b, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  position\tsearch\tbest\tlost a play\tlost a round\t")
		for i, w := range s.Wrong {
			if i == list {
				fmt.Fprintf(tw, "  ... and %d more\t\n", len(s.Wrong)-list)
				break
			}
			fmt.Fprintf(tw, "  %s v %s\t%s (%d of %d)\t%s\t%.2f%%\t%.5f%%\t\n", w.Hand, w.Up, w.Search, w.Votes, rep.Runs, w.Exact, 100*w.Lost, 100*w.PerRound)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// Grids lays a setting's positions out as the chart's three tables:
// each cell's colour is the EV the search gives up per time a hand of the
// cell is played (its hands weighed by frequency), its label the search's
// play and the exact one ("H/R": eMCTS hits, the best play surrenders)
// for the cell's most frequent wrong hand.
func (set EMCTSSetting) Grids(t *solve.Table) ([]*EVGrid, HeatmapOptions) {
	type cell struct {
		lost, freq, worst float64
		label             string
	}
	cells := map[CellKey]*cell{}
	for i := range set.positions {
		p := &set.positions[i]
		h := p.Hand
		k := CellKey{Table: solve.Hard, Hand: strconv.Itoa(int(h.Cards[0] + h.Cards[1])), Up: h.Up}
		switch {
		case h.Cards[0] == h.Cards[1]:
			k.Table, k.Hand = solve.Pairs, h.Cards[0].String()+h.Cards[1].String()
		case h.Cards[0] == 1:
			k.Table, k.Hand = solve.Soft, "A"+h.Cards[1].String()
		}
		c := cells[k]
		if c == nil {
			c = &cell{}
			cells[k] = c
		}
		c.lost += h.Freq * p.Lost
		c.freq += h.Freq
		if !p.Right() && h.Freq > c.worst {
			c.worst, c.label = h.Freq, p.Play.Letter()+"/"+h.Best.Letter()
		}
	}
	var grids []*EVGrid
	for _, kind := range []solve.TableKind{solve.Hard, solve.Soft, solve.Pairs} {
		g := newGrid(t, kind, func(c *solve.Cell) float64 {
			if x := cells[CellKey{Table: c.Table, Hand: c.Hand, Up: c.Up}]; x != nil && x.freq > 0 {
				return x.lost / x.freq
			}
			return math.NaN()
		})
		for r, hand := range g.Rows {
			for i, up := range solve.UpCards {
				g.Codes[r][i] = ""
				if x := cells[CellKey{Table: kind, Hand: hand, Up: up}]; x != nil {
					g.Codes[r][i] = x.label
				}
			}
		}
		grids = append(grids, g)
	}
	return grids, HeatmapOptions{Sequential: true, Codes: true,
		Scale: "EV given up per hand played (label: eMCTS/exact where they differ)",
		Notes: []string{
			"Each cell: the EV (a fraction of the initial bet) the search's first play gives up per hand of the cell played, " +
				"its hands weighed by how often each is dealt, then the search's play / the exact best play for the cell's most frequent wrong hand " +
				"(H hit, S stand, D double, P split, R surrender); 0.000: every hand of the cell decided right.",
			"Grey: no two-card hand is decided there (hard 20 and 21 are a pair or a blackjack). " + t.Conditioning.Describe() + ".",
		}}
}
