package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bjchart/solve"
)

// JSONTable is the JSON form of a solved table. Its fields are documented
// in the help topic formats ('bjchart help formats') and are stable: new
// fields may be added, none is renamed.
type JSONTable struct {
	Rules        string        `json:"rules"`          // canonical rule string
	EV           float64       `json:"ev"`             // round EV playing the chart, fraction of the initial bet, unconditional
	EVCD         jsonEVCD      `json:"ev_cd"`          // round EV under composition-dependent play, by split strategy
	HouseEdgePct float64       `json:"house_edge_pct"` // -100 * ev
	Conditioning string        `json:"conditioning"`   // what cell EVs are conditioned on
	Shoe         string        `json:"shoe,omitempty"` // the remaining shoe (counts of A,2..9,T), when not full decks
	Split        string        `json:"split_strategy"` // how cell split EVs play split hands: "chart" (finite shoes, an infinite deck's chart with a Charlie or a bonus 21, an evaluated chart), "exact" (an infinite deck's best play)
	Dealer       jsonDealer    `json:"dealer"`         // the dealer's final hand by up card
	Insurance    jsonInsurance `json:"insurance"`      // insurance and even money against an ace up
	Cells        []JSONCell    `json:"cells"`
	// With DataOptions.CD (finite shoes): composition-dependent values.
	CDSplit      string            `json:"cd_split_strategy,omitempty"` // post-split strategy of the hands' split EVs: "CDZ-" or "CDP1"
	Hands        []handJSON        `json:"hands,omitempty"`
	Compositions []jsonComposition `json:"compositions,omitempty"`
}

// jsonInsurance is what insurance is worth (solve.Insurance): the chance
// of a ten in the hole with an ace up (the player's cards not counted;
// with a blackjack, its ace and ten out), insurance's EV per unit staked,
// and what insuring a blackjack (even money) changes its EV by, per unit
// of the bet.
type jsonInsurance struct {
	TenChance          float64 `json:"ten_chance"`
	EV                 float64 `json:"ev"`
	BlackjackTenChance float64 `json:"blackjack_ten_chance"`
	EvenMoney          float64 `json:"even_money"`
}

// handJSON is a two-card start against an up card with its
// composition-dependent EVs.
type handJSON struct {
	Cards string             `json:"cards"` // "6,T": low rank first, ace lowest
	Up    string             `json:"up"`
	Total int                `json:"total"`
	Soft  bool               `json:"soft"`
	Freq  float64            `json:"freq"`  // probability per round that a player decides on these cards
	EV    map[string]float64 `json:"ev"`    // legal actions only
	Best  string             `json:"best"`  // the CD best action
	Chart string             `json:"chart"` // the chart's action
}

// jsonComposition is an unsplit hand of three or more cards against an up
// card with its composition-dependent EVs.
type jsonComposition struct {
	Cards string             `json:"cards"` // "2,6,8": low rank first, ace lowest
	Up    string             `json:"up"`
	Total int                `json:"total"`
	Soft  bool               `json:"soft"`
	Freq  float64            `json:"freq"`  // probability per round that a player of the chart decides here
	EV    map[string]float64 `json:"ev"`    // stand, and hit (then the best play for the exact cards)
	Best  string             `json:"best"`  // the CD play
	Chart string             `json:"chart"` // the chart's play for hands of this total with three or more cards
}

// DataOptions configures JSON and CSV.
type DataOptions struct {
	// CD adds the composition-dependent values of every two-card start and
	// every hand of three or more cards (finite shoes). In CSV they replace
	// the cells: one line per hand.
	CD bool
}

// JSONCell is one (table, hand, up card) cell.
type JSONCell struct {
	Table  string             `json:"table"`           // hard, soft or pairs
	Hand   string             `json:"hand"`            // "16", "A7", "88", "TT", "AA"
	Up     string             `json:"up"`              // "2".."9", "T", "A"
	Action string             `json:"action"`          // chart code: H, S, Dh, Ds, P, Ph, Rh, ...
	EV     map[string]float64 `json:"ev"`              // legal actions only: stand, hit, double, split, surrender
	Margin *float64           `json:"margin"`          // EV per occurrence the best other action would cost; null where no hand decides
	Multi  string             `json:"multi,omitempty"` // hard/soft cells: H or S for hands of three or more cards
	// Cost is what the chart's choice was made on: for each other legal
	// action, the EV per decision it would give up if the chart played it
	// here, over every hand the cell decides (split hands' first
	// decisions included); absent where no hand decides.
	Cost map[string]float64 `json:"cost,omitempty"`
	// Impossible marks a cell the shoe cannot deal (a custom shoe short of
	// a rank); it has no EVs.
	Impossible bool `json:"impossible,omitempty"`
}

