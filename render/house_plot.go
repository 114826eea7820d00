package render

import (
	"math"
	"strconv"

	"bjchart/solve/house"
)

// Grid is a house game's value per point bet by the player's first card
// (rows) and the dealer's up card (columns), with best play after, each
// cell labelled with its first card's bet.
func (h HouseReport) Grid() *EVGrid {
	s := h.Solution
	ups := houseUps(s)
	g := &EVGrid{Title: "EV per point, by first card and up card", XLabel: "dealer's up card", YLabel: "your first card"}
	for _, up := range ups {
		g.Cols = append(g.Cols, house.RankName(up))
	}
	for _, x := range ups {
		g.Rows = append(g.Rows, house.RankName(x))
		vals := make([]float64, len(ups))
		codes := make([]string, len(ups))
		for i, up := range ups {
			vals[i] = s.ByUp[x][up].EV
			if s.First[x].P == 0 || math.IsNaN(vals[i]) {
				vals[i] = math.NaN()
			}
			if s.Rules.BetMin != s.Rules.BetMax {
				codes[i] = "bet " + strconv.Itoa(s.First[x].Bet)
			}
		}
		g.Values = append(g.Values, vals)
		g.Codes = append(g.Codes, codes)
	}
	return g
}
