package sim

import (
	"math"

	"bjchart/solve/param"
)

// SearchSettings are Itoh 2023's tree search's settings as a user gives
// them: the command line's --strategy emcts flags, and one setting of a
// check.
type SearchSettings struct {
	Playouts  int
	C         float64
	Reward    string // winlose or table7
	Threshold int
	Tree      string // actions or cards
	Backup    string // mean or max
	Chance    string // visits or exact
}

// DefaultSearch is Itoh 2023's search: 10,000 playouts a decision, C = 3,
// table 7's reward, a leaf expanded after 5 playouts, actions as arcs,
// mean backups.
func DefaultSearch() SearchSettings {
	return SearchSettings{Playouts: 10000, C: 3, Reward: "table7", Threshold: 5, Tree: "actions", Backup: "mean", Chance: "visits"}
}

// Params reads the settings into the search's parameters.
func (s SearchSettings) Params() (EMCTSParams, error) {
	p := EMCTSParams{Playouts: s.Playouts, C: s.C, Threshold: s.Threshold}
	switch s.Reward {
	case "winlose":
		p.Reward = WinLose
	case "table7":
		p.Reward = Table7
	default:
		return p, param.Errorf("reward", s.Reward, "want winlose or table7")
	}
	var err error
	if p.Tree, p.Backup, p.Chance, err = TreeSettings(s.Tree, s.Backup, s.Chance); err != nil {
		return p, err
	}
	switch {
	case s.Playouts < 1 || s.Playouts > 100_000_000:
		return p, param.NumberErrorf("playouts", s.Playouts, "want 1 to 100,000,000")
	case !(s.C >= 0) || math.IsInf(s.C, 0):
		return p, param.NumberErrorf("c", s.C, "want a constant of 0 or more")
	case s.Threshold < 1:
		return p, param.NumberErrorf("threshold", s.Threshold, "want at least 1")
	}
	return p, nil
}

// TreeSettings reads the tree search's shape: its arcs, its backup and
// a chance node's weights.
func TreeSettings(tree, backup, chance string) (Tree, Backup, Chance, error) {
	t, ok1 := map[string]Tree{"actions": ActionTree, "cards": CardTree}[tree]
	b, ok2 := map[string]Backup{"mean": MeanBackup, "max": MaxBackup}[backup]
	c, ok3 := map[string]Chance{"visits": VisitWeights, "exact": ExactWeights}[chance]
	switch {
	case !ok1:
		return t, b, c, param.Errorf("tree", tree, "want actions or cards")
	case !ok2:
		return t, b, c, param.Errorf("backup", backup, "want mean or max")
	case !ok3:
		return t, b, c, param.Errorf("chance", chance, "want visits or exact")
	}
	return t, b, c, nil
}