// jsonEVCD holds composition-dependent round EVs by post-split strategy.
type jsonEVCD struct {
	CDZMinus float64 `json:"CDZ-"`
	CDP1     float64 `json:"CDP1"`
}

// newJSONTable converts a table to its JSON form; without cells, its
// Cells empty and nothing after them (appendCellsJSON writes them).
func newJSONTable(t *solve.Table, opt DataOptions, cells bool) JSONTable {
	out := JSONTable{
		Rules:        rulesWithShoe(t.Rules.String(), customShoe(t)),
		EV:           t.EV,
		EVCD:         jsonEVCD{t.CDEV[solve.CDZMinus], t.CDEV[solve.CDP1]},
		HouseEdgePct: -100 * t.EV,
		Conditioning: t.Conditioning.String(),
		Shoe:         customShoe(t),
		Split:        splitName(t),
		Dealer:       dealerOf(t).JSON(),
		Insurance:    jsonInsurance(t.Insurance()),
		Cells:        make([]JSONCell, 0, len(t.Cells)),
	}
	if !cells {
		return out
	}
	for i := range t.Cells {
		out.Cells = append(out.Cells, jsonCell(&t.Cells[i]))
	}
	if opt.CD && !t.Rules.Infinite() {
		out.CDSplit = t.Split.String()
		for _, h := range t.Hands {
			out.Hands = append(out.Hands, jsonHand(h))
		}
		for _, c := range t.Compositions {
			jc := jsonComposition{
				Cards: cardList(c.Cards()), Up: c.Up.String(), Total: c.Total, Soft: c.Soft, Freq: c.Freq,
				EV:   map[string]float64{solve.Stand.String(): c.EV[solve.Stand], solve.Hit.String(): c.EV[solve.Hit]},
				Best: c.Best.String(), Chart: c.Chart.String(),
			}
			if c.CanDouble {
				jc.EV[solve.Double.String()] = c.EV[solve.Double]
			}
			out.Compositions = append(out.Compositions, jc)
		}
	}
	return out
}

// evMap returns the legal actions' EVs by name.
func evMap(ev []float64, legal []bool) map[string]float64 {
	m := map[string]float64{}
	for _, a := range solve.Actions {
		if legal[a] {
			m[a.String()] = ev[a]
		}
	}
	return m
}

// cardList names cards as "2,6,8".
func cardList(cards []solve.Rank) string {
	names := make([]string, len(cards))
	for i, r := range cards {
		names[i] = r.String()
	}
	return strings.Join(names, ",")
}

// JSON writes the table as indented JSON.
//
// Without opt.CD its cells, nearly all of it, are written indented by
// appendCellsJSON in one pass, not by encoding/json's reflection and
// sorted maps and then indented: byte for byte what WriteJSON writes of
// newJSONTable.
func JSON(w io.Writer, t *solve.Table, opt DataOptions) error {
	if opt.CD {
		return WriteJSON(w, newJSONTable(t, opt, true))
	}
	head, err := json.Marshal(newJSONTable(t, opt, false))
	if err != nil {
		return err
	}
	const empty = `"cells":[]}`
	ok := bytes.HasSuffix(head, []byte(empty)) && len(t.Cells) > 0
	var out []byte
	if ok {
		out = make([]byte, 0, 4096+700*len(t.Cells))
		out = appendIndented(out, head[:len(head)-len(empty)], "  ") // to the last field's comma and the line after it
		out = append(out, `"cells": [`...)
		out, ok = appendCellsJSON(out, t.Cells)
	}
	if !ok { // a string or a number appendCellsJSON leaves to encoding/json
		return WriteJSON(w, newJSONTable(t, opt, true))
	}
	_, err = w.Write(append(out, "\n  ]\n}\n"...))
	return err
}

