package draw

import (
	"bjchart/render"
	"bjchart/solve/house"
	"bytes"
	"strings"
	"testing"
)

// TestHouseCardGolden compares the text of the house game's card (infinite deck,
// the built dealer) with its golden file, and checks the card is the same
// bytes twice.
func TestHouseCardGolden(t *testing.T) {
	r, err := house.ParseRules("HOUSE INF")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := house.Solve(r)
	if err != nil {
		t.Fatal(err)
	}
	pdf := func() []byte {
		var b bytes.Buffer
		if err := HouseCard(&b, sol, render.CardOptions{Size: "letter", Version: "test"}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a := pdf()
	if !bytes.Equal(a, pdf()) {
		t.Error("the same card twice gives different bytes")
	}
	if !goldenText(t, "house-card-seed002-inf.txt", strings.Join(pdfText(t, a), "\n--- page ---\n")) {
		return
	}
	if err := HouseCard(&bytes.Buffer{}, sol, render.CardOptions{Size: "wallet"}); err == nil {
		t.Error("HouseCard accepted size wallet")
	}
}
