package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"bjchart/solve"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// gridGame is one game of a grid as JSON.
type gridGame struct {
	Rules string   `json:"rules"`
	EV    float64  `json:"ev"`
	EVCD  jsonEVCD `json:"ev_cd"` // named as in chart --format json
}

func gridGames(results []solve.GridResult) []gridGame {
	rows := make([]gridGame, len(results))
	for i, r := range results {
		rows[i] = gridGame{r.Rules.String(), r.EV, jsonEVCD{CDZMinus: r.CDEV[solve.CDZMinus], CDP1: r.CDEV[solve.CDP1]}}
	}
	return rows
}

// Games are a grid's games, solved; their methods write them as text,
// JSON and CSV.
type Games []solve.GridResult

// JSON writes a grid's games as JSON.
func (results Games) JSON(w io.Writer) error {
	return WriteJSON(w, gridGames(results))
}

// CSV writes a grid's games as CSV, the columns named by their JSON
// paths.
func (results Games) CSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"rules", "ev", "ev_cd.CDZ-", "ev_cd.CDP1"})
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', 9, 64) }
	for _, r := range gridGames(results) {
		c.Write([]string{r.Rules, num(r.EV), num(r.EVCD.CDZMinus), num(r.EVCD.CDP1)})
	}
	c.Flush()
	return c.Error()
}

// Text writes a grid's games as a table: each game's edge and its
// chart and composition-dependent EVs, in percent.
func (results Games) Text(w io.Writer) error {
	tab := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
	tab.Header([]string{"rules", "edge %", "chart EV %", "CD EV % (CDZ-)", "CD EV % (CDP1)"})
	for _, r := range gridGames(results) {
		edge := fmt.Sprintf("house %.4f", -100*r.EV)
		if r.EV > 0 {
			edge = fmt.Sprintf("player %.4f", 100*r.EV)
		}
		tab.Append([]string{r.Rules, edge, fmt.Sprintf("%+.4f", 100*r.EV),
			fmt.Sprintf("%+.4f", 100*r.EVCD.CDZMinus), fmt.Sprintf("%+.4f", 100*r.EVCD.CDP1)})
	}
	return tab.Render()
}
