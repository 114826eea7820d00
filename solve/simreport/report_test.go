package simreport

import (
	"os"
	"testing"

	"bjchart/solve"
	"bjchart/solve/sim"
)

// FuzzReadPart: a part's reader refuses what it cannot use with a message
// and never panics; what it accepts passes sim's checks.
func FuzzReadPart(f *testing.F) {
	out, err := os.ReadFile("testdata/sim-part.json") // sim --rules "6D S17" --rounds 2000 --shard 1/2 --format json --count hilo --ramp -100:1,2:4
	if err != nil {
		f.Fatal(err)
	}
	f.Add(out)
	if _, _, _, err := ReadPart(out); err != nil {
		f.Fatalf("the seed part is refused: %v", err)
	}
	f.Add([]byte(`{"shard":"1/1","fingerprint":"x","rules":"6D","sums":{}}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		part, i, n, err := ReadPart(data)
		if err != nil {
			return
		}
		r, _ := solve.ParseRules(part.Rules)
		if i < 1 || i > n || part.Sums.Check(sim.MaxPays(r)) != nil || Seal(part) != part.Seal {
			t.Errorf("accepted part %d/%d: %+v", i, n, part.Sums)
		}
	})
}
