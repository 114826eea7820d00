package render

import (
	"fmt"
	"io"
	"strings"

	"bjchart/solve/house"
)

// A HouseReport is a solved house game; its methods write it as text and
// JSON and lay it out as the text, the page, the card and the heatmap
// show it.
type HouseReport struct{ Solution *house.Solution }

// Headline is what a solved house game is worth, in sentences: the game,
// how it is solved, the value at a flat bet and with the bet by the first
// card.
func (h HouseReport) Headline() []string {
	s := h.Solution
	r := &s.Rules
	dealer := fmt.Sprintf("the built dealer (hits 16 with probability %g, 17 with %g)", r.Hit16, r.Hit17)
	if r.Dealer == house.Designed {
		dealer = "the designed dealer (reads the player's visible cards)"
	}
	play := "composition-dependent play (the player's cards and the up card)"
	if r.Decks == 0 {
		play = "infinite deck; play by the player's cards and the up card"
	}
	lines := []string{fmt.Sprintf("House game: %s", r), fmt.Sprintf("Exact: %s; %s.", play, dealer),
		fmt.Sprintf("At a flat 1-point bet: %+.4f%% per point (wins %.4f%%, pushes %.4f%%, losses %.4f%%).",
			100*s.Flat.EV, 100*s.Flat.Win, 100*s.Flat.Push, 100*(1-s.Flat.Win-s.Flat.Push))}
	if r.BetMin != r.BetMax {
		lines = append(lines, fmt.Sprintf("Betting %d-%d points by the first card: %+.4f points a round, mean bet %.4f, %+.4f%% per point bet.",
			r.BetMin, r.BetMax, s.Points, s.AvgBet, 100*s.PerPoint))
	}
	return lines
}

// PlayNote explains the house game's charts.
func (HouseReport) PlayNote() string { return housePlayNote }

// housePlayNote explains the house game's charts.
const housePlayNote = "Best play: S stand, H hit; s or h where the best play of such hands varies " +
	"(with the cards' composition, a joker, or what the dealer sees) and most of them, " +
	"by how often they arise, take that play. * is a joker."

// Tables are a solved house game's tables: the bet by the player's first
// card, then the best play for hands of 2, 3, 4, 5 and 6 or more cards
// (rows with a play only).
func (h HouseReport) Tables() (first ReportTable, charts []ReportTable) {
	s := h.Solution
	first = ReportTable{Caption: "By the player's first card (seen before the bet)", Header: []string{"first card", "chance %", "EV % per point", "win %", "bet"}}
	for x, f := range s.First {
		if f.P == 0 {
			continue
		}
		first.Rows = append(first.Rows, []string{house.RankName(x), fmt.Sprintf("%.4f", 100*f.P), fmt.Sprintf("%+.4f", 100*f.EV),
			fmt.Sprintf("%.4f", 100*f.Win), fmt.Sprint(f.Bet)})
	}
	ups := houseUps(s)
	for n := 2; n <= 6; n++ {
		title := fmt.Sprintf("%d cards", n)
		if n == 6 {
			title = "6 or more cards"
		}
		t := ReportTable{Caption: title, Header: []string{title}}
		for _, up := range ups {
			t.Header = append(t.Header, house.RankName(up))
		}
		for _, soft := range []bool{false, true} {
			for total := 2; total <= 21; total++ {
				row := []string{fmt.Sprintf("%s %d", map[bool]string{false: "hard", true: "soft"}[soft], total)}
				any := false
				for _, up := range ups {
					c := s.Chart.Play(n, soft, total, up)
					any = any || c != 0
					row = append(row, strings.TrimRight(string([]byte{c}), "\x00"))
				}
				if any {
					t.Rows = append(t.Rows, row)
				}
			}
		}
		if len(t.Rows) > 0 {
			charts = append(charts, t)
		}
	}
	return first, charts
}