// appendCellsJSON appends the cells as WriteJSON writes their JSONCell
// forms (jsonCell) in a JSON table's cells array, indented, each after a
// comma but the first; or reports false where it would not write the
// same: a string to escape, or an EV that is not finite.
func appendCellsJSON(b []byte, cells []solve.Cell) ([]byte, bool) {
	ok := true
	field := func(name string) { b = append(b, ",\n      \""+name+"\": "...) }
	str := func(s string) {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				ok = false
			}
		}
		b = append(append(append(b, '"'), s...), '"')
	}
	for i := range cells {
		c := &cells[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    {\n      \"table\": "...)
		str(c.Table.String())
		field("hand")
		str(c.Hand)
		field("up")
		str(c.Up.String())
		field("action")
		str(c.Code.String())
		field("ev")
		legal := func(a solve.Action) bool { return c.Legal[a] }
		ok = ok && allFinite(c.EV[:], legal)
		b = appendActionsJSON(b, c.EV[:], legal, false, "\n      ")
		field("margin")
		if m := CellMargin(c); m != nil {
			ok = ok && !math.IsNaN(*m) && !math.IsInf(*m, 0)
			b = AppendJSONFloat(b, *m)
		} else {
			b = append(b, "null"...)
		}
		if c.MultiCard != solve.NoAction {
			field("multi")
			str(c.MultiCard.Letter())
		}
		costed := func(a solve.Action) bool { return c.Legal[a] && a != c.Code.Best }
		if c.Freq > 0 && slices.ContainsFunc(solve.Actions[:], costed) {
			ok = ok && allFinite(c.Cost[:], costed)
			field("cost")
			b = appendActionsJSON(b, c.Cost[:], costed, true, "\n      ")
		}
		if c.Impossible {
			field("impossible")
			b = append(b, "true"...)
		}
		b = append(b, "\n    }"...)
	}
	return b, ok
}

// AppendEVJSON appends the cell's legal actions' EVs as json.Marshal
// writes them by name ({"hit":-0.1,"stand":-0.2}), or reports false if
// one is not finite (which JSON cannot hold).
func AppendEVJSON(b []byte, c *solve.Cell) ([]byte, bool) {
	legal := func(a solve.Action) bool { return c.Legal[a] }
	if !allFinite(c.EV[:], legal) {
		return b, false
	}
	return appendActionsJSON(b, c.EV[:], legal, false, ""), true
}

// allFinite reports whether v holds a finite value for every action keep
// takes (JSON cannot hold the others).
func allFinite(v []float64, keep func(solve.Action) bool) bool {
	for _, a := range solve.Actions {
		if keep(a) && (math.IsNaN(v[a]) || math.IsInf(v[a], 0)) {
			return false
		}
	}
	return true
}

// appendActionsJSON appends the object of the values v holds by action
// for the actions keep says are in it, keyed by name in the order
// encoding/json sorts a map's keys; with plusZero a -0 is written 0. With
// an indent (a line break and the spaces of the object's own line) each
// value is on a line of its own, as WriteJSON indents, else compact. The
// values must be finite.
func appendActionsJSON(b []byte, v []float64, keep func(solve.Action) bool, plusZero bool, indent string) []byte {
	b = append(b, '{')
	sep, colon := "", ":"
	if indent != "" {
		colon = ": "
	}
	for _, a := range actionsByName() {
		if !keep(a) {
			continue
		}
		b = append(b, sep...)
		sep = ","
		if indent != "" {
			b = append(append(b, indent...), "  "...)
		}
		f := v[a]
		if plusZero {
			f += 0 // -0 + 0 is +0
		}
		b = append(append(append(append(b, '"'), a.String()...), '"'), colon...)
		b = AppendJSONFloat(b, f)
	}
	if sep != "" {
		b = append(b, indent...)
	}
	return append(b, '}')
}

// actionsByName are the actions in the order encoding/json writes a
// map's keys: by name.
var actionsByName = sync.OnceValue(func() []solve.Action {
	a := slices.Clone(solve.Actions[:])
	slices.SortFunc(a, func(x, y solve.Action) int { return strings.Compare(x.String(), y.String()) })
	return a
})

// csvHeader is the first line of the CSV form.
var csvHeader = []string{"rules", "shoe", "conditioning", "table", "hand", "up", "action", "stand", "hit", "double", "split", "surrender", "margin", "multi"}

// CSVHandsHeader is the first line of the CSV form with DataOptions.CD.
var CSVHandsHeader = []string{"rules", "shoe", "conditioning", "split_strategy", "cards", "up", "total", "soft", "freq", "stand", "hit", "double", "split", "surrender", "best", "chart"}

