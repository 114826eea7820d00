package count

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

//go:generate go test -run ^TestShippedRuns$ -regenerate .

// ShippedGames are the games whose runs at their defaults ship with the
// program (Hi-Lo), so that a counter of one of them has the answer at
// once, the first time (Keep): the index plays of 'bjchart indices' and
// of the index drill's key (DefaultSet, DefaultIndicesRequest) and the
// exact shoes of 'bjchart risk' (count.Edges at the risk request's shoes,
// penetration and seed, the chart's). They are this program's own runs,
// computed when it was built: TestShippedRuns computes 1D H17 NDAS's
// index plays again and wants them to the bit, and with -long every run
// (go generate writes them). On amd64 alone (shipped_other.go).
var ShippedGames = []string{
	"6D S17 DAS", "6D H17 DAS", "6D S17 DAS LS", "6D H17 DAS LS",
	"8D S17 DAS", "8D H17 DAS", "8D S17 DAS LS", "8D H17 DAS LS",
	"2D S17 DAS", "2D H17 DAS", "1D S17 DAS", "1D H17 NDAS",
}

// sourceKey is a run's key among the shipped runs: its kind and fields,
// without the program's hash (memo's keys have it): the shipped runs are
// this program's by TestShippedRuns.
func sourceKey(kind string, key runKey) string {
	b, err := json.Marshal(key)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(append([]byte(kind+"\n"), b...))
	return hex.EncodeToString(sum[:])
}

// recordRun, if not nil, is given every whole run computed: how the
// shipped runs are made.
var recordRun func(kind string, key runKey, got any)
