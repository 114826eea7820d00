package compose

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"bjchart/solve"
)

// TestIndexFilePairs reads an index file whose pair decisions are not
// T,T (as 'bjchart indices --set all' writes them): each plays its own
// pair, and soft and three-card indices are skipped.
func TestIndexFilePairs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "idx.json")
	data := `{"rules": "6D S17 DAS", "count": "hilo", "indices": [
		{"table": "pair", "hand": "44", "up": "4", "base": "hit", "play": "split", "index": 1.8},
		{"table": "pair", "hand": "TT", "up": "6", "base": "stand", "play": "split", "index": 1.8},
		{"table": "soft", "hand": "A7", "up": "2", "base": "stand", "play": "double", "index": -2.6},
		{"table": "hard", "hand": "16", "up": "T", "base": "hit", "play": "stand", "index": -2.6, "multi_card": true},
		{"table": "hard", "hand": "12", "up": "4", "base": "hit", "play": "stand", "index": -2.6}]}`
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	r, _ := solve.ParseRules("6D S17 DAS")
	src, err := readIndexSource(file, r)
	if err != nil {
		t.Fatal(err)
	}
	plays, _, set, err := src.plays(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(plays) != 3 || plays[0].Pair != 4 || plays[0].Play != solve.Split || plays[1].Pair != 10 || plays[2].Total != 12 || plays[2].Play != solve.Stand {
		t.Errorf("plays %+v", plays)
	}
	if len(set.NotPlayed) != 2 {
		t.Errorf("not played: %q; want the soft and the three-card entries", set.NotPlayed)
	}
}
