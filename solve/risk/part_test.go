package risk

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// splitRequest is a small game for the split-run tests.
func splitRequest() Request {
	q := DefaultRequest()
	q.Game.Rules = "1D S17 DAS LS"
	bank := 300.0 // a trip bank the paths ruin often: a few thousand trips resolve it
	q.Shoes, q.Rounds, q.Play, q.TripHours, q.TripBank = 22, 100_000, "indices", 2, &bank
	return q
}

// files holds a split run's files by name, as the face reads them.
type files map[string][]byte

func (f files) read(name string) ([]byte, error) {
	data, ok := f[name]
	if !ok {
		return nil, fmt.Errorf("%s: no such file", name)
	}
	return data, nil
}

func (f files) put(t testing.TB, name string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	f[name] = data
}

// measureParts writes the n parts of q's measurement as m1..mn (only
// part only, if not 0).
func measureParts(t *testing.T, f files, q Request, n, only int) []string {
	t.Helper()
	var names []string
	for i := 1; i <= n; i++ {
		if only != 0 && i != only {
			continue
		}
		q.Shard = fmt.Sprintf("%d/%d", i, n)
		job, err := q.Check()
		if err != nil {
			t.Fatal(err)
		}
		job.version = "test"
		p, err := job.RunPart(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("m%d", i)
		f.put(t, name, p)
		names = append(names, name)
	}
	return names
}

// TestSplitRunInOnePart: a run measured in one part, merged and played
// whole, or played in one part and merged, is the unsplit run to the last
// bit. -long runs it (TestSplitRunInParts and ExampleMergeRequest split
// and merge in every run).
func TestSplitRunInOnePart(t *testing.T) {
	if !*long {
		t.Skip("a whole run and its parts, about 3 s of CPU; run with -long")
	}
	q := splitRequest()
	job, err := q.Check()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	f := files{}
	merged, err := mergeParts(MergeRequest{Parts: measureParts(t, f, q, 1, 0)}, f.read, "test")
	if err != nil || merged.Measured == nil {
		t.Fatalf("merge: %v", err)
	}
	f.put(t, "measured", merged.Measured)
	played, err := play(PlayRequest{Measured: "measured"}, f.read, "test")
	if err != nil {
		t.Fatal(err)
	}
	part, err := playPart(PlayRequest{Measured: "measured", Shard: "1/1"}, f.read, "test")
	if err != nil {
		t.Fatal(err)
	}
	f.put(t, "p1", part)
	joined, err := mergeParts(MergeRequest{Parts: []string{"measured", "p1"}}, f.read, "test")
	if err != nil || joined.Result == nil {
		t.Fatalf("merge of the play: %v", err)
	}
	for name, r := range map[string]Result{"played whole": played, "played in one part": *joined.Result} {
		if !reflect.DeepEqual(r.Figures, whole.Figures) || !reflect.DeepEqual(r.Bets, whole.Bets) || !reflect.DeepEqual(r.Game.Bins, whole.Game.Bins) {
			t.Errorf("%s: %+v, the unsplit run %+v", name, r.Figures, whole.Figures)
		}
	}
}

// TestSplitRunInParts: a measurement in 3 parts has the unsplit run's
// exact shoes, shoe by shoe (a whole run, which values the chart alone,
// their chart's EVs to the last bit), and all its rounds; its ramp played in 2
// parts has all the play's rounds and trips. A merge refuses a part
// missing, given twice, of another run, or edited.
func TestSplitRunInParts(t *testing.T) {
	q := splitRequest()
	q.Play = "chart" // how the parts split does not depend on the play; TestSplitRunInOnePart plays the indices
	job, _ := q.Check()
	m, err := newMeasurer(job.Setup)
	if err != nil {
		t.Fatal(err)
	}
	edges, _, err := m.measure(context.Background(), 1, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	whole, _, err := m.measure(context.Background(), 1, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range whole {
		if want := edges[i]; e.Shoe != want.Shoe || e.Count != want.Count || e.Chart != want.Chart || len(whole) != len(edges) {
			t.Fatalf("the whole run's shoe %d: %+v; with the best charts solved %+v (of %d shoes, %d)", i, e, want, len(whole), len(edges))
		}
	}
	f := files{}
	names := measureParts(t, f, q, 3, 0)
	merged, err := mergeParts(MergeRequest{Parts: names}, f.read, "test")
	if err != nil {
		t.Fatal(err)
	}
	measured := merged.Measured
	if !reflect.DeepEqual(measured.Shoes, edges) || measured.Rounds.Rounds != q.Rounds || measured.Parts != 3 {
		t.Errorf("merged: %d shoes (the unsplit run %d, equal %v), %d rounds of %d", len(measured.Shoes), len(edges), reflect.DeepEqual(measured.Shoes, edges), measured.Rounds.Rounds, q.Rounds)
	}
	f.put(t, "measured", measured)
	for i := 1; i <= 2; i++ {
		p, err := playPart(PlayRequest{Measured: "measured", Shard: fmt.Sprintf("%d/2", i)}, f.read, "test")
		if err != nil {
			t.Fatal(err)
		}
		f.put(t, fmt.Sprintf("p%d", i), p)
	}
	joined, err := mergeParts(MergeRequest{Parts: []string{"measured", "p1", "p2"}}, f.read, "test")
	if err != nil {
		t.Fatal(err)
	}
	res := joined.Result
	_, _, units := res.Job.ramp(res.Game)
	bank, tripRounds := res.Job.tripShape()
	trips := res.Game.tripsFor(units, bank, tripRounds) // the whole play's, as the unsplit run plays them
	if fig := joined.Result.Figures; fig.SimulatedRounds != playRounds*q.Rounds || fig.TripPaths != trips {
		t.Errorf("played %d rounds (want %d), %d trips (want %d)", fig.SimulatedRounds, playRounds*q.Rounds, fig.TripPaths, trips)
	}

	f["edited"] = []byte(strings.Replace(string(f["m2"]), `"Net":`, `"Net":1`, 1))
	other, seed2 := q, files{}
	other.Seed = 2
	measureParts(t, seed2, other, 3, 2)
	f["seed2"] = seed2["m2"]
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"m1", "m3"}, "missing 2"},
		{[]string{"m1", "m2", "m2", "m3"}, "again"},
		{[]string{"m1", "seed2", "m3"}, "not a part of the same run"},
		{[]string{"m1", "edited", "m3"}, "edited"},
		{[]string{"measured", "p1"}, "missing 2"},
		{[]string{"measured"}, "give the parts of its play"},
		{[]string{"measured", "m1"}, "not a bjchart risk play part"},
	} {
		_, err := mergeParts(MergeRequest{Parts: c.parts}, f.read, "test")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("merge %v: %v; want %q", c.parts, err, c.want)
		}
	}
	if _, err := play(PlayRequest{Measured: "measured"}, f.read, "another version"); err == nil || !strings.Contains(err.Error(), "measured by bjchart test") {
		t.Errorf("a play by another version: %v", err)
	}
}

