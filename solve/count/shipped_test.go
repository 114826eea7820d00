package count_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"runtime"
	"sync"
	"testing"

	"bjchart/solve"
	"bjchart/solve/count"
	"bjchart/solve/risk"
)

// regenerate writes the shipped runs anew ('go generate ./solve/count'):
// not -update, which rewrites golden files and leaves shipped data alone.
var regenerate = flag.Bool("regenerate", false, "compute the shipped runs (count.ShippedGames) and write them anew (go generate ./solve/count)")

// TestShippedRuns: the shipped runs are the runs this program computes,
// to the bit: 1D H17 NDAS's index plays at the defaults of 'bjchart
// indices' (about a second), and with -long every game's and risk's exact
// shoes (about a minute and a half on two cores); -regenerate writes them
// (go generate ./solve/count). It also wants every game's index plays
// there, and as many runs as games of each kind.
func TestShippedRuns(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("runs ship on amd64 alone")
	}
	indices := func(game string) count.IndicesJob { // 'bjchart indices' at its defaults
		q := count.DefaultIndicesRequest()
		q.Game = solve.Game{Rules: game}
		job, err := q.Check()
		if err != nil {
			t.Fatal(err)
		}
		return job
	}
	games := count.ShippedGames
	if !count.Long() && !*regenerate {
		shipped := count.ShippedRuns()
		if len(shipped) != 2*len(games) {
			t.Fatalf("%d runs shipped, want 2 for each of %d games", len(shipped), len(games))
		}
		for _, g := range games {
			if shipped[count.IndicesKey(indices(g))] == nil {
				t.Errorf("%s: its index plays at the defaults are not shipped", g)
			}
		}
		games = []string{"1D H17 NDAS"} // computed again, below: the cheapest
	}
	var mu sync.Mutex
	runs := map[string][]byte{}
	defer count.RecordRuns(func(key string, run []byte) {
		mu.Lock()
		defer mu.Unlock()
		runs[key] = run
	})()
	ctx := context.Background()
	rq := risk.DefaultRequest()
	sys, err := count.ParseSystem(rq.Count)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		job := indices(g)
		if _, err := job.Run(ctx, nil); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if len(games) < len(count.ShippedGames) {
			continue // the index plays alone
		}
		// risk's whole run, at its defaults, with the chart (risk.measure)
		basic, err := solve.Solve(job.Rules)
		if err != nil {
			t.Fatal(err)
		}
		opt := count.Options{Shoes: rq.Shoes, Penetration: rq.Penetration, Seed: rq.Seed, Moment: count.BeforeRound}
		if _, err := count.Edges(ctx, basic, sys, opt, nil, false); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
	}
	file, err := count.EncodeShipped(runs)
	if err != nil {
		t.Fatal(err)
	}
	if *regenerate {
		if err := os.WriteFile(count.ShippedFile, file, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	shipped := count.ShippedRuns()
	for k, run := range runs {
		if !bytes.Equal(shipped[k], run) {
			t.Errorf("run %s: shipped %d bytes, computed %d bytes that differ: the program computes otherwise now; 'go generate ./solve/count' ships its runs anew", k[:12], len(shipped[k]), len(run))
		}
	}
	if len(games) == len(count.ShippedGames) && len(shipped) != len(runs) {
		t.Errorf("%d runs shipped, %d computed", len(shipped), len(runs))
	}
}
