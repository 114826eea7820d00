package count

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"bjchart/solve"
)

func TestTmpSpread(t *testing.T) {
	if os.Getenv("SHOES") == "" {
		t.Skip()
	}
	r, _ := solve.ParseRules("6D S17 DAS SPL3 LS")
	decisions := append(append([]Decision(nil), I18...), Fab4...)
	spread, _ := strconv.ParseFloat(os.Getenv("SPREAD"), 64)
	shoes, _ := strconv.Atoi(os.Getenv("SHOES"))
	var runs [][]Index
	for seed := uint64(1); seed <= uint64(nseeds()); seed++ {
		x, err := Compute(r, HiLo, decisions, Options{Shoes: shoes, Penetration: 0.8, Seed: seed, Oversample: spread})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, x)
	}
	agree, tot := 0, 0
	for k := range decisions {
		fmt.Printf("%-10s %2d", decisions[k].Hand, decisions[k].Up)
		for _, x := range runs {
			fmt.Printf("  %+.3f±%.3f", x[k].Index, x[k].SE)
		}
		fmt.Println()
		for a := range runs {
			for b := a + 1; b < len(runs); b++ {
				tot++
				if runs[a][k].Rounded == runs[b][k].Rounded {
					agree++
				}
			}
		}
	}
	fmt.Println("agree", agree, tot)
}

func nseeds() int {
	n, _ := strconv.Atoi(os.Getenv("SEEDS"))
	if n == 0 {
		return 4
	}
	return n
}
