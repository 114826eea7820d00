package holdem

// The shipped matrix (matrix.csv.gz) and the evaluator's tables (tables.go)
// are written anew by their tests under -regenerate:
//go:generate go test -run ^(TestMatrixData|TestTables)$ -regenerate .

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// A Matrix is every class's exact heads-up tally against every class: m[a][b]
// counts, over every pair of hands of a and b that share no card and every
// board of the 48 cards left, a's wins and ties.
type Matrix [Classes][Classes]Tally

// matrixState is a worker's sums for ComputeMatrix, and its counts over
// one board: of the hands ranked below the current group (by class, and
// by card and class), and of the group itself.
type matrixState struct {
	wins, ties        [Classes * Classes]int64
	below, group      [Classes]int64
	belowCard, gCards [52 * Classes]int64
	keys              []uint64
}

// ComputeMatrix computes the matrix from scratch: for each board up to the
// suits, the hands sorted by rank, and each hand's wins and ties against
// every class counted from the hands below it and tied with it (those
// sharing a card taken out). It takes about half a minute on two cores;
// LoadMatrix reads the copy bjchart ships.
func ComputeMatrix() *Matrix {
	hands := allHands()
	states := forBoards(func() *matrixState { return &matrixState{} }, func(s *matrixState, b canonBoard) {
		s.keys = rankHands(b, s.keys)
		s.below = [Classes]int64{}
		s.belowCard = [52 * Classes]int64{}
		keys := s.keys
		w := b.weight
		for start := 0; start < len(keys); {
			end := start + 1
			for end < len(keys) && sameRank(keys[end], keys[start]) {
				end++
			}
			group := keys[start:end]
			for _, k := range group {
				h := hands[k&0x7ff]
				s.group[h.class]++
				s.gCards[int(h.hand[0])*Classes+int(h.class)]++
				s.gCards[int(h.hand[1])*Classes+int(h.class)]++
			}
			for _, k := range group {
				h := hands[k&0x7ff]
				c := int(h.class)
				wins := s.wins[c*Classes : (c+1)*Classes]
				ba := s.belowCard[int(h.hand[0])*Classes : (int(h.hand[0])+1)*Classes]
				bb := s.belowCard[int(h.hand[1])*Classes : (int(h.hand[1])+1)*Classes]
				for j := range wins {
					wins[j] += w * (s.below[j] - ba[j] - bb[j])
				}
				if len(group) == 1 {
					continue // no tie
				}
				ties := s.ties[c*Classes : (c+1)*Classes]
				ga := s.gCards[int(h.hand[0])*Classes : (int(h.hand[0])+1)*Classes]
				gb := s.gCards[int(h.hand[1])*Classes : (int(h.hand[1])+1)*Classes]
				for j := range ties {
					ties[j] += w * (s.group[j] - ga[j] - gb[j])
				}
				ties[c] += w // the hand itself, taken out twice above
			}
			for _, k := range group {
				h := hands[k&0x7ff]
				a, b := int(h.hand[0])*Classes+int(h.class), int(h.hand[1])*Classes+int(h.class)
				s.below[h.class]++
				s.belowCard[a]++
				s.belowCard[b]++
				s.group[h.class], s.gCards[a], s.gCards[b] = 0, 0, 0
			}
			start = end
		}
	})
	m := new(Matrix)
	pairs := classPairs()
	for a := range Classes {
		for b := range Classes {
			t := &m[a][b]
			t.Total = pairs[a][b] * boardsBetween
			for _, s := range states {
				t.Wins += s.wins[a*Classes+b]
				t.Ties += s.ties[a*Classes+b]
			}
		}
	}
	return m
}

// classPairs counts, for each two classes, the pairs of their hands that
// share no card.
func classPairs() *[Classes][Classes]int64 {
	var n [Classes][Classes]int64
	hands := allHands()
	for _, x := range hands {
		for _, y := range hands {
			if x.mask&y.mask == 0 {
				n[x.class][y.class]++
			}
		}
	}
	return &n
}