// Text writes a solved house game: what it is worth, the bet for each
// first card, and the best play by card count.
func (h HouseReport) Text(w io.Writer) error {
	head := h.Headline()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n\n%s\n", head[0], head[1], strings.Join(head[2:], "\n"))
	first, charts := h.Tables()
	fmt.Fprintf(&b, "\n%s:\n", first.Caption)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if err := lightTable(w, first.Header, first.Rows); err != nil {
		return err
	}
	// One line: the output is wrapped to the terminal as a whole.
	if _, err := fmt.Fprint(w, "\n"+housePlayNote+"\n"); err != nil {
		return err
	}
	for _, t := range charts {
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		if err := lightTable(w, t.Header, t.Rows); err != nil {
			return err
		}
	}
	return nil
}

// houseUps lists the up cards the shoe holds.
func houseUps(s *house.Solution) []int {
	var ups []int
	for up, f := range s.First {
		if f.P > 0 {
			ups = append(ups, up)
		}
	}
	return ups
}

// houseJSON is HouseReport.JSON's document.
type houseJSON struct {
	Rules    string             `json:"rules"`
	Dealer   string             `json:"dealer"`
	Flat     houseResultJSON    `json:"flat_bet"`
	Points   float64            `json:"points_per_round"`
	AvgBet   float64            `json:"mean_bet"`
	PerPoint float64            `json:"ev_per_point_bet"`
	First    []houseFirstJSON   `json:"first_cards"`
	ByUp     []houseByUpJSON    `json:"by_up_card"`
	Chart    []houseChartCellJS `json:"chart"`
}

// houseByUpJSON is the round's value given the first card and the up card.
type houseByUpJSON struct {
	First string `json:"first_card"`
	Up    string `json:"up"`
	houseResultJSON
}

type houseResultJSON struct {
	EV   float64 `json:"ev"`
	Win  float64 `json:"win"`
	Push float64 `json:"push"`
	Lose float64 `json:"lose"`
}

type houseFirstJSON struct {
	Card string  `json:"card"`
	P    float64 `json:"p"`
	houseResultJSON
	Bet int `json:"bet"`
}

type houseChartCellJS struct {
	Cards int    `json:"cards"` // 6 stands for six or more
	Soft  bool   `json:"soft"`
	Total int    `json:"total"`
	Up    string `json:"up"`
	Play  string `json:"play"` // S, H, or s/h where the best play varies
}

// JSON writes a solved house game as JSON: EVs per point bet as
// fractions (not percentages), chances from 0 to 1.
func (h HouseReport) JSON(w io.Writer) error {
	s := h.Solution
	result := func(r house.Result) houseResultJSON {
		return houseResultJSON{r.EV, r.Win, r.Push, 1 - r.Win - r.Push}
	}
	doc := houseJSON{Rules: s.Rules.String(), Dealer: "built", Flat: result(s.Flat),
		Points: s.Points, AvgBet: s.AvgBet, PerPoint: s.PerPoint}
	if s.Rules.Dealer == house.Designed {
		doc.Dealer = "designed"
	}
	for x, f := range s.First {
		if f.P > 0 {
			doc.First = append(doc.First, houseFirstJSON{house.RankName(x), f.P, result(f.Result), f.Bet})
		}
	}
	ups := houseUps(s)
	for _, x := range ups {
		for _, up := range ups {
			doc.ByUp = append(doc.ByUp, houseByUpJSON{house.RankName(x), house.RankName(up), result(s.ByUp[x][up])})
		}
	}
	for n := 2; n <= 6; n++ {
		for _, soft := range []bool{false, true} {
			for total := 2; total <= 21; total++ {
				for _, up := range ups {
					if c := s.Chart.Play(n, soft, total, up); c != 0 {
						doc.Chart = append(doc.Chart, houseChartCellJS{n, soft, total, house.RankName(up), string(c)})
					}
				}
			}
		}
	}
	return WriteJSON(w, doc)
}