// FuzzReadRiskFiles: the readers of a split run's files refuse what a
// run cannot have written, without a panic.
func FuzzReadRiskFiles(f *testing.F) {
	fs := files{}
	q := splitRequest()
	q.Shard = "1/2"
	job, _ := q.Check()
	job.version = "test"
	p, err := job.RunPart(context.Background(), nil)
	if err != nil {
		f.Fatal(err)
	}
	fs.put(f, "m", p)
	f.Add(fs["m"])
	f.Add([]byte(`{"kind":"bjchart risk measured game","seal":"x"}`))
	f.Add([]byte(`{"kind":"bjchart risk play part","shard":"1/0"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if p, i, n, err := ReadMeasurePart(data); err == nil && (i < 1 || i > n || len(p.Shoes) > 22) {
			t.Errorf("part %d/%d with %d shoes", i, n, len(p.Shoes))
		}
		ReadMeasured(data)
		ReadPlayPart(data)
	})
}

// mergeParts checks a merge of risk parts, this version's, and joins them.
func mergeParts(q MergeRequest, read func(string) ([]byte, error), version string) (Merged, error) {
	q.Version, q.Read = version, read
	job, err := q.Check()
	if err != nil {
		return Merged{}, err
	}
	return job.Run(context.Background(), nil)
}

// play checks a play, this version's, and plays it whole.
func play(q PlayRequest, read func(string) ([]byte, error), version string) (Result, error) {
	q.Version, q.Read = version, read
	job, err := q.Check()
	if err != nil {
		return Result{}, err
	}
	return job.Run(context.Background(), nil)
}

// playPart checks a play, this version's, and plays its part.
func playPart(q PlayRequest, read func(string) ([]byte, error), version string) (PlayPart, error) {
	q.Version, q.Read = version, read
	job, err := q.Check()
	if err != nil {
		return PlayPart{}, err
	}
	return job.RunPart(context.Background(), nil)
}