// matrixData is the matrix as ComputeMatrix made it ('go test
// ./solve/holdem -run TestMatrixData -regenerate' writes it anew): a
// gzipped CSV of wins and ties, each pair of classes once, in the order
// WriteMatrix writes them.
//
//go:embed matrix.csv.gz
var matrixData []byte

var (
	matrixOnce sync.Once
	matrix     *Matrix
	matrixErr  error
)

// LoadMatrix returns the matrix bjchart ships (ComputeMatrix's, checked
// against it under -long).
func LoadMatrix() (*Matrix, error) {
	matrixOnce.Do(func() { matrix, matrixErr = ReadMatrix(bytes.NewReader(matrixData)) })
	return matrix, matrixErr
}

// WriteMatrix writes m as ReadMatrix reads it: each pair of classes
// once, a against b for a at or before b, a then b in the classes'
// order (b against a is its mirror: the same ties, and b's wins the
// boards a neither wins nor ties), which halves the data the page's
// WebAssembly carries. A line is the pair's wins and ties; its classes
// are its place, which ReadMatrix checks by the line count (naming them
// took a quarter of the gzipped file).
func WriteMatrix(w io.Writer, m *Matrix) error {
	zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	fmt.Fprintln(bw, matrixHeader)
	for a := range Class(Classes) {
		for b := a; b < Classes; b++ {
			fmt.Fprintf(bw, "%d,%d\n", m[a][b].Wins, m[a][b].Ties)
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// matrixHeader is the first line of a matrix's CSV.
const matrixHeader = "wins,ties"

// ReadMatrix reads a matrix written by WriteMatrix: every pair of classes
// once (a at or before b), in order, with counts within their totals, and
// a class against itself its own mirror; b against a is made from a
// against b. The totals are not read: they follow from the classes.
func ReadMatrix(r io.Reader) (*Matrix, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("matrix: %v", err)
	}
	sc := bufio.NewScanner(io.LimitReader(zr, 4<<20))
	if !sc.Scan() || sc.Text() != matrixHeader {
		return nil, fmt.Errorf("matrix: no header %q", matrixHeader)
	}
	m := new(Matrix)
	pairs := classPairs()
	for a := range Class(Classes) {
		for b := a; b < Classes; b++ {
			if !sc.Scan() {
				return nil, fmt.Errorf("matrix: ends before %v against %v", a, b)
			}
			f := strings.Split(sc.Text(), ",")
			if len(f) != 2 {
				return nil, fmt.Errorf("matrix: line %q, want the wins and ties of %v against %v", quote(sc.Text()), a, b)
			}
			wins, err1 := strconv.ParseInt(f[0], 10, 64)
			ties, err2 := strconv.ParseInt(f[1], 10, 64)
			total := pairs[a][b] * boardsBetween
			if err1 != nil || err2 != nil || wins < 0 || ties < 0 || wins > total-ties {
				return nil, fmt.Errorf("matrix: %v against %v: counts %q, %q out of %d", a, b, quote(f[0]), quote(f[1]), total)
			}
			if a == b && 2*wins+ties != total {
				return nil, fmt.Errorf("matrix: %v against itself: %d wins and %d ties are not their own mirror (2 wins + ties = %d)", a, wins, ties, total)
			}
			m[a][b] = Tally{Wins: wins, Ties: ties, Total: total}
			m[b][a] = Tally{Wins: total - wins - ties, Ties: ties, Total: total}
		}
	}
	if sc.Scan() {
		return nil, fmt.Errorf("matrix: line %q after the last pair", quote(sc.Text()))
	}
	return m, nil
}

// Rows are the matrix's rows summed: each class's tally against a random
// hand, the same counts VsRandom computes (a test holds them equal), read
// from the shipped matrix at once instead of computed in seconds.
func (m *Matrix) Rows() [Classes]Tally {
	var out [Classes]Tally
	for a := range Classes {
		for b := range Classes {
			out[a].Add(m[a][b])
		}
	}
	return out
}