// CSV writes one line per cell, or with opt.CD one line per hand; EVs of
// illegal actions are empty.
func CSV(w io.Writer, t *solve.Table, opt DataOptions) error {
	cw := csv.NewWriter(w)
	var err error
	if opt.CD {
		err = csvHands(cw, t)
	} else {
		err = csvCells(cw, t)
	}
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

func csvNum(f float64) string { return strconv.FormatFloat(f, 'f', 9, 64) }

// csvEVs returns the EV columns, empty where an action is not legal.
func csvEVs(ev []float64, legal []bool) []string {
	var out []string
	for _, a := range solve.Actions {
		v := ""
		if int(a) < len(legal) && legal[a] {
			v = csvNum(ev[a])
		}
		out = append(out, v)
	}
	return out
}

func csvCells(cw *csv.Writer, t *solve.Table) error {
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		rec := []string{rulesWithShoe(t.Rules.String(), customShoe(t)), customShoe(t), t.Conditioning.String(), c.Table.String(), c.Hand, c.Up.String(), c.Code.String()}
		rec = append(rec, csvEVs(c.EV[:], c.Legal[:])...)
		multi := ""
		if c.MultiCard != solve.NoAction {
			multi = c.MultiCard.Letter()
		}
		margin := ""
		if m := CellMargin(c); m != nil {
			margin = csvNum(*m)
		}
		rec = append(rec, margin, multi)
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	return nil
}

func csvHands(cw *csv.Writer, t *solve.Table) error {
	if t.Rules.Infinite() {
		return fmt.Errorf("composition-dependent values need a finite shoe; %q deals from an infinite deck", t.Rules)
	}
	if err := cw.Write(CSVHandsHeader); err != nil {
		return err
	}
	head := []string{rulesWithShoe(t.Rules.String(), customShoe(t)), customShoe(t), t.Conditioning.String(), t.Split.String()}
	for _, h := range t.Hands {
		total, soft := h.Total()
		rec := append(slices.Clone(head), cardList(h.Cards[:]), h.Up.String(), strconv.Itoa(total), strconv.FormatBool(soft), csvNum(h.Freq))
		rec = append(rec, csvEVs(h.EV[:], h.Legal[:])...)
		if err := cw.Write(append(rec, h.Best.String(), h.Chart.String())); err != nil {
			return err
		}
	}
	for _, c := range t.Compositions {
		rec := append(slices.Clone(head), cardList(c.Cards()), c.Up.String(), strconv.Itoa(c.Total), strconv.FormatBool(c.Soft), csvNum(c.Freq))
		rec = append(rec, csvEVs(c.EV[:], []bool{false, true, true, c.CanDouble})...)
		if err := cw.Write(append(rec, c.Best.String(), c.Chart.String())); err != nil {
			return err
		}
	}
	return nil
}

// splitName says how the cells' split EVs play the split hands: by the
// chart, or (an infinite deck whose chart is its best play) exactly.
func splitName(t *solve.Table) string {
	if t.Rules.Infinite() && t.CDEV[solve.CDZMinus] == t.EV {
		return "exact"
	}
	return "chart"
}

// customShoe returns the shoe when it is not the rules' full shoe.
func customShoe(t *solve.Table) string { return shoeIfCustom(t.Rules, t.Shoe) }

// shoeIfCustom returns sh as ParseShoe reads it, or "" for the rules' full
// decks (or an infinite deck): what outputs show as the shoe dealt from.
func shoeIfCustom(r solve.Rules, sh solve.Shoe) string {
	if r.Infinite() || sh == r.FullShoe() {
		return ""
	}
	return sh.String()
}

// CellMargin returns a cell's margin, or nil where no hand decides at the
// cell (no two-card hand and no split hand's first decision: hard 4 where
// 2-2 is not split, hard 20 and 21, soft 21), so that no margin reads as a
// coin flip. A margin of -0 is written as 0.
func CellMargin(c *solve.Cell) *float64 {
	if c.Freq == 0 {
		return nil
	}
	m := c.Margin + 0 // -0 + 0 is +0
	return &m
}

// WriteJSON writes v as indented JSON, as every JSON report is written:
// byte for byte what a json.Encoder with SetIndent("", "  ") writes.
//
// That encoder marshals, then indents in a second pass that runs the
// JSON scanner over every byte (half its time on a chart); v is marshalled
// here the same way, compact, and indented by appendIndented, which needs
// no scanner: json.Marshal's output has no space outside its strings.
func WriteJSON(w io.Writer, v any) error {
	compact, err := json.Marshal(v)
	if err != nil {
		return err
	}
	out := appendIndented(make([]byte, 0, len(compact)+len(compact)/2), compact, "  ")
	_, err = w.Write(append(out, '\n'))
	return err
}

// appendIndented appends src, compact JSON (none of its space outside its
// strings), to dst with each element of an object or array on a line of its
// own, indented by indent once per level, as json.Indent does with no
// prefix: an empty object or array stays {} or [], and a colon is
// followed by a space.
func appendIndented(dst, src []byte, indent string) []byte {
	depth := 0
	open := false // after { or [: the line break waits for an element
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if open && c != '}' && c != ']' {
			open = false
			depth++
			newline()
		}
		switch c {
		case '"': // the string to its closing quote, as it is
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++ // the escaped byte: \" does not close the string
				}
			}
			j = min(j, len(src)-1)
			dst = append(dst, src[i:j+1]...)
			i = j
		case '{', '[':
			open = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if open {
				open = false
			} else {
				depth--
				newline()
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// Thousands prints n with its thousands grouped by commas: 20,000,000.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
