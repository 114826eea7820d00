package count

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"bjchart/solve"
)

// splitRun runs req as n parts, each written as JSON and read back, and
// merges them; it returns the merge and the parts' files by name.
func splitRun(t *testing.T, req IndicesRequest, n int) (Indices, map[string][]byte) {
	t.Helper()
	files := map[string][]byte{}
	var names []string
	for i := 1; i <= n; i++ {
		q := req
		q.Shard = fmt.Sprintf("%d/%d", i, n)
		job, err := q.Check()
		if err != nil {
			t.Fatal(err)
		}
		job.Version = "test"
		part, err := job.RunPart(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprint(i)
		files[name] = data
		names = append(names, name)
	}
	read := func(f string) ([]byte, error) { return files[f], nil }
	merged, err := mergeIndices(IndicesMergeRequest{Parts: names}, read)
	if err != nil {
		t.Fatal(err)
	}
	return merged, files
}

// TestSplitRunMerges: an index run split in three parts, each written as
// JSON and read back, merges into the table the whole run gives, to the
// last bit (the I18; every cell under -long). A part missing, given
// twice, from another run, edited, or written before the shoes were
// oversampled (its request states no oversampling) is refused.
func TestSplitRunMerges(t *testing.T) {
	cases := []IndicesRequest{{Game: solve.Game{Rules: "2D S17 DAS"}, Set: "i18", Shoes: 50}}
	if *long {
		cases = append(cases, IndicesRequest{Game: solve.Game{Rules: "2D S17 DAS"}, Set: "all", Shoes: 50})
	}
	var parts map[string][]byte
	for i, c := range cases {
		req := DefaultIndicesRequest()
		req.Game, req.Set, req.Shoes = c.Game, c.Set, c.Shoes
		whole, err := runIndices(req)
		if err != nil {
			t.Fatal(err)
		}
		merged, files := splitRun(t, req, 3)
		if i == 0 {
			parts = files
		}
		a, _ := json.Marshal(whole.Indices)
		b, _ := json.Marshal(merged.Indices)
		if !bytes.Equal(a, b) || !reflect.DeepEqual(whole.IndicesJob.Sets, merged.IndicesJob.Sets) {
			t.Errorf("%s %s: the merged parts differ from the whole run:\n%s\n%s", c.Game.Rules, c.Set, a, b)
		}
	}

	req := DefaultIndicesRequest()
	req.Game, req.Set, req.Shoes, req.Seed, req.Shard = solve.Game{Rules: "2D S17 DAS"}, "i18", 50, 2, "3/3" // another run
	job, _ := req.Check()
	job.Version = "test"
	other, err := job.RunPart(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	parts["other"], _ = json.Marshal(other)
	var edited IndicesPart
	json.Unmarshal(parts["1"], &edited)
	edited.Shoes[0].Points[1][0].y += 0.01
	parts["edited"], _ = json.Marshal(edited)
	var before IndicesPart // as a bjchart before --oversample wrote it: no oversampling stated, sealed
	json.Unmarshal(parts["1"], &before)
	before.Request.Oversample = nil
	before.Fingerprint = fingerprint(before.Request, before.Version)
	before.Seal = before.seal()
	parts["before"], _ = json.Marshal(before)
	parts["joined"] = append(append([]byte{}, parts["1"]...), parts["2"]...)
	parts["risk"] = []byte(`{"kind":"bjchart risk measurement part","request":{"Shard":"1/3"},"fingerprint":"x","seal":"y"}`)
	read := func(f string) ([]byte, error) { return parts[f], nil }
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"1", "2"}, "2 of 3 parts given; missing 3"},
		{[]string{"1", "1", "2"}, "1: part 1/3 again (also 1)"},
		{[]string{"1", "2", "other"}, "other: not a part of the same run as 1"},
		{[]string{"edited", "2"}, "edited: part 1/3 has been edited since"},
		{[]string{"before", "2", "3"}, "before: part 1/3 was written by a bjchart that kept every dealt shoe"},
		{[]string{"joined", "3"}, "joined: more than one JSON value"},
		{[]string{"risk", "2", "3"}, `risk: a "bjchart risk measurement part" file`},
	} {
		_, err := mergeIndices(IndicesMergeRequest{Parts: c.parts}, read)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("merge %v: %v, want %q", c.parts, err, c.want)
		}
	}
	// A shoe taken out of a part, sealed again (a forgery the seal cannot
	// see): the merge says how many shoes its parts hold.
	var dropped IndicesPart
	json.Unmarshal(parts["1"], &dropped)
	dropped.Shoes = dropped.Shoes[1:]
	dropped.Seal = dropped.seal()
	parts["dropped"], _ = json.Marshal(dropped)
	res, err := mergeIndices(IndicesMergeRequest{Parts: []string{"dropped", "2", "3"}}, read)
	if err != nil || res.Merged != res.Shoes-1 {
		t.Errorf("a merge with a shoe dropped: %v, %d of %d shoes merged", err, res.Merged, res.Shoes)
	}
}

// FuzzReadIndicesPart: any bytes read as a part either are refused or
// read back to a part whose shoes re-encode to what was read.
func FuzzReadIndicesPart(f *testing.F) {
	req := DefaultIndicesRequest()
	req.Game, req.Set, req.Shoes, req.Shard = solve.Game{Rules: "6D S17 DAS"}, "i18", 50, "5/25"
	job, err := req.Check()
	if err != nil {
		f.Fatal(err)
	}
	job.Version = "test"
	part, err := job.RunPart(context.Background(), nil)
	if err != nil {
		f.Fatal(err)
	}
	data, _ := json.Marshal(part)
	f.Add(data)
	f.Add([]byte(`{"request":{"Shard":"1/1"},"fingerprint":"x","shoes":[{"shoe":0,"points":[[[1,2,0.5,1331]]]}],"seal":"y"}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		part, i, n, err := ReadIndicesPart(data)
		if err != nil {
			return
		}
		if i < 1 || i > n {
			t.Fatalf("part %d of %d", i, n)
		}
		for _, s := range part.Shoes {
			again, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back SolvedShoe
			if err := json.Unmarshal(again, &back); err != nil || !reflect.DeepEqual(back, s) {
				t.Fatalf("shoe %d does not read back: %v", s.Shoe, err)
			}
		}
	})
}

// mergeIndices checks a merge of index parts and fits it.
func mergeIndices(q IndicesMergeRequest, read func(string) ([]byte, error)) (Indices, error) {
	q.Read = read
	job, err := q.Check()
	if err != nil {
		return Indices{}, err
	}
	return job.Run(context.Background(), nil)
}
