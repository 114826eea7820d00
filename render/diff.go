package render

import (
	"fmt"
	"io"
	"strings"

	"bjchart/charts"
	"bjchart/solve"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// A DiffReport is a published chart compared with the solved one; From
// says where the rules came from. Its methods write it as text and JSON
// and lay it out for the card.
type DiffReport struct {
	Diff *charts.Diff
	From string
}

// Text writes a diff for a reader: the rules, the costs, the solved chart
// with the differing cells marked and the lists of differences.
func (r DiffReport) Text(buf io.Writer, color bool) error {
	d, from := r.Diff, r.From
	c, t := d.Chart, d.Solved
	fmt.Fprintf(buf, "bjchart diff: %s\n", c.Title())
	fmt.Fprintf(buf, "chart rules:  %s\n", rulesStated(c))
	fmt.Fprintf(buf, "solved:       %s (from %s)\n", t.Rules, from)
	which := chartWord(c)
	fmt.Fprintf(buf, "EV per round: %s %+.4f%%, solution %+.4f%%; %s costs %.4f percentage points per round\n",
		strings.TrimPrefix(which, "the "), 100*d.Published.EV, 100*t.EV, which, 100*d.Cost)
	fmt.Fprintf(buf, "differences:  %d beyond near-ties, %d near-ties (cost per decision below %g)\n",
		d.Beyond(), countTies(d), d.Tie)
	if note := d.UnknownNote(); note != "" {
		fmt.Fprintf(buf, "unknown:      %s; marked ? below\n", note)
	}

	marks := map[charts.CellRef]string{}
	for _, x := range d.Differences {
		if x.ThreeCard {
			continue
		}
		mark := "≠"
		if x.NearTie {
			mark = "≈"
		}
		marks[charts.CellRef{Table: x.Table, Hand: x.Hand, Up: x.Up}] = mark + x.Printed
	}
	legend := "solution; solution≠published, ≈ near-tie, * three or more cards differ"
	if len(d.Unknown) > 0 {
		legend += ", ? not printed"
		for _, u := range d.Unknown {
			marks[u] = "?"
		}
	}
	for _, kind := range charts.Sections {
		fmt.Fprintf(buf, "\n%s (%s)\n", strings.ToUpper(kind.String()), legend)
		g := Grid{}
		for _, hand := range ChartRows(kind) {
			r := GridRow{Label: hand}
			for i, up := range solve.UpCards {
				cell := t.Cell(kind, hand, up)
				text := cell.Code.String() + marks[charts.CellRef{Table: kind, Hand: hand, Up: up}]
				if cell.Marked() {
					text += "*"
				}
				r.Cells[i] = GridCell{Text: " " + text + " ", Action: cell.Code.Best}
			}
			g.Rows = append(g.Rows, r)
		}
		if err := g.WriteText(buf, color); err != nil {
			return err
		}
	}

	list := func(title string, three bool) error {
		var rows [][]string
		for _, x := range d.Differences {
			if x.ThreeCard != three {
				continue
			}
			tie := ""
			if x.NearTie {
				tie = "≈"
			}
			row := []string{x.Table.String() + " " + x.Hand, x.Up.String()}
			if three {
				row = append(row, x.Published.MultiCard.String(), x.Solver.MultiCard.String())
			} else {
				published := x.Printed
				if resolved := x.Published.Code.String(); resolved != x.Printed {
					published += " (" + resolved + ")"
				}
				row = append(row, published, x.Solver.Code.String(),
					fmt.Sprintf("%+.5f%s", x.EVPublished, twoCardMark(x)), fmt.Sprintf("%+.5f", x.EVSolver))
			}
			row = append(row, fmt.Sprintf("%.5f %s", x.Cost, tie), fmt.Sprintf("%.7f", x.PerRound))
			rows = append(rows, row)
		}
		if len(rows) == 0 {
			return nil
		}
		fmt.Fprintf(buf, "\n%s\n", title)
		header := []string{"hand", "up", "published", "solution", "EV pub", "EV sol", "cost/dec", "cost/round"}
		if three {
			header = []string{"hand", "up", "published", "solution", "cost/dec", "cost/round"}
		}
		tab := tablewriter.NewTable(buf, tablewriter.WithHeaderAutoFormat(tw.Off))
		tab.Header(header)
		if err := tab.Bulk(rows); err != nil {
			return err
		}
		return tab.Render()
	}
	if err := list("DIFFERENCES (two-card play; every value a fraction of the initial bet)\n"+
		"EV pub, EV sol: the published and the solution's play, the cell's two-card\n"+
		"hands averaged, later decisions by the solution. cost/dec: EV given up per\n"+
		"decision over every hand the cell decides, split hands' first decisions\n"+
		"included; † where the two-card hands alone favour the published play and the\n"+
		"split hands outweigh them; ≈ a near-tie. cost/round: per round.", false); err != nil {
		return err
	}
	if err := list("HANDS OF THREE OR MORE CARDS (the chart's row play read for them; fractions of\nthe initial bet)", true); err != nil {
		return err
	}
	if len(d.Unknown) > 0 {
		var cells []string
		for _, u := range d.Unknown {
			cells = append(cells, fmt.Sprintf("%s v %v", u.Hand, u.Up))
		}
		fmt.Fprintf(buf, "\nUNKNOWN (printed ?, valued as the solution plays them): %s\n", strings.Join(cells, ", "))
	}
	return nil
}

// twoCardMark marks a difference whose two-card hands favour the published
// play: the solution's choice there rests on the split hands the cell
// also decides.
func twoCardMark(x charts.Difference) string {
	if x.EVPublished > x.EVSolver {
		return " †"
	}
	return ""
}

func countTies(d *charts.Diff) int {
	n := 0
	for _, x := range d.Differences {
		if x.NearTie && !x.ThreeCard {
			n++
		}
	}
	return n
}

// JSONDiff is the JSON form of a diff.
type JSONDiff struct {
	Chart       string           `json:"chart"`
	Title       string           `json:"title"`
	ChartRules  string           `json:"chart_rules"`
	Rules       string           `json:"rules"`
	RulesFrom   string           `json:"rules_from"`
	SolvedEV    float64          `json:"solved_ev"`
	PublishedEV float64          `json:"published_ev"`
	Cost        float64          `json:"cost"`
	Tie         float64          `json:"tie"`
	Beyond      int              `json:"differences_beyond_ties"`
	Differences []jsonDifference `json:"differences"`
	Unknown     []jsonCellRef    `json:"unknown"`
}

type jsonDifference struct {
	Table       string   `json:"table"`
	Hand        string   `json:"hand"`
	Up          string   `json:"up"`
	ThreeCard   bool     `json:"three_card"`
	Printed     string   `json:"printed"`
	Published   string   `json:"published"`
	Solution    string   `json:"solution"`
	EVPublished *float64 `json:"ev_published,omitempty"`
	EVSolution  *float64 `json:"ev_solution,omitempty"`
	Cost        float64  `json:"cost"`
	PerRound    float64  `json:"per_round"`
	NearTie     bool     `json:"near_tie"`
}

type jsonCellRef struct {
	Table string `json:"table"`
	Hand  string `json:"hand"`
	Up    string `json:"up"`
}

// JSON writes a diff as indented JSON.
func (r DiffReport) JSON(buf io.Writer) error {
	d, from := r.Diff, r.From
	out := JSONDiff{
		Chart: d.Chart.Name, Title: d.Chart.Title(), ChartRules: d.Chart.RulesLine(),
		Rules: d.Solved.Rules.String(), RulesFrom: from,
		SolvedEV: d.Solved.EV, PublishedEV: d.Published.EV, Cost: d.Cost, Tie: d.Tie, Beyond: d.Beyond(),
		Differences: []jsonDifference{}, Unknown: []jsonCellRef{},
	}
	for _, x := range d.Differences {
		j := jsonDifference{Table: x.Table.String(), Hand: x.Hand, Up: x.Up.String(), ThreeCard: x.ThreeCard,
			Printed: x.Printed, Cost: x.Cost, PerRound: x.PerRound, NearTie: x.NearTie}
		if x.ThreeCard {
			j.Published, j.Solution = x.Published.MultiCard.Letter(), x.Solver.MultiCard.Letter()
		} else {
			j.Published, j.Solution = x.Published.Code.String(), x.Solver.Code.String()
			ep, es := x.EVPublished, x.EVSolver
			j.EVPublished, j.EVSolution = &ep, &es
		}
		out.Differences = append(out.Differences, j)
	}
	for _, u := range d.Unknown {
		out.Unknown = append(out.Unknown, jsonCellRef{u.Table.String(), u.Hand, u.Up.String()})
	}
	return WriteJSON(buf, out)
}
