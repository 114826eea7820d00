package sim

import (
	"fmt"
	"math"

	"bjchart/solve"
	"bjchart/solve/count"
)

// ItohRow is one row of Itoh 2023's tables 8 to 12 and 14: its round
// count and published payout ratio (for table 12, at each C of table 14).
type ItohRow struct {
	Table   string // "t8" to "t12"
	Players int
	Decks   int
	Rounds  int64
	Payout  float64 // NaN for a setting the paper did not run
	C       float64 // the search's C, for tables 9, 10 and 12
}

// ItohRows are the paper's published rows.
var ItohRows = []ItohRow{
	{"t8", 1, 1, 5000, 1.0359, 0}, {"t8", 1, 6, 50000, 1.0196, 0}, {"t8", 4, 1, 8000, 1.0231, 0}, {"t8", 4, 6, 80000, 1.0110, 0},
	{"t9", 1, 1, 5000, 0.9238, 1}, {"t9", 1, 6, 50000, 0.9113, 1}, {"t9", 4, 1, 8000, 0.9157, 1}, {"t9", 4, 6, 80000, 0.9103, 1},
	{"t10", 1, 1, 5000, 1.0099, 3}, {"t10", 1, 6, 50000, 1.0063, 3}, {"t10", 4, 1, 8000, 1.0142, 3}, {"t10", 4, 6, 80000, 0.9948, 3},
	{"t11", 1, 1, 5000, 1.1203, 0}, {"t11", 1, 6, 50000, 1.0079, 0}, {"t11", 4, 1, 8000, 1.1488, 0}, {"t11", 4, 6, 80000, 1.0537, 0},
	{"t12", 1, 1, 5000, 1.0596, 3}, {"t12", 1, 6, 50000, 0.9816, 3}, {"t12", 4, 1, 8000, 1.0232, 3}, {"t12", 4, 6, 80000, 1.0103, 3},
	// Table 14: table 12's game at the other values of C.
	{"t12", 1, 1, 5000, 1.0480, 1}, {"t12", 1, 1, 5000, 1.0426, 2}, {"t12", 1, 1, 5000, 1.0792, 4},
	{"t12", 1, 6, 50000, 0.9806, 1}, {"t12", 1, 6, 50000, 0.9943, 2}, {"t12", 1, 6, 50000, 0.9986, 4},
	{"t12", 4, 1, 8000, 1.0180, 1}, {"t12", 4, 1, 8000, 1.0447, 2}, {"t12", 4, 1, 8000, 1.0106, 4},
	{"t12", 4, 6, 80000, 1.0042, 1}, {"t12", 4, 6, 80000, 0.9856, 2}, {"t12", 4, 6, 80000, 0.9913, 4},
}

// ItohTable is what one of the paper's tables plays: its tree search
// (with the reward) or basic strategy, with its count and bet table or
// flat.
type ItohTable struct {
	Search, Count bool
	Reward        string // the search's: winlose or table7
}

// ItohTables are the presets' tables.
var ItohTables = map[string]ItohTable{
	"t8": {}, "t9": {Search: true, Reward: "winlose"}, "t10": {Search: true, Reward: "table7"},
	"t11": {Count: true}, "t12": {Search: true, Count: true, Reward: "table7"},
}

// Source names the row: "Itoh 2023, table 12, 1 player(s), 6 deck(s), C=3"
// (table 12 at another C is table 14's).
func (row ItohRow) Source() string {
	table := row.Table[1:]
	if row.Table == "t12" && row.C != 3 {
		table = "14"
	}
	src := fmt.Sprintf("Itoh 2023, table %s, %d player(s), %d deck(s)", table, row.Players, row.Decks)
	if row.C != 0 {
		src += fmt.Sprintf(", C=%g", row.C)
	}
	return src
}

// FindItohRow returns the paper's row for a table's game (and for a
// search's table, its C); for a C the paper did not run, the game's row
// with no published payout (NaN); nil if the paper has no such game.
func FindItohRow(table string, players, decks int, c float64) *ItohRow {
	search := ItohTables[table].Search
	var game *ItohRow
	for i := range ItohRows {
		x := ItohRows[i]
		if x.Table != table || x.Players != players || x.Decks != decks {
			continue
		}
		if !search || x.C == c {
			return &x
		}
		if game == nil {
			game = &ItohRow{Table: table, Players: players, Decks: decks, Rounds: x.Rounds, Payout: math.NaN(), C: c}
		}
	}
	return game
}

// FlatItoh names the count of the presets that bet flat.
const FlatItoh = "none: a flat bet of 250"

// ItohGame sets cfg up for a table's game with players and decks (Itoh
// 2023, section 6): the rules as the paper describes them (S17, doubling on
// any two cards, no resplits; it is silent on DAS, surrender timing and
// the peek, so bjchart reads NDAS as its chart does, late surrender and a
// US peek), a new shoe once fewer than (players + dealer + 1) x 5 cards
// are left, and for tables 11 and 12 its +-3 count (table 5) from 4 - 4 x
// decks with its bet table 6 (returned as a ramp string); the others bet a
// flat 250.
func ItohGame(table string, players, decks int, cfg *Config) (r solve.Rules, ramp string, err error) {
	r, err = solve.ParseRules(fmt.Sprintf("%dD S17 DOA NDAS SPL1 LS 3:2 PEEK", decks))
	if err != nil {
		return r, "", err
	}
	cfg.ReshuffleBelow = (players + 2) * 5
	if !ItohTables[table].Count {
		cfg.Count = &Count{Name: FlatItoh}
		cfg.Ramp = []Step{{From: 0, Bet: 250}}
		return r, "", nil
	}
	sys := count.Systems["itoh-pm3"]
	// The paper's IRC, whatever the tags sum to.
	cfg.Count = &Count{Name: sys.Name, Tags: sys.Tags, IRC: float64(4 - 4*decks)}
	ramp = "-1000:5,-19:10,-4:50,-3:150,-2:250,-1:300"
	if decks == 1 {
		ramp = "-1000:5,1:10,2:50,3:150,4:250,5:300"
	}
	cfg.Ramp, err = ParseRamp(ramp)
	return r, ramp, err
}
