package charts

import "bjchart/solve"

// A Resolved chart is a published chart read for one rule set: the play of
// every solver cell, and which cells the chart leaves unknown.
type Resolved struct {
	Rules    solve.Rules
	Strategy solve.Strategy // in solve.Table cell order
	Printed  []string       // the printed code behind each cell ("" where the chart has no such row)
	Unknown  []bool         // the chart prints ? (the Strategy holds the solver's play there)
}

// Resolve reads a chart's codes for a rule set:
//
//   - Dh and Ds double where the rules allow doubling that hand (doubling
//     rule), else hit or stand; Pd splits with DAS, else doubles (else hits).
//   - Ph, Pd and Ps split with DAS, else hit, double or stand.
//   - Rh, Rs and Rp surrender where surrender is offered, else hit, stand
//     or split; Rpn surrenders only with late surrender and no DAS.
//   - Rows the format lacks follow the nearest printed play: hard 4 as hard
//     5, soft 12 hits, soft 21 stands. Hands of three or more cards hit or
//     stand as the row's two-card hit/stand play (a D or R code's fallback).
//
// Cells printed ? take the solver's play from table (and are marked
// Unknown), so they cost nothing; table must be a solution of r.
func Resolve(c *Chart, r solve.Rules, table *solve.Table) *Resolved {
	res := &Resolved{
		Rules:    r,
		Strategy: make(solve.Strategy, len(table.Cells)),
		Printed:  make([]string, len(table.Cells)),
		Unknown:  make([]bool, len(table.Cells)),
	}
	for i := range table.Cells {
		cell := &table.Cells[i]
		row := cell.Hand
		switch {
		case cell.Table == solve.Hard && row == "4":
			row = "5"
		case cell.Table == solve.Soft && row == "AA":
			res.Strategy[i] = solve.Play{Code: solve.Code{Best: solve.Hit}, MultiCard: solve.Hit}
			continue
		case cell.Table == solve.Soft && row == "AT":
			res.Strategy[i] = solve.Play{Code: solve.Code{Best: solve.Stand}, MultiCard: solve.Stand}
			continue
		}
		code, _ := c.Cell(cell.Table, row, cell.Up)
		if row == cell.Hand {
			res.Printed[i] = code.String()
		}
		if code == Unknown {
			res.Unknown[i] = true
			res.Strategy[i] = solve.Play{Code: cell.Code, MultiCard: cell.MultiCard}
			continue
		}
		total, soft := cellTotal(cell)
		play := resolve(code, r, r.Double.Allows(total, soft))
		if cell.Table != solve.Pairs {
			play.MultiCard = hitOrStand(play.Code)
		}
		res.Strategy[i] = play
	}
	return res
}

// cellTotal returns a cell's two-card total and softness.
func cellTotal(c *solve.Cell) (int, bool) {
	switch c.Table {
	case solve.Soft:
		r, _ := solve.ParseRank(c.Hand[1:])
		return 11 + int(r), true
	case solve.Pairs:
		r, _ := solve.ParseRank(c.Hand[:1])
		if r == 1 {
			return 12, true
		}
		return 2 * int(r), false
	}
	n := 0
	for _, ch := range c.Hand {
		n = n*10 + int(ch-'0')
	}
	return n, false
}

// resolve reads one code; canDouble says whether the rules allow doubling
// this two-card hand.
func resolve(code Code, r solve.Rules, canDouble bool) solve.Play {
	surrender := r.Surrender != solve.NoSurrender
	play := func(best, fallback solve.Action) solve.Play {
		return solve.Play{Code: solve.Code{Best: best, Fallback: fallback}}
	}
	double := func(fallback solve.Action) solve.Play {
		if canDouble {
			return play(solve.Double, fallback)
		}
		return play(fallback, solve.NoAction)
	}
	switch code {
	case H:
		return play(solve.Hit, solve.NoAction)
	case S:
		return play(solve.Stand, solve.NoAction)
	case Dh:
		return double(solve.Hit)
	case Ds:
		return double(solve.Stand)
	case P:
		return play(solve.Split, solve.NoAction)
	case Ph, Pd, Ps:
		if r.DAS {
			return play(solve.Split, solve.NoAction)
		}
		switch code {
		case Ph:
			return play(solve.Hit, solve.NoAction)
		case Pd:
			return double(solve.Hit)
		}
		return play(solve.Stand, solve.NoAction)
	case Rh, Rs, Rp:
		fallback := map[Code]solve.Action{Rh: solve.Hit, Rs: solve.Stand, Rp: solve.Split}[code]
		if surrender {
			return play(solve.Surrender, fallback)
		}
		return play(fallback, solve.NoAction)
	case Rpn:
		if r.Surrender == solve.LateSurrender && !r.DAS {
			return play(solve.Surrender, solve.Split)
		}
		return play(solve.Split, solve.NoAction)
	}
	return play(solve.Stand, solve.NoAction)
}

// hitOrStand is the hit/stand play a code implies for hands of three or
// more cards.
func hitOrStand(c solve.Code) solve.Action {
	switch {
	case c.Best == solve.Hit || c.Best == solve.Stand:
		return c.Best
	case c.Fallback == solve.Hit || c.Fallback == solve.Stand:
		return c.Fallback
	}
	return solve.Hit
}
