package holdem

import (
	"bytes"
	"compress/gzip"
	"flag"
	"os"
	"testing"
)

// regenerate writes the shipped matrix (ComputeMatrix) and tables.go
// (newTables) anew: 'go generate ./solve/holdem' runs it. It is not
// -update, which rewrites golden files and leaves shipped data alone.
var regenerate = flag.Bool("regenerate", false, "write the shipped matrix (ComputeMatrix) and tables.go (newTables) anew (go generate ./solve/holdem)")

var _ = flag.Bool("update", false, "rewrite golden files (this package has none; its data is go generate's)")

// TestMatrixData holds the shipped matrix to what follows from the game
// and from the other engines: a and b's tallies are each other's mirror,
// a few entries equal Versus's (boards dealt out hand by hand), and with
// -long each row adds up to the class's tally against a random hand
// (VsRandom, another sweep) and the matrix is computed anew and compared
// whole (20 s on two cores); go generate writes it.
func TestMatrixData(t *testing.T) {
	if *regenerate {
		var buf bytes.Buffer
		if err := WriteMatrix(&buf, ComputeMatrix()); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("matrix.csv.gz", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := LoadMatrix()
	if err != nil {
		t.Fatal(err)
	}
	for a := range Class(Classes) {
		for b := range Class(Classes) {
			if x, y := m[a][b], m[b][a]; x.Total != y.Total || x.Ties != y.Ties || x.Wins+x.Ties+y.Wins != x.Total {
				t.Fatalf("%v v %v: %+v and back %+v are no mirror", a, b, x, y)
			}
		}
	}
	if *long {
		random, rows := VsRandom(), m.Rows()
		for a := range Class(Classes) {
			if rows[a] != random[a] {
				t.Errorf("%v: the row adds up to %+v, VsRandom %+v", a, rows[a], random[a])
			}
		}
	}
	for _, p := range [][2]string{{"AA", "KK"}, {"AKs", "QQ"}, {"72o", "32s"}, {"T9s", "T9o"}} {
		a, _ := ParseClass(p[0])
		b, _ := ParseClass(p[1])
		v, err := Versus(a.Hands(), b.Hands())
		if err != nil || v != m[a][b] {
			t.Errorf("%v v %v: matrix %+v, Versus %+v (%v)", a, b, m[a][b], v, err)
		}
	}
	if *long {
		if fresh := ComputeMatrix(); *fresh != *m {
			t.Error("the shipped matrix differs from ComputeMatrix's")
		}
	}
}

// FuzzReadMatrix: the matrix reader refuses what is not a matrix with a
// message and never panics (the input gzipped as the shipped file is).
func FuzzReadMatrix(f *testing.F) {
	f.Add([]byte("wins,ties\n0,0\n"))
	f.Add([]byte("wins,ties\n1,99999999999999999\n"))
	f.Add([]byte("wins,ties\n223260,9827304\n17924040,258036\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		if m, err := ReadMatrix(&buf); err == nil && m == nil {
			t.Error("no matrix and no error")
		}
		ReadMatrix(bytes.NewReader(data)) // not gzipped at all
	})
}
